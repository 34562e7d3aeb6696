"""Issue 13's four fidelity fixes (rules version 2), each next to the behaviour a game
recorded under rules 1 keeps: a stored game replays, and goes on, under its own rules.

1. A Halberd Kill resolves its targets in turn order from the user.
2. Double Swords triggers on targeting, before the Renwang Shield cancels a black Kill.
3. A draw that the draw pile cannot supply, even with the discard pile shuffled in, ends
   the game in a draw (identity and Kingdom Wars).
4. After a death the victory check comes first: a death that ends the game pays no
   reward or penalty.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.audit import Fact
from domain.sanguosha.audit import recount, recount_hegemony
from domain.sanguosha.cards import NAME
from domain.sanguosha.engine import RULES_VERSION, SanguoshaGame
from domain.sanguosha.identity import IdentityGame
from tests.sanguosha.hrig import htable, to_play
from tests.sanguosha.rig import Gendered, act, end_turn, kinds, pass_to, table

NEW, OLD = RULES_VERSION, 1
BOTH = pytest.mark.parametrize("rules", [NEW, OLD])
EQUIPMENT = ["crossbow", "renwang_shield", "plus_horse", "minus_horse"]


def use(game: SanguoshaGame, seat: int, name: str, targets: list[int] | None = None
        ) -> list[tuple[str, dict[str, Any]]]:
    """When: ``seat`` uses its first card named ``name``."""
    c = next(c for c in game.hands[seat] if NAME[c] == name)
    return act(game, seat, type="use", card=c, **({"targets": targets} if targets else {}))


def facts(game: SanguoshaGame) -> list[Fact]:
    """The game's events as the audit reads them (upcast state, no stamps)."""
    skip = ("originator_id", "originator_version", "timestamp", "prev", "originator_topic")
    return [Fact(e.originator_version, type(e).__name__,
                 {k: v for k, v in vars(e).items() if k not in skip})
            for e in game.pending_events]


def replayed(game: SanguoshaGame) -> Any:
    """The game rebuilt from its events alone."""
    found = None
    for e in game.pending_events:
        found = e.mutate(found)
    return found


def test_the_first_event_records_the_rules_version() -> None:
    game = table()
    started = game.pending_events[0]
    assert (type(started).__name__, started.rules, game.rules) == ("Started", NEW, NEW)
    assert table(rules=OLD).rules == OLD


# --- 1. Halberd: turn order from the user ------------------------------------------------
@pytest.mark.parametrize("rules, order", [(NEW, [3, 0, 1]), (OLD, [0, 1, 3])])
def test_halberd_targets_resolve_in_turn_order_from_the_user(rules: int,
                                                             order: list[int]) -> None:
    # given: seat 2's last hand card is a Kill, with the Halberd and its equipment worn
    game = table({2: ["halberd", "kill", "plus_horse", "minus_horse"]},
                 pile=[None] * 4 + ["eight_trigrams", "renwang_shield"], rules=rules)
    pass_to(game, 2)
    for name in ("halberd", "plus_horse", "minus_horse", "eight_trigrams", "renwang_shield"):
        use(game, 2, name)
    # when: it kills seats 1, 0 and 3 (named in any order)
    events = use(game, 2, "kill", [1, 0, 3])
    # then: rules 2 resolves them from the user's next seat round the table: 3, 0, 1
    # (rules 1 went by seat number)
    assert events[0][1]["targets"] == order
    for seat in order:
        assert game.to_act() == [seat] and game.ask == "dodge"
        act(game, seat, type="decline")
    assert game.hp == [3, 3, 4, 3]


# --- 2. Double Swords before the Renwang Shield -------------------------------------------
@pytest.mark.parametrize("rules, then", [
    (NEW, ["Declined", "CardsDrawn", "KillBlocked"]), (OLD, None)])
