"""What an audit costs against rebuilding the same game from the store, in the same run.

    python benchmarks/bench_audit.py [--seconds 10] [--rounds 10] [--games 200]

For each row (a game kind, its bots and table size) bot games are stored in a SQLite
file. Then, in rounds, the two jobs take turns over the same games: *rebuild* reads a
game's rows and replays them into the aggregate (``repository.get`` with no cache, what
every read of a game does), *audit* reads the raw rows, checks the hash chain and runs
the kind's referee over the facts (``paiju audit``). Each round's audit time per game
is divided by the rebuild time per game of the same round; the median of those ratios
is reported with their range (the machine is shared; a ratio taken round by round
cancels the changes in its speed). Target: an audit costs at most 2× a rebuild.

Add a kind as one more ``Row``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from service.audit import audit_game  # noqa: E402
from service.hall import GameHall  # noqa: E402
from service.simulation import simulate  # noqa: E402

TARGET = 2.0


@dataclass
class Row:
    kind: str
    policy: str
    players: int | None = None
    label: str = ""
    ids: list[Any] = field(default_factory=list)
    events: int = 0
    rebuild: list[float] = field(default_factory=list)  # seconds per game, per round
    audit: list[float] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.label or f"{self.kind} ({self.policy})"

    def ratios(self) -> list[float]:
        return [a / r for a, r in zip(self.audit, self.rebuild, strict=True)]


ROWS = [
    Row("doudizhu", "random", label="Dou Dizhu hand (random bots)"),
    Row("doudizhu", "greedy", label="Dou Dizhu hand (greedy bots)"),
    Row("hegemony", "kingdom", 6, label="Kingdom Wars, 6 seats (kingdom bots)"),
]


def per_game(job: Callable[[Any], Any], ids: list[Any], seconds: float) -> float:
    """Seconds per game of ``job``, going round the games for about ``seconds``."""
    done, start = 0, time.perf_counter()
    while True:
        for gid in ids:
            job(gid)
            done += 1
            if (elapsed := time.perf_counter() - start) >= seconds:
                return elapsed / done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="per job and row, over all rounds")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--games", type=int, default=200, help="stored games per row")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        # no aggregate cache: a rebuild reads and replays the rows every time
        hall = GameHall.from_store(f"sqlite:///{tmp}/bench.db", AGGREGATE_CACHE_MAXSIZE="")
        for i, row in enumerate(ROWS):
            before = set(hall.iter_game_ids(row.kind))
            s = simulate(hall, row.kind, args.games, row.policy, seed=i, players=row.players,
                         workers=1)
            row.ids = [g for g in hall.iter_game_ids(row.kind) if g not in before]
            row.events = s.events
            assert all(audit_game(hall, g).agrees for g in row.ids[:20]), row.name
        slice_ = args.seconds / args.rounds
        for k in range(args.rounds):
            for row in ROWS:
                jobs = [(row.rebuild, hall.repository.get),
                        (row.audit, lambda g: audit_game(hall, g))]
                for times, job in jobs if k % 2 == 0 else reversed(jobs):
                    times.append(per_game(job, row.ids, slice_))
        hall.close()
    print(f"{'game':<34} {'events':>6} {'rebuild ms':>10} {'audit ms':>9} "
          f"{'audit ÷ rebuild (median, range)':>32}")
    for row in ROWS:
        ratios = row.ratios()
        med = statistics.median(ratios)
        print(f"{row.name:<34} {row.events / len(row.ids):>6.0f} "
              f"{1000 * statistics.median(row.rebuild):>10.2f} "
              f"{1000 * statistics.median(row.audit):>9.2f} "
              f"{med:>14.2f} ({min(ratios):.2f}–{max(ratios):.2f})  "
              f"{'met' if med <= TARGET else 'NOT met'} (≤ {TARGET:g}×)")


if __name__ == "__main__":
    main()
