"""Schema setup that any number of processes may start at the same moment.

Why: every app server, worker, simulation process and projector opens the store, and
the eventsourcing library creates its tables, types and functions when it is opened
(``CREATE TABLE IF NOT EXISTS``, ``CREATE OR REPLACE FUNCTION``...). PostgreSQL does not
serialise such statements: two processes running them at once fail with ``tuple
concurrently updated`` or a duplicate key on ``pg_namespace`` / ``pg_type``, and a
gunicorn worker that fails to boot takes its whole server down. SQLite can answer
``database is locked`` while one process switches the file to WAL and another creates
tables.

How (both, so nobody has to remember a step):

1. **One setup, under a lock.** :func:`migrate` takes a lock that spans processes (a
   PostgreSQL advisory lock keyed on the database and schema; an ``flock`` on a file
   beside a SQLite store), creates the schema, the event tables and the analytics
   tables, then writes a *schema mark* (:data:`SCHEMA_MARK`) into ``paiju_schema``.
   Whoever waits for the lock finds the mark and does nothing.
2. **Openers that never create tables.** :func:`ready_env` (what ``GameHall.from_store``
   uses) reads the mark first; when it is current, the store is opened with the
   library's ``CREATE_TABLE=no``, so a booting worker runs no DDL at all on a live
   schema (no catalogue writes to collide, no ``CREATE INDEX`` lock taken on a table
   that is being written). Only when the mark is missing or old does it run
   :func:`migrate` itself, under the lock.

``paiju migrate`` runs step 1 on purpose (e.g. in a deploy, with a role that may
create tables, before servers that may not); ``paiju serve`` runs it once in the
master before gunicorn forks its workers. Bump :data:`SCHEMA_MARK` when a table
changes, and every opener sets it up again (once, under the lock).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

#: what a set-up store records; a different mark means "set it up again"
#: 2: the shared analytics columns of analytics.schema.ADDED; 3: the projection's
#: chosen_generals table (Kingdom Wars generals reach the seats rows)
SCHEMA_MARK = "paiju-3"
MARK_TABLE = "paiju_schema"
#: seconds a process waits for another one's setup before giving up
LOCK_WAIT = 60


class SetupError(RuntimeError):
    """The store could not be set up (or the lock was not had in time)."""


def is_postgres(env: dict[str, str]) -> bool:
    return env.get("PERSISTENCE_MODULE") == "eventsourcing.postgres"


def sqlite_path(env: dict[str, str]) -> str | None:
    """The SQLite file of a store, or None for every other store (and in-memory SQLite)."""
    if env.get("PERSISTENCE_MODULE") != "eventsourcing.sqlite":
        return None
    name = env.get("SQLITE_DBNAME", "")
    return None if not name or "memory" in name else name


def ready_env(env: dict[str, str]) -> dict[str, str]:
    """``env`` for opening a store whose tables are sure to exist (set up if need be)."""
    if not is_postgres(env) and sqlite_path(env) is None:
        return env  # in process only: nothing to share, nothing to race
    if not has_mark(env):
        migrate(env)
    return {**env, "CREATE_TABLE": "no"}


def migrate(env: dict[str, str]) -> bool:
    """Create every table the store needs, once, under a lock that spans processes.

    Returns True when this call did the work, False when another process had already
    (or in the meantime) set the store up.
    """
    with setup_lock(env):
        if has_mark(env):
            return False
        _create_everything(env)
        _write_mark(env)
        return True


def _create_everything(env: dict[str, str]) -> None:
    """Open the store the way every opener does, with table creation on, then close."""
    from eventsourcing.persistence import InfrastructureFactory
    from eventsourcing.utils import Environment

    from analytics.readmodel import NAME, PostgresReadModel, SQLiteReadModel
    from service.hall import GameHall

    creating = {**env, "CREATE_TABLE": "yes"}
    hall = GameHall(env=creating)
    try:
        factory: Any = InfrastructureFactory.construct(Environment(NAME, dict(hall.env)))
        view_class = PostgresReadModel if is_postgres(env) else SQLiteReadModel
        view = factory.tracking_recorder(view_class)
        view.datastore.close()
    finally:
        hall.close()


# --- the mark -----------------------------------------------------------------------
def has_mark(env: dict[str, str]) -> bool:
    missing: tuple[type[BaseException], ...] = (sqlite3.OperationalError, *_pg_missing())
    try:
        if is_postgres(env):
            with _pg_connect(env) as conn:
                row = conn.execute(
                    _pg_sql(f"SELECT 1 FROM {{}}.{MARK_TABLE} WHERE mark = %s", env),
                    (SCHEMA_MARK,)).fetchone()
                return row is not None
        with contextlib.closing(_sqlite_connect(env)) as db:
            row = db.execute(f"SELECT 1 FROM {MARK_TABLE} WHERE mark = ?",
                             (SCHEMA_MARK,)).fetchone()
            return row is not None
    except missing:
        return False  # no schema or no mark table yet


def _write_mark(env: dict[str, str]) -> None:
    create = f"CREATE TABLE IF NOT EXISTS {{}}.{MARK_TABLE} (mark text PRIMARY KEY)"
    if is_postgres(env):
        with _pg_connect(env) as conn:
            conn.execute(_pg_sql(create, env))
            conn.execute(_pg_sql(f"DELETE FROM {{}}.{MARK_TABLE}", env))
            conn.execute(_pg_sql(f"INSERT INTO {{}}.{MARK_TABLE} VALUES (%s)", env),
                         (SCHEMA_MARK,))
        return
    with contextlib.closing(_sqlite_connect(env)) as db, db:
        db.execute(create.replace("{}.", ""))
        db.execute(f"DELETE FROM {MARK_TABLE}")
        db.execute(f"INSERT INTO {MARK_TABLE} VALUES (?)", (SCHEMA_MARK,))


# --- the lock -----------------------------------------------------------------------
@contextlib.contextmanager
def setup_lock(env: dict[str, str]) -> Iterator[None]:
    """Hold the store's setup lock (and create a PostgreSQL schema while holding it)."""
    if is_postgres(env):
        with _pg_connect(env) as conn:
            import psycopg

            key = f"paiju-setup:{env['POSTGRES_DBNAME']}:{_schema(env)}"
            try:
                conn.execute(f"SET lock_timeout = '{LOCK_WAIT}s'")
                conn.execute("SELECT pg_advisory_lock(hashtext(%s))", (key,))
            except psycopg.errors.LockNotAvailable:
                raise SetupError(f"another process held the setup lock of {key} for "
                                 f"{LOCK_WAIT} s") from None
            try:
                conn.execute(_pg_sql("CREATE SCHEMA IF NOT EXISTS {}", env))
                yield
            finally:
                conn.execute("SELECT pg_advisory_unlock(hashtext(%s))", (key,))
        return
    path = sqlite_path(env)
    if path is None:
        yield
        return
    try:
        import fcntl
    except ImportError:  # not a POSIX system: SQLite's own busy timeout must do
        yield
        return
    lock = Path(path + "-setup.lock")
    with lock.open("a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)  # released when the file closes, or the process dies
        yield


# --- connections --------------------------------------------------------------------
def _schema(env: dict[str, str]) -> str:
    return env.get("POSTGRES_SCHEMA") or "public"


def _pg_sql(template: str, env: dict[str, str]) -> Any:
    from psycopg import sql

    return sql.SQL(template).format(sql.Identifier(_schema(env)))


def _pg_missing() -> tuple[type[BaseException], ...]:
    import psycopg

    return (psycopg.errors.UndefinedTable, psycopg.errors.InvalidSchemaName)


def _pg_connect(env: dict[str, str]) -> Any:
    import psycopg

    from service.store import StoreError

    try:
        return psycopg.connect(
            host=env["POSTGRES_HOST"], port=int(env["POSTGRES_PORT"]),
            dbname=env["POSTGRES_DBNAME"], user=env["POSTGRES_USER"],
            password=env.get("POSTGRES_PASSWORD") or None,
            connect_timeout=int(env.get("POSTGRES_CONNECT_TIMEOUT") or 10), autocommit=True,
        )
    except psycopg.Error as e:
        raise StoreError(f"cannot open the PostgreSQL store: {e}".strip()) from None


def _sqlite_connect(env: dict[str, str]) -> sqlite3.Connection:
    path = sqlite_path(env)
    assert path is not None
    return sqlite3.connect(path, timeout=float(env.get("SQLITE_LOCK_TIMEOUT") or 30))


# --- the command --------------------------------------------------------------------
@click.command("migrate")
@click.option("--again", is_flag=True,
              help="run the setup even if the store's mark says it is done")
@click.option("--store", envvar="PAIJU_STORE", default=None,
              help="sqlite:///path.db (default sqlite:///var/paiju.db) or "
                   "postgresql://user@host:port/db")
def migrate_command(again: bool, store: str | None) -> None:
    """Set up the store's tables once (safe while servers and workers start)."""
    from service.store import StoreError, store_env, store_url

    url = store_url(store)
    if url.startswith("memory"):
        click.echo(f"{url}: an in-process store has no tables to set up")
        return
    try:
        env = store_env(url)
        if again:
            with setup_lock(env):
                _create_everything(env)
                _write_mark(env)
            did = True
        else:
            did = migrate(env)
    except StoreError as e:
        raise click.UsageError(str(e)) from None
    click.echo(f"{url}: {'set up' if did else 'already set up'} (schema mark {SCHEMA_MARK})")
