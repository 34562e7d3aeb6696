"""Draw-phase skills once the draw is skipped or replaced (rules 8; issue 14).

A Kingdom Wars seat holds two generals of one kingdom, so Wei's draw-phase skills meet:
Zhang He's Qiaobian skips the draw phase, Zhang Liao's Tuxi replaces its draw, Xu Chu's
Luoyi makes it one card smaller for +1 damage. Under the current rules none is offered
once the draw is skipped or replaced (by one of them or by a Supply Shortage), and no
skip or replacement is offered after Luoyi (its cost would be void). Under rules 7 the
engine offered them all the same: a game of rules 7 still does, and both games are
lawful under their own rules (the referee and the recount judge them clean). Every
table is rebuilt from its events at the end (``skill_steps.every_story_replays``).
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.sanguosha.engine import RULES_VERSION
from domain.sanguosha.hegemony import HegemonyGame
from tests.sanguosha import hrig
from tests.sanguosha.rig import act, card, kinds
from tests.sanguosha.skill_steps import Events, asked, named, remember, until

OLD = 7
SHU, WU, QUN = ("liubei", "guanyu"), ("sunquan", "zhoutai"), ("lvbu", "diaochan")
#: Supply Shortage's judgment card: a spade (not a club: the draw phase is skipped)
SPADE = ("kill", "S", 8)


def table(seat0: tuple[str, str], rules: int, deck: str = "identity",
          **kwargs: Any) -> HegemonyGame:
    """Given: seat 0 holds ``seat0`` (Wei), the others Shu, Wu and Qun generals; the game
    ends (a draw) after two turns."""
    game = remember(hrig.htable([seat0, SHU, WU, QUN], rules=rules,
                                options={"turn_cap": 2, "deck": deck}, **kwargs))
    assert game.rules == rules
    return game


def show(game: HegemonyGame, seat: int) -> Events:
    """When: turns pass (nobody else shows) until ``seat`` shows both generals; the
    events from the show on."""
    for _ in range(20):
        if game.ask == "show" and game.current == seat:
            return act(game, seat, type="show", which="both")
        if game.ask == "show":
            act(game, game.current, type="decline")
        else:
            until(game, lambda g: g.ask == "show")
    raise AssertionError("never asked to show")


def draw_skills(game: HegemonyGame, use: dict[str, dict[str, object]]) -> tuple[list[str],
                                                                                  Events]:
    """When: at seat 0's draw phase each skill asked is used as ``use`` says (its action's
    fields) or declined; returns the skills asked, in order, and the events."""
    asked_ids: list[str] = []
    events: Events = []
    while game.ask == "skill" and game.phase == "draw":
        sid = game.view(0)["pending"]["skill"]
        asked_ids.append(sid)
        if sid in use:
            events += act(game, 0, type="skill", skill=sid, **use[sid])
        else:
            events += act(game, 0, type="decline")
    return asked_ids, events


def judged_clean(game: HegemonyGame) -> None:
    """Then: played on to its end (every question declined), the referee and the
    engine-side recount judge the game as played."""
    while game.outcome is None:
        if game.ask in ("show", "skill"):
            act(game, game.to_act()[0], type="decline")
        else:
            until(game, lambda g: g.outcome is not None or g.ask == "show")
    hrig.judged_as_played(game)


@pytest.mark.parametrize("rules", [RULES_VERSION, OLD])
def test_tuxi_is_not_offered_once_qiaobian_skipped_the_draw(rules: int) -> None:
    game = table(("zhanghe", "zhangliao"), rules)
    show(game, 0)
    hrig.qiaobian_at_draw(game)
    paid = game.hands[0][0]
    # when: Qiaobian skips the draw phase (taking nothing)
    events = act(game, 0, type="skill", skill="qiaobian", card=paid)
    if rules >= 8:
        # then: the play phase comes (Qiaobian is asked whether to skip it); Tuxi is never
        # asked, nothing drawn nor taken
        assert game.phase == "play" and asked(0, "qiaobian")(game)
        assert "CardTaken" not in kinds(events) and "CardsDrawn" not in kinds(events)
    else:
        # then (rules 7): Tuxi is still asked, and takes a card besides the skip
        assert asked(0, "tuxi")(game)
        hand = len(game.hands[1])
        events = act(game, 0, type="skill", skill="tuxi", targets=[1])
        assert [d["source"] for d in named(events, "CardTaken")] == [1]
        assert len(game.hands[1]) == hand - 1 and game.phase == "play"
    judged_clean(game)


@pytest.mark.parametrize("rules", [RULES_VERSION, OLD])
def test_luoyi_and_tuxi_do_not_share_one_draw(rules: int) -> None:
    # given: Xu Chu's Luoyi is asked first (he is the head), then Zhang Liao's Tuxi
    game = table(("xuchu", "zhangliao"), rules)
    show(game, 0)
    until(game, lambda g: g.current == 0 and g.phase == "draw" and g.ask == "skill")
    # when: Luoyi is used; Tuxi, when asked, is declined
    asked_ids, events = draw_skills(game, {"luoyi": {}})
    # then: under rules 8 Tuxi is not asked after Luoyi (its cost would be void)
    assert asked_ids == (["luoyi"] if rules >= 8 else ["luoyi", "tuxi"])
    drawn = named(events, "CardsDrawn")
    assert [(d["reason"], len(d["cards"])) for d in drawn] == [("draw_phase", 1)]
    judged_clean(game)


@pytest.mark.parametrize("rules", [RULES_VERSION, OLD])
def test_luoyi_is_not_offered_after_tuxi(rules: int) -> None:
    # given: Zhang Liao's Tuxi is asked first, then Xu Chu's Luoyi
    game = table(("zhangliao", "xuchu"), rules)
    show(game, 0)
    until(game, lambda g: g.current == 0 and g.phase == "draw" and g.ask == "skill")
    # when: Tuxi takes a card of seat 1
    asked_ids, events = draw_skills(game, {"tuxi": {"targets": [1]}})
    # then: under rules 8 Luoyi is not asked (no draw comes: its +1 would be free)
    assert asked_ids == (["tuxi"] if rules >= 8 else ["tuxi", "luoyi"])
    assert "CardsDrawn" not in kinds(events) and len(named(events, "CardTaken")) == 1
    judged_clean(game)


@pytest.mark.parametrize("rules", [RULES_VERSION, OLD])
def test_no_draw_skill_in_a_draw_phase_supply_shortage_skipped(rules: int) -> None:
    # given: seat 3 (Qun, first) puts a Supply Shortage on seat 0; its judgment is a spade
    kw = "kingdom_wars"  # (the identity deck has no Supply Shortage)
    shortage, spade = card("supply_shortage", deck=kw), card(SPADE, deck=kw)
    game = table(("zhangliao", "xuchu"), rules, deck=kw, first=3, hands={3: [shortage]},
                 pile=[None, None, spade])
    until(game, lambda g: g.ask == "show")
    act(game, 3, type="decline")
    until(game, lambda g: g.ask == "play")
    act(game, 3, type="use", card=shortage, targets=[0])
    assert shortage in game.judging[0]
    # when: seat 0 shows both; the Supply Shortage is judged at its judgment phase, each
    # skill asked in the draw phase declined
    events = show(game, 0)
    assert [d["card"] for d in named(events, "Judged")] == [spade]
    asked_ids, drawing = draw_skills(game, {})
    events += drawing
    # then: the draw phase is skipped; under rules 8 Tuxi and Luoyi are not even asked
    assert asked_ids == ([] if rules >= 8 else ["tuxi", "luoyi"])
    assert game.ask == "play" and "CardsDrawn" not in kinds(events)
    judged_clean(game)
