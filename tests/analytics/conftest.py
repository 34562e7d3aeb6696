"""Fixtures for the analytics tests: stores (SQLite file, PostgreSQL schema), a small
simulated store, and the test-only ``coin`` game kind registered for a test."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import paiju_coin
import pytest
from analytics_support import fill

from analytics.projection import close_view
from domain import registry
from service.hall import GameHall

PG_URL = os.environ.get("PAIJU_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def _pg_reachable() -> bool:
    try:
        import psycopg

        with psycopg.connect(PG_URL.split("?")[0], connect_timeout=3):
            return True
    except Exception:
        return False


PG_REACHABLE = _pg_reachable()


@pytest.fixture
def coin_kind(monkeypatch: pytest.MonkeyPatch) -> str:
    """Register the test-only ``coin`` kind (restored after the test)."""
    monkeypatch.setitem(registry._GAMES, "coin", f"{paiju_coin.__name__}:CoinGame")  # noqa: SLF001
    return "coin"


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A store URL on a fresh PostgreSQL schema of its own, dropped afterwards."""
    if not PG_REACHABLE:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is not reachable at {PG_URL} (CI needs it)")
        pytest.skip(f"PostgreSQL is not reachable at {PG_URL}: the same tests run on SQLite")
    import psycopg

    schema = "analytics_" + uuid.uuid4().hex[:10]
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    yield f"{PG_URL}?schema={schema}"
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/paiju.db"
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def open_hall() -> Iterator[list[GameHall]]:
    """Halls opened by a test, closed (with their read models) at its end."""
    halls: list[GameHall] = []
    yield halls
    for hall in halls:
        close_view(hall)
        hall.close()


@pytest.fixture(scope="session")
def doudizhu_store(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A SQLite store of 60 simulated Dou Dizhu hands (shared, read-only by convention)."""
    url = f"sqlite:///{tmp_path_factory.mktemp('dd')}/paiju.db"
    hall = GameHall.from_store(url)
    fill(hall, hands=60)
    hall.close()
    return url
