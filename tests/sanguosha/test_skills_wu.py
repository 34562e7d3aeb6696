"""Stories of the Wu generals' skills (identity mode, docs/rules/generals.md §1.3).

Each story is given (a table whose seats keep the generals named), when (a seat acts),
then (the events recorded and the state they leave); an illegal use is refused with no
event. Seat 0 is the lord, 1 a rebel, 2 a loyalist, 3 the renegade.
"""

from __future__ import annotations

from typing import Any

from domain.game import GameOver, NotYourTurn
from domain.sanguosha.actions import (
    CannotUseNow,
    InvalidTarget,
    NotAChoice,
    OutOfRange,
    WrongAction,
)
from domain.sanguosha.cards import DISMANTLEMENT, INDULGENCE, MINUS, NAME, SUIT, WEAPON
from domain.sanguosha.text import SanguoshaNarrator
from tests.sanguosha.rig import act, card, end_turn, kinds, refuse, table
from tests.sanguosha.test_skills_shu import (
    data,
    empty_hand,
    recorded,
    replays,
    skill_actions,
    to_play,
    words,
)

Events = list[tuple[str, dict[str, Any]]]


def hearts(k: int, skip: set[int] | None = None) -> list[int]:
    """``k`` heart cards that answer nothing (no Kill, Dodge, Peach or Nullification)."""
    from domain.sanguosha.cards import DECK

    out = [c.id for c in DECK if c.suit == "H" and c.name not in
           ("kill", "dodge", "peach", "nullification") and c.id not in (skip or set())]
    return out[:k]


# --- Sun Quan: Zhiheng and Jiuyuan -------------------------------------------------------
def test_zhiheng_discards_hand_and_equipment_and_draws_as_many_once_a_phase() -> None:
    # given: Sun Quan (lord) wears a Qinggang Sword
    sword = card(("qinggang_sword", "S", 6))
    game = table(hands={0: [sword]}, generals=["sunquan", "liubei", "ganning", "lvbu"])
    act(game, 0, type="use", card=sword)
    hand = list(game.hands[0])
    offers = skill_actions(game, 0, "zhiheng")
    assert {a["count"] for a in offers} == set(range(1, len(hand) + 2))
    # when: he discards the sword and two hand cards
    gone = [sword, hand[0], hand[1]]
    events = act(game, 0, type="skill", skill="zhiheng", cards=gone)
    # then: three cards go to the discard pile and he draws three
    assert kinds(events) == ["SkillUsed", "CardsDrawn"]
    assert data(events, "CardsDrawn")["reason"] == "zhiheng"
    assert len(data(events, "CardsDrawn")["cards"]) == 3
    assert game.equip[0][WEAPON] is None and set(gone) <= set(game.discard)
    assert len(game.hands[0]) == len(hand) - 2 + 3
    # then: once per play phase
    assert skill_actions(game, 0, "zhiheng") == []
    refuse(game, 0, WrongAction, type="skill", skill="zhiheng", cards=game.hands[0][:1])
    assert replays(game)


def test_zhiheng_refuses_no_card_and_another_seats_card() -> None:
    game = table(generals=["sunquan", "liubei", "ganning", "lvbu"])
    refuse(game, 0, NotAChoice, type="skill", skill="zhiheng", cards=[])
    refuse(game, 0, NotAChoice, type="skill", skill="zhiheng", cards=[game.hands[1][0]])


def _sun_quan_dying(peaches: dict[int, Any]) -> Any:
    """Given: Sun Quan (lord, seat 0, 1 HP) is hit by Gan Ning's Kill (seat 1, a Wu
    rebel); Liu Bei (seat 2) is Shu and Da Qiao (seat 3) Wu; ``peaches`` says who holds
    a Peach."""
    kill = card(("kill", "C", 2))
    hands = {1: [kill]}
    for seat, spec in peaches.items():
        hands.setdefault(seat, []).append(spec)
    game = table(hands=hands, generals=["sunquan", "ganning", "liubei", "daqiao"])
    to_play(game, 1)
    game.hp[0] = 1  # (state set by hand: three points of damage taken earlier)
    act(game, 1, type="use", card=kill, targets=[0])
    events = act(game, 0, type="decline")
    assert kinds(events)[-2:] == ["Damaged", "Dying"] and game.ask == "peach"
    return game


def test_jiuyuan_a_wu_players_peach_heals_the_dying_lord_two() -> None:
    peach = card(("peach", "H", 3))
    game = _sun_quan_dying({3: peach})
    assert game.to_act() == [3]
    refuse(game, 0, NotYourTurn, type="skill", skill="jiuyuan")  # compulsory: no action
    events = act(game, 3, type="respond", card=peach)
    assert kinds(events) == ["Responded", "Rescued"]
    assert game.hp[0] == 2 and peach in game.discard


