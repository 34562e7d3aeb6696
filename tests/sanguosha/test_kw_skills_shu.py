"""Stories of the Kingdom Wars Shu generals' skills (docs/rules/generals.md §2.2).

Each story is given (a Kingdom Wars table whose seats keep the generals named, every
general shown before play), when (a seat acts), then (the events recorded and the state
they leave); an illegal use is refused with no event; every story's table replays from
its events alone; secrets stay with their owners.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.game import IllegalAction
from domain.sanguosha.cards import BARBARIANS, KIND, NAME, SUIT
from domain.sanguosha.hegemony import HegemonyGame
from domain.sanguosha.skill import KW_SKILLS, SKILLS
from domain.sanguosha.skills import shu
from tests.sanguosha.hrig import bot_game, bot_skills, htable, skills_used
from tests.sanguosha.rig import Spec, act, card, end_turn, kinds, mark, refuse
from tests.sanguosha.skill_steps import remember, seen

Events = list[tuple[str, dict[str, Any]]]
WU, QUN, WEI = ("sunquan", "zhoutai"), ("lvbu", "diaochan"), ("caocao", "xuchu")


def shown(picks: list[tuple[str, str]], hands: dict[int, list[Spec]] | None = None,
          pile: list[Spec | None] | None = None, first: int = 0,
          deck: str = "identity") -> HegemonyGame:
    """Given: a table (hrig.htable) whose every general is shown before the first seat's
    turn (recorded shows), waiting at the first seat's start-of-turn step."""
    game = htable(picks, hands, pile or [], first=first, options={"deck": deck})
    rng = random.Random(0)
    while game.ask == "skill":  # hidden generals' start-phase skills: not this time
        act(game, game.to_act()[0], type="decline")
    for s in range(game.n):
        game._show(s, game.hidden(s), "given")
        game._drive(rng)
    remember(game)
    return game


def to_play_phase(game: HegemonyGame) -> None:
    """When: the current seat passes its show step and declines every skill up to its
    play phase."""
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")


def until_asked(game: HegemonyGame, seat: int, skill: str) -> None:
    """When: every other question is declined (discards: the first offered) until
    ``seat`` is asked whether to use ``skill``."""
    for _ in range(100):
        if game.ask == "skill" and game.view(seat)["pending"].get("skill") == skill \
                and game.to_act() == [seat]:
            return
        asked = game.to_act()[0]
        if game.ask == "discard":
            t = game.legal_actions(asked)[0]
            act(game, asked, type="discard", cards=t["from"][:t["count"]])
        elif game.ask == "play":
            act(game, asked, type="end_play")
        else:
            act(game, asked, type="decline")
    raise AssertionError(f"{skill} was never asked")


def told(game: HegemonyGame, viewer: Any = "referee") -> list[str]:
    """The move list in words, as the Kingdom Wars narrator tells it to ``viewer``."""
    from domain.sanguosha.spec import hegemony_narrator

    events = [game.event_view(e, viewer) for e in game.pending_events]
    return [m.text for m in hegemony_narrator().moves(events, game.players)]


def data(events: Events, name: str) -> dict[str, Any]:
    return next(d for n, d in events if n == name)


def named(events: Events, name: str) -> list[dict[str, Any]]:
    return [d for n, d in events if n == name]


def use(game: HegemonyGame, seat: int, name: str, targets: list[int] | None = None) -> Events:
    c = next(c for c in game.hands[seat] if NAME[c] == name)
    action: dict[str, Any] = {"type": "use", "card": c}
    if targets is not None:
        action["targets"] = targets
    return act(game, seat, **action)


def hurt(game: HegemonyGame, src: int, victim: int) -> Events:
    """When: ``src`` (in its play phase) Kills ``victim``, who takes the hit."""
    events = use(game, src, "kill", [victim])
    while game.ask in ("skill", "dodge"):
        events += act(game, game.to_act()[0], type="decline")
    return events


