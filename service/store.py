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
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": parsed.path.strip("/"),
            "POSTGRES_HOST": parsed.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(parsed.port or 5432),
            "POSTGRES_USER": unquote(parsed.username or "postgres"),
            "POSTGRES_PASSWORD": unquote(parsed.password or ""),
            "POSTGRES_POOL_SIZE": "5",
            "POSTGRES_MAX_OVERFLOW": "10",
            "POSTGRES_CONNECT_TIMEOUT": "10",
        }
        query = dict(p.split("=", 1) for p in parsed.query.split("&") if "=" in p)
        if "schema" in query:
            env["POSTGRES_SCHEMA"] = query["schema"]
        return env
    raise StoreError(
        f"unknown store {url!r}: use sqlite:///path.db, postgresql://user@host:port/db "
        "or memory://"
    )


def prepare(env: dict[str, str]) -> None:
    """Create what a store needs before the library opens it: a PostgreSQL schema."""
    schema = env.get("POSTGRES_SCHEMA")
    if env.get("PERSISTENCE_MODULE") != "eventsourcing.postgres" or not schema:
        return
    import psycopg
    from psycopg import sql

    try:
        with psycopg.connect(
            host=env["POSTGRES_HOST"], port=int(env["POSTGRES_PORT"]),
            dbname=env["POSTGRES_DBNAME"], user=env["POSTGRES_USER"],
            password=env.get("POSTGRES_PASSWORD") or None, connect_timeout=10,
            autocommit=True,
        ) as conn:
            conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(schema)))
    except psycopg.Error as e:
        raise StoreError(f"cannot open the PostgreSQL store: {e}".strip()) from None
