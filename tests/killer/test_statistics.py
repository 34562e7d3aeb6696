"""The engine with uniform-random bots against the exact Markov-chain outcome rates.

Why the tolerance cannot fail by chance more than once in ten thousand runs: the N games
are independent, so if the engine follows the rules the count of each outcome s (police,
killers, tie) is exactly Binomial(N, p_s), with p_s from ``domain.killer.exact``. For each
s we accept the counts in [lo_s, hi_s], computed from that exact binomial law (no normal
approximation) so that P(count < lo_s) <= a/2 and P(count > hi_s) <= a/2 with
a = 1e-4 / 3. By the union bound (Bonferroni) over the three outcomes, a correct engine
fails with probability at most 3a = 1e-4. The seed is fresh each run (so the test keeps
testing) and printed on failure; set KILLER_STATS_SEED to replay a run.
"""

from __future__ import annotations

import math
import os
import random
from collections import Counter

import pytest

from domain.killer.bots import POLICIES
from domain.killer.exact import SIDES, outcome_probabilities
from domain.killer.game import KillerGame
from domain.simulate import play_out

ALPHA = 1e-4
PLAYERS = 8


def binomial_acceptance(n: int, p: float, alpha: float) -> tuple[int, int]:
    """[lo, hi] with P(X < lo) <= alpha/2 and P(X > hi) <= alpha/2 for X ~ Bin(n, p)."""
    log_p, log_q = math.log(p), math.log1p(-p)
    pmf = [
        math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
                 + k * log_p + (n - k) * log_q)
        for k in range(n + 1)
    ]
    lo, below = 0, 0.0
    while below + pmf[lo] <= alpha / 2:
        below += pmf[lo]
        lo += 1
    hi, above = n, 0.0
    while above + pmf[hi] <= alpha / 2:
        above += pmf[hi]
        hi -= 1
    return lo, hi


def test_binomial_acceptance_by_hand() -> None:
    # Bin(10, 1/2): P(X=0) = P(X=10) = 1/1024 <= 0.001, adding P(X=1) = 10/1024 is not
    assert binomial_acceptance(10, 0.5, 0.002) == (1, 9)
    # P(X <= 3) = 176/1024 <= 0.25 < P(X <= 4) = 386/1024: lo = 4, and hi = 6 likewise
    assert binomial_acceptance(10, 0.5, 0.5) == (4, 6)


def simulate(games: int, seed: int) -> Counter[str]:
    rng = random.Random(seed)
    policy = [POLICIES["uniform-random"]] * PLAYERS
    sides: Counter[str] = Counter()
    for _ in range(games):
        game = KillerGame.new([f"p{i}" for i in range(PLAYERS)], rng=rng)
        play_out(game, policy, rng)
        assert game.outcome is not None
        sides[game.outcome["side"]] += 1
    return sides


def check_against_exact(games: int) -> None:
    seed = int(os.environ.get("KILLER_STATS_SEED") or random.SystemRandom().randrange(2**32))
    law = outcome_probabilities(PLAYERS)
    sides = simulate(games, seed)
    for side in SIDES:
        lo, hi = binomial_acceptance(games, float(law[side]), ALPHA / len(SIDES))
        assert lo <= sides[side] <= hi, (
            f"{side}: {sides[side]} of {games} games, exact p = {law[side]} "
            f"(≈{float(law[side]):.4f}) expects {lo}..{hi}; KILLER_STATS_SEED={seed}"
        )


def test_uniform_random_rates_match_the_exact_chain() -> None:
    check_against_exact(1200)


@pytest.mark.slow
def test_uniform_random_rates_match_the_exact_chain_closely() -> None:
    check_against_exact(40_000)
