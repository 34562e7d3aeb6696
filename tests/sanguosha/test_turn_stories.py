"""Stories of the turn: six phases, draw 2, one Kill, hand limit, reshuffle."""

from __future__ import annotations

import random

from eventsourcing.application import Application

from domain.sanguosha.bots import random_policy
from domain.sanguosha.identity import IdentityGame
from tests.sanguosha.rig import act, kinds, table


def test_the_lord_starts_and_draws_two() -> None:
    # given: a 4-seat table dealt (identities, shuffled deck, hands)
    game = table(pile=["dodge", "peach"])
    first = [type(e).__name__ for e in game.pending_events]
    # then: the lord's turn began, nothing to judge, it drew 2 and now plays
    assert first == ["Started", "IdentitiesDealt", "DeckShuffled", "HandsDealt",
                     "TurnStarted", "CardsDrawn"]
    assert (game.current, game.phase, game.to_act(), game.ask) == (0, "play", [0], "play")
    assert len(game.hands[0]) == 6
    assert game.hp == [4, 4, 4, 4]  # 4 players: the lord has no extra HP


def test_ending_play_discards_down_to_hp_and_passes_the_turn() -> None:
    # given: the lord holds 6 cards and has 4 HP
    game = table()
    # when: it ends its play phase
    events = act(game, 0, type="end_play")
    # then: the discard phase asks for exactly 2 cards
    assert kinds(events) == ["PhaseChanged"]
    assert game.legal_actions(0) == [{"type": "discard", "count": 2, "from": game.hands[0]}]
    # when: it discards two
    events = act(game, 0, type="discard", cards=game.hands[0][:2])
    # then: the turn ends and seat 1's begins with its draw
    assert kinds(events) == ["CardsDiscarded", "TurnEnded", "TurnStarted", "CardsDrawn"]
    assert (game.current, game.phase) == (1, "play")


def test_no_discard_when_the_hand_fits() -> None:
    # given: the lord used two cards (equipment), holding 4 with 4 HP
    game = table({0: ["plus_horse", "minus_horse"]})
    act(game, 0, type="use", card=game.hands[0][0])
    act(game, 0, type="use", card=game.hands[0][0])
    # when: it ends play
    events = act(game, 0, type="end_play")
    # then: no discard is asked; the next turn starts
    assert kinds(events) == ["PhaseChanged", "TurnEnded", "TurnStarted", "CardsDrawn"]


def test_the_pile_is_reshuffled_from_the_discard_pile_when_it_runs_out() -> None:
    # given: a random game played until its draw pile first runs short
    rng = random.Random(7)
    game = IdentityGame.new([f"p{i}" for i in range(5)], {"generals": False}, rng=rng)
    while not any(type(e).__name__ == "PileReshuffled" for e in game.pending_events):
        seat = game.to_act()[0]
        game.act(seat, random_policy(game, seat, rng), rng)
    shuffle = next(e for e in game.pending_events if type(e).__name__ == "PileReshuffled")
    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.save(game)
    # when: we look at the table just before the reshuffle
    before = app.repository.get(game.id, version=shuffle.originator_version - 1)
    # then: the new pile is exactly the old discard pile, in a recorded order
    assert sorted(shuffle.order) == sorted(before.discard)
    assert len(before.pile) < 3
