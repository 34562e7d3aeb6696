"""Hongyan shown to turn a judgment (rules 6; docs/rules/generals.md §2.3 and §0.3): the
owner of a hidden Xiao Qiao is asked, when its own judgment card is a spade that read as
a heart would change the judgment, whether to show her. Shown, her spades are hearts
unasked; under rules 5 a stored game replays as it was played (nobody asked).

Seat 1 is Xiao Qiao and Zhou Yu, both hidden; seat 0 puts an Indulgence (or a Lightning
passes) on her; the pile is arranged so that her judgment card is known. The independent
referee judges each story."""

from __future__ import annotations

import random
from typing import Any

from domain.referee.hegemony import referee
from domain.sanguosha.bots import kingdom_policy
from domain.sanguosha.hegemony import HegemonyGame
from tests.referee.test_hegemony_differential import facts_of
from tests.sanguosha.hrig import htable
from tests.sanguosha.rig import Spec, act, card, end_turn, kinds
from tests.sanguosha.skill_steps import assert_replays

PICKS = [("caocao", "xuchu"), ("xiaoqiao", "zhouyu"), ("liubei", "guanyu"),
         ("lvbu", "diaochan")]
Events = list[tuple[str, dict[str, Any]]]


def decline_others(game: HegemonyGame, but: int = 1) -> Events:
    """When: every skill's question to a seat other than ``but`` is declined."""
    out: Events = []
    while game.ask == "skill" and game.to_act() != [but]:
        out += act(game, game.to_act()[0], type="decline")
    return out


def indulged(judged: Spec, rules: int | None = None, show: str | None = None
             ) -> HegemonyGame:
    """Given: seat 0 (Cao Cao) put an Indulgence on seat 1 and ended its turn; seat 1's
    turn starts and it shows ``show`` (or nothing); its judgment card is ``judged``.
    Then: the game waits at the judgment (a question to seat 1, or past it)."""
    ind = card("indulgence")
    game = htable(PICKS, {0: [ind]}, [None, None, judged], rules=rules)
    decline_others(game, -1)
    act(game, 0, type="decline")  # seat 0 shows nothing
    decline_others(game, -1)
    act(game, 0, type="use", card=ind, targets=[1])
    while game.ask == "nullify":
        act(game, game.to_act()[0], type="decline")
    end_turn(game)
    decline_others(game)
    assert game.current == 1 and game.ask == "show"
    if show is None:
        act(game, 1, type="decline")
    else:
        act(game, 1, type="show", which=show)
    decline_others(game)
    return game


def asked_hongyan(game: HegemonyGame) -> bool:
    return game.ask == "skill" and game.to_act() == [1] and \
        game.view(1)["pending"]["skill"] == "hongyan"


def fair(game: HegemonyGame) -> None:
    judged = referee(facts_of(game))
    assert not judged.violations, [v.text() for v in judged.violations]


def to_play_or_discard(game: HegemonyGame) -> Events:
    """When: seat 1's later questions (Zhou Yu's Yingzi) are declined."""
    out: Events = []
    while game.ask == "skill" and game.current == 1 and game.to_act() == [1]:
        out += act(game, 1, type="decline")
    return out


def test_showing_xiao_qiao_turns_a_spade_indulgence_judgment() -> None:
    game = indulged(("kill", "S", 7))
    # a spade: the Indulgence would take effect; read as a heart it would not
    assert asked_hongyan(game)
    assert game.legal_actions(1) == [{"type": "skill", "skill": "hongyan"},
                                     {"type": "decline"}]
    # the question is hers: the others see a skill asked, not which one
    assert game.view(0)["pending"]["skill"] is None
    events = act(game, 1, type="skill", skill="hongyan")
    assert kinds(events)[:3] == ["GeneralsShown", "KingdomDecided", "SkillUsed"]
    assert events[0][1]["which"] == ["head"] and events[0][1]["reason"] == "skill"
    assert game.spades_are_hearts(1)
    to_play_or_discard(game)
    assert game.ask == "play" and game.current == 1  # the Indulgence did nothing
    assert_replays(game)
    fair(game)


def test_declined_the_indulgence_takes_effect_and_she_stays_hidden() -> None:
    game = indulged(("kill", "S", 7))
    assert asked_hongyan(game)
    act(game, 1, type="decline")
    events = to_play_or_discard(game)
    assert game.hidden(1) == ["head", "deputy"]
    assert game.phase in ("discard", "end") or game.current != 1 or \
        ("PhaseChanged", {"seat": 1, "phase": "discard", "skipped": "play"}) in events
    fair(game)


