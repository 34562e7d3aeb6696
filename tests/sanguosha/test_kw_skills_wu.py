"""Stories of the Wu generals' Kingdom Wars skills (docs/rules/generals.md §2.3).

Each story is given (a Kingdom Wars table whose seats hold the generals named, shown at
the start of their own turns), when (a seat acts), then (the events recorded and the
state they leave); an illegal use is refused with no event; each story ends by
rebuilding the table from its events alone. Pindian and Tianyi: ``test_pindian.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.game import IllegalAction
from domain.sanguosha.actions import NotAChoice, WrongCount
from domain.sanguosha.cards import KILL, NAME, RED
from domain.sanguosha.hegemony import HegemonyGame
from domain.sanguosha.skill import KW_SKILLS, SKILLS
from domain.sanguosha.skills import wu
from tests.sanguosha.hrig import bot_game, bot_skills, htable, shown_table, skills_used
from tests.sanguosha.rig import Spec, act, card, end_turn, kinds, refuse
from tests.sanguosha.skill_steps import remember, told

Events = list[tuple[str, dict[str, Any]]]
FILLER_PAIRS = [("caocao", "xuchu"), ("liubei", "guanyu"), ("lvbu", "diaochan"),
                ("zhangliao", "xiahoudun"), ("zhangfei", "zhaoyun"), ("huatuo", "jiaxu")]


def kw_table(wu_seats: dict[int, tuple[str, str]], n: int = 4,
             hands: dict[int, Sequence[Spec]] | None = None,
             pile: Sequence[Spec | None] = ()) -> HegemonyGame:
    """Given: ``n`` seats; ``wu_seats`` hold those generals, the others non-Wu pairs."""
    fillers = iter(FILLER_PAIRS)
    picks = [wu_seats[s] if s in wu_seats else next(fillers) for s in range(n)]
    game = htable(picks, hands=hands, pile=pile)
    remember(game)
    return game


def settle(game: HegemonyGame) -> None:
    """When: every skill the table offers now is declined."""
    while game.ask == "skill":
        act(game, game.to_act()[0], type="decline")


def show_both(game: HegemonyGame) -> None:
    """When: the current seat shows both generals (and takes its bonuses as draws)."""
    if game.ask == "show":
        act(game, game.current, type="show", which="both")
    while game.ask in ("pair", "fish"):
        act(game, game.current, type=f"{game.ask}_bonus", choice="draw")


def to_turn(game: HegemonyGame, seat: int) -> None:
    """When: every seat shows both generals at the start of its turn and passes (skills
    declined), until ``seat`` has shown and is in its play phase (its skills armed)."""
    while True:
        show_both(game)
        settle(game)
        if game.current == seat and game.ask == "play":
            return
        if game.ask == "play":
            end_turn(game)
        settle(game)


def skill_actions(game: HegemonyGame, seat: int, skill: str) -> list[dict[str, Any]]:
    return [a for a in game.legal_actions(seat) if a.get("skill") == skill
            and a["type"] == "skill"]


def data(events: Events, name: str) -> dict[str, Any]:
    return next(d for n, d in events if n == name)


# --- the registry ---------------------------------------------------------------------------
def test_every_wu_general_has_its_kingdom_wars_skills_in_the_rules_order() -> None:
    assert KW_SKILLS["sunquan"] == ("zhiheng_kw",)
    assert KW_SKILLS["ganning"] == ("qixi",) and KW_SKILLS["lvmeng"] == ("keji",)
    assert KW_SKILLS["huanggai"] == ("kurou",)
    assert KW_SKILLS["zhouyu"] == ("yingzi", "fanjian")
    assert KW_SKILLS["daqiao"] == ("guose", "liuli_kw")
    assert KW_SKILLS["luxun"] == ("qianxun_kw", "duoshi")
    assert KW_SKILLS["sunshangxiang"] == ("jieyin", "xiaoji_kw")
    assert KW_SKILLS["taishici"] == ("tianyi",)
    assert KW_SKILLS["dingfeng"] == ("duanbing", "fenxun")
    assert KW_SKILLS["sunjian"] == ("yinghun",)
    assert KW_SKILLS["xiaoqiao"] == ("tianxiang", "hongyan")
    assert KW_SKILLS["lusu"] == ("haoshi", "dimeng")
    assert KW_SKILLS["erzhang"] == ("zhijian", "guzheng")
    assert KW_SKILLS["zhoutai"] == ("buqu", "buqu_wounds")
    # "same as §1": the identity skill itself
    assert SKILLS["qixi"] is wu.QIXI and SKILLS["fanjian"] is wu.FANJIAN


# --- Sun Quan: Zhiheng (at most max HP cards) ------------------------------------------------
def test_zhiheng_discards_at_most_max_hp_cards_and_draws_as_many() -> None:
    # given: Sun Quan and Lu Su (7 halves: 3 HP) with six cards after the odd-half draw
    game = kw_table({0: ("sunquan", "lusu")})
    to_turn(game, 0)
    assert game.max_hp[0] == 3 and len(game.hands[0]) > 3
    offers = skill_actions(game, 0, "zhiheng_kw")
    assert [a["count"] for a in offers] == [1, 2, 3]
    # when: four cards are too many
    refuse(game, 0, NotAChoice, type="skill", skill="zhiheng_kw", cards=game.hands[0][:4])
    # when: he discards three
    gone = game.hands[0][:3]
    events = act(game, 0, type="skill", skill="zhiheng_kw", cards=gone)
    # then: three discarded, three drawn; once per play phase
    assert kinds(events) == ["SkillUsed", "CardsDrawn"]
    assert len(data(events, "CardsDrawn")["cards"]) == 3 and set(gone) <= set(game.discard)
    assert skill_actions(game, 0, "zhiheng_kw") == []
    refuse(game, 0, NotAChoice, type="skill", skill="zhiheng_kw", cards=game.hands[0][:1])


# --- Huang Gai: Kurou, as in identity ----------------------------------------------------------
def test_kurou_loses_one_hp_and_draws_two_in_kingdom_wars() -> None:
    game = kw_table({0: ("huanggai", "ganning")})
    to_turn(game, 0)
    hp, hand = game.hp[0], len(game.hands[0])
    events = act(game, 0, type="skill", skill="kurou")
    assert kinds(events) == ["SkillUsed", "HpLost", "CardsDrawn"]
    assert game.hp[0] == hp - 1 and len(game.hands[0]) == hand + 2


# --- Lu Xun: Qianxun cancels him as a target ---------------------------------------------------
def test_qianxun_cancels_a_snatch_on_lu_xun_and_the_card_is_wasted() -> None:
    snatch = card(("snatch", "S", 3))
    game = kw_table({0: ("luxun", "ganning")}, hands={1: [snatch]})
    to_turn(game, 1)
    # given: Lu Xun may still be chosen (Kingdom Wars cancels, it does not forbid)
    assert {"type": "use", "card": snatch, "targets": [0]} in game.legal_actions(1)
    hand = list(game.hands[0])
    # when: seat 1 snatches from him
    events = act(game, 1, type="use", card=snatch, targets=[0])
    # then: the Snatch is used, then he is no longer its target: nothing is taken
    assert kinds(events) == ["CardUsed"]
    assert game.hands[0] == hand and snatch in game.discard and game.ask == "play"


def test_qianxun_cancels_an_indulgence_on_lu_xun() -> None:
    indulgence = card(("indulgence", "S", 6))
    game = kw_table({0: ("luxun", "ganning")}, hands={2: [indulgence]})
    to_turn(game, 2)
    events = act(game, 2, type="use", card=indulgence, targets=[0])
    assert kinds(events) == ["CardUsed"]
    assert game.judging[0] == [] and indulgence in game.discard


def test_duoshi_uses_a_red_hand_card_as_await_exhausted_four_times_a_play_phase() -> None:
    # given: Lu Xun & Gan Ning (seat 0) hold three red Dodges and a spade Kill; seat 2 is
    # Wu too (Sun Quan & Zhou Tai), seats 1 and 3 are not; everyone shows at the start of
    # its turn (turn order 2, 3, 0)
    kw = "kingdom_wars"
    reds = [card(("dodge", "D", n), deck=kw) for n in (2, 3, 6)]
    spade = card(("kill", "S", 5), deck=kw)
    game = htable([("luxun", "ganning"), ("caocao", "xuchu"), ("sunquan", "zhoutai"),
                   ("lvbu", "diaochan")], hands={0: [*reds, spade]}, options={"deck": kw},
                  first=2)
    remember(game)
    to_turn(game, 2)
    end_turn(game)
    settle(game)
    to_turn(game, 0)
    # then: each red hand card may be an Await Exhausted; the black Kill may not
    offers = [a for a in game.legal_actions(0) if a.get("skill") == "duoshi"]
    assert {a["card"] for a in offers} == {c for c in game.hands[0] if RED[c]} >= set(reds)
    assert all(a == {"type": "use", "card": a["card"], "as": "await_exhausted",
                     "skill": "duoshi"} for a in offers)
    refuse(game, 0, IllegalAction, type="use", card=spade, skill="duoshi")
    # when: he uses a red Dodge as Await Exhausted
    hand0, hand2 = len(game.hands[0]), len(game.hands[2])
    events = act(game, 0, type="use", card=reds[0], skill="duoshi")
    # then: he and Sun Quan (his kingdom) draw two each, then each discards two
    assert kinds(events)[:2] == ["SkillUsed", "CardUsed"]
    used = data(events, "CardUsed")
    assert used["name"] == "await_exhausted" and used["targets"] == [0, 2]
    assert [d["seat"] for n, d in events if n == "CardsDrawn"] == [0, 2]
    for seat in (0, 2):
        assert game.ask == "await_discard" and game.to_act() == [seat]
        _discard_two(game, seat)
    assert len(game.hands[0]) == hand0 - 1 and len(game.hands[2]) == hand2
    # when: three more red cards; then: a fifth use is not offered this play phase
    for _ in range(3):
        red = next(c for c in game.hands[0] if RED[c])
        act(game, 0, type="use", card=red, skill="duoshi")
        while game.ask == "await_discard":
            _discard_two(game, game.to_act()[0])
    assert any(RED[c] for c in game.hands[0])
    assert not [a for a in game.legal_actions(0) if a.get("skill") == "duoshi"]
    red = next(c for c in game.hands[0] if RED[c])
    refuse(game, 0, IllegalAction, type="use", card=red, skill="duoshi")
    assert any("Duoshi" in line for line in told(game))


def _discard_two(game: HegemonyGame, seat: int) -> None:
    """When: the seat discards two cards for Await Exhausted, black ones first."""
    (template,) = game.legal_actions(seat)
    act(game, seat, type="discard", cards=sorted(template["from"], key=lambda c: RED[c])[:2])


# --- Da Qiao: Liuli passes the Kill on -------------------------------------------------------
def test_liuli_passes_the_kill_to_a_seat_in_her_range_who_is_then_targeted() -> None:
    kill, cost = card(("kill", "S", 7)), card(("dodge", "H", 2))
    game = kw_table({0: ("daqiao", "xiaoqiao")}, hands={0: [cost], 1: [kill]})
    to_turn(game, 1)
    act(game, 1, type="use", card=kill, targets=[0])
    assert game.ask == "skill" and game.to_act() == [0]
    offers = [a for a in game.legal_actions(0) if a["type"] == "skill"]
    assert {a["skill"] for a in offers} == {"liuli_kw"}
    assert all(a["targets"] != [1] for a in offers)  # never the Kill's user
    events = act(game, 0, type="skill", skill="liuli_kw", card=cost, targets=[3])
    assert kinds(events)[0] == "SkillUsed" and cost in game.discard
    assert game.ask == "dodge" and game.to_act() == [3]


# --- Sun Shangxiang: Xiaoji, once per move ---------------------------------------------------
def test_xiaoji_draws_two_when_her_equipment_is_dismantled() -> None:
    horse, dismantle = card(("plus_horse", "H", 13)), card(("dismantlement", "S", 3))
    game = kw_table({0: ("sunshangxiang", "sunjian")}, hands={0: [horse], 1: [dismantle]})
    to_turn(game, 0)
    act(game, 0, type="use", card=horse)
    to_turn(game, 1)
    act(game, 1, type="use", card=dismantle, targets=[0])
    act(game, 1, type="choose", card=horse)
    assert game.ask == "skill" and game.view(0)["pending"]["skill"] == "xiaoji_kw"
    hand = len(game.hands[0])
    events = act(game, 0, type="skill", skill="xiaoji_kw")
    assert kinds(events) == ["SkillUsed", "CardsDrawn"] and len(game.hands[0]) == hand + 2
    assert game.ask == "play" and game.current == 1


# --- Ding Feng: Duanbing and Fenxun ----------------------------------------------------------
def test_duanbing_adds_a_target_at_distance_one() -> None:
    kill = card(("kill", "S", 7))
    game = kw_table({0: ("dingfeng", "sunquan")}, n=6, hands={0: [kill]})
    to_turn(game, 0)
    uses = {tuple(a["targets"]) for a in game.legal_actions(0)
            if a["type"] == "use" and a["card"] == kill}
    # seats 1 and 5 are at distance 1: one of them, or both
    assert uses == {(1,), (5,), (1, 5)}
    events = act(game, 0, type="use", card=kill, targets=[1, 5])
    assert data(events, "CardUsed")["targets"] == [1, 5]


def test_fenxun_puts_a_far_seat_at_distance_one_this_turn() -> None:
    kill, snatch = card(("kill", "S", 7)), card(("snatch", "S", 3))
    game = kw_table({0: ("dingfeng", "sunquan")}, n=6, hands={0: [kill, snatch]})
    to_turn(game, 0)
    assert not any(a.get("targets") == [3] for a in game.legal_actions(0)
                   if a["type"] == "use" and a["card"] in (kill, snatch))
    cost = next(c for c in game.hands[0] if c not in (kill, snatch))
    refuse(game, 0, NotAChoice, type="skill", skill="fenxun", cards=[cost], targets=[0])
    events = act(game, 0, type="skill", skill="fenxun", cards=[cost], targets=[3])
    assert kinds(events) == ["SkillUsed"] and cost in game.discard
    targets = [a.get("targets") for a in game.legal_actions(0) if a["type"] == "use"
               and NAME[a["card"]] in (KILL, "snatch")]
    assert [3] in targets
    assert skill_actions(game, 0, "fenxun") == []
    assert any("Fenxun" in line for line in told(game))


# --- Sun Jian: Yinghun -------------------------------------------------------------------------
def _sun_jian_hurt(kills: int) -> HegemonyGame:
    """Given: Sun Jian (seat 2) shows both generals in his first turn, then takes ``kills``
    Kills from seats 3 and 1 (turn order 2, 3, 0, 1); then his next turn starts."""
    hands = {3: [("kill", "S", 7)], 1: [("kill", "S", 8)] if kills == 2 else []}
    game = htable([("caocao", "xuchu"), ("liubei", "guanyu"), ("sunjian", "sunquan"),
                   ("lvbu", "diaochan")], hands=hands, first=2)
    remember(game)
    for seat in (2, 3, 0, 1):
        to_turn(game, seat)
        kill = next((c for c in game.hands[seat] if NAME[c] == KILL), None)
        if kill is not None and seat in (3, 1) and (seat == 3 or kills == 2):
            act(game, seat, type="use", card=kill, targets=[2])
            while game.ask == "dodge":
                act(game, 2, type="decline")
            settle(game)
    end_turn(game)
    while game.ask == "skill" and game.view(2)["pending"].get("skill") != "yinghun":
        act(game, game.to_act()[0], type="decline")
    assert game.ask == "skill" and game.view(2)["pending"]["skill"] == "yinghun"
    return game


def test_yinghun_with_one_hp_lost_the_chosen_player_draws_one_and_discards_one() -> None:
    game = _sun_jian_hurt(1)
    assert game.max_hp[2] - game.hp[2] == 1
    offers = [a for a in game.legal_actions(2) if a["type"] == "skill"]
    assert offers == [{"type": "skill", "skill": "yinghun", "targets": [t]} for t in (0, 1, 3)]
    hand = len(game.hands[0])
    events = act(game, 2, type="skill", skill="yinghun", targets=[0])
    assert kinds(events) == ["SkillUsed", "CardsDrawn"] and len(game.hands[0]) == hand + 1
    # then: seat 0 chooses one card of hand or equipment to discard
    assert game.to_act() == [0]
    (template,) = game.legal_actions(0)
    assert template["type"] == "discard" and template["count"] == 1
    gone = game.hands[0][0]
    refuse(game, 0, WrongCount, type="discard", cards=game.hands[0][:2])
    events = act(game, 0, type="discard", cards=[gone])
    assert kinds(events)[0] == "CardsDiscarded" and gone in game.discard
    assert len(game.hands[0]) == hand


def test_yinghun_with_two_hp_lost_he_chooses_draw_two_discard_one_or_the_reverse() -> None:
    game = _sun_jian_hurt(2)
    assert game.max_hp[2] - game.hp[2] == 2
    choices = {a.get("choice") for a in game.legal_actions(2) if a["type"] == "skill"}
    assert choices == {"draw_x", "discard_x"}
    hand = len(game.hands[3])
    events = act(game, 2, type="skill", skill="yinghun", targets=[3], choice="discard_x")
    assert len(data(events, "CardsDrawn")["cards"]) == 1
    (template,) = game.legal_actions(3)
    assert template["count"] == 2
    act(game, 3, type="discard", cards=game.hands[3][:2])
    assert len(game.hands[3]) == hand + 1 - 2
    assert any("Yinghun" in line for line in told(game))


# --- Lu Su: Haoshi and Dimeng ----------------------------------------------------------------
def test_haoshi_draws_two_more_and_gives_half_to_the_player_with_fewest_cards() -> None:
    game = kw_table({0: ("lusu", "zhouyu")})
    show_both(game)
    # the draw phase: Haoshi and Yingzi are both asked; both used
    asked = []
    while game.ask == "skill":
        sid = game.view(0)["pending"]["skill"]
        asked.append(sid)
        act(game, 0, type="skill", skill=sid)
    assert sorted(asked) == ["haoshi", "yingzi"]
    drawn = [d for n, d in (e for e in _events(game)) if n == "CardsDrawn"][-1]
    assert drawn["reason"] == "draw_phase" and len(drawn["cards"]) == 5  # 2 + 1 + 2
    # then: more than five in hand: half goes to one of the fewest
    hand = list(game.hands[0])
    assert len(hand) > 5 and game.ask == "haoshi"
    offers = game.legal_actions(0)
    assert {a["targets"][0] for a in offers} == {1, 2, 3}
    assert all(a["count"] == len(hand) // 2 for a in offers)
    given = hand[:len(hand) // 2]
    events = act(game, 0, type="give", cards=given, targets=[2])
    assert kinds(events)[0] == "CardsGiven" and set(given) <= set(game.hands[2])
    assert game.ask == "play" and game.current == 0


def _events(game: HegemonyGame) -> Events:
    from tests.sanguosha.rig import new_events

    return new_events(game, 0)


def test_dimeng_costs_the_hand_size_difference_and_swaps_the_hands() -> None:
    game = kw_table({0: ("lusu", "zhouyu")})
    to_turn(game, 0)
    # state: seat 1 holds 4, seat 2 holds 4 (their deals); seat 3 too: make one differ
    a, b = list(game.hands[1]), list(game.hands[3])
    offers = [x for x in skill_actions(game, 0, "dimeng") if x["targets"] == [1, 3]]
    assert offers == [{"type": "skill", "skill": "dimeng", "targets": [1, 3]}]
    events = act(game, 0, type="skill", skill="dimeng", targets=[1, 3])
    assert kinds(events) == ["SkillUsed", "HandsSwapped"]
    assert game.hands[1] == b and game.hands[3] == a
    # then: the two see both hands, the others count them
    swapped = next(e for e in reversed(game.pending_events)
                   if type(e).__name__ == "HandsSwapped")
    assert game.event_view(swapped, 1)["data"]["cards"] == a
    assert game.event_view(swapped, 2)["data"]["cards"] is None
    assert skill_actions(game, 0, "dimeng") == []


# --- Zhang Zhao & Zhang Hong: Zhijian -----------------------------------------------------------
def test_zhijian_puts_an_equipment_card_into_another_players_empty_slot_and_draws() -> None:
    horse = card(("plus_horse", "H", 13))
    game = kw_table({0: ("erzhang", "sunquan")}, hands={0: [horse]})
    to_turn(game, 0)
    offers = skill_actions(game, 0, "zhijian")
    assert {a["targets"][0] for a in offers} == {1, 2, 3}
    hand = len(game.hands[0])
    events = act(game, 0, type="skill", skill="zhijian", card=horse, targets=[2])
    assert kinds(events) == ["SkillUsed", "CardsDrawn"]
    assert horse in game.equip[2] and len(game.hands[0]) == hand - 1 + 1
    assert any("into" in line and "Zhijian" in line for line in told(game))


# --- Xiao Qiao: Tianxiang and Hongyan -------------------------------------------------------------
def test_tianxiang_passes_the_damage_on_and_the_new_victim_draws_its_lost_hp() -> None:
    heart, spade = card(("dodge", "H", 2)), card(("kill", "S", 8))
    kill = card(("kill", "S", 7))
    game = kw_table({0: ("xiaoqiao", "daqiao")}, hands={0: [heart, spade], 1: [kill]})
    to_turn(game, 1)
    act(game, 1, type="use", card=kill, targets=[0])
    settle_until = [a for a in game.legal_actions(0) if a.get("skill") == "liuli_kw"]
    if settle_until:  # Da Qiao's Liuli is asked first: declined
        act(game, 0, type="decline")
    while game.ask == "dodge":
        act(game, 0, type="decline")
    assert game.ask == "skill" and game.view(0)["pending"]["skill"] == "tianxiang"
    offers = [a for a in game.legal_actions(0) if a["type"] == "skill"]
    # Hongyan is shown: the spade counts as a heart
    assert {heart, spade} <= {a["card"] for a in offers}
    hp0, hp2, hand2 = game.hp[0], game.hp[2], len(game.hands[2])
    events = act(game, 0, type="skill", skill="tianxiang", card=spade, targets=[2])
    damaged = data(events, "Damaged")
    assert damaged["seat"] == 2 and damaged["source"] == 1 and damaged["amount"] == 1
    assert game.hp[0] == hp0 and game.hp[2] == hp2 - 1
    assert data(events, "CardsDrawn")["seat"] == 2 and len(game.hands[2]) == hand2 + 1
    assert spade in game.discard


def test_hongyan_reads_her_spade_judgments_as_hearts() -> None:
    from domain.sanguosha.cards import INDULGENCE, LIGHTNING
    from domain.sanguosha.judgment import judge_result

    spade7 = card(("kill", "S", 7))
    assert judge_result(LIGHTNING, spade7) and not judge_result(LIGHTNING, spade7, True)
    assert judge_result(INDULGENCE, spade7) and not judge_result(INDULGENCE, spade7, True)
    assert judge_result("eight_trigrams", spade7, True)  # red once a heart
    game = kw_table({0: ("xiaoqiao", "daqiao")})
    assert not game.spades_are_hearts(0)  # hidden: not yet
    to_turn(game, 0)
    assert game.spades_are_hearts(0) and not game.spades_are_hearts(1)


def xiaoqiao_facing_a_renwang_shield() -> tuple[HegemonyGame, int, int]:
    """Given: Xiao Qiao & Gan Ning (seat 0) hold a spade Kill and a club Kill; seat 1 puts
    on a Renwang Shield in its turn; both show at the start of their turns. The game in
    her play phase, the spade, the club."""
    spade, club = card(("kill", "S", 7)), card(("kill", "C", 7))
    shield = card(("renwang_shield", "C", 2))
    game = kw_table({0: ("xiaoqiao", "ganning")}, hands={0: [spade, club], 1: [shield]})
    to_turn(game, 1)
    act(game, 1, type="use", card=shield)
    to_turn(game, 0)
    return game, spade, club


def test_hongyan_her_spades_are_hearts_for_conversions_and_the_renwang_shield() -> None:
    game, spade, club = xiaoqiao_facing_a_renwang_shield()
    # then: Qixi (a black card as Dismantlement) takes the club, not her spade (a heart)
    qixi = {a["card"] for a in game.legal_actions(0) if a.get("skill") == "qixi"}
    assert club in qixi and spade not in qixi
    # when: she Kills seat 1 with the spade Kill
    events = act(game, 0, type="use", card=spade, targets=[1])
    # then: a red Kill to the Renwang Shield: not blocked, seat 1 is asked for a Dodge
    assert "KillBlocked" not in kinds(events)
    assert game.ask == "dodge" and game.to_act() == [1]


def test_hongyan_her_spade_trick_is_red_to_jia_xus_weimu() -> None:
    # given: Xiao Qiao & Da Qiao (seat 0) hold a spade Dismantlement; Jia Xu (seat 1) has
    # shown (Weimu cancels him as a target of black tricks)
    spade = card(("dismantlement", "S", 3))
    game = htable([("xiaoqiao", "daqiao"), ("jiaxu", "huatuo"), ("caocao", "xuchu"),
                   ("liubei", "guanyu")], hands={0: [spade]}, first=1)
    remember(game)
    to_turn(game, 0)  # (turn order 1, 2, 3, 0: each shows at its start)
    # when: she uses it on Jia Xu
    act(game, 0, type="use", card=spade, targets=[1])
    while game.ask == "nullify":
        act(game, game.to_act()[0], type="decline")
    # then: a red trick: he stays its target, and she picks one of his cards
    assert game.ask == "pick" and game.to_act() == [0]


def test_hongyan_lu_xuns_duoshi_takes_her_spades_as_red_cards() -> None:
    # given: Xiao Qiao & Lu Xun (seat 0) hold a spade and a club
    spade, club = card(("kill", "S", 7)), card(("kill", "C", 7))
    game = kw_table({0: ("xiaoqiao", "luxun")}, hands={0: [spade, club]})
    to_turn(game, 0)
    duoshi = {a["card"] for a in game.legal_actions(0) if a.get("skill") == "duoshi"}
    assert spade in duoshi and club not in duoshi


def test_hongyan_a_spade_she_shows_to_fire_attack_is_a_heart() -> None:
    # given (the Kingdom Wars deck): seat 1 holds Fire Attack, a heart and a spade;
    # Xiao Qiao (seat 0) holds only spades; both have shown
    kw = "kingdom_wars"
    fire = card(("fire_attack", "H", 2), deck=kw)
    heart, spade = card(("peach", "H", 4), deck=kw), card(("kill", "S", 5), deck=kw)
    hers = [card(("kill", "S", n), deck=kw) for n in (7, 8, 9, 10)]
    game = htable([("xiaoqiao", "daqiao"), ("caocao", "xuchu"), ("liubei", "guanyu"),
                   ("lvbu", "diaochan")], hands={0: hers, 1: [fire, heart, spade]},
                  options={"deck": kw})
    remember(game)
    to_turn(game, 1)
    act(game, 1, type="use", card=fire, targets=[0])
    while game.ask == "nullify":
        act(game, game.to_act()[0], type="decline")
    shown = next(c for c in game.hands[0] if c in hers)
    act(game, 0, type="choose", card=shown)
    # then: the shown spade is a heart: the user may discard his heart, not his spade
    (template, _decline) = game.legal_actions(1)
    assert heart in template["from"] and spade not in template["from"]


def test_guzheng_gives_one_discarded_card_back_and_takes_the_rest() -> None:
    # given: Zhang Zhao & Zhang Hong (seat 1) shown in their turn; seat 2 then discards
    game = htable([("caocao", "xuchu"), ("erzhang", "sunquan"), ("liubei", "guanyu"),
                   ("lvbu", "diaochan")], first=1)
    remember(game)
    to_turn(game, 1)
    end_turn(game)
    settle(game)
    show_both(game)
    settle(game)
    assert game.current == 2
    act(game, 2, type="end_play")
    settle(game)
    (template,) = game.legal_actions(2)
    gone = sorted(template["from"])[:template["count"]]
    act(game, 2, type="discard", cards=gone)
    while not (game.ask == "skill" and game.view(1)["pending"].get("skill") == "guzheng"):
        act(game, game.to_act()[0], type="decline")
    offers = [a for a in game.legal_actions(1) if a["type"] == "skill"]
    assert {a["card"] for a in offers} == set(gone)
    back, rest = gone[0], gone[1:]
    hand1 = len(game.hands[1])
    events = act(game, 1, type="skill", skill="guzheng", card=back)
    assert kinds(events) == ["SkillUsed"] and back in game.hands[2]
    assert game.ask == "guzheng" and game.to_act() == [1]
    events = act(game, 1, type="choose", option="take_all")
    assert kinds(events)[0] == "CardsGained" and set(rest) <= set(game.hands[1])
    assert len(game.hands[1]) == hand1 + len(rest)
    assert any("gives back" in line and "Guzheng" in line for line in told(game))


# --- Zhou Tai: Buqu -------------------------------------------------------------------------------
def _zhou_tai_hit(wounds: list[Spec], kills: int, hands: Sequence[Spec] = (),
                  last: tuple[str, str] = ("lvbu", "diaochan"),
                  last_hand: Sequence[Spec] = ()) -> HegemonyGame:
    """Given: every general shown; Zhang Fei (seat 0) holds four Kills and draws two more;
    then the pile holds ``wounds``; seat 3 is ``last``. When: he Kills Zhou Tai (seat 1,
    4 HP) ``kills`` times; Zhou Tai never dodges and uses Buqu whenever it is asked."""
    game = shown_table([("zhangfei", "guanyu"), ("zhoutai", "sunquan"), ("caocao", "xuchu"),
                        last], hands={0: ["kill"] * 4, 1: list(hands), 3: list(last_hand)},
                       pile=["kill", "kill", *wounds])
    remember(game)
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    for _ in range(kills):
        kill = next(c for c in game.hands[0] if NAME[c] == KILL)
        act(game, 0, type="use", card=kill, targets=[1])
        while game.ask in ("dodge", "skill", "peach"):
            seat = game.to_act()[0]
            asked = game.view(seat)["pending"].get("skill")
            act(game, seat, **({"type": "skill", "skill": "buqu"} if asked == "buqu"
                               else {"type": "decline"}))
    return game


def test_buqu_sets_wounds_aside_and_zhou_tai_stays_up_while_their_numbers_differ() -> None:
    w7, w8 = card(("ex_nihilo", "H", 7)), card(("ex_nihilo", "H", 8))
    game = _zhou_tai_hit([w7, w8], kills=4)
    # then: four Kills: 0 HP; Buqu turned up one wound (the 7); no dying
    assert game.hp[1] == 0 and game.wounds[1] == [w7] and game.alive[1]
    # when: a fifth Kill hits him
    kill = next(c for c in game.hands[0] if NAME[c] == KILL)
    events = act(game, 0, type="use", card=kill, targets=[1])
    events += act(game, 1, type="decline")  # no Dodge
    assert game.ask == "skill" and game.view(1)["pending"]["skill"] == "buqu"
    events += act(game, 1, type="skill", skill="buqu")
    # then: -1 HP needs two wounds: one more is turned up from the pile; they differ, so
    # he does not go dying
    assert data(events, "WoundsTaken") == {"seat": 1, "cards": [w8], "reason": "buqu"}
    assert "Dying" not in kinds(events) and game.alive[1] and game.hp[1] == -1
    assert game.wounds[1] == [w7, w8] and game.ask == "play"
    # then: the wounds are public, in every view, and counted with every card
    from domain.sanguosha.zones import locate

    for viewer in ("spectator", 0, 1):
        view = game.view(viewer)
        assert view["seats"][1]["wounds"] == [w7, w8]
        assert {str(w7), str(w8)} <= set(view["cards"])
    assert locate(game)[w7] == "wounds:1" and len(locate(game)) == 108
    lines = told(game)
    assert "Seat 1 (p1) uses Buqu" in lines
    assert any(line.startswith("Seat 1 (p1) turns up") and "as wounds" in line
               for line in lines)


def test_buqu_with_two_wounds_of_one_number_he_goes_dying_and_dies_unsaved() -> None:
    w7, c7 = card(("ex_nihilo", "H", 7)), card(("barbarian_invasion", "S", 7))
    game = _zhou_tai_hit([w7, c7], kills=4)
    kill = next(c for c in game.hands[0] if NAME[c] == KILL)
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")
    # when: Buqu turns up a second 7
    events = act(game, 1, type="skill", skill="buqu")
    # then: two wounds share a number: he goes dying; nobody has a Peach: he dies, and
    # his wounds go to the discard pile with his other cards
    assert kinds(events)[:3] == ["SkillUsed", "WoundsTaken", "Dying"]
    assert "Died" in kinds(events) and not game.alive[1]
    assert {w7, c7} <= set(data(events, "Died")["cards"]) and {w7, c7} <= set(game.discard)
    assert game.wounds[1] == []


def test_buqu_declined_he_goes_dying_as_usual() -> None:
    game = _zhou_tai_hit([], kills=3)
    kill = next(c for c in game.hands[0] if NAME[c] == KILL)
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")  # no Dodge
    events = act(game, 1, type="decline")  # no Buqu
    assert "Dying" in kinds(events) and "WoundsTaken" not in kinds(events)
    assert not game.alive[1]


def test_healing_discards_wounds_down_to_one_minus_hp_and_all_at_one_hp() -> None:
    w7, w8 = card(("ex_nihilo", "H", 7)), card(("ex_nihilo", "H", 8))
    peaches = [card(("peach", "H", 3)), card(("peach", "H", 4))]
    game = _zhou_tai_hit([w7, w8], kills=5, hands=peaches)
    assert game.hp[1] == -1 and game.wounds[1] == [w7, w8]
    end_turn(game)
    settle(game)
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    assert game.current == 1
    # when: Zhou Tai eats a Peach: 0 HP needs one wound
    events = act(game, 1, type="use", card=peaches[0])
    # then: he chooses which wound goes (the only question)
    assert kinds(events)[:3] == ["CardUsed", "Healed", "SkillUsed"]
    assert game.ask == "buqu_wounds"
    assert game.legal_actions(1) == [{"type": "discard", "count": 1, "from": [w7, w8]}]
    events = act(game, 1, type="discard", cards=[w8])
    assert data(events, "WoundsDiscarded") == {"seat": 1, "cards": [w8],
                                               "reason": "buqu_wounds"}
    assert game.wounds[1] == [w7] and w8 in game.discard and game.ask == "play"
    # when: a second Peach: 1 HP, every wound goes without a question
    events = act(game, 1, type="use", card=peaches[1])
    assert data(events, "WoundsDiscarded")["cards"] == [w7]
    assert game.hp[1] == 1 and game.wounds[1] == []
    assert "wounds" not in game.view("spectator")["seats"][1]


def test_zhou_tai_hidden_again_at_zero_hp_loses_his_wounds_and_goes_dying() -> None:
    # given: Zhou Tai (seat 1) at 0 HP with one wound; Zou Shi (seat 3) holds a horse
    w7, horse = card(("ex_nihilo", "H", 7)), card(("plus_horse", "C", 5))
    game = _zhou_tai_hit([w7], kills=4, last=("zoushi", "panfeng"), last_hand=[horse])
    assert game.hp[1] == 0 and game.wounds[1] == [w7]
    for _ in range(200):
        if game.current == 3 and game.ask == "play":
            break
        seat = game.to_act()[0]
        if game.ask == "play":
            act(game, seat, type="end_play")
        elif game.ask == "discard":
            (template,) = game.legal_actions(seat)
            act(game, seat, type="discard", cards=template["from"][:template["count"]])
        else:
            act(game, seat, type="decline")
    assert game.alive[1] and game.wounds[1] == [w7]
    # when: Qingcheng turns Zhou Tai face down again
    act(game, 3, type="skill", skill="qingcheng", cards=[horse], targets=[1])
    events = act(game, 3, type="choose", which="head")
    # then: no skill holds his wounds: they go to the discard pile and he goes dying
    assert kinds(events)[:2] == ["GeneralHidden", "Dying"]
    assert game.wounds[1] == [] and w7 in game.discard
    assert "Died" in kinds(events) and not game.alive[1]


def test_at_zero_hp_zhou_tai_discards_his_whole_hand_in_the_discard_phase() -> None:
    w7 = card(("ex_nihilo", "H", 7))
    game = _zhou_tai_hit([w7], kills=4)
    assert game.hp[1] == 0
    end_turn(game)
    settle(game)
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    act(game, 1, type="end_play")
    settle(game)
    # then: his hand limit is 0 (not below): every hand card, no more
    (template,) = game.legal_actions(1)
    assert template["count"] == len(game.hands[1]) == len(template["from"])


# --- bots ---------------------------------------------------------------------------------------
def test_bots_play_the_wu_skills_through_whole_games() -> None:
    """Random and kingdom bots, seven seats of Wu pairs and one other: every game ends,
    replays, and between them the bots use most Wu skills."""
    import random

    from domain.sanguosha.generals import ROSTER

    wu = [g for g in KW_SKILLS if ROSTER[g].kingdom == "wu"]
    rest = [g for g in ROSTER if ROSTER[g].kingdom == "qun"]
    spares = [g for g in ROSTER if ROSTER[g].kingdom in ("wei", "shu")]
    used: set[str] = set()
    for seed in range(4):
        rng = random.Random(seed)
        pool, others_pool = wu[:], rest[:]
        rng.shuffle(pool)
        rng.shuffle(others_pool)
        pairs = [pool[2 * i:2 * i + 2] for i in range(7)] + [others_pool[:2]]
        spare = spares[:]
        rng.shuffle(spare)
        candidates = [[*p, spare.pop(), spare.pop()] for p in pairs]
        used |= skills_used(bot_game(candidates, rng, "random" if seed % 2 else "kingdom"))
    wu_skills = {sid for g in wu for sid in KW_SKILLS[g]}
    assert len(used & wu_skills) >= 14, sorted(wu_skills - used)


def test_kingdom_and_random_bots_use_duoshi() -> None:
    """Lu Xun & Sun Quan at seat 0 (its only pair of one kingdom): in six whole games each,
    kingdom and random bots make Await Exhausted of red cards with Duoshi."""
    candidates = [["luxun", "sunquan", "zhangliao", "liubei"],
                  ["caocao", "xuchu", "simayi", "guojia"],
                  ["zhangfei", "zhaoyun", "machao", "huangzhong"],
                  ["lvbu", "diaochan", "huatuo", "jiaxu"]]
    assert "duoshi" in bot_skills(candidates, 6)
    assert "duoshi" in bot_skills(candidates, 6, "random")


def test_kingdom_and_random_bots_use_buqu_and_its_wounds() -> None:
    """Zhou Tai & Sun Quan at seat 0: kingdom bots (8 games) and random bots (12) take
    wounds with Buqu and discard them when healed; the cards stay accounted for (the
    hegemony properties count every card, wounds included)."""
    candidates = [["zhoutai", "sunquan", "zhangliao", "liubei"],
                  ["caocao", "xuchu", "simayi", "guojia"],
                  ["zhangfei", "zhaoyun", "machao", "huangzhong"],
                  ["lvbu", "diaochan", "huatuo", "jiaxu"]]
    assert {"buqu", "buqu_wounds"} <= bot_skills(candidates, 8)
    assert {"buqu", "buqu_wounds"} <= bot_skills(candidates, 12, "random")


def test_rules_4_games_play_without_what_rules_5_added_buqu_and_hongyan_everywhere() -> None:
    # given: Zhou Tai and a shown Xiao Qiao, at a table of rules 4 and one of rules 5
    import random

    from domain.sanguosha.cards import SUIT
    from tests.sanguosha.hrig import htable

    picks = [("zhoutai", "sunquan"), ("xiaoqiao", "zhouyu"), ("caocao", "xuchu"),
             ("lvbu", "zhangjiao")]
    old, new = htable(picks, rules=4), htable(picks)
    for g in (old, new):
        while g.ask == "skill":
            act(g, g.to_act()[0], type="decline")
        g._show(1, g.hidden(1), "given")
        g._drive(random.Random(0))
    # then: Buqu came with rules 5; under rules 4 Zhou Tai plays without it, as stored
    assert "buqu" in new.general_skills(0, 0) and "buqu" not in old.general_skills(0, 0)
    # then: her spade reads as a heart outside judgments from rules 5 on only
    spade = next(c for c in range(108) if SUIT[c] == "S")
    assert (old.suit_of(1, spade), new.suit_of(1, spade)) == ("S", "H")
