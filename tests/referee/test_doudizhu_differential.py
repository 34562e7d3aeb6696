"""The engine and the referee, two implementations of one set of rules, agree on every
legal game: bot hands of every policy mix, escapes at any moment, whole matches, all
stored and audited from their raw rows. A few hundred in the default run; thousands
with ``-m slow``."""

from __future__ import annotations

import random

import pytest

from domain.doudizhu.bots import POLICIES
from domain.doudizhu.hand import Hand
from service.audit import audit_game
from service.hall import GameHall
from service.simulation import simulate

MIXES = ["random", "greedy", "random,greedy,greedy", "greedy,random,random"]


@pytest.fixture
def hall() -> GameHall:
    return GameHall.from_store("memory://")


def disagreements(hall: GameHall, ids: list[object]) -> list[str]:
    reports = (audit_game(hall, gid) for gid in ids)  # type: ignore[arg-type]
    return [report.text() for report in reports if not report.agrees]


def simulated(hall: GameHall, games: int, seed: int) -> list[object]:
    for i, mix in enumerate(MIXES):
        simulate(hall, "doudizhu", games, mix, seed=seed + i)
    return list(hall.iter_game_ids("doudizhu"))


def escapes(hall: GameHall, games: int, seed: int) -> list[object]:
    """Hands a seat leaves at a random moment: in the bidding, mid-trick, or never."""
    rng = random.Random(seed)
    ids = []
    for _ in range(games):
        hand = Hand.new(["ann", "bob", "cat"], rng=rng)
        leave_at = rng.randrange(60)
        policy = POLICIES[rng.choice(["random", "greedy"])]
        while hand.outcome is None:
            if len(hand.pending_events) >= leave_at:
                hand.act(rng.randrange(3), {"type": "escape"}, rng)
                break
            seat = hand.to_act()[0]
            hand.act(seat, policy(hand, seat, rng), rng)
        hall.save(hand)
        ids.append(hand.id)
    return ids


def matches(hall: GameHall, count: int, hands: int, seed: int) -> list[object]:
    """Whole matches through the application, some hands ended by an escape."""
    rng = random.Random(seed)
    ids = []
    for _ in range(count):
        match = hall.create_series("doudizhu", ["ann", "bob", "cat"], rng=rng)
        for _ in range(hands):
            hand = hall.next_game(match.id, rng=rng)
            policy = POLICIES[rng.choice(["random", "greedy"])]
            while hand.outcome is None:
                if rng.random() < 0.01:
                    hand = hall.act(hand.id, rng.randrange(3), {"type": "escape"}, rng=rng)
                    continue
                seat = hand.to_act()[0]
                hand = hall.act(hand.id, seat, policy(hand, seat, rng), rng=rng)
        ids.append(match.id)
    return ids


def test_hundreds_of_bot_hands_audit_clean(hall: GameHall) -> None:
    ids = simulated(hall, 60, seed=11)
    assert len(ids) == 240
    assert disagreements(hall, ids) == []


def test_hands_left_by_an_escape_at_any_moment_audit_clean(hall: GameHall) -> None:
    ids = escapes(hall, 80, seed=12)
    assert disagreements(hall, ids) == []


def test_matches_audit_clean_hand_after_hand(store: str) -> None:
    hall = GameHall.from_store(store)  # a SQLite file and a PostgreSQL schema
    try:
        ids = matches(hall, 5, 4, seed=13)
        assert disagreements(hall, ids) == []
        report = audit_game(hall, ids[0])
        assert [h["number"] for h in report.recount.details["hands"]] == [1, 2, 3, 4]
    finally:
        hall.close()


@pytest.mark.slow
def test_thousands_of_hands_and_matches_audit_clean(hall: GameHall) -> None:
    assert disagreements(hall, simulated(hall, 750, seed=21)) == []
    other = GameHall.from_store("memory://")
    assert disagreements(other, escapes(other, 1000, seed=22)) == []
    assert disagreements(other, matches(other, 40, 6, seed=23)) == []
