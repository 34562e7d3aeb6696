"""Each illegal action raises its named exception and records nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from domain.game import GameOver, InvalidSetup, MalformedAction
from domain.killer.errors import (
    AlreadyVoted,
    CannotKillKiller,
    DeadPlayerActing,
    NotAKiller,
    NotPolice,
    SelfVote,
    SpeakingOutOfTurn,
    TargetNotLiving,
    TextTooLong,
    WrongPhase,
)
from domain.killer.game import MAX_TEXT, KillerGame
from tests.killer.rig import act, refused, rig, speak_all

# Cards "KKPPCCCC": killers 0 1, police 2 3, civilians 4 5 6 7.


def at_night() -> KillerGame:
    return rig("KKPPCCCC")  # given: night 1, the killers are waiting


def at_investigation() -> KillerGame:
    game = at_night()
    act(game, 0, type="kill", target=4)  # given: civilian 4 killed
    return game


def at_last_words() -> KillerGame:
    game = at_investigation()
    act(game, 2, type="skip")  # given: dawn, 4's last words are awaited
    return game


def at_statements() -> KillerGame:
    game = at_last_words()
    act(game, 4, type="last_words", text="")  # given: seat 5 speaks first
    return game


def at_vote() -> KillerGame:
    game = at_statements()
    speak_all(game)  # given: the vote is open
    return game


def test_a_dead_player_cannot_vote() -> None:
    refused(at_vote(), 4, DeadPlayerActing, type="vote", target=0)


def test_a_dead_killer_cannot_kill() -> None:
    game = at_vote()
    for seat in game.to_act():  # given: killer 0 voted out and has spoken; night 2
        act(game, seat, type="vote", target=1 if seat == 0 else 0)
    act(game, 0, type="last_words", text="")
    assert game.to_act() == [1]
    refused(game, 0, DeadPlayerActing, type="kill", target=5)


def test_killing_a_killer() -> None:
    refused(at_night(), 0, CannotKillKiller, type="kill", target=1)


def test_killing_oneself_is_killing_a_killer() -> None:
    refused(at_night(), 0, CannotKillKiller, type="kill", target=0)


def test_killing_the_dead() -> None:
    game = at_vote()
    for seat in game.to_act():  # given: civilian 5 voted out; night 2
        act(game, seat, type="vote", target=0 if seat == 5 else 5)
    act(game, 5, type="last_words", text="")
    refused(game, 0, TargetNotLiving, type="kill", target=4)


def test_a_civilian_cannot_kill() -> None:
    refused(at_night(), 5, NotAKiller, type="kill", target=4)


def test_a_policeman_cannot_kill() -> None:
    refused(at_night(), 2, NotAKiller, type="kill", target=4)


def test_a_civilian_cannot_investigate() -> None:
    refused(at_investigation(), 5, NotPolice, type="investigate", target=0)


def test_a_killer_cannot_investigate_or_skip_for_the_police() -> None:
    game = at_investigation()
    refused(game, 0, NotPolice, type="investigate", target=5)
    refused(game, 1, NotPolice, type="skip")


def test_investigating_the_dead() -> None:
    game = at_vote()
    for seat in game.to_act():  # given: civilian 5 voted out on day 1; night 2
        act(game, seat, type="vote", target=0 if seat == 5 else 5)
    act(game, 5, type="last_words", text="")
    act(game, 0, type="kill", target=6)
    # 4 and 5 died before dusk; 6, tonight's victim, still counts as alive (see stories)
    refused(game, 2, TargetNotLiving, type="investigate", target=4)
    refused(game, 2, TargetNotLiving, type="investigate", target=5)


def test_a_seat_killed_tonight_is_refused_for_its_role_not_its_death() -> None:
    game = at_investigation()  # civilian 4 was killed tonight
    # the same refusal any civilian gets: nothing tells 4 it is dead before dawn
    error = refused(game, 4, NotPolice, type="investigate", target=0)
    assert "dead" not in error.message


def test_voting_for_oneself() -> None:
    refused(at_vote(), 5, SelfVote, type="vote", target=5)


def test_voting_for_the_dead() -> None:
    refused(at_vote(), 5, TargetNotLiving, type="vote", target=4)


def test_voting_twice() -> None:
    game = at_vote()
    act(game, 5, type="vote", target=0)
    refused(game, 5, AlreadyVoted, type="vote", target=1)
    refused(game, 5, AlreadyVoted, type="abstain")


def test_speaking_out_of_turn() -> None:
    game = at_statements()
    assert game.to_act() == [5]
    refused(game, 6, SpeakingOutOfTurn, type="speak", text="me first")


def test_last_words_of_someone_else() -> None:
    refused(at_last_words(), 5, SpeakingOutOfTurn, type="last_words", text="")


@pytest.mark.parametrize(
    ("given", "seat", "action"),
    [
        (at_night, 5, {"type": "vote", "target": 0}),
        (at_night, 5, {"type": "speak", "text": ""}),
        (at_night, 2, {"type": "investigate", "target": 0}),
        (at_investigation, 0, {"type": "kill", "target": 5}),
        (at_last_words, 5, {"type": "speak", "text": ""}),
        (at_statements, 5, {"type": "vote", "target": 0}),
        (at_statements, 5, {"type": "last_words", "text": ""}),
        (at_vote, 0, {"type": "kill", "target": 5}),
        (at_vote, 5, {"type": "speak", "text": ""}),
    ],
)
def test_acting_in_the_wrong_phase(
    given: Callable[[], KillerGame], seat: int, action: dict[str, Any]
) -> None:
    refused(given(), seat, WrongPhase, **action)


def test_a_statement_over_the_limit_is_refused_and_at_the_limit_kept() -> None:
    game = at_statements()
    error = refused(game, 5, TextTooLong, type="speak", text="x" * (MAX_TEXT + 1))
    assert str(MAX_TEXT) in error.message
    act(game, 5, type="speak", text="说" * MAX_TEXT)  # characters, not bytes
    assert game.statements[-1]["text"] == "说" * MAX_TEXT


def test_last_words_over_the_limit() -> None:
    refused(at_last_words(), 4, TextTooLong, type="last_words", text="x" * (MAX_TEXT + 1))


@pytest.mark.parametrize(
    "action",
    [
        {"type": "shoot", "target": 4},
        {"type": "kill"},
        {"type": "kill", "target": "4"},
        {"type": "kill", "target": 8},
        {"type": "kill", "target": -1},
        {"type": "kill", "target": True},
    ],
)
def test_malformed_night_actions(action: dict[str, object]) -> None:
    refused(at_night(), 0, MalformedAction, **action)


def test_malformed_text() -> None:
    refused(at_statements(), 5, MalformedAction, type="speak", text=["hi"])


def test_no_seat_beyond_the_table() -> None:
    refused(at_night(), 8, MalformedAction, type="kill", target=4)


def test_nothing_after_the_end() -> None:
    game = rig("KKPCCCCC")
    act(game, 0, type="kill", target=2)  # given: the only policeman killed; killers won
    refused(game, 1, GameOver, type="kill", target=3)


def test_night_refusals_do_not_name_the_killers() -> None:
    game = rig("CCPPCKKC")  # killers 5 and 6; the base NotYourTurn would list them
    for seat, action in [(0, {"type": "kill", "target": 1}), (0, {"type": "vote", "target": 1}),
                         (2, {"type": "investigate", "target": 5})]:
        error = refused(game, seat, NotAKiller if action["type"] == "kill" else WrongPhase,
                        **action)
        assert "5" not in error.message and "6" not in error.message, error.message


@pytest.mark.parametrize("count", [0, 1, 7, 17, 30])
def test_table_size_is_refused_outside_8_to_16(count: int) -> None:
    with pytest.raises(InvalidSetup, match="8 to 16"):
        KillerGame.new([f"p{i}" for i in range(count)])


def test_unknown_options_are_refused() -> None:
    with pytest.raises(InvalidSetup, match="no options"):
        KillerGame.new([f"p{i}" for i in range(8)], {"wolves": 3})


def test_agents_must_match_players() -> None:
    with pytest.raises(InvalidSetup):
        KillerGame.new([f"p{i}" for i in range(8)], agents=["informed"] * 7)
