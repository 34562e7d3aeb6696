"""Stories of the Qun generals' skills (docs/rules/generals.md §1.4): Hua Tuo (Qingnang,
Jijiu), Lü Bu (Wushuang) and Diaochan (Lijian, Biyue).

Given a table (hands, the pile, one general per seat; seat 0 is the lord), when seats
act, then the events recorded and the state they leave; a use the rules forbid is
refused with no event. Generals around a story have no skill on its path unless the
story is about them meeting.
"""

from __future__ import annotations

from domain.game import NotYourTurn
from domain.sanguosha.actions import NotAChoice, NotInHand, WrongAction
from domain.sanguosha.cards import MINUS_HORSE, NAME, RED
from tests.sanguosha.rig import act, card, kinds, mark, refuse
from tests.sanguosha.skill_steps import (
    asked,
    named,
    play_phase,
    seen,
    table,
    until,
)

KILL_S7 = ("kill", "S", 7)


# --- Hua Tuo: Qingnang ---------------------------------------------------------------------
def test_qingnang_discards_a_hand_card_to_heal_a_wounded_player_once_per_phase() -> None:
    # given: Hua Tuo (seat 0, lord) hurts Guan Yu with a Kill and Zhao Yun with a Duel
    kill, duel = card(KILL_S7), card(("duel", "S", 1))
    game = table(hands={0: [kill, duel]}, generals=["huatuo", "guanyu", "zhangfei", "zhaoyun"])
    assert not [a for a in game.legal_actions(0) if a["type"] == "skill"]  # nobody wounded
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")
    act(game, 0, type="use", card=duel, targets=[3])
    act(game, 3, type="decline")
    assert game.hp == [3, 3, 4, 3]
    # then: Qingnang is offered on the wounded only, with any hand card
    hand = list(game.hands[0])
    offers = [a for a in game.legal_actions(0) if a["type"] == "skill"]
    assert offers == [{"type": "skill", "skill": "qingnang", "count": 1, "from": hand,
                       "targets": [t]} for t in (1, 3)]
    refuse(game, 0, NotAChoice, type="skill", skill="qingnang", cards=[hand[0]], targets=[2])
    refuse(game, 0, NotAChoice, type="skill", skill="qingnang", cards=hand[:2], targets=[1])
    # when: he discards a card to heal Guan Yu
    events = act(game, 0, type="skill", skill="qingnang", cards=[hand[0]], targets=[1])
    # then
    assert events == [("SkillUsed", {"seat": 0, "skill": "qingnang", "cards": [hand[0]],
                                     "targets": [1], "choice": None}),
                      ("Healed", {"seat": 1, "amount": 1, "reason": "qingnang"})]
    assert game.hp == [3, 4, 4, 3] and hand[0] in game.discard and hand[0] not in game.hands[0]
    # and: not twice in one play phase, though Zhao Yun is still wounded
    assert not [a for a in game.legal_actions(0) if a["type"] == "skill"]
    refuse(game, 0, WrongAction, type="skill", skill="qingnang", cards=[hand[1]], targets=[3])


def test_qingnang_hua_tuo_heals_himself() -> None:
    # given: Hua Tuo loses a Duel to Zhang Fei
    duel, kill = card(("duel", "S", 1)), card(("kill", "C", 4))
    game = table(hands={0: [duel], 1: [kill]},
                 generals=["huatuo", "zhangfei", "guanyu", "zhaoyun"])
    act(game, 0, type="use", card=duel, targets=[1])
    act(game, 1, type="respond", card=kill)
    act(game, 0, type="decline")
    assert game.hp[0] == 2
    c = game.hands[0][0]
    events = act(game, 0, type="skill", skill="qingnang", cards=[c], targets=[0])
    assert named(events, "Healed") == [{"seat": 0, "amount": 1, "reason": "qingnang"}]
    assert game.hp[0] == 3


