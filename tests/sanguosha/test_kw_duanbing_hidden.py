"""A hidden Ding Feng's Duanbing is offered (rules 7; docs/rules/generals.md §0.3, §2.3):
a hidden general's skills are offered to its owner, and using one shows the general
first. Duanbing lets a Kill take one more target at distance 1; from rules 7 those
target lists are offered while Ding Feng is hidden, and the Kill that takes the extra
target shows him first (``GeneralsShown``, reason ``skill``, before the ``CardUsed``).
A Kill that does not need him shows nothing. Under rules 6 a stored game replays as it
was played: the extra target only once he is shown.

Six seats; seat 0 is Ding Feng (head) and Sun Quan, both hidden, holding one Kill; seats
1 and 5 sit at distance 1. The independent referee judges each story."""

from __future__ import annotations

import random

from domain.game import IllegalAction
from domain.referee.hegemony import referee
from domain.sanguosha.bots import HEGEMONY_POLICIES
from domain.sanguosha.hegemony import HegemonyGame
from tests.referee.test_hegemony_differential import facts_of
from tests.sanguosha.hrig import hidden_at_play, htable
from tests.sanguosha.rig import act, card, kinds, refuse
from tests.sanguosha.skill_steps import assert_replays, named

PICKS = [("dingfeng", "sunquan"), ("caocao", "xuchu"), ("liubei", "guanyu"),
         ("lvbu", "diaochan"), ("zhangliao", "xiahoudun"), ("zhangfei", "zhaoyun")]
KILL = card(("kill", "S", 7))


def hidden_ding_feng(rules: int | None = None, others_shown: bool = False) -> HegemonyGame:
    """Given: seat 0 (Ding Feng, Sun Quan; both hidden) in its play phase with a Kill, it
    showed nothing at its turn's start (``others_shown``: every other seat showed both
    generals before, so a bot knows its enemies)."""
    return hidden_at_play(htable(PICKS, hands={0: [KILL]}, rules=rules), others_shown)


def kill_targets(game: HegemonyGame) -> set[tuple[int, ...]]:
    return {tuple(a["targets"]) for a in game.legal_actions(0)
            if a["type"] == "use" and a.get("card") == KILL}


def fair(game: HegemonyGame) -> None:
    judged = referee(facts_of(game))
    assert not judged.violations, [v.text() for v in judged.violations]


def test_a_hidden_ding_feng_is_offered_the_extra_target_at_distance_one() -> None:
    game = hidden_ding_feng()
    assert kill_targets(game) == {(1,), (5,), (1, 5)}
    # the offer is his alone: the others are not told which Kill he may use
    assert game.legal_actions(1) == []


def test_the_kill_with_the_extra_target_shows_ding_feng_first() -> None:
    game = hidden_ding_feng()
    events = act(game, 0, type="use", card=KILL, targets=[1, 5])
    assert kinds(events) == ["GeneralsShown", "KingdomDecided", "CardUsed"]
    shown = named(events, "GeneralsShown")[0]
    assert shown["which"] == ["head"] and shown["generals"] == ["dingfeng"]
    assert shown["reason"] == "skill"
    assert shown["then"] == {"type": "use", "card": KILL, "targets": [1, 5]}
    assert named(events, "CardUsed")[0]["targets"] == [1, 5]
    assert game.shown[0] == [True, False] and game.side[0] == "wu"
    assert game.ask == "dodge" and game.to_act() == [1]
    assert_replays(game)
    fair(game)


def test_a_kill_with_one_target_shows_nothing() -> None:
    game = hidden_ding_feng()
    events = act(game, 0, type="use", card=KILL, targets=[5])
    assert kinds(events) == ["CardUsed"]
    assert game.hidden(0) == ["head", "deputy"]
    assert_replays(game)
    fair(game)


def test_the_extra_target_is_at_distance_one_only() -> None:
    game = hidden_ding_feng()
    refuse(game, 0, IllegalAction, type="use", card=KILL, targets=[1, 3])
    assert game.hidden(0) == ["head", "deputy"]


