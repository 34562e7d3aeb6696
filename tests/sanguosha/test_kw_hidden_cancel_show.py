"""A hidden general's cancel is asked (rules 6; docs/rules/generals.md §0.3): a hidden
general has no skill in effect, so the owner of a hidden Zhuge Liang (Kongcheng), Meng
Huo (Huoshou) or Zhu Rong (Juxiang) is asked whether to show it when a card's target it
would cancel itself from. Shown, the seat is cancelled; declined, it stays a target.
Under rules 5 a stored game replays as it was played (cancelled unasked).

Seat 1 is Zhuge Liang and Zhao Yun, both hidden; seat 0 (Cao Cao) takes his four hand
cards with Dismantlements, then Kills him. The independent referee judges each story."""

from __future__ import annotations

import copy
import random
from typing import Any

from domain.referee.hegemony import referee
from domain.sanguosha.bots import kingdom_policy
from domain.sanguosha.cards import NAME
from domain.sanguosha.frames import CardUse
from domain.sanguosha.hegemony import HegemonyGame
from tests.referee.forging import named
from tests.referee.test_hegemony_differential import facts_of
from tests.sanguosha.hrig import htable
from tests.sanguosha.rig import act, kinds
from tests.sanguosha.skill_steps import assert_replays

PICKS = [("caocao", "xuchu"), ("zhugeliang", "zhaoyun"), ("liubei", "guanyu"),
         ("lvbu", "diaochan")]
Events = list[tuple[str, dict[str, Any]]]


def decline_skills(game: HegemonyGame) -> None:
    while game.ask == "skill":
        act(game, game.to_act()[0], type="decline")


def emptied(rules: int | None = None) -> HegemonyGame:
    """Given: seat 0, in its play phase, took all four of hidden Zhuge Liang's (seat 1)
    hand cards with Dismantlements; it still holds a Kill."""
    game = htable(PICKS, {0: ["dismantlement"] * 4}, ["kill"], rules=rules)
    decline_skills(game)
    act(game, 0, type="decline")  # seat 0 shows nothing at its turn's start
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    for _ in range(4):
        c = next(c for c in game.hands[0] if NAME[c] == "dismantlement")
        act(game, 0, type="use", card=c, targets=[1])
        while game.ask == "nullify":
            act(game, game.to_act()[0], type="decline")
        act(game, 0, type="choose", area="hand")
    assert game.hands[1] == [] and game.hidden(1) == ["head", "deputy"]
    return game


def kill(game: HegemonyGame) -> Events:
    """When: seat 0 Kills Zhuge Liang."""
    c = next(c for c in game.hands[0] if NAME[c] == "kill")
    return act(game, 0, type="use", card=c, targets=[1])


def asked(game: HegemonyGame) -> bool:
    return game.ask == "skill" and game.to_act() == [1] and \
        game.view(1)["pending"]["skill"] == "kongcheng_kw"


def fair(game: HegemonyGame) -> None:
    judged = referee(facts_of(game))
    assert not judged.violations, [v.text() for v in judged.violations]


def test_a_hidden_handless_zhuge_liang_is_asked_whether_to_show_him() -> None:
    game = emptied()
    kill(game)
    assert asked(game)
    assert game.legal_actions(1) == [{"type": "skill", "skill": "kongcheng_kw"},
                                     {"type": "decline"}]
    # the question is his alone: the others see a skill asked, not which
    assert game.view(0)["pending"]["skill"] is None
    assert game.view("spectator")["pending"]["skill"] is None
    assert game.legal_actions(0) == []


def test_shown_he_is_cancelled_as_the_kills_target() -> None:
    game = emptied()
    kill(game)
    events = act(game, 1, type="skill", skill="kongcheng_kw")
    assert kinds(events)[0] == "GeneralsShown" and "SkillUsed" in kinds(events)
    assert events[0][1]["which"] == ["head"] and events[0][1]["reason"] == "skill"
    assert game.shown[1] == [True, False]
    decline_skills(game)
    assert game.ask == "play" and game.current == 0  # no Dodge asked: cancelled
    assert game.hp[1] == game.max_hp[1] and game.kills == 1
    assert_replays(game)
    fair(game)


def test_declined_he_stays_hidden_and_a_target() -> None:
    game = emptied()
    kill(game)
    act(game, 1, type="decline")
    assert game.ask == "dodge" and game.to_act() == [1]
    act(game, 1, type="decline")
    decline_skills(game)
    assert game.hp[1] == game.max_hp[1] - 1 and game.hidden(1) == ["head", "deputy"]
    assert_replays(game)
    fair(game)


def test_a_shown_zhuge_liang_is_cancelled_unasked() -> None:
    game = emptied()
    game._show(1, ["head"], "given")
    game._drive(random.Random(0))
    decline_skills(game)
    events = kill(game)
    assert kinds(events) == ["CardUsed"] and game.ask == "play"