def test_jiuyuan_a_shu_players_peach_heals_one() -> None:
    peach = card(("peach", "H", 3))
    game = _sun_quan_dying({2: peach})
    assert game.to_act() == [2]
    events = act(game, 2, type="respond", card=peach)
    assert kinds(events) == ["Responded", "Rescued"] and game.hp[0] == 1


def test_jiuyuan_his_own_peach_heals_one_a_wu_rebels_two() -> None:
    own, theirs = card(("peach", "H", 3)), card(("peach", "H", 4))
    game = _sun_quan_dying({0: own})
    events = act(game, 0, type="respond", card=own)
    assert kinds(events) == ["Responded", "Rescued"] and game.hp[0] == 1
    # Gan Ning, who dealt the blow, is Wu: his Peach heals two
    game = _sun_quan_dying({1: theirs})
    assert game.to_act() == [1]
    act(game, 1, type="respond", card=theirs)
    assert game.hp[0] == 2


def test_jiuyuan_is_the_lords_alone() -> None:
    game = table(generals=["liubei", "sunquan", "ganning", "lvbu"])
    assert game.skills[1] == ("zhiheng",)


# --- Gan Ning: Qixi ------------------------------------------------------------------------
def test_qixi_a_black_card_from_hand_or_equipment_as_dismantlement() -> None:
    black = card(("kill", "S", 7))
    sword = card(("qinggang_sword", "S", 6))
    horse = card(("minus_horse", "H", 5))
    red = card(("peach", "H", 3))
    game = table(hands={0: [black, sword, red], 1: [horse]},
                 generals=["ganning", "liubei", "sunquan", "lvbu"])
    # a red card is no Dismantlement (and a Peach at full HP has no other use)
    refuse(game, 0, CannotUseNow, type="use", card=red, skill="qixi", targets=[1])
    events = act(game, 0, type="use", card=black, skill="qixi", targets=[1])
    assert data(events, "CardUsed") == {"seat": 0, "name": DISMANTLEMENT, "cards": [black],
                                        "targets": [1], "via": "play"}
    assert game.ask == "pick"
    events = act(game, 0, type="choose", area="hand")
    assert data(events, "CardsDiscarded")["reason"] == DISMANTLEMENT
    assert black in game.discard and game.ask == "play"
    # the equipped sword, black too
    act(game, 0, type="use", card=sword)
    assert {"type": "use", "card": sword, "as": DISMANTLEMENT, "skill": "qixi",
            "targets": [2]} in game.legal_actions(0)
    events = act(game, 0, type="use", card=sword, skill="qixi", targets=[2])
    assert data(events, "CardUsed")["name"] == DISMANTLEMENT
    assert game.equip[0][WEAPON] is None
    assert replays(game)


def test_qixi_is_not_played_in_answer() -> None:
    # Gan Ning cannot answer a Nullification window with Qixi (it is a use, in his phase)
    game = table(generals=["ganning", "liubei", "sunquan", "lvbu"])
    assert all(a.get("skill") != "qixi" or a["type"] == "use"
               for a in game.legal_actions(0))


# --- Lü Meng: Keji ------------------------------------------------------------------------
def test_keji_skips_the_discard_phase_when_no_kill_was_used() -> None:
    game = table(generals=["lvmeng", "liubei", "sunquan", "lvbu"])
    assert len(game.hands[0]) == 6 and game.hp[0] == 4
    act(game, 0, type="end_play")
    assert game.ask == "skill" and game.view(0)["pending"]["skill"] == "keji"
    events = act(game, 0, type="skill", skill="keji")
    assert kinds(events)[:2] == ["SkillUsed", "TurnEnded"]
    assert len(game.hands[0]) == 6 and game.current == 1
    assert replays(game)


def test_keji_declined_the_discard_phase_goes_on() -> None:
    game = table(generals=["lvmeng", "liubei", "sunquan", "lvbu"])
    act(game, 0, type="end_play")
    events = act(game, 0, type="decline")
    assert kinds(events) == ["Declined"] and game.ask == "discard"


def test_keji_not_offered_after_a_kill_used() -> None:
    kill = card(("kill", "C", 2))
    game = table(hands={0: [kill]}, generals=["lvmeng", "liubei", "sunquan", "lvbu"])
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")
    events = act(game, 0, type="end_play")
    assert game.ask == "discard" and "SkillUsed" not in kinds(events)
    refuse(game, 0, WrongAction, type="skill", skill="keji")


