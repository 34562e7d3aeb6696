"""Dou Dizhu matches: a table of three over several hands, with running totals."""

from __future__ import annotations

from typing import Any

from flask import jsonify
from flask_openapi3 import APIBlueprint, Tag

from service.api import auth
from service.api.errors import ApiError
from service.api.games import hall
from service.api.models import AnyJSON, CreateMatch, Error, GameCreated, MatchPath

bp = APIBlueprint("matches", __name__, abp_tags=[Tag(name="matches")],
                  abp_responses={"404": Error, "422": Error})


@bp.post("/matches", responses={"201": GameCreated})
def create_match(body: CreateMatch) -> Any:
    """Seat a match; its seat tokens open every hand of the match."""
    match = hall().create_match(body.players)
    return jsonify({"id": str(match.id), "kind": match.kind, "version": match.version,
                    "tokens": auth.issue_all(str(match.id), 3)}), 201


@bp.get("/matches/<match_id>", responses={"200": AnyJSON})
def get_match(path: MatchPath) -> Any:
    """Every hand with its scores and the running totals (public)."""
    return jsonify(hall().match(path.match_id).view())


@bp.post("/matches/<match_id>/hands", responses={"201": AnyJSON, "409": Error},
         security=[{"seat_token": []}])
def deal_hand(path: MatchPath) -> Any:
    """Deal the next hand (a seat or the referee of the match may ask)."""
    match = hall().match(path.match_id)
    who = auth.caller(str(match.id))
    if who.table is None:
        raise ApiError(401, "token_required", "send a seat or referee token of this match")
    hand = hall().deal_hand(match.id)
    return jsonify({"id": str(hand.id), "number": hand.number, "match_id": str(match.id),
                    "view": hand.view(who.viewer)}), 201
