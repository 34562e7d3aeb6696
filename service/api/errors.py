"""One error shape everywhere: ``{"error": code, "message": text}``."""

from __future__ import annotations

from typing import Any

from flask import Flask, jsonify
from pydantic import ValidationError
from werkzeug.exceptions import HTTPException

from domain.game import GameOver, IllegalAction, UnsupportedRules
from service.hall import Conflict, NotFound
from service.store import StoreError


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def error_response(status: int, code: str, message: str) -> Any:
    response = jsonify({"error": code, "message": message})
    response.status_code = status
    return response


def validation_error(e: ValidationError) -> Any:
    """pydantic's complaint, said once in words: which field, what was wrong."""
    parts = []
    for err in e.errors():
        where = ".".join(str(p) for p in err.get("loc", ())) or "body"
        parts.append(f"{where}: {err.get('msg')}")
    return error_response(422, "validation_error", "; ".join(parts))


def install(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def _api(e: ApiError) -> Any:
        return error_response(e.status, e.code, e.message)

    @app.errorhandler(IllegalAction)
    def _illegal(e: IllegalAction) -> Any:
        status = 409 if isinstance(e, (GameOver, UnsupportedRules)) else 422
        return error_response(status, e.code, e.message)

    @app.errorhandler(NotFound)
    def _not_found(e: NotFound) -> Any:
        return error_response(404, "not_found", str(e))

    @app.errorhandler(Conflict)
    def _conflict(e: Conflict) -> Any:
        return error_response(409, "conflict", str(e))

    @app.errorhandler(StoreError)
    def _store(e: StoreError) -> Any:
        return error_response(500, "store_error", str(e))

    @app.errorhandler(HTTPException)
    def _http(e: HTTPException) -> Any:
        if e.response is not None and e.response.is_json:
            return e.response  # already in our shape (validation errors)
        code = (e.name or "error").lower().replace(" ", "_")
        response = error_response(e.code or 500, code, e.description or e.name)
        for name, value in e.get_headers():  # Allow of a 405, Retry-After of a 429
            if name.lower() not in ("content-type", "content-length"):
                response.headers[name] = value
        return response

    @app.errorhandler(Exception)
    def _unexpected(e: Exception) -> Any:
        app.logger.exception("unexpected error")
        return error_response(500, "internal_error", "something went wrong on our side")
