"""Auditing a match: each hand's rows read once, one line per hand on the command line."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest
from click.testing import CliRunner

from domain.doudizhu.bots import POLICIES
from service.audit import audit_game
from service.cli import main
from service.hall import GameHall


def play_match(hall: GameHall, hands: int, seed: int) -> tuple[Any, list[Any]]:
    rng = random.Random(seed)
    match = hall.create_series("doudizhu", ["ann", "bob", "cat"], rng=rng)
    ids = []
    for _ in range(hands):
        hand = hall.next_game(match.id, rng=rng)
        while hand.outcome is None:
            seat = hand.to_act()[0]
            hand = hall.act(hand.id, seat, POLICIES["greedy"](hand, seat, rng), rng=rng)
        ids.append(hand.id)
    return match, ids


@pytest.mark.parametrize("hands", [4, 8])
def test_a_match_audit_reads_each_hand_once(hall: GameHall, hands: int,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    match, ids = play_match(hall, hands, seed=hands)
    reads: Counter[Any] = Counter()
    select = hall.recorder.select_events

    def counted(originator_id: Any, *args: Any, **kwargs: Any) -> Any:
        reads[originator_id] += 1
        return select(originator_id, *args, **kwargs)

    monkeypatch.setattr(hall.recorder, "select_events", counted)
    assert audit_game(hall, match.id).agrees
    assert all(reads[h] == 1 for h in ids)
    assert sum(reads.values()) == hands + 1  # the match: its rows, read once


def test_paiju_audit_match_one_line_per_hand_and_the_totals(tmp_path: Any) -> None:
    store = f"sqlite:///{tmp_path}/paiju.db"
    hall = GameHall.from_store(store)
    match, ids = play_match(hall, 3, seed=5)
    totals = hall.series(match.id).totals
    hall.close()
    out = CliRunner().invoke(main, ["audit", "--match", str(match.id), "--store", store])
    assert out.exit_code == 0, out.output
    rows = [line for line in out.output.splitlines() if re.match(r"\s+\d+\s+seat \d", line)]
    assert [int(r.split()[0]) for r in rows] == [1, 2, 3]
    assert all(r.endswith("agrees") for r in rows)
    shown = " ".join(f"{t:+g}" if t else "0" for t in totals)
    assert f"running totals: {shown}" in out.output and ".0" not in shown
    wrong = CliRunner().invoke(main, ["audit", "--match", str(ids[0]), "--store", store])
    assert wrong.exit_code == 1 and "not a match" in wrong.output
    neither = CliRunner().invoke(main, ["audit", "--store", store])
    assert neither.exit_code == 2
