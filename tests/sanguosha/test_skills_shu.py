"""Stories of the Shu generals' skills (identity mode, docs/rules/generals.md §1.2).

Each story is given (a table whose seats keep the generals named), when (a seat acts),
then (the events recorded and the state they leave); an illegal use is refused with no
event. Seat 0 is the lord, 1 a rebel, 2 a loyalist, 3 the renegade.
"""

from __future__ import annotations

from typing import Any

from domain.game import NotYourTurn
from domain.sanguosha.actions import (
    CannotUseNow,
    InvalidTarget,
    KillLimitReached,
    NotAChoice,
    OutOfRange,
    WrongAction,
    WrongCount,
)
from domain.sanguosha.cards import DECK_SIZE, KILL
from domain.sanguosha.identity import IdentityGame
from domain.sanguosha.text import SanguoshaNarrator
from domain.sanguosha.zones import locate
from tests.sanguosha.rig import (
    act,
    card,
    decline_skills,
    end_turn,
    kinds,
    pass_to,
    refuse,
    table,
)

Events = list[tuple[str, dict[str, Any]]]


# --- helpers -----------------------------------------------------------------------------
def to_play(game: IdentityGame, seat: int) -> None:
    """When: turns pass (skills declined) until it is ``seat``'s play phase."""
    decline_skills(game)
    if game.current == seat and game.ask == "play":
        return
    pass_to(game, seat)


def empty_hand(game: IdentityGame, seat: int) -> None:
    """Given: the seat's hand went to the discard pile (state set by hand, no event; every
    card stays accounted for)."""
    game.discard.extend(game.hands[seat])
    game.hands[seat].clear()


def recorded(game: IdentityGame, name: str) -> Any:
    """The last pending event of a kind (for ``event_view``)."""
    return next(e for e in reversed(game.pending_events) if type(e).__name__ == name)


def skill_actions(game: IdentityGame, seat: int, skill: str) -> list[dict[str, Any]]:
    return [a for a in game.legal_actions(seat) if a.get("skill") == skill
            and a["type"] == "skill"]


def data(events: Events, name: str) -> dict[str, Any]:
    return next(d for n, d in events if n == name)


def words(game: IdentityGame, viewer: Any) -> list[str]:
    """The game's move list in words, as ``viewer`` reads it."""
    views = [game.event_view(e, viewer) for e in game.pending_events]
    return [m.text for m in SanguoshaNarrator().moves(views, game.players)]


def replays(game: IdentityGame) -> bool:
    """Then: every card is in one place, and the events alone rebuild the same table
    (stories that set no state by hand)."""
    assert len(locate(game)) == DECK_SIZE
    rebuilt = None
    for e in game.pending_events:
        rebuilt = e.mutate(rebuilt)
    assert rebuilt is not None
    return bool(rebuilt.view("referee") == game.view("referee"))


# --- Liu Bei: Rende ----------------------------------------------------------------------
SHU = ["liubei", "guanyu", "zhangfei", "zhugeliang"]


def test_rende_gives_cards_and_heals_once_when_two_have_been_given() -> None:
    # given: Liu Bei (lord, seat 0) is wounded, in his play phase
    game = table(generals=SHU)
    game.hp[0] = 2  # (state set by hand: two points of damage taken earlier)
    first, second, third = game.hands[0][:3]
    # when: he gives one card to Guan Yu: no heal yet
    events = act(game, 0, type="skill", skill="rende", cards=[first], targets=[1])
    assert kinds(events) == ["SkillUsed"]
    assert data(events, "SkillUsed")["cards"] == [first]
    assert first in game.hands[1] and first not in game.hands[0] and game.hp[0] == 2
    # when: a second card, to another player: two given this phase, he heals 1
    events = act(game, 0, type="skill", skill="rende", cards=[second], targets=[2])
    assert kinds(events) == ["SkillUsed", "Healed"]
    assert data(events, "Healed") == {"seat": 0, "amount": 1, "reason": "rende"}
    assert second in game.hands[2] and game.hp[0] == 3
    # when: a third card: the heal was this phase's only one
    events = act(game, 0, type="skill", skill="rende", cards=[third], targets=[1])
    assert kinds(events) == ["SkillUsed"] and game.hp[0] == 3
    assert game.ask == "play" and game.current == 0


def test_rende_two_cards_at_once_heal_and_nothing_at_full_hp() -> None:
    game = table(generals=SHU)
    game.hp[0] = 3
    two = game.hands[0][:2]
    events = act(game, 0, type="skill", skill="rende", cards=two, targets=[3])
    assert kinds(events) == ["SkillUsed", "Healed"] and game.hp[0] == 4
    assert set(two) <= set(game.hands[3])
    # at full HP two more cards give no heal (and the phase's heal is spent anyway)
    full = table(generals=SHU)
    events = act(full, 0, type="skill", skill="rende", cards=full.hands[0][:2], targets=[1])
    assert kinds(events) == ["SkillUsed"] and full.hp[0] == 4


