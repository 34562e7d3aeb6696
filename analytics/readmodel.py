"""The read model: the library's tracking recorders, extended with paiju's tables.

Extending ``SQLiteTrackingRecorder`` / ``PostgresTrackingRecorder`` keeps the tracking
record and the table changes of a batch in one transaction of the same database: a crash
rolls both back, a rerun starts after the last committed notification, and a second
projection racing the first fails on the tracking row instead of counting twice.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, ClassVar

import pandas as pd
from eventsourcing.persistence import Tracking
from eventsourcing.postgres import PostgresDatastore, PostgresTrackingRecorder
from eventsourcing.sqlite import SQLiteDatastore, SQLiteTrackingRecorder
from psycopg.sql import SQL

from analytics.schema import INTERNAL, Dialect, columns, postgres_dialect, sqlite_dialect
from analytics.translate import GameFacts, Translator
from domain.spec import Row

#: the projection's name: its tracking table (``analytics_tracking``) and env prefix
NAME = "analytics"
TRACKING_TABLE = f"{NAME}_tracking"


class ReadModel:
    """Table logic shared by both backends; subclasses supply the datastore and dialect."""

    dialect: Dialect
    datastore: Any
    tracking_table_name: str
    _translator: Translator | None = None
    #: JSON-ish row → tuple, per driver (sqlite3.Row is a sequence, psycopg's a dict)
    row_values: ClassVar[Any] = staticmethod(tuple)

    @property
    def translator(self) -> Translator:
        if self._translator is None:
            self._translator = Translator()
        return self._translator

    @translator.setter
    def translator(self, value: Translator) -> None:
        self._translator = value

    def process(self, events: Sequence[Any], tracking: Tracking) -> None:
        """Apply a batch of events (in log order) and record ``tracking``, atomically.

        Raises the library's ``IntegrityError`` if the tracking position is not ahead of
        the recorded one: the batch was processed before, and nothing is changed.
        """
        dml = self._dml
        with self.datastore.transaction(commit=True) as c:
            # the tracking row first: it takes the write lock before any read, and a
            # duplicate fails before any table is touched
            self._insert_tracking(c, tracking)  # type: ignore[attr-defined]

            def lookup(game_id: str) -> GameFacts | None:
                c.execute(dml["game_facts"], (game_id,))
                row = c.fetchone()
                if row is None:
                    return None
                kind, players, agents = self.row_values(row)
                return GameFacts(kind, int(players), tuple(json.loads(agents)))

            for event in events:
                for change in self.translator.changes(event, lookup):
                    if isinstance(change, Row):
                        names = tuple(change.values)
                        c.execute(self._upsert(change.table, names),
                                  (change.game_id, *change.values.values()))
                    else:
                        c.execute(dml[change.statement], change.params)

    def _upsert(self, table: str, names: tuple[str, ...]) -> str:
        cache = self.__dict__.setdefault("_upsert_cache", {})
        key = (table, names)
        if key not in cache:
            cache[key] = self.dialect.upsert(table, names)
        return cache[key]  # type: ignore[no-any-return]

    @property
    def _dml(self) -> dict[str, str]:
        cached = self.__dict__.get("_dml_cache")
        if cached is None:
            cached = self.__dict__["_dml_cache"] = self.dialect.dml()
        return cached  # type: ignore[no-any-return]

    def create_table(self) -> None:
        """The library's tables and ours, then any column added since the store was set
        up (run once per store and schema mark, under the setup lock)."""
        super().create_table()  # type: ignore[misc]
        with self.datastore.transaction(commit=True) as c:
            for statement in self.dialect.missing_columns(c):
                c.execute(statement)

    def frame(self, table: str) -> pd.DataFrame:
        """A whole table as a DataFrame, columns in schema order (raw store types)."""
        with self.datastore.transaction(commit=False) as c:
            c.execute(self.dialect.select(table))
            rows = [self.row_values(r) for r in c.fetchall()]
        return pd.DataFrame.from_records(rows, columns=list(columns()[table]))

    def position(self, application_name: str) -> int:
        """The last notification id projected (0 before the first)."""
        return self.max_tracking_id(application_name) or 0  # type: ignore[attr-defined]

    def reset(self, application_name: str) -> None:
        """Empty the tables and forget the position, in one transaction (a rebuild)."""
        tracking = self.dialect.table(self.tracking_table_name)
        with self.datastore.transaction(commit=True) as c:
            for table in (*columns(), *INTERNAL):
                c.execute(f"DELETE FROM {self.dialect.table(table)}")
            c.execute(
                f"DELETE FROM {tracking} WHERE application_name = {self.dialect.marker}",
                (application_name,),
            )


_TRACKING_WORD = re.compile(r"\btracking\b")


class SQLiteReadModel(ReadModel, SQLiteTrackingRecorder):
    """SQLite: the tables live in the event store's file, next to its events.

    The library names its SQLite tracking table ``tracking`` for everyone; this read
    model keeps its own (``analytics_tracking``) so no other projection of the same
    application can move its position.
    """

    dialect = sqlite_dialect()

    def __init__(self, datastore: SQLiteDatastore, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
        self.tracking_table_name = TRACKING_TABLE
        self.insert_tracking_statement = _rename(self.insert_tracking_statement)
        self.select_max_tracking_id_statement = _rename(
            self.select_max_tracking_id_statement
        )

    def construct_create_table_statements(self) -> list[str]:
        tracking = [_rename(s) for s in super().construct_create_table_statements()]
        return tracking + self.dialect.ddl()


def _rename(statement: str) -> str:
    return _TRACKING_WORD.sub(TRACKING_TABLE, statement)


class PostgresReadModel(ReadModel, PostgresTrackingRecorder):
    """PostgreSQL: the tables live in the store's schema; the library's runner can drive it."""

    row_values = staticmethod(lambda row: tuple(row.values()))

    def __init__(self, datastore: PostgresDatastore, **kwargs: Any) -> None:
        kwargs.setdefault("tracking_table_name", TRACKING_TABLE)
        super().__init__(datastore, **kwargs)
        self.dialect = postgres_dialect(datastore.schema)
        self.sql_create_statements.extend(
            SQL(s).format() for s in self.dialect.ddl()  # type: ignore[arg-type]
        )
