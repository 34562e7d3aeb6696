"""Stories of the Qun generals' Kingdom Wars skills (docs/rules/generals.md §2.4).

Given a Kingdom Wars table (each seat's head and deputy; hands and the pile arranged),
when a seat acts, then the events recorded and the state they leave; a use the rules
forbid is refused with no event; every story's table replays from its events alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from domain.sanguosha.actions import NotAChoice, WrongAction
from domain.sanguosha.cards import NAME, RED
from domain.sanguosha.hegemony import HegemonyGame
from domain.sanguosha.plays import kill_targets
from domain.sanguosha.skill import GENERAL_SKILLS, KW_SKILLS, SKILLS
from tests.sanguosha import hrig
from tests.sanguosha.rig import Spec, act, card, kinds, mark, refuse
from tests.sanguosha.skill_steps import (
    named,
    play_phase,
    remember,
    seen,
    until,
)

WEI, SHU, WU = ("xuchu", "dianwei"), ("zhangfei", "weiyan"), ("ganning", "lvmeng")


def table(picks: Sequence[tuple[str, str]], hands: dict[int, Sequence[Spec]] | None = None,
          pile: Sequence[Spec | None] = (), shown: Sequence[int] = (),
          first: int = 0, deck: str = "identity") -> HegemonyGame:
    """Given: a Kingdom Wars table; the ``shown`` seats have shown both generals (as a
    game's end shows them: no bonus), then ``first`` shows both at the start of its turn
    if it has not, and its play phase begins (it draws the pile's top two)."""
    game = hrig.htable(picks, hands, pile, first=first, options={"bonus": "ask",
                                                                  "deck": deck})
    remember(game)
    for s in shown:
        game._show(s, game.hidden(s), "game_end")
        if game.side[s] is None:
            game._decide_side(s)
    if game.hidden(first):
        act(game, first, type="show", which="both" if len(game.hidden(first)) == 2
            else game.hidden(first)[0])
    elif game.ask == "show":
        act(game, first, type="decline")
    advance(game, play_phase(first))
    return game


def advance(game: HegemonyGame, stop: Any, show: Sequence[int] = ()) -> None:
    """When: turns pass as in ``until`` (every skill declined, no card played); at the
    start of its turn a seat in ``show`` shows both generals, the others nothing; the
    bonuses are declined."""
    for _ in range(50):
        if stop(game):
            return
        seat = game.to_act()[0]
        if game.ask == "show":
            if seat in show and len(game.hidden(seat)) == 2:
                act(game, seat, type="show", which="both")
            else:
                act(game, seat, type="decline")
        elif game.ask in ("pair", "fish"):
            act(game, seat, type=f"{game.ask}_bonus", choice="decline")
        else:
            until(game, lambda g: stop(g) or g.ask in ("show", "pair", "fish"))
    raise AssertionError("advance(): the moment never came")


def offers(game: HegemonyGame, seat: int, skill: str) -> list[dict[str, Any]]:
    return [a for a in game.legal_actions(seat) if a.get("skill") == skill
            and a["type"] == "skill"]


def answer_all(game: HegemonyGame, ask: str) -> list[tuple[str, dict[str, Any]]]:
    """When: every seat asked ``ask`` declines."""
    out = []
    while game.ask == ask:
        out += act(game, game.to_act()[0], type="decline")
    return out


def asked_skill(game: HegemonyGame) -> str | None:
    return game.view("referee")["pending"].get("skill") if game.ask == "skill" else None


# --- the registry ------------------------------------------------------------------------
def test_every_qun_general_has_its_kingdom_wars_skills_in_the_order_of_the_rules() -> None:
    assert KW_SKILLS["huatuo"] == ("jijiu", "qingnang")
    assert KW_SKILLS["lvbu"] == ("wushuang",)
    assert KW_SKILLS["diaochan"] == ("lijian_kw", "biyue")
    assert KW_SKILLS["yuanshao"] == ("luanji",)
    assert KW_SKILLS["yanliangwenchou"] == ("shuangxiong", "shuangxiong_duel")
    assert KW_SKILLS["pangde"] == ("mashu", "mengjin")
    assert KW_SKILLS["jiaxu"] == ("wansha", "luanwu", "weimu")
    assert KW_SKILLS["mateng"] == ("mashu", "xiongyi")
    assert KW_SKILLS["tianfeng"] == ("sijian", "suishi", "suishi_loss")
    assert KW_SKILLS["panfeng"] == ("kuangfu",)
    assert KW_SKILLS["zhangjiao"] == ("leiji", "guidao")
    assert KW_SKILLS["caiwenji"] == ("beige", "duanchang")
    assert KW_SKILLS["kongrong"] == ("mingshi", "lirang")
    assert KW_SKILLS["jiling"] == ("shuangren",)
    assert KW_SKILLS["zoushi"] == ("huoshui", "qingcheng")
    from domain.sanguosha.generals import ROSTER

    assert {g for g in ROSTER if ROSTER[g].kingdom == "qun"} <= set(KW_SKILLS)
    # "same as §1": the identity skills themselves (Mashu: Ma Chao's)
    for general in ("huatuo", "lvbu"):
        assert set(KW_SKILLS[general]) == set(GENERAL_SKILLS[general])
    assert "biyue" in GENERAL_SKILLS["diaochan"] and "mashu" in GENERAL_SKILLS["machao"]
    assert SKILLS["luanwu"].limited and SKILLS["xiongyi"].limited


def test_a_hidden_generals_skills_are_not_held_until_it_is_shown() -> None:
    game = hrig.htable([("huatuo", "lvbu"), WEI, SHU, WU])
    remember(game)
    assert game.shown_skills(0) == ()
    act(game, 0, type="show", which="deputy")
    assert game.shown_skills(0) == ("wushuang",)


# --- Diao Chan: Lijian (the Duel may be nullified) ---------------------------------------
def test_lijian_kw_the_duel_between_two_men_can_be_nullified() -> None:
    # given: Diao Chan (seat 0); Xu Chu (1) and Zhang Fei (2) are shown men; Gan Ning (3)
    # holds a Nullification
    null = card(("nullification", "S", 11))
    game = table([("diaochan", "yuanshao"), WEI, SHU, WU], hands={3: [null]},
                 shown=(1, 2, 3))
    c = game.hands[0][0]
    assert {tuple(a["targets"]) for a in offers(game, 0, "lijian_kw")} >= {(1, 2), (2, 1)}
    refuse(game, 0, NotAChoice, type="skill", skill="lijian_kw", cards=[c], targets=[1, 0])
    # when: she discards a card: Zhang Fei duels Xu Chu
    events = act(game, 0, type="skill", skill="lijian_kw", cards=[c], targets=[1, 2])
    assert named(events, "SkillUsed")[0]["targets"] == [1, 2] and c in game.discard
    # then: the Duel opens a Nullification window (identity's Lijian never does)
    assert game.ask == "nullify" and game.to_act() == [3]
    act(game, 3, type="respond", card=null)
    answer_all(game, "nullify")
    assert game.hp[1] == game.max_hp[1] and game.hp[2] == game.max_hp[2]
    assert game.ask == "play"
    # and: once per play phase
    assert offers(game, 0, "lijian_kw") == []


# --- Yuan Shao: Luanji -------------------------------------------------------------------
def test_luanji_two_hand_cards_of_one_suit_are_used_as_arrow_barrage() -> None:
    # given: Yuan Shao (seat 0) holds two clubs and a heart
    c1, c2, h = card(("kill", "C", 2)), card(("kill", "C", 3)), card(("dismantlement", "H", 12))
    game = table([("yuanshao", "diaochan"), WEI, SHU, WU], hands={0: [c1, c2, h]})
    templates = offers(game, 0, "luanji")
    assert any({c1, c2} <= set(t["from"]) and t["count"] == 2 for t in templates)
    assert all(h not in t["from"] for t in templates)
    refuse(game, 0, NotAChoice, type="skill", skill="luanji", cards=[c1, h])
    # when: he uses the two clubs
    events = act(game, 0, type="skill", skill="luanji", cards=[c1, c2])
    # then: an Arrow Barrage on every other player, made of those two cards
    assert named(events, "CardUsed") == [{"seat": 0, "name": "arrow_barrage",
                                          "cards": [c1, c2], "targets": [1, 2, 3],
                                          "via": "luanji"}]
    answer_all(game, "dodge")
    assert [game.hp[s] < game.max_hp[s] for s in (1, 2, 3)] == [True, True, True]
    assert c1 in game.discard and c2 in game.discard and game.ask == "play"


def test_luanji_a_black_arrow_barrage_passes_jia_xu_by_weimu() -> None:
    c1, c2 = card(("kill", "C", 2)), card(("kill", "C", 3))
    game = table([("yuanshao", "diaochan"), ("jiaxu", "pangde"), SHU, WU],
                 hands={0: [c1, c2]}, shown=(1,))
    events = act(game, 0, type="skill", skill="luanji", cards=[c1, c2])
    answer_all(game, "dodge")
    # then: Jia Xu was a target, and cancelled himself: only the others are hurt
    assert named(events, "CardUsed")[0]["targets"] == [1, 2, 3]
    assert game.hp[1] == game.max_hp[1] and game.hp[2] < game.max_hp[2]


# --- Pang De: Mashu, Mengjin -------------------------------------------------------------
def test_mashu_pang_de_reaches_a_player_two_seats_away_unarmed() -> None:
    game = table([("pangde", "jiaxu"), WEI, SHU, WU, ("caoren", "xuhuang")],
                 hands={0: ["kill"]})
    assert kill_targets(game, 0) == [1, 2, 3, 4]


def test_mashu_counts_only_while_shown() -> None:
    game = hrig.htable([WEI, ("pangde", "jiaxu"), SHU, WU, ("caoren", "xuhuang")],
                       hands={1: ["kill"]}, first=1)
    remember(game)
    act(game, 1, type="decline")
    advance(game, play_phase(1))
    assert kill_targets(game, 1) == [0, 2]


def test_mengjin_when_his_kill_is_dodged_he_discards_a_card_of_the_target() -> None:
    # given: Pang De Kills Xu Chu, who dodges
    kill, dodge = card(("kill", "S", 7)), card(("dodge", "D", 2))
    game = table([("pangde", "jiaxu"), WEI, SHU, WU], hands={0: [kill], 1: [dodge]},
                 shown=(1,))
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="respond", card=dodge)
    # then: Mengjin is asked; he picks Xu Chu's hand blind
    assert asked_skill(game) == "mengjin" and game.to_act() == [0]
    act(game, 0, type="skill", skill="mengjin")
    assert game.legal_actions(0) == [{"type": "choose", "area": "hand"}]
    before = len(game.hands[1])
    since = mark(game)
    act(game, 0, type="choose", area="hand")
    (d,) = named(seen(game, since, "referee"), "CardsDiscarded")
    assert d["seat"] == 1 and d["reason"] == "mengjin" and d["by"] == 0
    assert d["cards"][0] in game.discard and len(game.hands[1]) == before - 1


def test_mengjin_may_be_declined() -> None:
    kill, dodge = card(("kill", "S", 7)), card(("dodge", "D", 2))
    game = table([("pangde", "jiaxu"), WEI, SHU, WU], hands={0: [kill], 1: [dodge]},
                 shown=(1,))
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="respond", card=dodge)
    events = act(game, 0, type="decline")
    assert kinds(events)[0] == "Declined" and game.ask == "play"