def test_rende_counts_anew_in_each_play_phase() -> None:
    # given: at full HP Liu Bei gives two cards away (no heal), then Guan Yu wounds him
    kill = card(("kill", "C", 2))
    game = table(hands={1: [kill]}, generals=SHU)
    events = act(game, 0, type="skill", skill="rende", cards=game.hands[0][:2], targets=[2])
    assert kinds(events) == ["SkillUsed"]
    to_play(game, 1)
    act(game, 1, type="use", card=kill, targets=[0])
    act(game, 0, type="decline")
    assert game.hp[0] == 3
    # when: in his next play phase he gives two cards again
    to_play(game, 0)
    events = act(game, 0, type="skill", skill="rende", cards=game.hands[0][:1], targets=[3])
    assert kinds(events) == ["SkillUsed"]
    events = act(game, 0, type="skill", skill="rende", cards=game.hands[0][:1], targets=[3])
    # then: this phase's second card heals him
    assert kinds(events) == ["SkillUsed", "Healed"] and game.hp[0] == 4
    assert replays(game)


def test_rende_cards_are_seen_by_giver_and_receiver_only() -> None:
    game = table(generals=SHU)
    given = game.hands[0][:2]
    act(game, 0, type="skill", skill="rende", cards=given, targets=[1])
    used = recorded(game, "SkillUsed")
    for viewer in (0, 1, "referee"):
        assert game.event_view(used, viewer)["data"]["cards"] == given
    for viewer in (2, 3, "spectator"):
        shown = game.event_view(used, viewer)["data"]
        assert shown["cards"] is None and shown["count"] == 2 and shown["targets"] == [1]
    assert game.view(2)["seats"][1]["hand"] is None
    assert game.view(2)["seats"][1]["hand_count"] == 6


def test_rende_refuses_a_card_not_held_a_gift_to_oneself_and_no_cards() -> None:
    game = table(generals=SHU)
    not_mine = game.hands[1][0]
    refuse(game, 0, NotAChoice, type="skill", skill="rende", cards=[not_mine], targets=[1])
    refuse(game, 0, NotAChoice, type="skill", skill="rende", cards=game.hands[0][:1],
           targets=[0])
    refuse(game, 0, NotAChoice, type="skill", skill="rende", cards=[], targets=[1])
    # another seat's Rende out of its play phase
    refuse(game, 1, NotYourTurn, type="skill", skill="rende", cards=game.hands[1][:1],
           targets=[0])


# --- Liu Bei: Jijiang ----------------------------------------------------------------------
def test_jijiang_nobody_answers_the_use_fails_and_cannot_be_tried_again() -> None:
    # given: Liu Bei's play phase; he holds a Kill of his own
    own = card(("kill", "S", 7))
    game = table(hands={0: [own]}, generals=SHU)
    offers = skill_actions(game, 0, "jijiang")
    assert {a["targets"][0] for a in offers} == {1, 3}  # his Kill's range: his neighbours
    # when: he calls on Shu for a Kill at seat 1
    events = act(game, 0, type="skill", skill="jijiang", targets=[1])
    assert kinds(events) == ["SkillUsed"]
    # then: the other Shu seats are asked in seat order after him
    asked = []
    while game.ask == "jijiang":
        seat = game.to_act()[0]
        asked.append(seat)
        assert game.view(seat)["pending"]["skill"] == "jijiang"
        assert game.legal_actions(seat)[-1] == {"type": "decline"}
        events = act(game, seat, type="decline")
        assert kinds(events) == ["Declined"]
    assert asked == [1, 2, 3]
    # then: no Kill was used; the phase goes on; Jijiang is gone for this phase
    assert game.ask == "play" and game.current == 0 and game.kills == 0
    assert skill_actions(game, 0, "jijiang") == []
    refuse(game, 0, NotAChoice, type="skill", skill="jijiang", targets=[1])
    # but a real Kill of his own is still allowed
    assert {"type": "use", "card": own, "targets": [1]} in game.legal_actions(0)
    assert replays(game)


