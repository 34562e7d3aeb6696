"""Exactly once: reruns, duplicates, a stop half-way, a crash mid-page, live following."""

from __future__ import annotations

import threading
import time

import pandas as pd
import pytest
from analytics_support import fill
from eventsourcing.persistence import IntegrityError, Tracking

from analytics.projection import (
    AnalyticsProjection,
    catch_up,
    close_view,
    follow,
    open_view,
    rebuild,
)
from analytics.readmodel import ReadModel
from analytics.schema import columns
from service.hall import GameHall
from service.simulation import simulate

KEYS = {"games": ["game_id"], "seats": ["game_id", "seat"], "doudizhu_hands": ["game_id"]}


def snapshot(view: ReadModel) -> dict[str, pd.DataFrame]:
    return {t: view.frame(t).sort_values(KEYS[t]).reset_index(drop=True) for t in columns()}


def assert_same(left: dict[str, pd.DataFrame], right: dict[str, pd.DataFrame]) -> None:
    for table in columns():
        pd.testing.assert_frame_equal(left[table], right[table], check_dtype=False)


def one_pass(hall: GameHall) -> dict[str, pd.DataFrame]:
    """The reference: the tables rebuilt from the whole log in one run."""
    view = open_view(hall)
    rebuild(hall, view)
    return snapshot(view)


def test_rerun_and_duplicates_change_nothing(store_url: str, open_hall: list[GameHall]) -> None:
    hall = GameHall.from_store(store_url)
    open_hall.append(hall)
    fill(hall, hands=12)
    view = open_view(hall)
    first = catch_up(hall, view)
    assert first.position == hall.recorder.max_notification_id()
    before = snapshot(view)
    assert len(before["games"]) == 12 and len(before["seats"]) == 36

    # a rerun finds nothing new
    assert catch_up(hall, view).events == 0
    assert_same(snapshot(view), before)

    # the same page offered again is refused by the tracking record, and nothing changes
    page = hall.recorder.select_notifications(1, 50, topics=view.translator.topics)
    events = [hall.mapper.to_domain_event(n) for n in page]
    with pytest.raises(IntegrityError):
        view.process(events, Tracking(hall.name, page[-1].id))
    assert_same(snapshot(view), before)

    # and even past the tracking guard, the table logic only sets values: replaying every
    # event (under a new position) leaves every row as it was
    everything = hall.recorder.select_notifications(1, 10_000, topics=view.translator.topics)
    view.process([hall.mapper.to_domain_event(n) for n in everything],
                 Tracking(hall.name, first.position + 1))
    assert_same(snapshot(view), before)


