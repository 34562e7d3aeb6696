"""Which kinds of game paiju offers: one line per kind, naming its spec.

A kind is added by a line here (or, for a game kept outside this repository, by
``register(spec)`` or a ``paiju.games`` entry point); nothing else in paiju names it.
Specs load on first use, so a kind whose package is missing is simply not offered.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from domain.game import Game, InvalidSetup
from domain.spec import GameSpec

_BUILT_IN: dict[str, str] = {
    "doudizhu": "domain.doudizhu.spec:SPEC",
    "killer": "domain.killer.spec:SPEC",
    "identity": "domain.sanguosha.spec:IDENTITY",
    "hegemony": "domain.sanguosha.spec:HEGEMONY",
}
_specs: dict[str, GameSpec] = {}
_loaded = False


class UnknownKind(InvalidSetup):
    code = "unknown_kind"


def _load(ref: str) -> GameSpec:
    module, _, name = ref.partition(":")
    spec = getattr(importlib.import_module(module), name)
    if not isinstance(spec, GameSpec):
        raise TypeError(f"{ref} is not a GameSpec")
    return spec


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    refs = list(_BUILT_IN.values()) + [
        f"{ep.module}:{ep.attr}" for ep in entry_points(group="paiju.games")]
    for ref in refs:
        try:
            spec = _load(ref)
        except ImportError:
            continue
        _specs.setdefault(spec.kind, spec)


def register(spec: GameSpec) -> None:
    """Offer a kind of game (one line, for a game kept outside the built-in ones)."""
    _load_all()
    _specs[spec.kind] = spec


def unregister(kind: str) -> None:
    _specs.pop(kind, None)


def specs() -> list[GameSpec]:
    _load_all()
    return list(_specs.values())


def kinds() -> list[str]:
    return [s.kind for s in specs()]


def spec(kind: str) -> GameSpec:
    _load_all()
    found = _specs.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise UnknownKind(f"unknown game kind {kind!r}; paiju offers {', '.join(_specs)}")
    return found


def spec_of(game: Game | type[Game]) -> GameSpec:
    return spec(game.kind)


def series_specs() -> list[GameSpec]:
    """The kinds whose games can be played as a series (a match)."""
    return [s for s in specs() if s.series is not None]
