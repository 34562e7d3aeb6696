"""Hand decomposition: the plays a hand is best split into, and what that split is worth.

A bot that knows how many plays its hand still needs, and how strong they are, can judge
any move by what the move leaves behind. That is the idea of the hand-partition
heuristics Dou Dizhu programs have long used (RHCP in You et al., *Combinational
Q-Learning for Dou Di Zhu*, 2019; the "hand count" of Chinese game programs): split the
hand into legal plays, score the split as the sum of each play's strength minus a fixed
cost per play, keep the best split.

Here a split is searched exactly over every choice of chains (straights, pair chains,
airplanes); what is not in a chain falls into singles, pairs, trios and bombs, and each
trio takes the weakest single or pair left as its kicker (one play fewer). Results are
cached by rank string: the hands a game passes through share most of their sub-hands.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from domain.doudizhu.cards import ACE, BLACK, RANKS, RED, TWO, counts_of
from domain.doudizhu.patterns import Pattern, PatternKind, classify_sorted

K = PatternKind

#: what each play costs the hand: one more time it must win or be given the lead
TURN_COST = 7.0

#: strength of a bomb and of the rocket: a sure trick (a turn for free) and a doubling
BOMB_VALUE = 12.0
ROCKET_VALUE = 17.0


def rank_value(rank: int) -> float:
    """How strong a card of this rank is: 3 is -10, K is 0, A 1, 2 is 2, the jokers 3, 4."""
    return float(rank - 10)


def play_value(p: Pattern) -> float:
    """How strong one play is as part of a hand (kickers add nothing: they ride along).

    Chains are worth a little more than their top card alone, since fewer hands can
    answer them; a bomb or the rocket is worth more than the turn it costs.
    """
    kind = p.kind
    if kind is K.ROCKET:
        return ROCKET_VALUE
    if kind is K.BOMB:
        return BOMB_VALUE + 0.3 * p.main
    base = rank_value(p.main)
    if kind in (K.STRAIGHT, K.PAIR_CHAIN):
        return base + 1.0
    if kind in (K.AIRPLANE, K.AIRPLANE_SINGLES, K.AIRPLANE_PAIRS):
        return base + 2.0
    if kind in (K.FOUR_TWO_SINGLES, K.FOUR_TWO_PAIRS):
        return base
    return base


class Plan(NamedTuple):
    """A split of a hand into legal plays, and its score (higher is better)."""

    score: float
    plays: tuple[str, ...]  # rank strings; together exactly the hand

    @property
    def turns(self) -> int:
        return len(self.plays)


EMPTY = Plan(0.0, ())


def without(hand: str, play: str) -> str:
    """The rank string left when ``play`` leaves ``hand`` (both sorted)."""
    left = list(hand)
    for rank in play:
        left.remove(rank)
    return "".join(left)


def _spell(parts: list[int]) -> str:
    """A rank string from rank indexes (any order)."""
    return "".join(RANKS[i] for i in sorted(parts))


def _sets_score(counts: tuple[int, ...]) -> float:
    """The score of ``_sets(counts)``, without spelling its plays (the search's inner
    loop: most splits it scores are not the best one)."""
    score = 0.0
    plays = trios = 0
    loose: list[int] = []  # values of the singles and pairs, weakest first
    rocket = counts[BLACK] and counts[RED]
    if rocket:
        score += ROCKET_VALUE
        plays += 1
    for r in range(15):
        c = counts[r]
        if not c or (rocket and r >= BLACK):
            continue
        plays += 1
        if c == 4:
            score += BOMB_VALUE + 0.3 * r
        elif c == 3:
            score += r - 10
            trios += 1
        else:
            score += r - 10
            loose.append(r - 10)
    riders = min(trios, len(loose))
    if riders:  # a kicker's own value goes, and so does its turn
        score -= sum(loose[:riders])
        plays -= riders
    return score - TURN_COST * plays


def _sets(counts: tuple[int, ...]) -> tuple[str, ...]:
    """The split of a hand with no chains: bombs, the rocket, trios with kickers, pairs,
    singles. The weakest singles and pairs ride as kickers, as many as there are trios."""
    plays: list[str] = []
    trios: list[int] = []
    loose: list[tuple[int, int]] = []  # (rank, 1 or 2): singles and pairs, low to high
    rocket = counts[BLACK] and counts[RED]
    if rocket:
        plays.append("BR")
    for r in range(15):
        c = counts[r]
        if not c or (rocket and r >= BLACK):
            continue
        if c == 4:
            plays.append(RANKS[r] * 4)
        elif c == 3:
            trios.append(r)
        else:
            loose.append((r, c))
    riders = min(len(trios), len(loose))
    for t, (k, n) in zip(trios, loose[:riders], strict=False):
        plays.append(_spell([t] * 3 + [k] * n))
    plays.extend(RANKS[t] * 3 for t in trios[riders:])
    plays.extend(RANKS[k] * n for k, n in loose[riders:])
    return tuple(plays)


#: (cards per rank, shortest, longest) of straights, pair chains and airplanes
_CHAIN_SHAPES = ((1, 5, 12), (2, 3, 10), (3, 2, 6))


def _chains(counts: tuple[int, ...]) -> list[tuple[str, float, tuple[int, ...]]]:
    """Every chain the hand holds, its value and the counts left once it is played:
    straights, pair chains, and airplanes bare or carrying the weakest lone singles or
    pairs."""
    out: list[tuple[str, float, tuple[int, ...]]] = []
    for need, shortest, longest in _CHAIN_SHAPES:
        bonus = 1.0 if need < 3 else 2.0
        for lo in range(ACE + 2 - shortest):
            if counts[lo] < need:
                continue
            rest = list(counts)
            hi = lo
            while hi <= ACE and counts[hi] >= need and hi - lo < longest:
                rest[hi] -= need
                if hi - lo + 1 >= shortest:
                    left = tuple(rest)
                    body = _RUNS[need][lo * need:(hi + 1) * need]
                    out.append((body, hi - 10 + bonus, left))
                    if need == 3:
                        out.extend(_airplane_kickers(left, lo, hi, body))
                hi += 1
    return out


#: every chain is a slice of one of these: "334455" is _RUNS[2][0:6]
_RUNS = {n: "".join(RANKS[i] * n for i in range(ACE + 1)) for n in (1, 2, 3)}


def _airplane_kickers(rest: tuple[int, ...], lo: int, hi: int,
                      body: str) -> list[tuple[str, float, tuple[int, ...]]]:
    """An airplane with its k weakest lone singles, or its k weakest lone pairs."""
    k = hi - lo + 1
    out = []
    for n, most in ((1, 5), (2, 4)):
        if k > most:
            continue
        lone = [i for i in range(15) if rest[i] == n
                and not (n == 1 and i == RED and rest[BLACK])]
        if len(lone) < k:
            continue
        chosen = lone[:k]
        left = list(rest)
        for i in chosen:
            left[i] -= n
        play = "".join(sorted(body + "".join(RANKS[i] * n for i in chosen),
                              key=RANKS.index))
        if classify_sorted(play) is not None:
            out.append((play, hi - 10 + 2.0, tuple(left)))
    return out


@lru_cache(maxsize=1 << 18)
def plan_of(hand: str) -> Plan:
    """The best split of a hand (a sorted rank string) into plays.

    Exhaustive over chains: each chain the hand holds is tried, and the rest split the
    same way (cached); with no chain taken, what is left is split into sets.
    """
    return _plan(tuple(counts_of(hand)))


@lru_cache(maxsize=1 << 18)
def _plan(counts: tuple[int, ...]) -> Plan:
    best_score = _sets_score(counts)
    best: tuple[str, Plan] | None = None
    for chain, value, rest in _chains(counts):
        sub = _plan(rest)
        score = sub.score + value - TURN_COST
        if score > best_score:
            best_score, best = score, (chain, sub)
    if best is None:
        return Plan(best_score, _sets(counts))
    chain, sub = best
    return Plan(best_score, (chain, *sub.plays))


def is_high(rank: int) -> bool:
    """2 and the jokers: the cards that win tricks of singles and pairs."""
    return rank >= TWO


def could_beat(p: Pattern, unseen: tuple[int, ...] | list[int], room: int) -> bool:
    """Whether some hand of at most ``room`` cards drawn from ``unseen`` could beat ``p``
    without a bomb (bombs are asked about on their own): card counting, not certainty."""
    if p.kind is K.ROCKET or p.size > room:
        return False
    kind, main = p.kind, p.main
    if kind is K.BOMB:
        return any(n == 4 for n in unseen[main + 1:13])
    if kind in (K.SINGLE, K.PAIR, K.TRIO):
        return any(n >= p.size for n in unseen[main + 1:])
    if kind in (K.TRIO_SINGLE, K.TRIO_PAIR):
        return any(n >= 3 for n in unseen[main + 1:13])
    if kind in (K.FOUR_TWO_SINGLES, K.FOUR_TWO_PAIRS):
        return any(n == 4 for n in unseen[main + 1:13])
    need = 1 if kind is K.STRAIGHT else 2 if kind is K.PAIR_CHAIN else 3
    length = p.length
    run = 0
    for i in range(ACE + 1):
        run = run + 1 if unseen[i] >= need else 0
        if run >= length and i > main:
            return True
    return False


def bomb_beats(p: Pattern, unseen: tuple[int, ...] | list[int], room: int) -> bool:
    """Whether a bomb or the rocket drawn from ``unseen`` (``room`` cards at most) could
    beat ``p``."""
    if p.kind is K.ROCKET:
        return False
    if unseen[BLACK] and unseen[RED] and room >= 2:
        return True
    above = p.main + 1 if p.kind is K.BOMB else 0
    return room >= 4 and any(n == 4 for n in unseen[above:13])
