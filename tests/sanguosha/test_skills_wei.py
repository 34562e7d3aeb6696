"""Stories of the Wei generals' skills (docs/rules/generals.md §1.1): Cao Cao (Jianxiong,
Hujia), Sima Yi (Fankui, Guicai), Xiahou Dun (Ganglie), Zhang Liao (Tuxi), Xu Chu (Luoyi),
Guo Jia (Tiandu, Yiji) and Zhen Ji (Luoshen, Qingguo).

Each story is given a table (hands, the pile, one general per seat; seat 0 is the lord),
when seats act, then the events recorded and the state they leave, and a use the rules
forbid is refused with no event. Generals around a story are chosen for having no skill
on its path (Guan Yu, Zhang Fei, Zhao Yun), unless the story is about them meeting.
"""

from __future__ import annotations

import random

from domain.game import NotYourTurn
from domain.sanguosha.actions import (
    NotAChoice,
    NotInHand,
    WrongAction,
    WrongCount,
    WrongResponse,
)
from domain.sanguosha.cards import ARMOR, NAME, RED, SUIT, WEAPON
from domain.sanguosha.identity import IdentityGame
from tests.sanguosha.rig import Spec, act, card, kinds, mark, refuse
from tests.sanguosha.skill_steps import (
    Events,
    asked,
    named,
    play_phase,
    seen,
    table,
    told,
    until,
)

KILL_S7 = ("kill", "S", 7)


def _inflict(game: IdentityGame, seat: int, source: int | None) -> Events:
    """When: 1 damage with no card reaches ``seat`` from ``source`` (the engine's damage
    fact, driven directly: no card of the identity set makes a player its own source)."""
    since = mark(game)
    game.due = {"k": "damage", "seat": seat, "source": source, "n": 1, "cards": [],
                "reason": "test"}
    game._drive(random.Random(1))
    return seen(game, since, "referee")


# --- Cao Cao: Jianxiong ----------------------------------------------------------------
def test_jianxiong_takes_the_kill_that_hurt_cao_cao() -> None:
    # given: Guan Yu (seat 1) uses a Kill on Cao Cao (seat 0, the lord, no Wei to call)
    kill = card(KILL_S7)
    game = table(hands={1: [kill]}, generals=["caocao", "guanyu", "zhangfei", "zhaoyun"])
    until(game, play_phase(1))
    act(game, 1, type="use", card=kill, targets=[0])
    assert game.legal_actions(0) == [{"type": "decline"}]  # no Hujia without a Wei
    # when: Cao Cao takes the hit
    events = act(game, 0, type="decline")
    # then: he is asked for Jianxiong, and using it takes the Kill into his hand
    assert kinds(events) == ["Declined", "Damaged"] and asked(0, "jianxiong")(game)
    refuse(game, 1, NotYourTurn, type="end_play")  # only Cao Cao may answer now
    events = act(game, 0, type="skill", skill="jianxiong")
    assert kinds(events) == ["SkillUsed", "CardsGained"]
    assert events[1][1] == {"seat": 0, "cards": [kill], "zone": "flight",
                            "reason": "jianxiong"}
    assert kill in game.hands[0] and kill not in game.discard and not game.flight
    assert game.hp[0] == 3 and game.ask == "play" and game.current == 1
    assert told(game, 2)[-2:] == ["Caocao uses Jianxiong", "Caocao takes Kill ♠7 (jianxiong)"]


def test_jianxiong_declined_leaves_the_kill_to_the_discard_pile() -> None:
    kill = card(KILL_S7)
    game = table(hands={1: [kill]}, generals=["caocao", "guanyu", "zhangfei", "zhaoyun"])
    until(game, play_phase(1))
    act(game, 1, type="use", card=kill, targets=[0])
    act(game, 0, type="decline")
    events = act(game, 0, type="decline")
    assert kinds(events) == ["Declined"] and events[0][1] == {"seat": 0, "ask": "skill"}
    assert kill in game.discard and kill not in game.hands[0]
    refuse(game, 0, NotYourTurn, type="skill", skill="jianxiong")  # the moment has passed


def test_jianxiong_takes_the_real_card_of_a_converted_kill() -> None:
    # given: Guan Yu uses a red Dodge as a Kill (Wusheng) on Cao Cao
    red_dodge = card(("dodge", "H", 2))
    game = table(hands={1: [red_dodge]}, generals=["caocao", "guanyu", "zhangfei", "zhaoyun"])
    until(game, play_phase(1))
    act(game, 1, type="use", card=red_dodge, skill="wusheng", targets=[0], **{"as": "kill"})
    act(game, 0, type="decline")
    # when: Cao Cao uses Jianxiong
    events = act(game, 0, type="skill", skill="jianxiong")
    # then: he gains the Dodge the Kill was made from
    assert named(events, "CardsGained")[0]["cards"] == [red_dodge]
    assert red_dodge in game.hands[0] and NAME[red_dodge] == "dodge"


def test_jianxiong_takes_the_lightning_that_struck_cao_cao() -> None:
    # given: Cao Cao (seat 0, lord) puts Lightning on himself; at his next turn the
    # judgment is a spade 7
    bolt, spade = card(("lightning", "S", 1)), card(KILL_S7)
    game = table(hands={0: [bolt]}, pile=[None] * 8 + [spade],
                 generals=["caocao", "guanyu", "zhangfei", "zhaoyun"])
    act(game, 0, type="use", card=bolt)
    events = until(game, asked(0, "jianxiong"))
    # then: the Lightning, still on the table while it deals its 3 damage, may be taken
    assert named(events, "Damaged")[-1] == {"seat": 0, "source": None, "amount": 3,
                                            "cards": [bolt], "reason": "lightning"}
    assert game.turn == 5 and game.hp[0] == 1 and bolt in game.flight
    events = act(game, 0, type="skill", skill="jianxiong")
    assert named(events, "CardsGained")[0] == {"seat": 0, "cards": [bolt], "zone": "flight",
                                               "reason": "jianxiong"}
    assert bolt in game.hands[0] and bolt not in game.discard and not game.judging[0]
    assert spade in game.discard and not game.flight


