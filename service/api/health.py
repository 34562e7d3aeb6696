"""``GET /health``: the process answers, touching nothing else (load balancers, and the
baseline the serving benchmark measures ``GET /games/{id}`` against)."""

from __future__ import annotations

from typing import Any

from flask_openapi3 import APIBlueprint, Tag

bp = APIBlueprint("health", __name__, abp_tags=[Tag(name="health")])


@bp.get("/health")
def health() -> Any:
    """Always ``{"ok": true}`` while the worker serves requests."""
    return {"ok": True}