# --- Jia Xu: Wansha, Luanwu, Weimu -------------------------------------------------------
ZHUGE = ("zhugeliang", "huangyueying")  # 3 HP


def test_wansha_in_jia_xus_turn_only_he_and_the_dying_may_use_peaches() -> None:
    # given: Jia Xu brings Zhuge Liang (3 HP) to 0 with Barbarians, a Duel and a Kill;
    # Zhuge Liang and Zhang Fei both hold a Peach
    barb, duel = card(("barbarian_invasion", "S", 7)), card(("duel", "S", 1))
    kill = card(("kill", "S", 8))
    peach1, peach2 = card(("peach", "H", 3)), card(("peach", "H", 4))
    game = table([("jiaxu", "pangde"), ZHUGE, ("zhangfei", "weiyan"), WU],
                 hands={0: [barb, duel, kill], 1: [peach1], 2: [peach2]}, shown=(1, 2, 3))
    act(game, 0, type="use", card=barb)
    answer_all(game, "kill")
    act(game, 0, type="use", card=duel, targets=[1])
    act(game, 1, type="decline")
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")
    assert game.hp[1] == 0
    # then: only the dying Zhuge Liang is asked for a Peach; Zhang Fei is not
    assert game.ask == "peach" and game.to_act() == [1]
    events = act(game, 1, type="decline")
    assert "Died" in kinds(events) and not game.alive[1]
    assert peach2 in game.hands[2]