def test_jianxiong_declined_the_lightning_goes_to_the_discard_pile() -> None:
    bolt, spade = card(("lightning", "S", 1)), card(KILL_S7)
    game = table(hands={0: [bolt]}, pile=[None] * 8 + [spade],
                 generals=["caocao", "guanyu", "zhangfei", "zhaoyun"])
    act(game, 0, type="use", card=bolt)
    until(game, asked(0, "jianxiong"))
    act(game, 0, type="decline")
    assert bolt in game.discard and not game.flight and game.ask == "play"


def test_jianxiong_takes_a_barbarian_invasion_still_resolving_on_others() -> None:
    # given: Zhao Yun (seat 3) uses Barbarian Invasion; Cao Cao (seat 0) is its first target
    aoe = card("barbarian_invasion")
    game = table(hands={3: [aoe]}, generals=["caocao", "guanyu", "zhangfei", "zhaoyun"])
    until(game, play_phase(3))
    act(game, 3, type="use", card=aoe)
    act(game, 0, type="decline")
    # when: Cao Cao takes the card
    events = act(game, 0, type="skill", skill="jianxiong")
    assert named(events, "CardsGained")[0]["cards"] == [aoe] and aoe in game.hands[0]
    # then: the invasion goes on to Guan Yu and Zhang Fei all the same
    assert game.ask == "kill" and game.to_act() == [1]
    act(game, 1, type="decline")
    act(game, 2, type="decline")
    assert game.hp == [3, 3, 3, 4] and aoe in game.hands[0] and aoe not in game.discard


# --- Cao Cao: Hujia (lord) --------------------------------------------------------------
WEI_TABLE = ["caocao", "guanyu", "simayi", "zhenji"]  # Cao Cao lord; Sima Yi, Zhen Ji Wei


def _kill_on_cao_cao(hands: dict[int, list[Spec]]) -> tuple[IdentityGame, int]:
    kill = card(KILL_S7)
    game = table(hands={1: [kill], **hands}, generals=WEI_TABLE)
    until(game, play_phase(1))
    act(game, 1, type="use", card=kill, targets=[0])
    return game, kill


def test_hujia_when_no_wei_hands_over_a_dodge_cao_cao_answers_himself() -> None:
    # given: Guan Yu's Kill on Cao Cao, who holds a Dodge; Sima Yi holds none to give
    own = card(("dodge", "D", 3))
    game, kill = _kill_on_cao_cao({0: [own]})
    assert {"type": "skill", "skill": "hujia"} in game.legal_actions(0)
    # when: Cao Cao calls; Sima Yi (seat 2) then Zhen Ji (seat 3) decline
    events = act(game, 0, type="skill", skill="hujia")
    assert kinds(events) == ["SkillUsed"] and game.to_act() == [2]
    pending = game.view(0)["pending"]
    assert pending["effect"] == "sk" and pending["skill"] == "hujia" and pending["ask"] == "hujia"
    events = act(game, 2, type="decline") + act(game, 3, type="decline")
    assert events == [("Declined", {"seat": 2, "ask": "hujia"}),
                      ("Declined", {"seat": 3, "ask": "hujia"})]
    # then: the Dodge is asked of Cao Cao again, without a second call
    assert game.ask == "dodge" and game.to_act() == [0]
    refuse(game, 0, WrongAction, type="skill", skill="hujia")
    events = act(game, 0, type="respond", card=own)
    assert events[0] == ("Responded", {"seat": 0, "name": "dodge", "cards": [own],
                                       "ask": "dodge"})
    assert game.hp[0] == 4 and own in game.discard and game.ask == "play"


def test_hujia_the_first_wei_to_hand_over_a_dodge_ends_the_call() -> None:
    # given: Sima Yi (seat 2) holds a Dodge; Zhen Ji (seat 3) black cards
    dodge = card(("dodge", "H", 2))
    game, kill = _kill_on_cao_cao({2: [dodge]})
    act(game, 0, type="skill", skill="hujia")
    # then: Sima Yi may hand over his Dodge, not another card
    assert game.legal_actions(2) == [{"type": "respond", "card": dodge}, {"type": "decline"}]
    refuse(game, 2, WrongResponse, type="respond", card=game.hands[2][1])
    # when: he does
    events = act(game, 2, type="respond", card=dodge)
    # then: it counts as Cao Cao's Dodge: the Kill misses and Zhen Ji is never asked
    assert events[0] == ("Responded", {"seat": 2, "name": "dodge", "cards": [dodge],
                                       "ask": "hujia"})
    assert "Damaged" not in kinds(events) and "Declined" not in kinds(events)
    assert game.hp[0] == 4 and dodge in game.discard and dodge not in game.hands[2]
    assert kill in game.discard and game.ask == "play" and game.current == 1


def test_hujia_zhen_ji_hands_over_a_black_card_as_a_dodge_through_qingguo() -> None:
    game, kill = _kill_on_cao_cao({})
    act(game, 0, type="skill", skill="hujia")
    act(game, 2, type="decline")
    # then: Zhen Ji's black hand cards are offered as Dodges, her red ones are not
    offered = [a["card"] for a in game.legal_actions(3) if a["type"] == "respond"]
    assert offered and all(not RED[c] for c in offered)
    assert all(a.get("skill") == "qingguo" for a in game.legal_actions(3)
               if a["type"] == "respond")
    red = next(c for c in game.hands[3] if RED[c])
    refuse(game, 3, WrongResponse, type="respond", card=red, skill="qingguo")
    events = act(game, 3, type="respond", card=offered[0], skill="qingguo")
    assert events[:2] == [
        ("SkillUsed", {"seat": 3, "skill": "qingguo", "cards": [offered[0]], "targets": [],
                       "choice": None}),
        ("Responded", {"seat": 3, "name": "dodge", "cards": [offered[0]], "ask": "hujia"})]
    assert game.hp[0] == 4 and offered[0] in game.discard


