"""Stories of the Wu generals' Kingdom Wars skills (docs/rules/generals.md §2.3).

Each story is given (a Kingdom Wars table whose seats hold the generals named, shown at
the start of their own turns), when (a seat acts), then (the events recorded and the
state they leave); an illegal use is refused with no event; each story ends by
rebuilding the table from its events alone. Pindian and Tianyi: ``test_pindian.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.sanguosha.actions import NotAChoice, WrongAction
from domain.sanguosha.cards import KILL, NAME
from domain.sanguosha.hegemony import HegemonyGame
from domain.sanguosha.skill import KW_SKILLS, SKILLS
from domain.sanguosha.skills import wu
from tests.sanguosha.hrig import htable, skip_turn
from tests.sanguosha.rig import Spec, act, card, kinds, refuse
from tests.sanguosha.skill_steps import assert_replays, told

Events = list[tuple[str, dict[str, Any]]]
FILLER_PAIRS = [("caocao", "xuchu"), ("liubei", "guanyu"), ("lvbu", "diaochan"),
                ("zhangliao", "xiahoudun"), ("zhangfei", "zhaoyun"), ("huatuo", "jiaxu")]
_TABLES: list[HegemonyGame] = []


def kw_table(wu_seats: dict[int, tuple[str, str]], n: int = 4,
             hands: dict[int, Sequence[Spec]] | None = None,
             pile: Sequence[Spec | None] = ()) -> HegemonyGame:
    """Given: ``n`` seats; ``wu_seats`` hold those generals, the others non-Wu pairs."""
    fillers = iter(FILLER_PAIRS)
    picks = [wu_seats[s] if s in wu_seats else next(fillers) for s in range(n)]
    game = htable(picks, hands=hands, pile=pile)
    _TABLES.append(game)
    return game


def to_turn(game: HegemonyGame, seat: int) -> None:
    """When: every seat shows both generals at the start of its turn and passes, until
    ``seat`` has shown and is in its play phase (its skills armed)."""
    while True:
        if game.ask == "show":
            act(game, game.current, type="show", which="both")
        while game.ask in ("pair", "fish"):
            act(game, game.current, type=f"{game.ask}_bonus", choice="draw")
        while game.ask == "skill":
            act(game, game.to_act()[0], type="decline")
        if game.current == seat and game.ask == "play":
            return
        skip_turn(game)


def skill_actions(game: HegemonyGame, seat: int, skill: str) -> list[dict[str, Any]]:
    return [a for a in game.legal_actions(seat) if a.get("skill") == skill
            and a["type"] == "skill"]


def data(events: Events, name: str) -> dict[str, Any]:
    return next(d for n, d in events if n == name)


def teardown_function() -> None:
    """Then (every story): the events alone rebuild each table exactly."""
    for game in _TABLES:
        assert_replays(game)
    _TABLES.clear()


# --- the registry ---------------------------------------------------------------------------
def test_every_wu_general_has_its_kingdom_wars_skills_in_the_rules_order() -> None:
    assert KW_SKILLS["sunquan"] == ("zhiheng_kw",)
    assert KW_SKILLS["ganning"] == ("qixi",) and KW_SKILLS["lvmeng"] == ("keji",)
    assert KW_SKILLS["huanggai"] == ("kurou",)
    assert KW_SKILLS["zhouyu"] == ("yingzi", "fanjian")
    assert KW_SKILLS["daqiao"] == ("guose", "liuli_kw")
    assert KW_SKILLS["sunshangxiang"] == ("jieyin", "xiaoji_kw")
    assert KW_SKILLS["taishici"] == ("tianyi",)
    assert KW_SKILLS["dingfeng"] == ("duanbing", "fenxun")
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
    refuse(game, 0, WrongAction, type="skill", skill="zhiheng_kw", cards=game.hands[0][:1])


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