# --- the registry ------------------------------------------------------------------------
def test_every_shu_general_has_its_skills_in_the_order_of_the_rules_page() -> None:
    assert KW_SKILLS["liubei"] == ("rende_kw",)
    assert KW_SKILLS["zhugeliang"] == ("guanxing", "kongcheng_kw")
    assert KW_SKILLS["wolong"] == ("huoji", "kanpo", "bazhen")
    assert KW_SKILLS["pangtong"] == ("lianhuan", "niepan")
    assert KW_SKILLS["liushan"] == ("xiangle", "fangquan")
    assert KW_SKILLS["menghuo"] == ("huoshou", "zaiqi")
    assert KW_SKILLS["ganfuren"] == ("shushen", "shenzhi")
    # "same as §1": the identity skill itself
    for general, skill in (("guanyu", shu.WUSHENG), ("zhaoyun", shu.LONGDAN),
                           ("machao", shu.MASHU), ("huangyueying", shu.JIZHI)):
        assert SKILLS[KW_SKILLS[general][0]] is skill
    assert SKILLS["niepan"].limited
    # shown when a card use needs them while hidden (the showing framework's flag)
    assert SKILLS["paoxiao_kw"].mods["shows_when_needed"]
    assert KW_SKILLS["huangyueying"] == ("jizhi", "qicai_kw")


# --- Liu Bei: Rende heals at the third card -------------------------------------------------
def test_rende_kw_heals_once_the_cards_given_reach_three() -> None:
    # given: Liu Bei (seat 0) was hurt by seat 3's Kill last turn
    game = shown([("liubei", "ganfuren"), WU, QUN, WEI], hands={3: ["kill"]}, first=3)
    to_play_phase(game)
    hurt(game, 3, 0)
    end_turn(game)
    to_play_phase(game)
    assert game.current == 0 and game.hp[0] == game.max_hp[0] - 1
    hand = list(game.hands[0])
    # when: he gives two cards to seat 1: no heal yet
    events = act(game, 0, type="skill", skill="rende_kw", cards=hand[:2], targets=[1])
    assert kinds(events) == ["SkillUsed"]
    # then: the third card heals him 1
    events = act(game, 0, type="skill", skill="rende_kw", cards=hand[2:3], targets=[2])
    assert kinds(events) == ["SkillUsed", "Healed"]
    assert game.hp[0] == game.max_hp[0]
    # then: the cards given are seen by the giver and the receiver only
    assert seen(game, mark(game) - 2, 1)[0][1]["cards"] is None
    assert seen(game, mark(game) - 2, 2)[0][1]["cards"] == hand[2:3]


# --- Zhang Fei: Paoxiao ------------------------------------------------------------------------
def test_paoxiao_kw_lets_zhang_fei_use_a_second_kill() -> None:
    game = shown([("zhangfei", "liubei"), WU, QUN, WEI], hands={0: ["kill", "kill"]})
    to_play_phase(game)
    hurt(game, 0, 1)
    # then: a second Kill is still offered
    assert any(a["type"] == "use" and NAME[a["card"]] == "kill"
               for a in game.legal_actions(0))
    events = hurt(game, 0, 1)
    assert named(events, "CardUsed")[0]["name"] == "kill"


# --- Zhuge Liang: Kongcheng -------------------------------------------------------------------
def test_kongcheng_kw_removes_an_empty_handed_zhuge_liang_from_a_kill_and_a_duel() -> None:
    # given: seat 0 takes all four of Zhuge Liang's (seat 1) hand cards
    game = shown([WEI, ("zhugeliang", "zhaoyun"), WU, QUN],
                 hands={0: ["dismantlement"] * 4}, pile=["kill", "duel"])
    to_play_phase(game)
    for _ in range(4):
        use(game, 0, "dismantlement", [1])
        act(game, 0, type="choose", area="hand")
    assert game.hands[1] == []
    # when: seat 0 Kills him; then: he is removed as a target: no Dodge is asked, the
    # Kill goes to the discard pile (it was used: no second Kill)
    kill = next(c for c in game.hands[0] if NAME[c] == "kill")
    events = use(game, 0, "kill", [1])
    assert kinds(events) == ["CardUsed"] and game.ask == "play"
    assert kill in game.discard and game.kills == 1
    # when: a Duel; then: the same
    events = use(game, 0, "duel", [1])
    assert kinds(events) == ["CardUsed"] and game.hp[1] == game.max_hp[1]


