"""Dou Dizhu bots head to head in duplicate deals, and the expert policy's speed.

    python benchmarks/bench_doudizhu_bots.py [--deals 2000] [--seed 1]
                                             [--against rlcard,greedy] [--speed-seconds 20]

Each deal is played twice in paiju's engine (the Hand aggregate: our rules and scoring):
``expert`` as landlord against two opponent peasants, then the opponent as landlord
against two ``expert`` peasants, the same cards in the same seats. The bidding is fixed
(``domain/doudizhu/duplicate.py``): the deal's first bidder, a random seat, bids 1 and
the others pass, so the landlord is a random seat as in RLCard's own game and scores are
in units of a base of 1. Opponents: RLCard's rule agent ``DouDizhuRuleAgentV1``
(installed with pip on first use, not a dependency of paiju; ``rlcard_agent.py`` is the
adapter) and paiju's ``greedy``.

Printed per opponent: each side's win rate per role with its Wilson 95 % interval, the
mean score per deal, the paired difference (same deal, landlord wins of one side minus
the other's, with a 95 % normal interval), and each bot against itself on the same deals
as the baseline that says what "beats" means per role: ``expert`` beats an opponent as
landlord if it wins more against the opponent's peasants than the opponent's own landlord
does, and as peasants if the opponent's landlord wins less against ``expert`` peasants
than against its own.

Speed: hands per second of ``expert`` playing all three seats in the pure engine (no
store), per second of the process's CPU time (one core) and of wall time, interleaved
round by round with ``greedy`` measured the same way in the same run (this machine is
shared and its speed changes from second to second; the ratio does not).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analytics.winrates import Z95, wilson_interval  # noqa: E402
from domain.doudizhu.bots import POLICIES  # noqa: E402
from domain.doudizhu.duplicate import Duplicate, play_duplicate, play_table  # noqa: E402
from domain.doudizhu.hand import Hand  # noqa: E402
from domain.simulate import Policy, play_out  # noqa: E402

OURS = "expert"


def opponent(name: str) -> tuple[str, Policy]:
    if name == "rlcard":
        from benchmarks.rlcard_agent import rule_agent_policy

        return "RLCard DouDizhuRuleAgentV1", rule_agent_policy()
    return name, POLICIES[name]


def rate(wins: int, n: int) -> str:
    low, high = wilson_interval(wins, n)
    return f"{100 * wins / n:5.1f}% [{100 * low:.1f}–{100 * high:.1f}]"


def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its normal 95 % interval."""
    m = statistics.fmean(values)
    return m, Z95 * statistics.stdev(values) / math.sqrt(len(values))


def self_play(seeds: range, policy: Policy) -> int:
    """Landlord wins of a policy against itself on these deals (fixed bidding)."""
    return sum(play_table(seed, policy, policy).landlord_won for seed in seeds)


def head_to_head(seeds: range, name: str, theirs: Policy, ours_self: int) -> None:
    n = len(seeds)
    start = time.perf_counter()
    deals: list[Duplicate] = [play_duplicate(seed, POLICIES[OURS], theirs) for seed in seeds]
    seconds = time.perf_counter() - start
    start = time.perf_counter()
    theirs_self = self_play(seeds, theirs)
    baseline_seconds = time.perf_counter() - start
    ours_ll = sum(d.a_landlord.landlord_won for d in deals)
    theirs_ll = sum(d.b_landlord.landlord_won for d in deals)
    print(f"\n{OURS} vs {name}: {n} duplicate deals ({2 * n} hands) in {seconds:.1f} s "
          f"({2 * n / seconds:.0f} hands/s); baseline self-play {baseline_seconds:.1f} s")
    print(f"  {'win rate':<22}{OURS:<26}{name}")
    print(f"  {'as landlord':<22}{rate(ours_ll, n):<26}{rate(theirs_ll, n)}")
    print(f"  {'as peasants':<22}{rate(n - theirs_ll, n):<26}{rate(n - ours_ll, n)}")
    as_landlord, _ = mean_ci([d.a_landlord.landlord_score for d in deals])
    as_peasants, _ = mean_ci([-d.b_landlord.landlord_score for d in deals])
    net, net_ci = mean_ci([d.net_a for d in deals])
    print(f"  mean score per deal, {OURS}'s side: as landlord {as_landlord:+.2f}, "
          f"as peasants {as_peasants:+.2f}, net {net:+.2f} ± {net_ci:.2f}")
    diff, diff_ci = mean_ci([d.a_landlord.landlord_won - d.b_landlord.landlord_won
                             for d in deals])
    print(f"  paired, same deal: {OURS} landlord wins − {name} landlord wins = "
          f"{100 * diff:+.1f} ± {100 * diff_ci:.1f} points")
    print(f"  baseline, each against itself on the same deals: landlord wins "
          f"{name} {rate(theirs_self, n)}, {OURS} {rate(ours_self, n)}")
    landlord_beats = _apart(ours_ll, theirs_self, n)
    peasants_beat = _apart(theirs_self, theirs_ll, n)
    print(f"  as landlord: {OURS} {100 * ours_ll / n:.1f}% vs {name}'s own landlord "
          f"{100 * theirs_self / n:.1f}% against {name} peasants → "
          f"{'beats' if landlord_beats else 'does NOT clearly beat'}")
    print(f"  as peasants: {name}'s landlord wins {100 * theirs_ll / n:.1f}% against "
          f"{OURS}, {100 * theirs_self / n:.1f}% against its own peasants → "
          f"{'beats' if peasants_beat else 'does NOT clearly beat'}")


