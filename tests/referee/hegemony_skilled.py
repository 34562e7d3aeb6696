"""Kingdom Wars games with the generals' skills (rules 4) for the referee's tests: random
tables, and tables whose chosen generals are all of those the referee judges (each seat
dealt one judged pair of a kingdom and two generals of two other kingdoms, so the pair
is its only choice)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from domain.audit import Fact
from domain.referee import hegemony  # noqa: F401  (registers the judged skills)
from domain.referee.hegemony_generals import JUDGED, SKILLS
from domain.sanguosha.bots import HEGEMONY_POLICIES
from domain.sanguosha.hegemony import HegemonyGame
from domain.sanguosha.roster_hegemony import ROWS
from domain.simulate import play_out

KINGDOM = {r[0]: r[3] for r in ROWS}
#: the stored fields that are not the event's own data (as service/audit.py reads them)
STAMPS = ("originator_id", "originator_version", "timestamp", "prev", "originator_topic")


def facts_of(game: HegemonyGame) -> list[Fact]:
    return [Fact(e.originator_version, type(e).__name__,
                 {k: v for k, v in vars(e).items() if k not in STAMPS})
            for e in game.pending_events]


def judged_generals() -> list[str]:
    """Generals whose every skill the referee judges."""
    return [g for g, skills in SKILLS.items() if all(s in JUDGED for s in skills)]


def judged_pairs(rng: random.Random, without: frozenset[str] = frozenset()
                 ) -> list[tuple[str, str]]:
    """Disjoint pairs of one kingdom among the judged generals (but ``without``: a seeded
    story keeps the tables it was written on as more generals are judged), shuffled."""
    out: list[tuple[str, str]] = []
    for k in ("wei", "shu", "wu", "qun"):
        mine = [g for g in judged_generals() if KINGDOM[g] == k and g not in without]
        rng.shuffle(mine)
        out += [(mine[i], mine[i + 1]) for i in range(0, len(mine) - 1, 2)]
    rng.shuffle(out)
    return out


def options_of(rng: random.Random, n: int) -> dict[str, Any]:
    options: dict[str, Any] = {"deck": "identity",
                               "bonus": rng.choice(["ask", "ask", "auto"])}
    if rng.random() < 0.3:
        options["ask_everyone"] = True
    if rng.random() < 0.2:
        options["turn_cap"] = rng.randint(1, 40)
    if rng.random() < 0.3:
        options["victory"] = "seed"
    return options


def drivers(rng: random.Random, n: int) -> list[Any]:
    kind = rng.choice([*sorted(HEGEMONY_POLICIES), "mixed"])
    return [HEGEMONY_POLICIES[rng.choice(sorted(HEGEMONY_POLICIES)) if kind == "mixed"
                              else kind] for _ in range(n)]


def random_game(seed: int) -> HegemonyGame:
    """Any table of 4 to 10, random generals with their skills."""
    rng = random.Random(seed)
    n = rng.randint(4, 10)
    game = HegemonyGame.new([f"p{i}" for i in range(n)], options_of(rng, n), rng=rng)
    return play_out(game, drivers(rng, n), rng)  # type: ignore[return-value]


def kingdom_candidates(pairs: list[tuple[str, str]], kingdom: str,
                       rng: random.Random) -> list[list[str]]:
    """Each seat dealt its pair of ``kingdom`` and two generals of two other kingdoms, so
    the pair is its only choice."""
    spare = [g for g in SKILLS if KINGDOM[g] != kingdom]
    rng.shuffle(spare)
    candidates = []
    for a, b in pairs:
        x = spare.pop()
        y = next(g for g in spare if KINGDOM[g] != KINGDOM[x])
        spare.remove(y)
        candidates.append([a, b, x, y])
    return candidates


def padded_candidates(pairs: list[tuple[str, str]], rng: random.Random,
                      shuffle_seats: bool = True) -> list[list[str]]:
    """Each seat dealt its pair and two spare generals of two other kingdoms than the
    pair's first, so the pair is its only choice (the spares drawn from every general no
    pair holds)."""
    used = {g for p in pairs for g in p}
    spare = [g for g in SKILLS if g not in used]
    rng.shuffle(spare)
    candidates = []
    for a, b in pairs:
        x = next(g for g in spare if KINGDOM[g] != KINGDOM[a])
        spare.remove(x)
        y = next(g for g in spare if KINGDOM[g] not in (KINGDOM[a], KINGDOM[x]))
        spare.remove(y)
        seat = [a, b, x, y]
        if shuffle_seats:
            rng.shuffle(seat)
        candidates.append(seat)
    return candidates


#: generals judged after the seeded stories on ``judged_game``'s tables were written: left
#: out of those tables, so each seed keeps its table (their own tests seat them)
LATER = frozenset({"zhanghe", "xunyu"})


def judged_game(seed: int) -> HegemonyGame | None:
    """A table (4 to 10, as the judged pairs allow) whose seats can only keep judged
    generals; None when fewer than four pairs are judged."""
    rng = random.Random(seed)
    pairs = judged_pairs(rng, LATER)
    if len(pairs) < 4:
        return None
    n = rng.randint(4, min(10, len(pairs)))
    pairs = pairs[:n]
    used = {g for p in pairs for g in p}
    spare = [g for g in SKILLS if g not in used]
    rng.shuffle(spare)
    candidates = []
    for a, b in pairs:
        k = KINGDOM[a]
        x = next(g for g in spare if KINGDOM[g] != k)
        spare.remove(x)
        y = next(g for g in spare if KINGDOM[g] not in (k, KINGDOM[x]))
        spare.remove(y)
        seat = [a, b, x, y]
        rng.shuffle(seat)
        candidates.append(seat)
    game = HegemonyGame.new([f"p{i}" for i in range(n)], options_of(rng, n), rng=rng,
                            candidates=candidates)
    return play_out(game, drivers(rng, n), rng)  # type: ignore[return-value]


@cache
def lawful_judged_facts(seed: int) -> list[Fact]:
    """The facts of ``judged_game(seed)``, which the referee finds lawful as played (the
    forgery tests change one fact of them)."""
    from domain.referee.hegemony import referee

    game = judged_game(seed)
    assert game is not None
    facts = facts_of(game)
    assert not referee(facts).violations  # the game as played breaks no rule
    return facts