# --- Huang Zhong and Wei Yan: Liegong, Kuanggu -------------------------------------------------
def test_liegong_makes_the_kill_undodgeable_and_kuanggu_heals_the_damage() -> None:
    # given: Huang Zhong & Wei Yan (seat 0) was hurt by seat 3; seat 1 holds a Dodge
    game = shown([("huangzhong", "weiyan"), WU, QUN, WEI],
                 hands={0: ["kill"], 1: ["dodge"], 3: ["kill"]}, first=3)
    to_play_phase(game)
    hurt(game, 3, 0)
    end_turn(game)
    to_play_phase(game)
    assert game.hp[0] == game.max_hp[0] - 1
    # when: he Kills seat 1 (four cards in hand, at least his HP): Liegong is asked
    use(game, 0, "kill", [1])
    assert game.ask == "skill" and game.view(0)["pending"]["skill"] == "liegong"
    events = act(game, 0, type="skill", skill="liegong")
    # then: no Dodge is asked; the damage lands; Kuanggu heals him unasked (distance 1)
    assert "Damaged" in kinds(events)
    used = [d["skill"] for d in named(events, "SkillUsed")]
    assert used == ["liegong", "kuanggu"]
    assert data(events, "Healed")["reason"] == "kuanggu"
    assert game.hp[0] == game.max_hp[0]


def test_liegong_is_not_asked_outside_the_play_phase_or_against_a_small_hand() -> None:
    # given: Huang Zhong at 4 HP, unarmed; seat 1's hand is 2 cards (< 4, > range 1)
    game = shown([("huangzhong", "weiyan"), WU, QUN, WEI], hands={0: ["kill"]},
                 first=0)
    to_play_phase(game)
    game_hand = list(game.hands[1])
    assert len(game_hand) >= game.hp[0]  # four cards: asked (the story above)
    # a Kill on seat 3 whose hand is 4: asked; declining leaves the Dodge window
    use(game, 0, "kill", [3])
    act(game, 0, type="decline")
    assert game.ask == "dodge"


# --- Pang Tong: Niepan (limited) ------------------------------------------------------------
def test_niepan_revives_pang_tong_once_a_game() -> None:
    # given: seat 0 holds six Duels; Pang Tong (seat 1, 3 HP) has no Kill
    game = shown([WEI, ("pangtong", "wolong"), WU, QUN],
                 hands={0: ["duel"] * 3 + ["barbarian_invasion"]},
                 pile=["barbarian_invasion", "arrow_barrage"])
    to_play_phase(game)
    for _ in range(3):
        use(game, 0, "duel", [1])
        while game.ask == "kill" or (game.ask == "nullify"):
            act(game, game.to_act()[0], type="decline")
    # then: dying, he is asked Niepan
    assert game.ask == "skill" and game.view(1)["pending"]["skill"] == "niepan"
    events = act(game, 1, type="skill", skill="niepan")
    # then: his cards are discarded, HP 3, three cards drawn, rescued
    assert kinds(events)[:3] == ["SkillUsed", "Healed", "CardsDrawn"]
    assert game.hp[1] == 3 and len(game.hands[1]) == 3 and game.alive[1]
    assert "Rescued" in kinds(events)
    assert game.spent == ["1:niepan"]
    # when: dying again (two invasions and an arrow barrage); then: not asked, he dies
    for name in ("barbarian_invasion", "barbarian_invasion", "arrow_barrage"):
        use(game, 0, name)
        while game.ask in ("kill", "dodge", "nullify", "peach"):
            act(game, game.to_act()[0], type="decline")
        assert game.ask != "skill"
    assert not game.alive[1] and game.spent == ["1:niepan"]
    assert any("Niepan" in line for line in told(game))


