"""Card patterns and their comparison, exactly as shared/rules/doudizhu.md says.

Every legal play has exactly one pattern; ``classify`` returns it or None.
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import NamedTuple

from domain.doudizhu.cards import ACE, BLACK, RANKS, RED, counts_of, normalize


class PatternKind(StrEnum):
    SINGLE = "single"
    PAIR = "pair"
    TRIO = "trio"
    TRIO_SINGLE = "trio_single"
    TRIO_PAIR = "trio_pair"
    STRAIGHT = "straight"
    PAIR_CHAIN = "pair_chain"
    AIRPLANE = "airplane"
    AIRPLANE_SINGLES = "airplane_singles"
    AIRPLANE_PAIRS = "airplane_pairs"
    FOUR_TWO_SINGLES = "four_two_singles"
    FOUR_TWO_PAIRS = "four_two_pairs"
    BOMB = "bomb"
    ROCKET = "rocket"


class Pattern(NamedTuple):
    kind: PatternKind
    main: int  # rank index of the rank that decides comparison
    length: int  # chain length (trios, pairs or singles in the chain); 1 otherwise
    size: int  # number of cards

    @property
    def main_rank(self) -> str:
        return RANKS[self.main]


# chain length limits per chained kind (inclusive)
CHAIN_LIMITS = {
    PatternKind.STRAIGHT: (5, 12),
    PatternKind.PAIR_CHAIN: (3, 10),
    PatternKind.AIRPLANE: (2, 6),
    PatternKind.AIRPLANE_SINGLES: (2, 5),
    PatternKind.AIRPLANE_PAIRS: (2, 4),
}


def _run(counts: list[int], need: int) -> tuple[int, int] | None:
    """If the ranks with a nonzero count are exactly one run of ``need`` each, its ends."""
    ranks = [i for i, n in enumerate(counts) if n]
    if any(counts[i] != need for i in ranks):
        return None
    lo, hi = ranks[0], ranks[-1]
    if hi > ACE or hi - lo + 1 != len(ranks):
        return None
    return lo, hi


def _airplane_with_kickers(counts: list[int], size: int) -> Pattern | None:
    """Airplane + singles (4k cards) or airplane + pairs (5k cards)."""
    for k, per, kind in ((size // 4, 1, PatternKind.AIRPLANE_SINGLES),
                         (size // 5, 2, PatternKind.AIRPLANE_PAIRS)):
        lo_k, hi_k = CHAIN_LIMITS[kind]
        if size != k * (3 + per) or not lo_k <= k <= hi_k:
            continue
        # the chain: k consecutive ranks (<= A) each exactly three (a kicker is never
        # a chain rank, so a chain rank holding four cards cannot be part of it)
        for hi in range(ACE, k - 2, -1):
            lo = hi - k + 1
            if any(counts[i] != 3 for i in range(lo, hi + 1)):
                continue
            kick = counts[:]
            for i in range(lo, hi + 1):
                kick[i] = 0
            if per == 1:
                if kick[BLACK] and kick[RED]:
                    continue  # the rocket is never a kicker
                if any(n >= 4 for n in kick):
                    continue
                if (lo > 0 and kick[lo - 1] == 3) or (hi < ACE and kick[hi + 1] == 3):
                    continue  # that would be a longer airplane
                return Pattern(kind, hi, k, size)
            if all(n in (0, 2) for n in kick):
                return Pattern(kind, hi, k, size)
    return None


@lru_cache(maxsize=65536)
def _classify_sorted(ranks: str) -> Pattern | None:
    size = len(ranks)
    if size == 0:
        return None
    counts = counts_of(ranks)
    shape = sorted((n for n in counts if n), reverse=True)
    distinct = len(shape)
    if size == 2 and counts[BLACK] and counts[RED]:
        return Pattern(PatternKind.ROCKET, RED, 1, 2)
    if distinct == 1:
        rank = ranks[0]
        main = RANKS.index(rank)
        single = {1: PatternKind.SINGLE, 2: PatternKind.PAIR, 3: PatternKind.TRIO,
                  4: PatternKind.BOMB}
        if size in single:
            return Pattern(single[size], main, 1, size)
    top = max(range(15), key=lambda i: (counts[i], i))
    if shape == [3, 1]:
        return Pattern(PatternKind.TRIO_SINGLE, top, 1, size)
    if shape == [3, 2]:
        return Pattern(PatternKind.TRIO_PAIR, top, 1, size)
    if shape[0] == 4 and size == 6 and shape.count(4) == 1:
        if not (counts[BLACK] and counts[RED]):
            return Pattern(PatternKind.FOUR_TWO_SINGLES, top, 1, size)
        return None
    if shape == [4, 2, 2]:
        return Pattern(PatternKind.FOUR_TWO_PAIRS, top, 1, size)
    for need, kind in ((1, PatternKind.STRAIGHT), (2, PatternKind.PAIR_CHAIN),
                       (3, PatternKind.AIRPLANE)):
        lo_k, hi_k = CHAIN_LIMITS[kind]
        if size % need == 0 and lo_k <= size // need <= hi_k:
            run = _run(counts, need)
            if run is not None:
                return Pattern(kind, run[1], size // need, size)
    if size >= 8:
        return _airplane_with_kickers(counts, size)
    return None


def classify_sorted(ranks: str) -> Pattern | None:
    """classify for a rank string already sorted low to high (the engine's hot path)."""
    return _classify_sorted(ranks)


@lru_cache(maxsize=65536)
def classify(ranks: str) -> Pattern | None:
    """The pattern of a play written as ranks, or None when it is no legal play."""
    return _classify_sorted(normalize(ranks))


def is_bomb_like(p: Pattern) -> bool:
    return p.kind in (PatternKind.BOMB, PatternKind.ROCKET)


_ROCKET, _BOMB = PatternKind.ROCKET, PatternKind.BOMB  # enum lookups cost, in 3.11


def beats_pattern(play: Pattern, last: Pattern) -> bool:
    kind, last_kind = play.kind, last.kind
    if kind is _ROCKET:
        return True
    if last_kind is _ROCKET:
        return False
    if kind is _BOMB:
        return last_kind is not _BOMB or play.main > last.main
    if last_kind is _BOMB:
        return False
    return kind is last_kind and play.size == last.size and play.main > last.main


def beats(play: str, last: str) -> bool:
    """Whether ``play`` may be laid on ``last``; an illegal play beats nothing."""
    p, q = classify(play), classify(last)
    if p is None or q is None:
        return False
    return beats_pattern(p, q)
