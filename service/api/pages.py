"""The pages people use in a browser: the games list, the replay viewer, the play table.

Plain HTML, CSS and a little JavaScript (``service/static``), no build step. The pages
carry no game data of their own: each reads the same public API as any client, with the
token the person gives it (kept in the URL fragment, which never reaches a server), so a
page can show nothing the API would not show that viewer. They are not part of the API's
OpenAPI document.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from service.api.games import hall

bp = Blueprint("pages", __name__, template_folder="../templates")


@bp.get("/")
def games() -> Any:
    """Recent games with filters, each linked to its viewer."""
    return render_template("games.html")


@bp.get("/play")
def play() -> Any:
    """Sit down at a new game against bots, or at a game whose seat token you hold."""
    return render_template("play.html")


@bp.get("/games/<game_id>/viewer")
def viewer(game_id: str) -> Any:
    """Step through a game; ``#N`` opens it at step N, ``#token=…`` as that viewer."""
    game = hall().game(game_id)  # an unknown id: the API's 404
    return render_template("viewer.html", game_id=str(game.id))
