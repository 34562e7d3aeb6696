"""Stories of showing hidden generals through their skills (generals.md 0.3).

Given a Kingdom Wars table whose generals are given known skills for the story (the
``skills`` fixture sets ``KW_SKILLS`` and restores it), when a seat acts, then the events
recorded and what each viewer sees; every story's table replays from its events alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from domain.sanguosha.distance import distances_from
from domain.sanguosha.hegemony import HegemonyGame
from domain.sanguosha.plays import seat_distances
from domain.sanguosha.skill import (
    KW_SKILLS,
    SHOWS_WHEN_NEEDED,
    SKILLS,
    Kind,
    Point,
    Skill,
)
from domain.sanguosha.skills.common import draws
from domain.sanguosha.skills.shu import MASHU, WUSHENG
from domain.sanguosha.skills.wei import JIANXIONG
from tests.sanguosha import hrig
from tests.sanguosha.rig import Spec, act, kinds, mark
from tests.sanguosha.skill_steps import assert_replays, named, seen

_TABLES: list[HegemonyGame] = []

#: an active skill: draw one card, once per play phase
DRAW_ONE = Skill("t_draw", "Draw One", "测", Kind.ACTIVE, limit=1, step=draws(1, "t_draw"),
                 offers=lambda game, seat, f: [{"type": "skill", "skill": "t_draw"}])
#: a compulsory skill at the start phase: draw one card
START_DRAW = Skill("t_start", "Start Draw", "测", Kind.COMPULSORY, point=Point.START,
                   step=draws(1, "t_start"))
#: a modifier that counts while hidden and shows its general when needed (Paoxiao's)
NO_KILL_LIMIT = Skill("t_kills", "Kills", "测", Kind.COMPULSORY,
                      mods={"kill_limit": None, SHOWS_WHEN_NEEDED: True})


@pytest.fixture(autouse=True)
def skills() -> Iterator[Callable[..., None]]:
    """Give generals the story's skills (their own are set aside meanwhile); the story's
    tables then replay from their events, and the registry is restored."""
    kept_kw, kept = dict(KW_SKILLS), dict(SKILLS)
    _TABLES.clear()

    def give(general: str, *ss: Skill) -> None:
        for s in ss:
            SKILLS[s.id] = s
        KW_SKILLS[general] = tuple(s.id for s in ss)

    KW_SKILLS.clear()
    try:
        yield give
        for game in _TABLES:
            assert_replays(game)
    finally:
        KW_SKILLS.clear()
        KW_SKILLS.update(kept_kw)
        SKILLS.clear()
        SKILLS.update(kept)


def table(picks: Sequence[tuple[str, str]], hands: dict[int, Sequence[Spec]] | None = None,
          pile: Sequence[Spec | None] = (), first: int = 0,
          options: dict[str, Any] | None = None) -> HegemonyGame:
    game = hrig.htable(picks, hands, pile, first=first, options=options)
    _TABLES.append(game)
    return game


def to_play(game: HegemonyGame, seat: int) -> None:
    """When: ``seat`` shows nothing and reaches its play phase (other asks declined)."""
    for _ in range(40):
        if game.ask == "play" and game.current == seat:
            return
        who = game.to_act()[0]
        act(game, who, type="decline")
    raise AssertionError("never reached the play phase")


WEI, SHU, WU = ("xuchu", "dianwei"), ("zhangfei", "weiyan"), ("ganning", "lvmeng")


# --- an active skill of a hidden general -------------------------------------------------------
def test_a_hidden_generals_active_skill_is_offered_and_using_it_shows_the_general_first(
        skills: Callable[..., None]) -> None:
    # given: seat 0 keeps Cao Cao (head, with Draw One) and Xu Chu hidden
    skills("caocao", DRAW_ONE)
    game = table([("caocao", "xuchu"), SHU, WU, ("lvbu", "zhangjiao")])
    to_play(game, 0)
    assert {"type": "skill", "skill": "t_draw"} in game.legal_actions(0)
    assert game.hidden(0) == ["head", "deputy"] and game.kingdom(0) is None
    # when: it uses the skill
    events = act(game, 0, type="skill", skill="t_draw")
    # then: the head is shown (for the skill), Wei decided, then the skill and its draw
    assert kinds(events) == ["GeneralsShown", "KingdomDecided", "SkillUsed", "CardsDrawn"]
    assert named(events, "GeneralsShown")[0] == {
        "seat": 0, "which": ["head"], "generals": ["caocao"], "reason": "skill",
        "then": {"type": "skill", "skill": "t_draw"}}
    assert game.hidden(0) == ["deputy"] and game.kingdom(0) == "wei"
    assert game.ask == "play" and {"type": "skill", "skill": "t_draw"} not in \
        game.legal_actions(0)


def test_showing_the_second_general_by_a_skill_pays_the_pair_bonus_before_the_skill(
        skills: Callable[..., None]) -> None:
    # given: Cao Cao (shown) and Xu Chu (hidden, with Draw One) are a perfect pair
    skills("xuchu", DRAW_ONE)
    game = table([("caocao", "xuchu"), SHU, WU, ("lvbu", "zhangjiao")],
                 options={"bonus": "ask"})
    act(game, 0, type="show", which="head")
    to_play(game, 0)
    # when: seat 0 uses Xu Chu's skill
    events = act(game, 0, type="skill", skill="t_draw")
    # then: Xu Chu is shown and the pair bonus is asked first; the skill waits
    assert kinds(events) == ["GeneralsShown"] and game.ask == "pair"
    events = act(game, 0, type="pair_bonus", choice="draw")
    assert kinds(events) == ["PairBonusChosen", "CardsDrawn", "SkillUsed", "CardsDrawn"]
    assert [d["reason"] for d in named(events, "CardsDrawn")] == ["perfect_pair", "t_draw"]
    assert game.ask == "play" and game.hidden(0) == []


# --- a triggered skill of a hidden general -----------------------------------------------------
def hurt_caocao(skills: Callable[..., None]) -> HegemonyGame:
    """Given: Cao Cao (hidden, Jianxiong) takes a Kill from seat 1 (shown)."""
    skills("caocao", JIANXIONG)
    game = table([("caocao", "xuchu"), SHU, WU, ("lvbu", "zhangjiao")],
                 hands={1: ["kill"]}, first=1)
    act(game, 1, type="show", which="both")
    to_play(game, 1)
    kill = next(c for c in game.hands[1] if game.view(1)["cards"][str(c)]["name"] == "kill")
    act(game, 1, type="use", card=kill, targets=[0])
    act(game, 0, type="decline")  # no Dodge
    return game


def test_a_hidden_generals_triggered_skill_is_asked_and_its_id_kept_from_the_others(
        skills: Callable[..., None]) -> None:
    game = hurt_caocao(skills)
    # then: Cao Cao's owner is asked about Jianxiong; to the others it is an unnamed skill
    assert game.ask == "skill" and game.to_act() == [0]
    assert game.view(0)["pending"]["skill"] == "jianxiong"
    for viewer in (1, 2, "spectator"):
        assert game.view(viewer)["pending"]["skill"] is None
    assert game.view("referee")["pending"]["skill"] == "jianxiong"
    # when: it uses it: Cao Cao is shown first, then the Kill is taken
    since = mark(game)
    events = act(game, 0, type="skill", skill="jianxiong")
    assert kinds(events)[:4] == ["GeneralsShown", "KingdomDecided", "SkillUsed",
                                 "CardsGained"]
    assert [d["then"] for name, d in seen(game, since, 2) if name == "GeneralsShown"] == [
        {"type": "skill", "skill": "jianxiong"}]


def test_declining_a_hidden_generals_skill_keeps_it_hidden(
        skills: Callable[..., None]) -> None:
    game = hurt_caocao(skills)
    events = act(game, 0, type="decline")
    assert "GeneralsShown" not in kinds(events) and game.hidden(0) == ["head", "deputy"]


# --- compulsory skills -----------------------------------------------------------------------
def test_a_hidden_compulsory_skill_asks_to_show_and_does_not_apply_if_declined(
        skills: Callable[..., None]) -> None:
    # given: Xu Chu (deputy of seat 0) draws a card at its start phase, compulsorily
    skills("xuchu", START_DRAW)
    game = table([("caocao", "xuchu"), SHU, WU, ("lvbu", "zhangjiao")])
    # then: at its start phase the hidden general's compulsory skill asks
    assert game.ask == "skill" and game.view(0)["pending"]["skill"] == "t_start"
    hand = len(game.hands[0])
    # when: declined (and nothing shown at the show step), nothing happens
    events = act(game, 0, type="decline")
    assert game.ask == "show"
    events += act(game, 0, type="decline")
    assert "SkillUsed" not in kinds(events) and len(game.hands[0]) == hand + 2  # draw phase


def next_turn(game: HegemonyGame, seat: int) -> list[tuple[str, dict[str, Any]]]:
    """When: turns pass (nothing used, nothing shown) until ``seat``'s next play phase."""
    out: list[tuple[str, dict[str, Any]]] = []
    turn = game.turn
    for _ in range(200):
        if game.current == seat and game.turn > turn and game.ask == "play":
            return out
        who = game.to_act()[0]
        if game.ask == "play":
            out += act(game, who, type="end_play")
        elif game.ask == "discard":
            a = game.legal_actions(who)[0]
            out += act(game, who, type="discard", cards=a["from"][:a["count"]])
        else:
            out += act(game, who, type="decline")
    raise AssertionError("the turn never came")


