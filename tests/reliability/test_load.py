"""Concurrent clients on real servers, both stores: every accepted action is stored
exactly once, racing duplicates are refused without a trace (tests/reliability/server.py).

The default run is short (a few seconds of load); ``-m reliability`` runs the long one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.reliability.server import Server, check_exactly_once, load, serving

SHORT = {"clients": 10, "seconds": 4}
LONG = {"clients": 40, "seconds": 60}


@pytest.mark.parametrize("size", [SHORT, pytest.param(LONG, marks=pytest.mark.reliability)],
                         ids=["short", "long"])
def test_clients_on_sqlite_lose_and_double_nothing(tmp_path: Path, size: dict) -> None:
    store = f"sqlite:///{tmp_path}/load.db"
    with serving(Server(store, tmp_path / "server.log", workers=2, threads=4)) as (server,):
        ledger = load([server.url], **size)
    assert ledger.unknown == 0 and not ledger.resynced, ledger.statuses
    assert set(ledger.statuses) <= {200, 201, 409}, ledger.statuses
    assert ledger.statuses.get(409), "the racing duplicates never met"
    figures = check_exactly_once(store, ledger)
    assert figures["accepted"] > 50, figures


@pytest.mark.postgres
@pytest.mark.parametrize("size", [SHORT, pytest.param(LONG, marks=pytest.mark.reliability)],
                         ids=["short", "long"])
def test_clients_on_two_postgres_servers_lose_and_double_nothing(
        tmp_path: Path, pg_schema: str, size: dict) -> None:
    from tests.conftest import PG_DSN

    # a schema nobody has set up: both servers (and their workers) race to do it
    store = f"{PG_DSN}?schema={pg_schema}_load"
    try:
        servers = [Server(store, tmp_path / f"server{i}.log", workers=2, threads=4)
                   for i in range(2)]
        with serving(*servers):
            ledger = load([s.url for s in servers], **size)
        assert ledger.unknown == 0 and not ledger.resynced, ledger.statuses
        assert set(ledger.statuses) <= {200, 201, 409}, ledger.statuses
        figures = check_exactly_once(store, ledger)
        assert figures["accepted"] > 50, figures
    finally:
        import psycopg

        with psycopg.connect(PG_DSN, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {pg_schema}_load CASCADE")
