"""Shared fixtures: every store test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

from service.hall import GameHall

PG_DSN = os.environ.get("PAIJU_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")

# The suite plays thousands of moves from one address within seconds; the write rate
# limits (service/limits.py) are switched on by the tests that are about them.
os.environ.setdefault("PAIJU_RATE_LIMITS", "off")


def _pg_available() -> bool:
    try:
        import psycopg

        with psycopg.connect(PG_DSN.split("?")[0], connect_timeout=3):
            return True
    except Exception:
        return False


PG_OK = _pg_available()


@pytest.fixture
def pg_schema() -> Iterator[str]:
    """A fresh PostgreSQL schema, dropped afterwards."""
    if not PG_OK:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is not reachable at {PG_DSN} (CI needs it)")
        pytest.skip(f"PostgreSQL is not reachable at {PG_DSN}")
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}")
    yield name
    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {name} CASCADE")


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path) -> str:  # type: ignore[no-untyped-def]
    """A store URL: a SQLite file, or a PostgreSQL schema of its own."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/paiju.db"
    schema = request.getfixturevalue("pg_schema")
    return f"{PG_DSN}?schema={schema}"


@pytest.fixture
def hall(store: str) -> Iterator[GameHall]:
    h = GameHall.from_store(store)
    yield h
    h.close()