def test_keji_not_offered_after_a_kill_played_in_a_duel() -> None:
    # given: Lü Meng Duels seat 1; both play a Kill; seat 1 then gives up
    duel, kill = card(("duel", "S", 1)), card(("kill", "C", 2))
    theirs = card(("kill", "C", 3))
    game = table(hands={0: [duel, kill], 1: [theirs]},
                 generals=["lvmeng", "liubei", "sunquan", "lvbu"])
    act(game, 0, type="use", card=duel, targets=[1])
    act(game, 1, type="respond", card=theirs)
    act(game, 0, type="respond", card=kill)
    act(game, 1, type="decline")
    assert game.hp[1] == 3 and game.ask == "play" and game.kills == 0  # played, not used
    # then: the played Kill counts: no Keji (four cards, 4 HP: nothing to discard)
    events = act(game, 0, type="end_play")
    assert "SkillUsed" not in kinds(events) and "Declined" not in kinds(events)
    assert ("TurnEnded", {"seat": 0}) in events and game.current == 1
    assert replays(game)


def test_keji_offered_after_a_duel_he_lost_without_a_kill() -> None:
    duel = card(("duel", "S", 1))
    theirs = card(("kill", "C", 3))
    game = table(hands={0: [duel], 1: [theirs]},
                 generals=["lvmeng", "liubei", "sunquan", "lvbu"])
    act(game, 0, type="use", card=duel, targets=[1])
    act(game, 1, type="respond", card=theirs)
    events = act(game, 0, type="decline")
    assert data(events, "Damaged")["seat"] == 0
    act(game, 0, type="end_play")
    assert game.ask == "skill" and game.view(0)["pending"]["skill"] == "keji"


def test_keji_a_kill_played_outside_his_turn_does_not_count() -> None:
    # given: Lü Meng (seat 1) plays a Kill against Liu Bei's Duel in Liu Bei's turn
    duel, kill = card(("duel", "S", 1)), card(("kill", "C", 2))
    game = table(hands={0: [duel], 1: [kill]},
                 generals=["liubei", "lvmeng", "sunquan", "lvbu"])
    act(game, 0, type="use", card=duel, targets=[1])
    act(game, 1, type="respond", card=kill)
    act(game, 0, type="decline")
    to_play(game, 1)
    act(game, 1, type="end_play")
    assert game.ask == "skill" and game.view(1)["pending"]["skill"] == "keji"
    assert replays(game)


# --- Huang Gai: Kurou -----------------------------------------------------------------------
def test_kurou_loses_one_hp_then_draws_two_as_often_as_he_likes() -> None:
    game = table(generals=["huanggai", "liubei", "sunquan", "lvbu"])
    for hp in (3, 2):
        before = len(game.hands[0])
        events = act(game, 0, type="skill", skill="kurou")
        assert kinds(events) == ["SkillUsed", "HpLost", "CardsDrawn"]
        assert data(events, "HpLost") == {"seat": 0, "amount": 1, "reason": "kurou"}
        assert data(events, "CardsDrawn")["reason"] == "kurou"
        assert game.hp[0] == hp and len(game.hands[0]) == before + 2
    assert game.ask == "play"
    # not in another's turn
    end_turn(game)
    refuse(game, 0, NotYourTurn, type="skill", skill="kurou")
    assert replays(game)


def test_kurou_into_dying_saved_then_draws() -> None:
    # given: Huang Gai (seat 1, a rebel) at 1 HP holds a Peach
    peach = card(("peach", "H", 3))
    game = table(hands={1: [peach]}, generals=["liubei", "huanggai", "sunquan", "lvbu"])
    to_play(game, 1)
    game.hp[1] = 1  # (state set by hand)
    events = act(game, 1, type="skill", skill="kurou")
    assert kinds(events) == ["SkillUsed", "HpLost", "Dying"]
    assert data(events, "Dying") == {"seat": 1, "source": None}
    assert game.ask == "peach" and game.to_act() == [1]
    # when: he saves himself: then he draws
    events = act(game, 1, type="respond", card=peach)
    assert kinds(events) == ["Responded", "Rescued", "CardsDrawn"]
    assert data(events, "CardsDrawn")["reason"] == "kurou" and game.hp[1] == 1


def test_kurou_into_death_draws_nothing() -> None:
    game = table(generals=["liubei", "huanggai", "sunquan", "lvbu"])
    to_play(game, 1)
    game.hp[1] = 1
    events = act(game, 1, type="skill", skill="kurou")
    assert kinds(events)[:4] == ["SkillUsed", "HpLost", "Dying", "Died"]
    assert "CardsDrawn" not in kinds(events[:events.index(next(
        e for e in events if e[0] == "Died")) + 1])
    assert not game.alive[1] and data(events, "Died")["killer"] is None
    assert game.current != 1  # his turn ended with him


