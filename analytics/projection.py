"""Running the projection: catch up by polling the notification log, or follow it.

One table logic (``ReadModel.process``) and two drivers:

* ``catch_up`` reads ``select_notifications(position + 1, batch, topics=...)`` and hands
  each page to the read model with the page's last notification id as tracking — one
  transaction per page, which is what makes a projection keep pace with a plain read of
  the log. It works on every store, and is how SQLite (which cannot subscribe) follows.
* ``follow`` on PostgreSQL catches up, then runs the library's ``ProjectionRunner``
  (LISTEN/NOTIFY subscription, one event per transaction) until stopped.

One bad stored event (a row that does not decode, a value the read model's database
cannot hold, such as a NUL byte in PostgreSQL text) never stops the projection: its page
is projected again event by event, the bad one is passed over with its tracking record
(so it is not retried forever), logged with its notification id, game and version, and
listed in ``Progress.skipped``; the rest goes on. Errors of the database or the process (a lost
connection, a missing table) are not an event's fault and still stop it.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from eventsourcing.application import Application
from eventsourcing.persistence import (
    DataError,
    InfrastructureFactory,
    IntegrityError,
    PersistenceError,
    Tracking,
)
from eventsourcing.popo import POPOFactory
from eventsourcing.postgres import PostgresFactory
from eventsourcing.projection import Projection, ProjectionRunner
from eventsourcing.sqlite import SQLiteDatastore, SQLiteFactory
from eventsourcing.utils import Environment, TopicError

from analytics.readmodel import NAME, PostgresReadModel, ReadModel, SQLiteReadModel
from analytics.translate import Translator

BATCH = 1000
log = logging.getLogger("paiju.projection")

_VIEWS: weakref.WeakKeyDictionary[Application, ReadModel] = weakref.WeakKeyDictionary()
_VIEWS_LOCK = threading.Lock()


def open_view(hall: Application) -> ReadModel:
    """The read model next to ``hall``'s events (one per hall, reused).

    SQLite and PostgreSQL put the tables in the store itself. An in-process ``memory://``
    store gets an in-memory SQLite read model that lives as long as the hall.
    """
    with _VIEWS_LOCK:
        view = _VIEWS.get(hall)
        if view is None:
            view = _VIEWS[hall] = _build_view(hall)
        return view


def _build_view(hall: Application) -> ReadModel:
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


def close_view(hall: Application) -> None:
    with _VIEWS_LOCK:
        view = _VIEWS.pop(hall, None)
    if view is not None:
        view.datastore.close()


@dataclass(frozen=True)
class Skipped:
    """A stored event the projection passed over, and why."""

    notification_id: int
    game_id: str
    version: int
    reason: str

    def line(self) -> str:
        return (f"skipped notification {self.notification_id} (game {self.game_id}, "
                f"event {self.version}): {self.reason}")


@dataclass
class Progress:
    """What one catch-up did: notifications consumed, pages committed, where it ended."""

    events: int = 0
    batches: int = 0
    position: int = 0
    seconds: float = 0.0
    skipped: list[Skipped] = field(default_factory=list)


#: what one event can cause: bytes that do not decode, a topic that does not resolve,
#: a shape the translator cannot read, a value the read model's database refuses
BAD_EVENT_ERRORS = (ValueError, LookupError, TypeError, TopicError, DataError)


def is_bad_event(error: BaseException) -> bool:
    """An error one event causes, as opposed to one of the database itself (or of the
    process), which must stop the projection."""
    return isinstance(error, BAD_EVENT_ERRORS) and (
        isinstance(error, DataError) or not isinstance(error, PersistenceError))


def skip(view: ReadModel, app_name: str, notification: Any, error: BaseException) -> Skipped:
    """Record the tracking of a bad event without its changes, and report it."""
    skipped = Skipped(notification.id, str(notification.originator_id),
                      notification.originator_version, f"{type(error).__name__}: {error}")
    view.process([], Tracking(app_name, notification.id))
    log.warning("%s", skipped.line())
    return skipped


def catch_up(
    hall: Application,
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
        try:
            events = [hall.mapper.to_domain_event(n) for n in page]
            view.process(events, Tracking(hall.name, page[-1].id))
        except IntegrityError:
            # another projector committed past us: continue from its position
            progress.position = view.position(hall.name)
            continue
        except Exception as e:
            if not is_bad_event(e):
                raise
            one_by_one(hall, view, page, progress)
            continue
        progress.events += len(page)
        progress.batches += 1
        progress.position = page[-1].id
        if on_batch:
            on_batch(progress)
    progress.seconds = time.perf_counter() - started
    return progress


def one_by_one(hall: Application, view: ReadModel, page: Sequence[Any], progress: Progress) -> None:
    """A page with a bad event in it: each event in its own transaction, the bad skipped."""
    for n in page:
        try:
            view.process([hall.mapper.to_domain_event(n)], Tracking(hall.name, n.id))
        except IntegrityError:
            progress.position = view.position(hall.name)  # another projector is ahead
            return
        except Exception as e:
            if not is_bad_event(e):
                raise
            progress.skipped.append(skip(view, hall.name, n, e))
        progress.events += 1
        progress.batches += 1
        progress.position = n.id


class AnalyticsProjection(Projection[PostgresReadModel]):
    """The library-facing projection: one event per call, same table logic as a page."""

    name = NAME

    def __init__(self, view: PostgresReadModel) -> None:
        super().__init__(view)
        self.topics = view.translator.topics

    def process_event(self, domain_event: Any, tracking: Tracking) -> None:  # type: ignore[override]
        try:
            self.view.process([domain_event], tracking)
        except Exception as e:
            if not is_bad_event(e) or isinstance(e, IntegrityError):
                raise
            bad = Skipped(tracking.notification_id, str(domain_event.originator_id),
                          domain_event.originator_version, f"{type(e).__name__}: {e}")
            self.view.process([], tracking)
            log.warning("%s", bad.line())


def follow(
    hall: Application,
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
            application_class=type(hall),
            projection_class=AnalyticsProjection,
            view_class=PostgresReadModel,
            env=dict(hall.env),
        )
        while not stop.is_set():
            try:
                with runner:
                    while not stop.is_set():
                        runner.run_forever(timeout=interval)
            except Exception as e:
                if not is_bad_event(e):
                    raise
                # a row the subscription could not even decode: step over it in pages
                catch_up(hall, view, on_batch=on_batch)
                runner = ProjectionRunner(
                    application_class=type(hall), projection_class=AnalyticsProjection,
                    view_class=PostgresReadModel, env=dict(hall.env))
        return
    while not stop.wait(interval):
        catch_up(hall, view, on_batch=on_batch)


def rebuild(hall: Application, view: ReadModel | None = None) -> Progress:
    """Empty the tables and project the whole log again (after a table change)."""
    view = view or open_view(hall)
    view.reset(hall.name)
    return catch_up(hall, view)


def fresh_translator(view: ReadModel, kinds: list[str] | None = None) -> None:
    """Re-read the registry's kinds (a game kind that landed after the view was built)."""
    view.translator = Translator(kinds)
