"""The Killer referee's stories: given hand-made facts, then its checks and violations.

Cards "KKPPCCCC" throughout (killers 0 1, police 2 3, civilians 4 to 7), unless a story
says otherwise. Each story breaks one rule and expects exactly that rule, at that event.
"""

from __future__ import annotations

import ast
from pathlib import Path

from domain.referee import killer as killer_referee
from tests.referee.killer_story import Story, night_one, police_win


def test_a_lawful_game_agrees_in_every_figure() -> None:
    judged = police_win().judged()
    assert judged.agrees and not judged.violations and not judged.problems
    figures = {c.figure: c.expected for c in judged.checks}
    assert figures["night 1: is seat 0 a killer"] is True
    assert figures["day 1: voted out"] == 0
    assert figures["day 1: votes against seat 0"] == 5
    assert figures["day 2: votes against seat 1"] == 4
    assert figures["winning side"] == "police"
    assert figures["winners"] == [2, 3, 4, 5, 6, 7]
    deaths = [(d["seat"], d["cause"]) for d in judged.details["deaths"]]
    assert deaths == [(4, "killed at night"), (0, "voted out"), (5, "killed at night"),
                      (1, "voted out")]


def test_an_inverted_investigation_answer_is_named() -> None:
    story = Story()
    story.kill(1, 4)
    # policeman 3 asks about killer 0; the record says "no"
    at = story.probe(3, 0, killer=False)
    (v,) = story.violations()
    assert (v.version, v.rule) == (at, "investigation-answer")
    assert v.text() == f"event {at}: seat 0 is a killer, the answer said no " \
                       "[investigation-answer]"
    # and a civilian reported as a killer
    story = Story()
    story.kill(1, 4)
    at = story.probe(3, 6, killer=True)
    assert story.rules() == {(at, "investigation-answer")}


def test_tonights_victim_may_be_investigated_and_is_answered_by_their_card() -> None:
    story = Story()
    story.kill(1, 4)
    story.probe(3, 4)  # the victim: alive at dusk, a civilian: "not a killer"
    story.dawn(4)
    assert story.rules() == set()
    assert story.judged().checks[0].expected is False


def test_a_policeman_killed_tonight_may_make_the_investigation() -> None:
    story = Story()
    story.kill(0, 2)  # policeman 2 is tonight's victim
    story.probe(2, 1)  # ... and still makes the team's choice before dawn
    story.dawn(2)
    assert story.rules() == set()


def test_who_may_investigate_and_whom() -> None:
    # a civilian investigates
    story = Story()
    story.kill(1, 4)
    at = story.probe(5, 0)
    assert story.rules() == {(at, "investigation-by-police")}
    # a policeman voted out yesterday investigates; a seat dead before dusk is chosen
    story = Story()
    night_one(story)
    story.votes({5: 2, 6: 2, 7: 2, 0: 2, 1: 2, 2: 0, 3: 0})
    story.out(2, 5)
    story.words(2)
    story.kill(0, 6)
    at = story.probe(2, 4)
    assert story.rules() == {(at, "investigation-by-police"), (at, "investigation-target")}
    assert "seat 4 is dead (since event 3)" in " ".join(v.message for v in story.violations())


def test_the_night_kill_is_a_living_killers_and_takes_a_living_non_killer() -> None:
    story = Story()
    at = story.kill(2, 4)  # a policeman kills
    assert story.rules() == {(at, "kill-by-killer")}
    story = Story()
    at = story.kill(0, 1)  # a killer kills a killer
    assert story.rules() == {(at, "kill-target")}


def test_statements_go_right_of_the_victim_skipping_the_dead() -> None:
    story = Story()
    story.kill(1, 4)
    story.probe(3, 0)
    story.dawn(4)
    story.words(4)
    # 3 speaks first, then the order runs the wrong way
    first = story.add("Statement", seat=3, text="")
    story.speak(2, 1, 0, 7, 6, 5)
    rules = story.rules()
    assert (first, "speaking-order") in rules
    assert {rule for _, rule in rules} == {"speaking-order"}
    assert "it was seat 5's turn" in story.violations()[0].message


