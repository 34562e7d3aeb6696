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
cached by hand: the hands a game passes through share most of their sub-hands.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from domain.doudizhu.cards import ACE, BLACK, RANK_INDEX, RANKS, RED
from domain.doudizhu.patterns import Pattern, PatternKind

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
    return base


class Plan(NamedTuple):
    """A split of a hand into legal plays, and its score (higher is better)."""

    score: float
    plays: tuple[str, ...]  # rank strings; together exactly the hand

    @property
    def turns(self) -> int:
        return len(self.plays)


def without(hand: str, play: str) -> str:
    """The rank string left when ``play`` leaves ``hand`` (both sorted)."""
    left = list(hand)
    for rank in play:
        left.remove(rank)
    return "".join(left)


def _spell(parts: list[int]) -> str:
    """A rank string from rank indexes (any order)."""
    return "".join(RANKS[i] for i in sorted(parts))


def _sets_score(counts: list[int] | tuple[int, ...]) -> float:
    """The score of ``_sets(counts)``, without spelling its plays."""
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


#: a hand as one number: how many cards of each rank, one base-5 digit per rank with the
#: 3s lowest. A chain leaves the hand by one subtraction, and the cache hashes an int
_PLACE = tuple(5 ** i for i in range(15))


@lru_cache(maxsize=1 << 16)
def key_of(ranks: str) -> int:
    """The number standing for a hand or a play (see ``_PLACE``)."""
    return sum(_PLACE[RANK_INDEX[r]] for r in ranks)


# The search's inner loop reads a key five ranks at a time (3-7, 8-Q, K-R), through
# tables worked out once: the counts of those five ranks, and what they add to the
# score of a split into sets. ``_sets_score`` is the plain version, kept beside it and
# checked against it by the tests.
_CHUNK = 5 ** 5


def _digits(value: int) -> tuple[int, ...]:
    out = []
    for _ in range(5):
        value, n = divmod(value, 5)
        out.append(n)
    return tuple(out)


def _part(chunk: int, digits: tuple[int, ...]) -> tuple[float, int, int, tuple[int, ...]]:
    """What five ranks add to a split into sets: score (before turns), plays, trios and
    the values of their singles and pairs, weakest first."""
    score, plays, trios, loose = 0.0, 0, 0, []
    ranks = list(enumerate(digits, start=5 * chunk))
    if chunk == 2 and digits[3] and digits[4]:  # black and red joker: the rocket
        score, plays = ROCKET_VALUE, 1
        ranks = ranks[:3]
    for r, c in ranks:
        if not c:
            continue
        plays += 1
        if c == 4:
            score += BOMB_VALUE + 0.3 * r
        else:
            score += r - 10
            if c == 3:
                trios += 1
            else:
                loose.append(r - 10)
    return score, plays, trios, tuple(loose)


_DIGITS = tuple(_digits(v) for v in range(_CHUNK))
_PARTS = tuple(tuple(_part(chunk, d) for d in _DIGITS) for chunk in range(3))


def _counts(key: int) -> tuple[int, ...]:
    rest, low = divmod(key, _CHUNK)
    high, mid = divmod(rest, _CHUNK)
    return _DIGITS[low] + _DIGITS[mid] + _DIGITS[high]


def _sets_score_of(key: int) -> float:
    """``_sets_score`` of the hand ``key``, from the tables."""
    rest, low = divmod(key, _CHUNK)
    high, mid = divmod(rest, _CHUNK)
    a, b, c = _PARTS[0][low], _PARTS[1][mid], _PARTS[2][high]
    score = a[0] + b[0] + c[0]
    plays = a[1] + b[1] + c[1]
    trios = a[2] + b[2] + c[2]
    if trios:
        loose = a[3] + b[3] + c[3]
        riders = min(trios, len(loose))
        score -= sum(loose[:riders])
        plays -= riders
    return score - TURN_COST * plays


