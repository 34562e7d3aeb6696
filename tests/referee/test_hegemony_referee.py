"""The Kingdom Wars referee's stories: hand-made facts, one rule each.

Given the facts a stored game would hold, when the referee judges them, then a lawful
record raises no violation and a record that breaks the rule is named by its event
number and the rule.
"""

from __future__ import annotations

from tests.referee.hegemony_story import Story

# four seats, no perfect pair and no half fish among them: three of Wei, one of Shu
WEI_A, WEI_B, WEI_C = ("zhangliao", "xuhuang"), ("zhanghe", "caoren"), ("simayi", "guojia")
SHU = ("machao", "zhaoyun")
TABLE = [WEI_A, WEI_B, WEI_C, SHU]


def test_a_lawful_opening_raises_nothing() -> None:
    story = Story(TABLE)
    for seat in range(4):
        story.quiet_turn(seat, show="both" if seat < 2 else None)
    assert story.violations() == []


def test_the_hp_limit_is_the_whole_fish_rounded_down() -> None:
    # Sima Yi (3 half fish) and Cao Cao (4): 3 HP, a half fish left over
    story = Story([("simayi", "caocao"), WEI_B, ("xunyu", "guojia"), SHU])
    assert story.facts[story.chosen[0] - 1].data["max_hp"] == 3
    assert story.violations() == []
    story.change(story.chosen[0], max_hp=4)
    assert story.broken() == {(story.chosen[0], "hp-limit")}


def test_the_third_of_a_kingdom_at_four_seats_is_a_careerist() -> None:
    story = Story(TABLE)
    story.quiet_turn(0, show="both")
    story.quiet_turn(1, show="both")  # the second Wei: half the table, not more
    story.turn_starts(2)
    show = story.show(2)
    assert story.facts[show].data["side"] == "careerist:2"
    assert story.violations() == []

    forged = Story(TABLE)
    forged.quiet_turn(0, show="both")
    forged.quiet_turn(1, show="both")
    forged.turn_starts(2)
    show = forged.show(2, side="wei")
    assert forged.broken() == {(show + 1, "careerist")}
    message = forged.violations()[0].message
    assert "more than half" in message and "careerist:2" in message


def test_a_side_at_half_the_table_is_no_careerist() -> None:
    story = Story(TABLE)
    story.quiet_turn(0, show="both")
    story.turn_starts(1)
    show = story.show(1, side="careerist:1")  # the second of four: not more than half
    assert story.broken() == {(show + 1, "careerist")}


def test_a_general_is_shown_only_at_the_start_of_its_owners_turn() -> None:
    story = Story(TABLE)
    story.turn_starts(0)
    story.decline(0)
    story.draw(0)
    out_of_turn = story.show(1)
    assert (out_of_turn, "show-step") in story.broken()


def test_a_half_fish_left_over_draws_one_when_both_are_first_shown() -> None:
    table = [("simayi", "caocao"), WEI_B, ("xunyu", "guojia"), SHU]
    story = Story(table)
    story.turn_starts(0)
    story.show(0)
    story.draw(0, 1, "half_fish")
    story.draw(0)
    assert story.violations() == []

    missing = Story(table)
    missing.turn_starts(0)
    missing.show(0)
    phase = missing.draw(0)
    assert missing.broken() == {(phase, "half-fish")}


def test_a_perfect_pair_at_full_hp_draws_two() -> None:
    table = [("caocao", "xuchu"), WEI_B, WEI_C, SHU]
    story = Story(table)
    story.turn_starts(0)
    story.show(0)
    story.draw(0, 2, "perfect_pair")
    story.draw(0)
    assert story.violations() == []

    missing = Story(table)
    missing.turn_starts(0)
    missing.show(0)
    phase = missing.draw(0)
    assert missing.broken() == {(phase, "perfect-pair")}

    unowed = Story(TABLE)  # Zhang Liao and Xu Huang are no pair
    unowed.turn_starts(0)
    unowed.show(0)
    bonus = unowed.draw(0, 2, "perfect_pair")
    assert (bonus, "perfect-pair") in unowed.broken()