def test_last_words_are_the_victims() -> None:
    story = Story()
    story.kill(1, 4)
    story.probe(3, 0)
    story.dawn(4)
    at = story.words(5)
    assert (at, "last-words") in story.rules()


def test_only_the_living_vote_once_for_another_living_seat() -> None:
    story = Story()
    night_one(story)
    dead = story.add("VoteCast", seat=4, target=0)  # 4 died last night
    self_vote = story.add("VoteCast", seat=5, target=5)
    story.add("VoteCast", seat=6, target=0)
    twice = story.add("VoteCast", seat=6, target=1)
    for_the_dead = story.add("VoteCast", seat=7, target=4)
    assert story.rules() == {(dead, "voter-alive"), (self_vote, "no-self-vote"),
                             (twice, "vote-once"), (for_the_dead, "vote-target")}
    assert story.violations()[0].message == "seat 4 is dead (since event 3) and may not vote"


def test_a_wrong_vote_count_and_a_wrong_seat_voted_out() -> None:
    story = Story()
    night_one(story)
    story.votes({5: 0, 6: 0, 7: 0, 0: 2, 1: 2, 2: 0, 3: 0})
    at = story.out(0, 4)  # 5 votes, recorded as 4
    assert story.rules() == {(at, "vote-count")}
    story = Story()
    night_one(story)
    story.votes({5: 0, 6: 0, 7: 0, 0: 2, 1: 2, 2: 0, 3: 0})
    at = story.out(2, 2)  # the seat with 2 votes leaves
    assert story.rules() == {(at, "voted-out")}


def test_the_vote_is_counted_only_when_every_living_seat_has_voted() -> None:
    story = Story()
    night_one(story)
    story.votes({5: 0, 6: 0, 7: 0, 0: 2, 1: 2, 2: 0})  # seat 3 never votes
    at = story.out(0, 4)
    assert story.rules() == {(at, "turn-order")}


def test_ties_are_broken_by_a_recorded_draw_among_the_tied() -> None:
    tie = {5: 0, 6: 0, 7: 1, 0: 1, 1: 2, 2: 3, 3: 2}  # 0, 1 and 2 have two votes each
    # lawful: the draw among 0, 1, 2 picks 1
    story = Story()
    night_one(story)
    story.votes(tie)
    story.add("TieBroken", candidates=[0, 1, 2], chosen=1)
    story.out(1, 2)
    assert story.rules() == set()
    # no draw recorded
    story = Story()
    night_one(story)
    story.votes(tie)
    at = story.out(1, 2)
    assert story.rules() == {(at, "tie-break")}
    # a draw among the wrong seats
    story = Story()
    night_one(story)
    story.votes(tie)
    at = story.add("TieBroken", candidates=[0, 1], chosen=0)
    story.out(0, 2)
    assert story.rules() == {(at, "tie-break")}
    # a draw where nobody tied
    story = Story()
    night_one(story)
    story.votes({5: 0, 6: 0, 7: 0, 0: 2, 1: 2, 2: 0, 3: 0})
    at = story.add("TieBroken", candidates=[0, 2], chosen=2)
    story.out(2, 2)
    assert (at, "tie-break") in story.rules()


def test_nobody_leaves_only_when_everyone_abstains() -> None:
    story = Story()
    night_one(story)
    story.votes(dict.fromkeys([5, 6, 7, 0, 1, 2, 3]))
    story.add("NobodyVotedOut")
    story.kill(0, 5)  # night 2 follows
    assert story.rules() == set()
    story = Story()
    night_one(story)
    story.votes({5: 0, 6: None, 7: None, 0: None, 1: None, 2: None, 3: None})
    at = story.add("NobodyVotedOut")
    assert story.rules() == {(at, "voted-out")}


def test_cards_shown_must_be_the_dealt_ones() -> None:
    story = Story()
    story.kill(0, 2)
    story.probe(3, 0)
    at = story.dawn(2, role="civilian")  # a policeman's card shown as a civilian's
    (v,) = story.violations()
    assert (v.version, v.rule) == (at, "revealed-card")
    assert v.message == "seat 2 is a police, the card shown said civilian"