def test_niepan_unchains_pang_tong_and_turns_him_face_up() -> None:
    # given: Pang Tong (seat 1) chained and turned over (recorded), seat 0 with three Duels
    game = shown([WEI, ("pangtong", "wolong"), WU, QUN], hands={0: ["duel"] * 3})
    game._chain_toggled(seat=1, chained=True)
    game._turned_over(seat=1, face_down=True, reason="given")
    to_play_phase(game)
    for _ in range(3):
        use(game, 0, "duel", [1])
        while game.ask in ("kill", "nullify"):
            act(game, game.to_act()[0], type="decline")
    # when: dying, he uses Niepan
    assert game.view(1)["pending"]["skill"] == "niepan"
    events = act(game, 1, type="skill", skill="niepan")
    # then: healed to 3, three cards, then unchained and face up, then rescued
    assert kinds(events)[:5] == ["SkillUsed", "Healed", "CardsDrawn", "ChainToggled",
                                 "TurnedOver"]
    assert data(events, "TurnedOver") == {"seat": 1, "face_down": False, "reason": "niepan"}
    assert not game.chained[1] and not game.turned[1] and game.hp[1] == 3


# --- Wolong: Kanpo, Bazhen ------------------------------------------------------------------------
def test_kanpo_plays_a_black_hand_card_as_nullification() -> None:
    # given: seat 0 Dismantles seat 2; Wolong (seat 1) holds a black filler
    black = card(("ex_nihilo", "H", 7))  # (a red trick: not offered)
    game = shown([WEI, ("wolong", "pangtong"), WU, QUN],
                 hands={0: ["dismantlement"], 1: [black, ("lightning", "S", 1)]})
    to_play_phase(game)
    use(game, 0, "dismantlement", [2])
    # then: the window asks Wolong, who may play his black card only
    assert game.ask == "nullify" and game.to_act() == [1]
    offered = [a for a in game.legal_actions(1) if a["type"] == "respond"]
    cards = [a["card"] for a in offered]
    assert card(("lightning", "S", 1)) in cards and black not in cards
    assert all(a["skill"] == "kanpo" and SUIT[a["card"]] in "SC" for a in offered)
    offered = [a for a in offered if a["card"] == card(("lightning", "S", 1))]
    refuse(game, 1, IllegalAction, type="respond", card=black, skill="kanpo")
    events = act(game, 1, **offered[0])
    assert kinds(events)[:2] == ["SkillUsed", "Responded"]
    assert data(events, "Responded")["name"] == "nullification"


def test_bazhen_judges_as_eight_trigrams_while_the_armor_slot_is_empty() -> None:
    # given: seat 0 Kills Wolong (seat 1); the pile's top is red
    game = shown([WEI, ("wolong", "pangtong"), WU, QUN], hands={0: ["kill"]},
                 pile=[None, None, ("peach", "H", 3)])
    to_play_phase(game)
    use(game, 0, "kill", [1])
    assert {"type": "eight_trigrams", "skill": "bazhen"} in game.legal_actions(1)
    events = act(game, 1, type="eight_trigrams", skill="bazhen")
    # then: the judgment is red: a Dodge; no damage
    assert kinds(events)[:2] == ["SkillUsed", "Judged"]
    assert data(events, "Judged")["reason"] == "eight_trigrams"
    assert "Damaged" not in kinds(events) and game.hp[1] == game.max_hp[1]


# --- Pang Tong and Wolong: Lianhuan and Huoji (the chain catches fire) -----------------------
KW = "kingdom_wars"


