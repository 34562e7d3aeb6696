"""Forged rules-7 target cancels (a hidden Jia Xu's Weimu against a black trick; a delayed
trick on a hidden Lu Xun or Jia Xu): the referee names each change by its event and rule.
The stories are ``tests/sanguosha/test_kw_hidden_cancel_rules7.py``'s; one fact is
changed (or the game's rules version) as a forger would, and rules-6 records stay lawful
as played."""

from __future__ import annotations

import copy

from domain.audit import Fact
from domain.sanguosha.hegemony import HegemonyGame
from tests.referee.forging import lawful, named, with_rules
from tests.referee.test_hegemony_differential import facts_of
from tests.sanguosha.rig import act
from tests.sanguosha.test_kw_hidden_cancel_rules7 import (
    JIAXU,
    LUXUN,
    at_play,
    decline_skills,
    to_pick,
    use,
)


def ended(game: HegemonyGame) -> list[Fact]:
    """Then: seat 0 ends its play phase (a fact after the card's), the record."""
    decline_skills(game)
    act(game, 0, type="end_play")
    return copy.deepcopy(facts_of(game))


def after_use(facts: list[Fact], name: str) -> int:
    """The version of the fact right after the (first) use of ``name``."""
    i = next(i for i, f in enumerate(facts) if f.type == "CardUsed" and f.data["name"] == name)
    return facts[i + 1].version


def renumbered(facts: list[Fact]) -> list[Fact]:
    return [Fact(k + 1, f.type, f.data) for k, f in enumerate(facts)]


def test_the_lawful_stories_are_judged_clean() -> None:
    for rules in (6, 7):
        game = at_play(JIAXU, {0: [("dismantlement", "S", 3)]}, rules=rules)
        use(game, "dismantlement")
        if rules == 7:
            act(game, 1, type="skill", skill="weimu")
        lawful(ended(game))
        game = at_play(LUXUN, {0: ["indulgence"]}, rules=rules)
        use(game, "indulgence")
        if rules == 7:
            act(game, 1, type="decline")
        lawful(ended(game))


def test_a_hidden_jia_xu_cancelled_unasked_under_rules_7() -> None:
    # given: a rules-6 game (Weimu cancelled unasked) recorded as played under rules 7
    game = at_play(JIAXU, {0: [("dismantlement", "S", 3)]}, rules=6)
    use(game, "dismantlement")
    facts = with_rules(ended(game), 7)
    message = named(facts, after_use(facts, "dismantlement"), "weimu")
    assert "not asked whether to show" in message and "rules 7" in message


def test_a_weimu_show_recorded_under_rules_6() -> None:
    # given: the rules-7 show recorded as a rules-6 game: Weimu cancelled him unasked then,
    # so no show was due and Weimu is never used
    game = at_play(JIAXU, {0: [("dismantlement", "S", 3)]})
    use(game, "dismantlement")
    act(game, 1, type="skill", skill="weimu")
    facts = with_rules(ended(game), 6)
    at = next(f.version for f in facts if f.type == "SkillUsed" and f.data["skill"] == "weimu")
    assert "used only by showing a hidden Jia Xu" in named(facts, at, "weimu")


def test_a_weimu_show_against_a_red_trick() -> None:
    # given: a red Dismantlement resolved on hidden Jia Xu; the forger adds his show for
    # Weimu (as a black one's story records it) right after the use
    game = at_play(JIAXU, {0: [("dismantlement", "H", 12)]})
    use(game, "dismantlement")
    to_pick(game)
    act(game, 0, type="choose", area="hand")
    red = ended(game)
    black = at_play(JIAXU, {0: [("dismantlement", "S", 3)]})
    use(black, "dismantlement")
    act(black, 1, type="skill", skill="weimu")
    shown = [f for f in copy.deepcopy(facts_of(black))
             if f.type in ("GeneralsShown", "KingdomDecided", "SkillUsed")
             and f.data.get("seat") == 1][-3:]
    assert [f.type for f in shown] == ["GeneralsShown", "KingdomDecided", "SkillUsed"]
    i = next(i for i, f in enumerate(red) if f.type == "CardUsed")
    facts = renumbered(red[:i + 1] + shown + red[i + 1:])
    # then: Weimu's use is named (no cancel was due: the trick is red)
    assert "used only by showing" in named(facts, facts[i + 3].version, "weimu")


def test_a_delayed_trick_placed_on_a_hidden_lu_xun_unasked_under_rules_7() -> None:
    # given: a rules-6 game (the Indulgence placed unasked) recorded as a rules-7 one
    game = at_play(LUXUN, {0: ["indulgence"]}, rules=6)
    use(game, "indulgence")
    facts = with_rules(ended(game), 7)
    message = named(facts, after_use(facts, "indulgence"), "qianxun_kw")
    assert "not asked whether to show" in message and "rules 7" in message


def test_the_decline_dropped_from_a_rules_7_record() -> None:
    # given: the declined Indulgence story; the forger drops the decline
    game = at_play(LUXUN, {0: ["indulgence"]})
    use(game, "indulgence")
    act(game, 1, type="decline")
    facts = [f for f in ended(game) if not (f.type == "Declined" and f.data["seat"] == 1
                                              and f.data["ask"] == "skill")]
    assert "not asked whether to show" in named(facts, after_use(facts, "indulgence"),
                                                "qianxun_kw")


def test_a_supply_shortage_cancel_recorded_under_rules_6() -> None:
    # given: hidden Jia Xu shown against a black Supply Shortage (lawful: the card went
    # to the discard pile), then the record forged as a rules-6 game: Weimu cancelled a
    # hidden Jia Xu unasked then, so no show was due and Weimu's use is named
    game = at_play(JIAXU, {0: [("supply_shortage", "S", 10)]}, deck="kingdom_wars")
    use(game, "supply_shortage")
    act(game, 1, type="skill", skill="weimu")
    facts = ended(game)
    lawful(facts)
    facts = with_rules(facts, 6)
    at = next(f.version for f in facts if f.type == "SkillUsed" and f.data["skill"] == "weimu")
    assert "used only by showing" in named(facts, at, "weimu")


def test_a_supply_shortage_placed_on_a_hidden_jia_xu_unasked_under_rules_7() -> None:
    # given: a rules-6 game (a black Supply Shortage cancelled by hidden Jia Xu unasked)
    # recorded as a rules-7 one: its owner was never asked
    game = at_play(JIAXU, {0: [("supply_shortage", "S", 10)]}, rules=6, deck="kingdom_wars")
    c, _ = use(game, "supply_shortage")
    assert c in game.discard and game.judging[1] == []
    facts = with_rules(ended(game), 7)
    assert "not asked whether to show" in named(facts, after_use(facts, "supply_shortage"),
                                                "weimu")
