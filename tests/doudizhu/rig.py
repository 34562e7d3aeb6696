"""Build hands from chosen cards: the 'given events' of a story."""

from __future__ import annotations

from domain.doudizhu.cards import DECK, RANK_INDEX
from domain.doudizhu.hand import Hand


def deck_for(hands: list[str], kitty: str) -> list[str]:
    """A 54-card deck whose deal gives these rank strings to seats 0, 1, 2 and the kitty."""
    left = list(DECK)

    def take(ranks: str) -> list[str]:
        out = []
        for r in ranks:
            card = next(c for c in left if c[0] == r)
            left.remove(card)
            out.append(card)
        return out

    parts = [take(h) for h in hands] + [take(kitty)]
    assert [len(p) for p in parts] == [17, 17, 17, 3], [len(p) for p in parts]
    assert not left
    return [c for part in parts for c in part]


def rig(hands: list[str], kitty: str, first_bidder: int = 0) -> Hand:
    """Given: a hand started and dealt with exactly these cards."""
    hand = Hand._create(Hand.Started, players=["ann", "bob", "cat"], options={},
                        agents=["human"] * 3, match_id=None, number=1)
    hand.trigger_event(Hand.Dealt, deck=deck_for(hands, kitty), first_bidder=first_bidder)
    return hand


def sort_ranks(ranks: str) -> str:
    return "".join(sorted(ranks, key=RANK_INDEX.__getitem__))
