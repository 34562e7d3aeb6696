"""Stats endpoints: win rates and Dou Dizhu multipliers, read from the analytics tables.

Each request first catches the projection up (a no-op page read when ``paiju project
--follow`` already keeps it current; exactly-once either way), then answers from the
tables, saying which notification the answer is as of.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, jsonify
from flask_openapi3 import APIBlueprint, Tag
from pydantic import BaseModel, Field

from analytics import doudizhu
from analytics.projection import catch_up as run_catch_up
from analytics.projection import open_view
from analytics.tables import Tables, from_view
from analytics.winrates import as_records, win_rates
from domain import registry
from service.api.errors import ApiError
from service.api.models import AnyJSON, Error
from service.hall import GameHall

bp = APIBlueprint("analytics", __name__, abp_tags=[Tag(name="stats")],
                  abp_responses={"422": Error})


class WinRatesQuery(BaseModel):
    kind: str | None = Field(default=None, description="a game kind; default every kind")
    players: int | None = Field(default=None, ge=1, description="only tables of this size")
    by_policy: bool = Field(default=False, description="one row per bot policy mix as well")
    catch_up: bool = Field(default=True, description="project new events before answering")


class MultipliersQuery(BaseModel):
    catch_up: bool = Field(default=True, description="project new events before answering")


def _tables(catch_up: bool) -> Tables:
    hall: GameHall = current_app.extensions["paiju.hall"]
    view = open_view(hall)
    if catch_up:
        run_catch_up(hall, view)
    return from_view(view, hall.name)


@bp.get("/stats/win-rates", responses={"200": AnyJSON})
def get_win_rates(query: WinRatesQuery) -> Any:
    """Win rate per kind × players × role with Wilson 95 % intervals (Killer: by side)."""
    if query.kind is not None and query.kind not in registry.kinds():
        raise ApiError(422, "unknown_kind", f"unknown kind {query.kind!r}")
    t = _tables(query.catch_up)
    table = win_rates(t.games, t.seats, kind=query.kind, players=query.players,
                      by_policy=query.by_policy)
    return jsonify({"as_of": t.position, "rows": as_records(table)})


@bp.get("/stats/doudizhu/multipliers", responses={"200": AnyJSON})
def get_multipliers(query: MultipliersQuery) -> Any:
    """Dou Dizhu multiplier distribution, bombs per hand, springs, landlord win by bid."""
    t = _tables(query.catch_up)
    hands = t.hands[t.hands["game_id"].isin(t.finished["game_id"])]
    return jsonify({"as_of": t.position, **doudizhu.summary(hands)})
