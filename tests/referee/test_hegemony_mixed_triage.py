"""Mixed Kingdom Wars tables the long differential flagged, judged lawful as played.

Each test searches the mixed tables (``mixed_game`` of the Buqu forgeries: every kingdom
at the table, rules 4 to 7 by seed) for the situation it is about, then asserts the
referee names nothing there: the engine played it lawfully under that game's rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from domain.audit import Fact
from domain.referee.hegemony import referee
from domain.sanguosha.cards import SUIT
from tests.referee.test_hegemony_buqu_forgery import mixed_game


def first_table(seeds: Iterable[int], pick: Callable[[list[Fact]], bool]) -> tuple[int, list[Fact]]:
    """The first mixed table among the seeds (rules ``4 + seed % 4``) that ``pick`` likes."""
    for seed in seeds:
        facts = mixed_game(seed, 4 + seed % 4)
        if pick(facts):
            return seed, facts
    raise AssertionError("no table shows the situation: widen the seeds")


def rule_broken(facts: list[Fact], rule: str) -> list[object]:
    return [v for v in referee(facts).violations if v.rule == rule]


def spade_tianxiang(facts: list[Fact]) -> bool:
    return any(f.type == "SkillUsed" and f.data.get("skill") == "tianxiang"
               and any(SUIT[c] == "S" for c in f.data.get("cards") or []) for f in facts)


def test_rules_4_tianxiang_discards_a_spade_as_a_heart_while_hongyan_is_shown() -> None:
    """Rules 4 read Hongyan in judgments and Tianxiang (engine.py, rules 5's note): a
    shown Xiao Qiao's spade is a heart for Tianxiang under rules 4 too."""
    seed, facts = first_table(range(2600, 2800, 4), spade_tianxiang)
    assert rule_broken(facts, "tianxiang") == [], seed