# --- Hua Tuo: Jijiu ---------------------------------------------------------------------------
def test_jijiu_outside_his_turn_hua_tuo_saves_with_red_cards_from_hand_and_equipment() -> None:
    # given: Hua Tuo (seat 0, lord) wears the red Zixing; in Xu Chu's turn (seat 1, Luoyi)
    # a Kill and a Duel bring Diaochan (seat 2, 3 HP) to -1
    horse, red = card((MINUS_HORSE, "D", 13)), card(("dodge", "H", 2))
    kill, duel = card(KILL_S7), card(("duel", "C", 1))
    game = table(hands={0: [horse, red], 1: [kill, duel]},
                 generals=["huatuo", "xuchu", "diaochan", "zhaoyun"])
    act(game, 0, type="use", card=horse)
    until(game, asked(1, "luoyi"))
    act(game, 1, type="skill", skill="luoyi")
    act(game, 1, type="use", card=kill, targets=[2])
    act(game, 2, type="decline")
    act(game, 1, type="use", card=duel, targets=[2])
    events = act(game, 2, type="decline")
    assert game.hp[2] == -1 and "Dying" in kinds(events)
    # then: Hua Tuo, holding no Peach, is asked; his red cards (hand and equipment) are
    # Peaches through Jijiu, his black ones are not
    assert game.ask == "peach" and game.to_act() == [0]
    reds = sorted(c for c in game.hands[0] + [horse] if RED[c])
    offered = sorted(a["card"] for a in game.legal_actions(0) if a["type"] == "respond")
    assert offered == reds and horse in offered and red in offered
    assert all(a["skill"] == "jijiu" for a in game.legal_actions(0) if a["type"] == "respond")
    black = next(c for c in game.hands[0] if not RED[c])
    refuse(game, 0, Exception, type="respond", card=black, skill="jijiu")
    # when: he gives the horse, then a red hand card
    events = act(game, 0, type="respond", card=horse, skill="jijiu")
    assert events[:2] == [
        ("SkillUsed", {"seat": 0, "skill": "jijiu", "cards": [horse], "targets": [],
                       "choice": None}),
        ("Responded", {"seat": 0, "name": "peach", "cards": [horse], "ask": "peach"})]
    assert game.hp[2] == 0 and game.ask == "peach" and game.to_act() == [0]
    events = act(game, 0, type="respond", card=red, skill="jijiu")
    # then: Diaochan is saved; both cards are discarded
    assert kinds(events)[:3] == ["SkillUsed", "Responded", "Rescued"] and game.hp[2] == 1
    assert game.equip[0][3] is None and {horse, red} <= set(game.discard)
    assert game.alive[2] and game.current == 1 and game.ask == "play"


def test_jijiu_is_not_used_in_hua_tuos_own_turn() -> None:
    # given: in his own turn Hua Tuo (seat 0) Duels Diaochan (3 HP) three times, a red
    # Dodge in his hand and no Peach anywhere
    duels = [card(("duel", "S", 1)), card(("duel", "C", 1)), card(("duel", "D", 1))]
    red = card(("dodge", "H", 2))
    game = table(hands={0: [*duels, red]}, generals=["huatuo", "diaochan", "zhangfei",
                                                     "zhaoyun"])
    for d in duels[:2]:
        act(game, 0, type="use", card=d, targets=[1])
        act(game, 1, type="decline")
    assert game.hp[1] == 1 and not game.holds(0, "peach")
    act(game, 0, type="use", card=duels[2], targets=[1])
    events = act(game, 1, type="decline")
    # then: nobody is asked for a Peach: Diaochan dies at once
    assert "Dying" in kinds(events) and "Died" in kinds(events)
    assert not game.alive[1] and red in game.hands[0]


# --- Lü Bu: Wushuang -----------------------------------------------------------------------------
def test_wushuang_a_kill_needs_two_dodges() -> None:
    # given: Lü Bu (seat 0, lord) Kills Zhang Fei, who holds two Dodges
    kill = card(KILL_S7)
    dodges = [card(("dodge", "H", 2)), card(("dodge", "D", 3))]
    game = table(hands={0: [kill], 1: dodges}, generals=["lvbu", "zhangfei", "guanyu",
                                                          "zhaoyun"])
    act(game, 0, type="use", card=kill, targets=[1])
    events = act(game, 1, type="respond", card=dodges[0])
    # then: one Dodge is not enough: a second is asked
    assert kinds(events) == ["Responded"] and game.ask == "dodge" and game.to_act() == [1]
    refuse(game, 1, NotInHand, type="respond", card=dodges[0])
    events = act(game, 1, type="respond", card=dodges[1])
    assert kinds(events) == ["Responded"] and game.hp[1] == 4 and game.ask == "play"
    assert set(dodges) <= set(game.discard)