def test_rules_5_games_replay_as_played_cancelled_unasked() -> None:
    game = emptied(rules=5)
    events = kill(game)
    assert game.rules == 5 and not asked(game)
    assert kinds(events) == ["CardUsed"] and game.ask == "play"
    assert game.hidden(1) == ["head", "deputy"] and game.hp[1] == game.max_hp[1]
    assert_replays(game)
    fair(game)


def test_the_kingdom_bot_shows_him_rather_than_be_hit() -> None:
    game = emptied()
    kill(game)
    assert kingdom_policy(game, 1, random.Random(0)) == {"type": "skill",
                                                         "skill": "kongcheng_kw"}


# --- the referee: forged records --------------------------------------------------------------
def test_forged_a_rules_6_cancel_without_the_ask_is_named() -> None:
    # given: a rules-5 game (cancelled unasked) the forger records as played under rules 6
    game = emptied(rules=5)
    kill(game)
    act(game, 0, type="end_play")
    facts = copy.deepcopy(facts_of(game))
    start = next(f for f in facts if "rules" in f.data)
    start.data["rules"] = 6
    used = next(i for i, f in enumerate(facts) if f.type == "CardUsed"
                and f.data["name"] == "kill")
    # then: the fact after the Kill is named: Zhuge Liang's owner was never asked
    message = named(facts, facts[used + 1].version, "kongcheng_kw")
    assert "not asked whether to show" in message


def test_forged_a_rules_6_cancel_without_the_show_is_named() -> None:
    # given: the shown story; the forger drops the show (and its kingdom) from the record
    game = emptied()
    kill(game)
    act(game, 1, type="skill", skill="kongcheng_kw")
    facts = [f for f in copy.deepcopy(facts_of(game))
             if f.type not in ("GeneralsShown", "KingdomDecided")]
    cancel = next(f for f in facts if f.type == "SkillUsed"
                  and f.data["skill"] == "kongcheng_kw")
    assert "shows the general first" in named(facts, cancel.version, "show")


def test_a_hidden_meng_huo_shown_is_spared_the_barbarian_invasion_once() -> None:
    # given: seat 1 is Meng Huo and Zhu Rong, both hidden; seat 0 holds a Barbarian Invasion
    picks = [("caocao", "xuchu"), ("menghuo", "zhurong"), ("liubei", "guanyu"),
             ("lvbu", "diaochan")]
    game = htable(picks, {0: ["barbarian_invasion"]}, [])
    decline_skills(game)
    act(game, 0, type="decline")
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    c = next(c for c in game.hands[0] if NAME[c] == "barbarian_invasion")
    # when: seat 0 uses it; then: seat 1 is asked about Huoshou (Meng Huo, head) first
    act(game, 0, type="use", card=c)
    assert game.ask == "skill" and game.to_act() == [1]
    assert game.view(1)["pending"]["skill"] == "huoshou"
    events = act(game, 1, type="skill", skill="huoshou")
    assert events[0][1]["which"] == ["head"]
    # then: he is off the targets; Juxiang is not asked again for the same cancel
    invasion = next(f for f in game.stack if isinstance(f, CardUse))
    assert 1 not in invasion.targets and game.to_act() != [1]
    hp = game.hp[1]
    for _ in range(60):
        if game.ask == "play" and game.current == 0:
            break
        act(game, game.to_act()[0], type="decline")
    assert game.hp[1] == hp
    assert_replays(game)
    fair(game)


def snatched_lu_xun(rules: int | None = None) -> tuple[HegemonyGame, int]:
    """Given: hidden Lu Xun & Gan Ning (seat 1) hold a Kill. When: seat 0, in its play
    phase, uses a Snatch on him (Qianxun cancels him from Snatch and Indulgence). The game
    and his hand's size before the Snatch."""
    picks = [("caocao", "xuchu"), ("luxun", "ganning"), ("liubei", "guanyu"),
             ("lvbu", "diaochan")]
    game = htable(picks, {0: ["snatch"], 1: ["kill"]}, ["kill"], rules=rules)
    decline_skills(game)
    act(game, 0, type="decline")
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    held = len(game.hands[1])
    c = next(c for c in game.hands[0] if NAME[c] == "snatch")
    act(game, 0, type="use", card=c, targets=[1])
    return game, held


def test_a_hidden_lu_xun_is_asked_whether_to_show_him_against_a_snatch() -> None:
    game, held = snatched_lu_xun()
    assert game.ask == "skill" and game.to_act() == [1]
    assert game.view(1)["pending"]["skill"] == "qianxun_kw"
    act(game, 1, type="skill", skill="qianxun_kw")
    decline_skills(game)
    assert game.shown[1][0] and game.ask == "play" and len(game.hands[1]) == held
    assert_replays(game)
    fair(game)


def test_a_hidden_lu_xun_who_declines_is_snatched_and_stays_hidden() -> None:
    game, held = snatched_lu_xun()
    act(game, 1, type="decline")
    while game.ask == "nullify":
        act(game, game.to_act()[0], type="decline")
    act(game, 0, type="choose", area="hand")
    assert len(game.hands[1]) == held - 1 and game.hidden(1) == ["head", "deputy"]
    assert_replays(game)
    fair(game)
