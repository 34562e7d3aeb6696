"""Create, list, view and play games."""

from __future__ import annotations

from typing import Any

from flask import current_app, jsonify
from flask_openapi3 import APIBlueprint, Tag

from domain import registry
from domain.game import REFEREE
from service.api import auth
from service.api.errors import ApiError
from service.api.models import (
    Act,
    AnyJSON,
    CreateGame,
    Error,
    GameCreated,
    GamePath,
    KindPath,
    ListQuery,
)
from service.hall import GameHall

bp = APIBlueprint("games", __name__, abp_tags=[Tag(name="games")],
                  abp_responses={"404": Error, "422": Error})
SECURITY: list[dict[str, list[str]]] = [{"seat_token": []}, {}]


def hall() -> GameHall:
    return current_app.extensions["paiju.hall"]  # type: ignore[no-any-return]


@bp.get("/kinds", responses={"200": AnyJSON})
def list_kinds() -> Any:
    """The kinds of game this hall offers: players, bot policies, options (JSON Schema)."""
    return jsonify({"kinds": [s.describe() for s in registry.specs()]})


@bp.get("/kinds/<kind>", responses={"200": AnyJSON})
def get_kind(path: KindPath) -> Any:
    """One kind of game: how to seat it."""
    return jsonify(registry.spec(path.kind).describe())


@bp.get("/cards/<kind>", responses={"200": AnyJSON})
def list_cards(path: KindPath) -> Any:
    """A kind's cards as people read them (id, name, suit, number, label...): card ids in
    views, legal actions and events are these ids."""
    spec = registry.spec(path.kind)
    if spec.cards is None:
        raise ApiError(404, "no_cards", f"{spec.kind} is not played with named cards")
    return jsonify({"kind": spec.kind, "cards": spec.cards()})


@bp.post("/games", responses={"201": GameCreated})
def create_game(body: CreateGame) -> Any:
    """Seat a new game: returns its id, one token per seat and a referee token."""
    game = hall().create_game(body.kind, body.players, body.options, agents=body.agents)
    out = {"id": str(game.id), "kind": game.kind, "version": game.version,
           "tokens": auth.issue_all(str(game.id), len(game.players))}
    return jsonify(out), 201


@bp.get("/games", responses={"200": AnyJSON})
def list_games(query: ListQuery) -> Any:
    """Games in creation order (order=newest: the latest first), paged by cursor; filter
    by kind and status. A finished game's row has its result."""
    if query.kind is not None:
        registry.spec(query.kind)  # an unknown kind is a 422 saying which kinds exist
    rows, nxt = hall().list_games(kind=query.kind, status=query.status, limit=query.limit,
                                  cursor=query.cursor, newest_first=query.order == "newest")
    return jsonify({"games": rows, "next_cursor": nxt})


@bp.get("/games/<game_id>", responses={"200": AnyJSON}, security=SECURITY)
def get_game(path: GamePath) -> Any:
    """The game as the caller may see it; a waiting seat also gets its legal actions."""
    game = hall().game(path.game_id)
    who = auth.caller_of(game)
    return jsonify(game.view(who.viewer))


@bp.post("/games/<game_id>/actions", responses={"200": AnyJSON, "409": Error},
         security=SECURITY)
def act(path: GamePath, body: Act) -> Any:
    """One action for the caller's seat. A stale expected_version gets 409."""
    game = hall().game(path.game_id)
    who = auth.caller_of(game)
    if who.viewer == REFEREE:
        if body.seat is None:
            raise ApiError(422, "seat_required", "the referee names the seat it acts for")
        seat = body.seat
    elif who.seat is None:
        raise ApiError(401, "token_required", "only a seated player may act: send its token")
    else:
        if body.seat is not None and body.seat != who.seat:
            raise ApiError(403, "foreign_seat", f"your token is for seat {who.seat}")
        seat = who.seat
    game = hall().act(path.game_id, seat, body.action, expected_version=body.expected_version)
    return jsonify(game.view(who.viewer))
