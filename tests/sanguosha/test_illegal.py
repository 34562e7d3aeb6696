"""Every illegal action raises a named IllegalAction and records nothing."""

from __future__ import annotations

import pytest

from domain.game import GameOver, InvalidSetup, MalformedAction, NotYourTurn
from domain.sanguosha.actions import (
    CannotUseNow,
    InvalidTarget,
    KillLimitReached,
    NotAChoice,
    NotInHand,
    OutOfRange,
    WrongAction,
    WrongCount,
    WrongResponse,
)
from domain.sanguosha.identity import IdentityGame
from tests.sanguosha.rig import act, card, refuse, table


def test_acting_out_of_turn() -> None:
    refuse(table(), 1, NotYourTurn, type="end_play")


def test_unknown_or_misplaced_action_type() -> None:
    game = table()
    refuse(game, 0, WrongAction, type="respond", card=0)
    refuse(game, 0, WrongAction, type="fly")


def test_card_not_in_hand() -> None:
    game = table({1: ["kill"]})
    refuse(game, 0, NotInHand, type="use", card=card("kill"), targets=[1])


def test_malformed_ids() -> None:
    game = table()
    refuse(game, 0, MalformedAction, type="use", card="kill", targets=[1])
    refuse(game, 0, MalformedAction, type="use", card=999)
    refuse(game, 0, MalformedAction, type="use", card=game.hands[0][0], targets="1")


def test_a_dodge_cannot_be_used_in_play() -> None:
    game = table({0: ["dodge"]})
    refuse(game, 0, CannotUseNow, type="use", card=game.hands[0][0])


def test_kill_limit_range_and_targets() -> None:
    game = table({0: ["kill", "kill", "duel"]})
    kill = game.hands[0][0]
    refuse(game, 0, OutOfRange, type="use", card=kill, targets=[2])
    refuse(game, 0, InvalidTarget, type="use", card=kill, targets=[0])
    refuse(game, 0, InvalidTarget, type="use", card=kill, targets=[1, 3])
    refuse(game, 0, InvalidTarget, type="use", card=game.hands[0][2], targets=[0])
    act(game, 0, type="use", card=kill, targets=[1])
    act(game, 1, type="decline")
    refuse(game, 0, KillLimitReached, type="use", card=game.hands[0][0], targets=[1])


def test_wrong_response_card() -> None:
    game = table({0: ["kill"], 1: ["kill", "dodge"]})
    act(game, 0, type="use", card=game.hands[0][0], targets=[1])
    refuse(game, 1, WrongResponse, type="respond", card=game.hands[1][0])
    refuse(game, 1, NotInHand, type="respond", card=game.hands[0][0])


def test_wrong_discard_count() -> None:
    game = table()
    act(game, 0, type="end_play")
    refuse(game, 0, WrongCount, type="discard", cards=game.hands[0][:1])
    refuse(game, 0, WrongCount, type="discard", cards=[game.hands[0][0]] * 2)
    refuse(game, 0, NotInHand, type="discard", cards=game.hands[1][:2])


def test_choosing_what_is_not_offered() -> None:
    game = table({0: ["dismantlement"]})
    act(game, 0, type="use", card=game.hands[0][0], targets=[1])
    refuse(game, 0, NotAChoice, type="choose", card=game.hands[1][0])


def test_acting_after_the_end() -> None:
    game = table({1: ["duel", "duel", "duel", "barbarian_invasion"]})
    from tests.sanguosha.test_identity_stories import barbarians_all_declined, use

    act(game, 0, type="end_play")
    act(game, 0, type="discard", cards=game.hands[0][:2])
    barbarians_all_declined(game, 1)
    for _ in range(3):
        use(game, 1, "duel", [0])
        act(game, 0, type="decline")
    assert game.outcome is not None
    refuse(game, 1, GameOver, type="end_play")


@pytest.mark.parametrize(("players", "options", "message"), [
    (3, {}, "4 to 10"),
    (11, {}, "4 to 10"),
    (5, {"speed": 1}, "unknown option"),
    (9, {"ten_player_table": "one_renegade"}, "10 players"),
    (10, {"ten_player_table": "three"}, "ten_player_table"),
    (5, {"turn_cap": 0}, "turn_cap"),
])
def test_bad_setups(players: int, options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidSetup, match=message):
        IdentityGame.new([f"p{i}" for i in range(players)], options)