def test_wushuang_one_dodge_is_not_enough() -> None:
    kill, dodge = card(KILL_S7), card(("dodge", "H", 2))
    game = table(hands={0: [kill], 1: [dodge]}, generals=["lvbu", "zhangfei", "guanyu",
                                                           "zhaoyun"])
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="respond", card=dodge)
    assert game.legal_actions(1) == [{"type": "decline"}]
    events = act(game, 1, type="decline")
    assert named(events, "Damaged") == [{"seat": 1, "source": 0, "amount": 1,
                                         "cards": [kill], "reason": "kill"}]
    assert game.hp[1] == 3


def test_wushuang_lu_bus_duel_the_opponent_plays_two_kills_each_time() -> None:
    # given: Lü Bu (seat 0) holds one Kill; Zhang Fei (seat 1) three
    duel, mine = card(("duel", "S", 1)), card(KILL_S7)
    his = [card(("kill", "C", 2)), card(("kill", "C", 3)), card(("kill", "C", 4))]
    game = table(hands={0: [duel, mine], 1: his}, generals=["lvbu", "zhangfei", "guanyu",
                                                             "zhaoyun"])
    act(game, 0, type="use", card=duel, targets=[1])
    # when: Zhang Fei answers with two Kills, Lü Bu with one
    answers = [(1, his[0]), (1, his[1]), (0, mine), (1, his[2])]
    for seat, c in answers:
        assert game.ask == "kill" and game.to_act() == [seat]
        assert kinds(act(game, seat, type="respond", card=c)) == ["Responded"]
    # then: Zhang Fei's third Kill was one of two: he needs another, has none, is hurt
    assert game.ask == "kill" and game.to_act() == [1]
    events = act(game, 1, type="decline")
    assert named(events, "Damaged") == [{"seat": 1, "source": 0, "amount": 1,
                                         "cards": [duel], "reason": "duel"}]
    assert game.hp[1] == 3 and game.hp[0] == 4


def test_wushuang_a_duel_on_lu_bu_asks_two_kills_of_its_user() -> None:
    # given: Zhang Fei (seat 0) Duels Lü Bu (seat 1); each holds one Kill
    duel, mine, his = card(("duel", "S", 1)), card(("kill", "C", 2)), card(KILL_S7)
    game = table(hands={0: [duel, mine], 1: [his]},
                 generals=["zhangfei", "lvbu", "guanyu", "zhaoyun"])
    act(game, 0, type="use", card=duel, targets=[1])
    act(game, 1, type="respond", card=his)  # Lü Bu plays one
    act(game, 0, type="respond", card=mine)  # Zhang Fei's first of two
    assert game.ask == "kill" and game.to_act() == [0]
    events = act(game, 0, type="decline")
    assert named(events, "Damaged")[0]["seat"] == 0 and game.hp == [3, 4, 4, 4]


def test_wushuang_against_hujia_cao_cao_calls_for_each_dodge() -> None:
    # given: Lü Bu (seat 1) Kills Cao Cao (seat 0, lord); Sima Yi (seat 2) holds two Dodges
    kill = card(KILL_S7)
    dodges = [card(("dodge", "H", 2)), card(("dodge", "D", 3))]
    game = table(hands={1: [kill], 2: dodges}, generals=["caocao", "lvbu", "simayi",
                                                          "zhaoyun"])
    until(game, play_phase(1))
    act(game, 1, type="use", card=kill, targets=[0])
    for d in dodges:
        assert {"type": "skill", "skill": "hujia"} in game.legal_actions(0)
        act(game, 0, type="skill", skill="hujia")
        events = act(game, 2, type="respond", card=d)
        assert events[0] == ("Responded", {"seat": 2, "name": "dodge", "cards": [d],
                                           "ask": "hujia"})
    # then: both Dodges came from Sima Yi; the Kill missed
    assert game.hp[0] == 4 and game.ask == "play" and game.current == 1


