"""Running the projection: catch up by polling the notification log, or follow it.

One table logic (``ReadModel.process``) and two drivers:

* ``catch_up`` reads ``select_notifications(position + 1, batch, topics=...)`` and hands
  each page to the read model with the page's last notification id as tracking — one
  transaction per page, which is what makes a projection keep pace with a plain read of
  the log. It works on every store, and is how SQLite (which cannot subscribe) follows.
* ``follow`` on PostgreSQL catches up, then runs the library's ``ProjectionRunner``
  (LISTEN/NOTIFY subscription, one event per transaction) until stopped.
"""

from __future__ import annotations

import threading
import time
import uuid
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from eventsourcing.persistence import InfrastructureFactory, IntegrityError, Tracking
from eventsourcing.popo import POPOFactory
from eventsourcing.postgres import PostgresFactory
from eventsourcing.projection import Projection, ProjectionRunner
from eventsourcing.sqlite import SQLiteDatastore, SQLiteFactory
from eventsourcing.utils import Environment

from analytics.readmodel import NAME, PostgresReadModel, ReadModel, SQLiteReadModel
from analytics.translate import Translator
from service.hall import GameHall

BATCH = 1000

_VIEWS: weakref.WeakKeyDictionary[GameHall, ReadModel] = weakref.WeakKeyDictionary()
_VIEWS_LOCK = threading.Lock()


def open_view(hall: GameHall) -> ReadModel:
    """The read model next to ``hall``'s events (one per hall, reused).

    SQLite and PostgreSQL put the tables in the store itself. An in-process ``memory://``
    store gets an in-memory SQLite read model that lives as long as the hall.
    """
    with _VIEWS_LOCK:
        view = _VIEWS.get(hall)
        if view is None:
            view = _VIEWS[hall] = _build_view(hall)
        return view


def _build_view(hall: GameHall) -> ReadModel:
    factory = hall.factory
    if isinstance(factory, SQLiteFactory | PostgresFactory):
        # its own small pool: a request reads the tables with one connection, and a
        # projection page writes with one (see service.store.pool_max)
        env = dict(hall.env) | {"POSTGRES_POOL_SIZE": "1", "POSTGRES_MAX_OVERFLOW": "1"}
        own = InfrastructureFactory.construct(env=Environment(NAME, env))
        view_class = SQLiteReadModel if isinstance(own, SQLiteFactory) else PostgresReadModel
        return own.tracking_recorder(view_class)  # type: ignore[arg-type,return-value]
    if isinstance(factory, POPOFactory):
        name = f"file:{NAME}-{uuid.uuid4().hex}?mode=memory&cache=shared"
        view = SQLiteReadModel(SQLiteDatastore(name))
        view.create_table()
        return view
    raise TypeError(f"no read model for a {type(factory).__name__} store")


def close_view(hall: GameHall) -> None:
    with _VIEWS_LOCK:
        view = _VIEWS.pop(hall, None)
    if view is not None:
        view.datastore.close()


@dataclass
class Progress:
    """What one catch-up did: notifications consumed, pages committed, where it ended."""

    events: int = 0
    batches: int = 0
    position: int = 0
    seconds: float = 0.0


def catch_up(
    hall: GameHall,
    view: ReadModel | None = None,
    *,
    batch: int = BATCH,
    limit: int | None = None,
    on_batch: Callable[[Progress], None] | None = None,
) -> Progress:
    """Project every notification after the tracked position; returns what was done.

    ``limit`` stops after about that many notifications (a page is never split), which
    the tests use to stop half-way. Safe to run next to a live simulation, the API or a
    second projector: a page someone else already committed is skipped, not doubled.
    """
    view = view or open_view(hall)
    topics = view.translator.topics
    started = time.perf_counter()
    progress = Progress(position=view.position(hall.name))
    while limit is None or progress.events < limit:
        size = batch if limit is None else max(1, min(batch, limit - progress.events))
        page = hall.recorder.select_notifications(progress.position + 1, size, topics=topics)
        if not page:
            break
        events = [hall.mapper.to_domain_event(n) for n in page]
        try:
            view.process(events, Tracking(hall.name, page[-1].id))
        except IntegrityError:
            # another projector committed past us: continue from its position
            progress.position = view.position(hall.name)
            continue
        progress.events += len(page)
        progress.batches += 1
        progress.position = page[-1].id
        if on_batch:
            on_batch(progress)
    progress.seconds = time.perf_counter() - started
    return progress


class AnalyticsProjection(Projection[PostgresReadModel]):
    """The library-facing projection: one event per call, same table logic as a page."""

    name = NAME

    def __init__(self, view: PostgresReadModel) -> None:
        super().__init__(view)
        self.topics = view.translator.topics

    def process_event(self, domain_event: Any, tracking: Tracking) -> None:  # type: ignore[override]
        self.view.process([domain_event], tracking)


def follow(
    hall: GameHall,
    *,
    interval: float = 1.0,
    stop: threading.Event | None = None,
    on_batch: Callable[[Progress], None] | None = None,
) -> None:
    """Keep the tables current until ``stop`` is set (or Ctrl-C).

    PostgreSQL: catch up in pages, then let the library's ``ProjectionRunner`` follow the
    LISTEN/NOTIFY subscription. Elsewhere: catch up every ``interval`` seconds.
    """
    stop = stop or threading.Event()
    view = open_view(hall)
    catch_up(hall, view, on_batch=on_batch)
    if isinstance(view, PostgresReadModel):
        runner = ProjectionRunner(
            application_class=GameHall,
            projection_class=AnalyticsProjection,
            view_class=PostgresReadModel,
            env=dict(hall.env),
        )
        with runner:
            while not stop.is_set():
                runner.run_forever(timeout=interval)
        return
    while not stop.wait(interval):
        catch_up(hall, view, on_batch=on_batch)


def rebuild(hall: GameHall, view: ReadModel | None = None) -> Progress:
    """Empty the tables and project the whole log again (after a table change)."""
    view = view or open_view(hall)
    view.reset(hall.name)
    return catch_up(hall, view)


def fresh_translator(view: ReadModel, kinds: list[str] | None = None) -> None:
    """Re-read the registry's kinds (a game kind that landed after the view was built)."""
    view.translator = Translator(kinds)