def test_lianhuan_chains_two_with_a_club_and_huoji_sets_the_chain_on_fire() -> None:
    # given: Pang Tong & Wolong (seat 0) hold a club Kill, a red Dodge, a spade Kill and a
    # club Kill; seat 1 holds a spade Kill (the card it will show)
    club, red, spade = card(("kill", "C", 2), deck=KW), card(("dodge", "D", 2), deck=KW), \
        card(("kill", "S", 5), deck=KW)
    shown_card = card(("kill", "S", 7), deck=KW)
    game = shown([("pangtong", "wolong"), WEI, WU, QUN], deck=KW,
                 hands={0: [club, red, spade, ("kill", "C", 3)], 1: [shown_card]})
    to_play_phase(game)
    uses = [a for a in game.legal_actions(0) if a["type"] == "use" and a.get("skill")]
    # then: every club hand card may be an Iron Chain (one or two players), every red one
    # a Fire Attack; the spade Kill is neither
    assert {"type": "use", "card": club, "as": "iron_chain", "skill": "lianhuan",
            "targets": [1, 2]} in uses
    assert {"type": "use", "card": red, "as": "fire_attack", "skill": "huoji",
            "targets": [1]} in uses
    assert not any(a["card"] == spade for a in uses)
    refuse(game, 0, IllegalAction, type="use", card=spade, skill="huoji", targets=[1])
    # when: the club Kill chains seats 2 and 1 (named in any order)
    events = act(game, 0, type="use", card=club, skill="lianhuan", targets=[2, 1])
    while game.ask == "nullify":  # (Wolong's Kanpo could answer his own card: he does not)
        events += act(game, 0, type="decline")
    # then: the skill is named, the club is an Iron Chain, both are chained
    assert kinds(events)[:2] == ["SkillUsed", "CardUsed"]
    assert data(events, "CardUsed")["name"] == "iron_chain"
    assert named(events, "ChainToggled") == [{"seat": 1, "chained": True},
                                             {"seat": 2, "chained": True}]
    # when: the red Dodge is a Fire Attack on seat 1, who shows its spade Kill
    events = act(game, 0, type="use", card=red, skill="huoji", targets=[1])
    while game.ask == "nullify":
        events += act(game, 0, type="decline")
    assert data(events, "CardUsed")["name"] == "fire_attack" and game.ask == "show_card"
    act(game, 1, type="choose", card=shown_card)
    # when: Wolong discards his spade: 1 fire damage to seat 1
    hp1, hp2 = game.hp[1], game.hp[2]
    events = act(game, 0, type="discard", cards=[spade])
    while game.ask == "skill":  # (Jianxiong and the like: declined)
        events += act(game, game.to_act()[0], type="decline")
    # then: the fire goes down the chain to seat 2; both are unchained
    hits = named(events, "NatureDamaged")
    assert [(d["seat"], d["nature"], d["chain"]) for d in hits] == [
        (1, "fire", False), (2, "fire", True)]
    assert game.hp[1] == hp1 - 1 and game.hp[2] == hp2 - 1
    assert game.chained == [False] * 4
    lines = told(game)
    assert any("Lianhuan" in line for line in lines) and any("Huoji" in line for line in lines)


def test_lianhuan_recasts_a_club_hand_card_and_nothing_else() -> None:
    # given: Pang Tong (seat 0) holds a club Kill and a red Dodge
    club, red = card(("kill", "C", 2), deck=KW), card(("dodge", "D", 2), deck=KW)
    game = shown([("pangtong", "wolong"), WEI, WU, QUN], deck=KW, hands={0: [club, red]})
    to_play_phase(game)
    recasts = [a for a in game.legal_actions(0) if a["type"] == "recast"]
    assert {"type": "recast", "card": club, "skill": "lianhuan"} in recasts
    assert not any(a["card"] == red for a in recasts)
    # when: a red card is recast through the skill: refused, nothing recorded
    refuse(game, 0, IllegalAction, type="recast", card=red, skill="lianhuan")
    hand = len(game.hands[0])
    # when: the club is recast
    events = act(game, 0, type="recast", card=club, skill="lianhuan")
    # then: the skill is named, the club goes to the discard pile, a card is drawn
    assert kinds(events) == ["SkillUsed", "CardRecast", "CardsDrawn"]
    assert club in game.discard and len(game.hands[0]) == hand
    assert any("recasts" in line and "Lianhuan" in line for line in told(game))