def test_double_swords_triggers_before_the_renwang_shield(rules: int,
                                                          then: list[str] | None) -> None:
    # given: the lord (seat 1, female) wears the Renwang Shield; seat 2 (male) holds the
    # Double Swords and a black Kill
    game = table({1: ["renwang_shield"], 2: ["double_swords", ("kill", "S", 7)]},
                 pile=[None] * 4 + ["peach"], roles=["rebel", "lord", "loyalist", "renegade"],
                 game_class=Gendered, rules=rules)
    use(game, 1, "renwang_shield")
    end_turn(game)
    use(game, 2, "double_swords")
    # when: seat 2 kills the lord with the black Kill
    events = use(game, 2, "kill", [1])
    if rules == OLD:
        # then (rules 1): the shield cancels the Kill before Double Swords can trigger
        assert kinds(events) == ["CardUsed", "KillBlocked"]
        return
    # then: the lord is asked first; it lets seat 2 draw; then the shield cancels the Kill
    assert kinds(events) == ["CardUsed"] and (game.to_act(), game.ask) == ([1],
                                                                          "double_swords")
    events = act(game, 1, type="decline")
    assert kinds(events) == then
    assert events[1][1]["seat"] == 2 and events[1][1]["reason"] == "double_swords"
    assert game.hp[1] == game.max_hp[1] and (game.to_act(), game.ask) == ([2], "play")


def test_double_swords_discard_then_the_shield_still_cancels() -> None:
    game = table({1: ["renwang_shield"], 2: ["double_swords", ("kill", "S", 7)]},
                 roles=["rebel", "lord", "loyalist", "renegade"], game_class=Gendered)
    use(game, 1, "renwang_shield")
    end_turn(game)
    use(game, 2, "double_swords")
    use(game, 2, "kill", [1])
    # when: the lord discards a hand card instead
    choice = next(a for a in game.legal_actions(1) if a["type"] == "discard")
    events = act(game, 1, type="discard", cards=choice["from"][:choice["count"]])
    # then: the shield cancels the Kill all the same
    assert kinds(events) == ["CardsDiscarded", "KillBlocked"]


# --- 3. An exhausted pile ends the game in a draw ------------------------------------------
def drawn_down_to(game: SanguoshaGame, seat: int, left: int) -> None:
    """Given: ``seat`` has drawn every card of the pile but ``left`` (a recorded draw:
    no short story empties a 108-card deck, and replay rebuilds it all the same)."""
    take = game.pile[::-1][:len(game.pile) - left]
    game._cards_drawn(seat=seat, cards=take, reason="given")  # noqa: SLF001


@BOTH
def test_identity_pile_exhausted_is_a_draw(rules: int) -> None:
    # given: the lord wears four pieces of equipment (nothing to discard at the end of its
    # turn); the pile holds one card and the discard pile none
    game = table({0: EQUIPMENT}, rules=rules)
    for name in EQUIPMENT:
        use(game, 0, name)
    drawn_down_to(game, 3, 1)
    assert (len(game.pile), game.discard) == (1, [])
    # when: the turn passes and seat 1 must draw 2
    events = act(game, 0, type="end_play")
    if rules == OLD:
        # then (rules 1): it draws the one card left and the game goes on
        assert ("CardsDrawn", 1) in [(k, d.get("seat")) for k, d in events]
        assert game.outcome is None and game.pile == []
        return
    # then: the game ends in a draw, before any card is drawn
    assert kinds(events)[-1] == "GameEnded" and "CardsDrawn" not in kinds(events)
    outcome = game.outcome
    assert outcome is not None
    assert (outcome["side"], outcome["reason"], outcome["winners"]) == (
        "draw", "pile_exhausted", [])
    assert [s["won"] for s in outcome["seats"]] == [False] * 4
    # then: the audit takes it as a recorded draw, and replay agrees
    report = recount(facts(game))
    assert report.agrees and report.details.get("capped")
    assert replayed(game).outcome == outcome


def test_a_discard_pile_that_can_refill_keeps_the_game_going() -> None:
    # given: one card left in the pile; the lord, one piece of equipment worn, will
    # discard a card at the end of its turn
    game = table({0: ["crossbow"]})
    use(game, 0, "crossbow")
    drawn_down_to(game, 3, 1)
    # when: the turn passes and seat 1 draws 2 from that card and the discard pile
    events = end_turn(game)
    # then: the discard pile is shuffled in and the game goes on
    assert "PileReshuffled" in kinds(events) and game.outcome is None
    assert len(game.hands[1]) == 6


