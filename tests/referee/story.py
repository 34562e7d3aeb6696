"""Hand-made facts of Dou Dizhu hands: the 'given events' a referee reads.

A Story writes the facts a hand would record (as the store keeps them: type and data),
without the engine, so a test can write illegal histories as easily as legal ones.
"""

from __future__ import annotations

from typing import Any

from domain.audit import Fact
from domain.referee.doudizhu import referee
from domain.referee.doudizhu_patterns import pattern_of

CARDS = [r + s for r in "3456789TJQKA2" for s in "SHCD"] + ["BJ", "RJ"]
PLAYERS = ["ann", "bob", "cat"]


def deck_for(hands: list[str], kitty: str) -> list[str]:
    """A 54-card deck dealing these rank strings to seats 0, 1, 2 and the kitty."""
    left = list(CARDS)

    def take(ranks: str) -> list[str]:
        out = []
        for rank in ranks:
            card = next(c for c in left if c[0] == rank)
            left.remove(card)
            out.append(card)
        return out

    parts = [take(h) for h in hands] + [take(kitty)]
    assert [len(p) for p in parts] == [17, 17, 17, 3] and not left
    return [card for part in parts for card in part]


class Story:
    """One hand's facts, written step by step."""

    def __init__(self, hands: list[str], kitty: str, first_bidder: int = 0,
                 *, match_id: str | None = None, number: int = 1) -> None:
        self.facts: list[Fact] = []
        self.held: list[list[str]] = []
        self.kitty: list[str] = []
        self.add("Started", players=list(PLAYERS), options={}, agents=["human"] * 3,
                 match_id=match_id, number=number)
        self.deal(deck_for(hands, kitty), first_bidder)

    def add(self, type_: str, **data: Any) -> int:
        version = len(self.facts) + 1
        self.facts.append(Fact(version, type_, data))
        return version

    def deal(self, deck: list[str], first_bidder: int) -> int:
        self.held = [deck[i * 17:(i + 1) * 17] for i in range(3)]
        self.kitty = deck[51:]
        return self.add("Dealt", deck=list(deck), first_bidder=first_bidder)

    def bid(self, seat: int, value: int) -> int:
        if value:
            return self.add("BidPlaced", seat=seat, bid=value)
        return self.add("BidDeclined", seat=seat)

    def landlord(self, seat: int, base: int, kitty: list[str] | None = None) -> int:
        self.held[seat] = self.held[seat] + self.kitty
        return self.add("LandlordChosen", seat=seat, base=base,
                        kitty=list(self.kitty if kitty is None else kitty))

    def play(self, seat: int, ranks: str, **recorded: Any) -> int:
        """Seat plays these ranks from its hand (lowest suits first)."""
        cards = []
        for rank in ranks:
            card = next(c for c in self.held[seat] if c[0] == rank and c not in cards)
            cards.append(card)
        return self.play_cards(seat, cards, ranks=ranks, **recorded)

    def play_cards(self, seat: int, cards: list[str], *, ranks: str | None = None,
                   pattern: str | None = None) -> int:
        """The record of a play, with its ranks and pattern as the engine would name them
        unless a test gives its own."""
        ranks = ranks if ranks is not None else "".join(c[0] for c in cards)
        found = pattern_of(ranks)
        self.held[seat] = [c for c in self.held[seat] if c not in cards]
        return self.add("CardsPlayed", seat=seat, cards=list(cards), ranks=ranks,
                        pattern=pattern or (found.name if found else "none"))

    def passes(self, *seats: int) -> int:
        v = 0
        for seat in seats:
            v = self.add("Passed", seat=seat)
        return v

    def escape(self, seat: int) -> int:
        return self.add("Escaped", seat=seat)

    def end(self, *, base: int, landlord: int | None, multiplier: int,
            scores: list[float], winners: list[int], side: str,
            bombs: list[dict[str, Any]] | None = None,
            rockets: list[dict[str, Any]] | None = None, spring: bool = False,
            anti_spring: bool = False, escape: int | None = None,
            positions: list[int] | None = None) -> None:
        """The recorded settlement and end, every figure written out by the test
        (``positions``: each seat's, counted from the first bidder; None: a record from
        before positions were written)."""
        self.add("ScoreSettled", settlement={
            "base": base, "landlord": landlord, "bombs": bombs or [],
            "rockets": rockets or [], "spring": spring, "anti_spring": anti_spring,
            "multiplier": multiplier, "escape": escape,
            "landlord_won": None if escape is not None else winners == [landlord],
            "scores": scores})
        roles = ["undecided" if landlord is None else
                 "landlord" if s == landlord else "peasant" for s in range(3)]
        self.add("GameEnded", outcome={
            "winners": winners, "side": side,
            "reason": "escape" if escape is not None else "emptied",
            "seats": [{"seat": s, "player": PLAYERS[s], "role": roles[s],
                       "won": s in winners, "score": scores[s],
                       **({"position": positions[s]} if positions else {})}
                      for s in range(3)]})

    def judged(self) -> Any:
        return referee(self.facts)


def rules(recount: Any) -> list[str]:
    return [v.rule for v in recount.violations]


def texts(recount: Any) -> list[str]:
    return [v.text() for v in recount.violations]