def test_a_hidden_wolong_shows_himself_to_use_huoji() -> None:
    # given: Wolong hidden (seat 0 passes its show step), a red card in hand
    red = card(("dodge", "D", 2), deck=KW)
    game = htable([("pangtong", "wolong"), WEI, WU, QUN], {0: [red]},
                  options={"deck": KW})
    remember(game)
    to_play_phase(game)
    assert game.hidden(0) == ["head", "deputy"]
    # when: he uses the red card as a Fire Attack
    events = act(game, 0, type="use", card=red, skill="huoji", targets=[1])
    # then: Wolong is shown first, then the skill is used
    assert kinds(events)[0] == "GeneralsShown"
    assert data(events, "GeneralsShown")["which"] == ["deputy"]
    assert "SkillUsed" in kinds(events) and data(events, "CardUsed")["name"] == "fire_attack"


# --- Liu Shan: Xiangle, Fangquan ---------------------------------------------------------------
@pytest.mark.parametrize("pays", [True, False])
def test_xiangle_the_kill_counts_only_if_its_user_discards_a_basic_card(pays: bool) -> None:
    game = shown([WEI, ("liushan", "zhaoyun"), WU, QUN], hands={0: ["kill", "peach"]})
    to_play_phase(game)
    events = use(game, 0, "kill", [1])
    # then: asked unasked-for: the Kill's user must discard a basic card
    assert [d["skill"] for d in named(events, "SkillUsed")] == ["xiangle"]
    assert game.to_act() == [0] and game.view(0)["pending"]["skill"] == "xiangle"
    if pays:
        peach = next(c for c in game.hands[0] if NAME[c] == "peach")
        events = act(game, 0, type="discard", cards=[peach])
        assert data(events, "CardsDiscarded")["reason"] == "xiangle"
        assert game.ask == "dodge" and game.to_act() == [1]
    else:
        act(game, 0, type="decline")
        assert game.ask == "play" and game.hp[1] == game.max_hp[1]


def test_fangquan_skips_the_play_phase_and_gives_another_player_an_extra_turn() -> None:
    game = shown([("liushan", "zhaoyun"), WEI, WU, QUN])
    until_asked(game, 0, "fangquan")
    events = act(game, 0, type="skill", skill="fangquan")
    assert "PhaseChanged" in kinds(events)
    assert data(events, "PhaseChanged")["skipped"] == "play"
    until_asked(game, 0, "fangquan")
    give = game.hands[0][0]
    events = act(game, 0, type="skill", skill="fangquan", cards=[give], targets=[2])
    assert data(events, "ExtraTurnGranted") == {"seat": 2, "by": 0, "reason": "fangquan"}
    # then: seat 2 plays next, then seat 1 (the order goes on from Liu Shan)
    assert data(events, "TurnStarted")["seat"] == 2
    while game.current == 2:  # seat 2's extra turn passes
        asked = game.ask
        t = game.legal_actions(2)[0]
        act(game, 2, **({"type": "end_play"} if asked == "play" else
                        {**t, "cards": t["from"][:t["count"]]} if asked == "discard"
                        else {"type": "decline"}))
    assert game.current == 1
    assert any("Fangquan" in line for line in told(game))


# --- Meng Huo and Zhu Rong: Huoshou, Juxiang, Zaiqi ---------------------------------------------
def test_huoshou_and_juxiang_spare_the_pair_take_the_damage_and_the_card() -> None:
    # given: seat 0 uses Barbarian Invasion; seat 1 is Meng Huo & Zhu Rong
    game = shown([WEI, ("menghuo", "zhurong"), WU, QUN], hands={0: [BARBARIANS]})
    to_play_phase(game)
    invasion = next(c for c in game.hands[0] if NAME[c] == BARBARIANS)
    events = use(game, 0, BARBARIANS)
    while game.ask == "kill":
        events += act(game, game.to_act()[0], type="decline")
    # then: the other two are hurt, by Meng Huo; Zhu Rong takes the card afterwards
    assert {(d["seat"], d["source"]) for d in named(events, "Damaged")} == {(2, 1), (3, 1)}
    assert game.hp[1] == game.max_hp[1]
    assert [d["skill"] for d in named(events, "SkillUsed")] == ["juxiang"]
    assert data(events, "CardsGained")["cards"] == [invasion]
    assert invasion in game.hands[1]


