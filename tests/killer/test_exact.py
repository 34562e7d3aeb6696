"""The exact uniform-random chain: hand computations and the symmetry of the vote."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from domain.killer.exact import day, night, outcome_probabilities, vote_out_distribution


def test_one_of_each_at_night_by_hand() -> None:
    # (1 killer, 1 policeman, 1 civilian) at night: the kill takes the policeman (1/2,
    # killers win) or the civilian (1/2, tie)
    assert night(1, 1, 1) == {"police": 0, "killers": F(1, 2), "tie": F(1, 2)}


def test_one_of_each_at_the_vote_by_hand() -> None:
    # three voters: whoever is voted out (1/3 each) decides the game
    assert day(1, 1, 1) == {"police": F(1, 3), "killers": F(1, 3), "tie": F(1, 3)}


def test_two_civilians_by_hand() -> None:
    # night (1, 1, 2): the policeman dies (1/3) → killers; a civilian dies (2/3) → day
    # (1, 1, 1), a third each. killers 1/3 + 2/9, police 2/9, tie 2/9
    assert night(1, 1, 2) == {"police": F(2, 9), "killers": F(5, 9), "tie": F(2, 9)}


def test_two_police_by_hand() -> None:
    # night (1, 2, 1): a policeman dies (2/3) → day (1, 1, 1); the civilian (1/3) → tie
    assert night(1, 2, 1) == {"police": F(2, 9), "killers": F(2, 9), "tie": F(5, 9)}


def test_eight_players() -> None:
    assert outcome_probabilities(8) == {
        "police": F(76, 525), "killers": F(44, 75), "tie": F(47, 175),
    }


@pytest.mark.parametrize("players", range(8, 17))
def test_a_law_for_every_size(players: int) -> None:
    law = outcome_probabilities(players)
    assert sum(law.values()) == 1
    assert all(0 < p < 1 for p in law.values())


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_the_voted_out_player_is_uniform(n: int) -> None:
    # every profile of "vote for a random other", plurality, random tie-break
    assert vote_out_distribution(n) == [F(1, n)] * n
