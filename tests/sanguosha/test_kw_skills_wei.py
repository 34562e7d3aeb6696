"""Stories of the Kingdom Wars Wei skills (docs/rules/generals.md §2.1).

Each story is given a Kingdom Wars table (``hrig.htable``: heads and deputies, hands, the
pile), the Wei seat shows both generals at the start of its turn, then seats act and the
events and state are checked; an illegal use is refused with no event; every table is
rebuilt from its events at the end (``assert_replays``). Seats around a story are Shu, Wu
and Qun generals whose skills are not on its path (or not yet registered).
"""

from __future__ import annotations

import random
from typing import Any

from domain.game import NotYourTurn
from domain.sanguosha.actions import IllegalAction
from domain.sanguosha.cards import NAME, RED
from domain.sanguosha.hegemony import HegemonyGame
from domain.sanguosha.skill import KW_SKILLS, SKILLS
from domain.sanguosha.spec import hegemony_narrator
from tests.sanguosha import hrig, skill_steps
from tests.sanguosha.rig import act, card, kinds, mark, refuse
from tests.sanguosha.skill_steps import Events, asked, named, remember, seen

SHU, WU, QUN = ("liubei", "guanyu"), ("sunquan", "zhoutai"), ("lvbu", "diaochan")


def htable(*args: Any, **kwargs: Any) -> HegemonyGame:
    """Given: a Kingdom Wars table, rebuilt from its events when the story ends."""
    game = hrig.htable(*args, **kwargs)
    remember(game)
    return game


def shown(game: HegemonyGame, seat: int) -> None:
    """When: turns pass until ``seat`` may show, and it shows both generals (the others
    show nothing)."""
    until_show(game, seat)
    act(game, seat, type="show", which="both")


def until(game: HegemonyGame, stop: Any) -> Events:
    """When: as ``skill_steps.until``, every seat also declining to show and to save."""
    out: Events = []
    for _ in range(400):
        if stop(game):
            return out
        if game.ask in ("show", "peach"):
            out += act(game, game.to_act()[0], type="decline")
        else:
            out += skill_steps.until(game, lambda g: stop(g) or g.ask in ("show", "peach"))
    raise AssertionError("the moment never came")


def until_show(game: HegemonyGame, seat: int) -> None:
    for _ in range(50):
        if game.ask == "show" and game.current == seat:
            return
        if game.ask == "show":
            act(game, game.current, type="decline")
        else:
            until(game, lambda g: g.ask == "show")
    raise AssertionError("never asked to show")


def told(game: HegemonyGame, viewer: Any) -> list[str]:
    """The move list in words, as the Kingdom Wars narrator tells it to ``viewer``."""
    events = [game.event_view(e, viewer) for e in game.pending_events]
    return [m.text for m in hegemony_narrator().moves(events, game.players)]


def inflict(game: HegemonyGame, seat: int, source: int | None, n: int = 1) -> Events:
    """When: ``n`` damage with no card reaches ``seat`` from ``source`` (the engine's
    damage fact, driven directly)."""
    since = mark(game)
    game.due = {"k": "damage", "seat": seat, "source": source, "n": n, "cards": [],
                "reason": "test"}
    game._drive(random.Random(1))
    return seen(game, since, "referee")


def test_every_wei_general_has_its_skills_in_rules_order() -> None:
    assert KW_SKILLS["caocao"] == ("jianxiong",)
    assert KW_SKILLS["simayi"] == ("fankui", "guicai")
    assert KW_SKILLS["xiahoudun"] == ("ganglie_kw",)
    assert KW_SKILLS["zhenji"] == ("luoshen_kw", "qingguo")
    assert KW_SKILLS["caopi"] == ("xingshang", "fangzhu")
    assert KW_SKILLS["xiahouyuan"] == ("shensu",) and KW_SKILLS["zhanghe"] == ("qiaobian",)
    assert KW_SKILLS["dianwei"] == ("qiangxi",) and KW_SKILLS["caoren"] == ("jushou",)
    assert KW_SKILLS["yuejin"] == ("xiaoguo",)
    # "as in identity mode": the identity Skill object itself
    assert SKILLS["ganglie_kw"] is not SKILLS["ganglie"]


