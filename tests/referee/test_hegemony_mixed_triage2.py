"""More mixed Kingdom Wars tables the long differential flagged, judged lawful as played.

As in ``test_hegemony_mixed_triage``: each test searches the mixed tables (rules ``4 +
seed % 4``) for its situation, then asserts the referee names nothing there.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.audit import Fact
from tests.referee.forging import named, renumbered
from tests.referee.test_hegemony_mixed_triage import first_table, rule_broken


def fankui_twice_around_a_nested_damage(facts: list[Fact]) -> bool:
    """Fankui used twice by one seat with no damage to it in between, after Ganglie's
    damage came back to it (Tianxiang): once on the inner damage, once on the outer."""
    last: dict[int, str] = {}
    for f in facts:
        s = f.data.get("seat")
        if f.type in ("Damaged", "NatureDamaged"):
            last[s] = "nested" if f.data.get("reason") == "ganglie_kw" and \
                last.get(s) in ("outer", "nested") else "outer"
        elif f.type == "SkillUsed" and f.data.get("skill") == "fankui":
            if last.get(s) == "fankui-nested":
                return True
            last[s] = "fankui-nested" if last.get(s) == "nested" else "fankui"
    return False


def test_fankui_answers_the_inner_ganglie_damage_and_then_the_outer_one() -> None:
    """The inner damage's skills come first; the outer damage's Fankui is still due."""
    seed, facts = first_table(range(2783, 2800), fankui_twice_around_a_nested_damage)
    assert rule_broken(facts, "fankui") == [], seed


def after_duanchang(skill_used: bool) -> Callable[[list[Fact]], bool]:
    """A table (the seeds keep rules 4) where Duanchang takes the killer's Cao Pi and the
    waiting Xingshang then acts (``skill_used``) or is declined, before the reward."""
    def pick(facts: list[Fact]) -> bool:
        for a, b in zip(facts, facts[1:], strict=False):
            if a.type == "SkillsLost" and a.data.get("reason") == "duanchang" and (
                    (skill_used and b.type == "SkillUsed" and b.data.get("skill") == "xingshang")
                    or (not skill_used and b.type == "Declined" and b.data.get("ask") == "skill"))\
                    and b.data["seat"] == a.data["seat"]:
                return True
        return False
    return pick


def test_rules_4_xingshang_duanchang_took_while_waiting_still_takes_the_cards() -> None:
    """Rules 5 and before: a skill lost while its trigger waited acts once (engine.py's
    rules 6 note); the dead seat's cards are still Xingshang's."""
    seed, facts = first_table(range(2956, 3100, 4), after_duanchang(True))
    assert rule_broken(facts, "xingshang") == [], seed


def test_rules_4_xingshang_duanchang_took_is_declined_before_the_reward() -> None:
    """Its waiting ask comes (and is declined) before the death's reward."""
    seed, facts = first_table(range(3724, 3900, 4), after_duanchang(False))
    assert rule_broken(facts, "reward") == [], seed


def test_a_xingshang_used_after_its_waiting_ask_was_declined_is_named() -> None:
    """Its one ask declined, the lost Xingshang is gone: a forged use right after the
    decline (taking the dead seat's cards) is a skill of neither general."""
    seed, facts = first_table(range(3724, 3900, 4), after_duanchang(False))
    k = next(i for i, f in enumerate(facts) if f.type == "SkillsLost") + 1
    s = facts[k].data["seat"]
    dead = next(f for f in reversed(facts[:k]) if f.type == "Died")
    use = Fact(0, "SkillUsed", {"seat": s, "skill": "xingshang", "cards": [], "targets": [],
                                "choice": None})
    take = Fact(0, "CardsGained", {"seat": s, "cards": list(dead.data["cards"]),
                                   "zone": "discard", "reason": "xingshang"})
    forged = renumbered(facts[:k + 1] + [use, take] + facts[k + 1:])
    assert "neither of its generals" in named(forged, k + 2, "skill"), seed


def test_a_third_fankui_around_the_nested_damage_is_named() -> None:
    """The stack of damages is no licence: each damage answers Fankui once."""
    seed, facts = first_table(range(2783, 2800), fankui_twice_around_a_nested_damage)
    uses = [k for k, f in enumerate(facts)
            if f.type == "SkillUsed" and f.data.get("skill") == "fankui"]
    k = next(b for a, b in zip(uses, uses[1:], strict=False)
             if facts[a].data["seat"] == facts[b].data["seat"] and all(
                 f.type not in ("Damaged", "NatureDamaged") for f in facts[a:b]))
    forged = facts[:k + 2] + facts[k:k + 2] + facts[k + 2:]
    forged = [Fact(n + 1, f.type, f.data) for n, f in enumerate(forged)]
    assert any("once a damage" in v.message for v in rule_broken(forged, "fankui")), seed


def test_a_fankui_declined_on_the_inner_damage_and_doubled_on_the_outer_is_named() -> None:
    """The inner damage's Fankui recorded as declined (its take dropped; no hand card to
    retry its Ganglie judgment with, so no Guicai's decline), the outer one's recorded
    twice: the decline answered the inner damage, so the copy is a second Fankui on the
    outer damage."""
    seed, facts = first_table(range(2783, 2800), fankui_twice_around_a_nested_damage)
    uses = [k for k, f in enumerate(facts)
            if f.type == "SkillUsed" and f.data.get("skill") == "fankui"]
    a, b = next((a, b) for a, b in zip(uses, uses[1:], strict=False)
                if facts[a].data["seat"] == facts[b].data["seat"] and all(
                    f.type not in ("Damaged", "NatureDamaged") for f in facts[a:b]))
    declined = Fact(0, "Declined", {"seat": facts[a].data["seat"], "ask": "skill"})
    forged = renumbered(facts[:a] + [declined] + facts[a + 2:b + 2] + facts[b:])
    assert "once a damage" in named(forged, b + 2, "fankui"), seed
