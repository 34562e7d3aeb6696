"""Rules 7: every compulsory skill of a hidden general that would cancel its owner as a
target asks the owner whether to show the general (docs/rules/kingdom-wars.md). Rules 6
asked for Kongcheng, Huoshou, Juxiang and Qianxun against a Snatch only: a hidden Jia
Xu's Weimu cancelled a black trick unasked, and a delayed trick was placed on a hidden Lu
Xun (Qianxun: Indulgence) unasked. Now a hidden Jia Xu is asked against a black trick
(its cards' colour as the user holds them), and a delayed trick waits in the open while
its target's owner is asked: shown, the card goes to the discard pile; declined, it is
placed in the judgment area.

Seat 0 (Cao Cao & Xu Chu) plays; seat 1 is Jia Xu & Cai Wenji, or Lu Xun & Gan Ning,
both hidden. The independent referee judges each story; its events rebuild the table."""

from __future__ import annotations

import random
from typing import Any

from domain.referee.hegemony import referee
from domain.sanguosha.bots import HEGEMONY_POLICIES, kingdom_policy
from domain.sanguosha.cards import NAME
from domain.sanguosha.frames import Placing, Trigger
from domain.sanguosha.hegemony import HegemonyGame
from tests.referee.test_hegemony_differential import facts_of
from tests.sanguosha.hrig import htable
from tests.sanguosha.rig import Spec, act, end_turn, kinds
from tests.sanguosha.skill_steps import assert_replays

JIAXU = [("caocao", "xuchu"), ("jiaxu", "caiwenji"), ("liubei", "guanyu"),
         ("lvbu", "diaochan")]
LUXUN = [("caocao", "xuchu"), ("luxun", "ganning"), ("liubei", "guanyu"),
         ("lvbu", "diaochan")]
Events = list[tuple[str, dict[str, Any]]]


def decline_skills(game: HegemonyGame) -> None:
    while game.ask == "skill":
        act(game, game.to_act()[0], type="decline")


def at_play(picks: list[tuple[str, str]], hands: dict[int, list[Spec]],
            rules: int | None = None, deck: str = "identity") -> HegemonyGame:
    """Given: seat 0 in its play phase, every general still hidden."""
    game = htable(picks, hands, [], options={"deck": deck}, rules=rules)
    decline_skills(game)
    act(game, 0, type="decline")  # seat 0 shows nothing at its turn's start
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    assert all(game.hidden(s) == ["head", "deputy"] for s in range(game.n))
    return game


def use(game: HegemonyGame, name: str, target: int | None = 1,
        seat: int = 0) -> tuple[int, Events]:
    """When: ``seat`` uses its ``name`` card on ``target`` (None: a card that names no
    target, a Lightning). The card and the events."""
    c = next(c for c in game.hands[seat] if NAME[c] == name)
    if target is None:
        return c, act(game, seat, type="use", card=c)
    return c, act(game, seat, type="use", card=c, targets=[target])


def asked(game: HegemonyGame, sid: str, seat: int = 1) -> bool:
    """The seat alone is asked whether to show its general for ``sid``; only it sees
    which skill (the others learn nothing of which general is hidden)."""
    others = [v for v in ("spectator", *range(game.n)) if v != seat]
    return (game.ask == "skill" and game.to_act() == [seat]
            and game.view(seat)["pending"]["skill"] == sid
            and game.legal_actions(seat) == [{"type": "skill", "skill": sid},
                                             {"type": "decline"}]
            and all(game.view(v)["pending"]["skill"] is None for v in others)
            and all(game.legal_actions(v) == [] for v in range(game.n) if v != seat))


def fair(game: HegemonyGame) -> None:
    judged = referee(facts_of(game))
    assert not judged.violations, [v.text() for v in judged.violations]


def to_pick(game: HegemonyGame) -> None:
    while game.ask == "nullify":
        act(game, game.to_act()[0], type="decline")