@BOTH
def test_kingdom_wars_pile_exhausted_is_a_draw(rules: int) -> None:
    # given: Kingdom Wars; seat 0 wears four pieces of equipment; one card left in the pile
    game = htable([("caocao", "xuchu"), ("liubei", "guanyu"), ("sunquan", "zhouyu"),
                   ("lvbu", "diaochan")], hands={0: EQUIPMENT}, rules=rules,
                  options={"skills": False})  # the draw rule alone, no skill asking
    to_play(game, 0)
    act(game, 0, type="decline")
    for name in EQUIPMENT:
        use(game, 0, name)
    drawn_down_to(game, 2, 1)
    # when: seat 1's draw phase needs 2 cards
    act(game, 0, type="end_play")
    if game.ask == "show":
        act(game, 1, type="decline")
    if rules == OLD:
        assert game.outcome is None and game.pile == []
        return
    # then: a draw; every hidden general is shown before the end
    outcome = game.outcome
    assert outcome is not None and (outcome["side"], outcome["reason"]) == (
        "draw", "pile_exhausted")
    assert all(all(s) for s in game.shown)
    assert recount_hegemony(facts(game)).agrees


# --- 4. The victory check before rewards -------------------------------------------------
def lord_at_one_hp_table(rules: int) -> IdentityGame:
    """Given: the lord (seat 0) brought every other seat to 1 HP with three invasions and
    holds Duels."""
    game = table({0: ["duel", "duel", "duel", "barbarian_invasion"]},
                 pile=["barbarian_invasion", "barbarian_invasion"] + [None] * 6, rules=rules)
    for _ in range(3):
        use(game, 0, "barbarian_invasion")
        while game.ask == "kill":
            act(game, game.to_act()[0], type="decline")
    assert game.hp == [4, 1, 1, 1]
    return game


@pytest.mark.parametrize("rules, then", [
    (NEW, ["Declined", "Damaged", "Dying", "Died", "GameEnded"]),
    (OLD, ["Declined", "Damaged", "Dying", "Died", "RewardDrawn", "GameEnded"])])
def test_a_death_that_ends_the_game_pays_no_reward(rules: int, then: list[str]) -> None:
    # given: the renegade is dead; the rebel is the last enemy of the lord
    game = lord_at_one_hp_table(rules)
    use(game, 0, "duel", [3])
    act(game, 3, type="decline")
    assert game.alive == [True, True, True, False] and game.outcome is None
    # when: the lord kills the rebel
    use(game, 0, "duel", [1])
    events = act(game, 1, type="decline")
    # then: the game is over at once: no 3 cards for the lord (rules 1 paid them first)
    assert kinds(events) == then
    outcome = game.outcome
    assert outcome is not None and outcome["side"] == "lord"
    # then: the audit expects exactly that, under each game's own rules
    assert recount(facts(game)).agrees
    assert replayed(game).hands == game.hands


def test_a_death_that_does_not_end_the_game_still_pays() -> None:
    game = lord_at_one_hp_table(NEW)
    use(game, 0, "duel", [1])
    events = act(game, 1, type="decline")
    assert kinds(events)[-2:] == ["Died", "RewardDrawn"] and game.outcome is None


def test_the_audit_flags_a_reward_paid_for_the_death_that_ended_the_game() -> None:
    # given: a rules-2 game that ended with a rebel's death
    game = lord_at_one_hp_table(NEW)
    use(game, 0, "duel", [3])
    act(game, 3, type="decline")
    use(game, 0, "duel", [1])
    act(game, 1, type="decline")
    recorded = facts(game)
    # when: the record claims a reward right before the end
    died = next(i for i, f in enumerate(recorded) if f.type == "Died" and f.data["seat"] == 1)
    forged = Fact(recorded[died].version, "RewardDrawn",
                  {"seat": 0, "victim": 1, "cards": [1, 2, 3]})
    report = recount(recorded[:died + 1] + [forged] + recorded[died + 1:])
    # then: the audit disagrees
    assert not report.agrees
