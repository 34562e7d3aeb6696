"""Audits: every figure recomputed from raw events; tampering caught and named."""

from __future__ import annotations

import random
import sqlite3
from typing import Any
from urllib.parse import urlparse

import pytest

from domain.doudizhu.bots import POLICIES
from domain.doudizhu.hand import Hand
from service.audit import audit_game
from service.hall import GameHall
from tests.doudizhu.rig import rig
from tests.doudizhu.test_hand_stories import spring_deal


def play(hand: Hand, *moves: tuple[int, dict[str, Any]]) -> Hand:
    for seat, action in moves:
        hand.act(seat, action)
    return hand


def bid(seat: int, value: int) -> tuple[int, dict[str, Any]]:
    return seat, {"type": "bid", "value": value} if value else {"type": "pass"}


def cards(seat: int, ranks: str) -> tuple[int, dict[str, Any]]:
    return seat, {"type": "play", "cards": ranks}


def passes(*seats: int) -> list[tuple[int, dict[str, Any]]]:
    return [(s, {"type": "pass"}) for s in seats]


def spring_hand() -> Hand:
    return play(spring_deal(), bid(0, 3), cards(0, "456789TJQKA"), *passes(1, 2),
                cards(0, "3333"), *passes(1, 2), cards(0, "222"), *passes(1, 2),
                cards(0, "BR"))


def anti_spring_hand() -> Hand:
    hand = rig(["356789TTJJQQKA2BR", "44445556667778889", "33399TTJJQQKKAA22"], "KA2")
    return play(hand, bid(0, 1), *passes(1, 2), cards(0, "3"), cards(1, "4"), *passes(2, 0),
                cards(1, "444555666777"), *passes(2, 0), cards(1, "8889"))


def escape_hand() -> Hand:
    return play(spring_deal(), bid(0, 2), *passes(1, 2), cards(0, "3333"),
                (1, {"type": "escape"}))


def figures(report: Any) -> dict[str, Any]:
    return {c.figure: (c.expected, c.recorded, c.version) for c in report.recount.checks}


def test_spring_with_bomb_and_rocket_every_figure(hall: GameHall) -> None:
    hand = spring_hand()
    hall.save(hand)
    report = audit_game(hall, hand.id)
    assert report.agrees and not report.chain
    f = figures(report)
    settled_at = hand.version - 1
    assert f["base"] == (3, 3, settled_at)
    assert f["multiplier"] == (8, 8, settled_at)
    assert f["spring"] == (True, True, settled_at)
    assert f["bombs"][0] == [{"seat": 0, "ranks": "3333", "version": 8}]
    assert f["rockets"][0] == [{"seat": 0, "ranks": "BR", "version": 14}]
    assert f["scores"][0] == [48, -24, -24]
    assert f["winners"][0] == [0]
    assert "AGREES" in report.text()


def test_anti_spring_and_escape(hall: GameHall) -> None:
    for hand, key, scores in ((anti_spring_hand(), "anti_spring", [-4, 2, 2]),
                              (escape_hand(), "escape", [6, -12, 6])):
        hall.save(hand)
        report = audit_game(hall, hand.id)
        f = figures(report)
        assert report.agrees
        assert f[key][0] not in (False, None)
        assert f["scores"][0] == scores


def test_a_wrong_recorded_score_is_named_with_its_event(hall: GameHall) -> None:
    hand = spring_deal()
    play(hand, bid(0, 1), *passes(1, 2), cards(0, "456789TJQKA"), *passes(1, 2), cards(0, "3333"),
         *passes(1, 2), cards(0, "222"), *passes(1, 2))
    # the test writes the end itself: the rocket, then a wrong settlement
    hand.trigger_event(Hand.CardsPlayed, seat=0, cards=["BJ", "RJ"], ranks="BR",
                       pattern="rocket")
    wrong = {"base": 1, "landlord": 0, "bombs": [], "rockets": [], "spring": False,
             "anti_spring": False, "multiplier": 1, "escape": None, "landlord_won": True,
             "scores": [2, -1, -1]}
    hand.trigger_event(Hand.ScoreSettled, settlement=wrong)
    hand.trigger_event(Hand.GameEnded, outcome={"winners": [0], "side": "landlord",
                                                "reason": "emptied", "seats": []})
    hall.save(hand)
    report = audit_game(hall, hand.id)
    assert not report.agrees and not report.chain  # the chain is fine: the figures are not
    diffs = {c.figure: c for c in report.recount.differences()}
    assert diffs["bombs"].version == hand.version - 1
    assert diffs["multiplier"].expected == 8 and diffs["multiplier"].recorded == 1
    assert diffs["scores"].expected == [16, -8, -8]
    assert "nobody emptied a hand" not in " ".join(report.recount.problems)
    assert "XX multiplier" in report.text()


def test_a_match_every_hand_and_the_totals(hall: GameHall) -> None:
    rng = random.Random(8)
    match = hall.create_series("doudizhu", ["ann", "bob", "cat"], rng=rng)
    for _ in range(2):
        hand = hall.next_game(match.id, rng=rng)
        while hand.outcome is None:
            seat = hand.to_act()[0]
            hand = hall.act(hand.id, seat, POLICIES["greedy"](hand, seat, rng), rng=rng)
    report = audit_game(hall, match.id)
    assert report.agrees
    f = figures(report)
    assert f["running totals"][0] == hall.series(match.id).totals
    hand_report = audit_game(hall, hand.id)
    assert hand_report.series[0]["number"] == 2
    assert hand_report.series[0]["totals"] == hall.series(match.id).totals


