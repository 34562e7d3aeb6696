"""Forged Killer histories, re-sealed so the hash chain holds: the referee names them.

Whoever can write the store can rewrite a finished game's rows and recompute every
``prev`` after the change (each row's state is the event's canonical JSON; its ``prev``
is the SHA-256 of the row before). The chain check then passes; the audit's own rules
must catch the forgery, by event number and rule. Only a receipt a seat kept shows that
the history changed. On a real SQLite file and on a PostgreSQL schema.
"""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse
from uuid import UUID

from service.audit import audit_game
from service.hall import GameHall

Body = dict[str, Any]


def finished_game(hall: GameHall) -> tuple[UUID, str]:
    """A 10-seat game of informed bots, played to its end and stored; its receipt."""
    game = hall.create_game("killer", [f"p{i}" for i in range(10)],
                            agents=["informed"] * 10, rng=random.Random(11))
    assert game.outcome is not None and audit_game(hall, game.id).agrees
    return game.id, str(game.receipt)


def canonical(body: Body) -> bytes:
    """An event's canonical bytes: compact JSON, keys sorted, UTF-8 as is."""
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def forge(hall: GameHall, store: str, game_id: UUID, edit: Callable[[list[Body]], int]) -> int:
    """Edit the stored events, re-seal the chain from the first row and write back every
    row that changed. ``edit`` changes the bodies and returns the forged event's number."""
    rows = hall.recorder.select_events(game_id)
    before = [bytes(r.state) for r in rows]
    bodies = [json.loads(b) for b in before]
    forged = edit(bodies)
    prev, after = "", []
    for body in bodies:
        body["prev"] = prev
        after.append(canonical(body))
        prev = hashlib.sha256(after[-1]).hexdigest()
    changed = [(v, new) for v, (old, new) in enumerate(zip(before, after, strict=True), 1)
               if old != new]
    assert changed and changed[0][0] == forged  # the forged row, then every later prev
    write(store, game_id, changed)
    return forged


def write(store: str, game_id: UUID, rows: list[tuple[int, bytes]]) -> None:
    if store.startswith("sqlite"):
        with sqlite3.connect(urlparse(store).path[1:]) as conn:
            conn.executemany(
                "UPDATE stored_events SET state = ? WHERE originator_id = ? AND "
                "originator_version = ?", [(state, game_id.hex, v) for v, state in rows])
        return
    import psycopg

    schema = store.split("schema=")[1]
    with psycopg.connect(store.split("?")[0], autocommit=True) as conn, conn.cursor() as cur:
        cur.executemany(
            f"UPDATE {schema}.paiju_events SET state = %s WHERE originator_id = %s AND "
            "originator_version = %s", [(state, game_id, v) for v, state in rows])


def audited(store: str, game_id: UUID, receipt: str | None = None) -> Any:
    fresh = GameHall.from_store(store)  # nothing cached: the rows as they are now
    try:
        return audit_game(fresh, game_id, receipt)
    finally:
        fresh.close()


def named(report: Any, version: int, rule: str) -> None:
    """The report names the event and the rule: in the text and in the JSON."""
    assert not report.chain, report.chain  # the chain holds: the forgery is re-sealed
    assert not report.agrees
    body = report.as_dict()
    assert body["verdict"] == "differs" and body["chain"]["intact"]
    assert any(v["version"] == version and v["rule"] == rule for v in body["violations"])
    assert any(line.strip().startswith(f"!! event {version}: ") and line.endswith(f"[{rule}]")
               for line in report.text().splitlines()), report.text()


def test_an_inverted_investigation_answer(hall: GameHall, store: str) -> None:
    game_id, receipt = finished_game(hall)

    def invert(bodies: list[Body]) -> int:
        probe = next(b for b in bodies if b["type"].endswith(".Investigated")
                     and b["target"] is not None)
        probe["killer"] = not probe["killer"]
        return int(probe["originator_version"])

    forged = forge(hall, store, game_id, invert)
    report = audited(store, game_id)
    named(report, forged, "investigation-answer")
    # a receipt kept by a seat still tells the history changed
    assert not audited(store, game_id, receipt).receipt["valid"]


def test_a_dead_seats_vote(hall: GameHall, store: str) -> None:
    game_id, _ = finished_game(hall)

    def dead_vote(bodies: list[Body]) -> int:
        # the first vote of day 1 is given to the night's victim, dead since the night
        dawn = next(b for b in bodies if b["type"].endswith(".VictimAnnounced"))
        vote = next(b for b in bodies if b["type"].endswith(".VoteCast")
                    and b["target"] != dawn["seat"])
        vote["seat"] = dawn["seat"]
        return int(vote["originator_version"])

    forged = forge(hall, store, game_id, dead_vote)
    report = audited(store, game_id)
    named(report, forged, "voter-alive")
    assert any(v.rule == "voter-alive" and "is dead" in v.message
               for v in report.recount.violations)
