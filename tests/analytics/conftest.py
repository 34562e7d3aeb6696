"""Fixtures for the analytics tests: stores (SQLite file, PostgreSQL schema), a small
simulated store, and the test-only ``coin`` game kind registered for a test."""

from __future__ import annotations

from collections.abc import Iterator

import paiju_coin
import pytest
from analytics_support import fill

from analytics.projection import close_view
from domain import registry
from service.hall import GameHall


@pytest.fixture
def coin_kind() -> Iterator[str]:
    """Register the test-only ``coin`` kind (withdrawn after the test)."""
    registry.register(paiju_coin.SPEC)
    yield "coin"
    registry.unregister("coin")


@pytest.fixture
def store_url(store: str) -> str:
    """The shared store fixture (tests/conftest.py): a SQLite file or a PostgreSQL schema."""
    return store


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
