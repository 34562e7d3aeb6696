"""Invariants over random hands: cards, zero-sum scores, turns, replay."""

from __future__ import annotations

import random
from collections import Counter

from eventsourcing.application import Application
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.doudizhu.bots import POLICIES
from domain.doudizhu.cards import DECK
from domain.doudizhu.hand import Hand
from domain.game import NotYourTurn
from domain.simulate import play_out

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def played_cards(hand: Hand) -> list[str]:
    return [c for e in hand.pending_events if type(e).__name__ == "CardsPlayed"
            for c in e.cards]


@settings(max_examples=40, deadline=None)
@given(seed=seeds, policy=st.sampled_from(sorted(POLICIES)))
def test_54_cards_always_accounted_for(seed: int, policy: str) -> None:
    rng = random.Random(seed)
    hand = Hand.new(["a", "b", "c"], rng=rng)
    while hand.outcome is None:
        held = [c for h in hand.hands for c in h]
        kitty = [] if hand.landlord is not None else list(hand.kitty)
        everything = held + kitty + played_cards_since_deal(hand)
        assert Counter(everything) == Counter(DECK)
        seat = hand.to_act()[0]
        hand.act(seat, POLICIES[policy](hand, seat, rng), rng)


def played_cards_since_deal(hand: Hand) -> list[str]:
    cards: list[str] = []
    for e in hand.pending_events:
        if type(e).__name__ == "Dealt":
            cards = []
        elif type(e).__name__ == "CardsPlayed":
            cards.extend(e.cards)
    return cards


@settings(max_examples=60, deadline=None)
@given(seed=seeds, policy=st.sampled_from(sorted(POLICIES)), escape=st.booleans())
def test_scores_sum_to_zero(seed: int, policy: str, escape: bool) -> None:
    rng = random.Random(seed)
    hand = Hand.new(["a", "b", "c"], rng=rng)
    steps = rng.randrange(1, 40) if escape else 10**9
    while hand.outcome is None and steps:
        seat = hand.to_act()[0]
        hand.act(seat, POLICIES[policy](hand, seat, rng), rng)
        steps -= 1
    if hand.outcome is None:
        hand.act(rng.randrange(3), {"type": "escape"})
    assert hand.settlement is not None
    assert sum(hand.settlement["scores"]) == 0
    assert [s["score"] for s in hand.outcome["seats"]] == hand.settlement["scores"]


@settings(max_examples=30, deadline=None)
@given(seed=seeds)
def test_nobody_acts_out_of_turn(seed: int) -> None:
    rng = random.Random(seed)
    hand = Hand.new(["a", "b", "c"], rng=rng)
    while hand.outcome is None:
        waiting = hand.to_act()
        for other in set(range(3)) - set(waiting):
            for action in hand.legal_actions(waiting[0]):
                version = hand.version
                try:
                    hand.act(other, action)
                except NotYourTurn:
                    pass
                else:
                    raise AssertionError(f"seat {other} acted out of turn")
                assert hand.version == version
        hand.act(waiting[0], POLICIES["random"](hand, waiting[0], rng), rng)


@settings(max_examples=15, deadline=None)
@given(seed=seeds, policy=st.sampled_from(sorted(POLICIES)))
def test_replay_at_every_version_equals_the_live_state(seed: int, policy: str) -> None:
    rng = random.Random(seed)
    hand = Hand.new(["a", "b", "c"], rng=rng)
    live_views = {hand.version: hand.view("referee")}
    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.save(hand)
    while hand.outcome is None:
        seat = hand.to_act()[0]
        hand.act(seat, POLICIES[policy](hand, seat, rng), rng)
        live_views[hand.version] = hand.view("referee")
    app.save(hand)
    for version, view in live_views.items():
        assert app.repository.get(hand.id, version=version).view("referee") == view
    assert app.repository.get(hand.id).head == hand.head


def test_same_seed_same_hand() -> None:
    def run(seed: int) -> list[tuple[str, dict]]:
        rng = random.Random(seed)
        hand = Hand.new(["a", "b", "c"], rng=rng)
        play_out(hand, [POLICIES["greedy"]] * 3, rng)
        return [(type(e).__name__, {k: v for k, v in vars(e).items()
                                    if k not in ("originator_id", "timestamp", "prev", "salt")})
                for e in hand.pending_events]

    assert run(11) == run(11)
    assert run(11) != run(12)