# --- Xiahou Dun: Ganglie ------------------------------------------------------------------
def test_ganglie_judges_even_without_a_source_and_nothing_follows() -> None:
    heart = card(("peach", "H", 3))
    game = htable([("xiahoudun", "xiahouyuan"), SHU, WU, QUN], pile=[None, None, "kill"])
    shown(game, 0)
    events = inflict(game, 0, None)
    assert asked(0, "ganglie_kw")(game) and kinds(events)[-1] == "Damaged"
    events = act(game, 0, type="skill", skill="ganglie_kw")
    judged = named(events, "Judged")
    assert len(judged) == 1 and judged[0]["reason"] == "ganglie_kw" and judged[0]["result"]
    # nobody to pay: the judgment is all
    assert not named(events, "Damaged") and not named(events, "CardsDiscarded")
    assert heart not in game.discard


def test_ganglie_with_a_source_makes_it_discard_two_or_take_1_damage() -> None:
    game = htable([("xiahoudun", "xiahouyuan"), SHU, WU, QUN], pile=[None, None, "kill"])
    shown(game, 0)
    inflict(game, 0, 2)
    act(game, 0, type="skill", skill="ganglie_kw")
    assert game.to_act() == [2] and game.view(2)["pending"]["skill"] == "ganglie_kw"
    refuse(game, 0, NotYourTurn, type="decline")
    events = act(game, 2, type="decline")
    assert named(events, "Damaged")[0] == {"seat": 2, "source": 0, "amount": 1, "cards": [],
                                          "reason": "ganglie_kw"}


# --- Zhen Ji: Luoshen ---------------------------------------------------------------------
def test_luoshen_collects_the_black_cards_at_the_end_of_the_run() -> None:
    # given: after ten draws (turns 1-4, and the perfect pair's two) the judgments are
    # black, black, red
    b1, b2, red = card(("kill", "S", 7)), card(("kill", "C", 8)), card(("peach", "H", 3))
    game = htable([("zhenji", "caopi"), SHU, WU, QUN], pile=[None] * 10 + [b1, b2, red])
    shown(game, 0)
    until(game, asked(0, "luoshen_kw"))
    events = act(game, 0, type="skill", skill="luoshen_kw")
    assert named(events, "Judged")[0]["card"] == b1 and b1 in game.flight
    assert game.legal_actions(0) == [{"type": "accept"}, {"type": "decline"}]
    events = act(game, 0, type="accept")
    assert b2 in game.flight and b1 in game.flight  # black cards wait on the table
    events = act(game, 0, type="accept")
    # the red one ends the run; both black cards are taken at once
    assert named(events, "Judged")[0]["card"] == red and red in game.discard
    assert named(events, "CardsGained") == [{"seat": 0, "cards": [b1, b2], "zone": "flight",
                                             "reason": "luoshen_kw"}]
    assert b1 in game.hands[0] and b2 in game.hands[0] and not game.flight


def test_luoshen_may_stop_on_black() -> None:
    game = htable([("zhenji", "caopi"), SHU, WU, QUN], pile=[None] * 10 + [("kill", "S", 7)])
    shown(game, 0)
    until(game, asked(0, "luoshen_kw"))
    top = game.pile[-1]
    assert not RED[top]
    act(game, 0, type="skill", skill="luoshen_kw")
    events = act(game, 0, type="decline")
    assert named(events, "CardsGained")[0]["cards"] == [top] and top in game.hands[0]


# --- Dian Wei: Qiangxi --------------------------------------------------------------------
def test_qiangxi_pays_1_hp_and_deals_1_damage_within_range() -> None:
    game = htable([("dianwei", "caoren"), SHU, WU, QUN])
    shown(game, 0)
    until(game, lambda g: g.ask == "play")
    offers = [a for a in game.legal_actions(0) if a["type"] == "skill"]
    assert {"type": "skill", "skill": "qiangxi", "choice": "hp", "targets": [1]} in offers
    assert all(a["targets"] != [2] for a in offers)  # distance 2, unarmed
    refuse(game, 0, IllegalAction, type="skill", skill="qiangxi", choice="hp", targets=[2])
    events = act(game, 0, type="skill", skill="qiangxi", choice="hp", targets=[1])
    assert kinds(events) == ["SkillUsed", "HpLost", "Damaged"]
    assert game.hp[0] == 3 and game.hp[1] == game.max_hp[1] - 1
    # once per play phase
    refuse(game, 0, IllegalAction, type="skill", skill="qiangxi", choice="hp", targets=[3])