def test_not_asked_when_the_spade_changes_nothing_or_is_no_spade() -> None:
    for judged in (("kill", "C", 7), ("dodge", "H", 2)):
        game = indulged(judged)
        assert not asked_hongyan(game)
        fair(game)


def test_a_shown_xiao_qiao_is_not_asked_her_spades_are_hearts_unasked() -> None:
    game = indulged(("kill", "S", 7), show="head")
    assert not asked_hongyan(game)
    to_play_or_discard(game)
    assert game.ask == "play" and game.current == 1  # a heart: no effect
    assert not any(type(e).__name__ == "SkillUsed" and e.skill == "hongyan"
                   for e in game.pending_events)
    fair(game)


def test_rules_5_games_replay_as_played_nobody_is_asked() -> None:
    game = indulged(("kill", "S", 7), rules=5)
    assert game.rules == 5 and not asked_hongyan(game)
    to_play_or_discard(game)
    assert game.ask != "play" or game.current != 1  # the Indulgence took effect
    assert_replays(game)
    fair(game)


def test_lightning_spared_by_showing_her() -> None:
    # given: Lightning in her judgment area (seat 0 used it on itself; it passed to her)
    light = card("lightning")
    game = htable(PICKS, {1: [light]}, [None] * 8 + [("kill", "S", 8)],
                  first=1)
    decline_others(game, -1)
    act(game, 1, type="decline")  # she shows nothing
    decline_others(game, -1)
    to_play_or_discard(game)
    act(game, 1, type="use", card=light)
    end_turn(game)
    # the other seats pass their turns; at her next turn the Lightning is judged: ♠5
    while not (game.current == 1 and game.ask == "show"):
        if game.ask == "show":
            act(game, game.current, type="decline")
        decline_others(game, -1)
        if game.ask == "play":
            end_turn(game)
        decline_others(game, -1)
    act(game, 1, type="decline")
    decline_others(game)
    assert asked_hongyan(game)
    events = act(game, 1, type="skill", skill="hongyan")
    events += to_play_or_discard(game)
    assert "NatureDamaged" not in kinds(events) and "Damaged" not in kinds(events)
    assert "LightningPassed" in kinds(events)
    fair(game)


def test_the_bot_shows_her_when_the_heart_helps() -> None:
    game = indulged(("kill", "S", 7))
    rng = random.Random(0)
    assert kingdom_policy(game, 1, rng) == {"type": "skill", "skill": "hongyan"}


def renwang_story() -> HegemonyGame:
    """Given: Xiao Qiao & Gan Ning (seat 0) hold a spade Kill and a club; seat 1 wears a
    Renwang Shield; both have shown. When: she Kills seat 1 with the spade."""
    from tests.sanguosha.test_kw_skills_wu import xiaoqiao_facing_a_renwang_shield

    game, spade, club = xiaoqiao_facing_a_renwang_shield()
    qixi = {a["card"] for a in game.legal_actions(0) if a.get("skill") == "qixi"}
    assert club in qixi and spade not in qixi  # her spade is a heart to Qixi
    act(game, 0, type="use", card=spade, targets=[1])
    return game


def test_the_referee_reads_her_spade_kill_as_red_to_the_renwang_shield() -> None:
    game = renwang_story()
    assert game.ask == "dodge" and game.to_act() == [1]  # not blocked
    act(game, 1, type="decline")
    fair(game)


def test_the_referee_reads_a_spade_she_takes_to_fanjian_as_a_heart() -> None:
    # given: Xiao Qiao (seat 0) and Zhou Yu (seat 1) shown; his hand is all spades but one
    from domain.sanguosha.cards import SUIT
    from tests.sanguosha.test_kw_skills_wu import kw_table, to_turn

    spades = [("dismantlement", "S", 3), ("dismantlement", "S", 4), ("snatch", "S", 3),
              ("snatch", "S", 4)]
    game = kw_table({0: ("xiaoqiao", "daqiao"), 1: ("zhouyu", "huanggai")},
                    hands={1: spades}, pile=[None, None, ("kill", "S", 8), ("kill", "S", 9)])
    to_turn(game, 1)
    # when: Fanjian on her; she names hearts and takes one of his cards: a spade
    act(game, 1, type="skill", skill="fanjian", targets=[0])
    events = act(game, 0, type="choose", suit="H")
    taken = next(d["card"] for n, d in events if n == "CardTaken")
    assert SUIT[taken] == "S" and "Damaged" not in kinds(events)  # a heart to her
    fair(game)