# --- Weimu against a black trick ---------------------------------------------------------------
def test_a_hidden_jia_xu_is_asked_against_a_black_dismantlement() -> None:
    game = at_play(JIAXU, {0: [("dismantlement", "S", 3)]})
    _, events = use(game, "dismantlement")
    assert kinds(events) == ["CardUsed"] and asked(game, "weimu")
    pending = game.view(0)["pending"]
    assert pending["context"] == {"user": 0, "card_name": "dismantlement"}


def test_shown_jia_xu_is_cancelled_and_the_card_discarded() -> None:
    game = at_play(JIAXU, {0: [("dismantlement", "S", 3)]})
    held = len(game.hands[1])
    c, _ = use(game, "dismantlement")
    events = act(game, 1, type="skill", skill="weimu")
    assert kinds(events)[0] == "GeneralsShown" and "SkillUsed" in kinds(events)
    assert events[0][1]["which"] == ["head"] and game.shown[1] == [True, False]
    decline_skills(game)
    assert game.ask == "play" and game.current == 0  # no Nullification window, no pick
    assert len(game.hands[1]) == held and c in game.discard and not game.flight
    assert_replays(game)
    fair(game)


def test_declined_the_dismantlement_resolves_and_he_stays_hidden() -> None:
    game = at_play(JIAXU, {0: [("dismantlement", "S", 3)]})
    held = len(game.hands[1])
    use(game, "dismantlement")
    act(game, 1, type="decline")
    to_pick(game)
    assert game.ask == "pick" and game.to_act() == [0]
    act(game, 0, type="choose", area="hand")
    assert len(game.hands[1]) == held - 1 and game.hidden(1) == ["head", "deputy"]
    assert_replays(game)
    fair(game)


def test_a_red_dismantlement_does_not_ask() -> None:
    game = at_play(JIAXU, {0: [("dismantlement", "H", 12)]})
    use(game, "dismantlement")
    to_pick(game)
    assert game.ask == "pick" and game.to_act() == [0]
    assert_replays(game)
    fair(game)


def test_a_shown_jia_xu_cancels_unasked() -> None:
    game = at_play(JIAXU, {0: [("dismantlement", "S", 3)]})
    game._show(1, ["head"], "given")
    game._drive(random.Random(0))
    decline_skills(game)
    c, events = use(game, "dismantlement")
    assert kinds(events) == ["CardUsed"] and game.ask == "play" and c in game.discard


def collateral(holder: int, victim: int) -> HegemonyGame:
    """Given: the ``holder`` wears a Crossbow (equipped in its own turn, the first), all
    generals hidden; when: seat 0 uses a (black) Collateral on it, naming ``victim``."""
    game = htable(JIAXU, {0: ["collateral"], holder: ["crossbow"]}, [], first=holder)
    decline_skills(game)
    while not (game.ask == "play" and game.current == holder):
        act(game, game.to_act()[0], type="decline")
    c = next(c for c in game.hands[holder] if NAME[c] == "crossbow")
    act(game, holder, type="use", card=c)
    end_turn(game)
    while not (game.ask == "play" and game.current == 0):
        if game.ask == "play":
            end_turn(game)
        else:
            act(game, game.to_act()[0], type="decline")
    c = next(c for c in game.hands[0] if NAME[c] == "collateral")
    act(game, 0, type="use", card=c, targets=[holder, victim])
    return game


def test_a_hidden_jia_xu_holding_the_weapon_shown_cancels_the_collateral_whole() -> None:
    game = collateral(holder=1, victim=2)
    assert asked(game, "weimu")
    act(game, 1, type="skill", skill="weimu")
    decline_skills(game)
    assert game.ask == "play" and game.current == 0 and game.equip[1][0] is not None
    assert_replays(game)
    fair(game)


