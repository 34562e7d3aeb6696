"""Stats endpoints: win rates and Dou Dizhu multipliers, read from the analytics tables.

A GET only reads: the tables are kept current by ``paiju project --follow`` (or a
``paiju project`` run), and every answer says which notification it is as of and how many
stored notifications the projection has not reached yet (``behind``).
"""

from __future__ import annotations

from typing import Any

from flask import current_app, jsonify
from flask_openapi3 import APIBlueprint, Tag
from pydantic import BaseModel, Field

from analytics import doudizhu
from analytics.generals import general_win_rates
from analytics.projection import open_view
from analytics.tables import Tables, from_view
from analytics.winrates import as_records, left_out, win_rates
from domain import registry
from service.api.models import AnyJSON, Error
from service.hall import GameHall

bp = APIBlueprint("analytics", __name__, abp_tags=[Tag(name="stats")],
                  abp_responses={"422": Error})


class WinRatesQuery(BaseModel):
    kind: str | None = Field(default=None, description="a game kind; default every kind")
    players: int | None = Field(default=None, ge=1, description="only tables of this size")
    pooled: bool = Field(default=False, description="add every policy mix up (the rows "
                         "say so); by default every row is one policy mix")


def _tables() -> tuple[Tables, int]:
    """The tables as projected so far, and how many notifications they are behind."""
    hall: GameHall = current_app.extensions["paiju.hall"]
    t = from_view(open_view(hall), hall.name)
    newest = hall.recorder.max_notification_id() or 0
    return t, max(0, newest - t.position)


@bp.get("/stats/win-rates", responses={"200": AnyJSON})
def get_win_rates(query: WinRatesQuery) -> Any:
    """Win rate per kind × players × policy mix × role with Wilson 95 % intervals (Killer:
    by side). ``left_out``: games that ended before roles were given, counted apart.
    ``generals``: per general × role (identity) or per general (Kingdom Wars), against
    what its roles or its side's seats give anyone, with a Benjamini–Hochberg verdict."""
    if query.kind is not None:
        registry.spec(query.kind)  # an unknown kind is a 422 naming the known ones
    t, behind = _tables()
    table = win_rates(t.games, t.seats, kind=query.kind, players=query.players,
                      pooled=query.pooled)
    skipped = left_out(t.games, t.seats, kind=query.kind, players=query.players)
    generals = general_win_rates(t.games, t.seats, kind=query.kind, players=query.players,
                                 pooled=query.pooled)
    return jsonify({"as_of": t.position, "behind": behind, "rows": as_records(table),
                    "left_out": as_records(skipped), "generals": as_records(generals)})


@bp.get("/stats/doudizhu/multipliers", responses={"200": AnyJSON})
def get_multipliers() -> Any:
    """Dou Dizhu multiplier distribution, bombs per hand, springs, landlord win and
    expected score by bid; every row per policy mix."""
    t, behind = _tables()
    hands = t.hands[t.hands["game_id"].isin(t.finished["game_id"])]
    return jsonify({"as_of": t.position, "behind": behind,
                    **doudizhu.summary(hands, t.finished)})
