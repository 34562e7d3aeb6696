"""Properties over many random bot games, 4-10 players.

Fast by default (a few hundred games); ``-m slow`` runs thousands.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from eventsourcing.application import Application
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.game import REFEREE, SPECTATOR
from domain.sanguosha.bots import IDENTITY_POLICIES
from domain.sanguosha.cards import DECK_SIZE
from domain.sanguosha.identity import LORD, IdentityGame
from domain.sanguosha.zones import locate

MAX_STEPS = 20_000


def play(seed: int, n: int, policy: str = "random", check_every: int = 1,
         options: dict[str, Any] | None = None) -> IdentityGame:
    """A whole game by bots, checking the 108 cards after every ``check_every`` steps."""
    rng = random.Random(seed)
    game = IdentityGame.new([f"p{i}" for i in range(n)], options, rng=rng)
    bot = IDENTITY_POLICIES[policy]
    steps = 0
    while game.outcome is None:
        (seat,) = game.to_act()
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} is waited on but has nothing to do ({game.ask})"
        game.act(seat, bot(game, seat, rng), rng)
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
        if steps % check_every == 0:
            assert len(locate(game)) == DECK_SIZE
    assert len(locate(game)) == DECK_SIZE
    return game


def assert_no_leak(game: IdentityGame, events: list[Any]) -> None:
    """While live, no seat or spectator sees another seat's hand, hidden identity or the
    pile order, in the view or in any redacted event."""
    n = game.n
    lord = game.roles.index(LORD)
    for viewer in [*range(n), SPECTATOR]:
        view = game.view(viewer)
        assert view["pile"] is None
        for row in view["seats"]:
            s = row["seat"]
            if s != viewer:
                assert row["hand"] is None
                if game.alive[s] and s != lord:
                    assert row["role"] is None
        for e in events:
            data = game.event_view(e, viewer)["data"]
            name = type(e).__name__
            assert "order" not in data
            if name == "IdentitiesDealt":
                assert all(r is None for s, r in enumerate(data["roles"])
                           if s not in (viewer, lord))
            elif name == "HandsDealt":
                assert all(h is None for s, h in enumerate(data["hands"]) if s != viewer)
            elif name in ("CardsDrawn", "RewardDrawn") and data["seat"] != viewer:
                assert data["cards"] is None
            elif (name == "CardTaken" and data["area"] == "hand"
                  and viewer not in (data["seat"], data["source"])):
                assert data["card"] is None


def live_snapshot(seed: int, n: int, steps: int) -> tuple[IdentityGame, list[Any]]:
    rng = random.Random(seed)
    game = IdentityGame.new([f"p{i}" for i in range(n)], rng=rng)
    for _ in range(steps):
        if game.outcome is not None:
            break
        (seat,) = game.to_act()
        game.act(seat, IDENTITY_POLICIES["random"](game, seat, rng), rng)
    return game, list(game.pending_events)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(4, 10))
def test_random_games_account_for_every_card_and_end(seed: int, n: int) -> None:
    game = play(seed, n, check_every=7)
    outcome = game.outcome
    assert outcome is not None and outcome["side"] in ("lord", "rebels", "renegade")
    assert {row["role"] for row in outcome["seats"]} <= {"lord", "loyalist", "rebel",
                                                         "renegade"}
    assert [row["won"] for row in outcome["seats"]] == [s in outcome["winners"]
                                                       for s in range(n)]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(4, 10))
def test_replay_equals_live(seed: int, n: int) -> None:
    game = play(seed, n, check_every=50)
    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.save(game)
    assert app.repository.get(game.id).view(REFEREE) == game.view(REFEREE)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(4, 10), steps=st.integers(0, 300))
def test_no_view_or_event_leaks_while_live(seed: int, n: int, steps: int) -> None:
    game, events = live_snapshot(seed, n, steps)
    if game.outcome is None:
        assert_no_leak(game, events)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(4, 10))
def test_identity_bots_finish(seed: int, n: int) -> None:
    game = play(seed, n, policy="identity", check_every=25)
    assert game.outcome is not None and game.outcome["reason"] != "turn_cap"


def test_events_are_plain_json() -> None:
    import json

    game = play(3, 8, check_every=100)
    for e in game.pending_events:
        data = {k: v for k, v in vars(e).items()
                if k not in ("originator_id", "timestamp", "originator_version")}
        assert json.loads(json.dumps(data)) == data, type(e).__name__


def test_the_ten_player_tables() -> None:
    two = IdentityGame.new([f"p{i}" for i in range(10)], rng=random.Random(1))
    one = IdentityGame.new([f"p{i}" for i in range(10)], {"ten_player_table": "one_renegade"},
                           rng=random.Random(1))
    assert sorted(two.roles).count("renegade") == 2 and sorted(two.roles).count("rebel") == 4
    assert sorted(one.roles).count("renegade") == 1 and sorted(one.roles).count("rebel") == 5
    assert two.max_hp[two.lord] == 5 and two.hp.count(4) == 9


@pytest.mark.slow
@pytest.mark.parametrize("n", range(4, 11))
def test_thousands_of_random_games(n: int) -> None:
    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    for seed in range(500):
        game = play(seed * 11 + n, n, check_every=13)
        if seed % 10 == 0:
            app.save(game)
            assert app.repository.get(game.id).view(REFEREE) == game.view(REFEREE)


@pytest.mark.slow
@pytest.mark.parametrize("n", range(4, 11))
def test_hundreds_of_identity_bot_games_never_hit_the_turn_cap(n: int) -> None:
    for seed in range(150):
        game = play(seed, n, policy="identity", check_every=50)
        assert game.outcome is not None and game.outcome["reason"] != "turn_cap"
