"""Throughput of this checkout against an earlier revision, measured in the same run.

    python benchmarks/bench_revision.py [--rev ed9882e] [--rounds 6] [--seconds 2]

The earlier revision is checked out into a temporary git worktree; both trees run the
same workloads in fresh processes, taking turns round by round (the machine is shared
and its speed drifts, so the figure is the median of the per-round ratios). Workloads:
bot games through the pure engine (the game and its events in memory, no store) and
through the application into a fresh SQLite file, for Dou Dizhu and 8-seat identity
Sanguosha (its first game, without generals, in both trees: like for like whatever each
revision's default). The pure engine is timed in CPU seconds of its process, the store in wall
seconds (its waits on the disk are part of its cost). Issue 12's bar: no workload loses
more than 10% (ratio >= 0.90).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: runs inside each tree; only names both revisions have (the spec, or the older
#: registry.game_class), so the same workload is timed in both
WORKLOAD = r"""
import json, random, sys, tempfile, time
from domain import registry
from domain.simulate import play_out
kind, players = sys.argv[1], int(sys.argv[2])
seconds, store = float(sys.argv[3]), sys.argv[4] == "store"

def first_game(spec):
    # like for like: identity's first game (no generals), whichever the revision's default
    return ({"generals": False} if any(o.name == "generals" for o in spec.options) else {})

def make(rng):
    names = [f"p{i}" for i in range(players)]
    if hasattr(registry, "spec"):
        spec = registry.spec(kind)
        return (spec.create(names, first_game(spec), agents=["random"] * players, rng=rng),
                spec.policy("random"))
    cls = registry.game_class(kind)
    return (cls.new(names, {}, agents=["random"] * players, rng=rng),
            registry.policies(kind)["random"])

if store:
    from service.hall import GameHall
    from service.simulation import simulate
    with tempfile.TemporaryDirectory() as tmp:
        hall = GameHall.from_store(f"sqlite:///{tmp}/bench.db")
        opts = first_game(registry.spec(kind)) if hasattr(registry, "spec") else {}
        simulate(hall, kind, 20, "random", seed=0, players=players, workers=1,
                 **({"options": opts} if opts else {}))  # warm up
        games, spent = 0, 0.0
        while spent < seconds:
            s = simulate(hall, kind, 50, "random", seed=games + 1, players=players, workers=1,
                         **({"options": opts} if opts else {}))
            games, spent = games + s.games, spent + s.seconds
        hall.close()
else:
    rng = random.Random(0)
    for _ in range(5):  # warm up
        game, policy = make(rng)
        play_out(game, [policy] * players, rng)
    # CPU time of this process: what other processes on a shared machine take is left out
    games, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        game, policy = make(rng)
        play_out(game, [policy] * players, rng)
        games += 1
    spent = time.process_time() - start
print(json.dumps(games / spent))
"""

WORKLOADS = [("doudizhu", 3, False), ("doudizhu", 3, True),
             ("identity", 8, False), ("identity", 8, True)]


def rate(tree: Path, kind: str, players: int, seconds: float, store: bool) -> float:
    out = subprocess.run(
        [sys.executable, "-c", WORKLOAD, kind, str(players), str(seconds),
         "store" if store else "pure"],
        cwd=tree, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, check=True)
    return float(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="ed9882e", help="the earlier revision (baseline)")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=2.0, help="per workload and round")
    args = parser.parse_args()
    old = Path(tempfile.mkdtemp(prefix="paiju-rev-"))
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f", str(old),
                    args.rev], check=True, capture_output=True)
    try:
        print(f"{'workload':<34} {args.rev:>10} {'this':>10} {'ratio':>7}")
        worst = float("inf")
        for kind, players, store in WORKLOADS:
            ratios, base, this = [], [], []
            for r in range(args.rounds):
                order = [(old, base), (ROOT, this)]
                for tree, into in (order if r % 2 == 0 else order[::-1]):
                    into.append(rate(tree, kind, players, args.seconds, store))
                ratios.append(this[-1] / base[-1])
            ratio = statistics.median(ratios)
            worst = min(worst, ratio)
            label = f"{kind} {players}p {'into SQLite' if store else 'pure engine'}"
            print(f"{label:<34} {statistics.median(base):>10.1f} "
                  f"{statistics.median(this):>10.1f} {ratio:>7.2f}", flush=True)
        print(f"worst ratio {worst:.2f} (bar: 0.90)")
        return 0
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                       capture_output=True)
        shutil.rmtree(old, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