def test_hujia_against_arrow_barrage_a_dodge_played_for_cao_cao() -> None:
    # given: Guan Yu (seat 1) uses Arrow Barrage; Sima Yi (seat 2) holds two Dodges
    arrows = card("arrow_barrage")
    dodges = [card(("dodge", "H", 2)), card(("dodge", "D", 3))]
    game = table(hands={1: [arrows], 2: dodges}, generals=["caocao", "guanyu", "simayi",
                                                             "zhaoyun"])
    until(game, play_phase(1))
    act(game, 1, type="use", card=arrows)
    act(game, 2, type="respond", card=dodges[0])  # Sima Yi dodges for himself
    act(game, 3, type="decline")  # Zhao Yun is hit
    assert game.to_act() == [0] and {"type": "skill", "skill": "hujia"} in game.legal_actions(0)
    # when: Cao Cao calls and Sima Yi hands over his second Dodge
    act(game, 0, type="skill", skill="hujia")
    events = act(game, 2, type="respond", card=dodges[1])
    # then: Cao Cao is spared; the barrage is over
    assert events[0] == ("Responded", {"seat": 2, "name": "dodge", "cards": [dodges[1]],
                                       "ask": "hujia"})
    assert game.hp == [4, 4, 3, 3] and game.ask == "play" and arrows in game.discard


def test_hujia_is_a_lord_skill_only() -> None:
    # given: Cao Cao seated as a rebel, Sima Yi as the lord
    game = table(generals=WEI_TABLE, roles=["rebel", "renegade", "lord", "loyalist"])
    # then: Cao Cao keeps Jianxiong alone
    assert game.skills[0] == ("jianxiong",) and game.skills[2] == ("fankui", "guicai")


# --- Sima Yi: Fankui ----------------------------------------------------------------------
def _kill_on_sima_yi() -> tuple[IdentityGame, int]:
    # given: Zhang Fei (seat 0, lord) wears a Crossbow and Kills Sima Yi (seat 1)
    kill, bow = card(KILL_S7), card("crossbow")
    game = table(hands={0: [kill, bow]}, generals=["zhangfei", "simayi", "guanyu", "zhaoyun"])
    act(game, 0, type="use", card=bow)
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")
    assert asked(1, "fankui")(game)
    act(game, 1, type="skill", skill="fankui")
    return game, bow


def test_fankui_takes_a_hand_card_blind_and_only_the_two_seats_see_it() -> None:
    game, bow = _kill_on_sima_yi()
    pending = game.view(1)["pending"]
    assert pending["effect"] == "sk" and pending["skill"] == "fankui"
    assert game.legal_actions(1) == [{"type": "choose", "area": "hand"},
                                     {"type": "choose", "card": bow}]
    refuse(game, 1, Exception, type="choose", card=game.hands[0][0])  # no picking by sight
    before = list(game.hands[0])
    since = mark(game)
    # when: Sima Yi takes a hand card
    events = act(game, 1, type="choose", area="hand")
    # then: one of Zhang Fei's hand cards is his; the table sees that, not which
    taken = named(events, "CardTaken")[0]
    assert taken["area"] == "hand" and taken["reason"] == "fankui" and taken["source"] == 0
    assert taken["card"] in before and taken["card"] in game.hands[1]
    assert len(game.hands[0]) == len(before) - 1 and game.equip[0][WEAPON] == bow
    for viewer, sees in ((0, True), (1, True), (2, False), (3, False), ("spectator", False)):
        data = named(seen(game, since, viewer), "CardTaken")[0]
        assert (data["card"] == taken["card"]) is sees and (data["card"] is None) is not sees


def test_fankui_takes_an_equipment_card_of_sima_yis_choice() -> None:
    game, bow = _kill_on_sima_yi()
    events = act(game, 1, type="choose", card=bow)
    taken = named(events, "CardTaken")[0]
    assert taken == {"seat": 1, "source": 0, "card": bow, "area": "equipment",
                     "reason": "fankui"}
    assert named(seen(game, 0, 3), "CardTaken")[0]["card"] == bow  # equipment is public
    assert game.equip[0][WEAPON] is None and bow in game.hands[1]
    assert game.ask == "play" and game.current == 0


def test_fankui_on_self_damage_offers_sima_yis_equipment_only() -> None:
    # given: Sima Yi (seat 0, lord) wears Eight Trigrams and holds hand cards
    armor = card("eight_trigrams")
    game = table(hands={0: [armor]}, generals=["simayi", "guanyu", "zhangfei", "zhaoyun"])
    act(game, 0, type="use", card=armor)
    # when: he is the source of his own damage
    events = _inflict(game, 0, 0)
    assert kinds(events) == ["Damaged"] and asked(0, "fankui")(game)
    act(game, 0, type="skill", skill="fankui")
    # then: his armor is offered, his hand is not
    assert game.legal_actions(0) == [{"type": "choose", "card": armor}]
    refuse(game, 0, Exception, type="choose", area="hand")
    events = act(game, 0, type="choose", card=armor)
    assert named(events, "CardTaken")[0]["source"] == 0
    assert armor in game.hands[0] and game.equip[0][ARMOR] is None


def test_fankui_on_self_damage_with_no_equipment_is_not_offered() -> None:
    game = table(generals=["simayi", "guanyu", "zhangfei", "zhaoyun"])
    assert game.hands[0]
    events = _inflict(game, 0, 0)
    assert kinds(events) == ["Damaged"] and game.ask == "play" and game.hp[0] == 2


