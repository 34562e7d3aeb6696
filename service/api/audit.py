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
    """Recompute the outcome from the raw events and check the hash chain (and a receipt)."""
    return jsonify(audit_game(hall(), path.game_id, query.receipt).as_dict())


@bp.post("/games/<game_id>/disputes", responses={"201": AnyJSON}, security=SECURITY)
def raise_dispute(path: GamePath, body: RaiseDispute) -> Any:
    """A seat or the referee disputes a finished game; the claim is recorded as an event."""
    game = hall().game(path.game_id)
    who = auth.caller_of(game)
    if who.table is None:
        raise ApiError(401, "token_required", "send a seat or referee token of this game")
    check_dispute_quota(game.disputes, who.viewer)
    game.raise_dispute(who.viewer, body.claim)
    hall()._save(game)  # noqa: SLF001
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
    game.resolve_dispute(path.number, body.verdict, report.digest(), body.note)
    hall()._save(game)  # noqa: SLF001
    return jsonify({"disputes": game.disputes, "audit": report.as_dict()})
