"""Dou Dizhu throughput against a peer engine measured in the same run.

    python benchmarks/bench_doudizhu.py [--seconds 10]

Baseline: RLCard's Dou Dizhu game core stepping uniformly random legal actions (installed
here on first use with pip; it is not a dependency of paiju). Then paiju's random-policy
hands: the pure engine (the Hand aggregate in memory, every event created, no store) and
the full application into a SQLite file (events sealed into the hash chain, transcoded,
written). Figures are ratios to the baseline because this machine is shared and noisy.
"""

from __future__ import annotations

import argparse
import importlib
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domain.doudizhu.bots import POLICIES  # noqa: E402
from domain.doudizhu.hand import Hand  # noqa: E402
from domain.simulate import play_out  # noqa: E402
from service.hall import GameHall  # noqa: E402
from service.simulation import simulate  # noqa: E402


def rate(run_one: Callable[[], int], seconds: float) -> tuple[float, float]:
    """Hands per second (and events per hand) over about ``seconds``."""
    done = events = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        events += run_one()
        done += 1
    return done / elapsed, events / max(done, 1)


def rlcard_runner() -> Callable[[], int]:
    try:
        importlib.import_module("rlcard")
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "rlcard"])
    import numpy as np
    from rlcard.games.doudizhu.game import DoudizhuGame

    game = DoudizhuGame(allow_step_back=False)
    game.np_random = np.random.RandomState(0)
    rng = random.Random(0)

    def one() -> int:
        state, _ = game.init_game()
        steps = 0
        while not game.is_over():
            state, _ = game.step(rng.choice(state["actions"]))
            steps += 1
        return steps

    return one


def pure_runner() -> Callable[[], int]:
    rng = random.Random(1)
    policies = [POLICIES["random"]] * 3

    def one() -> int:
        hand = Hand.new(["a", "b", "c"], rng=rng)
        play_out(hand, policies, rng)
        return len(hand.pending_events)

    return one


def sqlite_rate(seconds: float) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        hall = GameHall.from_store(f"sqlite:///{tmp}/bench.db")
        games = events = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            s = simulate(hall, "doudizhu", 200, "random", seed=games)
            games += s.games
            events += s.events
        elapsed = time.perf_counter() - start
        hall.close()
    return games / elapsed, events / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per measurement")
    args = parser.parse_args()
    base, base_steps = rate(rlcard_runner(), args.seconds)
    pure, pure_events = rate(pure_runner(), args.seconds)
    store, store_events = sqlite_rate(args.seconds)
    print(f"{'engine':<44} {'hands/s':>9} {'per hand':>14} {'× RLCard':>9}")
    print(f"{'RLCard DoudizhuGame (baseline)':<44} {base:>9.0f} {base_steps:>8.0f} steps {1:>9.2f}")
    print(f"{'paiju pure engine (aggregate, no store)':<44} {pure:>9.0f} "
          f"{pure_events:>7.0f} events {pure / base:>9.2f}")
    print(f"{'paiju full application into SQLite':<44} {store:>9.0f} "
          f"{store_events:>7.0f} events {store / base:>9.2f}")
    print(f"targets: pure ≥ 5× ({'met' if pure >= 5 * base else 'NOT met'}), "
          f"SQLite ≥ 2× ({'met' if store >= 2 * base else 'NOT met'})")


if __name__ == "__main__":
    main()
