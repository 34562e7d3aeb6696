"""Sanguosha throughput: random-policy 8-player games per second, pure engine and into
SQLite, with the average number of events per game (issue target: ≥ 50 identity games/s
pure on one core, with the generals' skills too; issue 14's: ≥ 40 six-player Kingdom Wars
games/s with the generals' skills, hidden ones included).

    python benchmarks/bench_sanguosha.py [--games 200] [--players 8]
                                         [--kinds identity,hegemony]

There is no peer engine to run beside it, so the ratios are to the bots-only pure engine
of the same kind, measured in the same run: what asking every seat, the generals' skills,
and storing cost. The pure engine is timed in process CPU seconds (one core's throughput
on a shared machine); the store in wall seconds (it waits on the disk).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domain import registry  # noqa: E402
from domain.simulate import play_out  # noqa: E402
from service.hall import GameHall  # noqa: E402
from service.simulation import simulate  # noqa: E402


def pure(kind: str, games: int, players: int, options: dict) -> tuple[float, float]:
    spec = registry.spec(kind)
    policy = spec.policy("random")
    rng = random.Random(0)
    events = 0
    # process CPU time: what one core delivers, whatever else shares the machine
    start = time.process_time()
    for _ in range(games):
        game = spec.create([f"p{i}" for i in range(players)], dict(options),
                           agents=["random"] * players, rng=rng)
        play_out(game, [policy] * players, rng)
        events += len(game.pending_events)
    return games / (time.process_time() - start), events / games


def stored(kind: str, games: int, players: int, options: dict) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        hall = GameHall.from_store(f"sqlite:///{tmp}/bench.db")
        summary = simulate(hall, kind, games, "random", seed=1, players=players, workers=1,
                           options=options)
        hall.close()
    return summary.games / summary.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--kinds", default="identity,hegemony",
                        help="the game kinds measured (comma-separated; hegemony: Kingdom Wars)")
    args = parser.parse_args()
    print(f"{'engine':<46} {'games/s':>8} {'events/game':>12} {'ratio':>6}")
    for kind in args.kinds.split(","):
        base = 0.0
        # the first game of each kind: identity without generals, Kingdom Wars without
        # skills (rules 4 gives its generals their skills by default)
        first = {"generals": False} if kind == "identity" else {"skills": False}
        variants: list[tuple[str, dict]] = [("bots only", first),
                                            ("ask_everyone", {**first, "ask_everyone": True})]
        if kind == "identity":  # issue 13's target: ≥ 50 games/s with generals and skills
            variants.append(("generals with skills (the default)", {"generals": True}))
        for label, options in variants:
            rate, events = pure(kind, args.games, args.players, options)
            base = base or rate
            print(f"{kind + ' pure engine, ' + label:<46} {rate:>8.1f} {events:>12.0f} "
                  f"{rate / base:>6.2f}")
        if kind == "hegemony":  # issue 14's target: ≥ 40 six-player games/s with skills
            six = 0.0
            for label, options in (("6 players, no skills", first),
                                   ("6 players, generals' skills", {})):
                rate, events = pure(kind, args.games, 6, options)
                six = six or rate
                print(f"{kind + ' pure engine, ' + label:<46} {rate:>8.1f} {events:>12.0f} "
                      f"{rate / six:>6.2f}")
        rate = stored(kind, max(args.games // 4, 20), args.players, first)
        print(f"{kind + ' into SQLite, bots only, one worker':<46} {rate:>8.1f} {'':>12} "
              f"{rate / base:>6.2f}")


if __name__ == "__main__":
    main()