def test_jijiang_a_shu_kill_becomes_the_lords_kill_on_the_chosen_target() -> None:
    # given: Zhang Fei (seat 2, loyalist) holds a Kill; Guan Yu (seat 1) will be the target
    kill = card(("kill", "C", 2))
    game = table(hands={2: [kill]}, generals=SHU)
    act(game, 0, type="skill", skill="jijiang", targets=[1])
    act(game, 1, type="decline")  # the target is Shu too and is asked first
    # when: Zhang Fei hands over his Kill
    assert {"type": "respond", "card": kill} in game.legal_actions(2)
    events = act(game, 2, type="respond", card=kill)
    # then: it is played to the lord, who uses it as his Kill on seat 1
    assert kinds(events) == ["Responded", "CardUsed"]
    assert data(events, "Responded") == {"seat": 2, "name": KILL, "cards": [kill],
                                         "ask": "jijiang"}
    assert data(events, "CardUsed") == {"seat": 0, "name": KILL, "cards": [kill],
                                        "targets": [1], "via": "supplied"}
    assert kill not in game.hands[2] and kill in game.flight
    assert game.kills == 1 and game.ask == "dodge" and game.to_act() == [1]
    # when: Guan Yu takes the hit: the damage's source is the lord
    events = act(game, 1, type="decline")
    assert data(events, "Damaged") == {"seat": 1, "source": 0, "amount": 1, "cards": [kill],
                                       "reason": KILL}
    assert game.hp[1] == 3 and kill in game.discard
    # then: the lord's one Kill is spent: no second Jijiang, no real Kill
    assert skill_actions(game, 0, "jijiang") == []
    assert replays(game)


def test_jijiang_answered_with_a_wusheng_kill() -> None:
    # given: Guan Yu (seat 1) holds a red Dodge; the target is Zhuge Liang (seat 3)
    red = card(("dodge", "H", 2))
    game = table(hands={1: [red]}, generals=SHU)
    act(game, 0, type="skill", skill="jijiang", targets=[3])
    assert {"type": "respond", "card": red, "skill": "wusheng"} in game.legal_actions(1)
    events = act(game, 1, type="respond", card=red, skill="wusheng")
    assert kinds(events) == ["SkillUsed", "Responded", "CardUsed"]
    assert data(events, "CardUsed")["cards"] == [red]
    assert data(events, "CardUsed")["targets"] == [3] and game.to_act() == [3]
    assert replays(game)


def test_jijiang_answered_with_a_longdan_dodge() -> None:
    # given: Zhao Yun (seat 2, Shu) holds only a Dodge to offer
    dodge = card(("dodge", "D", 3))
    game = table(hands={2: [dodge]}, generals=["liubei", "sunquan", "zhaoyun", "lvbu"])
    act(game, 0, type="skill", skill="jijiang", targets=[1])
    assert game.to_act() == [2]  # the only other Shu seat
    assert {"type": "respond", "card": dodge, "skill": "longdan"} in game.legal_actions(2)
    events = act(game, 2, type="respond", card=dodge, skill="longdan")
    assert data(events, "CardUsed") == {"seat": 0, "name": KILL, "cards": [dodge],
                                        "targets": [1], "via": "supplied"}
    assert replays(game)


def test_jijiang_in_a_duel_the_shu_kill_counts_as_the_lords() -> None:
    # given: Sun Quan (seat 1, a rebel) Duels Liu Bei; Zhang Fei (seat 2) holds a Kill
    duel = card(("duel", "S", 1))
    kill = card(("kill", "C", 2))
    cast = ["liubei", "sunquan", "zhangfei", "guanyu"]
    game = table(hands={1: [duel], 2: [kill]}, generals=cast)
    to_play(game, 1)
    act(game, 1, type="use", card=duel, targets=[0])
    assert game.ask == "kill" and game.to_act() == [0]
    assert {"type": "skill", "skill": "jijiang"} in game.legal_actions(0)
    # when: Liu Bei calls; Zhang Fei (first Shu seat after him) plays his Kill
    events = act(game, 0, type="skill", skill="jijiang")
    assert kinds(events) == ["SkillUsed"] and game.to_act() == [2]
    events = act(game, 2, type="respond", card=kill)
    assert kinds(events) == ["Responded"]
    # then: it answered the Duel for Liu Bei: now Sun Quan must play a Kill
    assert game.ask == "kill" and game.to_act() == [1]
    assert kill in game.discard and kill not in game.hands[2]
    events = act(game, 1, type="decline")
    assert data(events, "Damaged") == {"seat": 1, "source": 0, "amount": 1, "cards": [duel],
                                       "reason": "duel"}
    assert replays(game)


def test_jijiang_in_a_duel_nobody_answers_and_the_lord_may_still_answer_himself() -> None:
    duel = card(("duel", "S", 1))
    lords_kill = card(("kill", "S", 7))
    cast = ["liubei", "sunquan", "zhangfei", "guanyu"]
    game = table(hands={0: [lords_kill], 1: [duel]}, generals=cast)
    to_play(game, 1)
    act(game, 1, type="use", card=duel, targets=[0])
    act(game, 0, type="skill", skill="jijiang")
    act(game, 2, type="decline")
    act(game, 3, type="decline")
    # then: back to Liu Bei, without the call this time
    assert game.ask == "kill" and game.to_act() == [0]
    legal = game.legal_actions(0)
    assert {"type": "skill", "skill": "jijiang"} not in legal
    assert {"type": "respond", "card": lords_kill} in legal


