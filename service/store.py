"""One setting picks the event store: ``PAIJU_STORE`` (a URL) → eventsourcing's env."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote, urlparse

DEFAULT_STORE = "sqlite:///var/paiju.db"


class StoreError(ValueError):
    """The store URL cannot be understood."""


def store_url(explicit: str | None = None) -> str:
    return explicit or os.environ.get("PAIJU_STORE") or DEFAULT_STORE


def pool_max(query: dict[str, str] | None = None) -> int:
    """Connections one process may open to a PostgreSQL store for its events.

    A gunicorn worker serves ``--threads`` requests at a time, each needing one
    connection at most, so ``paiju serve`` sets ``PAIJU_POOL_MAX`` to its threads; a
    URL's ``?pool=N`` wins over it. One connection is opened at start, the rest on
    demand (and closed again after ten idle minutes). The analytics read model of a
    process holds two more at most (``analytics.projection``). So a server holds at most
    ``workers × (threads + 2)`` connections, plus one while it starts.
    """
    raw = (query or {}).get("pool") or os.environ.get("PAIJU_POOL_MAX") or "4"
    try:
        value = int(raw)
    except ValueError:
        raise StoreError(f"pool is a number of connections, not {raw!r}") from None
    if not 1 <= value <= 1000:
        raise StoreError(f"pool is between 1 and 1000 connections, not {value}")
    return value


def store_env(url: str) -> dict[str, str]:
    """The eventsourcing environment for a store URL.

    ``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db``, ``memory://`` (in
    process, for tests and benchmarks) or ``postgresql://user[:pw]@host[:port]/db``.
    """
    parsed = urlparse(url)
    scheme = parsed.scheme
    if scheme == "memory":
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    if scheme == "sqlite":
        path = unquote(parsed.path[1:] if parsed.path.startswith("/") else parsed.path)
        if not path:
            raise StoreError("a SQLite store names a file: sqlite:///var/paiju.db")
        if path != ":memory:":
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        return {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": path if path != ":memory:" else "file::memory:?mode=memory",
            "SQLITE_LOCK_TIMEOUT": "30",
        }
    if scheme in ("postgresql", "postgres"):
        if not parsed.path.strip("/"):
            raise StoreError("a PostgreSQL store names a database: postgresql://user@host/db")
        query = dict(p.split("=", 1) for p in parsed.query.split("&") if "=" in p)
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": parsed.path.strip("/"),
            "POSTGRES_HOST": parsed.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(parsed.port or 5432),
            "POSTGRES_USER": unquote(parsed.username or "postgres"),
            "POSTGRES_PASSWORD": unquote(parsed.password or ""),
            # one connection kept open, more on demand up to pool_max (see pool_max)
            "POSTGRES_POOL_SIZE": "1",
            "POSTGRES_MAX_OVERFLOW": str(pool_max(query) - 1),
            "POSTGRES_CONNECT_TIMEOUT": "10",
        }
        if "schema" in query:
            env["POSTGRES_SCHEMA"] = query["schema"]
        return env
    raise StoreError(
        f"unknown store {url!r}: use sqlite:///path.db, postgresql://user@host:port/db "
        "or memory://"
    )


def prepare(env: dict[str, str]) -> dict[str, str]:
    """The env to open a store with: its tables set up once, under a lock that spans
    processes, and then opened without any table creation (see ``service.migrate``)."""
    from service.migrate import ready_env

    return ready_env(env)
