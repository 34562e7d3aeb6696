"""Replay: the move list and the game rebuilt at any point, redacted for the caller."""

from __future__ import annotations

from typing import Any

from flask import jsonify
from flask_openapi3 import APIBlueprint, Tag

from domain import registry
from service.api import auth
from service.api.games import SECURITY, hall
from service.api.models import AnyJSON, Error, EventsQuery, GamePath, StateQuery

bp = APIBlueprint("replay", __name__, abp_tags=[Tag(name="replay")],
                  abp_responses={"404": Error, "422": Error})


@bp.get("/games/<game_id>/events", responses={"200": AnyJSON}, security=SECURITY)
def events(path: GamePath, query: EventsQuery) -> Any:
    """The events and the move list in words: redacted for the caller while live,
    complete after the end."""
    game = hall().game(path.game_id)
    who = auth.caller_of(game)
    latest, shown = hall().events_view(game.id, who.viewer, upto=query.upto)
    moves = registry.spec_of(latest).narrator.moves(shown, latest.players)
    return jsonify({
        "id": str(latest.id),
        "version": latest.version,
        "status": "finished" if latest.outcome is not None else "live",
        "events": shown,
        "moves": [m.as_dict() for m in moves],
    })


@bp.get("/games/<game_id>/state", responses={"200": AnyJSON}, security=SECURITY)
def state(path: GamePath, query: StateQuery) -> Any:
    """The game rebuilt from its first N events, as the caller may see it now (a
    finished game is open to all)."""
    game = hall().game(path.game_id)
    who = auth.caller_of(game)
    _, view = hall().view_at(game.id, who.viewer, query.at)
    view["at"] = query.at
    return jsonify(view)
