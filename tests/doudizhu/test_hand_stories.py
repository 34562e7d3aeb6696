"""Given events, when a command, then events: whole Dou Dizhu hands told step by step."""

from __future__ import annotations

from typing import Any

import pytest

from domain.doudizhu.hand import (
    BidTooLow,
    DoesNotBeat,
    Hand,
    MustLead,
    NoSuchPattern,
    NotInHand,
    WrongPhase,
)
from domain.game import GameOver, MalformedAction, NotYourTurn
from tests.doudizhu.rig import rig


def spring_deal() -> Hand:
    hands = ["3333456789TJQKABR", "445566778899TTJJQ", "456789TJQQKKKAAA2"]
    return rig(hands, "222", first_bidder=0)


def names(hand: Hand, since: int) -> list[str]:
    return [type(e).__name__ for e in hand.pending_events[since:]]


def play(hand: Hand, seat: int, **action: Any) -> None:
    hand.act(seat, action)


def test_spring_with_a_bomb_and_a_rocket() -> None:
    hand = spring_deal()  # given: started, dealt; seat 0 bids first
    n = len(hand.pending_events)
    # bid 3: bidding ends at once, seat 0 is landlord and takes the kitty
    play(hand, 0, type="bid", value=3)
    assert names(hand, n) == ["BidPlaced", "LandlordChosen"]
    assert hand.pending_events[-1].kitty == [c for c in hand.kitty]
    assert len(hand.hands[0]) == 20
    # a straight of eleven nobody can beat
    play(hand, 0, type="play", cards="456789TJQKA")
    play(hand, 1, type="pass")
    play(hand, 2, type="pass")
    # bomb → ×2
    play(hand, 0, type="play", cards="3333")
    play(hand, 1, type="pass")
    play(hand, 2, type="pass")
    play(hand, 0, type="play", cards="222")
    play(hand, 1, type="pass")
    play(hand, 2, type="pass")
    n = len(hand.pending_events)
    # rocket → ×2, and seat 0 is out: spring → ×2
    play(hand, 0, type="play", cards="BR")
    assert names(hand, n) == ["CardsPlayed", "ScoreSettled", "GameEnded"]
    s = hand.settlement
    assert s is not None
    assert (s["base"], s["multiplier"], s["spring"], s["anti_spring"]) == (3, 8, True, False)
    assert [b["ranks"] for b in s["bombs"]] == ["3333"]
    assert [r["ranks"] for r in s["rockets"]] == ["BR"]
    assert s["scores"] == [48, -24, -24]
    assert hand.outcome is not None
    assert hand.outcome["winners"] == [0] and hand.outcome["side"] == "landlord"
    # acting after the end records nothing
    with pytest.raises(GameOver):
        play(hand, 1, type="pass")


def test_anti_spring() -> None:
    # given: seat 1 can go out in three plays while the landlord passes after its lead
    hand = rig(["356789TTJJQQKA2BR", "44445556667778889", "33399TTJJQQKKAA22"], "KA2",
               first_bidder=0)
    play(hand, 0, type="bid", value=1)
    play(hand, 1, type="pass")
    play(hand, 2, type="pass")
    assert hand.landlord == 0 and hand.base == 1
    play(hand, 0, type="play", cards="3")  # the landlord's opening lead, its only play
    play(hand, 1, type="play", cards="4")
    play(hand, 2, type="pass")
    play(hand, 0, type="pass")
    play(hand, 1, type="play", cards="444555666777")  # airplane of 4 trios
    play(hand, 2, type="pass")
    play(hand, 0, type="pass")
    play(hand, 1, type="play", cards="8889")  # trio + single: seat 1 is out
    s = hand.settlement
    assert s is not None and s["anti_spring"] and not s["spring"]
    assert s["multiplier"] == 2
    assert s["scores"] == [-4, 2, 2]
    assert hand.outcome is not None and hand.outcome["side"] == "peasants"
    assert hand.outcome["winners"] == [1, 2]


def test_redeal_when_nobody_bids() -> None:
    hand = spring_deal()
    first_deck = list(hand.deck)
    n = len(hand.pending_events)
    play(hand, 0, type="pass")
    play(hand, 1, type="pass")
    play(hand, 2, type="pass")  # three passes: shuffle and deal again
    assert names(hand, n) == ["BidDeclined", "BidDeclined", "BidDeclined", "Dealt"]
    redeal = hand.pending_events[-1]
    assert redeal.first_bidder == 1  # the first bidder moves on
    assert sorted(redeal.deck) == sorted(first_deck) and len(redeal.deck) == 54
    assert hand.to_act() == [1] and hand.deals == 2 and hand.bids == []


