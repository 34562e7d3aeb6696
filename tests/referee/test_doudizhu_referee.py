"""The Dou Dizhu referee on hand-made histories: each rule, told as a story.

Given the facts a hand recorded, then the referee's verdict: the figures it works out,
and each broken rule named by its event and in words.
"""

from __future__ import annotations

import ast
from pathlib import Path

from domain.audit import Fact
from domain.referee.doudizhu import referee, referee_match
from tests.referee.story import CARDS, Story, rules, texts

SPRING = (["3333456789TJQKABR", "445566778899TTJJQ", "456789TJQQKKKAAA2"], "222")
ANTI = (["356789TTJJQQKA2BR", "44445556667778889", "33399TTJJQQKKAA22"], "KA2")


def spring_story() -> Story:
    story = Story(*SPRING)  # given: started, dealt; seat 0 bids first
    story.bid(0, 3)  # a bid of 3 ends the bidding at once
    story.landlord(0, 3)  # seat 0 takes the kitty (222) and leads
    story.play(0, "456789TJQKA")
    story.passes(1, 2)
    story.play(0, "3333")  # bomb → ×2 (event 8)
    story.passes(1, 2)
    story.play(0, "222")
    story.passes(1, 2)
    story.play(0, "BR")  # rocket → ×2 (event 14); seat 0 is out, no peasant played: spring
    return story


def figures(recount: object) -> dict[str, object]:
    return {c.figure: c.expected for c in recount.checks}  # type: ignore[attr-defined]


# --- legal hands: every figure worked out and agreed ---------------------------------
def test_a_spring_with_a_bomb_and_a_rocket_agrees_figure_by_figure() -> None:
    story = spring_story()
    story.end(base=3, landlord=0, multiplier=8, scores=[48, -24, -24], winners=[0],
              side="landlord", spring=True,
              bombs=[{"seat": 0, "ranks": "3333", "version": 8}],
              rockets=[{"seat": 0, "ranks": "BR", "version": 14}])
    judged = story.judged()
    assert judged.agrees, (texts(judged), judged.differences())
    f = figures(judged)
    assert (f["base"], f["multiplier"], f["spring"], f["scores"]) == (3, 8, True, [48, -24, -24])
    assert f["bombs"] == [{"seat": 0, "ranks": "3333", "version": 8}]
    assert f["seat 1 outcome"] == {"seat": 1, "player": "bob", "role": "peasant",
                                   "won": False, "score": -24}
    assert all(c.version == 15 for c in judged.checks[:10])  # the ScoreSettled event


def test_an_anti_spring_doubles_when_the_landlord_played_only_its_lead() -> None:
    story = Story(*ANTI)
    story.bid(0, 1)
    story.bid(1, 0)
    story.bid(2, 0)
    story.landlord(0, 1)
    story.play(0, "3")  # the landlord's only play
    story.play(1, "4")
    story.passes(2, 0)  # both others pass: seat 1 leads again
    story.play(1, "444555666777")
    story.passes(2, 0)
    story.play(1, "8889")  # seat 1 is out: peasants win, anti-spring → ×2
    story.end(base=1, landlord=0, multiplier=2, scores=[-4, 2, 2], winners=[1, 2],
              side="peasants", anti_spring=True)
    judged = story.judged()
    assert judged.agrees, (texts(judged), judged.differences())
    assert figures(judged)["anti_spring"] is True


def test_an_escape_pays_three_times_and_the_others_half_each() -> None:
    story = Story(*SPRING)
    story.bid(0, 2)
    story.bid(1, 0)
    story.bid(2, 0)
    story.landlord(0, 2)
    bomb = story.play(0, "3333")  # ×2
    story.escape(1)  # pays 3·2·2 = 12
    story.end(base=2, landlord=0, multiplier=2, scores=[6, -12, 6], winners=[0, 2],
              side="escape", escape=1, bombs=[{"seat": 0, "ranks": "3333", "version": bomb}])
    judged = story.judged()
    assert judged.agrees, (texts(judged), judged.differences())


