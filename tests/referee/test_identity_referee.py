"""The identity referee's stories: given hand-made facts, then its checks and violations.

Four seats "LNRY" (lord 0, renegade 1, rebel 2, loyalist 3) unless a story says
otherwise. Each story breaks one rule and expects exactly that rule, at that event.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace

from domain.audit import Fact
from domain.referee.identity import RULES, IdentityReferee, referee
from domain.referee.sanguosha_walk import Desync, GameOver
from tests.referee.identity_story import (
    CROSSBOW,
    DODGE,
    EX_NIHILO,
    Story,
    crossbow_lord,
    four_kills,
    lord_opens,
    lord_wins,
)


def test_a_lawful_game_agrees_in_every_figure() -> None:
    judged = lord_wins().judged()
    assert judged.agrees and not judged.violations and not judged.problems
    figures = {c.figure: c.expected for c in judged.checks}
    assert figures["seat 0 starting HP"] == 4  # four players: the lord has no extra HP
    assert figures["winning side"] == "lord" and figures["winners"] == [0, 3]
    deaths = [(d["seat"], d["role"], d["by"]) for d in judged.details["deaths"]]
    assert deaths == [(1, "renegade", 0), (2, "rebel", 0)]


def test_the_lord_has_one_more_hp_at_five_players_or_more() -> None:
    story = Story("LRRNY", hp=[4, 4, 4, 4, 4])
    (v,) = story.violations()
    assert (v.version, v.rule) == (2, "hp")
    assert v.text() == "event 2: seat 0 (lord) starts with 5 HP at 5 players, the record " \
                       "says 4 [hp]"
    assert Story("LRRNY").rules() == set()


def test_the_identity_table() -> None:
    story = Story("LLRN")
    assert story.rules() == {(2, "roles")}


def test_the_hands_come_from_the_recorded_deck() -> None:
    story = Story()
    story.facts[3] = replace(story.facts[3], data={"hands": [[1, 2, 3, 4]] + [
        list(h) for h in story.hands[1:]]})
    assert story.rules() == {(4, "deal")}


def test_the_lord_takes_the_first_turn() -> None:
    story = Story("RLNY")
    at = story.turn(0, 1)
    (v,) = story.violations()
    assert (v.version, v.rule) == (at, "turn-order")
    assert "turn 1 is seat 1's" in v.message


def test_a_decision_by_a_seat_that_was_not_asked() -> None:
    story = crossbow_lord()
    lord_opens(story)
    story.use(0, 7, [1])
    at = story.decline(2, "dodge")  # seat 1 is the target: seat 2 was not asked
    (v,) = story.violations()
    assert (v.version, v.rule) == (at, "turn-order")
    assert v.text().startswith(f"event {at}: seat 2 made the decision (Declined), but the "
                               "game asked seat 1 to answer")


def test_a_card_the_seat_does_not_hold() -> None:
    story = crossbow_lord()
    lord_opens(story)
    at = story.use(0, 20, [1])  # Kill ♣J is in nobody's hand: still in the pile
    assert (at, "card-not-held") in story.rules()
    (v,) = [v for v in story.violations() if v.rule == "card-not-held"]
    assert v.text() == f"event {at}: seat 0 used card 20 (Kill ♣J), a card not in its " \
                       "hand [card-not-held]"


def test_draws_come_from_the_top_of_the_pile() -> None:
    story = crossbow_lord()
    story.turn(0, 1)
    at = story.draw(0, cards=[8, 7])  # the top two, in the wrong order
    assert story.rules() == {(at, "draw-pile")}


def test_the_hand_limit_at_the_end_of_the_turn() -> None:
    story = crossbow_lord()
    story.turn(0, 1)
    story.draw(0)  # 6 cards, 4 HP
    story.end_play(0)
    at = story.turn_end(0)
    (v,) = story.violations()
    assert (v.version, v.rule) == (at, "hand-limit")
    assert "must discard 2" in v.message
    lawful = crossbow_lord()
    lawful.turn(0, 1)
    lawful.draw(0)
    lawful.end_play(0)
    lawful.add("CardsDiscarded", seat=0, cards=[7, 8], reason="discard_phase", by=None)
    lawful.turn_end(0)
    lawful.turn(1, 2)
    assert lawful.rules() == set()


def test_one_kill_per_play_phase_without_a_crossbow() -> None:
    story = Story(hands=[[7, 8, 9, 10]])
    story.turn(0, 1)
    story.draw(0)
    story.kill(0, 1, 7)
    at = story.use(0, 8, [1])
    assert story.rules() == {(at, "kill-limit")}


def test_a_kill_out_of_range() -> None:
    story = Story("LRRNY", hands=[[7, 8, 9, 10]])
    story.turn(0, 1)
    story.draw(0)
    at = story.use(0, 7, [2])  # seat 2 is two steps away; no weapon: range 1
    (v,) = story.violations()
    assert (v.version, v.rule) == (at, "kill-range")
    assert "at distance 2" in v.message


def test_a_dodge_is_only_played_in_answer() -> None:
    story = Story(hands=[[DODGE, 8, 9, 10]])
    story.turn(0, 1)
    story.draw(0)
    at = story.use(0, DODGE)
    assert story.rules() == {(at, "card-use")}


def test_a_kill_deals_one_damage() -> None:
    story = crossbow_lord()
    lord_opens(story)
    story.use(0, 7, [1])
    story.decline(1, "dodge")
    at = story.hit(1, 0, [7], amount=2)
    assert story.rules() == {(at, "damage")}


def test_a_seat_at_one_hp_is_not_dying() -> None:
    story = crossbow_lord()
    lord_opens(story)
    for card in (7, 8, 9):
        story.kill(0, 1, card)
    at = story.add("Dying", seat=1, source=0)  # 1 HP left
    (v,) = story.violations()
    assert (v.version, v.rule) == (at, "dying")
    assert v.message == "seat 1 has 1 HP left: it is not dying"


def test_the_killer_of_a_rebel_draws_three() -> None:
    story = crossbow_lord("LRNY")
    lord_opens(story)
    four_kills(story, 1, [7, 8, 9, 10])
    at = story.use(0, 11, [2])  # the reward was never drawn
    (v,) = story.violations()
    assert (v.version, v.rule) == (at, "reward")
    assert "seat 0 drawing 3 for killing rebel seat 1" in v.message
    lawful = crossbow_lord("LRNY")
    lord_opens(lawful)
    four_kills(lawful, 1, [7, 8, 9, 10])
    at = lawful.reward(0, 1)
    judged = lawful.judged()
    assert not judged.violations
    assert [c.figure for c in judged.checks if c.version == at] == [
        "reward of seat 0 for rebel seat 1"]


def test_a_lord_who_kills_a_loyalist_discards_everything() -> None:
    story = crossbow_lord("LYRN")
    lord_opens(story)
    four_kills(story, 1, [7, 8, 9, 10])
    at = story.use(0, 11, [2])  # the penalty was skipped
    assert story.rules() == {(at, "penalty")}
    lawful = crossbow_lord("LYRN")
    lord_opens(lawful)
    four_kills(lawful, 1, [7, 8, 9, 10])
    lawful.add("PenaltyPaid", seat=0, cards=[*lawful.hands[0], CROSSBOW], victim=1)
    lawful.end_play(0)
    lawful.turn_end(0)
    assert lawful.rules() == set()


def test_no_reward_when_the_death_ends_the_game() -> None:
    # FreeKill's order: the victory check first; a deciding death brings no reward
    story = lord_wins()
    ended = story.facts.pop()
    at = story.reward(0, 2)
    story.facts.append(replace(ended, version=at + 1))
    (v,) = story.violations()
    assert (v.version, v.rule) == (at, "reward-after-end")


def test_the_winner_is_derived_from_the_deaths() -> None:
    story = lord_wins()
    ended = story.facts.pop()
    at = story.end("rebels", [2], "lord_died")
    assert ended.version == at
    assert {rule for version, rule in story.rules()} == {"winner", "outcome-row"}
    assert (at, "winner") in story.rules()


def test_the_game_ends_at_the_first_deciding_death() -> None:
    story = lord_wins()
    story.facts.pop()
    at = story.end_play(0)
    (v,) = story.violations()
    assert (v.version, v.rule) == (at, "game-end")
    assert "the lord and loyalists won" in v.message


def test_nothing_follows_the_end() -> None:
    story = lord_wins()
    at = story.turn(3, 2)
    assert story.rules() == {(at, "after-end")}


def test_the_turn_cap_ends_the_game_in_a_draw() -> None:
    story = Story(hands=[[7, 8, 9, 10]], options={"turn_cap": 1})
    story.turn(0, 1)
    story.draw(0)
    story.end_play(0)
    story.add("CardsDiscarded", seat=0, cards=[7, 8], reason="discard_phase", by=None)
    story.turn_end(0)
    story.end("draw", [], "turn_cap")
    judged = story.judged()
    assert judged.agrees and not judged.violations
    story.facts.pop()
    at = story.turn(1, 2)  # a second turn after the cap
    assert story.rules() == {(at, "game-end")}


def test_an_exhausted_draw_pile_ends_the_game_in_a_draw() -> None:
    story = Story()
    story.turn(0, 1)
    end = story.end("draw", [], "pile_exhausted")
    walk = IdentityReferee(story.facts)
    walk.setup()
    walk.t.pile, walk.t.discard = walk.t.pile[:1], []  # one card left, none to reshuffle
    with contextlib.suppress(GameOver):
        walk.play_turns()
    assert walk.ended and not walk.recount.violations
    # the engine of old drew the one card and went on
    story.facts[-1] = Fact(end, "CardsDrawn", {"seat": 0, "cards": [0], "reason": "draw_phase"})
    walk = IdentityReferee(story.facts)
    walk.setup()
    walk.t.pile, walk.t.discard = walk.t.pile[:1], []
    with contextlib.suppress(Desync):  # the walk stops at the broken rule
        walk.play_turns()
    assert [(v.version, v.rule) for v in walk.recount.violations] == [(end, "deck-exhausted")]


def test_a_reshuffle_that_is_not_due() -> None:
    story = crossbow_lord()
    story.turn(0, 1)
    at = story.add("PileReshuffled", order=[])
    assert story.rules() == {(at, "reshuffle")}


def test_an_ex_nihilo_draws_two_and_a_death_reveals_the_role() -> None:
    story = crossbow_lord()
    lord_opens(story)
    died = four_kills(story, 1, [7, 8, 9, 10])
    story.facts[died - 1] = replace(story.facts[died - 1], data=story.facts[died - 1].data | {
        "revealed": {"role": "rebel"}})
    assert story.rules() == {(died, "revealed-role")}
    assert EX_NIHILO[0] not in story.hands[0]


def test_a_record_that_stops_is_a_live_game() -> None:
    story = crossbow_lord()
    lord_opens(story)
    judged = referee(story.facts)
    assert not judged.violations
    assert judged.problems == ["the game has no GameEnded event: it is still live"]


def test_a_pass_by_a_seat_whose_turn_it_is_not() -> None:
    story = crossbow_lord()
    story.turn(0, 1)
    story.draw(0)
    at = story.decline(2, "dodge")  # seat 0 is in its play phase: nobody asked seat 2
    (v,) = story.violations()
    assert (v.version, v.rule) == (at, "turn-order")
    assert v.text() == f"event {at}: Declined of seat 2 came, but the rules call for seat 0 " \
                       "to play a card or end its play phase [turn-order]"


def test_games_stored_under_rules_1_are_judged_by_rules_1() -> None:
    # rules 1 paid a deciding death's reward before the end
    story = Story("LNRY", hands=[[CROSSBOW, *EX_NIHILO[:3]]], top=list(range(7, 15)), rules=1)
    lord_opens(story)
    four_kills(story, 1, [7, 8, 9, 10])
    story.use(0, EX_NIHILO[2])
    story.draw(0, reason="ex_nihilo")
    four_kills(story, 2, [11, 12, 13, 14])
    story.reward(0, 2)
    story.end("lord", [0, 3], "rebels_and_renegades_dead")
    assert story.rules() == set()
    # ... and a pile that ran dry drew short
    short = Story(rules=1)
    short.turn(0, 1)
    at = short.add("CardsDrawn", seat=0, cards=[0], reason="draw_phase")
    walk = IdentityReferee(short.facts)
    walk.setup()
    walk.t.pile, walk.t.discard = [0], []
    with contextlib.suppress(Desync):
        walk.play_turns()
    assert walk.i == at and not walk.recount.violations  # the short draw was accepted


def test_a_rules_version_the_referee_does_not_know() -> None:
    # rules 3 (skills) is judged like 2 when there are no generals, 4 to 8 too; the
    # version after the newest is unknown
    story = Story(rules=max(RULES) + 1)
    (v,) = story.violations()
    assert (v.version, v.rule) == (1, "rules-version")
