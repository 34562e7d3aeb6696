"""The secret key seat tokens are signed with: one per deployment, never a default.

Why refuse to start without it: a key made up at start-up lives as long as one process,
so a restart invalidates every token of every live game, a second server on the same
store rejects the first one's tokens, and each gunicorn worker rejects the others'. A
short or well-known key (an example from a README) lets anyone sign a referee token.
"""

from __future__ import annotations

import os

#: a key shorter than this is refused (secrets.token_hex(16) gives 32 characters)
MIN_KEY_LENGTH = 32


def key_problem(key: str | None) -> str | None:
    """What is wrong with a secret key, or None when it will do."""
    if not key:
        return "PAIJU_SECRET_KEY is not set"
    if len(key) < MIN_KEY_LENGTH:
        return (f"PAIJU_SECRET_KEY has {len(key)} characters; at least {MIN_KEY_LENGTH} "
                "random ones, so that nobody can guess it and sign tokens")
    return None


def require_key() -> str:
    """The deployment's key, for a server every worker of which must share it."""
    key = os.environ.get("PAIJU_SECRET_KEY")
    problem = key_problem(key)
    if problem:
        raise SystemExit(f"paiju: {problem}. Every worker and server signs seat tokens "
                         "with it; set it (python -c 'import secrets; "
                         "print(secrets.token_hex(32))') or run `paiju serve --dev`.")
    assert key is not None
    return key