def test_qiangxi_may_discard_a_weapon_instead() -> None:
    axe = card("axe")
    game = htable([("dianwei", "caoren"), SHU, WU, QUN], hands={0: [axe]})
    shown(game, 0)
    until(game, lambda g: g.ask == "play")
    events = act(game, 0, type="skill", skill="qiangxi", card=axe, targets=[3])
    assert kinds(events) == ["SkillUsed", "Damaged"] and axe in game.discard
    assert game.hp[0] == 4


# --- Cao Ren: Jushou ----------------------------------------------------------------------
def test_jushou_draws_three_turns_over_and_skips_the_next_turn() -> None:
    game = htable([("caoren", "dianwei"), SHU, WU, QUN])
    shown(game, 0)
    until(game, asked(0, "jushou"))
    hand = len(game.hands[0])
    events = act(game, 0, type="skill", skill="jushou")
    assert named(events, "TurnedOver") == [{"seat": 0, "face_down": True, "reason": "jushou"}]
    assert len(game.hands[0]) == hand + 3 and game.turned[0]
    assert game.view(2)["seats"][0]["face_down"] is True
    # when: the turns come round, seat 0 turns face up instead of playing
    events = until(game, lambda g: g.current == 1 and g.turn > 5)
    assert not game.turned[0]
    skipped = [e for e in events if e[0] == "TurnSkipped"]
    assert skipped == [("TurnSkipped", {"seat": 0})]
    words = told(game, 2)
    assert "Seat 0 (p0) turns face down (Jushou)" in words
    assert "Seat 0 (p0) turns face up and skips the turn" in words


# --- Cao Pi: Fangzhu, Xingshang ----------------------------------------------------------
def test_fangzhu_makes_another_draw_the_missing_hp_and_turn_over() -> None:
    game = htable([("caopi", "zhenji"), SHU, WU, QUN])
    shown(game, 0)
    inflict(game, 0, None, 2)
    assert asked(0, "fangzhu")(game)
    events = act(game, 0, type="skill", skill="fangzhu", targets=[2])
    assert named(events, "CardsDrawn")[0]["seat"] == 2
    assert len(named(events, "CardsDrawn")[0]["cards"]) == 2
    assert named(events, "TurnedOver")[0] == {"seat": 2, "face_down": True,
                                              "reason": "fangzhu"}
    assert seen(game, mark(game) - 3, 3)[1][1]["cards"] is None  # the draw stays secret


def test_xingshang_takes_the_dead_players_hand_and_equipment() -> None:
    game = htable([("caopi", "zhenji"), SHU, WU, QUN], hands={2: ["peach"]})
    shown(game, 0)
    held = list(game.hands[2])
    inflict(game, 2, None, game.hp[2])
    if game.ask == "skill":  # (seat 2's hidden Zhou Tai: Buqu declined)
        act(game, 2, type="decline")
    until(game, lambda g: g.ask != "peach" or g.to_act() != [2])
    while game.ask == "peach":
        act(game, game.to_act()[0], type="decline")
    assert asked(0, "xingshang")(game)
    events = act(game, 0, type="skill", skill="xingshang")
    assert sorted(named(events, "CardsGained")[0]["cards"]) == sorted(held)
    assert set(held) <= set(game.hands[0])


# --- Yue Jin: Xiaoguo ---------------------------------------------------------------------
def test_xiaoguo_at_anothers_end_phase_discard_gear_or_take_damage() -> None:
    game = htable([SHU, ("yuejin", "caoren"), WU, QUN],
                  hands={1: ["dodge"]}, first=1)
    shown(game, 1)
    until(game, lambda g: g.current == 2)
    until(game, asked(1, "xiaoguo"))
    dodge = next(c for c in game.hands[1] if NAME[c] == "dodge")
    events = act(game, 1, type="skill", skill="xiaoguo", card=dodge)
    assert named(events, "SkillUsed")[0]["cards"] == [dodge] and dodge in game.discard
    assert game.to_act() == [2]
    events = act(game, 2, type="decline")
    assert named(events, "Damaged")[0]["source"] == 1 and named(events, "Damaged")[0][
        "reason"] == "xiaoguo"


