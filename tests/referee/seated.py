"""The service's path for a differential test: games with a person among bots (so every
window asks every seat), saved and read back as rows, audited by ``audit_game``."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from service.audit import audit_game
from service.hall import GameHall

Move = Callable[[Any, int, random.Random], dict[str, Any]]


def audit_seated_games(hall: GameHall, kind: str, games: int, *, size: Callable[[int], int],
                       bots: Sequence[str], move: Move,
                       options: dict[str, Any] | None = None) -> None:
    """Game ``seed`` seats ``size(seed)`` players, one a person (a random seat) whose
    moves ``move`` picks, the others ``bots[seed % 2]``; each must audit clean."""
    for seed in range(games):
        rng = random.Random(seed)
        n = size(seed)
        person = rng.randrange(n)
        agents = [bots[seed % 2]] * n
        agents[person] = "human"
        game: Any = hall.create_game(kind, [f"p{i}" for i in range(n)], options,
                                     agents=agents, rng=rng)
        while game.outcome is None:
            seat = game.to_act()[0] if person not in game.to_act() else person
            game = hall.act(game.id, seat, move(game, seat, rng), rng=rng)
        report = audit_game(hall, game.id)
        assert report.agrees, report.text()
        assert report.as_dict()["violations"] == []


def assert_agrees(judged: Any, game: Any, seed: int) -> None:
    """The referee broke no rule and recounted every figure the engine recorded, and the
    deaths it saw are the engine's (a differential test's common ground)."""
    assert not judged.violations, (seed, [v.text() for v in judged.violations])
    assert judged.agrees, (seed, judged.problems, judged.differences())
    assert game.outcome is not None
    dead = {s for s, alive in enumerate(game.alive) if not alive}
    assert {d["seat"] for d in judged.details["deaths"]} == dead