def test_an_escape_before_any_bid_pays_on_a_base_of_one_in_halves() -> None:
    story = Story(*SPRING, first_bidder=2)
    story.escape(0)
    story.end(base=1, landlord=None, multiplier=1, scores=[-3, 1.5, 1.5], winners=[1, 2],
              side="escape", escape=0)
    judged = story.judged()
    assert judged.agrees, (texts(judged), judged.differences())


def test_nobody_bids_the_cards_are_dealt_again_and_the_next_seat_bids_first() -> None:
    story = Story(*SPRING, first_bidder=0)
    for seat in (0, 1, 2):
        story.bid(seat, 0)
    story.deal(list(reversed(story.facts[1].data["deck"])), first_bidder=1)
    story.bid(1, 3)
    story.landlord(1, 3)
    judged = story.judged()
    assert judged.violations == []
    assert judged.problems == ["nobody emptied a hand or escaped: the hand is not over"]


# --- the deal ----------------------------------------------------------------------
def test_a_deal_is_the_54_cards_once_each() -> None:
    story = Story(*SPRING)
    deck = story.facts[1].data["deck"]
    forged = [("3S" if c == "4S" else c) for c in deck]  # 3S twice, 4S missing
    story.facts[1] = Fact(2, "Dealt", {"deck": forged, "first_bidder": 0})
    judged = story.judged()
    assert rules(judged) == ["deal-is-the-deck"]
    assert "twice: 3S" in texts(judged)[0] and "missing: 4S" in texts(judged)[0]
    assert texts(judged)[0].startswith("event 2: ")


def test_a_second_deal_only_when_nobody_bid_and_with_the_next_first_bidder() -> None:
    story = Story(*SPRING, first_bidder=0)
    story.bid(0, 1)  # somebody bid: no new deal
    story.bid(1, 0)
    story.bid(2, 0)
    v = story.deal(CARDS, first_bidder=1)
    assert rules(story.judged()) == ["redeal-only-when-nobody-bid"]
    assert story.judged().violations[0].version == v
    story = Story(*SPRING, first_bidder=0)
    for seat in (0, 1, 2):
        story.bid(seat, 0)
    story.deal(CARDS, first_bidder=0)  # seat 0 again, but seat 1 is next
    assert rules(story.judged()) == ["first-bidder-rotates"]


# --- the bidding -------------------------------------------------------------------
def test_bids_go_around_from_the_first_bidder() -> None:
    story = Story(*SPRING, first_bidder=1)
    story.bid(0, 1)  # seat 1 bids first
    judged = story.judged()
    assert texts(judged) == ["event 3: seat 0 bid 1 but it was seat 1's turn [turn-order]"]


def test_a_bid_is_1_2_or_3_and_higher_than_every_bid_before() -> None:
    story = Story(*SPRING)
    story.bid(0, 2)
    story.bid(1, 2)  # not higher
    story.bid(2, 4)  # no such bid
    assert rules(story.judged()) == ["bid-must-be-higher", "bid-value"]


def test_a_bid_of_3_ends_the_bidding_and_it_goes_once_around() -> None:
    story = Story(*SPRING)
    story.bid(0, 3)
    story.bid(1, 0)  # after a 3: too late
    assert texts(story.judged()) == [
        "event 4: seat 1 declined to bid but the bidding was over [bidding-once-around]"]
    story = Story(*SPRING)
    story.bid(0, 1)
    story.bid(1, 0)
    story.bid(2, 0)
    story.bid(0, 2)  # a fourth call
    assert rules(story.judged()) == ["bidding-once-around"]


def test_the_landlord_is_the_highest_bidder_at_the_highest_bid() -> None:
    story = Story(*SPRING)
    story.bid(0, 1)
    story.bid(1, 2)
    story.bid(2, 0)
    story.landlord(0, 1)  # seat 1 bid highest, at 2
    judged = story.judged()
    assert rules(judged) == ["landlord-is-highest-bidder", "base-is-highest-bid"]
    assert texts(judged)[0] == ("event 6: seat 0 was made landlord but seat 1 bid highest "
                                "(2) [landlord-is-highest-bidder]")
    assert texts(judged)[1] == ("event 6: the base was recorded as 1 but the highest bid "
                                "was 2 [base-is-highest-bid]")