# --- Xiahou Yuan: Shensu ------------------------------------------------------------------
def test_shensu_skips_judgment_and_draw_to_kill_anyone() -> None:
    game = htable([("xiahouyuan", "xiahoudun"), SHU, WU, QUN])
    shown(game, 0)
    assert asked(0, "shensu")(game) and game.phase == "judgment"
    hand = len(game.hands[0])
    events = act(game, 0, type="skill", skill="shensu", targets=[2])  # distance 2
    used = named(events, "CardUsed")[0]
    assert used == {"seat": 0, "name": "kill", "cards": [], "targets": [2], "via": "shensu"}
    events = act(game, 2, type="decline")
    assert named(events, "Damaged")[0]["source"] == 0
    # no draw phase: straight to play, the play phase's Kill still unused
    until(game, lambda g: g.ask == "play")
    assert len(game.hands[0]) == hand and game.kills == 0


def test_shensu_discards_equipment_to_skip_the_play_phase() -> None:
    horse = card("plus_horse")
    game = htable([("xiahouyuan", "xiahoudun"), SHU, WU, QUN], hands={0: [horse]})
    shown(game, 0)
    act(game, 0, type="decline")  # not before the judgment phase
    until(game, asked(0, "shensu"))
    assert game.phase == "play"
    events = act(game, 0, type="skill", skill="shensu", card=horse, targets=[1])
    assert horse in game.discard and named(events, "CardUsed")[0]["via"] == "shensu"
    events = act(game, 1, type="decline")
    events += until(game, lambda g: g.current == 1)
    assert ("PhaseChanged", {"seat": 0, "phase": "discard", "skipped": "play"}) in events


# --- Zhang He: Qiaobian -------------------------------------------------------------------
def test_qiaobian_skips_the_draw_phase_to_take_from_two_players_unseen() -> None:
    game = htable([("zhanghe", "xuchu"), SHU, WU, QUN])
    shown(game, 0)
    hrig.qiaobian_at_draw(game)
    paid = game.hands[0][0]
    since = mark(game)
    events = act(game, 0, type="skill", skill="qiaobian", card=paid, targets=[1, 3])
    taken = named(events, "CardTaken")
    assert [t["source"] for t in taken] == [1, 3] and paid in game.discard
    assert all(d["card"] is None for d in named(seen(game, since, 2), "CardTaken"))
    assert not named(events, "CardsDrawn")


def test_qiaobian_skipping_the_play_phase_moves_equipment() -> None:
    horse = card("plus_horse")
    game = htable([SHU, ("zhanghe", "xuchu"), WU, QUN], hands={0: [horse]})
    act(game, 0, type="decline")
    until(game, lambda g: g.ask == "play")
    act(game, 0, type="use", card=horse)
    shown(game, 1)
    for _ in range(3):
        until(game, asked(1, "qiaobian"))
        if game.phase == "play":
            break
        act(game, 1, type="decline")
    act(game, 1, type="skill", skill="qiaobian", card=game.hands[1][0])
    assert {"type": "choose", "card": horse, "targets": [3]} in game.legal_actions(1)
    events = act(game, 1, type="choose", card=horse, targets=[3])
    assert named(events, "CardMoved") == [{"seat": 1, "source": 0, "to": 3, "card": horse,
                                          "area": "equipment", "reason": "qiaobian"}]
    assert horse in game.equip[3] and horse not in game.equip[0]
    words = told(game, 0)
    assert words[-2].startswith("Seat 1 (p1) moves ") and words[-2].endswith(
        "from Seat 0 (p0)'s equipment area to Seat 3 (p3)'s equipment area (Qiaobian)")
    assert words[-1] == "Seat 1 (p1) skips the play phase"


# --- Xun Yu: Quhu, Jieming ----------------------------------------------------------------
def test_quhu_won_the_target_hurts_a_player_in_its_range() -> None:
    king, two = card(("barbarian_invasion", "S", 13)), card(("crossbow", "C", 1))
    game = htable([("xunyu", "caopi"), SHU, WU, QUN], hands={0: [king], 1: [two]})
    shown(game, 0)
    until(game, lambda g: g.ask == "play")
    offers = [a for a in game.legal_actions(0) if a.get("skill") == "quhu"]
    # only players with more HP than Xun Yu (3): all of them here
    assert offers == [{"type": "skill", "skill": "quhu", "targets": [t]} for t in (1, 2, 3)]
    act(game, 0, type="skill", skill="quhu", targets=[1])
    act(game, 0, type="choose", card=king)
    act(game, 1, type="choose", card=two)
    # Liu Bei's range (1) holds seats 0 and 2
    assert game.legal_actions(0) == [{"type": "choose", "targets": [0]},
                                     {"type": "choose", "targets": [2]}]
    events = act(game, 0, type="choose", targets=[2])
    assert named(events, "TargetChosen") == [{"seat": 0, "target": 2, "reason": "quhu"}]
    assert named(events, "Damaged")[0] == {"seat": 2, "source": 1, "amount": 1, "cards": [],
                                          "reason": "quhu"}
    refuse(game, 0, IllegalAction, type="skill", skill="quhu", targets=[3])  # once a phase


