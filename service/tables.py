"""The analytics tables of a store, for notebooks and scripts: ``load()``.

A notebook must show the store it was pointed at, and nothing else: the store is
``PAIJU_STORE`` or, when that is unset, the project's own ``var/paiju.db``; a relative
SQLite path is taken from the project root too (a kernel's working directory is wherever
Jupyter was started, never a reliable place). Loading only reads: no projection run, no
table created, no SQLite file made where there was none. ``paiju project`` brings the
tables up to date; ``Tables.describe()`` says how far behind they are.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlparse

from analytics.schema import postgres_dialect, sqlite_dialect
from analytics.tables import Tables, empty, read_only
from service.hall import GameHall
from service.store import StoreError, store_env

#: the repository this code runs from (its ``pyproject.toml`` beside ``service/``)
ROOT = Path(__file__).resolve().parents[1]


def project_root() -> Path | None:
    return ROOT if (ROOT / "pyproject.toml").is_file() else None


def resolve(store: str | None = None) -> str:
    """The store URL a notebook reads: explicit, else ``PAIJU_STORE``, else the project's
    ``var/paiju.db``; a relative SQLite path is made absolute from the project root."""
    url = store or os.environ.get("PAIJU_STORE")
    root = project_root()
    if not url:
        if root is None:
            raise StoreError("no PAIJU_STORE set and no project root to find var/paiju.db "
                             "in: set PAIJU_STORE to the store to read")
        return f"sqlite:///{root / 'var' / 'paiju.db'}"
    parsed = urlparse(url)
    if parsed.scheme == "sqlite":
        path = unquote(parsed.path[1:] if parsed.path.startswith("/") else parsed.path)
        if path and path != ":memory:" and not Path(path).expanduser().is_absolute():
            if root is None:
                raise StoreError(f"{url} is relative, and there is no project root to "
                                 "take it from: give an absolute path (sqlite:////…)")
            return f"sqlite:///{root / path}"
    return url


def load(store: str | None = None) -> Tables:
    """The tables of the store at ``store`` (default: see ``resolve``), read only."""
    url = resolve(store)
    parsed = urlparse(url)
    if parsed.scheme == "sqlite":
        path = Path(unquote(parsed.path[1:]))
        if not path.is_file():
            return empty(source=url, note=f"no store at {path}: set PAIJU_STORE, or "
                                          "simulate games into it first")
        return _sqlite(path, url)
    if parsed.scheme in ("postgresql", "postgres"):
        return _postgres(url)
    if parsed.scheme == "memory":
        return empty(source=url, note="a memory:// store lives inside its process only: "
                                      "there is nothing here to read")
    store_env(url)  # names what is wrong with the URL
    raise StoreError(f"cannot read the store {url}")


def _sqlite(path: Path, url: str) -> Tables:
    # With a write-ahead log beside the file (a writer has it open) read through it;
    # with none, open it immutable, which creates no -wal or -shm file next to it.
    wal = Path(f"{path}-wal").exists()
    uri = f"file:{quote(str(path))}?{'mode=ro' if wal else 'immutable=1'}"
    with contextlib.closing(sqlite3.connect(uri, uri=True)) as db:
        newest = _one(db, "SELECT MAX(rowid) FROM stored_events")
        return read_only(db, sqlite_dialect(), GameHall.name, newest=newest, source=url)


def _postgres(url: str) -> Tables:
    from service.migrate import _pg_connect

    env = store_env(url)
    schema = env.get("POSTGRES_SCHEMA") or "public"
    with _pg_connect(env) as conn:
        conn.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
        events = f'"{schema}"."{GameHall.name.lower()}_events"'
        newest = _one(conn, f"SELECT MAX(notification_id) FROM {events}")
        return read_only(conn, postgres_dialect(schema), GameHall.name, newest=newest,
                         source=url)


def _one(conn: Any, sql: str) -> int | None:
    """A single number, or None where the table is not there (a store never written)."""
    try:
        row = conn.execute(sql).fetchone()
    except Exception:  # no such table: nothing stored yet
        return None
    return int(row[0] or 0) if row is not None else None