def test_a_hidden_jia_xu_named_to_be_killed_is_no_target_of_the_collateral() -> None:
    game = collateral(holder=2, victim=1)
    assert game.to_act() != [1] and game.view(1)["pending"].get("skill") != "weimu"
    while game.ask not in ("collateral", "play"):
        act(game, game.to_act()[0], type="decline")
    assert game.ask == "collateral" and game.to_act() == [2]
    act(game, 2, type="decline")  # the holder gives the weapon up
    decline_skills(game)
    assert game.ask == "play" and game.equip[2][0] is None
    assert_replays(game)
    fair(game)


# --- delayed tricks: asked before the card is placed ------------------------------------------
def test_a_hidden_lu_xun_is_asked_before_the_indulgence_is_placed() -> None:
    game = at_play(LUXUN, {0: ["indulgence"]})
    c, events = use(game, "indulgence")
    assert kinds(events) == ["CardUsed"] and asked(game, "qianxun_kw")
    assert game.judging[1] == [] and game.view(2)["in_flight"] == [c]  # in the open


def test_shown_lu_xun_sends_the_indulgence_to_the_discard_pile() -> None:
    game = at_play(LUXUN, {0: ["indulgence"]})
    c, _ = use(game, "indulgence")
    events = act(game, 1, type="skill", skill="qianxun_kw")
    assert kinds(events)[0] == "GeneralsShown" and game.shown[1] == [True, False]
    decline_skills(game)
    assert game.ask == "play" and game.judging[1] == [] and c in game.discard
    assert not game.flight
    assert_replays(game)
    fair(game)


def test_declined_the_indulgence_is_placed_and_lu_xun_stays_hidden() -> None:
    game = at_play(LUXUN, {0: ["indulgence"]})
    c, _ = use(game, "indulgence")
    act(game, 1, type="decline")
    assert game.ask == "play" and game.judging[1] == [c] and not game.flight
    assert game.hidden(1) == ["head", "deputy"]
    assert_replays(game)
    fair(game)


def shorted() -> tuple[HegemonyGame, int]:
    """Given: the Kingdom Wars deck; when: seat 0 uses a spade Supply Shortage (black) on
    hidden Jia Xu, at distance 1."""
    game = at_play(JIAXU, {0: [("supply_shortage", "S", 10)]}, deck="kingdom_wars")
    c, _ = use(game, "supply_shortage")
    return game, c


def test_a_hidden_jia_xu_shown_against_a_black_supply_shortage_discards_it() -> None:
    game, c = shorted()
    assert asked(game, "weimu") and game.judging[1] == []
    act(game, 1, type="skill", skill="weimu")
    decline_skills(game)
    assert game.ask == "play" and game.judging[1] == [] and c in game.discard
    assert_replays(game)
    fair(game)


def test_a_hidden_jia_xu_declining_gets_the_supply_shortage() -> None:
    game, c = shorted()
    act(game, 1, type="decline")
    assert game.ask == "play" and game.judging[1] == [c] and game.hidden(1) == ["head", "deputy"]
    assert_replays(game)
    fair(game)


def test_a_shown_lu_xun_cancels_the_indulgence_unasked() -> None:
    game = at_play(LUXUN, {0: ["indulgence"]})
    game._show(1, ["head"], "given")
    game._drive(random.Random(0))
    decline_skills(game)
    c, events = use(game, "indulgence")
    assert kinds(events) == ["CardUsed"] and game.ask == "play" and c in game.discard


# --- rules 6 games replay as played -------------------------------------------------------------
def test_rules_6_a_hidden_jia_xu_is_cancelled_unasked() -> None:
    game = at_play(JIAXU, {0: [("dismantlement", "S", 3)]}, rules=6)
    c, events = use(game, "dismantlement")
    assert kinds(events) == ["CardUsed"] and game.ask == "play" and c in game.discard
    assert game.hidden(1) == ["head", "deputy"]
    assert_replays(game)
    fair(game)


def test_rules_6_an_indulgence_is_placed_on_a_hidden_lu_xun_unasked() -> None:
    game = at_play(LUXUN, {0: ["indulgence"]}, rules=6)
    c, events = use(game, "indulgence")
    assert kinds(events) == ["CardUsed"] and game.ask == "play" and game.judging[1] == [c]
    assert_replays(game)
    fair(game)


