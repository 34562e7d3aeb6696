"""Dou Dizhu throughput against a peer engine measured in the same run.

    python benchmarks/bench_doudizhu.py [--seconds 10] [--rounds 10]

Baseline: RLCard's Dou Dizhu game core stepping uniformly random legal actions (installed
here on first use with pip; it is not a dependency of paiju). Then paiju's random-policy
hands: the pure rules (functions only), the pure engine (the Hand aggregate in memory,
every event created, no store) and the full application into a SQLite file (events
sealed into the hash chain, stored as their canonical bytes, committed 50 hands to a
transaction), all on one core.

The engines take turns in short rounds; each round's rate is divided by the baseline's
rate in the same round and the median of those ratios is reported, with their range.
This machine is shared and its speed changes from second to second: a ratio taken round
by round cancels that; a ratio of totals would not.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domain.doudizhu import settle  # noqa: E402
from domain.doudizhu.bots import POLICIES  # noqa: E402
from domain.doudizhu.cards import shuffled_deck, to_ranks  # noqa: E402
from domain.doudizhu.hand import Hand  # noqa: E402
from domain.doudizhu.moves import legal_moves_sorted  # noqa: E402
from domain.doudizhu.scoring import Play  # noqa: E402
from domain.simulate import play_out  # noqa: E402
from service.hall import GameHall  # noqa: E402
from service.simulation import simulate  # noqa: E402


class Meter:
    """Hands, events and seconds of one engine, added up over interleaved slices so that
    a change in the machine's load hits every engine alike; each slice's rate is kept
    too, for per-round ratios."""

    def __init__(self, run_one: Callable[[], int], hands_per_call: int = 1) -> None:
        self.run_one, self.hands_per_call = run_one, hands_per_call
        self.done, self.events, self.seconds = 0, 0, 0.0
        self.rates: list[float] = []

    def slice(self, seconds: float) -> None:
        start = time.perf_counter()
        done = 0
        while (elapsed := time.perf_counter() - start) < seconds:
            self.events += self.run_one()
            done += self.hands_per_call
        self.done += done
        self.seconds += elapsed
        self.rates.append(done / elapsed)

    @property
    def rate(self) -> float:
        return self.done / self.seconds

    @property
    def per_hand(self) -> float:
        return self.events / max(self.done, 1)

    def ratios(self, base: Meter) -> list[float]:
        """This engine's rate over the baseline's, round by round."""
        return [mine / theirs for mine, theirs in zip(self.rates, base.rates, strict=True)]


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


def rules_runner() -> Callable[[], int]:
    """The pure rules alone, as RLCard's core is: deal, bid, legal moves, settle; no events."""
    rng = random.Random(2)

    def one() -> int:
        first = rng.randrange(3)
        while True:  # bidding once around, as the rules say; nobody bids: deal again
            deck = shuffled_deck(rng)
            hands = [to_ranks(deck[i * 17:(i + 1) * 17]) for i in range(3)]
            bids, high = [0, 0, 0], 0
            for k in range(3):
                bidder = (first + k) % 3
                bid = rng.choice([0, *range(high + 1, 4)])
                bids[bidder], high = bid, max(high, bid)
                if bid == 3:
                    break
            if high:
                break
            first = (first + 1) % 3
        landlord = max(range(3), key=lambda i: bids[i])
        hands[landlord] = to_ranks(list(hands[landlord]) + [c[0] for c in deck[51:]])
        plays: list[Play] = []
        seat, last, passes, steps = landlord, None, 0, 0
        while True:
            options = list(legal_moves_sorted(hands[seat], last))
            choice = rng.choice(options + ([""] if last else []))
            steps += 1
            plays.append(Play(seat, choice))
            if choice:
                left = list(hands[seat])
                for r in choice:
                    left.remove(r)
                hands[seat] = "".join(left)
                last, passes = choice, 0
                if not left:
                    settle(landlord=landlord, base=max(bids), plays=plays, winner=seat)
                    return steps
            else:
                passes += 1
                if passes == 2:
                    last, passes = None, 0
            seat = (seat + 1) % 3

    return one


def pure_runner() -> Callable[[], int]:
    rng = random.Random(1)
    policies = [POLICIES["random"]] * 3

    def one() -> int:
        hand = Hand.new(["a", "b", "c"], rng=rng)
        play_out(hand, policies, rng)
        return len(hand.pending_events)

    return one


def sqlite_runner(hall: GameHall) -> Callable[[], int]:
    """Whole hands through the application into SQLite, saved 50 to a transaction."""
    seeds = iter(range(10**9))

    def one() -> int:
        s = simulate(hall, "doudizhu", 50, "random", seed=next(seeds))
        return s.events

    return one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="per engine, over all rounds")
    parser.add_argument("--rounds", type=int, default=10,
                        help="interleaved rounds; the ratio reported is their median")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        hall = GameHall.from_store(f"sqlite:///{tmp}/bench.db")
        base = Meter(rlcard_runner())
        rows = [
            ("paiju pure rules (functions only, no events)", Meter(rules_runner()), "steps"),
            ("paiju pure engine (aggregate, no store)", Meter(pure_runner()), "events"),
            ("paiju full application into SQLite", Meter(sqlite_runner(hall), 50), "events"),
        ]
        for _ in range(args.rounds):
            for m in [base, *(meter for _, meter, _ in rows)]:
                m.slice(args.seconds / args.rounds)
        hall.close()
    print(f"{'engine':<46} {'hands/s':>8} {'per hand':>13} {'× RLCard (median, range)':>26}")
    print(f"{'RLCard DoudizhuGame (baseline)':<46} {base.rate:>8.0f} "
          f"{base.per_hand:>7.0f} steps {1:>8.2f}")
    medians = []
    for name, meter, unit in rows:
        ratios = meter.ratios(base)
        med = statistics.median(ratios)
        medians.append(med)
        print(f"{name:<46} {meter.rate:>8.0f} {meter.per_hand:>6.0f} {unit:<6} "
              f"{med:>8.2f} ({min(ratios):.2f}–{max(ratios):.2f})")
    rules, pure, store = medians
    print(f"targets: pure rules ≥ 5× ({'met' if rules >= 5 else 'NOT met'}), "
          f"pure engine ≥ 5× ({'met' if pure >= 5 else 'NOT met'}), "
          f"SQLite ≥ 2× ({'met' if store >= 2 else 'NOT met'})")


if __name__ == "__main__":
    main()
