"""What one seat knows at its turn: its own hand and the public record, nothing else.

A bot decides from this and never from the aggregate, so it cannot peek at another
seat's hidden cards: ``seat_view`` is the one place that reads the game, and it reads
only the seat's own hand, the bids, the plays and passes, and how many cards each seat
holds (a count every player sees).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from domain.doudizhu.cards import RANKS
from domain.doudizhu.hand import Hand

#: how many cards of each rank the deck holds
FULL = [4] * 13 + [1, 1]


@dataclass(frozen=True)
class SeatView:
    """One seat's knowledge of a Dou Dizhu hand, in the terms bots reason with."""

    seat: int
    phase: str  # "bidding" or "playing"
    hand: str  # the seat's own cards, a sorted rank string
    landlord: int | None
    cards_left: tuple[int, int, int]  # per seat, public
    bids: tuple[tuple[int, int], ...]  # (seat, bid) in order, 0 = declined
    last: tuple[int, str] | None  # (seat, ranks) of the play to beat; None: we lead
    unseen: tuple[int, ...]  # per rank: cards neither ours nor played (kitty included
    #                          until it is shown)
    played: tuple[tuple[int, str], ...]  # every play and pass so far ("" = pass)

    @property
    def is_landlord(self) -> bool:
        return self.landlord == self.seat

    @property
    def partner(self) -> int | None:
        """The other peasant, for a peasant; None for the landlord."""
        if self.landlord is None or self.is_landlord:
            return None
        return 3 - self.seat - self.landlord

    @cached_property
    def opponents(self) -> tuple[int, ...]:
        """The landlord, for a peasant; both others for the landlord (or while bidding)."""
        if self.landlord is None or self.is_landlord:
            return tuple(s for s in range(3) if s != self.seat)
        return (self.landlord,)

    @property
    def next_seat(self) -> int:
        return (self.seat + 1) % 3

    def fewest_opponent_cards(self) -> int:
        return min(self.cards_left[s] for s in self.opponents)

    @cached_property
    def opponent_room(self) -> int:
        """The most cards any one opponent holds: no play of theirs is longer."""
        return max(self.cards_left[s] for s in self.opponents)


def seat_view(game: Hand, seat: int) -> SeatView:
    """The seat's view of the game: its hand, and the public record."""
    hand = game.ranks[seat]
    played = tuple((who, ranks) for who, ranks, _ in game.plays)
    seen = hand + "".join([ranks for _, ranks in played])
    unseen = tuple(n - seen.count(r) for r, n in zip(RANKS, FULL, strict=True))
    last = None if game.last_play is None else (game.last_play[0], game.last_play[1])
    return SeatView(
        seat=seat,
        phase=game.phase,
        hand=hand,
        landlord=game.landlord,
        cards_left=(len(game.hands[0]), len(game.hands[1]), len(game.hands[2])),
        bids=tuple((s, b) for s, b in game.bids),
        last=last,
        unseen=unseen,
        played=played,
    )
