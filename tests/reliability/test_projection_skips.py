"""One bad stored event never stops the projection: it is skipped with its id, reported,
and every other event is projected (both stores, and the PostgreSQL NUL of issue 17)."""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import pytest

from analytics.projection import catch_up, close_view, open_view
from service.hall import GameHall


def finished_games(hall: GameHall, n: int) -> list[Any]:
    return [hall.create_game("doudizhu", ["a", "b", "c"], agents=["greedy"] * 3)
            for _ in range(n)]


def ended(view: Any) -> set[str]:
    games = view.frame("games")
    return set(games[games["ended"].notna()]["game_id"])


def corrupt(store: str, game_id: Any, version: int) -> None:
    """Overwrite one stored row with bytes that are not JSON (as a bad disk or hand would)."""
    if store.startswith("sqlite"):
        with sqlite3.connect(store.removeprefix("sqlite:///")) as db:
            db.execute("UPDATE stored_events SET state = ? WHERE originator_id = ? AND "
                       "originator_version = ?", (b"{not json", game_id.hex, version))
        return
    import psycopg

    dsn, schema = store.split("?schema=")
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"UPDATE {schema}.paiju_events SET state = %s WHERE originator_id = %s "
                     "AND originator_version = %s", (b"{not json", game_id, version))


def test_an_undecodable_row_is_skipped_and_the_rest_projected(
        store: str, caplog: pytest.LogCaptureFixture) -> None:
    hall = GameHall.from_store(store)
    games = finished_games(hall, 5)
    bad = games[2]
    corrupt(store, bad.id, bad.version)  # its GameEnded (or last) event
    view = open_view(hall)
    with caplog.at_level(logging.WARNING, logger="paiju.projection"):
        done = catch_up(hall, view, batch=4)
    assert [s.game_id for s in done.skipped] == [str(bad.id)]
    assert done.skipped[0].version == bad.version
    assert f"game {bad.id}" in caplog.text
    assert done.position == hall.recorder.max_notification_id()
    assert {str(g.id) for g in games} - {str(bad.id)} <= ended(view)
    # a second run finds nothing left to do: the bad event is not retried forever
    again = catch_up(hall, view)
    assert again.events == 0 and not again.skipped
    close_view(hall)
    hall.close()


@pytest.mark.postgres
def test_a_nul_in_a_name_skips_one_game_on_postgres(pg_schema: str) -> None:
    from tests.conftest import PG_DSN

    hall = GameHall.from_store(f"{PG_DSN}?schema={pg_schema}")
    # stored before the API refused NUL bytes (the store itself takes them as JSON)
    poisoned = hall.create_game("doudizhu", ["a\x00b", "b", "c"], agents=["greedy"] * 3)
    games = finished_games(hall, 3)
    view = open_view(hall)
    done = catch_up(hall, view)
    assert {s.game_id for s in done.skipped} == {str(poisoned.id)}
    assert "NUL" in done.skipped[0].reason or "0x00" in done.skipped[0].reason
    # the other games are projected to their end; the poisoned one lacks its last event
    assert {str(g.id) for g in games} <= ended(view) and str(poisoned.id) not in ended(view)
    close_view(hall)
    hall.close()
