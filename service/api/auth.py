"""Seat tokens: signed (itsdangerous, the app's secret key), each opens one seat of one game.

A match's tokens also open every hand of that match. No token: a spectator.

A token carries the generation of its seat it was issued at (``g``, left out while 0).
The referee can reissue a seat's token (``SeatTokenReissued``, an event of the game), and
from then on a token of an older generation is refused by every server on the store,
because the generation is read from the game itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import current_app, request
from itsdangerous import BadSignature, URLSafeSerializer

from domain.game import REFEREE, SPECTATOR, Viewer
from service.api.errors import ApiError

SALT = "paiju-seat-token"


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.secret_key, salt=SALT)  # type: ignore[arg-type]


def issue(table_id: str, seat: int | str, generation: int = 0) -> str:
    claims: dict[str, object] = {"t": table_id, "s": seat}
    if generation:
        claims["g"] = generation
    return _serializer().dumps(claims)


def issue_all(table_id: str, seats: int) -> dict[str, object]:
    return {"seats": [issue(table_id, i) for i in range(seats)],
            "referee": issue(table_id, REFEREE)}


@dataclass(frozen=True)
class Caller:
    viewer: Viewer
    table: str | None  # the game or match id the token was issued for

    @property
    def seat(self) -> int | None:
        return self.viewer if isinstance(self.viewer, int) else None


def caller_of(game: Any) -> Caller:
    """Who is asking about ``game``: a token of the game itself must be of its seat's
    current generation; a match's token opens the match's hands."""
    return caller(str(game.id), game.series_id, game=game)


def caller(*tables: str | None, game: Any = None) -> Caller:
    """Who is asking, for a game whose own id (and match id) are ``tables``."""
    header = request.headers.get("Authorization", "")
    if not header:
        return Caller(SPECTATOR, None)
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "bad_token", "send the token as 'Authorization: Bearer <token>'")
    try:
        data = _serializer().loads(token.strip())
    except BadSignature:
        raise ApiError(401, "bad_token", "that token is not one this hall issued") from None
    if not isinstance(data, dict) or "t" not in data or "s" not in data:
        raise ApiError(401, "bad_token", "that token is not one this hall issued")
    if data["t"] not in [t for t in tables if t]:
        raise ApiError(403, "foreign_token", "that token belongs to another game")
    if game is not None and data["t"] == str(game.id) and \
            data.get("g", 0) != game.token_generation(data["s"]):
        raise ApiError(401, "revoked_token",
                       "that token was replaced; the referee has the seat's new one")
    return Caller(data["s"], data["t"])