# --- Sima Yi: Guicai -----------------------------------------------------------------------
def test_guicai_turns_a_failed_eight_trigrams_red_and_the_kill_is_dodged() -> None:
    # given: Sima Yi (seat 0, lord) wears Eight Trigrams and holds a red Peach; Guan Yu
    # (seat 1) Kills him and the judgment card will be black
    armor, peach, black = card("eight_trigrams"), card(("peach", "H", 3)), card(("kill", "C", 2))
    kill = card(KILL_S7)
    game = table(hands={0: [armor, peach], 1: [kill]}, pile=[None] * 4 + [black],
                 generals=["simayi", "guanyu", "zhangfei", "zhaoyun"])
    act(game, 0, type="use", card=armor)
    until(game, play_phase(1))
    act(game, 1, type="use", card=kill, targets=[0])
    events = act(game, 0, type="eight_trigrams")
    # then: the black judgment waits in the open for a retrial
    assert named(events, "Judged")[0] == {"seat": 0, "card": black, "reason": "eight_trigrams",
                                          "result": False}
    assert asked(0, "guicai")(game)
    assert game.view(2)["pending"]["context"]["judge_card"] == black
    offers = [a for a in game.legal_actions(0) if a["type"] == "skill"]
    assert {a["card"] for a in offers} == set(game.hands[0])
    refuse(game, 0, NotAChoice, type="skill", skill="guicai", card=kill)  # not his card
    # when: Sima Yi plays the Peach in its place
    events = act(game, 0, type="skill", skill="guicai", card=peach)
    # then: the Peach is the result: red, so the Kill is dodged
    assert kinds(events)[0] == "SkillUsed" and "Damaged" not in kinds(events)
    assert game.hp[0] == 3 and black in game.discard and peach in game.discard
    assert peach not in game.hands[0] and game.ask == "play" and game.current == 1
    # and: the move list tells the retrial's result, not the replaced card's
    assert told(game, 3)[-1] == ("Simayi replaces Simayi's judgment card with Peach ♥3 "
                                 "(Guicai) — red: it counts as a Dodge")


def test_guicai_turns_a_red_eight_trigrams_black_and_the_kill_hits() -> None:
    # given: Guan Yu (seat 0, lord) wears Eight Trigrams; Sima Yi (seat 1) Kills him with
    # a black card kept for the retrial; the judgment card will be red
    armor, red = card("eight_trigrams"), card(("dodge", "D", 4))
    kill, black = card(KILL_S7), card(("kill", "S", 8))
    game = table(hands={0: [armor], 1: [kill, black]}, pile=[None] * 4 + [red],
                 generals=["guanyu", "simayi", "zhangfei", "zhaoyun"])
    act(game, 0, type="use", card=armor)
    until(game, play_phase(1))
    act(game, 1, type="use", card=kill, targets=[0])
    events = act(game, 0, type="eight_trigrams")
    assert named(events, "Judged")[0]["result"] is True and asked(1, "guicai")(game)
    # when: Sima Yi swaps in his black Kill
    act(game, 1, type="skill", skill="guicai", card=black)
    # then: the Eight Trigrams fails; Guan Yu must dodge by hand or be hit
    assert game.ask == "dodge" and game.to_act() == [0]
    assert {"type": "eight_trigrams"} not in game.legal_actions(0)
    events = act(game, 0, type="decline")
    assert named(events, "Damaged")[0]["seat"] == 0 and game.hp[0] == 3
    assert red in game.discard and black in game.discard


def test_guicai_declined_leaves_the_judgment_as_it_was() -> None:
    armor, peach, black = card("eight_trigrams"), card(("peach", "H", 3)), card(("kill", "C", 2))
    kill = card(KILL_S7)
    game = table(hands={0: [armor, peach], 1: [kill]}, pile=[None] * 4 + [black],
                 generals=["simayi", "guanyu", "zhangfei", "zhaoyun"])
    act(game, 0, type="use", card=armor)
    until(game, play_phase(1))
    act(game, 1, type="use", card=kill, targets=[0])
    act(game, 0, type="eight_trigrams")
    events = act(game, 0, type="decline")
    assert events[0] == ("Declined", {"seat": 0, "ask": "skill"})
    assert game.ask == "dodge" and peach in game.hands[0]  # the armor failed
    events = act(game, 0, type="decline")
    assert "Damaged" in kinds(events) and game.hp[0] == 2


def test_guicai_turns_ganglies_judgment_to_a_heart() -> None:
    # given: Zhang Fei (lord) Kills Xiahou Dun; Ganglie's judgment will be black; Sima Yi
    # (seat 2, the lord's loyalist) holds a heart
    kill, black, heart = card(KILL_S7), card(("kill", "C", 3)), card(("peach", "H", 8))
    game = table(hands={0: [kill], 2: [heart]}, pile=[None, None, black],
                 generals=["zhangfei", "xiahoudun", "simayi", "zhaoyun"])
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")
    act(game, 1, type="skill", skill="ganglie")
    assert asked(2, "guicai")(game)
    # when: Sima Yi swaps in the heart
    events = act(game, 2, type="skill", skill="guicai", card=heart)
    # then: Ganglie fails: Zhang Fei is not asked to choose
    assert game.ask == "play" and game.to_act() == [0] and "Damaged" not in kinds(events)
    assert game.hp == [4, 3, 3, 4] and {black, heart} <= set(game.discard)


def test_wushuang_kill_on_eight_trigrams_needs_two_red_judgments() -> None:
    # given: Zhang Fei (seat 0, lord) wears Eight Trigrams; Lü Bu (seat 1) Kills him
    armor, kill = card("eight_trigrams"), card(KILL_S7)
    reds = [card(("dodge", "D", 5)), card(("dodge", "D", 6))]
    game = table(hands={0: [armor], 1: [kill]}, pile=[None] * 4 + reds,
                 generals=["zhangfei", "lvbu", "guanyu", "zhaoyun"])
    act(game, 0, type="use", card=armor)
    until(game, play_phase(1))
    act(game, 1, type="use", card=kill, targets=[0])
    events = act(game, 0, type="eight_trigrams")
    # then: the first red judgment is one Dodge; the armor may be tried for the second
    assert named(events, "Judged")[0]["card"] == reds[0]
    assert game.ask == "dodge" and {"type": "eight_trigrams"} in game.legal_actions(0)
    events = act(game, 0, type="eight_trigrams")
    assert named(events, "Judged")[0]["card"] == reds[1]
    assert game.hp[0] == 4 and game.ask == "play" and set(reds) <= set(game.discard)


