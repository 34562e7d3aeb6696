"""The replay viewer: one page that steps through a game's events with a slider."""

from __future__ import annotations

from typing import Any

from flask import render_template
from flask_openapi3 import APIBlueprint, Tag

from service.api.games import hall
from service.api.models import GamePath

bp = APIBlueprint("viewer", __name__, abp_tags=[Tag(name="replay")],
                  template_folder="../templates")


@bp.get("/games/<game_id>/viewer")
def viewer(path: GamePath) -> Any:
    """An HTML page replaying the game; add #token=… to view as a seat or the referee."""
    game = hall().game(path.game_id)
    return render_template("viewer.html", game_id=str(game.id))
