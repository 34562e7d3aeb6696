"""Helpers shared by the analytics tests (a module of its own, unlike conftest)."""

from __future__ import annotations

import random

import paiju_coin

from domain.simulate import play_out
from service.hall import GameHall
from service.simulation import simulate


def fill(hall: GameHall, *, hands: int = 24, coins: int = 0) -> None:
    """A small, seeded store: random and greedy Dou Dizhu hands, optional coin games."""
    simulate(hall, "doudizhu", hands // 2, "random", seed=11)
    simulate(hall, "doudizhu", hands - hands // 2, "greedy,random,random", seed=12)
    rng = random.Random(13)
    for i in range(coins):
        game = hall.create_game("coin", [f"p{j}" for j in range(2 + i % 3)],
                                agents=["heads"] * (2 + i % 3), rng=rng)
        play_out(game, [paiju_coin.always_heads] * len(game.players), rng)
        hall.save(game)
