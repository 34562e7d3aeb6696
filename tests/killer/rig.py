"""Build Killer tables with chosen cards: the 'given events' of a story."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import pytest

from domain.game import IllegalAction
from domain.killer.game import KillerGame
from domain.killer.roles import CIVILIAN, KILLER, POLICE

CARDS = {"K": KILLER, "P": POLICE, "C": CIVILIAN}
T = TypeVar("T")


def rig(cards: str) -> KillerGame:
    """Given: a game started and dealt with these cards, e.g. "KKPPCCCC" (seat 0 first)."""
    game = KillerGame(
        players=[f"p{i}" for i in range(len(cards))],
        options={},
        agents=["human"] * len(cards),
    )
    game.trigger_event(KillerGame.RolesDealt, roles=[CARDS[c] for c in cards])
    return game


class LastChoice:
    """A stand-in for random.Random whose choice is always the last option: a tie-break
    the story can predict. Any other use of chance fails loudly."""

    def choice(self, seq: Sequence[T]) -> T:
        return seq[-1]


def recorded(game: KillerGame) -> list[Any]:
    """The events recorded so far (not yet saved), with their fields as attributes."""
    return list(game.pending_events)


def names(game: KillerGame, since: int) -> list[str]:
    return [type(e).__name__ for e in recorded(game)[since:]]


def act(game: KillerGame, seat: int, rng: Any = None, **action: Any) -> None:
    game.act(seat, action, rng)


def refused(
    game: KillerGame, seat: int, error: type[IllegalAction], **action: Any
) -> IllegalAction:
    """Then: the action raises exactly this error, and nothing is recorded."""
    version, pending, waiting = game.version, len(game.pending_events), game.to_act()
    with pytest.raises(IllegalAction) as caught:
        game.act(seat, action)
    assert type(caught.value) is error, caught.value
    assert caught.value.code and caught.value.message
    assert game.version == version
    assert len(game.pending_events) == pending
    assert game.to_act() == waiting
    return caught.value


def speak_all(game: KillerGame, text: str = "") -> list[int]:
    """Every living player makes their statement, in turn; returns the order heard."""
    heard = []
    while game.phase == "statements":
        (seat,) = game.to_act()
        heard.append(seat)
        act(game, seat, type="speak", text=text)
    return heard


def vote(game: KillerGame, ballots: dict[int, int | None], rng: Any = None) -> None:
    """Each seat votes for its target (None: abstains), in the order the game asks."""
    for seat in list(game.to_act()):
        target = ballots[seat]
        if target is None:
            act(game, seat, rng, type="abstain")
        else:
            act(game, seat, rng, type="vote", target=target)
