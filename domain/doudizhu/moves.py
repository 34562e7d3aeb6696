"""Every distinct play a hand may make: built from rank counts, pattern by pattern.

When following, only plays of the last play's kind and size (and bombs, the rocket) are
built, so a bot's step stays cheap.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

from domain.doudizhu.cards import ACE, BLACK, RANKS, RED, counts_of, from_counts, normalize
from domain.doudizhu.patterns import (
    CHAIN_LIMITS,
    Pattern,
    PatternKind,
    classify,
    classify_sorted,
)

K = PatternKind


def _multisets(avail: list[tuple[int, int]], k: int) -> list[tuple[int, ...]]:
    """Ways to pick ``k`` cards from ``avail`` [(rank, at most)], as sorted rank tuples.

    Combinations of the actual cards (each rank at most its cap), duplicates dropped: a
    hand leaves so few cards beside the main part that this stays small, and runs in C.
    """
    pool = [rank for rank, most in avail for _ in range(min(most, k))]
    return list(dict.fromkeys(combinations(pool, k)))


def _chains(counts: list[int], need: int, kind: PatternKind) -> Iterator[tuple[int, int]]:
    """(lo, hi) of every run of ranks <= A holding at least ``need`` cards each."""
    lo_k, hi_k = CHAIN_LIMITS[kind]
    for lo in range(ACE + 1):
        hi = lo
        while hi <= ACE and counts[hi] >= need:
            if hi - lo + 1 >= lo_k:
                if hi - lo + 1 > hi_k:
                    break
                yield lo, hi
            hi += 1


_SAME = {K.SINGLE: 1, K.PAIR: 2, K.TRIO: 3, K.BOMB: 4}
_CHAIN_NEED = {K.STRAIGHT: 1, K.PAIR_CHAIN: 2, K.AIRPLANE: 3}


def _plays_of(counts: list[int], ranks: list[int], kind: PatternKind,
              size: int | None = None, above: int = -1) -> Iterator[str]:
    """Rank strings of every play of one kind (and, if given, one size) whose main rank
    is above ``above``; ``ranks`` are the ranks the hand holds."""
    if kind in _SAME:
        n = _SAME[kind]
        for i in ranks:
            if i > above and counts[i] >= n and (n < 4 or counts[i] == 4):
                yield RANKS[i] * n
    elif kind is K.ROCKET:
        if counts[BLACK] and counts[RED]:
            yield "BR"
    elif kind in (K.TRIO_SINGLE, K.TRIO_PAIR):
        n = 1 if kind is K.TRIO_SINGLE else 2
        for t in ranks:
            if t > above and counts[t] >= 3:
                trio = RANKS[t] * 3
                for s in ranks:
                    if s != t and counts[s] >= n:
                        yield trio + RANKS[s] * n if s > t else RANKS[s] * n + trio
    elif kind in _CHAIN_NEED:
        need = _CHAIN_NEED[kind]
        for lo, hi in _chains(counts, need, kind):
            if hi > above and (size is None or (hi - lo + 1) * need == size):
                yield "".join(RANKS[i] * need for i in range(lo, hi + 1))
    elif kind in (K.AIRPLANE_SINGLES, K.AIRPLANE_PAIRS):
        yield from _airplanes_with_kickers(counts, kind, size, above)
    elif kind in (K.FOUR_TWO_SINGLES, K.FOUR_TWO_PAIRS):
        for f in ranks:
            if counts[f] != 4 or f <= above:
                continue
            if kind is K.FOUR_TWO_SINGLES:
                avail = [(i, min(counts[i], 2)) for i in ranks if i != f]
                for kick in _multisets(avail, 2):
                    if kick != (BLACK, RED):
                        yield _join_list([f, f, f, f, *kick])
            else:
                pairs = [i for i in ranks if i != f and counts[i] >= 2]
                for a in range(len(pairs)):
                    for b in range(a + 1, len(pairs)):
                        yield _join({f: 4, pairs[a]: 2, pairs[b]: 2})


def _airplanes_with_kickers(
    counts: list[int], kind: PatternKind, size: int | None, above: int = -1
) -> Iterator[str]:
    per = 1 if kind is K.AIRPLANE_SINGLES else 2
    for lo, hi in _chains(counts, 3, kind):
        k = hi - lo + 1
        if hi <= above or (size is not None and k * (3 + per) != size):
            continue
        chain = set(range(lo, hi + 1))
        if per == 2:
            pairs = [i for i in range(15) if i not in chain and counts[i] >= 2]
            for combo in combinations(pairs, k):
                yield _join_list([i for i in range(lo, hi + 1) for _ in range(3)]
                                 + [i for i in combo for _ in range(2)])
            continue
        avail = []
        for i in range(15):
            if i in chain or not counts[i]:
                continue
            most = min(counts[i], 3)
            if i in (lo - 1, hi + 1) and i <= ACE:
                most = min(most, 2)  # a kicker trio there would lengthen the airplane
            avail.append((i, most))
        body = [i for i in range(lo, hi + 1) for _ in range(3)]
        for kick in _multisets(avail, k):
            if BLACK in kick and RED in kick:
                continue
            yield _join_list([*body, *kick])


def _join(parts: dict[int, int]) -> str:
    return "".join(RANKS[i] * parts[i] for i in sorted(parts))


def _join_list(idx: list[int]) -> str:
    return "".join([RANKS[i] for i in sorted(idx)])


_SPELLED = {n: "".join(r * n for r in RANKS[:ACE + 1]) for n in (1, 2, 3)}


def _leading(counts: list[int]) -> list[str]:
    """Every play when leading, built with plain loops: the bots' hottest path."""
    out: list[str] = []
    ranks = [i for i in range(15) if counts[i]]
    trios = [i for i in ranks if counts[i] >= 3]
    for i in ranks:
        r, c = RANKS[i], counts[i]
        out.append(r)
        if c >= 2:
            out.append(r + r)
            if c >= 3:
                out.append(r * 3)
                if c == 4:
                    out.append(r * 4)
    for t in trios:
        trio = RANKS[t] * 3
        for k in ranks:
            if k != t:
                kick = RANKS[k]
                out.append(trio + kick if k > t else kick + trio)
                if counts[k] >= 2:
                    out.append(trio + kick * 2 if k > t else kick * 2 + trio)
    for need, kind in ((1, K.STRAIGHT), (2, K.PAIR_CHAIN), (3, K.AIRPLANE)):
        lo_k, hi_k = CHAIN_LIMITS[kind]
        spelled = _SPELLED[need]  # every chain is a slice of "3456789TJQKA" (doubled, tripled)
        run = 0
        for i in range(ACE + 1):
            if counts[i] < need:
                run = 0
                continue
            run += 1
            if run >= lo_k:
                end = (i + 1) * need
                for length in range(lo_k, (run if run < hi_k else hi_k) + 1):
                    out.append(spelled[end - length * need:end])
    if any(t + 1 in trios and t + 1 <= ACE for t in trios):  # two trios in a row
        out.extend(_plays_of(counts, ranks, K.AIRPLANE_SINGLES))
        out.extend(_plays_of(counts, ranks, K.AIRPLANE_PAIRS))
    if any(counts[i] == 4 for i in trios):
        out.extend(_plays_of(counts, ranks, K.FOUR_TWO_SINGLES))
        out.extend(_plays_of(counts, ranks, K.FOUR_TWO_PAIRS))
    if counts[BLACK] and counts[RED]:
        out.append("BR")
    return out