def test_jijiang_against_barbarian_invasion() -> None:
    # given: Sun Quan (seat 1) uses Barbarian Invasion; Guan Yu (seat 2) holds a Kill
    aoe, kill = card(("barbarian_invasion", "S", 7)), card(("kill", "C", 2))
    game = table(hands={1: [aoe], 2: [kill]}, generals=["liubei", "sunquan", "guanyu",
                                                         "lvbu"])
    to_play(game, 1)
    act(game, 1, type="use", card=aoe)
    while game.to_act() != [0]:  # seats 2 and 3 answer first: they take the damage
        act(game, game.to_act()[0], type="decline")
    assert kill in game.hands[2] and game.ask == "kill" and game.hp[2:] == [3, 3]
    act(game, 0, type="skill", skill="jijiang")
    events = act(game, 2, type="respond", card=kill)
    assert data(events, "Responded")["ask"] == "jijiang"
    assert game.hp[0] == 4 and game.ask == "play" and game.current == 1
    assert replays(game)


def test_jijiang_needs_another_shu_and_the_lord() -> None:
    # Liu Bei with no other Shu at the table: no call
    game = table(generals=["liubei", "sunquan", "caocao", "lvbu"])
    assert skill_actions(game, 0, "jijiang") == []
    refuse(game, 0, NotAChoice, type="skill", skill="jijiang", targets=[1])
    # Liu Bei not the lord: he has Rende only
    other = table(generals=["caocao", "liubei", "guanyu", "zhangfei"])
    assert other.skills[1] == ("rende",)


def test_jijiang_cannot_target_kongcheng_zhuge_liang() -> None:
    game = table(generals=SHU)
    empty_hand(game, 3)
    assert {a["targets"][0] for a in skill_actions(game, 0, "jijiang")} == {1}
    refuse(game, 0, NotAChoice, type="skill", skill="jijiang", targets=[3])


# --- Guan Yu: Wusheng ------------------------------------------------------------------
def test_wusheng_uses_a_red_equipment_card_as_a_kill_and_refuses_black() -> None:
    # given: Guan Yu (seat 1) holds a red horse and a black Nullification
    horse = card(("minus_horse", "H", 5))
    black = card(("nullification", "S", 11))
    game = table(hands={1: [horse, black]}, generals=SHU)
    to_play(game, 1)
    act(game, 1, type="use", card=horse)
    assert game.equip[1][3] == horse
    # when: he uses the equipped Chitu as a Kill (Chitu brings seat 3 into range: all 3)
    targets = {a["targets"][0] for a in game.legal_actions(1)
               if a.get("card") == horse and a.get("skill") == "wusheng"}
    assert targets == {0, 2, 3}
    # a black card is no Kill
    refuse(game, 1, CannotUseNow, type="use", card=black, skill="wusheng", targets=[2])
    events = act(game, 1, type="use", card=horse, skill="wusheng", targets=[3])
    assert kinds(events) == ["SkillUsed", "CardUsed"]  # the skill named, then the card
    assert data(events, "SkillUsed")["skill"] == "wusheng"
    assert data(events, "CardUsed") == {"seat": 1, "name": KILL, "cards": [horse],
                                        "targets": [3], "via": "play"}
    assert game.equip[1][3] is None and horse in game.flight and game.to_act() == [3]


def test_wusheng_kill_counts_against_the_kill_limit() -> None:
    kill, red = card(("kill", "C", 2)), card(("dodge", "H", 2))
    game = table(hands={0: [kill, red]}, generals=["guanyu", "liubei", "sunquan", "lvbu"])
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")
    assert not any(a.get("skill") == "wusheng" for a in game.legal_actions(0))
    refuse(game, 0, KillLimitReached, type="use", card=red, skill="wusheng", **{"as": KILL},
           targets=[1])


def test_wusheng_plays_a_red_card_in_a_duel() -> None:
    duel = card(("duel", "S", 1))
    peach = card(("peach", "H", 3))
    game = table(hands={0: [duel], 1: [peach]}, generals=["liubei", "guanyu", "sunquan",
                                                          "lvbu"])
    act(game, 0, type="use", card=duel, targets=[1])
    assert {"type": "respond", "card": peach, "skill": "wusheng"} in game.legal_actions(1)
    events = act(game, 1, type="respond", card=peach, skill="wusheng")
    assert data(events, "Responded")["name"] == KILL and peach in game.discard
    assert game.ask == "kill" and game.to_act() == [0]
    assert replays(game)