def test_no_bonus_for_a_show_one_general_at_a_time_until_the_second() -> None:
    table = [("caocao", "xuchu"), WEI_B, WEI_C, SHU]
    story = Story(table)
    story.quiet_turn(0, show="head")  # one general: no bonus yet
    for seat in (1, 2, 3):
        story.quiet_turn(seat)
    story.turn_starts(0)
    story.show(0, "deputy")
    story.draw(0, 2, "perfect_pair")
    story.draw(0)
    assert story.violations() == []


def test_turns_go_round_the_table() -> None:
    story = Story(TABLE, first=1)
    story.quiet_turn(1)
    skipped = story.turn_starts(3)
    assert (skipped, "turn-order") in story.broken()


def test_a_used_card_is_in_the_users_hand() -> None:
    story = Story(TABLE)  # the deck in id order: seat 0 holds cards 0-3, seat 1 cards 4-7
    story.turn_starts(0)
    story.decline(0)
    story.draw(0)
    theft = story.use(0, "kill", [5], [1])
    assert (theft, "card-owner") in story.broken()


def test_one_kill_a_play_phase_without_a_crossbow() -> None:
    story = Story(TABLE)
    story.turn_starts(0)
    story.decline(0)
    story.draw(0)
    story.hit(0, 1, 0)
    second = story.use(0, "kill", [1], [1])
    assert story.broken() == {(second, "one-kill")}


def test_only_a_kills_target_answers_it() -> None:
    story = Story(TABLE)
    story.turn_starts(0)
    story.decline(0)
    story.draw(0)
    story.use(0, "kill", [0], [1])
    stranger = story.add("Declined", seat=2, ask="dodge")
    assert (stranger, "asked-seat") in story.broken()


def test_only_a_holder_declines_a_nullification_window_unless_everyone_is_asked() -> None:
    story = Story(TABLE)
    story.turn_starts(0)
    story.decline(0)
    story.draw(0)
    story.use(0, "duel", [], [1])  # (the card does not matter to this rule)
    nobody = story.add("Declined", seat=2, ask="nullify")
    assert (nobody, "asked-seat") in story.broken()

    everyone = Story(TABLE, ask_everyone=True)
    everyone.turn_starts(0)
    everyone.decline(0)
    everyone.draw(0)
    asked = everyone.add("Declined", seat=2, ask="nullify")
    assert (asked, "asked-seat") not in everyone.broken()


def test_damage_comes_from_a_card_in_play() -> None:
    story = Story(TABLE)
    story.turn_starts(0)
    story.decline(0)
    story.draw(0)
    blow = story.add("Damaged", seat=1, source=0, amount=1, cards=[0], reason="kill")
    assert (blow, "damage") in story.broken()


def shu_seat_killed_by_seat_0() -> Story:
    """Given: seat 0 shows its general and kills seat 3 (Shu, 3 HP) over three turns."""
    story = Story([WEI_A, WEI_B, SHU, ("zhugeliang", "pangtong")])
    for kill in (0, 1, 2):
        story.turn_starts(0)
        if kill == 0:
            story.show(0)
        story.draw(0)
        story.hit(0, 3, kill)
        if kill == 2:
            break
        story.end_play(0)
        story.discard_down(0)
        story.end_turn(0)
        for seat in (1, 2, 3):
            story.quiet_turn(seat)
    story.dies(3, 0)
    return story


def test_a_death_shows_the_victim_and_rewards_the_killer() -> None:
    story = shu_seat_killed_by_seat_0()
    # seat 3 (Shu) dies: seat 0 draws 1, plus the living shown Shu seats (none)
    reward = story.add("RewardDrawn", seat=0, cards=story.pile[:1], victim=3)
    story.pile = story.pile[1:]
    assert story.violations() == []
    story.change(reward, cards=[*story.facts[reward - 1].data["cards"], story.pile[0]])
    assert (reward, "draw-count") in story.broken()


