"""Duplicate deals: one deal played twice, the two sides swapping roles.

Luck in the cards is most of what decides a single hand, so comparing two policies on
different deals needs many thousands of hands. Played twice with the roles swapped, each
deal is a paired comparison: side A as landlord against B's peasants, then B as landlord
against A's peasants, with the same cards in the same seats.

The bidding is fixed so that only the play is compared: the deal's first bidder (drawn
with the deal) bids 1 and the others pass, so the landlord is a random seat, as in
RLCard's and DouZero's evaluations, and every score is in units of a base of 1.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from domain.doudizhu.hand import Hand
from domain.simulate import Policy, play_out


class Table(NamedTuple):
    """One playing of a deal: did the landlord win, and the landlord's score."""

    landlord_won: bool
    landlord_score: int


class Duplicate(NamedTuple):
    """One deal played both ways: ``a_landlord`` has side A as landlord."""

    seed: int
    landlord: int  # the seat
    a_landlord: Table
    b_landlord: Table

    @property
    def net_a(self) -> int:
        """Side A's total score over the two tables (zero-sum: B's is minus this)."""
        return self.a_landlord.landlord_score - self.b_landlord.landlord_score


def fixed_bidding(hand: Hand) -> int:
    """The first bidder bids 1, the others pass; return the landlord's seat."""
    first = hand.first_bidder
    hand.act(first, {"type": "bid", "value": 1})
    for k in (1, 2):
        hand.act((first + k) % 3, {"type": "pass"})
    assert hand.landlord == first
    return first


def play_table(seed: int, landlord_policy: Policy, peasant_policy: Policy) -> Table:
    """Deal from ``seed``, fix the bidding, play it out; the policies' choices draw on a
    generator seeded from ``seed`` too, so a table is the same every time it is played."""
    hand = Hand.new(["a", "b", "c"], rng=random.Random(seed))
    landlord = fixed_bidding(hand)
    policies: Sequence[Policy] = [
        landlord_policy if seat == landlord else peasant_policy for seat in range(3)
    ]
    play_out(hand, policies, random.Random(seed ^ 0x5EED))
    assert hand.settlement is not None and hand.outcome is not None
    return Table(hand.outcome["side"] == "landlord", hand.settlement["scores"][landlord])


def play_duplicate(seed: int, a: Policy, b: Policy) -> Duplicate:
    """Deal ``seed`` with A as landlord against B's peasants, then B against A's."""
    landlord = Hand.new(["a", "b", "c"], rng=random.Random(seed)).first_bidder
    return Duplicate(seed, landlord, play_table(seed, a, b), play_table(seed, b, a))
