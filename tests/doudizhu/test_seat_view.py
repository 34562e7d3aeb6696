"""What a seat's view holds (domain/doudizhu/seat_view.py): its own hand, the public
record, and the cards it has not seen, counted from them."""

from __future__ import annotations

from domain.doudizhu.seat_view import seat_view
from tests.doudizhu.rig import rig

HANDS = ["3333456789TJQKABR", "445566778899TTJJQ", "456789TJQQKKKAAA2"]


def unseen_of(ranks: str) -> tuple[int, ...]:
    return tuple(ranks.count(r) for r in "3456789TJQKA2BR")


def test_a_peasant_counts_what_it_has_not_seen() -> None:
    hand = rig(HANDS, "222", first_bidder=2)  # given: seat 2 bids first
    # seat 2 bids 3 and takes the kitty (222); it leads 456789, seat 0 passes
    hand.act(2, {"type": "bid", "value": 3})
    hand.act(2, {"type": "play", "cards": "456789"})
    hand.act(0, {"type": "pass"})
    view = seat_view(hand, 1)
    # then: seat 1 sees its own hand, the counts, the trick, the record
    assert view.hand == HANDS[1]
    assert (view.landlord, view.partner, view.opponents) == (2, 0, (2,))
    assert view.cards_left == (17, 17, 14)
    assert view.last == (2, "456789")
    assert view.played == ((2, "456789"), (0, ""))
    # ...and as unseen: seat 0's hand and what the landlord still holds, nothing of its own
    assert view.unseen == unseen_of(HANDS[0] + "TJQQKKKAAA2" + "222")
    assert view.opponent_room == 14


def test_the_landlord_faces_both_peasants() -> None:
    hand = rig(HANDS, "222", first_bidder=2)
    hand.act(2, {"type": "bid", "value": 3})
    view = seat_view(hand, 2)
    assert view.is_landlord and view.partner is None and view.opponents == (0, 1)
    assert view.last is None and view.hand == "456789TJQQKKKAAA2222"
    assert view.unseen == unseen_of(HANDS[0] + HANDS[1])


def test_while_bidding_the_kitty_is_unseen_too() -> None:
    hand = rig(HANDS, "222", first_bidder=0)
    view = seat_view(hand, 0)
    assert view.phase == "bidding" and view.landlord is None
    assert view.unseen == unseen_of(HANDS[1] + HANDS[2] + "222")