# --- Zhou Yu: Yingzi and Fanjian ------------------------------------------------------------
def test_yingzi_draws_three() -> None:
    game = table(generals=["zhouyu", "liubei", "sunquan", "lvbu"])
    assert game.ask == "skill" and game.view(0)["pending"]["skill"] == "yingzi"
    refuse(game, 0, WrongAction, type="end_play")  # the draw phase waits on Yingzi
    events = act(game, 0, type="skill", skill="yingzi")
    assert kinds(events) == ["SkillUsed", "CardsDrawn"]
    refuse(game, 0, NotAChoice, type="skill", skill="yingzi")  # once, in the draw phase
    assert len(data(events, "CardsDrawn")["cards"]) == 3 and len(game.hands[0]) == 7
    declined = table(generals=["zhouyu", "liubei", "sunquan", "lvbu"])
    events = act(declined, 0, type="decline")
    assert len(data(events, "CardsDrawn")["cards"]) == 2
    assert replays(game)


def _fanjian_table() -> Any:
    """Given: Zhou Yu (lord) holds only hearts, in his play phase (Yingzi declined)."""
    cards = hearts(7)
    game = table(hands={0: cards[:4]}, pile=cards[4:],
                 generals=["zhouyu", "liubei", "sunquan", "lvbu"])
    act(game, 0, type="decline")
    assert game.ask == "play" and all(SUIT[c] == "H" for c in game.hands[0])
    return game


def test_fanjian_a_wrong_suit_deals_one_damage_and_the_card_is_shown() -> None:
    game = _fanjian_table()
    events = act(game, 0, type="skill", skill="fanjian", targets=[1])
    assert kinds(events) == ["SkillUsed"]
    # then: the target names a suit
    assert game.to_act() == [1] and game.view(1)["pending"]["skill"] == "fanjian"
    assert game.legal_actions(1) == [{"type": "choose", "suit": s} for s in "SHCD"]
    events = act(game, 1, type="choose", suit="S")
    # then: it takes one of his cards blind, shown to all; a heart is not a spade
    assert kinds(events) == ["SuitNamed", "CardTaken", "Damaged"]
    taken = data(events, "CardTaken")
    assert taken["seat"] == 1 and taken["source"] == 0 and taken["reason"] == "fanjian"
    assert taken["card"] in game.hands[1] and SUIT[taken["card"]] == "H"
    assert data(events, "Damaged") == {"seat": 1, "source": 0, "amount": 1, "cards": [],
                                       "reason": "fanjian"}
    assert game.hp[1] == 3 and len(game.hands[0]) == 5
    for viewer in (2, 3, "spectator"):
        assert game.event_view(recorded(game, "CardTaken"), viewer)["data"]["card"] \
            == taken["card"]
    assert any(t.startswith("Liubei names ") and "(Fanjian)" in t for t in words(game, 2))
    # then: once per play phase
    assert skill_actions(game, 0, "fanjian") == []
    refuse(game, 0, WrongAction, type="skill", skill="fanjian", targets=[2])
    assert replays(game)


def test_fanjian_the_right_suit_no_damage() -> None:
    game = _fanjian_table()
    act(game, 0, type="skill", skill="fanjian", targets=[2])
    events = act(game, 2, type="choose", suit="H")
    assert kinds(events) == ["SuitNamed", "CardTaken"]
    assert game.hp[2] == 4 and game.ask == "play" and game.to_act() == [0]
    assert replays(game)


def test_fanjian_refuses_himself_an_unnamed_suit_and_an_empty_hand() -> None:
    game = _fanjian_table()
    refuse(game, 0, NotAChoice, type="skill", skill="fanjian", targets=[0])
    act(game, 0, type="skill", skill="fanjian", targets=[1])
    refuse(game, 1, NotAChoice, type="choose", suit="X")
    empty = table(generals=["zhouyu", "liubei", "sunquan", "lvbu"])
    act(empty, 0, type="decline")
    empty_hand(empty, 0)
    assert skill_actions(empty, 0, "fanjian") == []