#: (cards per rank, shortest, longest, value over the top card) of straights, pair
#: chains and airplanes
_CHAIN_SHAPES = ((1, 5, 12, 1.0), (2, 3, 10, 1.0), (3, 2, 6, 2.0))

#: every chain is a slice of one of these: "334455" is _RUNS[2][0:6]
_RUNS = {n: "".join(RANKS[i] * n for i in range(ACE + 1)) for n in (1, 2, 3)}

#: the best split found for each hand key: (score, first chain and the key left after
#: it, or None when the best is no chain at all); emptied when it grows too large
_BEST: dict[int, tuple[float, tuple[str, int] | None]] = {}
_BEST_LIMIT = 1 << 17  # some 40 MB


def _search(key: int) -> float:
    """The best score of a split of the hand ``key``; fills ``_BEST``.

    Exhaustive over chains: each chain the hand holds is tried (airplanes bare, or with
    the weakest lone singles or pairs as kickers), and the rest searched the same way;
    with no chain taken, what is left is split into sets.
    """
    hit = _BEST.get(key)
    if hit is not None:
        return hit[0]
    counts = _counts(key)
    best = _sets_score_of(key)
    choice: tuple[str, int] | None = None
    for need, shortest, longest, bonus in _CHAIN_SHAPES:
        for lo in range(ACE + 2 - shortest):
            if counts[lo] < need:
                continue
            span = 0
            hi = lo
            while hi <= ACE and counts[hi] >= need and hi - lo < longest:
                span += need * _PLACE[hi]
                if hi - lo + 1 >= shortest:
                    value = hi - 10 + bonus - TURN_COST
                    score = _search(key - span) + value
                    if score > best:
                        best = score
                        choice = (_RUNS[need][lo * need:(hi + 1) * need], key - span)
                    if need == 3:
                        for play, rest in _airplane_kickers(counts, lo, hi, key - span):
                            score = _search(rest) + value
                            if score > best:
                                best, choice = score, (play, rest)
                hi += 1
    if len(_BEST) >= _BEST_LIMIT:
        _BEST.clear()
    _BEST[key] = (best, choice)
    return best


def _airplane_kickers(counts: tuple[int, ...], lo: int, hi: int,
                      rest: int) -> list[tuple[str, int]]:
    """The airplane lo..hi with its k weakest lone singles, or its k weakest lone pairs
    (never both jokers), and the key left after each."""
    k = hi - lo + 1
    out = []
    for n, most in ((1, 5), (2, 4)):
        if k > most:
            continue
        lone = [i for i in range(15) if counts[i] == n and not lo <= i <= hi
                and not (n == 1 and i == RED and counts[BLACK])]
        if len(lone) < k:
            continue
        chosen = lone[:k]
        play = _spell([i for i in range(lo, hi + 1) for _ in range(3)]
                      + [i for i in chosen for _ in range(n)])
        out.append((play, rest - n * sum(_PLACE[i] for i in chosen)))
    return out


def split_score(hand: str) -> float:
    """The score of the best split of ``hand`` (a sorted rank string)."""
    return _search(key_of(hand))


def score_without(hand: str, play: str) -> float:
    """The score of the best split of what ``hand`` keeps once ``play`` is played."""
    return _search(key_of(hand) - key_of(play))


@lru_cache(maxsize=1 << 16)
def plan_of(hand: str) -> Plan:
    """The best split of a hand (a sorted rank string) into plays."""
    key = key_of(hand)
    score = _search(key)
    plays: list[str] = []
    while key:
        _search(key)  # (again, if the table was emptied on the way)
        _, choice = _BEST[key]
        if choice is None:
            plays.extend(_sets(_counts(key)))
            break
        play, key = choice
        plays.append(play)
    return Plan(score, tuple(plays))


def could_beat(p: Pattern, unseen: tuple[int, ...] | list[int], room: int) -> bool:
    """Whether some hand of at most ``room`` cards drawn from ``unseen`` could beat ``p``
    with a play of its own kind (the rocket and bombs aside): card counting."""
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
