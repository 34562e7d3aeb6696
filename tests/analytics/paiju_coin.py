"""A tiny game kind for the analytics tests: proves a new kind joins the tables unchanged.

Seat 0 calls heads or tails and a coin is flipped: the caller wins alone, or the field
(every other seat) wins together. Same created-event fields and outcome shape as every
paiju game. (A module of its own, so its event topics resolve in any process.)
"""

from __future__ import annotations

import random
from typing import Any

from eventsourcing.domain import event

from domain.game import Game, Viewer, pick, seat_outcome
from domain.spec import GameSpec


class CoinGame(Game):
    kind = "coin"
    min_players = 2
    max_players = 4

    @classmethod
    def new(cls, players: list[str], options: dict[str, Any] | None = None, *,
            agents: list[str] | None = None, rng: random.Random | None = None) -> CoinGame:
        return cls(players=list(players), options=dict(options or {}),
                   agents=list(agents or ["human"] * len(players)))

    @event("Started")
    def __init__(self, players: list[str], options: dict[str, Any], agents: list[str]) -> None:
        self.players = players
        self.options = options
        self.agents = agents
        self.outcome = None
        self.face: str | None = None

    def to_act(self) -> list[int]:
        return [] if self.outcome is not None else [0]

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        return [{"type": "call", "side": s} for s in ("heads", "tails")] if seat == 0 else []

    def _act(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        face = pick(rng).choice(["heads", "tails"])
        self._flipped(face=face)
        n = len(self.players)
        caller_wins = face == action.get("side")
        winners = [0] if caller_wins else list(range(1, n))
        roles = ["caller"] + ["field"] * (n - 1)
        seats = seat_outcome(self.players, winners, roles)
        # the optional facts any kind may record, for the analytics to pick up unchanged:
        # positions (the caller acts first), generals (two, or one), a kingdom, a death
        for row in seats:
            row["position"] = row["seat"]
        seats[0] |= {"generals": ["heads-a", "heads-b"], "kingdom": "wei"}
        seats[1]["general"] = "field-a"
        seats[1 if caller_wins else 0]["death"] = 1
        self._game_ended(outcome={
            "winners": winners, "side": "caller" if caller_wins else "field",
            "reason": face, "rounds": 1, "seats": seats,
        })

    @event("Flipped")
    def _flipped(self, face: str) -> None:
        self.face = face

    def view(self, viewer: Viewer = "spectator") -> dict[str, Any]:
        return {**self.base_view(viewer), "face": self.face}


def always_heads(game: CoinGame, seat: int, rng: random.Random) -> dict[str, Any]:
    return {"type": "call", "side": "heads"}


SPEC = GameSpec(kind="coin", title="Coin call (a test game)", game=CoinGame, seats=(2, 4),
                default_seats=2)  # no policies: its agents are labels only