def test_a_death_with_no_reward_recorded() -> None:
    story = shu_seat_killed_by_seat_0()
    story.end_play(0)  # the game goes on, the reward forgotten
    assert any(rule == "reward" for _, rule in story.broken())


def test_the_turn_cap_ends_the_game_in_a_draw() -> None:
    story = Story(TABLE, turn_cap=2)
    story.quiet_turn(0, show="both")
    story.quiet_turn(1)
    story.end_shows()
    story.end("draw", [], "turn_cap")
    judged = story.judged()
    assert judged.violations == [] and judged.agrees

    on = Story(TABLE, turn_cap=2)
    on.quiet_turn(0)
    on.quiet_turn(1)
    third = on.turn_starts(2)
    assert (third, "game-end") in on.broken()


def test_a_game_that_ends_with_nobody_won() -> None:
    story = Story(TABLE)
    story.quiet_turn(0)
    story.end_shows()
    ended = story.end("wei", [0, 1], "one_kingdom_left")
    assert {(ended, "game-end"), (ended, "winner")} <= story.broken()


def test_a_rules_version_field_is_read() -> None:
    story = Story(TABLE)
    story.change(1, rules=2)
    story.quiet_turn(0)
    judged = story.judged()
    assert judged.violations == [] and judged.details["rules"] == 2


def test_a_kill_hits_only_a_target_that_did_not_dodge() -> None:
    story = Story(TABLE)
    story.turn_starts(0)
    story.decline(0)
    story.draw(0)
    story.use(0, "kill", [0], [1])
    story.add("Responded", seat=1, name="dodge", cards=[30], ask="dodge")  # not its card
    blow = story.add("Damaged", seat=1, source=0, amount=1, cards=[0], reason="kill")
    assert (blow, "damage") in story.broken()


def test_a_dying_seat_dies_only_when_every_peach_holder_was_asked() -> None:
    holder = [45]  # a Peach in seat 2's hand
    story = Story([WEI_A, WEI_B, SHU, ("zhugeliang", "pangtong")], hands={2: holder})
    for kill in (0, 1, 2):
        story.turn_starts(0)
        if kill == 0:
            story.show(0)
        story.draw(0)
        story.hit(0, 3, kill)
        if kill == 2:
            break
        story.end_play(0)
        story.discard_down(0)
        story.end_turn(0)
        for seat in (1, 2, 3):
            story.quiet_turn(seat)
    assert 45 in story.hands[2]
    death = story.dies(3, 0)
    assert (death, "dying") in story.broken()


def test_an_exhausted_pile_ends_a_game_only_when_it_is_exhausted() -> None:
    story = Story(TABLE)
    story.change(1, rules=2)  # rules 2: a draw both piles cannot supply ends the game
    story.quiet_turn(0)
    story.turn_starts(1)
    story.decline(1)
    story.end_shows()
    story.end("draw", [], "pile_exhausted")
    shown = next(f.version for f in story.facts if f.data.get("reason") == "game_end")
    assert (shown, "pile-exhausted") in story.broken()

    old = Story(TABLE)  # rules 1 has no such end
    old.quiet_turn(0)
    old.end_shows()
    ended = old.end("draw", [], "pile_exhausted")
    assert (ended, "game-end") in old.broken()


def test_a_nullified_trick_has_no_effect() -> None:
    def dismantled(counter: bool) -> Story:
        story = Story(TABLE, hands={0: [53], 1: [73], 2: [74]})
        story.turn_starts(0)
        story.decline(0)
        story.draw(0)
        story.use(0, "dismantlement", [53], [1])
        story.add("Responded", seat=1, name="nullification", cards=[73], ask="nullify")
        if counter:  # a Nullification of the Nullification: the trick goes ahead
            story.add("Responded", seat=2, name="nullification", cards=[74], ask="nullify")
        story.add("CardsDiscarded", seat=1, cards=[story.hands[1][1]],  # not the 73
                  reason="dismantlement", by=0)
        return story

    assert dismantled(counter=True).violations() == []
    nullified = dismantled(counter=False)
    assert nullified.broken() == {(len(nullified.facts), "nullification")}
