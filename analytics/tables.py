"""The read-model tables as typed pandas frames: the one entry point for analysis.

Two ways in: ``from_hall`` (the commands: catch the projection up, then read) and
``read_only`` (notebooks: a DB-API connection the caller opened read-only; nothing is
projected, created or written, and a store set up by an older build reads too, its
missing columns empty).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pandas as pd
from eventsourcing.application import Application

from analytics.projection import catch_up as run_catch_up
from analytics.projection import open_view
from analytics.readmodel import TRACKING_TABLE, ReadModel
from analytics.schema import Dialect, columns, kind_tables
from domain.spec import Table


@dataclass(frozen=True)
class Tables:
    """games, seats and the kinds' own tables (by name), as of notification ``position``.

    ``newest`` is the store's last notification when known (``behind`` the difference);
    ``source`` names the store and ``note`` says what a reader should know first (no
    store there, tables never projected…).
    """

    games: pd.DataFrame
    seats: pd.DataFrame
    kind_tables: dict[str, pd.DataFrame]
    position: int
    newest: int | None = None
    source: str = ""
    note: str = ""

    @property
    def hands(self) -> pd.DataFrame:
        """The Dou Dizhu hands table (the multiplier and bidding analyses read it)."""
        return self.kind_tables["doudizhu_hands"]

    @property
    def kinds(self) -> list[str]:
        """Game kinds with at least one finished game."""
        done = self.games[self.games["ended"].notna()]
        return sorted(done["kind"].unique().tolist())

    @property
    def finished(self) -> pd.DataFrame:
        return self.games[self.games["ended"].notna()]

    @property
    def behind(self) -> int | None:
        return None if self.newest is None else max(0, self.newest - self.position)

    def describe(self) -> str:
        """Where the figures come from and how complete they are, in a few lines."""
        lines = [f"store: {self.source or 'unknown'}"]
        if self.note:
            lines.append(self.note)
        counts = self.finished.groupby("kind").size()
        lines.append(f"{len(self.finished)} finished games ("
                     + (", ".join(f"{k}: {n}" for k, n in counts.items()) or "none")
                     + f"), projected up to notification {self.position}")
        if self.behind:
            lines.append(f"the store holds {self.behind} notifications more than the tables: "
                         "run `paiju project` to bring them up to date")
        return "\n".join(lines)


def _json_list(value: Any) -> list[Any] | None:
    return None if value is None or (isinstance(value, float) and pd.isna(value)) \
        else list(json.loads(value))


def _typed_games(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    df["players"] = df["players"].astype("int64")
    for col in ("started", "ended"):
        df[col] = pd.to_datetime(df[col], utc=True, format="ISO8601")
    for col in ("events", "rounds"):
        df[col] = pd.array(df[col].tolist(), dtype="Int64")
    return df


def _typed_seats(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    df["seat"] = df["seat"].astype("int64")
    df["players"] = df["players"].astype("int64")
    df["won"] = df["won"].astype(bool)
    df["score"] = df["score"].astype("float64")
    for col in ("position", "death"):
        df[col] = pd.array(df[col].tolist(), dtype="Int64")
    df["generals"] = pd.Series([_json_list(v) for v in df["generals"]], index=df.index,
                               dtype=object)
    return df


def _typed(df: pd.DataFrame, table: Table) -> pd.DataFrame:
    """A kind table's columns as pandas types: nullable ints and booleans, floats."""
    df = df.copy()
    for col in table.columns[1:]:
        values = df[col.name].tolist()
        if col.type == "int":
            df[col.name] = pd.array(values, dtype="Int64")
        elif col.type == "bool":
            df[col.name] = pd.array([None if pd.isna(v) else bool(v) for v in values],
                                    dtype="boolean")
        elif col.type == "real":
            df[col.name] = df[col.name].astype("float64")
    return df


def typed(raw: dict[str, pd.DataFrame], position: int, **about: Any) -> Tables:
    """Tables from raw frames (store types), one per table of ``columns()``."""
    return Tables(
        games=_typed_games(raw["games"]),
        seats=_typed_seats(raw["seats"]),
        kind_tables={name: _typed(raw[name], t) for name, t in kind_tables().items()},
        position=position,
        **about,
    )


def from_view(view: ReadModel, application_name: str, **about: Any) -> Tables:
    return typed({name: view.frame(name) for name in columns()},
                 view.position(application_name), **about)


def from_hall(hall: Application, *, catch_up: bool = True) -> Tables:
    """The tables of ``hall``'s store, brought up to date first unless told not to."""
    view = open_view(hall)
    if catch_up:
        run_catch_up(hall, view)
    return from_view(view, hall.name, newest=hall.recorder.max_notification_id() or 0)


def read_only(connection: Any, dialect: Dialect, application_name: str, *,
              newest: int | None = None, source: str = "") -> Tables:
    """The tables through a connection opened for reading only; the caller closes it.

    Reads what is there: a table the store lacks is empty, a column added after the
    store was set up is all missing values, and ``note`` says so.
    """
    cursor = connection.cursor()
    raw, absent = {}, []
    for table, names in columns().items():
        have = dialect.existing_columns(cursor, table)
        if not have:
            absent.append(table)
            raw[table] = pd.DataFrame(columns=list(names))
            continue
        present = [n for n in names if n in have]
        cursor.execute(f"SELECT {', '.join(chr(34) + n + chr(34) for n in present)} "
                       f"FROM {dialect.table(table)}")
        rows = [tuple(r.values()) if isinstance(r, dict) else tuple(r)
                for r in cursor.fetchall()]
        frame = pd.DataFrame.from_records(rows, columns=present)
        raw[table] = frame.reindex(columns=list(names))
    position = 0
    if dialect.existing_columns(cursor, TRACKING_TABLE):
        cursor.execute(f"SELECT MAX(notification_id) FROM {dialect.table(TRACKING_TABLE)} "
                       f"WHERE application_name = {dialect.marker}", (application_name,))
        row = cursor.fetchone()
        value = next(iter(row.values())) if isinstance(row, dict) else row[0]
        position = int(value or 0)
    note = ""
    if "games" in absent:
        note = "the analytics tables are not in this store: run `paiju project` first"
    elif absent:
        note = f"tables not in this store yet: {', '.join(absent)} (run `paiju project`)"
    return typed(raw, position, newest=newest, source=source, note=note)


def empty(*, source: str = "", note: str = "") -> Tables:
    """No tables at all (no store where one was looked for): every frame empty."""
    raw = {name: pd.DataFrame(columns=list(cols)) for name, cols in columns().items()}
    return typed(raw, 0, source=source, note=note)
