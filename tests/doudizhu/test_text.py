"""Dou Dizhu's move list in words, on hand-made event lists: bidding, then tricks."""

from __future__ import annotations

from typing import Any

from domain.doudizhu.text import DoudizhuNarrator, catalogue, ranks_text
from domain.narration import Move

PLAYERS = ["ann", "bob", "cat"]


def moves(*events: tuple[str, dict[str, Any]]) -> list[Move]:
    views = [{"version": v, "type": t, "at": "", "prev": "", "data": d}
             for v, (t, d) in enumerate(events, start=1)]
    return DoudizhuNarrator().moves(views, PLAYERS)


def play(seat: int, ranks: str, pattern: str) -> tuple[str, dict[str, Any]]:
    return "CardsPlayed", {"seat": seat, "cards": [], "ranks": ranks, "pattern": pattern}


def passed(seat: int) -> tuple[str, dict[str, Any]]:
    return "Passed", {"seat": seat}


def test_bidding_then_a_group_per_trick() -> None:
    told = moves(
        # seat 1's own view of the deal shows its hand
        ("Dealt", {"first_bidder": 0, "hand": ["3S", "TH", "RJ"]}),
        ("BidDeclined", {"seat": 0}),
        ("BidPlaced", {"seat": 1, "bid": 3}),
        ("LandlordChosen", {"seat": 1, "base": 3, "kitty": ["5S", "TC", "BJ"]}),
        play(1, "33344", "trio_pair"),
        passed(2),
        passed(0),
        # two passes: the trick is over and seat 1 leads again
        play(1, "9TJQK", "straight"),
        play(2, "TJQKA", "straight"),
    )
    assert [(m.group, m.text) for m in told] == [
        ("Bidding", "Cards dealt; Seat 0 (ann) bids first; your hand: 3♠ 10♥ Red Joker"),
        ("Bidding", "Seat 0 (ann) does not bid"),
        ("Bidding", "Seat 1 (bob) bids 3"),
        ("Bidding", "Seat 1 (bob) is the landlord at 3 and takes the kitty 5♠ 10♣ Black Joker"),
        ("Trick 1", "Seat 1 (bob) plays 33344 — trio with pair"),
        ("Trick 1", "Seat 2 (cat) passes"),
        ("Trick 1", "Seat 0 (ann) passes"),
        ("Trick 2", "Seat 1 (bob) plays 9 10 J Q K — straight"),
        ("Trick 2", "Seat 2 (cat) plays 10 J Q K A — straight"),
    ]


def test_a_seat_down_to_its_last_cards_says_so() -> None:
    told = moves(
        ("Dealt", {"first_bidder": 0}),
        ("BidPlaced", {"seat": 0, "bid": 1}),
        ("BidDeclined", {"seat": 1}),
        ("BidDeclined", {"seat": 2}),
        ("LandlordChosen", {"seat": 0, "base": 1, "kitty": ["3S", "3H", "3C"]}),
        # the landlord holds 20 cards: 18 played leaves two, then one, then none
        play(0, "33334444", "bomb"), play(0, "5555666677", "four_two_pairs"),
        play(0, "8", "single"), play(0, "9", "single"),
    )
    assert [m.text for m in told[-4:]] == [
        "Seat 0 (ann) plays 33334444 — BOMB ×2",
        "Seat 0 (ann) plays 5555666677 — four with two pairs · two cards left",
        "Seat 0 (ann) plays 8 — single · one card left",
        "Seat 0 (ann) plays 9 — single · out",
    ]


def test_jokers_and_tens_are_written_for_people() -> None:
    assert ranks_text("BR") == "both jokers"
    assert ranks_text("R") == "the red joker"
    assert ranks_text("TTT") == "10 10 10"
    assert ranks_text("334455") == "334455"


def test_the_card_list_has_the_54_cards_low_to_high() -> None:
    cards = catalogue()
    assert len(cards) == 54 and len({c["id"] for c in cards}) == 54
    assert cards[0]["label"] == "3♣" and cards[-1] == {
        "id": "RJ", "rank": "R", "suit": None, "order": 14, "red": True, "label": "Red Joker"}
    assert [c["order"] for c in cards] == sorted(c["order"] for c in cards)
