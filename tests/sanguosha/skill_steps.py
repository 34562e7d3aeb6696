"""Small steps the skill stories share (Wei and Qun): turns passed up to the moment a
story needs, and the events of a step as a given seat may see them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from domain.sanguosha.cards import NAME
from domain.sanguosha.identity import IdentityGame
from tests.sanguosha import rig
from tests.sanguosha.rig import RESPONSIVE, act, mark

Events = list[tuple[str, dict[str, Any]]]


def until(game: Any, stop: Callable[[Any], bool]) -> Events:
    """When: every asked skill is declined and every turn ends without playing (discarding
    fillers first) until ``stop(game)`` holds; the events on the way."""
    out: Events = []
    for _ in range(200):
        if stop(game):
            return out
        seat = game.to_act()[0]
        if game.ask == "skill":
            out += act(game, seat, type="decline")
        elif game.ask == "play":
            out += act(game, seat, type="end_play")
        elif game.ask == "discard":
            template = game.legal_actions(seat)[0]
            keep_last = sorted(template["from"], key=lambda c: (NAME[c] in RESPONSIVE, c))
            out += act(game, seat, type="discard", cards=keep_last[:template["count"]])
        else:
            raise AssertionError(f"until() met an ask it does not pass: {game.ask!r}")
    raise AssertionError("until(): the moment never came")


def play_phase(seat: int) -> Callable[[Any], bool]:
    return lambda game: game.current == seat and game.ask == "play"


def asked(seat: int, skill: str) -> Callable[[Any], bool]:
    """The moment ``seat`` is asked whether to use ``skill``."""
    return lambda game: (game.ask == "skill" and game.to_act() == [seat]
                         and game.view(seat)["pending"].get("skill") == skill)


def seen(game: Any, since: int, viewer: Any) -> list[tuple[str, dict[str, Any]]]:
    """The events recorded from ``since`` on, as ``viewer`` sees them (redacted)."""
    out = []
    for e in game.pending_events[since:]:
        v = game.event_view(e, viewer)
        out.append((v["type"], v["data"]))
    return out


def named(events: Events, name: str) -> list[dict[str, Any]]:
    """The data of every event called ``name``."""
    return [data for kind, data in events if kind == name]


__all__ = ["until", "play_phase", "asked", "seen", "named", "mark"]


def replayed(game: Any) -> Any:
    """The game rebuilt from its recorded events alone."""
    found = None
    for e in game.pending_events:
        found = e.mutate(found)
    return found


def assert_replays(game: Any) -> None:
    """Then: the events alone rebuild the table exactly (every seat's view, the
    referee's, and what the game waits for)."""
    again = replayed(game)
    for viewer in ("referee", *range(game.n)):
        mine, theirs = game.view(viewer), again.view(viewer)
        if game.outcome is not None:  # a finished game's receipt digests the stored chain
            mine.pop("receipt", None)
            theirs.pop("receipt", None)
        assert theirs == mine
    # frames compare by identity: their fields, as their repr shows them
    assert [repr(f) for f in again.stack] == [repr(f) for f in game.stack]
    assert again.marks == game.marks


def told(game: Any, viewer: Any = "referee") -> list[str]:
    """The move list in words, as ``viewer`` reads it (``paiju replay``)."""
    from domain.sanguosha.text import SanguoshaNarrator

    events = [game.event_view(e, viewer) for e in game.pending_events]
    return [m.text for m in SanguoshaNarrator().moves(events, game.players)]


_TABLES: list[Any] = []

T = TypeVar("T")


def remember(game: T) -> T:
    """Given: a table (identity or Kingdom Wars) that the story ends by rebuilding."""
    _TABLES.append(game)
    return game


def table(*args: Any, **kwargs: Any) -> IdentityGame:
    """Given: a table (rig.table), remembered so that each story ends checking replay."""
    return remember(rig.table(*args, **kwargs))


def every_story_replays() -> Iterator[None]:
    """Each story that set its table with ``table`` ends by rebuilding it from its events
    alone (``assert_replays``); run around every test by ``conftest.py``."""
    _TABLES.clear()
    yield
    for game in _TABLES:
        assert_replays(game)