def test_a_receipt_validates_its_own_game_only(hall: GameHall) -> None:
    a, b = spring_hand(), escape_hand()
    hall.save(a, b)
    receipt_a = hall.game(a.id).receipt
    assert receipt_a and receipt_a == a.receipt
    assert audit_game(hall, a.id, receipt_a).receipt["valid"]
    other = audit_game(hall, b.id, receipt_a)
    assert not other.receipt["valid"] and not other.agrees


# --- tampering with the stored rows ------------------------------------------------
def sqlite_path(store: str) -> str:
    return urlparse(store).path[1:]


def tamper(store: str, sql: str, *params: Any) -> None:
    if store.startswith("sqlite"):
        with sqlite3.connect(sqlite_path(store)) as conn:
            conn.execute(sql.replace("%s", "?").replace("{table}", "stored_events"), params)
        return
    import psycopg

    schema = store.split("schema=")[1]
    with psycopg.connect(store.split("?")[0], autocommit=True) as conn:
        conn.execute(sql.replace("{table}", f"{schema}.paiju_events"), params)


def key(store: str, game_id: Any) -> Any:
    return game_id.hex if store.startswith("sqlite") else game_id


@pytest.fixture
def stored(hall: GameHall) -> Hand:
    hand = spring_hand()
    hall.save(hand)
    assert audit_game(hall, hand.id).agrees
    return hand


def test_one_changed_byte_is_caught_and_named(hall: GameHall, store: str, stored: Hand) -> None:
    # seat 0's bid of 3 becomes a bid of 2: one byte of event 3's stored state
    if store.startswith("sqlite"):
        tamper(store, "UPDATE {table} SET state = CAST(REPLACE(CAST(state AS TEXT), "
               "'\"bid\":3', '\"bid\":2') AS BLOB) WHERE originator_id=%s AND "
               "originator_version=3", key(store, stored.id))
    else:
        tamper(store, "UPDATE {table} SET state = convert_to(replace(convert_from(state, "
               "'UTF8'), '\"bid\":3', '\"bid\":2'), 'UTF8') WHERE originator_id=%s AND "
               "originator_version=3", stored.id)
    fresh = GameHall.from_store(store)
    report = audit_game(fresh, stored.id)
    fresh.close()
    assert not report.agrees
    assert any(p.startswith("event 4 does not follow event 3") for p in report.chain)


def test_a_row_edited_into_text_is_named_not_a_crash(hall: GameHall, store: str,
                                                      stored: Hand) -> None:
    # sqlite3's replace() on a BLOB column, without a CAST back, stores TEXT
    if not store.startswith("sqlite"):
        pytest.skip("only SQLite lets a BLOB column be overwritten with text; "
                    "PostgreSQL keeps bytea a bytea")
    tamper(store, "UPDATE {table} SET state = REPLACE(CAST(state AS TEXT), '\"bid\":3', "
           "'\"bid\":2') WHERE originator_id=%s AND originator_version=3",
           key(store, stored.id))
    fresh = GameHall.from_store(store)
    report = audit_game(fresh, stored.id)
    fresh.close()
    assert not report.agrees
    assert any("event 3 is stored as text" in p for p in report.chain)
    assert any(p.startswith("event 4 does not follow event 3") for p in report.chain)


def test_a_deleted_row_is_caught(hall: GameHall, store: str, stored: Hand) -> None:
    tamper(store, "DELETE FROM {table} WHERE originator_id=%s AND originator_version=5",
           key(store, stored.id))
    fresh = GameHall.from_store(store)
    report = audit_game(fresh, stored.id)
    fresh.close()
    assert any("events 5–5 are missing" in p for p in report.chain)
    assert any(p.startswith("event 6 does not follow") for p in report.chain)


def test_two_swapped_rows_are_caught(hall: GameHall, store: str, stored: Hand) -> None:
    k = key(store, stored.id)
    # swap the contents of events 6 and 7 (both passes... by different seats)
    tamper(store, "UPDATE {table} SET originator_version=-1 WHERE originator_id=%s AND "
           "originator_version=6", k)
    tamper(store, "UPDATE {table} SET originator_version=6 WHERE originator_id=%s AND "
           "originator_version=7", k)
    tamper(store, "UPDATE {table} SET originator_version=7 WHERE originator_id=%s AND "
           "originator_version=-1", k)
    fresh = GameHall.from_store(store)
    report = audit_game(fresh, stored.id)
    fresh.close()
    named = " ".join(report.chain)
    assert "event 6 does not follow event 5" in named and "event 7 does not follow" in named


def test_an_appended_event_after_the_end_is_caught(hall: GameHall) -> None:
    hand = spring_hand()
    hall.save(hand)
    receipt = hand.receipt
    # forged, with a valid chain link
    hand.trigger_event(Hand.ScoreSettled, settlement={"scores": [0, 0, 0]})
    hall.save(hand)
    report = audit_game(hall, hand.id, receipt)
    assert any("comes after the end" in p for p in report.chain)
    assert not report.receipt["valid"]