def test_weimu_jia_xu_cancels_himself_as_the_target_of_a_black_trick() -> None:
    # given: Xu Chu (seat 0) holds a black and a red Dismantlement
    black, red = card(("dismantlement", "S", 3)), card(("dismantlement", "H", 12))
    game = table([WEI, ("jiaxu", "pangde"), SHU, WU], hands={0: [black, red]}, shown=(1,))
    hand = len(game.hands[1])
    # when: the black one targets Jia Xu: it is used, and he is no longer its target
    events = act(game, 0, type="use", card=black, targets=[1])
    assert kinds(events) == ["CardUsed"] and black in game.discard
    assert len(game.hands[1]) == hand and game.ask == "play"
    # when: the red one: it takes effect
    act(game, 0, type="use", card=red, targets=[1])
    assert game.ask == "pick"


def test_luanwu_everyone_kills_a_nearest_player_or_loses_one_hp_once_per_game() -> None:
    # given: Jia Xu (seat 0); Xu Chu (1) holds a Kill, Zhang Fei (2) and Gan Ning (3) none
    kill = card(("kill", "C", 5))
    game = table([("jiaxu", "pangde"), WEI, SHU, WU], hands={1: [kill]}, shown=(1, 2, 3))
    hp = list(game.hp)
    since = mark(game)
    act(game, 0, type="skill", skill="luanwu")
    # then: Xu Chu may Kill a nearest player (seat 0 or 2, both at distance 1)
    assert game.to_act() == [1] and game.ask == "luanwu"
    assert {tuple(a["targets"]) for a in game.legal_actions(1) if "targets" in a} == {
        (0,), (2,)}
    act(game, 1, type="respond", card=kill, targets=[2])
    act(game, 2, type="decline")  # no Dodge
    # Zhang Fei and Gan Ning hold no Kill: each loses 1 HP
    assert game.hp == [hp[0], hp[1], hp[2] - 2, hp[3] - 1]
    lost = named(seen(game, since, "referee"), "HpLost")
    assert [(d["seat"], d["reason"]) for d in lost] == [(2, "luanwu"), (3, "luanwu")]
    # and: never again in this game
    assert game.ask == "play" and offers(game, 0, "luanwu") == []
    refuse(game, 0, WrongAction, type="skill", skill="luanwu")
    advance(game, play_phase(0))
    assert offers(game, 0, "luanwu") == []


def test_luanwu_a_player_who_declines_loses_one_hp() -> None:
    kill = card(("kill", "C", 5))
    game = table([("jiaxu", "pangde"), WEI, SHU, WU], hands={1: [kill]}, shown=(1, 2, 3))
    act(game, 0, type="skill", skill="luanwu")
    events = act(game, 1, type="decline")
    assert named(events, "HpLost")[0] == {"seat": 1, "amount": 1, "reason": "luanwu"}


# --- Ma Teng: Xiongyi --------------------------------------------------------------------
def test_xiongyi_he_and_his_kingdom_draw_three_no_heal_when_another_kingdom_is_smaller() -> None:
    # given: Ma Teng (0) and Lü Bu (2) are Qun; Wei has two players, Shu one
    game = table([("mateng", "kongrong"), WEI, ("lvbu", "huatuo"), ("caoren", "xuhuang"),
                  SHU, ("ganning", "lvmeng")], shown=(1, 2, 3, 4))
    before = [len(h) for h in game.hands]
    events = act(game, 0, type="skill", skill="xiongyi")
    drawn = named(events, "CardsDrawn")
    assert [(d["seat"], len(d["cards"]), d["reason"]) for d in drawn] == [
        (0, 3, "xiongyi"), (2, 3, "xiongyi")]
    assert [len(h) - b for h, b in zip(game.hands, before, strict=True)] == [3, 0, 3, 0, 0, 0]
    assert named(events, "Healed") == []
    assert offers(game, 0, "xiongyi") == []
    refuse(game, 0, WrongAction, type="skill", skill="xiongyi")


def test_xiongyi_heals_when_no_kingdom_is_smaller() -> None:
    # given: Gan Ning (seat 3, shown) Kills Ma Teng in his turn
    kill = card(("kill", "S", 7))
    game = table([("mateng", "kongrong"), WEI, ("caoren", "xuhuang"), WU],
                 hands={3: [kill]}, shown=(1, 2, 3), first=3)
    act(game, 3, type="use", card=kill, targets=[0])
    act(game, 0, type="decline")
    assert game.hp[0] == game.max_hp[0] - 1
    advance(game, play_phase(0), show=(0,))
    # when: Ma Teng (Qun 1, Wei 2, Wu 1) uses Xiongyi
    events = act(game, 0, type="skill", skill="xiongyi")
    assert named(events, "Healed") == [{"seat": 0, "amount": 1, "reason": "xiongyi"}]


