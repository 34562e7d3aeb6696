"""Audit and disputes: recompute a game from its events; raise and resolve disputes."""

from __future__ import annotations

from typing import Any, Literal

from flask import jsonify
from flask_openapi3 import APIBlueprint, Tag
from pydantic import BaseModel, ConfigDict, Field

from domain.game import REFEREE
from service.api import auth
from service.api.errors import ApiError
from service.api.games import SECURITY, hall
from service.api.models import AnyJSON, Error, GamePath
from service.audit import audit_game
from service.limits import check_dispute_quota

bp = APIBlueprint("audit", __name__, abp_tags=[Tag(name="audit")],
                  abp_responses={"404": Error, "422": Error})


class AuditQuery(BaseModel):
    receipt: str | None = Field(default=None, description="a seat's receipt to check")


class RaiseDispute(BaseModel):
    model_config = ConfigDict(extra="forbid")
    claim: str = Field(min_length=1, max_length=2000, description="what is disputed")


class DisputePath(BaseModel):
    game_id: str
    number: int = Field(ge=1)


class Resolve(BaseModel):
    model_config = ConfigDict(extra="forbid")
    verdict: Literal["upheld", "rejected"]
    note: str = Field(default="", max_length=2000)


@bp.get("/games/<game_id>/audit", responses={"200": AnyJSON})
def audit(path: GamePath, query: AuditQuery) -> Any:
    """Re-check the game from its raw events: the hash chain, every rule, every figure (and
    a receipt). While a game is live its audit shows digests and secrets: referee only."""
    game = hall().game(path.game_id)
    who = auth.caller_of(game)
    if game.outcome is None and who.viewer != REFEREE:
        raise ApiError(403, "referee_only",
                       "a live game is audited by its referee; it opens to all at the end")
    return jsonify(audit_game(hall(), path.game_id, query.receipt).as_dict())


@bp.post("/games/<game_id>/disputes", responses={"201": AnyJSON}, security=SECURITY)
def raise_dispute(path: GamePath, body: RaiseDispute) -> Any:
    """A seat or the referee disputes a finished game; the claim is recorded as an event."""
    game = hall().game(path.game_id)
    who = auth.caller_of(game)
    if who.table is None:
        raise ApiError(401, "token_required", "send a seat or referee token of this game")
    check_dispute_quota(game.disputes, who.viewer)
    game = hall().raise_dispute(game.id, who.viewer, body.claim)
    return jsonify({"disputes": game.disputes, "version": game.version}), 201


@bp.post("/games/<game_id>/disputes/<int:number>/resolve", responses={"200": AnyJSON},
         security=SECURITY)
def resolve(path: DisputePath, body: Resolve) -> Any:
    """The referee resolves a dispute, citing the digest of the audit it read."""
    game = hall().game(path.game_id)
    who = auth.caller_of(game)
    if who.viewer != REFEREE:
        raise ApiError(403, "referee_only", "only the referee resolves disputes")
    report = audit_game(hall(), game.id)
    game = hall().resolve_dispute(game.id, path.number, body.verdict, report.digest(),
                                  body.note)
    return jsonify({"disputes": game.disputes, "audit": report.as_dict()})