def test_quhu_lost_the_target_hurts_xun_yu() -> None:
    king, two = card(("barbarian_invasion", "S", 13)), card(("crossbow", "C", 1))
    game = htable([("xunyu", "caopi"), SHU, WU, QUN], hands={0: [two], 1: [king]})
    shown(game, 0)
    until(game, lambda g: g.ask == "play")
    act(game, 0, type="skill", skill="quhu", targets=[1])
    act(game, 0, type="choose", card=two)
    events = act(game, 1, type="choose", card=king)
    assert named(events, "Damaged")[0]["seat"] == 0 and named(events, "Damaged")[0][
        "source"] == 1


def test_jieming_fills_a_hand_up_to_max_hp_once_per_damage() -> None:
    gear = ["axe", "eight_trigrams", "plus_horse", "minus_horse"]
    game = htable([("xunyu", "caopi"), SHU, WU, QUN], hands={0: gear})
    shown(game, 0)
    until(game, lambda g: g.ask == "play")
    for name in gear:  # down to two hand cards
        act(game, 0, type="use", card=next(c for c in game.hands[0] if NAME[c] == name))
    assert len(game.hands[0]) == 2
    inflict(game, 0, None, 2)
    assert asked(0, "jieming")(game)
    offers = game.legal_actions(0)
    assert {"type": "skill", "skill": "jieming", "targets": [2]} in offers  # anyone
    events = act(game, 0, type="skill", skill="jieming", targets=[0])
    assert named(events, "CardsDrawn")[0]["seat"] == 0 and len(game.hands[0]) == 3
    assert asked(0, "jieming")(game)  # the second point of damage asks again
    events = act(game, 0, type="skill", skill="jieming", targets=[0])
    assert not named(events, "CardsDrawn")  # already as many as the max HP


# --- bots ------------------------------------------------------------------------------------
def test_bots_play_the_wei_skills_through_whole_games() -> None:
    """Random and kingdom bots at 8-seat tables with every Wei general dealt (four Wei
    seats, four of other kingdoms): every game ends and replays; most skills get used."""
    from domain.sanguosha.generals import ROSTER

    wei = [g for g in ROSTER if ROSTER[g].kingdom == "wei"]
    rest = {k: [g for g in ROSTER if ROSTER[g].kingdom == k] for k in ("shu", "wu", "qun")}
    used: set[str] = set()
    for seed in range(4):
        rng = random.Random(seed)
        pool = wei[:]
        rng.shuffle(pool)
        candidates = [pool[4 * i:4 * i + 4] for i in range(3)] + [pool[12:] + rest["qun"][-1:]]
        candidates += [rest["shu"][:4], rest["wu"][:4], rest["qun"][:4], rest["shu"][4:8]]
        game = hrig.bot_game(candidates, rng, "random" if seed % 2 else "kingdom", 150)
        used |= hrig.skills_used(game)
    wei_skills = {sid for g in wei for sid in KW_SKILLS.get(g, ())}
    assert len(used & wei_skills) >= 12, sorted(used & wei_skills)


# --- Xu Huang: Duanliang ------------------------------------------------------------------
def test_duanliang_uses_a_black_basic_card_as_supply_shortage_at_distance_2() -> None:
    game = htable([("xuhuang", "caoren"), SHU, WU, QUN], hands={0: [("kill", "S", 7)]})
    shown(game, 0)
    until(game, lambda g: g.ask == "play")
    kill = next(c for c in game.hands[0] if NAME[c] == "kill" and not RED[c])
    offer = {"type": "use", "card": kill, "as": "supply_shortage", "skill": "duanliang",
             "targets": [2]}
    assert offer in game.legal_actions(0)  # seat 2 is at distance 2
    act(game, 0, **offer)
    assert kill in game.judging[2]
