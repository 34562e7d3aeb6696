"""The read-model tables as typed pandas frames: the one entry point for analysis."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from analytics.projection import catch_up as run_catch_up
from analytics.projection import close_view, open_view
from analytics.readmodel import ReadModel
from service.hall import GameHall


@dataclass(frozen=True)
class Tables:
    """games, seats and doudizhu_hands, as of notification ``position``."""

    games: pd.DataFrame
    seats: pd.DataFrame
    hands: pd.DataFrame
    position: int

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


_HAND_INTS = ("number", "first_bidder", "bid", "landlord", "base", "bombs", "rockets",
              "multiplier", "escape")


def _typed_hands(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    for col in _HAND_INTS:
        df[col] = pd.array(df[col].tolist(), dtype="Int64")
    for col in ("spring", "anti_spring", "landlord_won"):
        df[col] = pd.array(
            [None if pd.isna(v) else bool(v) for v in df[col].tolist()], dtype="boolean"
        )
    for col in ("score_0", "score_1", "score_2"):
        df[col] = df[col].astype("float64")
    return df


def from_view(view: ReadModel, application_name: str = GameHall.name) -> Tables:
    return Tables(
        games=_typed_games(view.frame("games")),
        seats=_typed_seats(view.frame("seats")),
        hands=_typed_hands(view.frame("doudizhu_hands")),
        position=view.position(application_name),
    )


def from_hall(hall: GameHall, *, catch_up: bool = True) -> Tables:
    """The tables of ``hall``'s store, brought up to date first unless told not to."""
    view = open_view(hall)
    if catch_up:
        run_catch_up(hall, view)
    return from_view(view, hall.name)


def load(store: str | None = None, *, catch_up: bool = True) -> Tables:
    """The tables of the store at ``store`` (default: ``PAIJU_STORE``), caught up first."""
    hall = GameHall.from_store(store)
    try:
        return from_hall(hall, catch_up=catch_up)
    finally:
        close_view(hall)
        hall.close()
