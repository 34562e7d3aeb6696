"""Many processes opening a fresh store at the same instant all boot (service/migrate.py).

Without the setup lock, six processes creating the library's tables on a fresh
PostgreSQL schema at once failed in 6 tries of 6 (duplicate keys on ``pg_namespace`` /
``pg_type``); each try here starts them behind a barrier, so they collide if they can.
"""

from __future__ import annotations

import multiprocessing as mp
from pathlib import Path
from typing import Any

import pytest

from service.hall import GameHall
from service.migrate import SCHEMA_MARK, has_mark, migrate
from service.store import store_env
from tests.conftest import PG_DSN

PROCESSES = 6


def _boot(url: str, barrier: Any, results: Any) -> None:
    """One process: open the store the moment every other one does, then write to it."""
    try:
        barrier.wait(timeout=30)
        hall = GameHall.from_store(url)
        hall.create_game("doudizhu", ["a", "b", "c"])
        hall.close()
        results.put("ok")
    except Exception as e:  # noqa: BLE001 - reported to the parent as text
        results.put(f"{type(e).__name__}: {e}")


def boot_together(url: str, processes: int = PROCESSES) -> list[str]:
    ctx = mp.get_context("fork")
    barrier, results = ctx.Barrier(processes), ctx.Queue()
    procs = [ctx.Process(target=_boot, args=(url, barrier, results)) for _ in range(processes)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=120)
    return [results.get(timeout=5) for _ in procs]


def drop_schema(name: str) -> None:
    import psycopg

    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")


#: tries in the default run, and behind ``-m reliability``
SHORT, LONG = 4, 25


@pytest.mark.postgres
@pytest.mark.parametrize("attempts", [
    SHORT, pytest.param(LONG, marks=pytest.mark.reliability)])
def test_processes_opening_a_fresh_postgres_schema_together_all_boot(
        pg_schema: str, attempts: int) -> None:
    for attempt in range(attempts):
        # a schema nobody has created yet: every process races to create it
        fresh = f"{pg_schema}_{attempt}"
        try:
            results = boot_together(f"{PG_DSN}?schema={fresh}")
            assert results == ["ok"] * PROCESSES, results
            hall = GameHall.from_store(f"{PG_DSN}?schema={fresh}")
            assert sum(1 for _ in hall.iter_game_ids()) == PROCESSES
            hall.close()
        finally:
            drop_schema(fresh)


@pytest.mark.parametrize("attempts", [
    SHORT, pytest.param(LONG, marks=pytest.mark.reliability)])
def test_processes_opening_a_fresh_sqlite_file_together_all_boot(
        tmp_path: Path, attempts: int) -> None:
    for attempt in range(attempts):
        url = f"sqlite:///{tmp_path}/fresh-{attempt}.db"
        results = boot_together(url)
        assert results == ["ok"] * PROCESSES, results
        hall = GameHall.from_store(url)
        assert sum(1 for _ in hall.iter_game_ids()) == PROCESSES
        hall.close()


def test_a_set_up_store_is_opened_without_creating_tables(store: str) -> None:
    env = store_env(store)
    assert migrate(env) is True  # the first setup does the work…
    assert has_mark(env)
    assert migrate(env) is False  # …and the next one finds the mark
    from service.store import prepare

    assert prepare(env)["CREATE_TABLE"] == "no"  # so a booting worker runs no DDL
    hall = GameHall.from_store(store)
    assert hall.create_game("doudizhu", ["a", "b", "c"]).version == 2
    hall.close()


def test_an_old_mark_means_set_up_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import service.migrate as m

    env = store_env(f"sqlite:///{tmp_path}/old.db")
    migrate(env)
    monkeypatch.setattr(m, "SCHEMA_MARK", SCHEMA_MARK + "-next")
    assert not has_mark(env)
    assert migrate(env) is True and has_mark(env)
