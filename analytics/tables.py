"""The read-model tables as typed pandas frames: the one entry point for analysis."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd
from eventsourcing.application import Application

from analytics.projection import catch_up as run_catch_up
from analytics.projection import open_view
from analytics.readmodel import ReadModel
from analytics.schema import kind_tables
from domain.spec import Table


@dataclass(frozen=True)
class Tables:
    """games, seats and the kinds' own tables (by name), as of notification ``position``."""

    games: pd.DataFrame
    seats: pd.DataFrame
    kind_tables: dict[str, pd.DataFrame]
    position: int

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


def _typed_games(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    df["players"] = df["players"].astype("int64")
    for col in ("started", "ended"):
        df[col] = pd.to_datetime(df[col], utc=True, format="ISO8601")
    df["events"] = df["events"].astype("Int64")
    return df


def _typed_seats(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    df["seat"] = df["seat"].astype("int64")
    df["players"] = df["players"].astype("int64")
    df["won"] = df["won"].astype(bool)
    df["score"] = df["score"].astype("float64")
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


def from_view(view: ReadModel, application_name: str) -> Tables:
    return Tables(
        games=_typed_games(view.frame("games")),
        seats=_typed_seats(view.frame("seats")),
        kind_tables={name: _typed(view.frame(name), t) for name, t in kind_tables().items()},
        position=view.position(application_name),
    )


def from_hall(hall: Application, *, catch_up: bool = True) -> Tables:
    """The tables of ``hall``'s store, brought up to date first unless told not to."""
    view = open_view(hall)
    if catch_up:
        run_catch_up(hall, view)
    return from_view(view, hall.name)