# --- Kong Rong: Mingshi ------------------------------------------------------------------
def test_mingshi_damage_from_a_source_not_fully_shown_is_one_less() -> None:
    # given: Gan Ning (seat 0) shows only his head and Kills Kong Rong
    kill = card(("kill", "S", 7))
    game = hrig.htable([WU, ("kongrong", "mateng"), SHU, WEI], hands={0: [kill]})
    remember(game)
    game._show(1, game.hidden(1), "game_end")
    game._decide_side(1)
    act(game, 0, type="show", which="head")
    advance(game, play_phase(0))
    events = act(game, 0, type="use", card=kill, targets=[1])
    events += act(game, 1, type="decline")
    # then: Mingshi applies without a question; the 1 damage becomes none
    assert ("SkillUsed", {"seat": 1, "skill": "mingshi", "cards": [], "targets": [],
                          "choice": None}) in events
    assert "Damaged" not in kinds(events) and game.hp[1] == game.max_hp[1]


def test_mingshi_a_fully_shown_source_deals_full_damage() -> None:
    kill = card(("kill", "S", 7))
    game = table([WU, ("kongrong", "mateng"), SHU, WEI], hands={0: [kill]}, shown=(1,))
    act(game, 0, type="use", card=kill, targets=[1])
    events = act(game, 1, type="decline")
    assert "mingshi" not in [d["skill"] for d in named(events, "SkillUsed")]
    assert game.hp[1] == game.max_hp[1] - 1


# --- Tian Feng: Sijian, Suishi -----------------------------------------------------------
def test_sijian_losing_his_last_hand_card_he_discards_one_of_anothers() -> None:
    # given: Tian Feng (seat 0) equips all but a Kill and Kills Xu Chu with his last card
    gear = [card(("crossbow", "C", 1)), card(("eight_trigrams", "S", 2)),
            card(("plus_horse", "C", 5)), card(("minus_horse", "H", 5))]
    kill = card(("kill", "S", 7))
    game = table([("tianfeng", "jiling"), WEI, SHU, WU], hands={0: gear},
                 pile=[kill, ("minus_horse", "S", 13)], shown=(1, 2, 3))
    for c in game.hands[0][:]:
        if NAME[c] != "kill":
            act(game, 0, type="use", card=c)
    assert [NAME[c] for c in game.hands[0]] == ["kill"]
    act(game, 0, type="use", card=kill, targets=[1])
    # then: Sijian is offered on every other player with a card
    assert asked_skill(game) == "sijian"
    assert offers(game, 0, "sijian") == [{"type": "skill", "skill": "sijian", "targets": [t]}
                                         for t in (1, 2, 3)]
    act(game, 0, type="skill", skill="sijian", targets=[3])
    since = mark(game)
    act(game, 0, type="choose", area="hand")
    (d,) = named(seen(game, since, "referee"), "CardsDiscarded")
    assert d["seat"] == 3 and d["reason"] == "sijian" and d["by"] == 0


def test_suishi_draws_when_his_kingdoms_damage_brings_a_player_to_dying_and_loses_hp_when_a_mate_dies() -> None:  # noqa: E501
    # given: Lü Bu (0) and Tian Feng (1) are Qun; Zhuge Liang (3, Shu) has 3 HP
    kill, duel1, duel2 = (card(("kill", "S", 7)), card(("duel", "S", 1)),
                          card(("duel", "C", 1)))
    game = table([("lvbu", "huatuo"), ("tianfeng", "jiling"), WU, ZHUGE],
                 hands={0: [kill, duel1, duel2]}, shown=(1, 2, 3))
    act(game, 0, type="use", card=duel1, targets=[3])
    act(game, 3, type="decline")
    act(game, 0, type="use", card=duel2, targets=[3])
    act(game, 3, type="decline")
    hand = len(game.hands[1])
    events = act(game, 0, type="use", card=kill, targets=[3])
    events += act(game, 3, type="decline")
    # then: dying from Qun damage: Tian Feng draws one, unasked
    assert ("SkillUsed", {"seat": 1, "skill": "suishi", "cards": [], "targets": [],
                          "choice": None}) in events
    assert named(events, "CardsDrawn")[0]["reason"] == "suishi"
    assert len(game.hands[1]) == hand + 1
    # and: Zhuge Liang (Shu) dies: not of his kingdom, no HP lost
    answer_all(game, "peach")
    assert not game.alive[3] and game.hp[1] == game.max_hp[1]


def test_suishi_loses_one_hp_when_another_player_of_his_kingdom_dies() -> None:
    duel1, duel2, kill = card(("duel", "S", 1)), card(("duel", "C", 1)), card(("kill", "S", 7))
    game = table([WEI, ("tianfeng", "jiling"), WU, ("diaochan", "zoushi")],
                 hands={0: [duel1, duel2, kill]}, shown=(1, 2, 3))
    act(game, 0, type="use", card=duel1, targets=[3])
    act(game, 3, type="decline")
    act(game, 0, type="use", card=duel2, targets=[3])
    act(game, 3, type="decline")
    from domain.sanguosha.plays import kill_targets as reach

    assert 3 in reach(game, 0)
    act(game, 0, type="use", card=kill, targets=[3])
    events = act(game, 3, type="decline")
    events += answer_all(game, "peach")
    assert not game.alive[3]
    assert named(events, "HpLost") == [{"seat": 1, "amount": 1, "reason": "suishi"}]