def days_to_a_killers_night_win(story: Story) -> int:
    """Night 1 and day 1 (policeman 3 voted out), then night 2: killer 0 kills the last
    policeman, 2. Returns the deciding event."""
    night_one(story)
    story.votes({5: 3, 6: 3, 7: 3, 0: 3, 1: 3, 2: 0, 3: 0})
    story.out(3, 5)
    story.words(3)
    return story.kill(0, 2)


def test_the_game_ends_at_the_first_deciding_death() -> None:
    # the night kill of the last policeman wins the game for the killers at once
    story = Story()
    days_to_a_killers_night_win(story)
    story.end("killers")
    assert story.rules() == set()
    # played on past the killers' win, and the police recorded as winners at the end
    story = Story()
    decided = days_to_a_killers_night_win(story)
    on = story.probe(2, 1)
    story.dawn(2)
    story.words(2)
    story.speak(5, 6, 7, 0, 1)
    story.votes({5: 0, 6: 0, 7: 0, 0: 5, 1: 5})
    story.out(0, 3)
    story.words(0)
    ended = story.end("police")
    rules = story.rules()
    assert (on, "game-end") in rules and (ended, "winner") in rules
    assert {rule for _, rule in rules} == {"game-end", "winner", "outcome-row"}
    assert [v.message for v in story.violations() if v.rule == "game-end"] == [
        f"the killers won at event {decided} (no living police): the game should "
        "have ended there, not go on with Investigated"]


def test_no_end_before_a_side_has_won_and_nothing_after_the_end() -> None:
    story = Story()
    story.kill(1, 4)
    at = story.end("killers")
    assert (at, "game-end") in story.rules()
    story = police_win()
    story.add("DisputeRaised", by=3, claim="seat 0 was framed")  # disputes may follow
    late = story.add("VoteCast", seat=2, target=3)
    assert story.rules() == {(late, "after-end")}


def test_each_seats_outcome_row_is_checked() -> None:
    story = police_win()
    ended = story.facts[-1]
    ended.data["outcome"]["seats"][4]["won"] = False
    ended.data["outcome"]["seats"][0]["score"] = 1
    assert story.rules() == {(ended.version, "outcome-row")}
    assert len(story.violations()) == 2


def test_a_wrong_winner_list_is_named() -> None:
    story = police_win()
    story.facts.pop()
    at = story.end("police", winners=[2, 3])
    # the list of winners, and the rows of the four civilians it leaves out
    assert story.rules() == {(at, "winner"), (at, "outcome-row")}
    assert len(story.violations()) == 1 + 4


def test_a_live_game_is_no_violation_but_not_an_agreement() -> None:
    story = Story()
    night_one(story)
    judged = story.judged()
    assert not judged.violations and not judged.agrees
    assert judged.problems == ["the game has no GameEnded event: it is still live"]


def test_unreadable_facts_are_named_not_a_crash() -> None:
    story = Story()
    at = story.kill(0, 99)
    assert story.rules() == {(at, "malformed")}
    story = Story()
    at = story.add("NightShift", seat=0)
    assert (at, "unknown-event") in story.rules()


def test_a_wrong_deal_is_named() -> None:
    story = Story("KKKPCCCC")
    assert story.rules() == {(2, "deal")}
    story = Story("KKPPCCC")
    assert story.rules() == {(1, "table-size"), (2, "deal")}


def test_the_referee_imports_nothing_of_the_engine() -> None:
    source = Path(killer_referee.__file__).read_text()
    modules = {node.module for node in ast.walk(ast.parse(source))
               if isinstance(node, ast.ImportFrom)} | {
        alias.name for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Import)
        for alias in node.names}
    assert {m for m in modules if m and m.startswith("domain")} == {"domain.audit"}


def test_a_dispute_before_the_end_is_out_of_turn() -> None:
    story = Story()
    night_one(story)
    at = story.add("DisputeRaised", by=2, claim="too early")
    assert story.rules() == {(at, "turn-order")}
