"""Forgeries a re-sealed chain cannot hide: a finished hand's stored rows rewritten to
break a rule, every later ``prev`` recomputed, on a SQLite file and a PostgreSQL schema.
The chain checks; the referee names the event and the rule."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from domain.doudizhu.bots import POLICIES
from domain.doudizhu.hand import Hand
from domain.simulate import play_out
from service.app import create_app
from service.cli import main
from service.hall import GameHall
from tests.referee.forger import Body, StoredRows, audited


def finished_hand(hall: GameHall, seed: int) -> Hand:
    """A greedy hand with a bid above 1 and a pass mid-trick."""
    for s in range(seed, seed + 200):
        rng = random.Random(s)
        hand = Hand.new(["ann", "bob", "cat"], rng=rng)
        play_out(hand, [POLICIES["greedy"]] * 3, rng)
        if hand.base >= 2 and any(not r for _, r, _ in hand.plays) and \
                hand.settlement and not hand.settlement["escape"]:
            hall.save(hand)
            return hand
    raise AssertionError("no such hand")



def test_a_pass_moved_to_the_seat_not_on_turn(hall: GameHall, store: str) -> None:
    hand = finished_hand(hall, seed=1)
    receipt = hand.receipt
    assert audited(store, hand.id, receipt).agrees
    seat, _, v = next(p for p in hand.plays if not p[1])  # the first pass, event v
    wrong = (seat + 1) % 3

    def forge(rows: list[Body]) -> None:
        assert rows[v - 1]["type"] == "Hand.Passed"
        rows[v - 1]["seat"] = wrong

    StoredRows(store, hand.id).rewrite(forge)
    report = audited(store, hand.id, receipt)
    # the chain checks: the rows were re-sealed …
    assert report.chain == []
    # … but the referee names the event and the rule
    assert not report.agrees
    first = report.recount.violations[0]
    assert (first.version, first.rule) == (v, "turn-order")
    assert first.text() == f"event {v}: seat {wrong} passed but it was seat {seat}'s turn " \
                           "[turn-order]"
    assert first.text() in report.text()
    assert report.as_dict()["violations"][0] == {
        "version": v, "rule": "turn-order",
        "message": f"seat {wrong} passed but it was seat {seat}'s turn"}
    # and a seat that kept its receipt sees the history is not the one it played
    assert not report.receipt["valid"]


def test_a_wrong_base_written_through_the_whole_record(hall: GameHall, store: str) -> None:
    hand = finished_hand(hall, seed=2)
    rows = StoredRows(store, hand.id)
    chosen = next(r for r in rows.read() if r["type"] == "Hand.LandlordChosen")
    base, v = chosen["base"], chosen["originator_version"]
    forged = 1 if base > 1 else 2

    def forge(rows: list[Body]) -> None:
        # the landlord's base, the settlement and the outcome, all made consistent
        rows[v - 1]["base"] = forged
        settled = next(r for r in rows if r["type"] == "Hand.ScoreSettled")["settlement"]
        settled["base"] = forged
        settled["scores"] = [s * forged // base for s in settled["scores"]]
        ended = next(r for r in rows if r["type"].endswith(".GameEnded"))["outcome"]
        for row in ended["seats"]:
            row["score"] = settled["scores"][row["seat"]]

    rows.rewrite(forge)
    report = audited(store, hand.id)
    assert report.chain == []
    assert [(x.version, x.rule) for x in report.recount.violations] == [
        (v, "base-is-highest-bid")]
    assert report.recount.violations[0].message == (
        f"the base was recorded as {forged} but the highest bid was {base}")
    differ = {c.figure: (c.expected, c.recorded) for c in report.recount.differences()}
    assert differ["base"] == (base, forged)
    assert differ["scores"][0] == hand.settlement["scores"]
    assert "DIFFERS" in report.text() and "[base-is-highest-bid]" in report.text()


@pytest.mark.parametrize("as_json", [False, True])
def test_the_cli_and_the_api_show_the_violation(hall: GameHall, store: str,
                                                as_json: bool) -> None:
    hand = finished_hand(hall, seed=3)
    seat, _, v = next(p for p in hand.plays if not p[1])
    StoredRows(store, hand.id).rewrite(
        lambda rows: rows[v - 1].update(seat=(seat + 2) % 3))
    args = ["audit", str(hand.id), "--store", store] + (["--json"] if as_json else [])
    out = CliRunner().invoke(main, args)
    assert out.exit_code == 1
    assert ('"rule": "turn-order"' if as_json else f"!! event {v}: seat") in out.output
    app = create_app({"PAIJU_STORE": store, "TESTING": True})
    try:
        body = app.test_client().get(f"/games/{hand.id}/audit").json
    finally:
        app.extensions["paiju.hall"].close()
    assert body["verdict"] == "differs" and body["chain"]["intact"]
    assert body["violations"][0]["version"] == v
    assert body["violations"][0]["rule"] == "turn-order"