def test_escape_during_bidding_pays_three_with_base_one() -> None:
    hand = spring_deal()
    n = len(hand.pending_events)
    play(hand, 2, type="escape")  # anyone may leave at any time, in turn or not
    assert names(hand, n) == ["Escaped", "ScoreSettled", "GameEnded"]
    s = hand.settlement
    assert s is not None and s["escape"] == 2
    assert s["scores"] == [1.5, 1.5, -3]
    assert sum(s["scores"]) == 0


def test_escape_after_a_bomb_uses_bid_and_multiplier() -> None:
    hand = spring_deal()
    play(hand, 0, type="bid", value=2)
    play(hand, 1, type="pass")
    play(hand, 2, type="pass")
    play(hand, 0, type="play", cards="3333")  # bomb → ×2
    play(hand, 1, type="escape")
    s = hand.settlement
    assert s is not None
    assert s["scores"] == [6, -12, 6]  # 3 · 2 · 2 = 12, half each to the others


ILLEGAL = [
    # (setup moves, seat, action, exception)
    ([], 1, {"type": "bid", "value": 1}, NotYourTurn),
    ([(0, {"type": "bid", "value": 2})], 1, {"type": "bid", "value": 2}, BidTooLow),
    ([(0, {"type": "bid", "value": 2})], 1, {"type": "bid", "value": 1}, BidTooLow),
    ([], 0, {"type": "bid", "value": 4}, MalformedAction),
    ([], 0, {"type": "play", "cards": "3"}, WrongPhase),
    ([(0, {"type": "bid", "value": 3})], 0, {"type": "play", "cards": "BBR"}, NotInHand),
    ([(0, {"type": "bid", "value": 3})], 0, {"type": "play", "cards": ["4H", "4H"]},
     NotInHand),
    ([(0, {"type": "bid", "value": 3})], 0, {"type": "play", "cards": "34"}, NoSuchPattern),
    ([(0, {"type": "bid", "value": 3})], 0, {"type": "pass"}, MustLead),
    ([(0, {"type": "bid", "value": 3}), (0, {"type": "play", "cards": "K"})],
     1, {"type": "play", "cards": "Q"}, DoesNotBeat),
    ([(0, {"type": "bid", "value": 3}), (0, {"type": "play", "cards": "K"})],
     1, {"type": "play", "cards": "44"}, DoesNotBeat),
    ([(0, {"type": "bid", "value": 3}), (0, {"type": "play", "cards": "K"})],
     0, {"type": "play", "cards": "A"}, NotYourTurn),
    ([], 0, {"type": "dance"}, MalformedAction),
    ([], 0, {"value": 1}, MalformedAction),
    ([], 5, {"type": "pass"}, MalformedAction),
]


@pytest.mark.parametrize(("setup", "seat", "action", "error"), ILLEGAL)
def test_illegal_actions_record_nothing(setup: list[tuple[int, dict[str, Any]]], seat: int,
                                        action: dict[str, Any], error: type[Exception]) -> None:
    hand = spring_deal()
    for s, a in setup:
        hand.act(s, a)
    before = (hand.version, len(hand.pending_events), hand.view("referee"))
    with pytest.raises(error) as info:
        hand.act(seat, action)
    assert str(info.value)  # a message a player can read
    assert (hand.version, len(hand.pending_events), hand.view("referee")) == before


def test_legal_actions_follow_the_phase() -> None:
    hand = spring_deal()
    assert hand.legal_actions(0) == [{"type": "pass"}, {"type": "bid", "value": 1},
                                     {"type": "bid", "value": 2}, {"type": "bid", "value": 3}]
    assert hand.legal_actions(1) == []  # not its turn
    play(hand, 0, type="bid", value=2)
    assert hand.legal_actions(1) == [{"type": "pass"}, {"type": "bid", "value": 3}]


def test_cards_may_be_named_one_by_one_in_any_order() -> None:
    hand = spring_deal()
    play(hand, 0, type="bid", value=3)
    fours = [c for c in hand.hands[0] if c[0] == "3"][:2]
    play(hand, 0, type="play", cards=list(reversed(fours)))  # a pair of 3s, named as cards
    assert hand.plays[-1][1] == "33" and hand.last_play == [0, "33"]
    assert not set(fours) & set(hand.hands[0])
