"""Killer bot policies, exactly as shared/rules/killer.md defines them.

A policy is ``(game, seat, rng) -> action``. Night decisions belong to a team: the
simulator asks the waiting seats in ``to_act`` order, so the first living killer (or
policeman) asked makes the team's choice and the others are then no longer waiting.
Bots make empty statements and leave empty last words (both are turns that must be
taken, with text that may be empty).

A bot decides from what its seat may know. "Living" for the police at night means alive
at dusk: tonight's victim is still a suspect until dawn (the police cannot know of the
kill). A bot that left the victim out would tell a person on its team who died, through
the target it picked.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.killer.game import INVESTIGATE, LAST_WORDS, NIGHT_KILL, STATEMENTS, KillerGame
from domain.killer.roles import KILLER, POLICE

Action = dict[str, Any]


def shared_action(game: KillerGame, seat: int, rng: random.Random) -> Action | None:
    """Everything but the day vote, which is where the two policies differ."""
    phase = game.phase
    if phase == NIGHT_KILL:
        return {"type": "kill", "target": rng.choice(game.living_non_killers())}
    if phase == INVESTIGATE:
        police = game.team[POLICE]
        suspects = [
            s for s in game.living_at_dusk() if s not in police and s not in game.investigated
        ]
        if not suspects:
            return {"type": "skip"}
        return {"type": "investigate", "target": rng.choice(suspects)}
    if phase == LAST_WORDS:
        return {"type": "last_words", "text": ""}
    if phase == STATEMENTS:
        return {"type": "speak", "text": ""}
    return None


def _random_other(game: KillerGame, seat: int, rng: random.Random) -> Action:
    return {"type": "vote", "target": rng.choice([s for s in game.living_seats() if s != seat])}


def uniform_random(game: KillerGame, seat: int, rng: random.Random) -> Action:
    """Vote for a uniformly random other living player; never abstain."""
    return shared_action(game, seat, rng) or _random_other(game, seat, rng)


def informed(game: KillerGame, seat: int, rng: random.Random) -> Action:
    """Police vote for the first killer they found who still lives, else like civilians;
    killers vote for a random living non-killer; civilians for a random other player."""
    action = shared_action(game, seat, rng)
    if action is not None:
        return action
    role = game.roles[seat]
    if role == POLICE:
        found = game.still_living_found()
        if found:
            return {"type": "vote", "target": found[0]}
    elif role == KILLER:
        return {"type": "vote", "target": rng.choice(game.living_non_killers())}
    return _random_other(game, seat, rng)


POLICIES: dict[str, Callable[[KillerGame, int, random.Random], Action]] = {
    "uniform-random": uniform_random,
    "informed": informed,
}