# --- Xiahou Dun: Ganglie --------------------------------------------------------------------
def _ganglie(source: str, hands: dict[int, list[Spec]] | None = None,
            pile: list[Spec] | None = None) -> tuple[IdentityGame, int]:
    """Given: the lord ``source`` (seat 0) Kills Xiahou Dun (seat 1), who takes it and
    uses Ganglie; the judgment card is the first of ``pile``."""
    kill = card(KILL_S7)
    game = table(hands={0: [kill], **(hands or {})}, pile=[None, None] + (pile or []),
                 generals=[source, "xiahoudun", "guanyu", "zhaoyun"])
    return game, kill


def test_ganglie_the_source_discards_two_hand_cards() -> None:
    black = card(("kill", "C", 3))
    game, kill = _ganglie("zhangfei", pile=[black])
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")
    assert asked(1, "ganglie")(game)
    events = act(game, 1, type="skill", skill="ganglie")
    assert named(events, "Judged")[0] == {"seat": 1, "card": black, "reason": "ganglie",
                                          "result": True}
    # then: Zhang Fei chooses: two of his hand cards, or the damage
    assert game.to_act() == [0] and game.view(0)["pending"]["skill"] == "ganglie"
    hand = list(game.hands[0])
    assert game.legal_actions(0) == [{"type": "discard", "count": 2, "from": hand},
                                     {"type": "decline"}]
    refuse(game, 0, WrongCount, type="discard", cards=hand[:1])
    events = act(game, 0, type="discard", cards=hand[:2])
    assert events[0] == ("CardsDiscarded", {"seat": 0, "cards": hand[:2], "reason": "ganglie",
                                            "by": 1})
    assert game.hands[0] == hand[2:] and game.hp == [4, 3, 4, 4] and game.ask == "play"


def test_ganglie_the_source_takes_the_damage_and_jianxiong_has_no_card_to_take() -> None:
    # given: Cao Cao (lord) is the source
    black = card(("kill", "C", 3))
    game, kill = _ganglie("caocao", pile=[black])
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")
    act(game, 1, type="skill", skill="ganglie")
    # when: Cao Cao keeps his cards
    events = act(game, 0, type="decline")
    # then: Xiahou Dun deals him 1 damage, with no card, so Jianxiong is not offered
    assert named(events, "Damaged") == [{"seat": 0, "source": 1, "amount": 1, "cards": [],
                                         "reason": "ganglie"}]
    assert "SkillUsed" not in kinds(events) and game.ask == "play"
    assert game.hp == [3, 3, 4, 4]


def test_ganglie_on_a_heart_does_nothing() -> None:
    heart = card(("dodge", "H", 13))
    game, kill = _ganglie("zhangfei", pile=[heart])
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")
    events = act(game, 1, type="skill", skill="ganglie")
    assert named(events, "Judged")[0]["result"] is False
    assert game.ask == "play" and game.to_act() == [0] and game.hp == [4, 3, 4, 4]
    assert heart in game.discard


def test_ganglie_a_source_with_fewer_than_two_hand_cards_takes_the_damage() -> None:
    # given: Zhang Fei equips four cards first, so one card is left after his Kill
    gear = [card("eight_trigrams"), card(("plus_horse", "C", 5)), card(("minus_horse", "H", 5))]
    bow, black = card("crossbow"), card(("kill", "C", 3))
    kill = card(KILL_S7)
    game = table(hands={0: [kill, *gear]}, pile=[bow, None, black],
                 generals=["zhangfei", "xiahoudun", "guanyu", "zhaoyun"])
    for c in [*gear, bow]:
        act(game, 0, type="use", card=c)
    act(game, 0, type="use", card=kill, targets=[1])
    assert len(game.hands[0]) == 1
    act(game, 1, type="decline")
    act(game, 1, type="skill", skill="ganglie")
    # then: the damage is the only way
    assert game.legal_actions(0) == [{"type": "decline"}]
    refuse(game, 0, WrongAction, type="discard", cards=list(game.hands[0]))
    events = act(game, 0, type="decline")
    assert named(events, "Damaged")[0]["seat"] == 0 and game.hp[0] == 3


def test_ganglie_needs_a_source() -> None:
    game = table(generals=["zhangfei", "xiahoudun", "guanyu", "zhaoyun"])
    events = _inflict(game, 1, None)
    assert kinds(events) == ["Damaged"] and game.ask == "play" and game.to_act() == [0]


# --- Zhang Liao: Tuxi -------------------------------------------------------------------------
def test_tuxi_takes_a_hand_card_from_each_of_two_players_instead_of_drawing() -> None:
    # given: Zhang Liao (seat 0, lord) at his draw phase
    game = table(generals=["zhangliao", "guanyu", "zhangfei", "zhaoyun"])
    assert asked(0, "tuxi")(game) and len(game.hands[0]) == 4
    offers = [a["targets"] for a in game.legal_actions(0) if a["type"] == "skill"]
    assert offers == [[1], [2], [3], [1, 2], [1, 3], [2, 3]]
    refuse(game, 0, NotAChoice, type="skill", skill="tuxi", targets=[0])
    refuse(game, 0, NotAChoice, type="skill", skill="tuxi", targets=[1, 2, 3])
    hands = [list(h) for h in game.hands]
    since = mark(game)
    # when: he takes from Guan Yu and Zhao Yun
    events = act(game, 0, type="skill", skill="tuxi", targets=[1, 3])
    # then: one card from each, in seat order, and no draw
    taken = named(events, "CardTaken")
    assert [(t["source"], t["area"], t["reason"]) for t in taken] == [(1, "hand", "tuxi"),
                                                                      (3, "hand", "tuxi")]
    assert taken[0]["card"] in hands[1] and taken[1]["card"] in hands[3]
    assert "CardsDrawn" not in kinds(events) and game.ask == "play"
    assert sorted(game.hands[0]) == sorted(hands[0] + [t["card"] for t in taken])
    assert [len(h) for h in game.hands] == [6, 3, 4, 3]
    # and: Zhang Fei sees that cards were taken, not which; each victim sees its own
    for viewer, shown in ((0, [True, True]), (1, [True, False]), (2, [False, False]),
                          (3, [False, True])):
        data = named(seen(game, since, viewer), "CardTaken")
        assert [d["card"] is not None for d in data] == shown


