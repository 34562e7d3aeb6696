"""Exact outcome probabilities of the ``uniform-random`` policy, by a Markov chain.

Under uniform-random only the counts of living killers, police and civilians matter:

* Night: the kill is uniform over the living non-killers, so a policeman dies with
  probability p/(p+c) and a civilian with c/(p+c). Investigations change no vote.
* Day: each of the N living players votes for a uniformly random other living player
  and nobody abstains; plurality, ties broken uniformly. The voted-out player is then
  uniform over the N living players. Why: relabel the players by any permutation π. A
  voter i's ballot, uniform over the others of i, becomes uniform over the others of
  π(i); so the relabelled profile has the same law, and the plurality/tie-break rule
  commutes with relabelling. Hence P(j out) = P(π(j) out) for every π: all equal, 1/N
  (someone always leaves: N ≥ 3 ballots are cast). ``vote_out_distribution`` checks this
  by enumerating every profile for small N.

States are the counts at the start of a night (``night``) or of a vote (``day``);
the win check follows each death as in the rules.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

from domain.killer.roles import CIVILIAN, KILLER, POLICE, role_counts, winning_side

Outcome = dict[str, Fraction]
SIDES = ("police", "killers", "tie")


def _ended(side: str) -> Outcome:
    return {s: Fraction(int(s == side)) for s in SIDES}


def _mix(parts: list[tuple[Fraction, Outcome]]) -> Outcome:
    return {s: sum((w * o[s] for w, o in parts), Fraction(0)) for s in SIDES}


def _after_death(k: int, p: int, c: int, then: str) -> Outcome:
    side = winning_side(k, p, c)
    if side is not None:
        return _ended(side)
    return night(k, p, c) if then == "night" else day(k, p, c)


@cache
def night(k: int, p: int, c: int) -> Outcome:
    """Outcome law from the start of a night with k killers, p police, c civilians alive."""
    targets = p + c
    return _mix([
        (Fraction(p, targets), _after_death(k, p - 1, c, "day")),
        (Fraction(c, targets), _after_death(k, p, c - 1, "day")),
    ])


@cache
def day(k: int, p: int, c: int) -> Outcome:
    """Outcome law from the start of a vote: the voted-out player is uniform."""
    n = k + p + c
    parts = []
    if k:
        parts.append((Fraction(k, n), _after_death(k - 1, p, c, "night")))
    if p:
        parts.append((Fraction(p, n), _after_death(k, p - 1, c, "night")))
    if c:
        parts.append((Fraction(c, n), _after_death(k, p, c - 1, "night")))
    return _mix(parts)


def outcome_probabilities(players: int) -> Outcome:
    """P(police win), P(killers win), P(tie) for a uniform-random table of this size."""
    counts = role_counts(players)
    return night(counts[KILLER], counts[POLICE], counts[CIVILIAN])


def vote_out_distribution(n: int) -> list[Fraction]:
    """P(seat j is voted out) when n players vote uniformly for another: by enumeration.

    Exponential ((n-1)**n profiles): a check of the symmetry argument for small n.
    """
    out = [Fraction(0)] * n
    weight = Fraction(1, (n - 1) ** n)
    choices = [[t for t in range(n) if t != i] for i in range(n)]
    for profile in itertools.product(*choices):
        counts = [0] * n
        for target in profile:
            counts[target] += 1
        top = max(counts)
        leaders = [j for j in range(n) if counts[j] == top]
        for j in leaders:
            out[j] += weight / len(leaders)
    return out