# --- Zhang Fei: Paoxiao ------------------------------------------------------------------------
def test_paoxiao_uses_any_number_of_kills_others_one() -> None:
    kills = [card(("kill", "C", 2)), card(("kill", "C", 3)), card(("kill", "C", 4))]
    game = table(hands={2: kills, 1: [card(("kill", "C", 5)), card(("kill", "C", 6))]},
                 generals=SHU)
    to_play(game, 1)
    act(game, 1, type="use", card=card(("kill", "C", 5)), targets=[2])
    act(game, 2, type="decline")
    # Guan Yu: one Kill per play phase
    refuse(game, 1, KillLimitReached, type="use", card=card(("kill", "C", 6)), targets=[2])
    to_play(game, 2)
    for k in kills:
        events = act(game, 2, type="use", card=k, targets=[1])
        assert kinds(events) == ["CardUsed"]
        events = act(game, 1, type="decline")
        assert kinds(events) == ["Declined", "Damaged"]
    assert game.kills == 3 and game.hp[1] == 1 and game.ask == "play"
    assert replays(game)


# --- Zhuge Liang: Guanxing and Kongcheng ----------------------------------------------------
def test_guanxing_arranges_the_top_cards_in_the_chosen_order_hidden_from_others() -> None:
    # given: Zhuge Liang is the lord (seat 0); the pile's top four cards are known
    pile = [card(("peach", "H", 3)), card(("dodge", "D", 2)), card(("kill", "S", 7)),
            card(("snatch", "S", 3))]
    a, b, c, d = pile
    game = table(pile=pile, generals=["zhugeliang", "guanyu", "sunquan", "lvbu"])
    # then: his start phase asks whether to use Guanxing
    assert game.ask == "skill" and game.phase == "start"
    assert game.view(0)["pending"]["skill"] == "guanxing"
    events = act(game, 0, type="skill", skill="guanxing")
    # then: he looks at X = 4 (living players) cards, top first
    assert kinds(events) == ["SkillUsed", "CardsPeeked"]
    assert data(events, "CardsPeeked")["cards"] == [a, b, c, d]
    assert game.legal_actions(0) == [{"type": "arrange", "from": [a, b, c, d], "min": 0,
                                      "max": 4}]
    peeked = recorded(game, "CardsPeeked")
    assert game.event_view(peeked, 1)["data"] == {"seat": 0, "cards": None, "count": 4,
                                                  "reason": "guanxing"}
    # when: c then a on top, b and d at the bottom
    events = act(game, 0, type="arrange", top=[c, a], bottom=[b, d])
    assert kinds(events)[:2] == ["PileArranged", "CardsDrawn"]
    assert data(events, "PileArranged") == {"seat": 0, "top": [c, a], "bottom": [b, d]}
    # then: his draw takes c and a; b and d lie at the bottom, d the very last
    assert data(events, "CardsDrawn")["cards"] == [c, a]
    assert game.pile[:2] == [d, b]
    arranged = recorded(game, "PileArranged")
    for viewer in (1, 2, "spectator"):
        shown = game.event_view(arranged, viewer)["data"]
        assert shown["top"] is None and shown["bottom"] is None and shown["counts"] == [2, 2]
    assert game.event_view(arranged, 0)["data"]["top"] == [c, a]
    assert replays(game)


def test_guanxing_in_words_tells_others_how_many_cards_not_which() -> None:
    game = table(generals=["zhugeliang", "guanyu", "sunquan", "lvbu"])
    looked = data(act(game, 0, type="skill", skill="guanxing"), "CardsPeeked")["cards"]
    act(game, 0, type="arrange", top=looked[:1], bottom=looked[1:])
    for viewer, shown in ((1, False), (0, True)):
        texts = words(game, viewer)
        i = texts.index("Zhugeliang uses Guanxing")
        assert texts[i + 1].startswith("Zhugeliang looks at the top 4 cards of the draw pile")
        assert (":" in texts[i + 1]) == shown
        # where they went: by name for him, by number for the others
        if shown:
            assert texts[i + 2].startswith("Zhugeliang puts ") and "on top" in texts[i + 2]
        else:
            assert texts[i + 2] == ("Zhugeliang puts 1 on top of the draw pile and 3 at the "
                                    "bottom")


def test_guanxing_looks_at_five_at_most_and_refuses_other_cards() -> None:
    game = table(n=6, generals=["zhugeliang", "guanyu", "sunquan", "lvbu", "caocao",
                                "diaochan"])
    events = act(game, 0, type="skill", skill="guanxing")
    looked = data(events, "CardsPeeked")["cards"]
    assert len(looked) == 5 and looked == game.pile[-1:-6:-1]
    other = game.pile[0]
    refuse(game, 0, WrongCount, type="arrange", top=looked[:4] + [other], bottom=[])
    refuse(game, 0, WrongCount, type="arrange", top=looked[:4], bottom=[])
    events = act(game, 0, type="arrange", top=[], bottom=looked)
    assert game.pile[:5] == looked[::-1]
    assert replays(game)