def test_tuxi_declined_zhang_liao_draws_as_usual() -> None:
    game = table(generals=["zhangliao", "guanyu", "zhangfei", "zhaoyun"])
    events = act(game, 0, type="decline")
    assert kinds(events) == ["Declined", "CardsDrawn"]
    assert named(events, "CardsDrawn")[0]["reason"] == "draw_phase"
    assert [len(h) for h in game.hands] == [6, 4, 4, 4]


def test_tuxi_from_one_player() -> None:
    game = table(generals=["zhangliao", "guanyu", "zhangfei", "zhaoyun"])
    events = act(game, 0, type="skill", skill="tuxi", targets=[2])
    assert [t["source"] for t in named(events, "CardTaken")] == [2]
    assert [len(h) for h in game.hands] == [5, 4, 3, 4]


# --- Xu Chu: Luoyi ---------------------------------------------------------------------------
def test_luoyi_draws_one_fewer_and_his_kill_deals_two() -> None:
    kill = card(KILL_S7)
    game = table(hands={0: [kill]}, generals=["xuchu", "guanyu", "zhangfei", "zhaoyun"])
    assert asked(0, "luoyi")(game)
    events = act(game, 0, type="skill", skill="luoyi")
    assert kinds(events) == ["SkillUsed", "CardsDrawn"]
    assert len(named(events, "CardsDrawn")[0]["cards"]) == 1 and len(game.hands[0]) == 5
    act(game, 0, type="use", card=kill, targets=[1])
    events = act(game, 1, type="decline")
    assert named(events, "Damaged")[0] == {"seat": 1, "source": 0, "amount": 2,
                                           "cards": [kill], "reason": "kill"}
    assert game.hp[1] == 2


def test_luoyi_a_duel_xu_chu_wins_deals_two_one_he_loses_deals_him_one() -> None:
    duels = [card(("duel", "S", 1)), card(("duel", "C", 1))]
    kill = card(("kill", "C", 4))
    game = table(hands={0: duels, 1: [kill]},
                 generals=["xuchu", "zhangfei", "guanyu", "zhaoyun"])
    act(game, 0, type="skill", skill="luoyi")
    act(game, 0, type="use", card=duels[0], targets=[1])
    events = act(game, 1, type="decline")
    assert named(events, "Damaged")[0]["amount"] == 2 and game.hp[1] == 2
    # the second Duel: Zhang Fei answers with a Kill, Xu Chu has none
    act(game, 0, type="use", card=duels[1], targets=[1])
    act(game, 1, type="respond", card=kill)
    events = act(game, 0, type="decline")
    assert named(events, "Damaged")[0] == {"seat": 0, "source": 1, "amount": 1,
                                           "cards": [duels[1]], "reason": "duel"}
    assert game.hp[:2] == [3, 2]


def test_luoyi_a_blade_follow_up_kill_deals_two() -> None:
    blade, kills = card("blade"), [card(KILL_S7), card(("kill", "C", 2))]
    dodge = card(("dodge", "H", 2))
    game = table(hands={0: [blade, *kills], 1: [dodge]},
                 generals=["xuchu", "guanyu", "zhangfei", "zhaoyun"])
    act(game, 0, type="skill", skill="luoyi")
    act(game, 0, type="use", card=blade)
    act(game, 0, type="use", card=kills[0], targets=[1])
    act(game, 1, type="respond", card=dodge)
    assert game.ask == "blade" and game.to_act() == [0]
    act(game, 0, type="respond", card=kills[1])
    events = act(game, 1, type="decline")
    assert named(events, "Damaged")[0] == {"seat": 1, "source": 0, "amount": 2,
                                           "cards": [kills[1]], "reason": "kill"}


def test_luoyi_declined_draws_two_and_kills_deal_one() -> None:
    kill = card(KILL_S7)
    game = table(hands={0: [kill]}, generals=["xuchu", "guanyu", "zhangfei", "zhaoyun"])
    events = act(game, 0, type="decline")
    assert len(named(events, "CardsDrawn")[0]["cards"]) == 2
    act(game, 0, type="use", card=kill, targets=[1])
    events = act(game, 1, type="decline")
    assert named(events, "Damaged")[0]["amount"] == 1


# --- Guo Jia: Tiandu ---------------------------------------------------------------------------
def _lightning_on_guo_jia(judgment: int, hands: dict[int, list[Spec]] | None = None
                          ) -> tuple[IdentityGame, int]:
    """Given: Guo Jia (seat 0, lord) puts Lightning on himself in his first turn; its
    judgment, at his next turn, turns over ``judgment``."""
    bolt = card(("lightning", "S", 1))
    game = table(hands={0: [bolt], **(hands or {})}, pile=[None] * 8 + [judgment],
                 generals=["guojia", "guanyu", "zhangfei", "zhaoyun"])
    act(game, 0, type="use", card=bolt)
    until(game, asked(0, "tiandu"))
    return game, bolt


def test_tiandu_takes_the_judgment_card_of_a_lightning_that_missed() -> None:
    heart = card(("kill", "H", 10))
    game, bolt = _lightning_on_guo_jia(heart)
    assert game.turn == 5 and game.view(1)["pending"]["context"]["card"] == heart
    events = act(game, 0, type="skill", skill="tiandu")
    assert kinds(events)[:2] == ["SkillUsed", "LightningPassed"]
    assert named(events, "LightningPassed")[0] == {"seat": 0, "to": 1, "card": bolt}
    assert heart in game.hands[0] and heart not in game.discard
    assert game.judging[1] == [bolt] and game.hp[0] == 3