# --- Wine: a basic card ---------------------------------------------------------------------
def wine_of_jia_xu(rules: int | None = None) -> HegemonyGame:
    """Given: seat 0 is Jia Xu (shown) with a spade Wine; when: he drinks it."""
    picks = [JIAXU[1], JIAXU[0], *JIAXU[2:]]
    game = htable(picks, {0: [("wine", "S", 9)]}, [], options={"deck": "kingdom_wars"},
                  rules=rules)
    decline_skills(game)
    act(game, 0, type="show", which="head")  # at his turn's start
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    assert game.shown[0] == [True, False]
    use(game, "wine", target=None)
    decline_skills(game)
    return game


def test_weimu_does_not_cancel_a_black_wine() -> None:
    game = wine_of_jia_xu()
    assert game.view(0)["wine_drunk"] == 1
    assert_replays(game)
    fair(game)


def test_rules_6_weimu_cancelled_a_black_wine_as_played() -> None:
    game = wine_of_jia_xu(rules=6)
    assert game.view(0)["wine_drunk"] == 0
    assert_replays(game)
    fair(game)


# --- bots ------------------------------------------------------------------------------------
def test_the_kingdom_bot_shows_rather_than_suffer_the_trick() -> None:
    game = at_play(LUXUN, {0: ["indulgence"]})
    use(game, "indulgence")
    assert kingdom_policy(game, 1, random.Random(0)) == {"type": "skill",
                                                         "skill": "qianxun_kw"}


def test_the_kingdom_bot_keeps_its_own_lightning() -> None:
    # given: seat 0 is a hidden Jia Xu; when: he uses his spade Lightning on himself
    picks = [JIAXU[1], JIAXU[0], *JIAXU[2:]]
    game = at_play(picks, {0: [("lightning", "S", 1)]})
    use(game, "lightning", target=None)
    assert asked(game, "weimu", seat=0)
    assert kingdom_policy(game, 0, random.Random(0)) == {"type": "decline"}


def test_the_random_bot_answers_the_ask_lawfully() -> None:
    game = at_play(LUXUN, {0: ["indulgence"]})
    use(game, "indulgence")
    for seed in range(4):
        assert HEGEMONY_POLICIES["random"](game, 1, random.Random(seed)) in \
            game.legal_actions(1)


def test_bot_games_meet_the_new_asks_and_are_judged_lawful() -> None:
    # given: Jia Xu and Lu Xun among the candidates of whole bot games (random and
    # kingdom, both decks); when: played to the end; then: hidden Weimu asks and a delayed
    # trick waiting for its target's answer both come up, every game replays and the
    # referee finds nothing to name
    candidates = [["jiaxu", "lvbu", "diaochan", "zhangjiao"],
                  ["luxun", "ganning", "sunquan", "lvmeng"],
                  ["caocao", "xuchu", "zhangliao", "guojia"],
                  ["liubei", "guanyu", "zhangfei", "machao"]]
    seen: set[str] = set()
    for seed in range(60):
        rng = random.Random(seed)
        policy = ("random", "kingdom")[seed % 2]
        deck = "kingdom_wars" if seed % 3 else "identity"
        game = HegemonyGame.new([f"p{i}" for i in range(4)], {"turn_cap": 120, "deck": deck},
                                rng=rng, candidates=[list(c) for c in candidates])
        while game.outcome is None:
            top = game.stack[-1] if game.stack else None
            if isinstance(top, Trigger) and top.point == "cancel" and top.current:
                seen.add(top.current[1])
                if isinstance(game.stack[-2], Placing):
                    seen.add("placing")
            s = game.to_act()[0]
            game.act(s, HEGEMONY_POLICIES[policy](game, s, rng), rng)
        if seen & {"weimu", "qianxun_kw", "placing"}:
            assert_replays(game)
            fair(game)
        if {"weimu", "placing"} <= seen:
            break
    assert {"weimu", "placing"} <= seen, seen
