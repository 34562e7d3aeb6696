"""Forged rules-8 Lightning passes (past a shown Jia Xu; onto a hidden one, whose owner
is asked): the referee names each change by its event and rule. The stories are
``tests/sanguosha/test_kw_lightning_weimu.py``'s; one fact is changed (or the game's
rules version) as a forger would, and rules-7 records stay lawful as played."""

from __future__ import annotations

import copy

from domain.audit import Fact
from domain.referee.hegemony import referee
from tests.referee.forging import dropped, lawful, named, renumbered, with_rules
from tests.referee.test_hegemony_differential import facts_of
from tests.sanguosha.rig import act
from tests.sanguosha.test_kw_lightning_weimu import RED, decline_skills, missed


def record(show_jia_xu: bool = False, answer: str | None = None, rules: int | None = None,
           lightning: tuple[str, str, int] | None = None) -> list[Fact]:
    """The story's record: the Lightning missed at seat 0's judgment (and seat 1's owner
    answered the ask: ``answer`` "show" or "decline")."""
    game, _, _ = missed(lightning or ("lightning", "S", 1), show_jia_xu, rules)
    if answer == "show":
        act(game, 1, type="skill", skill="weimu")
    elif answer == "decline":
        act(game, 1, type="decline")
    decline_skills(game)
    while game.ask != "play":  # seat 0's turn goes on: its play phase ends the record
        act(game, game.to_act()[0], type="decline")
    act(game, 0, type="end_play")
    return copy.deepcopy(facts_of(game))


def passed(facts: list[Fact], seat: int = 0) -> Fact:
    return next(f for f in facts if f.type == "LightningPassed" and f.data["seat"] == seat)


def test_the_lawful_stories_are_judged_clean() -> None:
    lawful(record(show_jia_xu=True))
    lawful(record(answer="show"))
    lawful(record(answer="decline"))
    lawful(record(lightning=RED))
    lawful(record(show_jia_xu=True, rules=7))
    lawful(record(rules=7))


def test_a_shown_jia_xu_given_the_lightning_under_rules_8() -> None:
    # given: the rules-7 pass onto a shown Jia Xu recorded as a rules-8 game
    facts = with_rules(record(show_jia_xu=True, rules=7), 8)
    f = passed(facts)
    assert f.data["to"] == 1
    message = named(facts, f.version, "lightning")
    assert "not to the next living seat without one it may reach (seat 2)" in message


def test_the_skip_past_a_shown_jia_xu_recorded_under_rules_7() -> None:
    # given: the rules-8 pass past him (to seat 2) recorded as a rules-7 game
    facts = with_rules(record(show_jia_xu=True), 7)
    f = passed(facts)
    assert f.data["to"] == 2
    assert "(seat 1)" in named(facts, f.version, "lightning")


def test_a_red_lightning_skipping_a_shown_jia_xu() -> None:
    # given: the red Lightning landed on shown Jia Xu; the forger sends it past him
    facts = record(show_jia_xu=True, lightning=RED)
    f = passed(facts)
    f.data["to"] = 2
    assert "(seat 1)" in named(facts, f.version, "lightning")


def test_a_hidden_jia_xu_given_it_unasked_under_rules_8() -> None:
    # given: the rules-7 pass onto a hidden Jia Xu (unasked) recorded as a rules-8 game:
    # the first fact that is no answer to the ask is named
    facts = with_rules(record(rules=7), 8)
    judged = referee(facts).violations
    assert judged, "the forgery went unnoticed"
    first = judged[0]
    assert first.rule == "weimu" and (first.version or 0) > passed(facts).version
    assert "not asked whether to show" in first.message


def test_the_pass_after_the_show_dropped() -> None:
    # given: hidden Jia Xu shown for Weimu; the forger drops the pass on from him
    facts = record(answer="show")
    f = passed(facts, seat=1)
    assert f.data["to"] == 2
    facts = dropped(facts, f.version)
    assert "passing on from seat 1" in named(facts, f.version, "lightning")


def test_a_pass_on_after_the_decline() -> None:
    # given: his owner declined (the Lightning stays); the forger passes it on anyway
    shown, declined = record(answer="show"), record(answer="decline")
    on = copy.deepcopy(passed(shown, seat=1))
    i = next(i for i, f in enumerate(declined) if f.type == "Declined"
             and f.data["seat"] == 1 and f.data["ask"] == "skill")
    facts = renumbered(declined[:i + 1] + [on] + declined[i + 1:])
    assert "outside its judgment phase" in named(facts, facts[i + 1].version, "lightning")


def test_the_weimu_show_recorded_under_rules_7() -> None:
    # given: the rules-8 show for the passing Lightning recorded as a rules-7 game: no
    # ask was due then, so Weimu's use is named
    facts = with_rules(record(answer="show"), 7)
    at = next(f.version for f in facts if f.type == "SkillUsed" and f.data["skill"] == "weimu")
    assert "used only by showing" in named(facts, at, "weimu")
