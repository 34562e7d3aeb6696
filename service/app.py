"""The Flask application factory: everything is built from configuration."""

from __future__ import annotations

import os
import secrets
from typing import Any

from flask_openapi3 import Info, OpenAPI

from analytics.projection import open_view
from service import limits
from service.api import (
    audit,
    errors,
    games,
    health,
    hygiene,
    matches,
    pages,
    replay,
    stats,
    tokens,
)
from service.hall import GameHall


def create_app(config: dict[str, Any] | None = None) -> OpenAPI:
    """Build the app; ``PAIJU_STORE`` and ``SECRET_KEY`` come from config or the env."""
    app = OpenAPI(
        __name__,
        info=Info(title="paiju", version="0.1.0",
                  description="Event-sourced table games: play, view, replay, audit, stats."),
        security_schemes={"seat_token": {"type": "http", "scheme": "bearer"}},
        validation_error_callback=errors.validation_error,
        doc_prefix="/docs",
    )
    app.config.update(
        PAIJU_STORE=os.environ.get("PAIJU_STORE"),
        SECRET_KEY=os.environ.get("PAIJU_SECRET_KEY"),
    )
    app.config.update(config or {})
    if not app.config.get("SECRET_KEY"):
        # tokens then die with the process; set PAIJU_SECRET_KEY for a real table
        app.config["SECRET_KEY"] = secrets.token_hex(32)
    hall = app.config.get("PAIJU_HALL") or GameHall.from_store(app.config.get("PAIJU_STORE"))
    app.extensions["paiju.hall"] = hall
    open_view(hall)  # the read model's tables exist before any GET reads them
    errors.install(app)
    hygiene.install(app)
    limits.install(app)
    for bp in (games.bp, tokens.bp, replay.bp, matches.bp, audit.bp, stats.bp, health.bp):
        app.register_api(bp)
    app.register_blueprint(pages.bp)  # HTML for people: not in the OpenAPI document
    return app
