"""The two steps every Kingdom Wars forgery test takes: forge one fact of the first game
that has it, then check the referee names that fact (and nothing before it)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable

from domain.audit import Fact
from domain.referee.hegemony import referee

Pick = Callable[[list[Fact], int], bool]


def first_forged(games: Iterable[list[Fact]], pick: Pick,
          change: Callable[[Fact], None]) -> tuple[list[Fact], int]:
    """The first game with a fact ``pick`` accepts (given the facts and its index), that
    fact changed in place on a copy; its number."""
    for played in games:
        facts = copy.deepcopy(played)
        i = next((k for k in range(len(facts)) if pick(facts, k)), None)
        if i is not None:
            change(facts[i])
            return facts, facts[i].version
    raise AssertionError("no game has such a fact")


def of(kind: str, **fields: object) -> Pick:
    """A fact of that type whose data has these fields."""
    return lambda fs, i: fs[i].type == kind and all(
        fs[i].data.get(k) == v for k, v in fields.items())


def used(skill: str) -> Pick:
    return of("SkillUsed", skill=skill)


def renumbered(facts: list[Fact]) -> list[Fact]:
    return [Fact(k + 1, f.type, f.data) for k, f in enumerate(facts)]


def dropped(facts: list[Fact], version: int) -> list[Fact]:
    """The game without its fact ``version`` (renumbered: the next fact takes its
    number)."""
    i = next(k for k, f in enumerate(facts) if f.version == version)
    return renumbered(facts[:i] + facts[i + 1:])


def doubled(facts: list[Fact], version: int) -> list[Fact]:
    """The game with its fact ``version`` recorded twice (the copy is ``version + 1``)."""
    i = next(k for k, f in enumerate(facts) if f.version == version)
    return renumbered(facts[:i + 1] + [copy.deepcopy(facts[i])] + facts[i + 1:])


def named(facts: list[Fact], version: int, rule: str) -> str:
    """Nothing before the forged event is named, and the event is named by ``rule``;
    that message."""
    judged = referee(facts).violations
    assert judged, "the forgery went unnoticed"
    texts = [v.text() for v in judged]
    assert judged[0].version == version, texts
    hit = next((v for v in judged if (v.version, v.rule) == (version, rule)), None)
    assert hit is not None, texts
    return hit.message


def lawful(facts: list[Fact]) -> None:
    """The referee finds nothing wrong with a record the engine played."""
    judged = referee(facts)
    assert not judged.violations, [v.text() for v in judged.violations]


def with_rules(facts: list[Fact], rules: int) -> list[Fact]:
    """The record relabelled as played under another rules version (a forger's move)."""
    start = next(f for f in facts if "rules" in f.data)
    start.data["rules"] = rules
    return facts
