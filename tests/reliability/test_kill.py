"""SIGKILL mid-load: a worker, then the whole server (master and workers at once). The
store reopens, every accepted action is there exactly once, every chain is intact."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import pytest

from tests.reliability.server import Server, check_exactly_once, load

SHORT = {"clients": 8, "seconds": 8, "kills": (2.0, 4.0)}
LONG = {"clients": 24, "seconds": 90, "kills": (10.0, 25.0, 40.0, 55.0, 70.0)}


def killing(servers: list[Server], at: tuple[float, ...], log: list[str]) -> Any:
    """Kills at the given seconds, in turn: a worker (gunicorn starts another), then a
    whole server (restarted on the same port), and so on."""
    pending = list(at)

    def during(elapsed: float) -> None:
        if not pending or elapsed < pending[0]:
            return
        pending.pop(0)
        server = servers[len(log) % len(servers)]
        if len(log) % 2 == 0:
            victim = server.worker_pids()[0]
            os.kill(victim, signal.SIGKILL)
            log.append(f"worker {victim} of :{server.port}")
        else:
            server.kill()
            log.append(f"server :{server.port}")
            server.start().wait_ready()

    return during


def run(store: str, tmp_path: Path, servers: int, size: dict) -> None:
    started = [Server(store, tmp_path / f"server{i}.log", workers=2, threads=4).start()
               for i in range(servers)]
    kills: list[str] = []
    try:
        for s in started:
            s.wait_ready()
        ledger = load([s.url for s in started], size["clients"], size["seconds"],
                      racing=False, during=killing(started, size["kills"], kills))
    finally:
        for s in started:
            s.stop()
    assert len(kills) == len(size["kills"]), kills
    assert 500 not in ledger.statuses, ledger.statuses
    figures = check_exactly_once(store, ledger)
    assert figures["accepted"] > 30, figures
    audit_all(store, list(ledger.created))


def audit_all(store: str, game_ids: list[str]) -> None:
    from service.audit import audit_game
    from service.hall import GameHall

    hall = GameHall.from_store(store)
    try:
        for gid in game_ids:
            report = audit_game(hall, gid)
            assert not report.chain, (gid, report.chain)
    finally:
        hall.close()


@pytest.mark.parametrize("size", [SHORT, pytest.param(LONG, marks=pytest.mark.reliability)],
                         ids=["short", "long"])
def test_sqlite_survives_sigkill_mid_load(tmp_path: Path, size: dict) -> None:
    run(f"sqlite:///{tmp_path}/kill.db", tmp_path, 1, size)


@pytest.mark.postgres
@pytest.mark.parametrize("size", [SHORT, pytest.param(LONG, marks=pytest.mark.reliability)],
                         ids=["short", "long"])
def test_postgres_survives_sigkill_mid_load(tmp_path: Path, pg_schema: str,
                                            size: dict) -> None:
    from tests.conftest import PG_DSN

    run(f"{PG_DSN}?schema={pg_schema}", tmp_path, 2, size)