def test_a_shown_compulsory_skill_applies_unasked(skills: Callable[..., None]) -> None:
    skills("xuchu", START_DRAW)
    game = table([("caocao", "xuchu"), SHU, WU, ("lvbu", "zhangjiao")])
    act(game, 0, type="decline")  # the hidden skill, this time
    act(game, 0, type="show", which="deputy")  # Xu Chu shown at the show step
    # when: seat 0's next turn comes
    events = next_turn(game, 0)
    # then: its start phase draws at once, with no question
    i = kinds(events).index("SkillUsed")
    assert named(events, "SkillUsed")[0]["skill"] == "t_start"
    assert kinds(events)[i + 1] == "CardsDrawn" and events[i + 1][1]["reason"] == "t_start"
    assert events[i - 1][0] == "TurnStarted"


def test_a_compulsory_skill_accepted_while_hidden_shows_its_general(
        skills: Callable[..., None]) -> None:
    skills("xuchu", START_DRAW)
    game = table([("caocao", "xuchu"), SHU, WU, ("lvbu", "zhangjiao")])
    events = act(game, 0, type="skill", skill="t_start")
    assert kinds(events)[:4] == ["GeneralsShown", "KingdomDecided", "SkillUsed", "CardsDrawn"]
    assert game.hidden(0) == ["head"]