def test_zaiqi_turns_up_lost_hp_cards_heals_per_heart_and_keeps_the_rest() -> None:
    # given: Meng Huo (seat 0) lost 2 HP to seat 3; the pile's top: a heart, a spade
    heart, spade = card(("peach", "H", 3)), card(("ex_nihilo", "H", 7))
    game = shown([("menghuo", "zhurong"), WU, QUN, WEI],
                 hands={3: ["kill", "duel"]}, first=3)
    to_play_phase(game)
    hurt(game, 3, 0)
    use(game, 3, "duel", [0])
    while game.ask in ("kill", "nullify"):
        act(game, game.to_act()[0], type="decline")
    end_turn(game)
    assert game.hp[0] == game.max_hp[0] - 2
    until_asked(game, 0, "zaiqi")
    top2 = game.pile[-1:-3:-1]
    events = act(game, 0, type="skill", skill="zaiqi")
    # then: both turned up; one heal per heart; the rest taken; no normal draw
    revealed = data(events, "CardsRevealed")["cards"]
    assert revealed == top2
    hearts = [c for c in revealed if SUIT[c] == "H"]
    assert sum(d["amount"] for d in named(events, "Healed")) == len(hearts)
    rest = [c for c in revealed if c not in hearts]
    if rest:
        assert data(events, "CardsGained")["cards"] == rest
    assert set(hearts) <= set(game.discard)
    assert "CardsDrawn" not in kinds(events)
    _ = heart, spade


# --- Gan Furen: Shushen, Shenzhi ---------------------------------------------------------
def test_shenzhi_discards_the_hand_and_heals_and_shushen_lets_a_kin_draw() -> None:
    # given: Liu Bei & Gan Furen (seat 0) and another Shu seat (2); seat 3 hurt seat 0
    game = shown([("ganfuren", "liubei"), WU, ("zhaoyun", "machao"), WEI],
                 hands={3: ["kill"]}, first=3)
    to_play_phase(game)
    hurt(game, 3, 0)
    end_turn(game)
    until_asked(game, 0, "shenzhi")
    hand = list(game.hands[0])
    assert len(hand) >= game.hp[0]
    events = act(game, 0, type="skill", skill="shenzhi")
    # then: the hand is discarded, she heals 1; Shushen asks whom of her kingdom draws
    assert data(events, "Healed")["reason"] == "shenzhi" and game.hands[0] == []
    assert game.view(0)["pending"]["skill"] == "shushen"
    offers = [a for a in game.legal_actions(0) if a["type"] == "skill"]
    assert [a["targets"] for a in offers] == [[2]]  # not Wu seat 1 nor Wei seat 3
    since = mark(game)
    events = act(game, 0, type="skill", skill="shushen", targets=[2])
    assert data(events, "CardsDrawn")["seat"] == 2
    assert data(events, "CardsDrawn")["reason"] == "shushen"
    # then: the card drawn is the drawer's secret
    drawn = [d for n, d in seen(game, since, 0) if n == "CardsDrawn"][0]
    assert drawn["cards"] is None and drawn["count"] == 1


def test_shenzhi_is_not_offered_with_an_empty_hand_and_refused_unasked() -> None:
    game = shown([("ganfuren", "liubei"), WU, QUN, WEI])
    refuse(game, 0, IllegalAction, type="skill", skill="shenzhi")
    _ = KIND


