"""A fifth game in one module, to prove the game contract: "higher card".

Each seat is dealt one hidden card from a shuffled deck of ``deck_size`` numbered cards.
In seat order, each seat keeps its card or swaps it for the next card of the deck (once).
Then the cards are shown: the highest card wins (every seat holding it). Everything
paiju does with a game (simulate, the API, replay, audit, projection, win rates) works
for it through its ``SPEC``; registering it is one line: ``registry.register(SPEC)``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from domain.audit import Fact, Recount
from domain.game import Game, MalformedAction, Viewer, pick, seat_outcome
from domain.narration import EventView, Narrator, seat_name
from domain.spec import Column, GameSpec, Option, ReadModel, Row, Table


class HighCard(Game):
    kind = "highcard"

    @classmethod
    def new(cls, players: list[str], options: dict[str, Any], *,
            agents: list[str], rng: random.Random | None = None) -> HighCard:
        game = cls(players=players, options=options, agents=agents)
        deck = list(range(1, options.get("deck_size", 20) + 1))
        pick(rng).shuffle(deck)
        game.trigger_event(cls.Dealt, deck=deck)
        return game

    class Started(Game.Created):
        players: list[str]
        options: dict[str, Any]
        agents: list[str]

    def __init__(self, players: list[str], options: dict[str, Any],
                 agents: list[str]) -> None:  # the created event's state
        self.players, self.options, self.agents = players, options, agents
        self.outcome = None
        self.cards: list[int] = []
        self.deck: list[int] = []
        self.turn = 0
        self.swapped: list[bool] = [False] * len(players)

    class Dealt(Game.SecretEvent):
        deck: list[int]

        def apply(self, game: HighCard) -> None:
            n = len(game.players)
            game.cards, game.deck = self.deck[:n], self.deck[n:]

    class Kept(Game.Event):
        seat: int

        def apply(self, game: HighCard) -> None:
            game.turn += 1

    class Swapped(Game.SecretEvent):
        seat: int
        card: int

        def apply(self, game: HighCard) -> None:
            game.deck.remove(self.card)
            game.cards[self.seat] = self.card
            game.swapped[self.seat] = True
            game.turn += 1

    def to_act(self) -> list[int]:
        return [] if self.outcome is not None or self.turn >= len(self.players) \
            else [self.turn]

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        return [{"type": "keep"}, {"type": "swap"}] if seat in self.to_act() else []

    def _act(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        if action["type"] == "keep":
            self.trigger_event(self.Kept, seat=seat)
        elif action["type"] == "swap":
            self.trigger_event(self.Swapped, seat=seat, card=self.deck[0])
        else:
            raise MalformedAction('keep or swap: {"type": "keep"}')
        if self.turn == len(self.players):
            top = max(self.cards)
            winners = [s for s, c in enumerate(self.cards) if c == top]
            roles = ["opener"] + ["follower"] * (len(self.players) - 1)
            self._game_ended({"winners": winners, "side": "high card", "reason": str(top),
                              "seats": seat_outcome(self.players, winners, roles)})

    def view(self, viewer: Viewer = "spectator") -> dict[str, Any]:
        everything = self.sees_all(viewer)
        return {**self.base_view(viewer), "swapped": list(self.swapped), "cards": [
            c if everything or viewer == s else None for s, c in enumerate(self.cards)]}

    def redact(self, name: str, data: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        if name == "Dealt":
            n = len(self.players)
            mine = data["deck"][viewer] if isinstance(viewer, int) and viewer < n else None
            return {"your_card": mine}
        if name == "Swapped" and viewer != data["seat"]:
            return {"seat": data["seat"]}
        return data


# --- what the rest of paiju needs: policies, referee, words, rows, tally ----------------
def random_policy(game: HighCard, seat: int, rng: random.Random) -> dict[str, Any]:
    return rng.choice(game.legal_actions(seat))


def cautious(game: HighCard, seat: int, rng: random.Random) -> dict[str, Any]:
    """Swaps a card in the lower half of the deck (it sees only its own card)."""
    mine = game.view(seat)["cards"][seat]
    return {"type": "swap" if mine <= game.options["deck_size"] // 2 else "keep"}


def referee(facts: Sequence[Fact]) -> Recount:
    """The rules again, from the raw facts: each seat decides once, in seat order; a swap
    takes the next card of the deck; the highest card wins."""
    r = Recount()
    players = facts[0].data["players"]
    cards: list[int] = []
    deck: list[int] = []
    turn = 0
    for f in facts:
        if f.type == "Dealt":
            cards, deck = f.data["deck"][:len(players)], f.data["deck"][len(players):]
        elif f.type in ("Kept", "Swapped"):
            if f.data["seat"] != turn:
                r.violation(f.version, "turn-order",
                            f"seat {f.data['seat']} decided but it was seat {turn}'s turn")
            if f.type == "Swapped":
                r.check(f"seat {f.data['seat']} swapped for", deck[0] if deck else None,
                        f.data["card"], f.version)
                cards[f.data["seat"]] = deck.pop(0) if deck else f.data["card"]
            turn += 1
        elif f.type == "GameEnded":
            top = max(cards)
            r.check("winners", [s for s, c in enumerate(cards) if c == top],
                    f.data["outcome"]["winners"], f.version)
    return r


class HighCardNarrator(Narrator):
    def line(self, e: EventView, c: dict[str, Any]) -> str | None:
        d, who = e["data"], seat_name(c["players"], e["data"].get("seat"))
        if e["type"] == "Dealt":
            return "One card each" + (f" (yours: {d['your_card']})" if d.get("your_card")
                                      else "")
        if e["type"] == "Kept":
            return f"{who} keeps"
        if e["type"] == "Swapped":
            return f"{who} swaps" + (f" and draws {d['card']}" if "card" in d else "")
        if e["type"] == "GameEnded":
            return f"Highest card {d['outcome']['reason']}: seats {d['outcome']['winners']}"
        return None


ROUNDS = Table("highcard_games", (Column("game_id", "text"), Column("swaps", "int")))


def _swaps(game: HighCard) -> Mapping[str, float]:
    return {"swaps/game": sum(game.swapped)}


SPEC = GameSpec(
    kind="highcard",
    title="Higher card (a toy game)",
    game=HighCard,
    seats=(2, 4),
    default_seats=2,
    policies={"random": random_policy, "cautious": cautious},
    options=(Option("deck_size", int, 20, "cards in the deck, numbered from 1",
                    minimum=5, maximum=52),),
    referee=referee,
    narrator=HighCardNarrator(),
    tally=_swaps,
    read_model=ReadModel(tables=(ROUNDS,), rows={
        "GameEnded": lambda e: [Row(ROUNDS.name, str(e.originator_id),
                                    {"swaps": None})],
        "Swapped": lambda e: [Row(ROUNDS.name, str(e.originator_id),
                                  {"swaps": e.originator_version})],
    }),
)