def _apart(high: int, low: int, n: int) -> bool:
    """Whether the first rate is above the second with their Wilson intervals apart."""
    return wilson_interval(high, n)[0] > wilson_interval(low, n)[1]


def speed(seconds: float, rounds: int = 10) -> None:
    """Hands per second, all three seats one policy, pure engine, interleaved rounds.

    Counted per second of this process's CPU time (one core) as well as per second of
    wall time: on a shared machine the wall-clock rate says more about the neighbours.
    """
    def runner(name: str) -> Callable[[], None]:
        rng = random.Random(7)
        policies = [POLICIES[name]] * 3

        def one() -> None:
            play_out(Hand.new(["a", "b", "c"], rng=rng), policies, rng)

        return one

    runners = {name: runner(name) for name in (OURS, "greedy")}
    cpu: dict[str, list[float]] = {name: [] for name in runners}
    wall: dict[str, list[float]] = {name: [] for name in runners}
    for _ in range(rounds):
        for name, one in runners.items():
            start, started, done = time.process_time(), time.perf_counter(), 0
            while (used := time.process_time() - start) < seconds / rounds / 2:
                one()
                done += 1
            cpu[name].append(done / used)
            wall[name].append(done / (time.perf_counter() - started))
    ours = statistics.median(cpu[OURS])
    ratios = [a / b for a, b in zip(cpu[OURS], cpu["greedy"], strict=True)]
    print(f"\nspeed, pure engine (Hand aggregate, no store), all three seats one policy, "
          f"{rounds} interleaved rounds, medians:")
    for name in runners:
        print(f"  {name:<8} {statistics.median(cpu[name]):5.0f} hands per CPU-second "
              f"({min(cpu[name]):.0f}–{max(cpu[name]):.0f}), "
              f"{statistics.median(wall[name]):5.0f} per wall-clock second")
    print(f"  {OURS} / greedy, round by round: {statistics.median(ratios):.2f} "
          f"({min(ratios):.2f}–{max(ratios):.2f})")
    print(f"  target ≥ 100 hands/s on one core: {'met' if ours >= 100 else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--against", default="rlcard,greedy",
                        help="opponents, comma-separated: rlcard and/or paiju policies")
    parser.add_argument("--speed-seconds", type=float, default=20.0,
                        help="time for the speed measurement (0 skips it)")
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.deals)
    start = time.perf_counter()
    print(f"duplicate deals {seeds.start}–{seeds.stop - 1}; bidding fixed: the first "
          f"bidder (a random seat) bids 1, the others pass")
    ours_self = self_play(seeds, POLICIES[OURS])
    for name in args.against.split(","):
        try:
            label, policy = opponent(name.strip())
        except (subprocess.CalledProcessError, ImportError, OSError) as e:
            print(f"\n{name}: skipped, RLCard could not be installed here ({e})")
            continue
        head_to_head(seeds, label, policy, ours_self)
    if args.speed_seconds > 0:
        speed(args.speed_seconds)
    print(f"\ntotal {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
