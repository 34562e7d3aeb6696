"""The Dou Dizhu referee's own rulebook of cards and patterns (see ``doudizhu.py``).

Written from the house rules' pattern table, apart from the engine's classifier: each
pattern is one small rule, and ``PATTERN_RULES`` lists them in the rulebook's order.
Every legal play matches exactly one rule; a set of cards that matches none is no play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

# --- the cards -------------------------------------------------------------------
#: ranks low to high; T = 10, B = black (small) joker, R = red (big) joker
RANKS = "3456789TJQKA2BR"
ORDER = {rank: i for i, rank in enumerate(RANKS)}
ACE, BLACK_JOKER, RED_JOKER = ORDER["A"], ORDER["B"], ORDER["R"]
#: 52 suited cards (rank + suit S, H, C, D) and the two jokers, as events name them
DECK = frozenset([r + s for r in RANKS[:13] for s in "SHCD"] + ["BJ", "RJ"])


def rank_string(cards: list[str]) -> str:
    """The ranks of some cards, low to high (``["KS", "3H", "3D"]`` → ``"33K"``)."""
    return "".join(sorted((c[0] for c in cards), key=ORDER.__getitem__))


# --- the patterns ----------------------------------------------------------------
class Pattern(NamedTuple):
    """A play's pattern: its name, the rank that decides comparison, its size in cards."""

    name: str
    main: int
    size: int


Counts = dict[int, int]  # rank → how many of it


def _consecutive(ranks: list[int]) -> bool:
    """Ranks one after another that may form a chain: 3 up to A, never 2 or a joker."""
    ranks = sorted(ranks)
    return ranks[-1] <= ACE and ranks[-1] - ranks[0] == len(ranks) - 1


def rocket(c: Counts, n: int) -> Pattern | None:
    """Both jokers: the highest play."""
    return Pattern("rocket", RED_JOKER, 2) if set(c) == {BLACK_JOKER, RED_JOKER} else None


def one_rank(c: Counts, n: int) -> Pattern | None:
    """Single, pair, trio, or four of a rank: a bomb."""
    if len(c) != 1:
        return None
    [(rank, count)] = c.items()
    names = {1: "single", 2: "pair", 3: "trio", 4: "bomb"}
    return Pattern(names[count], rank, n) if count in names else None


def trio_with_kicker(c: Counts, n: int) -> Pattern | None:
    """Trio + one card of another rank (may be a joker); trio + a pair of another rank."""
    if len(c) != 2 or n not in (4, 5):
        return None
    trio = next((r for r, k in c.items() if k == 3), None)
    if trio is None:
        return None
    return Pattern("trio_single" if n == 4 else "trio_pair", trio, n)


def chain(c: Counts, n: int) -> Pattern | None:
    """Straight (5–12 singles), pair chain (3–10 pairs), airplane (2–6 trios): consecutive
    ranks from 3 to A, the same number of each."""
    widths = set(c.values())
    if len(widths) != 1 or not _consecutive(list(c)):
        return None
    name, shortest, longest = {1: ("straight", 5, 12), 2: ("pair_chain", 3, 10),
                               3: ("airplane", 2, 6)}.get(widths.pop(), ("", 0, 0))
    return Pattern(name, max(c), n) if name and shortest <= len(c) <= longest else None


def four_with_kickers(c: Counts, n: int) -> Pattern | None:
    """Four + two cards (a pair allowed, not both jokers), or four + two pairs of distinct
    ranks (a second four is not two pairs). Neither is a bomb."""
    fours = [r for r, k in c.items() if k == 4]
    if len(fours) != 1:
        return None
    four = fours[0]
    kickers = {r: k for r, k in c.items() if r != four}
    if n == 6 and set(kickers) != {BLACK_JOKER, RED_JOKER}:
        return Pattern("four_two_singles", four, n)
    if n == 8 and sorted(kickers.values()) == [2, 2]:
        return Pattern("four_two_pairs", four, n)
    return None


def airplane_with_wings(c: Counts, n: int) -> Pattern | None:
    """k consecutive trios with k kicker cards (k = 2–5) or k pairs of distinct ranks
    (k = 2–4). A kicker rank is never a rank of the chain; kickers never hold both
    jokers or four of a rank; a kicker trio right next to the chain would make a longer
    airplane instead, so it is not a kicker."""
    for name, cards_per_trio, most in (("airplane_singles", 4, 5), ("airplane_pairs", 5, 4)):
        k = n // cards_per_trio
        if n % cards_per_trio or not 2 <= k <= most:
            continue
        for top in sorted((r for r, m in c.items() if m == 3 and r <= ACE), reverse=True):
            body = range(top - k + 1, top + 1)
            if any(c.get(r) != 3 for r in body):
                continue
            wings = {r: m for r, m in c.items() if r not in body}
            if name == "airplane_pairs":
                ok = len(wings) == k and all(m == 2 for m in wings.values())
            else:
                ok = (4 not in wings.values()
                      and not {BLACK_JOKER, RED_JOKER} <= set(wings)
                      and not any(m == 3 and (r == body[0] - 1 or r == top + 1 <= ACE)
                                  for r, m in wings.items()))
            if ok:
                return Pattern(name, top, n)
    return None


#: the rule table: every legal play matches exactly one of these
PATTERN_RULES: tuple[Callable[[Counts, int], Pattern | None], ...] = (
    rocket, one_rank, trio_with_kicker, chain, four_with_kickers, airplane_with_wings,
)


@lru_cache(maxsize=8192)
def pattern_of(ranks: str) -> Pattern | None:
    """The pattern a rank string forms (any order), or None: no such play exists."""
    if not ranks or any(r not in ORDER for r in ranks):
        return None
    counts = dict(Counter(ORDER[r] for r in ranks))
    for rule in PATTERN_RULES:
        found = rule(counts, len(ranks))
        if found is not None:
            return found
    return None


def beats(new: Pattern, last: Pattern) -> bool:
    """The rocket beats everything; a bomb beats every non-bomb and a lower bomb;
    otherwise only the same pattern with as many cards and a higher main rank."""
    if new.name == "rocket" or last.name == "rocket":
        return new.name == "rocket" and last.name != "rocket"
    if new.name == "bomb" and last.name != "bomb":
        return True
    return new.name == last.name and new.size == last.size and new.main > last.main