#: every rank written n times, by n: with a sorted hand, "JJ" in hand means two jacks or more
_SPELL = {n: [r * n for r in RANKS] for n in (1, 2, 3, 4)}
_QUADS = _SPELL[4][:ACE + 2]  # bombs: 3333 to 2222


@lru_cache(maxsize=32768)
def _legal(hand: str, last: str | None) -> tuple[str, ...]:
    if last is None:
        return tuple(_leading(counts_of(hand)))
    lp = classify_sorted(last)
    if lp is None:
        raise ValueError(f"{last!r} is not a legal play")
    kind, main = lp.kind, lp.main
    if kind is K.ROCKET:
        return ()
    if kind is K.BOMB:
        out = [q for q in _QUADS[main + 1:] if q in hand]
    else:
        n = _SAME.get(kind)
        if n is not None:  # singles, pairs, trios (most of what is followed): no counting
            out = [p for p in _SPELL[n][main + 1:] if p in hand]
        else:
            counts = counts_of(hand)
            ranks = [i for i in range(15) if counts[i]]
            out = list(_plays_of(counts, ranks, kind, lp.size, above=main))
        out.extend([q for q in _QUADS if q in hand])
    if hand.endswith("BR"):
        out.append("BR")
    return tuple(out)


def legal_moves(hand: str, last: str | None = None) -> list[str]:
    """Every distinct rank string ``hand`` may play now; ``last=None`` means leading.

    Passing is not listed: it is always allowed when not leading.
    """
    return list(_legal(normalize(hand), None if last is None else normalize(last)))


def legal_moves_sorted(hand: str, last: str | None) -> tuple[str, ...]:
    """legal_moves for rank strings already sorted (the aggregate's hot path)."""
    return _legal(hand, last)


def pattern_of(play: str) -> Pattern:
    p = classify(play)
    assert p is not None, play
    return p


def hand_counts(hand: str) -> list[int]:
    return counts_of(hand)


def ranks_of_counts(counts: list[int]) -> str:
    return from_counts(counts)