def test_no_landlord_before_the_bidding_is_over_or_when_nobody_bid() -> None:
    story = Story(*SPRING)
    story.bid(0, 1)
    story.landlord(0, 1)  # seats 1 and 2 have not called
    assert rules(story.judged()) == ["bidding-once-around"]
    story = Story(*SPRING)
    for seat in (0, 1, 2):
        story.bid(seat, 0)
    story.landlord(0, 1)  # nobody bid: the cards are dealt again instead
    assert rules(story.judged()) == ["landlord-is-highest-bidder"]


def test_the_landlord_takes_the_kitty_that_was_dealt() -> None:
    story = Story(*SPRING)
    story.bid(0, 0)
    story.bid(1, 2)
    story.bid(2, 0)
    story.landlord(1, 2, kitty=["3S", "3H", "3C"])  # shown: not the kitty dealt
    assert rules(story.judged()) == ["kitty-is-the-dealt-kitty"]
    story = Story(*SPRING)
    story.bid(0, 0)
    story.bid(1, 2)
    story.bid(2, 0)
    story.landlord(1, 2)
    story.play(1, "2")  # a kitty card: the landlord holds it now
    story.passes(2, 0)
    story.play(1, "4")
    story.passes(2)
    story.play_cards(0, [story.kitty[1]])  # another kitty card: seat 0 never held it
    assert texts(story.judged()) == [
        f"event 12: seat 0 played {story.kitty[1]}, which it did not hold [cards-in-hand]"]


# --- the play ----------------------------------------------------------------------
def test_no_play_before_a_landlord_is_chosen() -> None:
    story = Story(*SPRING)
    story.bid(0, 1)
    story.play(0, "3")
    assert texts(story.judged()) == [
        "event 4: seat 0 played 3 but no landlord was chosen yet [landlord-before-play]"]


def test_a_pass_out_of_turn_is_named_with_its_event() -> None:
    story = spring_story()
    story.facts = story.facts[:5]  # the landlord's straight (event 5)
    story.passes(2)  # seat 1 is next
    assert texts(story.judged()) == [
        "event 6: seat 2 passed but it was seat 1's turn [turn-order]"]


def test_the_leader_must_play() -> None:
    story = Story(*SPRING)
    story.bid(0, 3)
    story.landlord(0, 3)
    story.passes(0)  # the landlord leads: it may not pass
    assert texts(story.judged()) == ["event 5: seat 0 passed but it was leading the trick, "
                                     "and the leader must play [leader-must-play]"]


def test_after_two_passes_the_last_seat_that_played_leads_freely() -> None:
    story = Story(*SPRING)
    story.bid(0, 3)
    story.landlord(0, 3)
    story.play(0, "4")
    story.passes(1, 2)
    story.play(0, "33")  # seat 0 leads again, any pattern
    story.play(1, "44")
    story.passes(2, 0)
    story.play(2, "5")  # seat 1 played last: it is seat 1's lead
    assert texts(story.judged()) == ["event 12: seat 2 played 5 but it was seat 1's turn "
                                     "[turn-order]"]


def test_a_play_must_be_a_pattern() -> None:
    story = Story(*SPRING)
    story.bid(0, 3)
    story.landlord(0, 3)
    story.play(0, "4567")  # a chain of four: no pattern
    assert texts(story.judged()) == ["event 5: seat 0 played 4567, which is no pattern of "
                                     "Dou Dizhu [valid-pattern]"]


def test_a_play_must_beat_the_last_one() -> None:
    story = Story(*SPRING)
    story.bid(0, 3)
    story.landlord(0, 3)
    story.play(0, "4")
    story.play(1, "4")  # not higher
    story.play(2, "QQ")  # a pair on a single
    judged = story.judged()
    assert rules(judged) == ["must-beat", "must-beat"]
    assert texts(judged)[1] == ("event 7: seat 2 played QQ (pair), which does not beat "
                                "the single of seat 1 [must-beat]")


def test_bombs_beat_everything_but_a_higher_bomb_and_the_rocket() -> None:
    story = Story(*SPRING)
    story.bid(0, 3)
    story.landlord(0, 3)
    story.play(0, "456789TJQKA")
    story.play(2, "KKK")  # out of turn and no match: two rules broken
    assert rules(story.judged()) == ["turn-order", "must-beat"]
    story = Story(*ANTI)
    story.bid(0, 3)
    story.landlord(0, 3)
    story.play(0, "3")
    story.play(1, "4444")  # a bomb on a single
    story.play(2, "9")  # a single on a bomb
    story.play(0, "BR")  # the rocket on a bomb
    judged = story.judged()
    assert rules(judged) == ["must-beat"] and judged.violations[0].version == 7