def test_tiandu_declined_the_judgment_card_is_discarded() -> None:
    heart = card(("kill", "H", 10))
    game, bolt = _lightning_on_guo_jia(heart)
    events = act(game, 0, type="decline")
    assert events[0] == ("Declined", {"seat": 0, "ask": "skill"})
    assert heart in game.discard and heart not in game.hands[0] and game.judging[1] == [bolt]
    refuse(game, 0, WrongAction, type="skill", skill="tiandu")


def test_tiandu_after_a_lightning_strike_then_yiji_for_each_of_three_points() -> None:
    # given: the judgment is a spade 7: the Lightning strikes Guo Jia (3 HP) for 3
    spade, peach = card(KILL_S7), card(("peach", "H", 4))
    game, bolt = _lightning_on_guo_jia(spade, hands={0: [card(("lightning", "S", 1)), peach]})
    # when: he takes the judgment card first
    events = act(game, 0, type="skill", skill="tiandu")
    # then: the strike lands; dying, he saves himself with his Peach
    assert named(events, "Damaged")[0] == {"seat": 0, "source": None, "amount": 3,
                                           "cards": [bolt], "reason": "lightning"}
    assert spade in game.hands[0] and bolt in game.flight  # on the table while it strikes
    assert game.ask == "peach" and game.to_act() == [0]
    events = act(game, 0, type="respond", card=peach)
    assert kinds(events)[:2] == ["Responded", "Rescued"] and game.hp[0] == 1
    # and: Yiji is asked once per point of damage
    assert asked(0, "yiji")(game)
    count = 0
    while asked(0, "yiji")(game):
        act(game, 0, type="decline")
        count += 1
    assert count == 3 and bolt in game.discard and not game.flight


def test_a_lightning_that_kills_guo_jia_asks_no_yiji() -> None:
    # given: Guo Jia (seat 1, 3 HP, no Peach anywhere) puts Lightning on himself; at his
    # next turn it strikes
    bolt, spade = card(("lightning", "S", 1)), card(KILL_S7)
    game = table(hands={1: [bolt]}, pile=[None] * 10 + [spade],
                 generals=["zhangfei", "guojia", "guanyu", "zhaoyun"])
    until(game, play_phase(1))
    act(game, 1, type="use", card=bolt)
    until(game, asked(1, "tiandu"))
    events = act(game, 1, type="decline")
    # then: he dies of it; no Yiji is asked of a dead man; the next turn begins
    assert kinds(events)[:4] == ["Declined", "Damaged", "Dying", "Died"]
    assert not game.alive[1] and game.current == 2 and game.outcome is None
    assert "SkillUsed" not in kinds(events) and bolt in game.discard and not game.flight


def test_tiandu_is_only_for_guo_jias_own_judgment() -> None:
    # given: Zhao Yun's Eight Trigrams judgment at a table with Guo Jia
    armor, kill = card("eight_trigrams"), card(KILL_S7)
    game = table(hands={0: [armor], 1: [kill]},
                 generals=["zhaoyun", "guojia", "zhangfei", "guanyu"])
    act(game, 0, type="use", card=armor)
    until(game, play_phase(1))
    act(game, 1, type="use", card=kill, targets=[0])
    events = act(game, 0, type="eight_trigrams")
    # then: nobody is asked for Tiandu; the judgment card is discarded
    judged = named(events, "Judged")[0]
    assert game.ask != "skill" and judged["card"] in game.discard


# --- Guo Jia: Yiji -------------------------------------------------------------------------------
def test_yiji_per_point_shares_the_top_two_cards_seen_by_guo_jia_alone() -> None:
    # given: Xu Chu (seat 0, lord) with Luoyi Kills Guo Jia (seat 1): 2 damage
    kill = card(KILL_S7)
    top = [card(("peach", "H", 6)), card(("dodge", "D", 3)), card(("kill", "C", 5)),
           card(("kill", "C", 6))]
    game = table(hands={0: [kill]}, pile=[None, *top],
                 generals=["xuchu", "guojia", "zhangfei", "zhaoyun"])
    act(game, 0, type="skill", skill="luoyi")
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")
    assert game.hp[1] == 1 and asked(1, "yiji")(game)
    since = mark(game)
    # when: Guo Jia looks at the top two cards
    events = act(game, 1, type="skill", skill="yiji")
    assert named(events, "CardsPeeked")[0] == {"seat": 1, "cards": top[:2], "reason": "yiji"}
    assert game.view(1)["pending"]["skill"] == "yiji" and game.to_act() == [1]
    gives = game.legal_actions(1)
    assert {"type": "give", "count": 1, "from": top[:2], "targets": [2]} in gives
    assert {"type": "give", "count": 2, "from": top[:2], "targets": [1]} in gives
    refuse(game, 1, Exception, type="give", cards=[top[2]], targets=[2])  # not looked at
    # the two cards are named in Guo Jia's view only (his choices), in no other seat's
    assert {str(c) for c in top[:2]} <= set(game.view(1)["cards"])
    for viewer in (0, 2, 3, "spectator"):
        view = game.view(viewer)
        assert "legal_actions" not in view and not {str(c) for c in top} & set(view["cards"])
    # when: he gives the Peach to Zhang Fei and keeps the Dodge
    events = act(game, 1, type="give", cards=[top[0]], targets=[2])
    events += act(game, 1, type="give", cards=[top[1]], targets=[1])
    assert named(events, "CardsGiven") == [
        {"seat": 1, "to": 2, "cards": [top[0]], "reason": "yiji"},
        {"seat": 1, "to": 1, "cards": [top[1]], "reason": "yiji"}]
    assert top[0] in game.hands[2] and top[1] in game.hands[1]
    # then: the second point asks again, with the next two cards
    assert asked(1, "yiji")(game)
    events = act(game, 1, type="skill", skill="yiji")
    events += act(game, 1, type="give", cards=top[2:], targets=[1])
    assert named(events, "CardsGiven") == [{"seat": 1, "to": 1, "cards": top[2:],
                                            "reason": "yiji"}]
    assert set(top[1:]) <= set(game.hands[1]) and game.ask == "play" and game.current == 0
    # and: the cards looked at are in Guo Jia's view only; a gift, in the taker's too
    for viewer in (0, 2, 3, "spectator"):
        assert all(d["cards"] is None for d in named(seen(game, since, viewer), "CardsPeeked"))
    assert [d["cards"] for d in named(seen(game, since, 1), "CardsPeeked")] == [top[:2], top[2:]]
    given = {v: [d["cards"] for d in named(seen(game, since, v), "CardsGiven")]
             for v in (1, 2, 3)}
    assert given[1] == [[top[0]], [top[1]], top[2:]]
    assert given[2] == [[top[0]], None, None] and given[3] == [None, None, None]
    assert told(game, 3)[-6:] == [
        "Guojia looks at the top 2 cards of the draw pile (yiji)",
        "Guojia gives Zhangfei a card (yiji)", "Guojia gives Guojia a card (yiji)",
        "Guojia uses Yiji", "Guojia looks at the top 2 cards of the draw pile (yiji)",
        "Guojia gives Guojia 2 cards (yiji)"]


