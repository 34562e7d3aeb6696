"""Mixed Kingdom Wars tables the long differential flagged (third triage).

Under rules 6 and before the engine settled a death's reward at the death itself: the
victim's side was counted among the seats shown then, so a hidden Cao Pi of that side
who shows for Xingshang after the death adds nothing to the killer's draw. Rules 7 reads
the sides as the reward is paid (after Xingshang). The referee judged the old games by
the sides at payment and flagged a lawful draw of 1 as short.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from domain.audit import Fact
from domain.referee.hegemony import referee
from tests.referee.test_hegemony_buqu_forgery import mixed_game


def late_xingshang(facts: list[Fact]) -> int | None:
    """The index of a reward whose victim's kingdom a seat hidden at the death showed,
    for Xingshang, before the reward was paid (None: no such reward)."""
    died_at = None
    for i, f in enumerate(facts):
        if f.type == "Died":
            died_at = i
        elif f.type == "RewardDrawn" and died_at is not None:
            victim = f.data["victim"]
            between = facts[died_at:i]
            kingdom = next((g.data["kingdom"] for g in reversed(facts[:i])
                            if g.type == "KingdomDecided" and g.data["seat"] == victim), None)
            xingshang = {g.data["seat"] for g in between if g.type == "GeneralsShown"
                         and (g.data.get("then") or {}).get("skill") == "xingshang"}
            if any(g.type == "KingdomDecided" and g.data["seat"] in xingshang
                   and g.data["seat"] != f.data["seat"] and g.data["kingdom"] == kingdom
                   for g in between):
                return i
    return None


def table(seeds: Iterable[int], rules: Iterable[int]) -> tuple[int, list[Fact], int]:
    """The first mixed table (rules ``4 + seed % 4``) of those rules with such a reward."""
    for seed in seeds:
        if 4 + seed % 4 not in rules:
            continue
        facts = mixed_game(seed, 4 + seed % 4)
        at = late_xingshang(facts)
        if at is not None:
            return seed, facts, at
    raise AssertionError("no table shows the situation: widen the seeds")


def test_rules_5_reward_counts_the_sides_at_the_death() -> None:
    """Rules 5: the Cao Pi shown for Xingshang is not counted; the draw of 1 is lawful."""
    seed, facts, at = table([2897], (5,))
    assert len(facts[at].data["cards"]) == 1, seed
    assert referee(facts).violations == [], seed


def test_rules_6_reward_counts_the_sides_at_the_death() -> None:
    seed, facts, at = table([3786], (6,))
    assert len(facts[at].data["cards"]) == 1, seed
    assert referee(facts).violations == [], seed


def test_a_reward_forged_to_count_the_late_show_is_named() -> None:
    """The same table with the reward drawing one card more is a short-count violation."""
    seed, facts, at = table([2897], (5,))
    extra = next(c for c in range(300) if all(c not in (f.data.get("cards") or [])
                                              for f in facts[:at + 1]))
    forged = list(facts)
    f = forged[at]
    forged[at] = dataclasses.replace(f, data={**f.data, "cards": [*f.data["cards"], extra]})
    broken = [v for v in referee(forged).violations if v.version == f.version]
    assert [v.rule for v in broken if v.rule == "draw-count"] == ["draw-count"], broken
