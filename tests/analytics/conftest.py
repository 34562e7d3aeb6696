"""Fixtures for the analytics tests: stores (SQLite file, PostgreSQL schema), a small
simulated store, and the test-only ``coin`` game kind registered for a test."""

from __future__ import annotations

import os
import random
import uuid
from collections.abc import Iterator
from pathlib import Path

import paiju_coin
import pytest

from analytics.projection import close_view
from domain import registry
from domain.simulate import play_out
from service.hall import GameHall
from service.simulation import simulate

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


def fill(hall: GameHall, *, hands: int = 24, coins: int = 0) -> None:
    """A small, seeded store: random and greedy Dou Dizhu hands, optional coin games."""
    simulate(hall, "doudizhu", hands // 2, "random", seed=11)
    simulate(hall, "doudizhu", hands - hands // 2, "greedy,random,random", seed=12)
    rng = random.Random(13)
    for i in range(coins):
        game = hall.create_game("coin", [f"p{j}" for j in range(2 + i % 3)],
                                agents=["heads"] * (2 + i % 3), rng=rng)
        play_out(game, [paiju_coin.always_heads] * len(game.players), rng)
        hall.save(game)


@pytest.fixture(scope="session")
def doudizhu_store(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A SQLite store of 60 simulated Dou Dizhu hands (shared, read-only by convention)."""
    url = f"sqlite:///{tmp_path_factory.mktemp('dd')}/paiju.db"
    hall = GameHall.from_store(url)
    fill(hall, hands=60)
    hall.close()
    return url