def test_resume_after_a_stop_matches_one_pass(store_url: str,
                                              open_hall: list[GameHall]) -> None:
    hall = GameHall.from_store(store_url)
    open_hall.append(hall)
    fill(hall, hands=16)
    wanted = len(hall.recorder.select_notifications(
        1, 100_000, topics=open_view(hall).translator.topics))
    half = catch_up(hall, batch=10, limit=wanted // 2)
    assert half.events == wanted // 2
    assert 0 < half.position < hall.recorder.max_notification_id()
    close_view(hall)

    # a new process: new hall, new projection object, continues from the tracked position
    again = GameHall.from_store(store_url)
    open_hall.append(again)
    rest = catch_up(again, batch=40)
    assert rest.position == again.recorder.max_notification_id()
    assert half.events + rest.events == wanted
    resumed = snapshot(open_view(again))
    assert_same(resumed, one_pass(again))


def test_a_crash_mid_page_loses_and_doubles_nothing(tmp_path, open_hall,  # type: ignore[no-untyped-def]
                                                    monkeypatch) -> None:
    url = f"sqlite:///{tmp_path}/crash.db"
    hall = GameHall.from_store(url)
    open_hall.append(hall)
    fill(hall, hands=10)
    view = open_view(hall)
    catch_up(hall, view, batch=10, limit=20)
    position, before = view.position(hall.name), snapshot(view)

    # the process dies while writing the seats of a game
    real = view.translator.changes
    calls = {"n": 0}

    def dying(event, lookup):  # type: ignore[no-untyped-def]
        out = real(event, lookup)
        calls["n"] += 1
        if calls["n"] == 5:
            raise RuntimeError("power cut")
        return out

    monkeypatch.setattr(view.translator, "changes", dying)
    with pytest.raises(RuntimeError, match="power cut"):
        catch_up(hall, view, batch=10)
    assert view.position(hall.name) == position
    assert_same(snapshot(view), before)

    # restart: the page is done again, once, and the result is the one-pass result
    monkeypatch.setattr(view.translator, "changes", real)
    catch_up(hall, view, batch=10)
    assert_same(snapshot(view), one_pass(hall))


def test_two_projectors_racing_count_once(tmp_path, open_hall,  # type: ignore[no-untyped-def]
                                         monkeypatch) -> None:
    url = f"sqlite:///{tmp_path}/race.db"
    a, b = GameHall.from_store(url), GameHall.from_store(url)
    open_hall.extend([a, b])
    fill(a, hands=10)
    view_a = open_view(a)
    wanted = len(a.recorder.select_notifications(1, 100_000, topics=view_a.translator.topics))

    # a reads its first page; before it commits, b projects three pages over the same span
    real = a.recorder.select_notifications
    raced: dict[str, int] = {}

    def slow_read(*args, **kwargs):  # type: ignore[no-untyped-def]
        page = real(*args, **kwargs)
        if not raced:
            raced["b"] = catch_up(b, batch=10, limit=30).events
        return page

    monkeypatch.setattr(a.recorder, "select_notifications", slow_read)
    done = catch_up(a, view_a, batch=10)

    # a's stale page was refused by the tracking row; a went on from b's position
    assert raced["b"] == 30 and done.events == wanted - 30
    assert done.position == a.recorder.max_notification_id()
    monkeypatch.setattr(a.recorder, "select_notifications", real)
    assert_same(snapshot(view_a), one_pass(b))


def test_following_while_games_are_played(store_url: str, open_hall: list[GameHall],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """`paiju project --follow`: PostgreSQL uses the library's runner, SQLite polls."""
    hall = GameHall.from_store(store_url)
    open_hall.append(hall)
    fill(hall, hands=6)
    view = open_view(hall)
    topics = view.translator.topics
    stop, ready = threading.Event(), threading.Event()
    errors: list[BaseException] = []
    by_runner: list[int] = []

    if store_url.startswith("postgresql"):
        # the runner subscribes when it builds the projection: from then on, every new
        # event must reach the tables through it
        init, process = AnalyticsProjection.__init__, AnalyticsProjection.process_event

        def spy_init(self, view):  # type: ignore[no-untyped-def]
            init(self, view)
            ready.set()

        def spy_process(self, event, tracking):  # type: ignore[no-untyped-def]
            by_runner.append(tracking.notification_id)
            process(self, event, tracking)

        monkeypatch.setattr(AnalyticsProjection, "__init__", spy_init)
        monkeypatch.setattr(AnalyticsProjection, "process_event", spy_process)

    def run() -> None:
        follower = GameHall.from_store(store_url)
        try:
            follow(follower, interval=0.05, stop=stop)
        except BaseException as e:  # surfaced below
            errors.append(e)
        finally:
            close_view(follower)
            follower.close()

    thread = threading.Thread(target=run)
    thread.start()
    try:
        first = hall.recorder.select_notifications(1, 100_000, topics=topics)[-1].id
        deadline = time.monotonic() + 20
        while view.position(hall.name) < first and time.monotonic() < deadline:
            time.sleep(0.02)
        if store_url.startswith("postgresql"):
            assert ready.wait(20)
        simulate(hall, "doudizhu", 8, "greedy", seed=5)  # the simulation keeps working
        target = hall.recorder.select_notifications(1, 100_000, topics=topics)[-1].id
        while view.position(hall.name) < target and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        stop.set()
        thread.join(timeout=20)
    assert not errors and not thread.is_alive()
    assert view.position(hall.name) == target
    if store_url.startswith("postgresql"):
        assert by_runner and by_runner[-1] == target and min(by_runner) > first
    followed = snapshot(view)
    assert len(followed["games"]) == 14
    assert_same(followed, one_pass(hall))
