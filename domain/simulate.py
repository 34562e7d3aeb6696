"""Play a game out with bot policies: the loop every game shares."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from domain.game import Game

Policy = Callable[[Any, int, random.Random], dict[str, Any]]

MAX_STEPS = 100_000


class StuckGame(RuntimeError):
    """A game that waits on nobody, or never ends: a bug in its rules, named by its id."""


def play_out(game: Game, policies: Sequence[Policy], rng: random.Random,
             max_steps: int = MAX_STEPS) -> Game:
    """Ask each waiting seat's policy for an action until the game ends."""
    steps = 0
    while game.outcome is None:
        if steps > max_steps:
            raise StuckGame(f"{game.kind} game {game.id} did not end in {max_steps} steps")
        waiting = game.to_act()
        if not waiting:
            raise StuckGame(f"{game.kind} game {game.id} waits on nobody but is not over")
        if len(waiting) == 1:  # the common case: one seat to move, nothing to re-check
            seat = waiting[0]
            game.act(seat, policies[seat](game, seat, rng), rng)
            steps += 1
            continue
        for seat in waiting:
            if game.outcome is not None:
                break
            if seat not in game.to_act():
                continue
            game.act(seat, policies[seat](game, seat, rng), rng)
            steps += 1
    return game
