"""The analytics tables of a store, for notebooks and scripts: ``load()``."""

from __future__ import annotations

from analytics.projection import close_view
from analytics.tables import Tables, from_hall
from service.hall import GameHall


def load(store: str | None = None, *, catch_up: bool = True) -> Tables:
    """The tables of the store at ``store`` (default: ``PAIJU_STORE``), caught up first."""
    hall = GameHall.from_store(store)
    try:
        return from_hall(hall, catch_up=catch_up)
    finally:
        close_view(hall)
        hall.close()
