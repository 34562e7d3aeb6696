"""Tianxiang moves a fire or thunder damage with its nature (rules 7; docs/rules/
generals.md §2.3; QSanguosha-For-Hegemony copies the damage, nature and source kept).

Four seats, the Kingdom Wars deck: seat 0 (Cao Cao, Xu Chu) holds an Iron Chain and a
Fire Kill; Xiao Qiao (seat 1, with Sun Quan, hidden) holds a heart. Seat 0 chains two
seats, then fire-Kills; Xiao Qiao moves the fire damage coming to her to seat 2:

* ``direct``: seat 0 chains seats 2 and 3 and Kills Xiao Qiao. Rules 7: seat 2 takes the
  fire damage (``NatureDamaged``, not down a chain); being chained, it is unchained and
  the fire runs down the chain to seat 3; then seat 2 draws its lost HP.
* ``chain``: seat 0 chains Xiao Qiao and seat 3 and Kills seat 3. The fire comes down the
  chain to Xiao Qiao, who moves it on: seat 2 takes it as the chain's (``chain`` true);
  Xiao Qiao stays chained (she took no damage).

Under rules 6 the engine dealt the moved damage as plain damage (``Damaged``), which
stored games replay; the referee judges both."""

from __future__ import annotations

from typing import Any

import pytest

from domain.referee.hegemony import referee
from domain.sanguosha import cards_hegemony
from domain.sanguosha.cards import KW_OFFSET
from domain.sanguosha.hegemony import HegemonyGame
from tests.referee.test_hegemony_differential import facts_of
from tests.sanguosha.hrig import htable
from tests.sanguosha.rig import act
from tests.sanguosha.skill_steps import assert_replays

PICKS = [("caocao", "xuchu"), ("xiaoqiao", "sunquan"), ("liubei", "guanyu"),
         ("lvbu", "diaochan")]
Events = list[tuple[str, dict[str, Any]]]


def _settle(game: HegemonyGame) -> None:
    while game.ask in ("skill", "nullify"):
        act(game, game.to_act()[0], type="decline")


def _held(game: HegemonyGame, seat: int, name: str) -> int:
    return next(c for c in game.hands[seat] if cards_hegemony.NAME[c - KW_OFFSET] == name)


def moved_fire(mode: str, rules: int | None = None) -> tuple[HegemonyGame, Events]:
    """Given ``mode``'s chains, when seat 0's Fire Kill's damage reaches Xiao Qiao and
    she moves it to seat 2 (every other question declined): the game, and the events from
    her Tianxiang on."""
    game = htable(PICKS, {0: ["iron_chain", "fire_kill"], 1: [("peach", "H", None)]}, [],
                  options={"deck": "kingdom_wars"}, rules=rules)
    _settle(game)
    act(game, 0, type="decline")  # no show at its turn's start
    _settle(game)
    chained, victim = ([2, 3], 1) if mode == "direct" else ([1, 3], 3)
    act(game, 0, type="use", card=_held(game, 0, "iron_chain"), targets=chained)
    _settle(game)
    act(game, 0, type="use", card=_held(game, 0, "fire_kill"), targets=[victim])
    while not any(a.get("skill") == "tianxiang" for a in game.legal_actions(1)):
        act(game, game.to_act()[0], type="decline")  # no Dodge; others' skills declined
    heart = next(a["card"] for a in game.legal_actions(1) if a.get("skill") == "tianxiang")
    events = act(game, 1, type="skill", skill="tianxiang", card=heart, targets=[2])
    while not (game.current == 0 and game.ask == "play"):
        events += act(game, game.to_act()[0], type="decline")
    return game, events


def damage(events: Events) -> list[tuple[Any, ...]]:
    return [(k, d["seat"], d["amount"], d.get("nature"), d.get("chain"))
            for k, d in events if k in ("Damaged", "NatureDamaged")]


def fair(game: HegemonyGame) -> None:
    judged = referee(facts_of(game))
    assert judged.unjudged is None
    assert not judged.violations, [v.text() for v in judged.violations]


def test_moved_fire_keeps_its_nature_and_runs_down_the_chain_of_its_new_victim() -> None:
    game, events = moved_fire("direct")
    assert damage(events) == [("NatureDamaged", 2, 1, "fire", False),
                              ("NatureDamaged", 3, 1, "fire", True)]
    kinds = [k for k, _ in events]
    # the chain first (the moved damage's own resolution), then seat 2's draw
    assert kinds.index("CardsDrawn") > kinds.index("NatureDamaged")
    assert [d for k, d in events if k == "NatureDamaged"][0]["source"] == 0
    assert game.chained == [False, False, False, False]
    assert game.hp[1] == game.max_hp[1]
    assert_replays(game)
    fair(game)


def test_moved_chain_damage_stays_the_chains() -> None:
    game, events = moved_fire("chain")
    assert damage(events) == [("NatureDamaged", 2, 1, "fire", True)]
    assert game.chained == [False, True, False, False]  # she took no damage
    assert game.hp[1] == game.max_hp[1] and game.hp[2] == game.max_hp[2] - 1
    assert_replays(game)
    fair(game)


@pytest.mark.parametrize("mode", ["direct", "chain"])
def test_rules_6_games_replay_the_moved_damage_as_plain(mode: str) -> None:
    game, events = moved_fire(mode, rules=6)
    assert damage(events) == [("Damaged", 2, 1, None, None)]
    # the chain it would start (direct) or carry (chain) is not carried on
    assert game.chained == ([False, False, True, True] if mode == "direct"
                            else [False, True, False, False])
    assert_replays(game)
    fair(game)