# --- Pan Feng: Kuangfu -------------------------------------------------------------------
def test_kuangfu_after_his_kill_hits_he_takes_the_targets_horse() -> None:
    # given: Xu Chu (seat 1) wears a -1 horse; then Pan Feng Kills him
    horse, kill = card(("minus_horse", "H", 5)), card(("kill", "S", 7))
    game = table([("panfeng", "zoushi"), WEI, SHU, WU], hands={0: [kill], 1: [horse]},
                 shown=(2, 3), first=1)
    act(game, 1, type="use", card=horse)
    advance(game, play_phase(0), show=(0,))
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")
    # then: Kuangfu is asked; he may take the horse (his slot is empty) or discard it
    assert asked_skill(game) == "kuangfu"
    act(game, 0, type="skill", skill="kuangfu")
    assert game.legal_actions(0) == [{"type": "choose", "card": horse, "choice": "take"},
                                     {"type": "choose", "card": horse, "choice": "discard"}]
    events = act(game, 0, type="choose", card=horse, choice="take")
    assert named(events, "EquipmentMoved") == [{"seat": 0, "source": 1, "card": horse,
                                                "reason": "kuangfu"}]
    assert game.equip[0][3] == horse and game.equip[1][3] is None


def test_kuangfu_discards_when_his_slot_is_taken() -> None:
    horse, mine, kill = (card(("minus_horse", "H", 5)), card(("minus_horse", "D", 13)),
                         card(("kill", "S", 7)))
    game = table([("panfeng", "zoushi"), WEI, SHU, WU], hands={0: [kill, mine], 1: [horse]},
                 shown=(2, 3), first=1)
    act(game, 1, type="use", card=horse)
    advance(game, play_phase(0), show=(0,))
    act(game, 0, type="use", card=mine)
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")
    act(game, 0, type="skill", skill="kuangfu")
    assert game.legal_actions(0) == [{"type": "choose", "card": horse, "choice": "discard"}]
    act(game, 0, type="choose", card=horse, choice="discard")
    assert horse in game.discard


# --- Zhang Jiao: Leiji, Guidao -----------------------------------------------------------------
ZHANGJIAO = ("zhangjiao", "caiwenji")


def test_leiji_after_his_dodge_a_spade_judgment_deals_two_damage() -> None:
    # given: Xu Chu (seat 1) Kills Zhang Jiao, who dodges; the judgment card is a spade
    kill, dodge = card(("kill", "C", 4)), card(("dodge", "D", 2))
    game = table([ZHANGJIAO, WEI, SHU, WU], hands={0: [dodge], 1: [kill]},
                 pile=[None, None, ("dismantlement", "S", 4)], shown=(0, 2, 3), first=1)
    act(game, 1, type="use", card=kill, targets=[0])
    act(game, 0, type="respond", card=dodge)
    # then: Leiji is offered on any living player
    assert asked_skill(game) == "leiji"
    assert offers(game, 0, "leiji") == [{"type": "skill", "skill": "leiji", "targets": [t]}
                                        for t in range(4)]
    events = act(game, 0, type="skill", skill="leiji", targets=[1])
    while game.ask == "skill":  # Guidao: keep the judgment
        events += act(game, game.to_act()[0], type="decline")
    assert named(events, "Judged")[0]["reason"] == "leiji"
    # then: 2 thunder damage
    (dmg,) = named(events, "NatureDamaged")
    assert (dmg["seat"], dmg["source"], dmg["amount"], dmg["reason"], dmg["nature"]) == (
        1, 0, 2, "leiji", "thunder")


def test_leijis_thunder_goes_down_the_chain_and_a_silver_lion_caps_it() -> None:
    # given (the Kingdom Wars deck): Xu Chu (seat 1) puts on a Silver Lion; he and seat 2
    # are chained (recorded); he Kills Zhang Jiao, who dodges; the judgment is a spade
    kw = "kingdom_wars"
    kill, dodge = card(("kill", "C", 4), deck=kw), card(("dodge", "D", 2), deck=kw)
    lion = card(("silver_lion", "C", 1), deck=kw)
    game = table([ZHANGJIAO, WEI, SHU, WU], hands={0: [dodge], 1: [kill, lion]},
                 pile=[None, None, ("dismantlement", "S", 3)], shown=(0, 2, 3), first=1,
                 deck=kw)
    act(game, 1, type="use", card=lion)
    game._chain_toggled(seat=1, chained=True)
    game._chain_toggled(seat=2, chained=True)
    act(game, 1, type="use", card=kill, targets=[0])
    act(game, 0, type="respond", card=dodge)
    hp1, hp2 = game.hp[1], game.hp[2]
    # when: Leiji on Xu Chu
    events = act(game, 0, type="skill", skill="leiji", targets=[1])
    while game.ask == "skill":  # Guidao and the like: declined
        events += act(game, game.to_act()[0], type="decline")
    # then: the lion caps the 2 thunder damage at 1; the chain passes that 1 to seat 2,
    # and both are unchained
    hits = named(events, "NatureDamaged")
    assert [(d["seat"], d["amount"], d["nature"], d["chain"]) for d in hits] == [
        (1, 1, "thunder", False), (2, 1, "thunder", True)]
    assert game.hp[1] == hp1 - 1 and game.hp[2] == hp2 - 1
    assert not game.chained[1] and not game.chained[2]


