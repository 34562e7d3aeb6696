"""Which game kinds exist, and where their aggregate and bot policies live.

Imported lazily so a kind whose package is missing simply is not offered.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from domain.game import Game

_GAMES: dict[str, str] = {
    "doudizhu": "domain.doudizhu.hand:Hand",
    "killer": "domain.killer.game:KillerGame",
    "identity": "domain.sanguosha.identity:IdentityGame",
    "hegemony": "domain.sanguosha.hegemony:HegemonyGame",
}
_POLICIES: dict[str, str] = {
    "doudizhu": "domain.doudizhu.bots:POLICIES",
    "killer": "domain.killer.bots:POLICIES",
    "identity": "domain.sanguosha.bots:IDENTITY_POLICIES",
    "hegemony": "domain.sanguosha.bots:HEGEMONY_POLICIES",
}

#: a policy chooses one action for a seat the game is waiting on
Policy = Callable[..., dict[str, Any]]


def _load(ref: str) -> Any:
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


def kinds() -> list[str]:
    out = []
    for kind in _GAMES:
        try:
            game_class(kind)
        except (ImportError, AttributeError):
            continue
        out.append(kind)
    return out


def game_class(kind: str) -> type[Game]:
    if kind not in _GAMES:
        raise KeyError(kind)
    cls = _load(_GAMES[kind])
    assert issubclass(cls, Game)
    return cls


def policies(kind: str) -> dict[str, Policy]:
    """The bot policies of a kind (none for a kind that has no bots)."""
    if kind not in _POLICIES:
        return {}
    return dict(_load(_POLICIES[kind]))