# --- Diaochan: Lijian ---------------------------------------------------------------------------
def test_lijian_the_second_man_duels_the_first_and_nobody_may_nullify_it() -> None:
    # given: Diaochan (seat 0, lord); Cao Cao (1) and Guan Yu (2) are men; Zhen Ji (3),
    # a woman, holds a Nullification
    null = card("nullification")
    game = table(hands={3: [null]}, generals=["diaochan", "caocao", "guanyu", "zhenji"])
    offers = [a for a in game.legal_actions(0) if a["type"] == "skill"]
    pool = list(game.hands[0])
    assert offers == [{"type": "skill", "skill": "lijian", "count": 1, "from": pool,
                       "targets": t} for t in ([1, 2], [2, 1])]
    refuse(game, 0, NotAChoice, type="skill", skill="lijian", cards=[pool[0]], targets=[1, 3])
    refuse(game, 0, NotAChoice, type="skill", skill="lijian", cards=[pool[0]], targets=[1, 1])
    refuse(game, 0, NotAChoice, type="skill", skill="lijian", cards=[pool[0]], targets=[1])
    # when: she discards a card; Guan Yu (second) Duels Cao Cao (first)
    events = act(game, 0, type="skill", skill="lijian", cards=[pool[0]], targets=[1, 2])
    assert events == [("SkillUsed", {"seat": 0, "skill": "lijian", "cards": [pool[0]],
                                     "targets": [1, 2], "choice": None})]
    # then: no Nullification window: Cao Cao answers the Duel first
    assert game.ask == "kill" and game.to_act() == [1]
    pending = game.view("spectator")["pending"]
    assert pending["effect"] == "duel" and pending["user"] == 2 and pending["targets"] == [1]
    assert pool[0] in game.discard and null in game.hands[3]
    events = act(game, 1, type="decline")
    # and: Cao Cao is hurt by Guan Yu; the Duel had no card, so Jianxiong has none to take
    assert named(events, "Damaged") == [{"seat": 1, "source": 2, "amount": 1, "cards": [],
                                         "reason": "duel"}]
    assert "SkillUsed" not in kinds(events) and game.ask == "play" and game.current == 0
    assert game.hp == [3, 3, 4, 3]
    # and: once per play phase
    assert not [a for a in game.legal_actions(0) if a["type"] == "skill"]
    refuse(game, 0, WrongAction, type="skill", skill="lijian", cards=[pool[1]], targets=[2, 1])


def test_lijian_the_first_answers_then_the_second_must() -> None:
    kill = card(KILL_S7)
    game = table(hands={1: [kill]}, generals=["diaochan", "caocao", "guanyu", "zhenji"])
    c = game.hands[0][0]
    act(game, 0, type="skill", skill="lijian", cards=[c], targets=[1, 2])
    act(game, 1, type="respond", card=kill)
    assert game.ask == "kill" and game.to_act() == [2]
    refuse(game, 1, NotYourTurn, type="decline")
    events = act(game, 2, type="decline")
    assert named(events, "Damaged")[0] == {"seat": 2, "source": 1, "amount": 1, "cards": [],
                                           "reason": "duel"}


def test_lijian_with_lu_bu_second_the_first_must_play_two_kills() -> None:
    kills = [card(KILL_S7), card(("kill", "C", 2))]
    game = table(hands={1: kills}, generals=["diaochan", "guanyu", "lvbu", "zhenji"])
    c = game.hands[0][0]
    act(game, 0, type="skill", skill="lijian", cards=[c], targets=[1, 2])
    act(game, 1, type="respond", card=kills[0])
    assert game.ask == "kill" and game.to_act() == [1]  # a second Kill for Wushuang
    act(game, 1, type="respond", card=kills[1])
    assert game.to_act() == [2]
    events = act(game, 2, type="decline")
    assert named(events, "Damaged")[0]["seat"] == 2 and game.hp[2] == 3


def test_lijian_the_first_must_be_someone_the_second_could_duel() -> None:
    # given: Zhuge Liang (seat 1) plays out his whole hand as equipment, so Kongcheng
    # keeps him from being the target of a Duel
    gear = [card("eight_trigrams"), card(("plus_horse", "C", 5)), card((MINUS_HORSE, "H", 5)),
            card("crossbow")]
    more = [card("blade"), card("renwang_shield")]
    game = table(hands={1: gear}, pile=[None, None, *more],
                 generals=["diaochan", "zhugeliang", "guanyu", "zhenji"])
    until(game, play_phase(1))
    for c in gear + more:
        act(game, 1, type="use", card=c)
    assert game.hands[1] == []
    until(game, play_phase(0))
    # then: he may be the one who duels, not the one duelled
    offers = [a["targets"] for a in game.legal_actions(0) if a["type"] == "skill"]
    assert offers == [[2, 1]]
    c = game.hands[0][0]
    refuse(game, 0, NotAChoice, type="skill", skill="lijian", cards=[c], targets=[1, 2])
    act(game, 0, type="skill", skill="lijian", cards=[c], targets=[2, 1])
    assert game.ask == "kill" and game.to_act() == [2]


