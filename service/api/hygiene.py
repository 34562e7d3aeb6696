"""Input hygiene at the API edge: what a request may carry before any handler sees it.

Why here, once, for every endpoint: whatever a body carries is stored in an event for
good and shown in every view, move list and listing after that. A player name with a
NUL byte was accepted and then broke every PostgreSQL projection (``text`` cannot hold
NUL); a lone surrogate (``"\\ud800"``) cannot be encoded as UTF-8 at all (a 500 when the
event was sealed); a 10 MB name came back in every page; a 100,000-deep array crashed the
JSON parser (RecursionError); ``upto=2**63`` overflowed SQLite. Each of these is now a
4xx in the one error shape, and nothing is recorded.

The limits are app config keys (``create_app({...})``), each also read from the
environment variable of the same name, and listed in docs/reliability.md:

=============================  ===========  ==========================================
key                            default      what
=============================  ===========  ==========================================
``PAIJU_MAX_BODY_BYTES``       65536        a request body (larger: 413)
``PAIJU_MAX_JSON_DEPTH``       16           nesting of arrays and objects in a body
``PAIJU_MAX_NAME_LENGTH``      64           a player name or an agent (characters)
``PAIJU_MAX_STATEMENT_LENGTH`` 500          the ``text`` of an action (Killer speech)
``PAIJU_MAX_CLAIM_LENGTH``     2000         a dispute's claim or a verdict's note
``PAIJU_MAX_TEXT_LENGTH``      2000         any other string in a body, or a query value
``PAIJU_MAX_OPTIONS_BYTES``    2048         a game's ``options``, as compact JSON
``PAIJU_MAX_INT``              2**53 - 1    the magnitude of any integer in a body,
                                            query or path (JSON readers keep it exact)
=============================  ===========  ==========================================

Unstorable text is NUL, any other control character except tab, line feed and carriage
return, and lone surrogates; it is refused in bodies (keys and values) and queries.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, fields
from typing import Any

from flask import Flask, current_app, request

from service.api.errors import ApiError

#: C0 and C1 controls except \t \n \r, and the surrogate range (lone surrogates)
UNSTORABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
INTEGER = re.compile(r"[+-]?\d+")


@dataclass(frozen=True)
class Limits:
    PAIJU_MAX_BODY_BYTES: int = 65536
    PAIJU_MAX_JSON_DEPTH: int = 16
    PAIJU_MAX_NAME_LENGTH: int = 64
    PAIJU_MAX_STATEMENT_LENGTH: int = 500
    PAIJU_MAX_CLAIM_LENGTH: int = 2000
    PAIJU_MAX_TEXT_LENGTH: int = 2000
    PAIJU_MAX_OPTIONS_BYTES: int = 2048
    PAIJU_MAX_INT: int = 2**53 - 1

    @classmethod
    def of(cls, config: dict[str, Any]) -> Limits:
        """From app config, else the environment, else the defaults above."""
        values = {}
        for f in fields(cls):
            raw = config.get(f.name, os.environ.get(f.name))
            if raw is not None:
                values[f.name] = int(raw)
        return cls(**values)


def install(app: Flask) -> None:
    limits = Limits.of(app.config)
    app.extensions["paiju.limits"] = limits
    app.config["MAX_CONTENT_LENGTH"] = limits.PAIJU_MAX_BODY_BYTES  # Werkzeug answers 413
    app.before_request(check_request)


def limits() -> Limits:
    return current_app.extensions["paiju.limits"]  # type: ignore[no-any-return]


def check_request() -> None:
    """Refuse a request whose query, path or JSON body could not be stored or is too big."""
    lim = limits()
    for name, value in request.args.items(multi=True):
        check_text(value, f"query {name}", lim.PAIJU_MAX_TEXT_LENGTH)
        if INTEGER.fullmatch(value.strip()):
            check_int(int(value), f"query {name}", lim)
    for name, value in (request.view_args or {}).items():
        if isinstance(value, int):
            check_int(value, f"path {name}", lim)
    if request.method in ("POST", "PUT", "PATCH") and request.is_json:
        raw = request.get_data(cache=True)  # over the body limit: Werkzeug's 413
        if raw.strip():
            check_body(parse(raw), lim)


def parse(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except RecursionError:
        raise ApiError(422, "too_deep", "the body nests arrays or objects too deeply") from None
    except ValueError as e:
        raise ApiError(422, "bad_json", f"the body is not JSON: {e}") from None


def check_body(body: Any, lim: Limits) -> None:
    """Walk the body once (no recursion: depth is what is being checked)."""
    stack: list[tuple[Any, str, int]] = [(body, "body", 1)]
    while stack:
        value, where, depth = stack.pop()
        if isinstance(value, dict):
            if depth > lim.PAIJU_MAX_JSON_DEPTH:
                raise too_deep(lim)
            if where == "body.options":
                size = len(json.dumps(value, separators=(",", ":"), ensure_ascii=False))
                if size > lim.PAIJU_MAX_OPTIONS_BYTES:
                    raise ApiError(422, "too_long", f"options take at most "
                                   f"{lim.PAIJU_MAX_OPTIONS_BYTES} bytes as JSON, not {size}")
            for key, item in value.items():
                check_text(key, f"{where} key", lim.PAIJU_MAX_NAME_LENGTH)
                stack.append((item, f"{where}.{key}", depth + 1))
        elif isinstance(value, list):
            if depth > lim.PAIJU_MAX_JSON_DEPTH:
                raise too_deep(lim)
            stack.extend((item, f"{where}[]", depth + 1) for item in value)
        elif isinstance(value, str):
            check_text(value, where, longest(where, lim))
        elif isinstance(value, int) and not isinstance(value, bool):
            check_int(value, where, lim)


def longest(where: str, lim: Limits) -> int:
    """How long a string may be at this place in a body."""
    if where in ("body.players[]", "body.agents[]"):
        return lim.PAIJU_MAX_NAME_LENGTH
    if where == "body.action.text":
        return lim.PAIJU_MAX_STATEMENT_LENGTH
    if where in ("body.claim", "body.note"):
        return lim.PAIJU_MAX_CLAIM_LENGTH
    return lim.PAIJU_MAX_TEXT_LENGTH


def check_text(text: str, where: str, most: int) -> None:
    bad = UNSTORABLE.search(text)
    if bad:
        raise ApiError(422, "unstorable_text",
                       f"{where}: character U+{ord(bad.group()):04X} at position "
                       f"{bad.start()} cannot be stored (NUL, control characters and lone "
                       "surrogates are refused)")
    if len(text) > most:
        raise ApiError(422, "too_long", f"{where}: at most {most} characters, not {len(text)}")


def check_int(value: int, where: str, lim: Limits) -> None:
    if abs(value) > lim.PAIJU_MAX_INT:
        raise ApiError(422, "out_of_range",
                       f"{where}: integers are at most {lim.PAIJU_MAX_INT} in size")


def too_deep(lim: Limits) -> ApiError:
    return ApiError(422, "too_deep",
                    f"the body nests arrays or objects more than {lim.PAIJU_MAX_JSON_DEPTH} deep")
