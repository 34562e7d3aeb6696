"""Throughput of the pure engine: >= 50 complete 8-player random games per second."""

from __future__ import annotations

import random
import time

import pytest

from domain.sanguosha.bots import random_policy
from domain.sanguosha.identity import IdentityGame


def games_per_second(n_games: int = 200, players: int = 8, seed: int = 0) -> tuple[float, float]:
    """(games per second, average events per game) for random-policy games."""
    rng = random.Random(seed)
    events = 0
    start = time.perf_counter()
    for _ in range(n_games):
        game = IdentityGame.new([f"p{i}" for i in range(players)], rng=rng)
        while game.outcome is None:
            (seat,) = game.to_act()
            game.act(seat, random_policy(game, seat, rng), rng)
        events += len(game.pending_events)
    elapsed = time.perf_counter() - start
    return n_games / elapsed, events / n_games


@pytest.mark.slow
def test_fifty_eight_player_games_per_second() -> None:
    rate, events = games_per_second()
    print(f"{rate:.1f} games/s, {events:.0f} events/game")
    assert rate >= 50
