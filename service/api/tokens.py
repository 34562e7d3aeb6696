"""Reissuing a seat's token: the referee's remedy for a leaked or lost one."""

from __future__ import annotations

from typing import Any, Literal

from flask import jsonify
from flask_openapi3 import APIBlueprint, Tag
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from domain.game import REFEREE
from service.api import auth
from service.api.errors import ApiError
from service.api.games import SECURITY, hall
from service.api.models import Error, GamePath

bp = APIBlueprint("tokens", __name__, abp_tags=[Tag(name="games")],
                  abp_responses={"401": Error, "403": Error, "404": Error, "422": Error})


class Reissue(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt | Literal["referee"] = Field(description='a seat number, or "referee"')


class SeatToken(BaseModel):
    seat: int | str
    token: str = Field(description="the seat's new bearer token")
    generation: int = Field(description="tokens of earlier generations are refused")
    version: int


@bp.post("/games/<game_id>/tokens", responses={"201": SeatToken}, security=SECURITY)
def reissue(path: GamePath, body: Reissue) -> Any:
    """The referee replaces a seat's token; the old one stops working on every server."""
    game = hall().game(path.game_id)
    if auth.caller_of(game).viewer != REFEREE:
        raise ApiError(403, "referee_only", "only the referee reissues tokens")
    generation = game.reissue_token(body.seat)
    hall()._save(game)  # noqa: SLF001
    return jsonify({"seat": body.seat, "generation": generation, "version": game.version,
                    "token": auth.issue(str(game.id), body.seat, generation)}), 201
