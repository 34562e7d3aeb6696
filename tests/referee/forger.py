"""A forger with write access to the store: rewrites a game's stored rows and re-seals
the hash chain with plain JSON and SHA-256, never touching paiju.

Each row's ``state`` is the event's canonical JSON (keys sorted, compact, UTF-8) and its
``prev`` field is the SHA-256 hex of the previous row's bytes: after an edit, every
following ``prev`` is recomputed, so the chain checks again.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse
from uuid import UUID

from service.audit import audit_game
from service.hall import GameHall

Body = dict[str, Any]


def canonical_bytes(body: Body) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode()


class StoredRows:
    """One game's rows in a SQLite file or a PostgreSQL schema."""

    def __init__(self, store: str, game_id: UUID) -> None:
        self.store, self.game_id = store, game_id
        self.sqlite = store.startswith("sqlite")

    def _run(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        if self.sqlite:
            with sqlite3.connect(urlparse(self.store).path[1:]) as conn:
                return conn.execute(sql.replace("%s", "?").replace("{table}", "stored_events"),
                                    params).fetchall()
        import psycopg

        schema = self.store.split("schema=")[1]
        with psycopg.connect(self.store.split("?")[0], autocommit=True) as conn:
            cur = conn.execute(sql.replace("{table}", f"{schema}.paiju_events"), params)
            return cur.fetchall() if cur.description else []

    def _run_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        """One statement for many rows, on one connection (a game has hundreds)."""
        if self.sqlite:
            with sqlite3.connect(urlparse(self.store).path[1:]) as conn:
                conn.executemany(sql.replace("%s", "?").replace("{table}", "stored_events"),
                                 rows)
            return
        import psycopg

        schema = self.store.split("schema=")[1]
        with psycopg.connect(self.store.split("?")[0], autocommit=True) as conn:
            conn.cursor().executemany(sql.replace("{table}", f"{schema}.paiju_events"), rows)

    @property
    def _key(self) -> Any:
        return self.game_id.hex if self.sqlite else self.game_id

    def read(self) -> list[Body]:
        rows = self._run("SELECT originator_version, state FROM {table} "
                         "WHERE originator_id = %s ORDER BY originator_version", (self._key,))
        return [json.loads(bytes(state)) for _, state in rows]

    def rewrite(self, edit: Callable[[list[Body]], None]) -> None:
        """Edit the decoded rows in place, then store them re-sealed."""
        bodies = self.read()
        stored = [canonical_bytes(b) for b in bodies]
        edit(bodies)
        prev = ""
        changed: list[tuple[Any, ...]] = []
        for body, was in zip(bodies, stored, strict=True):
            body["prev"] = prev
            raw = canonical_bytes(body)
            prev = hashlib.sha256(raw).hexdigest()
            if raw != was:  # rows before the edit are already as they would be written
                changed.append((raw, self._key, body["originator_version"]))
        self._run_many("UPDATE {table} SET state = %s WHERE originator_id = %s AND "
                       "originator_version = %s", changed)


def is_(body: Body, kind: str) -> bool:
    """Whether a stored row is an event of that kind (its type ends ``.Kind``)."""
    return str(body["type"]).endswith("." + kind)


def forge(store: str, game_id: UUID, pick: Any, change: Any) -> int:
    """Change the first stored event ``pick`` accepts, re-seal every row after it and
    write them back (plain JSON and SHA-256, as any forger could); its event number."""
    forged: list[int] = []

    def edit(bodies: list[Body]) -> None:
        body = next(b for b in bodies if pick(b, bodies))
        change(body, bodies)
        forged.append(int(body["originator_version"]))

    StoredRows(store, game_id).rewrite(edit)
    return forged[0]


def audited(store: str, game_id: Any, receipt: str | None = None) -> Any:
    """The audit of the rows as they are now (a fresh hall: nothing cached)."""
    fresh = GameHall.from_store(store)
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
    assert any(v["version"] == version and v["rule"] == rule for v in body["violations"]), \
        report.text()
    assert any(line.strip().startswith(f"!! event {version}: ") and line.endswith(f"[{rule}]")
               for line in report.text().splitlines()), report.text()