# --- Da Qiao: Guose and Liuli ---------------------------------------------------------------
def test_guose_a_diamond_as_indulgence_judged_as_indulgence() -> None:
    # given: Da Qiao (lord) holds two diamonds; seat 1's judgment will be a spade
    diamond, other = card(("dodge", "D", 3)), card(("kill", "D", 6))
    spade = card(("kill", "S", 7))
    game = table(hands={0: [diamond, other]}, pile=[None, None, spade],
                 generals=["daqiao", "liubei", "sunquan", "lvbu"])
    events = act(game, 0, type="use", card=diamond, skill="guose", targets=[1])
    assert data(events, "CardUsed") == {"seat": 0, "name": INDULGENCE, "cards": [diamond],
                                        "targets": [1], "via": "play"}
    assert game.judging[1] == [diamond]
    # every view shows the Dodge in the judgment area as the Indulgence it was used as
    for viewer in (1, 2, "spectator"):
        view = game.view(viewer)
        assert view["seats"][1]["judgment"] == [[diamond, INDULGENCE]]
        assert view["cards"][str(diamond)]["name"] == "dodge"
    assert "judging: Dodge ♦3" in SanguoshaNarrator().table(game.view(2))
    # a second Indulgence cannot join it (refused as an Indulgence, not as the Kill it is)
    assert {a["targets"][0] for a in game.legal_actions(0) if a.get("card") == other
            and a.get("skill") == "guose"} == {2, 3}
    refuse(game, 0, InvalidTarget, type="use", card=other, skill="guose", targets=[1])
    # when: seat 1's turn: the Dodge is judged as an Indulgence; a spade skips his play
    events = end_turn(game)
    assert data(events, "Judged") == {"seat": 1, "card": spade, "reason": INDULGENCE,
                                      "result": True}
    assert ("PhaseChanged", {"seat": 1, "phase": "discard", "skipped": "play"}) in events
    assert diamond in game.discard and game.judging[1] == []
    assert game.current == 1 and game.ask == "discard"
    assert replays(game)


def test_guose_indulgence_judged_a_heart_the_play_phase_stays() -> None:
    diamond = card(("dodge", "D", 3))
    heart = card(("kill", "H", 10))
    game = table(hands={0: [diamond]}, pile=[None, None, heart],
                 generals=["daqiao", "liubei", "sunquan", "lvbu"])
    act(game, 0, type="use", card=diamond, skill="guose", targets=[1])
    to_play(game, 1)
    assert game.current == 1 and game.ask == "play"
    assert diamond in game.discard and heart in game.discard
    assert replays(game)


def test_guose_refuses_a_heart_and_lu_xun() -> None:
    heart = card(("peach", "H", 3))
    diamond = card(("dodge", "D", 3))
    game = table(hands={0: [heart, diamond]}, generals=["daqiao", "luxun", "sunquan", "lvbu"])
    refuse(game, 0, CannotUseNow, type="use", card=heart, skill="guose", targets=[2])
    refuse(game, 0, InvalidTarget, type="use", card=diamond, skill="guose", targets=[1])
    assert {a["targets"][0] for a in game.legal_actions(0)
            if a.get("card") == diamond and a.get("skill") == "guose"} == {2, 3}


def _liuli_table(gear: int) -> Any:
    """Given: Da Qiao (lord, seat 0) wears ``gear``; Gan Ning (seat 1) kills her."""
    kill = card(("kill", "C", 2))
    game = table(hands={0: [gear], 1: [kill]},
                 generals=["daqiao", "ganning", "liubei", "sunquan"])
    act(game, 0, type="use", card=gear)
    to_play(game, 1)
    act(game, 1, type="use", card=kill, targets=[0])
    assert game.ask == "skill" and game.view(0)["pending"]["skill"] == "liuli"
    return game


def test_liuli_range_is_measured_without_the_discarded_weapon() -> None:
    sword = card(("qinggang_sword", "S", 6))
    game = _liuli_table(sword)
    offers = {(a["card"], a["targets"][0]) for a in game.legal_actions(0)
              if a["type"] == "skill"}
    hand = game.hands[0]
    # a hand card keeps the sword's range 2: seats 2 and 3 (never the Kill's user, 1)
    assert offers == {(c, t) for c in hand for t in (2, 3)} | {(sword, 3)}
    refuse(game, 0, NotAChoice, type="skill", skill="liuli", card=sword, targets=[2])
    refuse(game, 0, NotAChoice, type="skill", skill="liuli", card=hand[0], targets=[1])
    # when: she discards a hand card and passes the Kill to Liu Bei (seat 2)
    events = act(game, 0, type="skill", skill="liuli", card=hand[0], targets=[2])
    assert kinds(events) == ["SkillUsed"]
    assert data(events, "SkillUsed")["targets"] == [2]
    assert game.ask == "dodge" and game.to_act() == [2]
    events = act(game, 2, type="decline")
    assert data(events, "Damaged")["seat"] == 2 and data(events, "Damaged")["source"] == 1
    assert game.hp[0] == 3 and game.hp[2] == 3
    assert any(t.startswith("Daqiao discards ") and "turns the Kill to Liubei (Liuli)" in t
               for t in words(game, "spectator"))
    assert replays(game)


