"""A hidden seat kills, then shows Cao Pi for Xingshang: is it paid for the kill?

QSanguosha-For-Hegemony settles rewards and penalties as the victim is buried, after the
death's triggers (Xingshang), reading the killer's side then: from rules 7 the engine does
so (the kill is paid). Under rules 6 and before the engine read the killer's side at the
death itself (hidden: nothing), and those games replay so. The referee judges each record
by its own rules, and names the other form (docs/rules/kingdom-wars.md, Rewards).
"""

from __future__ import annotations

import copy

import pytest

from domain.audit import Fact
from domain.referee.hegemony import referee
from domain.sanguosha.audit import recount_hegemony
from domain.sanguosha.cards import NAME
from domain.sanguosha.hegemony import HegemonyGame
from tests.referee.hegemony_skilled import facts_of
from tests.sanguosha.hrig import htable
from tests.sanguosha.rig import act
from tests.sanguosha.skill_steps import Events, named

#: seat 0 (Cao Pi, hidden) duels seat 3 (3 HP, no Kill to answer) to death
PICKS = [("caopi", "zhenji"), ("lvbu", "diaochan"), ("sunquan", "ganning"),
         ("zhangjiao", "yuanshao")]


def killed_then_xingshang(rules: int) -> tuple[HegemonyGame, Events]:
    """Given: a table under ``rules``, seat 0 hidden with three Duels; when: it duels seat
    3 to death (every other question declined), then shows Cao Pi for Xingshang and ends
    its play phase; the events from the Xingshang on."""
    game = htable(PICKS, hands={0: ["duel", "duel", "duel"]}, rules=rules)
    while game.alive[3]:
        s = game.to_act()[0]
        if game.ask == "play" and s == 0:
            duel = next(c for c in game.hands[0] if NAME[c] == "duel")
            act(game, 0, type="use", card=duel, targets=[3])
        else:
            act(game, s, type="decline")
    assert game.side[0] is None and game.ask == "skill" and game.to_act() == [0]
    events = act(game, 0, type="skill", skill="xingshang")
    events += act(game, 0, type="end_play")
    return game, events


def judged_clean(facts: list[Fact]) -> None:
    """The referee names nothing, and the engine-side recount agrees on every reward."""
    violations = referee(facts).violations
    assert not violations, [v.text() for v in violations]
    assert all(c.agrees for c in recount_hegemony(facts).checks)


def relabelled(game: HegemonyGame, rules: int) -> list[Fact]:
    """The game's record claiming another rules version (a forger's change)."""
    facts = copy.deepcopy(facts_of(game))
    next(f for f in facts if "rules" in f.data).data["rules"] = rules
    return facts


def test_rules_7_pays_the_kill_after_xingshang_shows_the_killer() -> None:
    game, events = killed_then_xingshang(7)
    kinds = [k for k, _ in events]
    # then: Cao Pi shown (a side), the victim shown at its death, and the reward drawn
    assert named(events, "KingdomDecided")[0] == {
        "seat": 0, "kingdom": "wei", "side": "wei", "careerist": False, "shown_before": 0}
    assert kinds.index("SkillUsed") < kinds.index("RewardDrawn")
    reward = named(events, "RewardDrawn")[0]
    assert reward["seat"] == 0 and reward["victim"] == 3 and len(reward["cards"]) == 1
    judged_clean(facts_of(game))


def test_rules_6_read_the_killers_side_at_the_death() -> None:
    game, events = killed_then_xingshang(6)
    assert named(events, "KingdomDecided")[0]["seat"] == 0  # shown by Xingshang ...
    assert not named(events, "RewardDrawn")  # ... but hidden at the death: nothing
    judged_clean(facts_of(game))


@pytest.mark.parametrize("played, claimed", [(6, 7), (7, 6)])
def test_the_other_rules_form_is_named(played: int, claimed: int) -> None:
    # given a lawful record of one rules version claiming the other: under rules 7 the
    # reward is missing, under rules 6 it is one no death called for
    game, _ = killed_then_xingshang(played)
    facts = relabelled(game, claimed)
    violations = referee(facts).violations
    assert violations, "the forgery went unnoticed"
    first = violations[0]
    shown = next(f.version for f in facts if f.type == "GeneralsShown"
                 and f.data["reason"] == "death")
    assert first.version > shown and first.rule == "reward", first.text()


def test_a_missing_rules_7_reward_is_named() -> None:
    # given the lawful rules-7 record, the forger removes the reward drawn
    game, _ = killed_then_xingshang(7)
    facts = copy.deepcopy(facts_of(game))
    i = next(k for k, f in enumerate(facts) if f.type == "RewardDrawn")
    facts = [Fact(k + 1, f.type, f.data) for k, f in enumerate(facts[:i] + facts[i + 1:])]
    violations = referee(facts).violations
    assert violations, "the forgery went unnoticed"
    assert violations[0].version >= i + 1 and violations[0].rule == "reward", \
        violations[0].text()
