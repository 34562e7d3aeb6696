"""Identity mode with generals (option ``generals``): offers, choices, what each viewer
sees, HP and gender, and bot games at every table size."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain import registry
from domain.audit import Fact
from domain.game import InvalidSetup, NotYourTurn
from domain.sanguosha.actions import NotAChoice, WrongAction
from domain.sanguosha.audit import recount
from domain.sanguosha.generals import ROSTER
from domain.sanguosha.identity import IdentityGame, identity_table
from domain.sanguosha.roster_identity import HP, LORD_GENERALS, STANDARD
from domain.sanguosha.zones import locate
from domain.simulate import play_out
from tests.sanguosha.rig import act, card, kinds, refuse, table

GENERALS = {"generals": True}
NO_VIEW = ("spectator", 1)


def choose(game: IdentityGame, seat: int, general: str) -> list[tuple[str, dict[str, Any]]]:
    return act(game, seat, type="choose_general", general=general)


def female_first(offer: list[str]) -> str:
    """A bot-like choice that keeps a woman when offered one (Double Swords stories)."""
    return next((g for g in offer if ROSTER[g].gender == "female"), offer[0])


def test_the_lord_chooses_first_from_the_three_lords_and_two_drawn() -> None:
    # given: a 5-seat table with generals; the lord is seat 0
    game = table(n=5, options=GENERALS)
    offer = game.offers[0]
    # then: Cao Cao, Liu Bei, Sun Quan and two others of the 25, all different
    assert offer[:3] == list(LORD_GENERALS) and len(set(offer)) == 5
    assert set(offer) <= set(STANDARD)
    # then: only the lord is asked; nothing is dealt yet
    assert game.to_act() == [0] and game.legal_actions(1) == []
    assert game.hands == [[]] * 5 and game.view("referee")["stage"] == "choose"
    refuse(game, 1, NotYourTurn, type="choose_general", general=offer[0])
    refuse(game, 0, NotAChoice, type="choose_general",
           general=next(g for g in STANDARD if g not in offer))
    refuse(game, 0, WrongAction, type="end_play")


def test_the_lords_choice_is_public_at_once_with_its_hp() -> None:
    game = table(n=5, options=GENERALS)
    # when: the lord keeps Liu Bei
    events = choose(game, 0, "liubei")
    # then: everyone sees it, with 4 + 1 HP (a table of five)
    assert kinds(events) == ["GeneralChosen", "GeneralsOffered"]
    for viewer in NO_VIEW:
        seat = game.view(viewer)["seats"][0]
        assert seat["general"]["id"] == "liubei" and (seat["hp"], seat["max_hp"]) == (5, 5)
    assert game.event_view(game.pending_events[-2], "spectator")["data"]["general"] == "liubei"


def test_no_lord_bonus_at_four() -> None:
    game = table(options=GENERALS)
    choose(game, 0, "caocao")
    assert game.max_hp[0] == HP["caocao"] == 4


@pytest.mark.parametrize("n, each", [(5, 3), (9, 3), (10, 2)])
def test_every_other_seat_is_dealt_from_the_rest(n: int, each: int) -> None:
    game = table(n=n, options=GENERALS, roles=identity_table(n))
    choose(game, 0, "sunquan")
    dealt = [game.offers[s] for s in range(1, n)]
    # then: three each (two at ten), never the lord's, never twice, all at once
    assert all(len(o) == each for o in dealt)
    flat = [g for o in dealt for g in o]
    assert len(set(flat)) == len(flat) and "sunquan" not in flat and set(flat) <= set(STANDARD)
    assert game.to_act() == list(range(1, n))
    if n == 9:  # the lord's four others went back: all 24 are dealt
        assert len(flat) == 24


def test_a_kept_general_is_hidden_until_every_seat_has_chosen() -> None:
    game = table(options=GENERALS)
    choose(game, 0, "caocao")
    mine = game.offers[1][0]
    # when: seat 1 keeps a general
    events = choose(game, 1, mine)
    # then: seat 1 and the referee see it; nobody else does, in views or events
    assert kinds(events) == ["GeneralChosen"]
    assert game.view(1)["seats"][1]["general"]["id"] == mine
    assert game.view("referee")["seats"][1]["general"]["id"] == mine
    for viewer in ("spectator", 2, 3):
        view = game.view(viewer)
        assert view["seats"][1]["general"] is None and view["seats"][1]["chosen"]
        assert "offered" not in view["seats"][1]
        assert game.event_view(game.pending_events[-1], viewer)["data"]["general"] is None
        offered = game.event_view(game.pending_events[-2], viewer)["data"]
        assert [o is not None for o in offered["offers"]] == [s == viewer for s in range(4)]
        assert mine not in str(view) and "salt" not in offered
    # then: its HP waits for the reveal too (HP would tell a 3-HP general from a 4)
    assert game.view("spectator")["seats"][1]["hp"] == 0


def test_when_all_have_chosen_every_general_is_shown_and_the_lord_plays() -> None:
    game = table({0: ["kill"]}, options=GENERALS)
    choose(game, 0, "caocao")
    picks = {s: game.offers[s][-1] for s in (1, 2, 3)}
    choose(game, 1, picks[1])
    choose(game, 2, picks[2])
    # when: the last seat chooses
    events = choose(game, 3, picks[3])
    # then: all shown with their HP, hands dealt, the lord's turn begins
    assert kinds(events)[:3] == ["GeneralChosen", "GeneralsShown", "HandsDealt"]
    assert events[1][1] == {"generals": ["caocao", picks[1], picks[2], picks[3]],
                            "hp": [4] + [HP[picks[s]] for s in (1, 2, 3)]}
    view = game.view("spectator")
    assert [s["general"]["id"] for s in view["seats"]] == ["caocao", *picks.values()]
    assert view["stage"] == "play" and (game.current, game.ask) == (0, "play")
    assert card("kill") in game.hands[0] and len(game.hands[1]) == 4


def test_genders_make_double_swords_work() -> None:
    # given: the lord plays Cao Cao (male) with the Double Swords; seat 1 keeps a woman
    game = table({0: ["double_swords", "kill"]}, options=GENERALS)
    choose(game, 0, "caocao")
    for s in (1, 2, 3):
        choose(game, s, female_first(game.offers[s]))
    assert (game.gender(0), game.gender(1)) == ("male", "female")  # this deal offers one
    act(game, 0, type="use", card=card("double_swords"))
    # when: it kills seat 1
    act(game, 0, type="use", card=card("kill"), targets=[1])
    # then: seat 1 is asked first: discard, or let the lord draw
    assert (game.to_act(), game.ask) == ([1], "double_swords")


def test_generals_is_a_boolean_option() -> None:
    with pytest.raises(InvalidSetup):
        registry.spec("identity").create(["a", "b", "c", "d"], {"generals": "yes"})
    # the default is the seed's real game, with generals; false is the first game
    assert registry.spec("identity").create(["a", "b", "c", "d"]).options["generals"] is True
    assert IdentityGame.new(["a", "b", "c", "d"]).options["generals"] is True
    first = registry.spec("identity").create(["a", "b", "c", "d"], {"generals": False})
    assert first.options["generals"] is False and first.generals == [None] * 4


@pytest.mark.parametrize("n", range(4, 11))
def test_bot_games_with_generals_end_and_replay(n: int) -> None:
    spec = registry.spec("identity")
    for policy in spec.policies:
        rng = random.Random(n)
        game = spec.create([f"p{i}" for i in range(n)], GENERALS, agents=[policy] * n,
                           rng=rng)
        play_out(game, [spec.policies[policy]] * n, rng)
        outcome = game.outcome
        assert outcome is not None and len(locate(game)) == 108
        assert [r["general"] for r in outcome["seats"]] == game.generals
        assert len(set(game.generals)) == n and set(game.generals) <= set(STANDARD)
        game.seal()
        replayed = None
        for e in game.pending_events:
            replayed = e.mutate(replayed)
        assert replayed.view("referee") == game.view("referee")
        facts = [Fact(e.originator_version, type(e).__name__,
                      {k: v for k, v in vars(e).items() if k not in ("originator_id",
                       "originator_version", "timestamp", "prev", "originator_topic")})
                 for e in game.pending_events]
        assert recount(facts).agrees


def test_views_show_each_seat_s_skills_once_the_generals_are_shown() -> None:
    # given: a table with generals under rules 3; the lord is Liu Bei
    game = table(generals=["liubei", "caocao", "guanyu", "zhugeliang"])
    for viewer in ("spectator", 2):
        rows = game.view(viewer)["seats"]
        # then: every viewer reads each seat's skills, the lord skill for the lord only
        assert [[k["id"] for k in r["general"]["skills"]] for r in rows] == [
            ["rende", "jijiang"], ["jianxiong"], ["wusheng"], ["guanxing", "kongcheng"]]
        skills = rows[0]["general"]["skills"]
        assert skills[1]["lord"] and skills[0]["name"] == "Rende"
    # and: while choosing, a general shows the skills it would bring (the lord's lord
    # skill included) to whoever may see it, and each offer names its skills to its owner
    choosing = IdentityGame.new([f"p{i}" for i in range(5)], GENERALS, rng=random.Random(2))
    lord = choosing.lord
    offer = choosing.view(lord)["seats"][lord]["offer"]
    assert [o["id"] for o in offer] == choosing.offers[lord]
    assert any(k["lord"] for o in offer for k in o["skills"])
    assert all("offer" not in r for s, r in enumerate(choosing.view("spectator")["seats"]))
    # a rules 2 table has no skills to show
    old = table(generals=["liubei", "caocao", "guanyu", "zhugeliang"], rules=2)
    assert all(r["general"]["skills"] == [] for r in old.view("spectator")["seats"])