# --- Zhen Ji: Luoshen --------------------------------------------------------------------
def test_luoshen_keeps_black_results_until_a_red_one() -> None:
    black, red = card(("kill", "S", 8)), card(("peach", "H", 7))
    game = table(pile=[black, red], generals=["zhenji", "guanyu", "zhangfei", "zhaoyun"])
    assert asked(0, "luoshen")(game)
    events = act(game, 0, type="skill", skill="luoshen")
    assert named(events, "Judged")[0] == {"seat": 0, "card": black, "reason": "luoshen",
                                          "result": True}
    assert named(events, "CardsGained")[0] == {"seat": 0, "cards": [black], "zone": "discard",
                                               "reason": "luoshen"}
    assert black in game.hands[0] and game.view(0)["pending"]["skill"] == "luoshen"
    assert game.legal_actions(0) == [{"type": "accept"}, {"type": "decline"}]
    events = act(game, 0, type="accept")
    assert named(events, "Judged")[0]["card"] == red and "CardsGained" not in kinds(events)
    assert red in game.discard and game.phase == "play"
    assert len(game.hands[0]) == 4 + 1 + 2


def test_luoshen_stops_when_zhen_ji_says_so() -> None:
    black = card(("kill", "S", 8))
    game = table(pile=[black], generals=["zhenji", "guanyu", "zhangfei", "zhaoyun"])
    act(game, 0, type="skill", skill="luoshen")
    events = act(game, 0, type="decline")
    assert events[0] == ("Declined", {"seat": 0, "ask": "luoshen"})
    assert kinds(events)[1] == "CardsDrawn" and black in game.hands[0]


def test_luoshen_a_red_result_retried_black_by_guicai_is_kept() -> None:
    # given: Sima Yi (seat 1) holds a black card; Zhen Ji's first result is red
    red, black = card(("peach", "H", 7)), card(("kill", "S", 9))
    game = table(hands={1: [black]}, pile=[red],
                 generals=["zhenji", "simayi", "zhangfei", "zhaoyun"])
    act(game, 0, type="skill", skill="luoshen")
    assert asked(1, "guicai")(game)
    # when: Sima Yi plays his black card in its place
    events = act(game, 1, type="skill", skill="guicai", card=black)
    # then: the result is black: Zhen Ji gains Sima Yi's card and may judge again
    assert named(events, "CardsGained")[0]["cards"] == [black]
    assert black in game.hands[0] and red in game.discard
    assert game.legal_actions(0) == [{"type": "accept"}, {"type": "decline"}]


# --- Zhen Ji: Qingguo ---------------------------------------------------------------------------
def test_qingguo_a_black_hand_card_is_played_as_a_dodge() -> None:
    kill, black, red = card(KILL_S7), card(("kill", "C", 7)), card(("peach", "H", 8))
    game = table(hands={0: [kill], 1: [black, red]},
                 generals=["zhangfei", "zhenji", "guanyu", "zhaoyun"])
    act(game, 0, type="use", card=kill, targets=[1])
    offered = {a["card"] for a in game.legal_actions(1) if a["type"] == "respond"}
    assert black in offered and red not in offered
    assert offered == {c for c in game.hands[1] if not RED[c]}
    refuse(game, 1, WrongResponse, type="respond", card=red, skill="qingguo")
    events = act(game, 1, type="respond", card=black, skill="qingguo")
    assert events[:2] == [
        ("SkillUsed", {"seat": 1, "skill": "qingguo", "cards": [black], "targets": [],
                       "choice": None}),
        ("Responded", {"seat": 1, "name": "dodge", "cards": [black], "ask": "dodge"})]
    assert game.hp[1] == 3 and black in game.discard and game.ask == "play"


def test_qingguo_takes_black_hand_cards_not_black_equipment() -> None:
    # given: Zhen Ji (seat 0, lord) wears the black Eight Trigrams; Guan Yu Kills her
    armor, kill = card("eight_trigrams"), card(KILL_S7)
    game = table(hands={0: [armor], 1: [kill]},
                 generals=["zhenji", "guanyu", "zhangfei", "zhaoyun"])
    act(game, 0, type="decline")  # no Luoshen
    act(game, 0, type="use", card=armor)
    until(game, play_phase(1))
    act(game, 1, type="use", card=kill, targets=[0])
    offered = {a["card"] for a in game.legal_actions(0) if a["type"] == "respond"}
    assert armor not in offered and offered == {c for c in game.hands[0] if not RED[c]}
    assert {"type": "eight_trigrams"} in game.legal_actions(0)
    refuse(game, 0, NotInHand, type="respond", card=armor, skill="qingguo")


def test_qingguo_is_not_used_in_zhen_jis_play_phase() -> None:
    game = table(generals=["zhenji", "guanyu", "zhangfei", "zhaoyun"])
    until(game, play_phase(0))
    assert all(a.get("as") != "dodge" for a in game.legal_actions(0))
    black = next(c for c in game.hands[0] if SUIT[c] in "SC")
    refuse(game, 0, Exception, type="use", card=black, skill="qingguo")