def test_liuli_discarding_the_minus_horse_shortens_the_reach() -> None:
    horse = card(("minus_horse", "H", 5))
    game = _liuli_table(horse)
    offers = {(a["card"], a["targets"][0]) for a in game.legal_actions(0)
              if a["type"] == "skill"}
    assert offers == {(c, t) for c in game.hands[0] for t in (2, 3)} | {(horse, 3)}
    events = act(game, 0, type="skill", skill="liuli", card=horse, targets=[3])
    assert game.equip[0][MINUS] is None and horse in game.discard
    assert game.to_act() == [3] and kinds(events) == ["SkillUsed"]
    assert replays(game)


def test_liuli_cannot_pass_to_kongcheng_zhuge_liang() -> None:
    sword = card(("qinggang_sword", "S", 6))
    kill = card(("kill", "C", 2))
    game = table(hands={0: [sword], 1: [kill]},
                 generals=["daqiao", "ganning", "zhugeliang", "sunquan"])
    act(game, 0, type="use", card=sword)
    to_play(game, 1)
    empty_hand(game, 2)
    act(game, 1, type="use", card=kill, targets=[0])
    assert {a["targets"][0] for a in game.legal_actions(0) if a["type"] == "skill"} == {3}
    refuse(game, 0, NotAChoice, type="skill", skill="liuli", card=game.hands[0][0],
           targets=[2])


def test_liuli_declined_she_is_the_target() -> None:
    game = _liuli_table(card(("qinggang_sword", "S", 6)))
    events = act(game, 0, type="decline")
    assert kinds(events) == ["Declined"] and game.ask == "dodge" and game.to_act() == [0]


def test_liuli_then_tieqi_judges_for_the_new_target() -> None:
    # given: Ma Chao (seat 1) kills Da Qiao, who passes it to seat 3; the judgment is red
    kill = card(("kill", "C", 2))
    dodge = card(("dodge", "D", 2))
    red = card(("peach", "H", 4))
    game = table(hands={1: [kill], 3: [dodge]}, pile=[None, None, None, None, red],
                 generals=["daqiao", "machao", "liubei", "sunquan"])
    to_play(game, 1)
    act(game, 1, type="use", card=kill, targets=[0])
    act(game, 0, type="skill", skill="liuli", card=game.hands[0][0], targets=[3])
    assert game.view(1)["pending"]["skill"] == "tieqi"
    assert game.view(1)["pending"]["context"]["target"] == 3
    events = act(game, 1, type="skill", skill="tieqi")
    assert kinds(events) == ["SkillUsed", "Judged", "Damaged"]
    assert data(events, "Damaged")["seat"] == 3 and dodge in game.hands[3]
    assert replays(game)


# --- Lu Xun: Qianxun and Lianying -------------------------------------------------------------
def test_qianxun_no_snatch_or_indulgence() -> None:
    snatch, indulgence = card(("snatch", "S", 3)), card(("indulgence", "S", 6))
    dismantle = card(("dismantlement", "S", 3))
    game = table(hands={0: [snatch, indulgence, dismantle]},
                 generals=["liubei", "luxun", "sunquan", "lvbu"])
    refuse(game, 0, OutOfRange, type="use", card=snatch, targets=[1])
    refuse(game, 0, InvalidTarget, type="use", card=indulgence, targets=[1])
    assert {"type": "use", "card": dismantle, "targets": [1]} in game.legal_actions(0)


def test_lianying_draws_when_the_last_card_is_used() -> None:
    # given: Lu Xun (lord) holds one Kill and nothing else
    kill = card(("kill", "C", 2))
    game = table(hands={0: [kill]}, generals=["luxun", "liubei", "sunquan", "lvbu"])
    game.discard.extend(c for c in game.hands[0] if c != kill)
    game.hands[0][:] = [kill]  # (state set by hand: the rest was spent)
    refuse(game, 0, WrongAction, type="skill", skill="lianying")  # he still holds a card
    events = act(game, 0, type="use", card=kill, targets=[1])
    # then: Lianying asks at once, before the Kill is answered
    assert kinds(events) == ["CardUsed"] and game.ask == "skill"
    assert game.view(0)["pending"]["skill"] == "lianying"
    events = act(game, 0, type="skill", skill="lianying")
    assert kinds(events) == ["SkillUsed", "CardsDrawn"]
    assert data(events, "CardsDrawn")["reason"] == "lianying" and len(game.hands[0]) == 1
    assert game.ask == "dodge" and game.to_act() == [1]