def test_guidao_a_black_card_replaces_the_judgment_and_he_takes_the_old_one() -> None:
    # given: as above, but the judgment card is a heart; Zhang Jiao holds a black card
    kill, dodge = card(("kill", "C", 4)), card(("dodge", "D", 2))
    spade, heart = card(("dismantlement", "S", 4)), card(("peach", "H", 3))
    game = table([ZHANGJIAO, WEI, SHU, WU], hands={0: [dodge, spade], 1: [kill]},
                 pile=[None, None, heart], shown=(0, 2, 3), first=1)
    act(game, 1, type="use", card=kill, targets=[0])
    act(game, 0, type="respond", card=dodge)
    act(game, 0, type="skill", skill="leiji", targets=[1])
    # then: before the judgment takes effect Guidao offers his black cards only
    assert asked_skill(game) == "guidao"
    black = [a["card"] for a in offers(game, 0, "guidao")]
    assert spade in black and all(not RED[c] for c in black)
    events = act(game, 0, type="skill", skill="guidao", card=spade)
    # then: the spade decides (2 damage) and the heart is his
    assert heart in game.hands[0] and spade not in game.hands[0]
    assert named(events, "NatureDamaged")[0]["amount"] == 2 and spade in game.discard


# --- Cai Wenji: Beige, Duanchang --------------------------------------------------------------
@pytest.mark.parametrize(("judged", "effect"), [
    (("peach", "H", 3), "heal"), (("dodge", "D", 3), "draw"), (("kill", "C", 9), "discard"),
    (("kill", "S", 9), "turn_over"),
])
def test_beige_after_a_kill_hurts_someone_she_discards_and_they_judge(
        judged: tuple[str, str, int], effect: str) -> None:
    # given: Xu Chu (seat 0) Kills Zhang Fei (seat 1); Cai Wenji (seat 2) watches
    kill = card(("kill", "S", 7))
    game = table([WEI, SHU, ("caiwenji", "panfeng"), WU], hands={0: [kill]},
                 pile=[None, None, judged], shown=(1, 2, 3))
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")
    # then: Beige is offered to Cai Wenji, at the cost of one of her cards
    assert asked_skill(game) == "beige" and game.to_act() == [2]
    cost = game.hands[2][0]
    hand1, hand0 = len(game.hands[1]), len(game.hands[0])
    events = act(game, 2, type="skill", skill="beige", cards=[cost])
    assert cost in game.discard and named(events, "Judged")[0]["seat"] == 1
    if effect == "heal":
        assert named(events, "Healed") == [{"seat": 1, "amount": 1, "reason": "beige"}]
        assert game.hp[1] == game.max_hp[1]
    elif effect == "draw":
        assert len(game.hands[1]) == hand1 + 2
    elif effect == "turn_over":  # spade: Xu Chu turns over (skips his next turn)
        assert named(events, "TurnedOver") == [{"seat": 0, "face_down": True,
                                                "reason": "beige"}]
        assert game.turned[0]
    else:  # club: Xu Chu discards two cards, no choice to refuse
        assert game.to_act() == [0] and all(a["type"] == "discard"
                                             for a in game.legal_actions(0))
        chosen = game.hands[0][:2]
        act(game, 0, type="discard", cards=chosen)
        assert len(game.hands[0]) == hand0 - 2


def test_duanchang_her_killer_loses_the_skills_of_the_general_she_names() -> None:
    # given: Lü Bu & Hua Tuo (seat 0) duels Cai Wenji (3 HP) twice and Kills her
    duel1, duel2, kill = card(("duel", "S", 1)), card(("duel", "C", 1)), card(("kill", "S", 7))
    game = table([("lvbu", "huatuo"), ("caiwenji", "zhangjiao"), SHU, WU],
                 hands={0: [duel1, duel2, kill]}, shown=(1, 2, 3))
    assert game.skills[0] == ("wushuang", "jijiu", "qingnang")
    for c in (duel1, duel2):
        act(game, 0, type="use", card=c, targets=[1])
        act(game, 1, type="decline")
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")
    answer_all(game, "peach")
    answer_all(game, "skill")
    # then: dead, she names one of his generals (unasked whether: it is compulsory)
    assert not game.alive[1] and game.to_act() == [1]
    assert game.legal_actions(1) == [{"type": "choose", "which": "head"},
                                     {"type": "choose", "which": "deputy"}]
    events = act(game, 1, type="choose", which="deputy")
    assert named(events, "SkillsLost") == [{"seat": 0, "which": "deputy",
                                            "reason": "duanchang"}]
    # Hua Tuo's skills are gone for good; Lü Bu's Wushuang stays
    assert game.skills[0] == ("wushuang",) and game.lost[0] == ["deputy"]


# --- Kong Rong: Lirang --------------------------------------------------------------------------
def test_lirang_his_discarded_cards_may_be_given_to_other_players() -> None:
    # given: Xu Chu (seat 0) dismantles a card of Kong Rong's hand
    dis = card(("dismantlement", "S", 3))
    game = table([WEI, ("kongrong", "mateng"), SHU, WU], hands={0: [dis]}, shown=(1, 2, 3))
    act(game, 0, type="use", card=dis, targets=[1])
    act(game, 0, type="choose", area="hand")
    gone = game.discard[-1]
    # then: Lirang is asked; he may give the card to another player
    assert asked_skill(game) == "lirang"
    act(game, 1, type="skill", skill="lirang")
    assert {"type": "give", "count": 1, "from": [gone], "targets": [2]} in game.legal_actions(1)
    assert all(1 not in a.get("targets", []) for a in game.legal_actions(1))
    events = act(game, 1, type="give", cards=[gone], targets=[2])
    assert named(events, "CardsGained") == [{"seat": 2, "cards": [gone], "zone": "discard",
                                             "reason": "lirang"}]
    assert gone in game.hands[2] and gone not in game.discard and game.ask == "play"


def test_lirang_a_decline_ends_the_giving() -> None:
    # given: Xu Chu dismantles two of Kong Rong's cards, one after the other
    dis = card(("dismantlement", "S", 3))
    game = table([WEI, ("kongrong", "mateng"), SHU, WU], hands={0: [dis]}, shown=(1, 2, 3))
    act(game, 0, type="use", card=dis, targets=[1])
    act(game, 0, type="choose", area="hand")
    act(game, 1, type="skill", skill="lirang")
    # when: he declines to give
    events = act(game, 1, type="decline")
    # then: the card stays in the discard pile and the play phase goes on
    assert kinds(events) == ["Declined"] and game.ask == "play" and game.to_act() == [0]