# --- modifiers ---------------------------------------------------------------------------------
def test_mashu_counts_only_while_shown_and_may_be_shown_in_the_play_phase(
        skills: Callable[..., None]) -> None:
    # given: seat 0's deputy Pang De has Mashu, hidden
    skills("pangde", MASHU)
    game = table([("lvbu", "pangde"), WEI, SHU, WU, ("simayi", "guojia")])
    to_play(game, 0)
    plain = distances_from(0, game.alive, game.equip)
    assert seat_distances(game, 0) == plain
    # then: the play phase offers to show Pang De (to switch Mashu on)
    assert {"type": "show", "which": "deputy"} in game.legal_actions(0)
    assert {"type": "show", "which": "head"} not in game.legal_actions(0)
    assert game.legal_actions(0)[-1] == {"type": "end_play"}
    # when: it shows Pang De
    events = act(game, 0, type="show", which="deputy")
    assert kinds(events) == ["GeneralsShown", "KingdomDecided"]
    assert named(events, "GeneralsShown")[0]["reason"] == "play"
    # then: Mashu counts from now on, and the play phase goes on
    assert seat_distances(game, 0) == [max(1, d - 1) if d else 0 for d in plain]
    assert game.ask == "play"
    assert not any(a["type"] == "show" for a in game.legal_actions(0))


def test_a_modifier_that_shows_when_needed_counts_hidden_and_shows_on_the_use_needing_it(
        skills: Callable[..., None]) -> None:
    # given: Zhang Fei (hidden, no Kill limit) holds two Kills
    skills("zhangfei", NO_KILL_LIMIT)
    game = table([("zhangfei", "weiyan"), WEI, WU, ("lvbu", "zhangjiao")],
                 hands={0: ["kill", "kill"]})
    to_play(game, 0)
    kills = [c for c in game.hands[0] if game.view(0)["cards"][str(c)]["name"] == "kill"]
    # when: the first Kill needs nothing: nothing is shown
    events = act(game, 0, type="use", card=kills[0], targets=[1])
    assert "GeneralsShown" not in kinds(events)
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    # then: the second Kill is offered; using it shows Zhang Fei first
    events = act(game, 0, type="use", card=kills[1], targets=[1])
    assert kinds(events)[:3] == ["GeneralsShown", "KingdomDecided", "CardUsed"]
    assert named(events, "GeneralsShown")[0]["which"] == ["head"]


def test_a_converted_second_kill_shows_the_general_whose_modifier_it_needs_too(
        skills: Callable[..., None]) -> None:
    # given: Zhang Fei (no Kill limit) and Guan Yu (Wusheng), both hidden, hold a Kill and
    # a Peach (red)
    skills("zhangfei", NO_KILL_LIMIT)
    skills("guanyu", WUSHENG)
    game = table([("zhangfei", "guanyu"), WEI, WU, ("lvbu", "zhangjiao")],
                 hands={0: ["kill", "peach"]})
    to_play(game, 0)
    names = {c: game.view(0)["cards"][str(c)]["name"] for c in game.hands[0]}
    kill = next(c for c, n in names.items() if n == "kill")
    peach = next(c for c, n in names.items() if n == "peach")
    act(game, 0, type="use", card=kill, targets=[1])
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    # when: the Peach is used as a second Kill by Wusheng
    events = act(game, 0, type="use", card=peach, skill="wusheng", targets=[1])
    # then: Guan Yu shows for the skill and Zhang Fei for the second Kill it needs
    shown = named(events, "GeneralsShown")[0]
    assert set(shown["which"]) == {"head", "deputy"} and shown["then"]["skill"] == "wusheng"
    assert "CardUsed" in kinds(events)


# --- kingdoms ----------------------------------------------------------------------------------
def test_same_kingdom_counts_a_hidden_user_by_the_side_it_would_join() -> None:
    game = table([("caocao", "xuchu"), ("simayi", "guojia"), SHU, WU])
    assert game.kingdom(1) is None and not game.same_kingdom(0, 1)
    act(game, 0, type="show", which="head")
    # seat 1 still hidden: it counts as Wei for its own skills; seat 0 needs it shown
    assert game.same_kingdom(1, 0) and not game.same_kingdom(0, 1)
    assert not game.same_kingdom(0, 0)