def test_guanxing_sets_up_the_indulgence_judgment() -> None:
    # given: Liu Bei (lord) puts an Indulgence on Zhuge Liang (seat 1); a spade would
    # come up for it, a heart lies second
    indulgence = card(("indulgence", "S", 6))
    spade, heart = card(("kill", "S", 7)), card(("peach", "H", 3))
    game = table(hands={0: [indulgence]}, pile=[None, None, spade, heart],
                 generals=["liubei", "zhugeliang", "sunquan", "lvbu"])
    act(game, 0, type="use", card=indulgence, targets=[1])
    end_turn(game)
    # when: his start phase comes before the judgment: he puts the heart on top
    assert game.current == 1 and game.phase == "start"
    looked = data(act(game, 1, type="skill", skill="guanxing"), "CardsPeeked")["cards"]
    assert looked[:2] == [spade, heart]
    events = act(game, 1, type="arrange", top=[heart], bottom=looked[2:] + [spade])
    # then: the Indulgence turns up the heart and fails; his play phase stays
    assert data(events, "Judged") == {"seat": 1, "card": heart, "reason": "indulgence",
                                      "result": False}
    assert game.ask == "play" and game.current == 1 and game.pile[0] == spade
    assert replays(game)


def test_guanxing_declined_leaves_the_pile() -> None:
    game = table(generals=["zhugeliang", "guanyu", "sunquan", "lvbu"])
    top = game.pile[-2:][::-1]
    events = act(game, 0, type="decline")
    assert kinds(events)[0] == "Declined" and "CardsPeeked" not in kinds(events)
    assert data(events, "CardsDrawn")["cards"] == top


def test_kongcheng_no_kill_or_duel_on_an_empty_hand() -> None:
    # given: Zhuge Liang (seat 3) has no hand card; Guan Yu (seat 0... lord here) acts
    kill, duel = card(("kill", "C", 2)), card(("duel", "S", 1))
    snatch = card(("snatch", "S", 3))
    game = table(hands={0: [kill, duel, snatch]}, generals=["guanyu", "sunquan", "lvbu",
                                                             "zhugeliang"])
    empty_hand(game, 3)
    refuse(game, 0, OutOfRange, type="use", card=kill, targets=[3])
    refuse(game, 0, InvalidTarget, type="use", card=duel, targets=[3])
    # other cards may still name him (his equipment, none here: Snatch needs a card)
    assert not any(a.get("targets") == [3] for a in game.legal_actions(0)
                   if a.get("card") in (kill, duel))
    # with a hand card he can be chosen
    held = table(hands={0: [kill, duel]}, generals=["guanyu", "sunquan", "lvbu",
                                                     "zhugeliang"])
    assert {"type": "use", "card": kill, "targets": [3]} in held.legal_actions(0)
    assert {"type": "use", "card": duel, "targets": [3]} in held.legal_actions(0)


# --- Zhao Yun: Longdan ------------------------------------------------------------------------
def test_longdan_a_dodge_used_as_a_kill_and_a_kill_played_as_a_dodge() -> None:
    dodge = card(("dodge", "D", 3))
    kill = card(("kill", "S", 8))
    attack = card(("kill", "C", 2))
    game = table(hands={0: [attack], 1: [dodge, kill]},
                 generals=["liubei", "zhaoyun", "sunquan", "lvbu"])
    # when: Liu Bei kills Zhao Yun, who answers with a Kill as a Dodge
    act(game, 0, type="use", card=attack, targets=[1])
    assert {"type": "respond", "card": kill, "skill": "longdan"} in game.legal_actions(1)
    events = act(game, 1, type="respond", card=kill, skill="longdan")
    assert data(events, "Responded") == {"seat": 1, "name": "dodge", "cards": [kill],
                                         "ask": "dodge"}
    assert game.hp[1] == 4 and kill in game.discard
    # when: in his turn he uses the Dodge as a Kill
    to_play(game, 1)
    events = act(game, 1, type="use", card=dodge, skill="longdan", targets=[2])
    assert data(events, "CardUsed")["name"] == KILL and game.to_act() == [2]
    assert replays(game)


def test_longdan_refuses_a_kill_used_as_a_dodge_in_the_play_phase() -> None:
    kill = card(("kill", "S", 8))
    game = table(hands={0: [kill]}, generals=["zhaoyun", "liubei", "sunquan", "lvbu"])
    assert not any(a.get("as") == "dodge" for a in game.legal_actions(0))
    # a Peach is neither a Kill nor a Dodge: Longdan does not turn it into a Kill
    peach = card(("peach", "H", 3))
    game = table(hands={0: [peach]}, generals=["zhaoyun", "liubei", "sunquan", "lvbu"])
    refuse(game, 0, CannotUseNow, type="use", card=peach, skill="longdan", targets=[1])


