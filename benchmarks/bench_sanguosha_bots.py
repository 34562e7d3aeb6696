"""Sanguosha identity bots head to head in duplicate deals, and their speed.

    python benchmarks/bench_sanguosha_bots.py [--deals 1000] [--players 5,8] [--seed 0]
                                              [--workers 2] [--candidate expert]
                                              [--baseline identity] [--balance]
                                              [--roles lord,loyalist,rebel,renegade]
                                              [--generals]

Each deal (identities, deck order and the table's later chance, all fixed by the deal's
seed; ``domain/sanguosha/duplicate.py``) is played once with ``--baseline`` in every seat,
then once per role with ``--candidate`` in that role's seats (the lord; every loyalist;
every rebel; the renegade) and the baseline in the others. Printed per player count and
role: the role's win rate with the candidate in its seats and on the same deals with the
baseline everywhere, each with its Wilson 95 % interval, the paired difference (same
deal: candidate win minus baseline win) with its 95 % normal interval, and a verdict
(the candidate beats the baseline in a role when that paired interval lies above zero).

``--balance`` instead plays each deal once with the candidate in every seat and prints
each side's win rate (the balance figures: the game as the strongest bots play it).

Every game is played without generals (the first game) unless ``--generals`` is given:
the option is always passed, so the figures do not move with identity's default.

Speed: games per second of the candidate and of the baseline, each in every seat of the
table, pure engine (no store), measured back to back in the same run.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analytics.winrates import Z95, wilson_interval  # noqa: E402
from domain.sanguosha.bots import IDENTITY_POLICIES  # noqa: E402
from domain.sanguosha.duplicate import (  # noqa: E402
    ROLES,
    DealResult,
    deal,
    play_deal,
    play_duplicate,
)
from domain.sanguosha.identity import LORD, REBEL, RENEGADE  # noqa: E402


def rate(wins: int, n: int) -> str:
    low, high = wilson_interval(wins, n)
    return f"{100 * wins / n:5.1f}% [{100 * low:4.1f}–{100 * high:4.1f}]"


def _chunk(args: tuple[int, int, int, str, str, tuple[str, ...], bool]) -> list[DealResult]:
    start, stop, players, candidate, baseline, roles, generals = args
    return [play_duplicate(seed, players, IDENTITY_POLICIES[candidate],
                           IDENTITY_POLICIES[baseline], roles, generals)
            for seed in range(start, stop)]


def run(players: int, seeds: range, candidate: str, baseline: str, workers: int,
        roles: tuple[str, ...] = ROLES, generals: bool = False) -> list[DealResult]:
    step = max(1, len(seeds) // (8 * max(workers, 1)))
    jobs = [(a, min(a + step, seeds.stop), players, candidate, baseline, roles, generals)
            for a in range(seeds.start, seeds.stop, step)]
    if workers <= 1:
        return [r for job in jobs for r in _chunk(job)]
    with ProcessPoolExecutor(workers) as pool:
        return [r for chunk in pool.map(_chunk, jobs) for r in chunk]


def report(players: int, results: list[DealResult], candidate: str, baseline: str,
           seconds: float, roles: tuple[str, ...] = ROLES) -> list[str]:
    """Print the table for one player count; return the roles not clearly beaten."""
    n = len(results)
    print(f"\n{players} players: {n} deals, {n * (len(roles) + 1)} games in {seconds:.0f} s")
    print(f"  {'role':<10}{candidate + ' in the role':<26}{baseline + ' everywhere':<26}"
          f"{'paired difference':<22}verdict")
    weak = []
    for role in roles:
        ours = sum(r.candidate[role] for r in results)
        theirs = sum(role in r.baseline for r in results)
        diffs = [int(r.candidate[role]) - int(role in r.baseline) for r in results]
        mean = statistics.fmean(diffs)
        half = Z95 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
        beats = mean - half > 0
        if not beats:
            weak.append(f"{role} at {players}")
        verdict = "beats" if beats else "does NOT clearly beat"
        print(f"  {role:<10}{rate(ours, n):<26}{rate(theirs, n):<26}"
              f"{100 * mean:+5.1f} ± {100 * half:4.1f} pts     {verdict}")
    return weak


def _balance_chunk(args: tuple[int, int, int, str, bool]) -> list[frozenset[str]]:
    start, stop, players, name, generals = args
    policy = IDENTITY_POLICIES[name]
    return [frozenset(play_deal(deal(seed, players), [policy] * players, generals=generals))
            for seed in range(start, stop)]


def balance(players: int, seeds: range, name: str, workers: int,
            generals: bool = False) -> None:
    """Each side's win rate with ``name`` in every seat."""
    step = max(1, len(seeds) // (8 * max(workers, 1)))
    jobs = [(a, min(a + step, seeds.stop), players, name, generals)
            for a in range(seeds.start, seeds.stop, step)]
    if workers <= 1:
        won = [w for job in jobs for w in _balance_chunk(job)]
    else:
        with ProcessPoolExecutor(workers) as pool:
            won = [w for chunk in pool.map(_balance_chunk, jobs) for w in chunk]
    n = len(won)
    sides = {"lord and loyalists": LORD, "rebels": REBEL, "renegade": RENEGADE}
    cells = [f"{label} {rate(sum(role in w for w in won), n)}" for label, role in sides.items()]
    draws = sum(not w for w in won)
    print(f"{players} players, {name} in every seat, {n} games: " + ", ".join(cells)
          + f", draws {draws}")


def speed(players: int, names: list[str], games: int, generals: bool = False) -> None:
    """Games per second, one policy in every seat, pure engine, interleaved."""
    done = {name: 0.0 for name in names}
    spent = {name: 0.0 for name in names}
    for seed in range(games):
        d = deal(10**6 + seed, players)
        for name in names:
            start = time.process_time()
            play_deal(d, [IDENTITY_POLICIES[name]] * players, generals=generals)
            spent[name] += time.process_time() - start
            done[name] += 1
    print(f"\nspeed at {players} players ({games} games each, same deals, per CPU-second): "
          + ", ".join(f"{name} {done[name] / spent[name]:.1f} games/s" for name in names))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--players", default="5,8")
    parser.add_argument("--seed", type=int, default=0, help="first deal's seed")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--candidate", default="expert")
    parser.add_argument("--baseline", default="identity")
    parser.add_argument("--speed-games", type=int, default=40)
    parser.add_argument("--roles", default=",".join(ROLES),
                        help="the roles the candidate takes (comma-separated)")
    parser.add_argument("--generals", action="store_true",
                        help="play with generals (default: the first game, without)")
    parser.add_argument("--balance", action="store_true",
                        help="only the candidate in every seat: each side's win rate")
    args = parser.parse_args()
    if args.balance:
        for players in (int(p) for p in args.players.split(",")):
            balance(players, range(args.seed, args.seed + args.deals), args.candidate,
                    args.workers, args.generals)
        return
    weak: list[str] = []
    for players in (int(p) for p in args.players.split(",")):
        start = time.perf_counter()
        roles = tuple(args.roles.split(","))
        results = run(players, range(args.seed, args.seed + args.deals), args.candidate,
                      args.baseline, args.workers, roles, args.generals)
        weak += report(players, results, args.candidate, args.baseline,
                       time.perf_counter() - start, roles)
        if args.speed_games:
            speed(players, [args.candidate, args.baseline], args.speed_games, args.generals)
    print("\n" + (f"{args.candidate} beats {args.baseline} in every role measured" if not weak
                  else f"not clearly beaten: {', '.join(weak)}"))


if __name__ == "__main__":
    main()