def test_the_record_of_a_play_names_its_own_ranks_and_pattern() -> None:
    story = Story(*SPRING)
    story.bid(0, 3)
    story.landlord(0, 3)
    story.play(0, "3333", pattern="four_two_singles")
    story.passes(1, 2)
    story.play_cards(0, story.held[0][:1], ranks="5")  # the card is a 4
    assert rules(story.judged()) == ["recorded-pattern", "recorded-ranks"]


def test_nothing_is_played_after_a_seat_emptied_its_hand() -> None:
    story = spring_story()
    story.passes(1)
    judged = story.judged()
    assert texts(judged)[0] == "event 15: seat 1 passed after the hand was over [hand-is-over]"


# --- the record of the score ---------------------------------------------------------
def test_wrong_recorded_figures_differ_and_scores_must_sum_to_zero() -> None:
    story = spring_story()
    story.end(base=3, landlord=0, multiplier=4, scores=[48, -24, -23], winners=[0],
              side="landlord", spring=True,
              rockets=[{"seat": 0, "ranks": "BR", "version": 14}])  # the bomb left out
    judged = story.judged()
    diffs = {c.figure: (c.expected, c.recorded, c.version) for c in judged.differences()}
    assert diffs["bombs"] == ([{"seat": 0, "ranks": "3333", "version": 8}], [], 15)
    assert diffs["multiplier"] == (8, 4, 15)
    assert diffs["scores"] == ([48, -24, -24], [48, -24, -23], 15)
    assert diffs["seat 2 outcome"][1]["score"] == -23
    assert rules(judged) == ["scores-sum-to-zero"]


def test_each_seats_position_counts_from_the_first_bidder() -> None:
    def ended(positions: list[int] | None) -> object:
        story = Story(*SPRING, first_bidder=1)  # seat 1 bids first
        story.bid(1, 3)  # seat 1: landlord at once
        story.landlord(1, 3)
        story.escape(1)  # the landlord leaves: it pays 3 × 3, the others take half each
        story.end(base=3, landlord=1, multiplier=1, scores=[4.5, -9, 4.5], winners=[0, 2],
                  side="escape", escape=1, positions=positions)
        return story.judged()

    # positions recorded right: seat 1 is 0, seat 2 is 1, seat 0 is 2
    assert ended([2, 0, 1]).agrees  # type: ignore[attr-defined]
    # a record from before positions were written still agrees on everything else
    assert ended(None).agrees  # type: ignore[attr-defined]
    # a wrong position is a difference of that seat's outcome
    wrong = ended([0, 1, 2])
    diffs = {c.figure: (c.expected, c.recorded) for c in wrong.differences()}  # type: ignore[attr-defined]
    assert diffs["seat 0 outcome"][0]["position"] == 2
    assert diffs["seat 0 outcome"][1]["position"] == 0


def test_a_finished_hand_records_its_score_then_its_end_once_each() -> None:
    story = spring_story()
    story.add("GameEnded", outcome={"winners": [0], "side": "landlord", "seats": []})
    judged = story.judged()
    assert rules(judged) == ["settled-once"]
    assert judged.differences()  # nothing recorded to agree with


def test_an_unreadable_or_unknown_event_is_named_not_a_crash() -> None:
    story = Story(*SPRING)
    story.add("BidDeclined", seat="x")
    story.add("Teleported", seat=1)
    judged = story.judged()
    assert rules(judged) == ["readable-event", "known-events"]
    assert [v.version for v in judged.violations] == [3, 4]
    assert referee([]).violations[0].rule == "hand-starts"