def test_rules_6_offers_it_only_once_ding_feng_is_shown() -> None:
    game = hidden_ding_feng(rules=6)
    assert game.rules == 6
    assert kill_targets(game) == {(1,), (5,)}
    refuse(game, 0, IllegalAction, type="use", card=KILL, targets=[1, 5])
    # shown in the play phase? Duanbing switches nothing on: no show is offered either
    assert not any(a["type"] == "show" for a in game.legal_actions(0))
    events = act(game, 0, type="use", card=KILL, targets=[1])
    assert kinds(events) == ["CardUsed"] and game.hidden(0) == ["head", "deputy"]
    assert_replays(game)
    fair(game)


def test_rules_6_offers_it_once_shown() -> None:
    game = htable(PICKS, hands={0: [KILL]}, rules=6)
    while game.ask == "skill":
        act(game, game.to_act()[0], type="decline")
    act(game, 0, type="show", which="head")
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    assert kill_targets(game) == {(1,), (5,), (1, 5)}


def test_the_random_bot_may_choose_it() -> None:
    # given: the other seats have shown their generals
    game = hidden_ding_feng(others_shown=True)
    wanted = {"type": "use", "card": KILL, "targets": [1, 5]}
    assert wanted in game.legal_actions(0)  # the random bot picks among these
    # when: a seed whose first pick is that Kill
    seed = next(k for k in range(2000) if HEGEMONY_POLICIES["random"](
        game, 0, random.Random(k)) == wanted)
    events = act(game, 0, **HEGEMONY_POLICIES["random"](game, 0, random.Random(seed)))
    # then: Ding Feng is shown first
    assert kinds(events)[0] == "GeneralsShown" and game.shown[0][0]
    assert_replays(game)


def test_the_kingdom_bot_takes_the_extra_enemy() -> None:
    # given: the other seats have shown their generals (a bot knows its enemies)
    # when: the kingdom bot plays seat 0's play phase (every seat by it), a few seeds
    took = 0
    for seed in range(20):
        game, rng = hidden_ding_feng(others_shown=True), random.Random(seed)
        kills: list[list[int]] = []
        while game.current == 0 and game.phase == "play" and not kills:
            s = game.to_act()[0]
            events = act(game, s, **HEGEMONY_POLICIES["kingdom"](game, s, rng))
            kills = [d["targets"] for d in named(events, "CardUsed") if d["cards"] == [KILL]]
            if kills and len(kills[0]) == 2:
                # then: the extra target at distance 1 showed Ding Feng first
                assert kinds(events)[0] == "GeneralsShown" and game.shown[0][0]
                assert_replays(game)
                took += 1
    assert took


def test_a_triblade_after_the_extra_targets_damage_hits_a_neighbour_of_that_target() -> None:
    # given: the Kingdom Wars deck; hidden Ding Feng wears a Triblade, holds a Kill and a
    # Peach (to pay it)
    from domain.sanguosha import cards_hegemony
    from domain.sanguosha.cards import KW_OFFSET

    game = htable(PICKS, hands={0: ["triblade", "kill", "peach"]},
                  options={"deck": "kingdom_wars"})
    while game.ask == "skill":
        act(game, game.to_act()[0], type="decline")
    act(game, 0, type="decline")
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")

    def held(name: str) -> int:
        return next(c for c in game.hands[0] if cards_hegemony.NAME[c - KW_OFFSET] == name)

    act(game, 0, type="use", card=held("triblade"))
    # when: his Kill takes seats 1 and 5 (showing him); both take its damage
    act(game, 0, type="use", card=held("kill"), targets=[1, 5])
    while game.ask != "triblade" or 5 not in [
            e.seat for e in game.pending_events if type(e).__name__ == "Damaged"]:
        act(game, game.to_act()[0], type="decline")
    # then: the Triblade after seat 5's damage reaches seat 4 (at distance 1 from seat 5)
    assert {a["targets"][0] for a in game.legal_actions(0) if "card" in a} == {4}
    act(game, 0, type="skill", skill="triblade", card=held("peach"), targets=[4])
    assert game.hp[4] == game.max_hp[4] - 1
    assert_replays(game)
    fair(game)
