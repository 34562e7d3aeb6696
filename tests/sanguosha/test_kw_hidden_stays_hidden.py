"""Stories of hidden generals kept hidden where the API once named them (issue 14).

Given a Kingdom Wars table (``hrig.htable``), when a seat acts, then what each viewer
reads in the events: a hidden general is named to nobody but its owner until it is shown;
every story's table replays from its events alone.
"""

from __future__ import annotations

from domain.sanguosha.cards import NAME
from tests.sanguosha.rig import act, card, mark
from tests.sanguosha.skill_steps import named, seen
from tests.sanguosha.test_kw_skills_qun import table
from tests.sanguosha.test_kw_skills_wei import asked, htable, inflict, shown, until

SHU, WU, QUN = ("liubei", "guanyu"), ("sunquan", "lvmeng"), ("lvbu", "diaochan")
WEI, SHU_HIDDEN = ("xuchu", "dianwei"), ("zhangfei", "guanyu")


def test_a_death_names_the_dead_players_hidden_generals_only_once_they_are_shown() -> None:
    # given: Cao Pi (seat 0) shown; seat 2 (Sun Quan, Lü Meng) still hidden
    game = htable([("caopi", "zhenji"), SHU, WU, QUN])
    shown(game, 0)
    since = mark(game)
    # when: seat 2 takes all its HP in damage, nobody saves it, and Xingshang asks Cao Pi
    inflict(game, 2, None, game.hp[2])
    until(game, lambda g: g.ask != "peach" or g.to_act() != [2])
    while game.ask == "peach":
        act(game, game.to_act()[0], type="decline")
    assert asked(0, "xingshang")(game) and game.hidden(2)
    # then: the death is told to everyone, but not yet the generals it will show
    for viewer in ("spectator", 0, 1, 3):
        died = named(seen(game, since, viewer), "Died")[0]
        assert died["revealed"] == {"generals": [None, None]}, viewer
    # and: the dead player itself still reads its own
    assert named(seen(game, since, 2), "Died")[0]["revealed"]["generals"] == list(WU)
    # when: Cao Pi answers and the death's show follows
    act(game, 0, type="decline")
    # then: the generals are public, in the death as in the show
    assert not game.hidden(2)
    died = named(seen(game, since, "spectator"), "Died")[0]
    assert died["revealed"] == {"generals": list(WU)}


def test_a_hidden_generals_skill_used_in_anothers_skill_shows_that_general_first() -> None:
    # given: Jia Xu (seat 0); seat 1 (Zhang Fei, Guan Yu) hidden, holding only a red Dodge
    red = card(("dodge", "D", 8))
    game = table([("jiaxu", "pangde"), SHU_HIDDEN, WU, WEI], hands={1: [red]},
                 shown=(2, 3))
    assert game.hidden(1) == ["head", "deputy"] and NAME[red] == "dodge"
    # when: Luanwu asks seat 1 to Kill a nearest player, and it answers with Wusheng
    act(game, 0, type="skill", skill="luanwu")
    offer = next(a for a in game.legal_actions(1) if a.get("skill") == "wusheng")
    since = mark(game)
    act(game, 1, **{**offer, "card": red, "targets": offer.get("targets", [0])[:1]})
    # then: Guan Yu is shown before the skill is used, so no viewer reads the skill of a
    # general still hidden
    kinds_seen = [k for k, _ in seen(game, since, "spectator")]
    assert kinds_seen.index("GeneralsShown") < kinds_seen.index("SkillUsed")
    show = named(seen(game, since, "spectator"), "GeneralsShown")[0]
    assert show["generals"] == ["guanyu"] and show["which"] == ["deputy"]
    assert game.shown[1] == [False, True]