# --- Ma Chao: Mashu and Tieqi ---------------------------------------------------------------
def test_mashu_reaches_a_seat_at_distance_two_unarmed() -> None:
    kill = card(("kill", "C", 2))
    game = table(hands={0: [kill]}, generals=["machao", "liubei", "sunquan", "lvbu"])
    assert {a["targets"][0] for a in game.legal_actions(0) if a.get("card") == kill} \
        == {1, 2, 3}
    # without Mashu: seat 2 is out of range
    plain = table(hands={0: [kill]}, generals=["liubei", "machao", "sunquan", "lvbu"])
    refuse(plain, 0, OutOfRange, type="use", card=kill, targets=[2])


def test_tieqi_red_judgment_the_target_cannot_dodge() -> None:
    # given: Ma Chao (lord) kills seat 1, who holds a Dodge; the judgment card is red
    kill, dodge = card(("kill", "C", 2)), card(("dodge", "D", 2))
    red = card(("peach", "H", 3))
    game = table(hands={0: [kill], 1: [dodge]}, pile=[None, None, red],
                 generals=["machao", "liubei", "sunquan", "lvbu"])
    events = act(game, 0, type="use", card=kill, targets=[1])
    assert kinds(events) == ["CardUsed"] and game.ask == "skill"
    assert game.view(0)["pending"]["skill"] == "tieqi"
    assert game.legal_actions(0) == [{"type": "skill", "skill": "tieqi"}, {"type": "decline"}]
    refuse(game, 1, NotYourTurn, type="decline")  # only Ma Chao is asked
    refuse(game, 0, NotAChoice, type="skill", skill="mashu")
    events = act(game, 0, type="skill", skill="tieqi")
    # then: the red judgment takes the Dodge away: the hit lands at once
    assert kinds(events) == ["SkillUsed", "Judged", "Damaged"]
    assert data(events, "Judged") == {"seat": 0, "card": red, "reason": "tieqi",
                                      "result": True}
    assert dodge in game.hands[1] and game.hp[1] == 3 and red in game.discard
    assert replays(game)


def test_tieqi_black_judgment_the_target_may_dodge() -> None:
    kill, dodge = card(("kill", "C", 2)), card(("dodge", "D", 2))
    black = card(("kill", "S", 9))
    game = table(hands={0: [kill], 1: [dodge]}, pile=[None, None, black],
                 generals=["machao", "liubei", "sunquan", "lvbu"])
    act(game, 0, type="use", card=kill, targets=[1])
    events = act(game, 0, type="skill", skill="tieqi")
    assert kinds(events) == ["SkillUsed", "Judged"] and not data(events, "Judged")["result"]
    assert game.ask == "dodge" and game.to_act() == [1]
    events = act(game, 1, type="respond", card=dodge)
    assert game.hp[1] == 4
    assert replays(game)


# --- Huang Yueying: Jizhi and Qicai ----------------------------------------------------------
def test_jizhi_draws_for_a_real_trick_not_for_a_delayed_one() -> None:
    nihilo = card(("ex_nihilo", "H", 7))
    indulgence = card(("indulgence", "S", 6))
    game = table(hands={0: [nihilo, indulgence]},
                 generals=["huangyueying", "liubei", "sunquan", "lvbu"])
    before = len(game.hands[0])
    events = act(game, 0, type="use", card=nihilo)
    assert kinds(events) == ["CardUsed"] and game.view(0)["pending"]["skill"] == "jizhi"
    events = act(game, 0, type="skill", skill="jizhi")
    assert kinds(events) == ["SkillUsed", "CardsDrawn", "CardsDrawn"]
    assert [d["reason"] for n, d in events if n == "CardsDrawn"] == ["jizhi", "ex_nihilo"]
    assert len(game.hands[0]) == before - 1 + 1 + 2
    events = act(game, 0, type="use", card=indulgence, targets=[1])
    assert kinds(events) == ["CardUsed"] and game.ask == "play"
    # Jizhi is no action of the play phase
    refuse(game, 0, WrongAction, type="skill", skill="jizhi")
    assert replays(game)


