"""Replay: the move list and the game rebuilt at any point, redacted for the caller."""

from __future__ import annotations

from typing import Any

from flask import jsonify
from flask_openapi3 import APIBlueprint, Tag

from service.api import auth
from service.api.games import SECURITY, hall
from service.api.models import AnyJSON, Error, EventsQuery, GamePath, StateQuery

bp = APIBlueprint("replay", __name__, abp_tags=[Tag(name="replay")],
                  abp_responses={"404": Error, "422": Error})


@bp.get("/games/<game_id>/events", responses={"200": AnyJSON}, security=SECURITY)
def events(path: GamePath, query: EventsQuery) -> Any:
    """The move list: redacted for the caller while live, complete after the end."""
    game = hall().game(path.game_id)
    who = auth.caller_of(game)
    stored = hall().history(game.id, upto=query.upto)
    return jsonify({
        "id": str(game.id),
        "version": game.version,
        "status": "finished" if game.outcome is not None else "live",
        "events": [game.event_view(e, who.viewer) for e in stored],
    })


@bp.get("/games/<game_id>/state", responses={"200": AnyJSON}, security=SECURITY)
def state(path: GamePath, query: StateQuery) -> Any:
    """The game rebuilt from its first N events, as the caller may see it now."""
    latest = hall().game(path.game_id)
    who = auth.caller_of(latest)
    then = hall().game_at(latest.id, query.at)
    view = then.view(who.viewer)
    if latest.outcome is not None and not then.sees_all(who.viewer):
        # the game is over now: its past is no longer secret
        from domain.game import REFEREE

        view = then.view(REFEREE) | {"viewer": who.viewer}
    view["at"] = query.at
    view["latest_version"] = latest.version
    return jsonify(view)
