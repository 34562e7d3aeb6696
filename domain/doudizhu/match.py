"""A Dou Dizhu match: one table of three players over several hands, with running totals."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from domain.doudizhu.hand import Hand
from domain.game import Chained, IllegalAction, InvalidSetup, pick


class HandStillLive(IllegalAction):
    code = "hand_still_live"


class Match(Chained):
    """The first bidder is random (recorded) for hand 1, then moves one seat each hand."""

    kind = "doudizhu-match"
    game_kind = "doudizhu"  # the kind of game a match is a series of

    @classmethod
    def new(cls, players: list[str], *, rng: random.Random | None = None) -> Match:
        if len(players) != 3:
            raise InvalidSetup(f"a Dou Dizhu match seats exactly 3 players, not {len(players)}")
        return cls._create(cls.MatchCreated, players=list(players),
                           first_bidder=pick(rng).randrange(3))

    if TYPE_CHECKING:  # set by MatchCreated; not class annotations (the library reads those)
        players: list[str]
        first_bidder: int
        hands: list[dict[str, Any]]  # hand_id, number, first_bidder, scores (None: live)

    @property
    def live_hand(self) -> str | None:
        return next((h["hand_id"] for h in self.hands if h["scores"] is None), None)

    @property
    def totals(self) -> list[float]:
        totals: list[float] = [0, 0, 0]
        for h in self.hands:
            for i, s in enumerate(h["scores"] or [0, 0, 0]):
                totals[i] += s
        return totals

    def next_first_bidder(self) -> int:
        return (self.first_bidder + len(self.hands)) % 3

    def start_hand(self, hand_id: str) -> None:
        if self.live_hand is not None:
            raise HandStillLive(f"hand {self.live_hand} of this match is still being played")
        self.trigger_event(self.HandStarted, hand_id=hand_id, number=len(self.hands) + 1,
                           first_bidder=self.next_first_bidder())

    def next_game(self, *, agents: list[str] | None = None,
                  rng: random.Random | None = None) -> Hand:
        """Deal the match's next hand and record that it started."""
        hand = Hand.new(self.players, agents=agents, rng=rng, match_id=str(self.id),
                        number=len(self.hands) + 1, first_bidder=self.next_first_bidder())
        self.start_hand(str(hand.id))
        return hand

    def record_game(self, hand: Hand) -> None:
        """Take a finished hand's scores into the running totals."""
        assert hand.settlement is not None, "only a finished hand is recorded"
        self.record(str(hand.id), hand.settlement["scores"])

    def record(self, hand_id: str, scores: list[float]) -> None:
        if self.live_hand != hand_id:
            raise IllegalAction(f"hand {hand_id} is not this match's live hand")
        self.trigger_event(self.HandScored, hand_id=hand_id, scores=list(scores))

    # --- events (state changes only; they run again on replay) ----------------
    class MatchCreated(Chained.Created):
        players: list[str]
        first_bidder: int

        def apply(self, match: Match) -> None:
            match.players = self.players
            match.first_bidder = self.first_bidder
            match.hands = []

    class HandStarted(Chained.Event):
        hand_id: str
        number: int
        first_bidder: int

        def apply(self, match: Match) -> None:
            match.hands.append({"hand_id": self.hand_id, "number": self.number,
                                "first_bidder": self.first_bidder, "scores": None})

    class HandScored(Chained.Event):
        hand_id: str
        scores: list[float]

        def apply(self, match: Match) -> None:
            for h in match.hands:
                if h["hand_id"] == self.hand_id:
                    h["scores"] = self.scores

    def view(self) -> dict[str, Any]:
        running: list[float] = [0, 0, 0]
        rows = []
        for h in self.hands:
            if h["scores"] is not None:
                running = [a + b for a, b in zip(running, h["scores"], strict=True)]
            rows.append({**h, "totals": list(running)})
        return {
            "id": str(self.id),
            "kind": self.kind,
            "version": self.version,
            "players": list(self.players),
            "hands": rows,
            "totals": self.totals,
            "live_hand": self.live_hand,
            "next_first_bidder": self.next_first_bidder(),
        }