def test_lirang_also_offers_the_card_a_skill_of_his_discarded_as_its_cost() -> None:
    # given: Kong Rong & Hua Tuo (seat 0) in his play phase; seat 2 has lost 1 HP
    game = table([("kongrong", "huatuo"), WEI, SHU, WU], shown=(1, 2, 3))
    game._hp_lost(seat=2, amount=1, reason="given")
    cost = game.hands[0][0]
    # when: Qingnang discards a hand card to heal seat 2
    events = act(game, 0, type="skill", skill="qingnang", cards=[cost], targets=[2])
    # then: the heal comes first, then Lirang is asked about the discarded card
    assert kinds(events) == ["SkillUsed", "Healed"] and cost in game.discard
    assert asked_skill(game) == "lirang" and game.to_act() == [0]
    act(game, 0, type="skill", skill="lirang")
    assert {"type": "give", "count": 1, "from": [cost], "targets": [2]} in \
        game.legal_actions(0)
    # when: he gives it to seat 2; then: it is in seat 2's hand and play goes on
    events = act(game, 0, type="give", cards=[cost], targets=[2])
    assert named(events, "CardsGained") == [{"seat": 2, "cards": [cost], "zone": "discard",
                                             "reason": "lirang"}]
    assert cost in game.hands[2] and game.ask == "play" and game.to_act() == [0]


# --- Ji Ling: Shuangren -----------------------------------------------------------------------
JILING = ("jiling", "tianfeng")


def test_shuangren_a_won_pindian_is_a_kill_on_the_loser_or_their_kingdom_mate() -> None:
    # given: Ji Ling (seat 0) holds a King; Xu Chu (1) and Cao Ren (3) are Wei
    king, low = card(("barbarian_invasion", "S", 13)), card(("dismantlement", "S", 3))
    game = hrig.htable([JILING, WEI, SHU, ("caoren", "xuhuang"), WU],
                       hands={0: [king], 1: [low]})
    remember(game)
    for s in (1, 2, 3, 4):
        game._show(s, game.hidden(s), "game_end")
        game._decide_side(s)
    act(game, 0, type="show", which="both")
    advance(game, lambda g: asked_skill(g) == "shuangren")
    assert offers(game, 0, "shuangren") == [
        {"type": "skill", "skill": "shuangren", "targets": [t]} for t in (1, 2, 3, 4)]
    # when: he pindians Xu Chu, King against 3
    act(game, 0, type="skill", skill="shuangren", targets=[1])
    act(game, 0, type="choose", card=king)
    since = mark(game)
    act(game, 1, type="choose", card=low)
    # then: he wins and chooses Xu Chu or Cao Ren (Wei, two seats away) for his Kill
    assert game.ask == "shuangren"
    assert game.legal_actions(0) == [{"type": "choose", "targets": [1]},
                                     {"type": "choose", "targets": [3]}]
    act(game, 0, type="choose", targets=[3])
    act(game, 3, type="decline")
    events = seen(game, since, 2)
    assert named(events, "CardUsed") == [{"seat": 0, "name": "kill", "cards": [],
                                          "targets": [3], "via": "shuangren"}]
    assert game.hp[3] == game.max_hp[3] - 1
    # and: his own Kill of the play phase is still to use
    assert game.ask == "play" and game.kills == 0


def test_shuangren_a_lost_pindian_ends_his_play_phase() -> None:
    low, king = card(("dismantlement", "S", 3)), card(("barbarian_invasion", "S", 13))
    game = hrig.htable([JILING, WEI, SHU, WU], hands={0: [low], 1: [king]})
    remember(game)
    act(game, 0, type="show", which="both")
    advance(game, lambda g: asked_skill(g) == "shuangren")
    act(game, 0, type="skill", skill="shuangren", targets=[1])
    act(game, 0, type="choose", card=low)
    events = act(game, 1, type="choose", card=king)
    assert ("PhaseChanged", {"seat": 0, "phase": "discard", "skipped": "play"}) in [
        (k, d) for k, d in events]


def test_shuangren_the_pindian_cards_stay_secret_until_shown() -> None:
    king, low = card(("barbarian_invasion", "S", 13)), card(("dismantlement", "S", 3))
    game = hrig.htable([JILING, WEI, SHU, WU], hands={0: [king], 1: [low]})
    remember(game)
    act(game, 0, type="show", which="both")
    advance(game, lambda g: asked_skill(g) == "shuangren")
    act(game, 0, type="skill", skill="shuangren", targets=[1])
    since = mark(game)
    act(game, 0, type="choose", card=king)
    (chosen,) = named(seen(game, since, 1), "PindianCardChosen")
    assert chosen.get("card") is None


# --- Zou Shi: Huoshui, Qingcheng ----------------------------------------------------------------
def test_qingcheng_an_equipment_card_turns_a_shown_general_face_down_again() -> None:
    # given: Zou Shi (seat 0) holds a horse; Lü Bu & Hua Tuo (seat 1) have shown both
    horse = card(("plus_horse", "C", 5))
    game = table([("zoushi", "panfeng"), ("lvbu", "huatuo"), SHU, WU], hands={0: [horse]},
                 shown=(1, 2, 3))
    assert offers(game, 0, "qingcheng") == [
        {"type": "skill", "skill": "qingcheng", "count": 1, "from": [horse], "targets": [t]}
        for t in (1, 2, 3)]
    # when: she discards the horse and hides Lü Bu's deputy
    act(game, 0, type="skill", skill="qingcheng", cards=[horse], targets=[1])
    assert game.legal_actions(0) == [{"type": "choose", "which": "head"},
                                     {"type": "choose", "which": "deputy"}]
    events = act(game, 0, type="choose", which="deputy")
    # then: Hua Tuo is hidden again, and his skills are out of play; the side stays
    assert named(events, "GeneralHidden") == [{"seat": 1, "which": "deputy", "by": 0,
                                               "reason": "qingcheng"}]
    assert game.shown[1] == [True, False] and game.shown_skills(1) == ("wushuang",)
    assert game.side[1] == "qun" and horse in game.discard
    assert game.view(2)["seats"][1]["generals"] == ["lvbu", None]
    # and: at his turn he may show it again, with no second bonus
    advance(game, lambda g: g.current == 1 and g.ask == "show")
    events = act(game, 1, type="show", which="deputy")
    assert game.skills[1] == ("wushuang", "jijiu", "qingnang")
    assert "PairBonusChosen" not in kinds(events) and game.ask != "pair"