# --- Zhu Rong: Lieren ---------------------------------------------------------------------
def test_lieren_pindians_the_hurt_target_and_the_winner_takes_a_card() -> None:
    # given: Zhu Rong (seat 0) holds a Kill and a King; seat 1 wears a horse, holds an Ace
    # (Juxiang: Barbarian Invasion spares her; Meng Huo as her deputy)
    king, ace = card(("collateral", "C", 13)), card(("duel", "S", 1))
    horse = card("minus_horse")
    game = shown([("zhurong", "menghuo"), WU, QUN, WEI],
                 hands={0: ["kill", king], 1: [ace, horse]}, first=1)
    to_play_phase(game)
    use(game, 1, "minus_horse")
    end_turn(game)
    while game.current != 0:  # seats 2 and 3 pass
        to_play_phase(game)
        end_turn(game)
    to_play_phase(game)
    # when: her Kill hurts seat 1; Lieren is asked; she pindians with the King
    hurt_events = use(game, 0, "kill", [1])
    while game.ask == "dodge":
        hurt_events += act(game, 1, type="decline")
    assert game.view(0)["pending"]["skill"] == "lieren"
    act(game, 0, type="skill", skill="lieren")
    act(game, 0, type="choose", card=king)
    # then: the target's choice is secret from others until both are shown
    since = mark(game)
    events = act(game, 1, type="choose", card=ace)
    assert seen(game, since, 2)[0][1].get("card") is None
    assert data(events, "PindianShown")["won"] is True
    # when: she takes the horse; then: it is hers
    assert {"type": "choose", "card": horse} in game.legal_actions(0)
    events = act(game, 0, type="choose", card=horse)
    assert data(events, "CardTaken") == {"seat": 0, "source": 1, "card": horse,
                                         "area": "equipment", "reason": "lieren"}
    assert horse in game.hands[0]
    assert any("Lieren" in line for line in told(game))


# --- bots -------------------------------------------------------------------------------------
def test_bots_play_the_shu_skills_through_whole_games() -> None:
    """Random and kingdom bots at tables of Shu generals (the other seats Wu, so they stay
    one Shu side of at most half): every game ends and replays; many skills get used."""
    from domain.sanguosha.generals import ROSTER

    shu_ids = [g for g, ids in KW_SKILLS.items() if ROSTER[g].kingdom == "shu"]
    wu_ids = [g for g in ROSTER if ROSTER[g].kingdom == "wu"]
    used: set[str] = set()
    for seed in range(6):  # (enough games that the count does not hang on one trajectory)
        rng = random.Random(seed)
        shu_pool, wu_pool = shu_ids[:], wu_ids[:]
        rng.shuffle(shu_pool)
        rng.shuffle(wu_pool)
        picks = [(shu_pool[2 * i], shu_pool[2 * i + 1]) for i in range(3)] + \
            [(wu_pool[2 * i], wu_pool[2 * i + 1]) for i in range(3)]
        candidates = [[h, d, *(shu_pool[6 + 2 * i:8 + 2 * i] if i < 3 else
                              wu_pool[6 + 2 * (i - 3):8 + 2 * (i - 3)])]
                      for i, (h, d) in enumerate(picks)]
        used |= skills_used(bot_game(candidates, rng, "random" if seed % 2 else "kingdom"))
    shu_skills = {sid for g in shu_ids for sid in KW_SKILLS[g]}
    assert len(used & shu_skills) >= 10, sorted(used & shu_skills)


def test_kingdom_bots_chain_and_burn_with_pang_tong_and_wolong() -> None:
    """Kingdom bots with Pang Tong & Wolong at seat 0 (its only pair of one kingdom): in
    six whole games it uses Iron Chains and Fire Attacks made by Lianhuan and Huoji."""
    candidates = [["pangtong", "wolong", "zhangliao", "lusu"],
                  ["caocao", "xuchu", "simayi", "guojia"],
                  ["sunquan", "ganning", "lvmeng", "huanggai"],
                  ["lvbu", "diaochan", "huatuo", "jiaxu"]]
    assert {"huoji", "lianhuan"} <= bot_skills(candidates, 6)


def test_a_table_without_skills_offers_no_show_for_mashu() -> None:
    # given: Ma Chao (hidden) at a table whose generals have no skills
    plain = htable([("machao", "zhaoyun"), WU, QUN, WEI], options={"skills": False})
    skilled = htable([("machao", "zhaoyun"), WU, QUN, WEI])
    for game in (plain, skilled):
        to_play_phase(game)
    # then: only the skilled table may show him in the play phase to switch Mashu on
    shows = [[a for a in g.legal_actions(0) if a["type"] == "show"] for g in (plain, skilled)]
    assert shows[0] == [] and shows[1]
    assert plain.general_skills(0, 0) == ()
