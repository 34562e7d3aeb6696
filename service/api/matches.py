"""Matches: one table playing a series of games (Dou Dizhu hands), with running totals."""

from __future__ import annotations

from typing import Any

from flask import jsonify
from flask_openapi3 import APIBlueprint, Tag

from domain import registry
from service.api import auth
from service.api.errors import ApiError
from service.api.games import hall
from service.api.models import AnyJSON, CreateMatch, Error, GameCreated, MatchPath

bp = APIBlueprint("matches", __name__, abp_tags=[Tag(name="matches")],
                  abp_responses={"404": Error, "422": Error})


def _series_kind(asked: str | None) -> str:
    if asked is not None:
        return asked
    kinds = [s.kind for s in registry.series_specs()]
    if len(kinds) != 1:
        raise ApiError(422, "kind_required",
                       f"name the kind of game of the match: one of {', '.join(kinds)}")
    return kinds[0]


@bp.post("/matches", responses={"201": GameCreated})
def create_match(body: CreateMatch) -> Any:
    """Seat a match; its seat tokens open every game of the match."""
    match = hall().create_series(_series_kind(body.kind), body.players)
    return jsonify({"id": str(match.id), "kind": match.kind, "version": match.version,
                    "tokens": auth.issue_all(str(match.id), len(match.players))}), 201


@bp.get("/matches/<match_id>", responses={"200": AnyJSON})
def get_match(path: MatchPath) -> Any:
    """Every game with its scores and the running totals (public)."""
    return jsonify(hall().series(path.match_id).view())


@bp.post("/matches/<match_id>/hands", responses={"201": AnyJSON, "409": Error},
         security=[{"seat_token": []}])
def deal_hand(path: MatchPath) -> Any:
    """Seat the match's next game (a seat or the referee of the match may ask)."""
    match = hall().series(path.match_id)
    who = auth.caller(str(match.id))
    if who.table is None:
        raise ApiError(401, "token_required", "send a seat or referee token of this match")
    game = hall().next_game(match.id)
    return jsonify({"id": str(game.id), "number": getattr(game, "number", None),
                    "match_id": str(match.id), "view": game.view(who.viewer)}), 201