def test_jizhi_draws_for_a_nullification_played_in_answer() -> None:
    # given: Liu Bei Duels Huang Yueying (seat 1), who holds a Nullification
    duel, nul = card(("duel", "S", 1)), card(("nullification", "S", 11))
    game = table(hands={0: [duel], 1: [nul]},
                 generals=["liubei", "huangyueying", "sunquan", "lvbu"])
    act(game, 0, type="use", card=duel, targets=[1])
    assert game.ask == "nullify" and game.to_act() == [1]
    events = act(game, 1, type="respond", card=nul)
    # then: the Nullification is a trick she used: Jizhi asks, with the public facts
    assert kinds(events) == ["Responded"]
    pending = game.view(2)["pending"]
    assert pending["skill"] == "jizhi" and pending["context"] == {
        "user": 1, "card_name": "nullification"}
    events = act(game, 1, type="skill", skill="jizhi")
    assert kinds(events) == ["SkillUsed", "CardsDrawn"]
    assert data(events, "CardsDrawn")["seat"] == 1 and len(game.hands[1]) == 4
    # then: the Duel was nullified: nobody is hurt, and Liu Bei plays on
    assert game.ask == "play" and game.to_act() == [0] and game.hp[:2] == [4, 3]
    assert replays(game)


def test_qicai_snatch_at_any_distance() -> None:
    snatch = card(("snatch", "S", 3))
    game = table(hands={0: [snatch]}, generals=["huangyueying", "liubei", "sunquan", "lvbu"])
    assert {a["targets"][0] for a in game.legal_actions(0) if a.get("card") == snatch} \
        == {1, 2, 3}
    events = act(game, 0, type="use", card=snatch, targets=[2])
    assert kinds(events) == ["CardUsed"] and game.ask == "skill"  # Jizhi
    act(game, 0, type="decline")
    assert game.ask == "pick" and game.view(0)["pending"]["from"] == 2
    plain = table(hands={0: [snatch]}, generals=["liubei", "huangyueying", "sunquan", "lvbu"])
    refuse(plain, 0, OutOfRange, type="use", card=snatch, targets=[2])
    assert replays(game)


def test_kongcheng_stops_a_blade_kill_after_the_last_card_was_a_dodge() -> None:
    # given: Guan Yu (lord) wields a Blade; Zhuge Liang (seat 3) holds one card, a Dodge
    blade, kill, second = (card(("blade", "S", 5)), card(("kill", "C", 2)),
                           card(("kill", "C", 3)))
    dodge = card(("dodge", "D", 2))
    game = table(hands={0: [blade, kill, second], 3: [dodge]},
                 generals=["guanyu", "sunquan", "lvbu", "zhugeliang"])
    game.discard.extend(c for c in game.hands[3] if c != dodge)
    game.hands[3][:] = [dodge]  # (state set by hand: the rest was spent)
    act(game, 0, type="use", card=blade)
    act(game, 0, type="use", card=kill, targets=[3])
    # when: Zhuge Liang dodges with his last card
    events = act(game, 3, type="respond", card=dodge)
    # then: the Blade may not follow up on him: his empty hand forbids the Kill
    assert kinds(events) == ["Responded"] and game.hands[3] == []
    assert game.ask == "play" and game.to_act() == [0] and second in game.hands[0]


def test_tieqi_red_judgment_no_eight_trigrams_either() -> None:
    # given: Liu Bei (seat 1) puts on Eight Trigrams; in the next round Ma Chao (lord)
    # kills him and the Tieqi judgment turns up red
    kill, trigrams = card(("kill", "C", 2)), card(("eight_trigrams", "S", 2))
    red = card(("peach", "H", 3))
    game = table(hands={0: [kill], 1: [trigrams]}, pile=[None] * 10 + [red],
                 generals=["machao", "liubei", "sunquan", "lvbu"])
    to_play(game, 1)
    act(game, 1, type="use", card=trigrams)
    to_play(game, 0)
    assert game.turn == 5 and kill in game.hands[0]
    act(game, 0, type="use", card=kill, targets=[1])
    events = act(game, 0, type="skill", skill="tieqi")
    # then: no Dodge and no Eight Trigrams judgment: the hit lands
    assert kinds(events) == ["SkillUsed", "Judged", "Damaged"]
    assert data(events, "Judged")["card"] == red and game.hp[1] == 3
    assert replays(game)


def test_kongcheng_collateral_cannot_name_him_as_the_victim() -> None:
    collateral, sword = card(("collateral", "C", 12)), card(("qinggang_sword", "S", 6))
    game = table(hands={0: [collateral], 1: [sword]},
                 generals=["liubei", "sunquan", "lvbu", "zhugeliang"])
    to_play(game, 1)
    act(game, 1, type="use", card=sword)
    to_play(game, 0)
    empty_hand(game, 3)
    victims = {a["targets"][1] for a in game.legal_actions(0) if a.get("card") == collateral}
    assert victims == {0, 2}  # within the sword's range 2 of seat 1, but not Zhuge Liang
    refuse(game, 0, InvalidTarget, type="use", card=collateral, targets=[1, 3])