def test_qingcheng_needs_an_equipment_card_and_a_fully_shown_target() -> None:
    game = table([("zoushi", "panfeng"), ("lvbu", "huatuo"), SHU, WU])
    assert offers(game, 0, "qingcheng") == []
    refuse(game, 0, WrongAction, type="skill", skill="qingcheng", cards=[game.hands[0][0]],
           targets=[1])


def test_huoshui_while_zou_shi_is_shown_nobody_else_may_show_in_her_turn() -> None:
    game = table([("zoushi", "panfeng"), WEI, SHU, WU])
    assert not game.may_show(1) and game.may_show(0)
    assert offers(game, 0, "huoshui") == []  # (shown already: nothing left to show)
    advance(game, lambda g: g.current == 1 and g.ask == "show")
    assert game.may_show(1)


def test_weimu_a_collateral_on_jia_xus_weapon_is_cancelled_whole() -> None:
    # given: Jia Xu (seat 1) wears a Crossbow in his turn; then Xu Chu uses a (black)
    # Collateral on him, to Kill Zhang Fei
    bow, coll = card(("crossbow", "C", 1)), card(("collateral", "C", 12))
    game = table([WEI, ("jiaxu", "pangde"), SHU, WU], hands={0: [coll], 1: [bow]},
                 shown=(0, 2, 3), first=1)
    act(game, 1, type="use", card=bow)
    advance(game, play_phase(0))
    events = act(game, 0, type="use", card=coll, targets=[1, 2])
    # then: the card is used and goes to the discard pile; nothing else happens
    assert kinds(events) == ["CardUsed"] and coll in game.discard
    assert game.equip[1][0] == bow and game.ask == "play"


# --- every Qun general at a bot table ----------------------------------------------------------
@pytest.mark.parametrize(("seed", "policy"), [(1, "random"), (2, "kingdom"), (3, "kingdom")])
def test_bot_games_with_every_qun_general_end_and_replay(seed: int, policy: str) -> None:
    # given: seven seats, each with two Qun generals among its candidates (all fifteen
    # in play but one), bots of one policy
    import random

    from domain.sanguosha.bots import HEGEMONY_POLICIES
    from domain.sanguosha.generals import IDS, ROSTER

    rng = random.Random(seed)
    qun = [g for g in IDS if ROSTER[g].kingdom == "qun"]
    rng.shuffle(qun)
    rest = [g for g in IDS if g not in qun]
    rng.shuffle(rest)
    candidates = [[qun.pop(), qun.pop(), rest.pop(), rest.pop()] for _ in range(7)]
    game = HegemonyGame.new([f"p{i}" for i in range(7)], {"turn_cap": 150, "bonus": "ask"},
                            rng=random.Random(seed), candidates=candidates)
    remember(game)
    policy_of = HEGEMONY_POLICIES[policy]
    for _ in range(20000):
        if game.outcome is not None:
            break
        seat = game.to_act()[0]
        game.act(seat, policy_of(game, seat, rng), rng)
    # then: the game ends (a win or the turn cap), and replays (the fixture checks)
    assert game.outcome is not None


# --- Yan Liang & Wen Chou: Shuangxiong -----------------------------------------------------------
def test_shuangxiong_judges_instead_of_drawing_then_other_colour_cards_are_duels() -> None:
    # given: Yan Liang & Wen Chou (seat 0) hold a black and a red card; the pile's top is
    # a heart
    black, red = card(("dismantlement", "S", 3)), card(("ex_nihilo", "H", 7))
    heart = card(("peach", "H", 3))
    game = hrig.htable([("yanliangwenchou", "panfeng"), WEI, SHU, WU],
                       hands={0: [black, red]}, pile=[heart])
    remember(game)
    act(game, 0, type="show", which="both")
    advance(game, lambda g: asked_skill(g) == "shuangxiong")
    # when: he uses Shuangxiong at the start of his draw phase
    events = act(game, 0, type="skill", skill="shuangxiong")
    # then: he judges instead of drawing, and takes the heart
    assert named(events, "Judged")[0]["card"] == heart
    assert named(events, "CardsGained") == [{"seat": 0, "cards": [heart], "zone": "discard",
                                             "reason": "shuangxiong"}]
    assert not any(d["reason"] == "draw_phase" for d in named(events, "CardsDrawn"))
    advance(game, play_phase(0))
    # and: his black hand cards may be used as Duels this turn, the red ones not
    duels = {a["card"] for a in game.legal_actions(0) if a.get("as") == "duel"}
    assert black in duels and red not in duels and heart not in duels
    events = act(game, 0, type="use", card=black, targets=[1], skill="shuangxiong_duel",
                 **{"as": "duel"})
    assert named(events, "CardUsed")[0]["name"] == "duel"
    act(game, 1, type="decline")
    assert game.hp[1] == game.max_hp[1] - 1
    # and: not in the next turn
    turn = game.turn
    advance(game, lambda g: g.current == 0 and g.ask == "play" and g.turn > turn)
    assert not any(a.get("as") == "duel" for a in game.legal_actions(0))