def test_lijian_may_discard_an_equipment_card() -> None:
    horse = card((MINUS_HORSE, "D", 13))
    game = table(hands={0: [horse]}, generals=["diaochan", "caocao", "guanyu", "zhenji"])
    act(game, 0, type="use", card=horse)
    offer = next(a for a in game.legal_actions(0) if a["type"] == "skill")
    assert horse in offer["from"]
    act(game, 0, type="skill", skill="lijian", cards=[horse], targets=[2, 1])
    assert game.equip[0][3] is None and horse in game.discard
    assert game.ask == "kill" and game.to_act() == [2]


# --- Diaochan: Biyue -----------------------------------------------------------------------------
def test_biyue_draws_one_card_at_the_start_of_the_end_phase() -> None:
    top = card(("peach", "H", 9))
    game = table(pile=[None, None, top], generals=["diaochan", "caocao", "guanyu", "zhenji"])
    events = until(game, asked(0, "biyue"))
    assert game.phase == "end" and "CardsDiscarded" in kinds(events)
    since = mark(game)
    events = act(game, 0, type="skill", skill="biyue")
    assert kinds(events)[:2] == ["SkillUsed", "CardsDrawn"]
    assert named(events, "CardsDrawn")[0] == {"seat": 0, "cards": [top], "reason": "biyue"}
    assert top in game.hands[0] and len(game.hands[0]) == 4 and game.current == 1
    # the card drawn is Diaochan's to see
    assert named(seen(game, since, 1), "CardsDrawn")[0]["cards"] is None
    assert named(seen(game, since, 0), "CardsDrawn")[0]["cards"] == [top]


def test_biyue_declined_draws_nothing() -> None:
    top = card(("peach", "H", 9))
    game = table(pile=[None, None, top], generals=["diaochan", "caocao", "guanyu", "zhenji"])
    until(game, asked(0, "biyue"))
    events = act(game, 0, type="decline")
    assert "CardsDrawn" not in kinds(events[:2]) and top not in game.hands[0]
    assert len(game.hands[0]) == 3 and game.current == 1


def test_biyue_is_asked_when_there_is_nothing_to_discard() -> None:
    # given: Diaochan (3 HP) puts three equipment cards on in her play phase: three left
    top = card(("peach", "H", 9))
    gear = ["plus_horse", "minus_horse", "crossbow"]
    game = table(hands={0: gear}, pile=[None, None, top],
                 generals=["diaochan", "caocao", "guanyu", "zhenji"])
    worn = game.hands[0][:3]
    assert [NAME[c] for c in worn] == gear
    until(game, play_phase(0))
    for c in worn:
        act(game, 0, type="use", card=c)
    assert len(game.hands[0]) == game.hp[0] == 3
    # when: she ends her play phase: nothing to discard
    events = act(game, 0, type="end_play")
    # then (rules 5): the end phase comes all the same, and Biyue is asked
    assert "CardsDiscarded" not in kinds(events) and asked(0, "biyue")(game)
    assert game.phase == "end"
    events = act(game, 0, type="skill", skill="biyue")
    assert named(events, "CardsDrawn")[0] == {"seat": 0, "cards": [top], "reason": "biyue"}
    assert game.current == 1


def test_under_rules_4_a_turn_with_nothing_to_discard_ended_before_biyue() -> None:
    # given: the same turn played under rules 4, as stored games were
    gear = ["plus_horse", "minus_horse", "crossbow"]
    game = table(hands={0: gear}, generals=["diaochan", "caocao", "guanyu", "zhenji"],
                 rules=4)
    worn = game.hands[0][:3]
    until(game, play_phase(0))
    for c in worn:
        act(game, 0, type="use", card=c)
    assert len(game.hands[0]) == game.hp[0] == 3
    # when: she ends her play phase
    events = act(game, 0, type="end_play")
    # then: the turn ended there (rules 4 replay unchanged): Biyue was never asked
    assert "TurnEnded" in kinds(events) and game.current == 1