def test_lianying_when_the_last_card_is_put_on_as_equipment() -> None:
    horse = card(("plus_horse", "C", 5))
    game = table(hands={0: [horse]}, generals=["luxun", "liubei", "sunquan", "lvbu"])
    game.discard.extend(c for c in game.hands[0] if c != horse)
    game.hands[0][:] = [horse]  # (state set by hand: the rest was spent)
    events = act(game, 0, type="use", card=horse)
    assert kinds(events) == ["CardUsed"] and game.view(0)["pending"]["skill"] == "lianying"
    events = act(game, 0, type="skill", skill="lianying")
    assert kinds(events) == ["SkillUsed", "CardsDrawn"] and len(game.hands[0]) == 1


def test_lianying_when_the_last_card_is_dismantled_and_declined() -> None:
    # given: Lu Xun (seat 1) is down to one card; Gan Ning (lord) holds a black card
    black = card(("kill", "S", 7))
    game = table(hands={0: [black]}, generals=["ganning", "luxun", "sunquan", "lvbu"])
    held = game.hands[1].pop()
    empty_hand(game, 1)
    game.hands[1].append(held)  # (state set by hand: the rest was spent)
    # when: Gan Ning dismantles it through Qixi
    act(game, 0, type="use", card=black, skill="qixi", targets=[1])
    events = act(game, 0, type="choose", area="hand")
    assert kinds(events) == ["CardsDiscarded"] and held in game.discard
    # then: Lu Xun is asked in Gan Ning's turn; declined, he stays empty-handed
    assert game.ask == "skill" and game.view(1)["pending"]["skill"] == "lianying"
    events = act(game, 1, type="decline")
    assert kinds(events) == ["Declined"] and game.hands[1] == [] and game.ask == "play"


# --- Sun Shangxiang: Jieyin and Xiaoji --------------------------------------------------------
CAST_SSX = ["sunshangxiang", "liubei", "daqiao", "lvbu"]


def test_jieyin_heals_a_wounded_man_and_herself() -> None:
    game = table(generals=CAST_SSX)
    game.hp[0], game.hp[1] = 2, 2  # (state set by hand)
    two = game.hands[0][:2]
    offers = skill_actions(game, 0, "jieyin")
    assert [a["targets"] for a in offers] == [[1]] and offers[0]["count"] == 2
    events = act(game, 0, type="skill", skill="jieyin", cards=two, targets=[1])
    assert kinds(events) == ["SkillUsed", "Healed", "Healed"]
    assert [d["seat"] for n, d in events if n == "Healed"] == [1, 0]
    assert game.hp[:2] == [3, 3] and set(two) <= set(game.discard)
    # once per play phase
    refuse(game, 0, WrongAction, type="skill", skill="jieyin", cards=game.hands[0][:2],
           targets=[1])


def test_jieyin_at_full_hp_only_he_heals() -> None:
    game = table(generals=CAST_SSX)
    game.hp[3] = 3
    events = act(game, 0, type="skill", skill="jieyin", cards=game.hands[0][:2], targets=[3])
    assert kinds(events) == ["SkillUsed", "Healed"] and game.hp[3] == 4 and game.hp[0] == 3


def test_jieyin_refuses_a_woman_an_unwounded_man_and_one_card() -> None:
    game = table(generals=CAST_SSX)
    game.hp[2] = 2  # Da Qiao, wounded but a woman
    refuse(game, 0, WrongAction, type="skill", skill="jieyin", cards=game.hands[0][:2],
           targets=[2])
    refuse(game, 0, WrongAction, type="skill", skill="jieyin", cards=game.hands[0][:2],
           targets=[1])
    game.hp[1] = 3
    refuse(game, 0, WrongAction, type="skill", skill="jieyin", cards=game.hands[0][:1],
           targets=[1])


def test_xiaoji_draws_two_when_equipment_is_replaced() -> None:
    sword, axe = card(("qinggang_sword", "S", 6)), card(("axe", "D", 5))
    game = table(hands={0: [sword, axe]}, generals=CAST_SSX)
    events = act(game, 0, type="use", card=sword)
    assert kinds(events) == ["CardUsed"] and game.ask == "play"
    # when: the Axe replaces the sword: a card left her equipment area
    events = act(game, 0, type="use", card=axe)
    assert kinds(events) == ["CardUsed"] and game.ask == "skill"
    assert game.view(0)["pending"]["skill"] == "xiaoji"
    assert sword in game.discard and game.equip[0][WEAPON] == axe
    events = act(game, 0, type="skill", skill="xiaoji")
    assert kinds(events) == ["SkillUsed", "CardsDrawn"]
    assert len(data(events, "CardsDrawn")["cards"]) == 2
    assert data(events, "CardsDrawn")["reason"] == "xiaoji" and game.ask == "play"
    refuse(game, 0, WrongAction, type="skill", skill="xiaoji")  # one card lost, one use
    assert replays(game)