# --- a match -----------------------------------------------------------------------
def match_story(first_bidder: int = 0) -> tuple[list[Fact], dict[str, list[Fact]]]:
    """Hand 1: the spring (seat 0 bids first); hand 2: seat 1 bids first, seat 1 escapes."""
    one = spring_story()
    one.facts[0].data.update(match_id="m", number=1)
    one.end(base=3, landlord=0, multiplier=8, scores=[48, -24, -24], winners=[0],
            side="landlord", spring=True,
            bombs=[{"seat": 0, "ranks": "3333", "version": 8}],
            rockets=[{"seat": 0, "ranks": "BR", "version": 14}])
    two = Story(*ANTI, first_bidder=1, match_id="m", number=2)
    two.escape(1)
    two.end(base=1, landlord=None, multiplier=1, scores=[1.5, -3, 1.5], winners=[0, 2],
            side="escape", escape=1)
    match = [
        Fact(1, "MatchCreated", {"players": ["ann", "bob", "cat"],
                                 "first_bidder": first_bidder}),
        Fact(2, "HandStarted", {"hand_id": "h1", "number": 1, "first_bidder": 0}),
        Fact(3, "HandScored", {"hand_id": "h1", "scores": [48, -24, -24]}),
        Fact(4, "HandStarted", {"hand_id": "h2", "number": 2, "first_bidder": 1}),
        Fact(5, "HandScored", {"hand_id": "h2", "scores": [1.5, -3, 1.5]}),
    ]
    return match, {"h1": one.facts, "h2": two.facts}


def test_a_match_hand_after_hand_with_running_totals() -> None:
    match, hands = match_story()
    judged = referee_match(match, hands, match_id="m")
    assert judged.agrees, (texts(judged), judged.differences())
    rows = judged.details["hands"]
    assert [(h["number"], h["landlord"], h["base"], h["multiplier"], h["scores"])
            for h in rows] == [(1, 0, 3, 8, [48, -24, -24]), (2, None, 1, 1, [1.5, -3, 1.5])]
    assert rows[1]["totals"] == judged.details["totals"] == [49.5, -27, -22.5]


def test_the_first_bidder_moves_one_seat_each_hand() -> None:
    match, hands = match_story(first_bidder=2)  # hand 1 should then start with seat 2
    judged = referee_match(match, hands, match_id="m")
    assert rules(judged) == ["first-bidder-rotates", "first-bidder-rotates"]
    assert texts(judged)[0] == ("event 2: hand 1's first bidder is seat 0, but it is seat "
                                "2's turn to bid first [first-bidder-rotates]")


def test_a_match_names_a_hands_broken_rule_and_a_wrong_recorded_score() -> None:
    match, hands = match_story()
    hands["h1"][5] = Fact(6, "Passed", {"seat": 2})  # seat 1 was on turn
    match[4] = Fact(5, "HandScored", {"hand_id": "h2", "scores": [3, -3, 0]})
    judged = referee_match(match, hands, match_id="m")
    assert texts(judged)[0] == ("hand 1, event 6: seat 2 passed but it was seat 1's turn "
                                "[turn-order]")
    diffs = {c.figure: (c.expected, c.recorded) for c in judged.differences()}
    assert diffs["hand 2 scores"] == ([1.5, -3, 1.5], [3, -3, 0])
    assert diffs["running totals"] == ([49.5, -27, -22.5], [51, -27, -24])
    assert [h["agrees"] for h in judged.details["hands"]] == [False, False]


def test_a_match_plays_one_hand_at_a_time_and_every_hand_is_stored() -> None:
    match, hands = match_story()
    match = [match[0], match[1], Fact(3, "HandStarted", match[3].data)]  # h1 never scored
    del hands["h2"]
    judged = referee_match(match, hands, match_id="m")
    assert rules(judged) == ["one-hand-at-a-time", "hand-is-stored"]


# --- independence -------------------------------------------------------------------
def test_the_referee_imports_nothing_from_the_engine() -> None:
    root = Path(__file__).resolve().parents[2] / "domain" / "referee"
    for path in root.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.startswith("domain.doudizhu") for n in names), path
            if isinstance(node, ast.ImportFrom):
                assert node.level == 0, f"{path}: a relative import"


def test_an_unreadable_match_event_is_named_not_a_crash() -> None:
    match, hands = match_story()
    match[3] = Fact(4, "HandStarted", {"hand_id": "h2"})  # no number, no first bidder
    judged = referee_match(match, hands, match_id="m")
    assert ("readable-event", 4) in [(v.rule, v.version) for v in judged.violations]
