"""Each stored row is its event's canonical bytes: the chain can be checked with plain
SHA-256 over the rows, a same-meaning edit is still caught, and rows written in the
library's own JSON (older stores) still read."""

from __future__ import annotations

import hashlib
import json
import random

from eventsourcing.application import Application
from eventsourcing.persistence import Mapper

from domain.doudizhu.bots import POLICIES
from domain.doudizhu.hand import Hand
from domain.game import canonical
from domain.simulate import play_out
from service.audit import audit_game
from service.hall import GameHall
from tests.audit.test_audit import key, tamper


def played(seed: int) -> Hand:
    rng = random.Random(seed)
    hand = Hand.new(["ann", "bo", "cy"], rng=rng)
    play_out(hand, [POLICIES["random"]] * 3, rng)
    return hand


def test_rows_chain_under_plain_sha256(hall: GameHall) -> None:
    hand = played(1)
    hall.save(hand)
    rows = hall.recorder.select_events(hand.id)
    assert len(rows) == hand.version
    prev = ""
    for row in rows:
        body = json.loads(bytes(row.state))
        assert body["prev"] == prev
        assert body["originator_version"] == row.originator_version
        prev = hashlib.sha256(bytes(row.state)).hexdigest()
    assert prev == hand.receipt


def test_saved_in_two_steps_the_chain_runs_on(hall: GameHall) -> None:
    rng = random.Random(5)
    hand = Hand.new(["ann", "bo", "cy"], rng=rng)
    hall.save(hand)
    loaded = hall.game(hand.id)
    play_out(loaded, [POLICIES["random"]] * 3, rng)
    hall.save(loaded)
    rows = hall.recorder.select_events(hand.id)
    for before, after in zip(rows, rows[1:], strict=False):
        assert json.loads(bytes(after.state))["prev"] == \
            hashlib.sha256(bytes(before.state)).hexdigest()
    assert audit_game(hall, hand.id).agrees


def test_an_edit_that_keeps_the_meaning_is_caught(hall: GameHall, store: str) -> None:
    hand = played(2)
    hall.save(hand)
    # a space after a colon of event 2: the same JSON values, other bytes
    sql = ("UPDATE {table} SET state = CAST(REPLACE(CAST(state AS TEXT), '\"prev\":', "
           "'\"prev\": ') AS BLOB) WHERE originator_id=%s AND originator_version=2"
           if store.startswith("sqlite") else
           "UPDATE {table} SET state = convert_to(replace(convert_from(state, 'UTF8'), "
           "'\"prev\":', '\"prev\": '), 'UTF8') WHERE originator_id=%s AND "
           "originator_version=2")
    tamper(store, sql, key(store, hand.id))
    fresh = GameHall.from_store(store)
    try:
        report = audit_game(fresh, hand.id)
    finally:
        fresh.close()
    assert not report.agrees
    assert any(p.startswith("event 2 is not stored as its canonical bytes")
               for p in report.chain)


def test_rows_in_the_library_format_still_read(hall: GameHall) -> None:
    hand = played(3)
    hand.seal()
    events = hand.collect_events()
    library = Mapper(transcoder=Application.construct_transcoder(hall))  # the old format
    hall.recorder.insert_events([library.to_stored_event(e) for e in events])
    assert all(b'"_type_"' in bytes(r.state) for r in hall.recorder.select_events(hand.id))
    loaded = hall.game(hand.id)
    assert loaded.view("referee") == hand.view("referee")
    assert [canonical(e) for e in hall.history(hand.id)] == [canonical(e) for e in events]
    assert audit_game(hall, hand.id).agrees