def test_xiaoji_when_equipment_is_dismantled_in_anothers_turn() -> None:
    horse = card(("plus_horse", "C", 5))
    dismantle = card(("dismantlement", "S", 3))
    game = table(hands={0: [horse], 1: [dismantle]}, generals=CAST_SSX)
    act(game, 0, type="use", card=horse)
    to_play(game, 1)
    act(game, 1, type="use", card=dismantle, targets=[0])
    events = act(game, 1, type="choose", card=horse)
    assert kinds(events) == ["CardsDiscarded"] and game.to_act() == [0]
    before = len(game.hands[0])
    events = act(game, 0, type="skill", skill="xiaoji")
    assert kinds(events) == ["SkillUsed", "CardsDrawn"] and len(game.hands[0]) == before + 2
    assert game.ask == "play" and game.current == 1
    assert replays(game)


def test_xiaoji_two_cards_leaving_together_ask_twice() -> None:
    # given: Sun Shangxiang (lord) wears an Axe, Eight Trigrams and a +1 horse
    axe, kill = card(("axe", "D", 5)), card(("kill", "C", 2))
    armor, horse = card(("eight_trigrams", "S", 2)), card(("plus_horse", "C", 5))
    dodge = card(("dodge", "D", 2))
    game = table(hands={0: [axe, kill, armor, horse], 1: [dodge]}, generals=CAST_SSX)
    for c in (axe, armor, horse):
        act(game, 0, type="use", card=c)
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="respond", card=dodge)
    # when: the Axe makes the dodged Kill hit by discarding her armour and horse
    events = act(game, 0, type="discard", cards=[armor, horse])
    assert data(events, "CardsDiscarded") == {"seat": 0, "cards": [armor, horse],
                                              "reason": "axe", "by": None}
    # then: Xiaoji is asked once per card, before the damage
    drawn = []
    for _ in range(2):
        assert game.ask == "skill" and game.view(0)["pending"]["skill"] == "xiaoji"
        events = act(game, 0, type="skill", skill="xiaoji")
        drawn += data(events, "CardsDrawn")["cards"]
    assert kinds(events)[-1] == "Damaged" and len(drawn) == 4
    assert game.hp[1] == 3 and game.ask == "play"
    assert replays(game)


def test_kurou_the_lord_dies_and_the_game_ends() -> None:
    game = table(generals=["huanggai", "liubei", "sunquan", "lvbu"])
    game.hp[0] = 1  # (state set by hand)
    events = act(game, 0, type="skill", skill="kurou")
    assert kinds(events)[:4] == ["SkillUsed", "HpLost", "Dying", "Died"]
    assert "CardsDrawn" not in kinds(events) and game.outcome is not None
    assert game.outcome["side"] == "rebels" and game.outcome["reason"] == "lord_died"
    refuse(game, 0, GameOver, type="skill", skill="kurou")


def test_liuli_does_not_pass_a_halberd_kill_to_a_seat_it_already_targets() -> None:
    # given: seat 1 holds one Kill and a Halberd; Da Qiao (seat 2) and seat 3 are both
    # targets of that Kill
    from domain.sanguosha.frames import KillUse, Trigger
    from domain.sanguosha.skills.wu import LIULI

    game = table(hands={2: ["dodge", "qinggang_sword"]}, n=5,
                 generals=["caocao", "guanyu", "daqiao", "liubei", "lvbu"])
    sword = next(c for c in game.hands[2] if NAME[c] == "qinggang_sword")
    game.hands[2].remove(sword)  # set by hand: Da Qiao wields it (range 2)
    game.equip[2][0] = sword
    frame = KillUse(name="kill", user=1, cards=[], targets=[2, 3])
    game.stack.append(frame)
    trig = Trigger(point="targeted", queue=[], context={"u": 1, "tg": 2})
    game.stack.append(trig)
    # then: Liuli offers no seat the Kill already targets, nor its user
    offered = {a["targets"][0] for a in LIULI.offers(game, 2, trig)}
    assert offered == {0, 4}
    game.stack.pop()
    game.stack.pop()
