"""Rate limits on writes, per token and per client address, and a quota of disputes.

Why: nothing stopped one client from sending 200 POSTs in 0.4 s, or one seat from filing
200 disputes of 2,000 characters each, every one an event kept for good. Every POST
counts against two budgets (flask-limiter): its client address (``remote_addr``; put
``werkzeug.middleware.proxy_fix.ProxyFix`` in front when behind a proxy) and, when it
carries one, its bearer token. Over either budget: 429 in the one error shape with
``Retry-After``, and nothing is recorded. Reads are not limited here.

Counters are kept in memory, per worker process (``RATELIMIT_STORAGE_URI=memory://``):
a server of W workers lets through up to W times a budget, and a restart forgets them.
Point ``RATELIMIT_STORAGE_URI`` at a shared store (``redis://...``) to count across
workers and servers.

==================================  ==========================  ==========================
key (app config or environment)     default                     what
==================================  ==========================  ==========================
``PAIJU_RATE_WRITES_PER_ADDRESS``   ``20/second;300/minute``    POSTs from one address
``PAIJU_RATE_WRITES_PER_TOKEN``     ``5/second;120/minute``     POSTs with one token
``PAIJU_MAX_DISPUTES_PER_SEAT``     ``3``                       disputes one seat (or the
                                                                referee) raises on a game
``PAIJU_RATE_LIMITS``               ``on``                      ``off``: no rate limits
==================================  ==========================  ==========================
"""

from __future__ import annotations

import hashlib
import os
from typing import Any

from flask import Flask, current_app, request
from flask_limiter import ApplicationLimit, Limiter, RateLimitExceeded

from domain.game import Viewer
from service.api.errors import ApiError, error_response

DEFAULTS = {
    "PAIJU_RATE_WRITES_PER_ADDRESS": "20/second;300/minute",
    "PAIJU_RATE_WRITES_PER_TOKEN": "5/second;120/minute",
    "PAIJU_MAX_DISPUTES_PER_SEAT": "3",
    "PAIJU_RATE_LIMITS": "on",
}
WRITES = ("POST", "PUT", "PATCH", "DELETE")


def setting(config: Any, key: str) -> str:
    return str(config.get(key) or os.environ.get(key) or DEFAULTS[key])


def address() -> str:
    return request.remote_addr or "unknown"


def token() -> str:
    """The token as sent (hashed): counted before it is checked, so a forged token burns
    its own budget and its address's, never a real seat's."""
    header = request.headers.get("Authorization", "")
    return hashlib.sha256(header.encode("utf-8", "replace")).hexdigest()[:32]


def without_token() -> bool:
    return not request.headers.get("Authorization")


def install(app: Flask) -> Limiter:
    config = app.config
    config.setdefault("RATELIMIT_ENABLED", setting(config, "PAIJU_RATE_LIMITS") != "off")
    config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    config.setdefault("RATELIMIT_HEADERS_ENABLED", True)  # Retry-After on a 429
    limiter = Limiter(
        address,
        app=app,
        application_limits=[
            ApplicationLimit(setting(config, "PAIJU_RATE_WRITES_PER_ADDRESS"),
                             key_function=address, scope="writes-per-address",
                             methods=WRITES),
            ApplicationLimit(setting(config, "PAIJU_RATE_WRITES_PER_TOKEN"),
                             key_function=token, scope="writes-per-token",
                             methods=WRITES, exempt_when=without_token),
        ],
    )

    @app.errorhandler(RateLimitExceeded)
    def _too_many(e: RateLimitExceeded) -> Any:
        return error_response(429, "rate_limited",
                              f"too many writes ({e.description}); try again after "
                              "the seconds in Retry-After")

    return limiter


def check_dispute_quota(disputes: list[dict[str, Any]], by: Viewer) -> None:
    """A seat (or the referee) raises at most ``PAIJU_MAX_DISPUTES_PER_SEAT`` disputes on a
    game: each is an event kept for good, and a referee must answer every one."""
    most = int(setting(current_app.config, "PAIJU_MAX_DISPUTES_PER_SEAT"))
    if sum(1 for d in disputes if d["by"] == by) >= most:
        raise ApiError(422, "too_many_disputes",
                       f"{by} has raised {most} disputes on this game, the most one may")
