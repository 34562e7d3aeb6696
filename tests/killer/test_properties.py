"""Invariants over random games: the role table, deaths per round, the end, replay, leaks."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.application import Application
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.game import REFEREE, SPECTATOR
from domain.killer.bots import POLICIES
from domain.killer.game import KillerGame
from domain.killer.roles import CIVILIAN, KILLER, POLICE, role_counts, winning_side
from domain.simulate import play_out
from tests.killer.rig import recorded

seeds = st.integers(min_value=0, max_value=2**32 - 1)
sizes = st.integers(min_value=8, max_value=16)
mixes = st.lists(st.sampled_from(sorted(POLICIES)), min_size=16, max_size=16)


def new_game(n: int, rng: random.Random) -> KillerGame:
    return KillerGame.new([f"p{i}" for i in range(n)], rng=rng)


def step(game: KillerGame, agents: list[str], rng: random.Random) -> list[Any]:
    """The first waiting seat acts by its policy; returns the events recorded."""
    before = len(game.pending_events)
    seat = game.to_act()[0]
    game.act(seat, POLICIES[agents[seat]](game, seat, rng), rng)
    return recorded(game)[before:]


def test_the_table_for_every_size() -> None:
    expected = {8: 2, 9: 2, 10: 2, 11: 3, 12: 3, 13: 3, 14: 3, 15: 4, 16: 4}
    for n, bad in expected.items():
        assert role_counts(n) == {KILLER: bad, POLICE: bad, CIVILIAN: n - 2 * bad}


@settings(max_examples=60, deadline=None)
@given(n=sizes, seed=seeds)
def test_roles_dealt_match_the_table(n: int, seed: int) -> None:
    game = new_game(n, random.Random(seed))
    assert Counter(recorded(game)[1].roles) == Counter(role_counts(n))


@settings(max_examples=40, deadline=None)
@given(n=sizes, seed=seeds, mix=mixes)
def test_one_death_a_night_at_most_one_a_day_and_the_game_ends(
    n: int, seed: int, mix: list[str]
) -> None:
    rng = random.Random(seed)
    game = new_game(n, rng)
    per_round: Counter[tuple[int, str]] = Counter()
    steps = 0
    while game.outcome is None:
        night = game.night
        for e in step(game, mix, rng):
            per_round[night, type(e).__name__] += 1
        steps += 1
        # a round is at most: kill, investigation, n last words/statements, n votes, last words
        assert steps <= n * (2 * n + 4), "the game does not end"
    for night in range(1, game.night + 1):
        assert per_round[night, "NightKill"] == 1
        assert per_round[night, "VotedOut"] + per_round[night, "NobodyVotedOut"] <= 1
    deaths = sum(v for (_, name), v in per_round.items() if name in ("NightKill", "VotedOut"))
    assert game.alive.count(False) == deaths
    # the end is the win check of the living counts, and names the right winners
    living = Counter(r for r, a in zip(game.roles, game.alive, strict=True) if a)
    side = winning_side(living[KILLER], living[POLICE], living[CIVILIAN])
    assert game.outcome["side"] == side
    assert game.outcome["winners"] == [
        s for s, r in enumerate(game.roles)
        if (side == "killers" and r == KILLER) or (side == "police" and r != KILLER)
    ]


cuts = st.floats(min_value=0, max_value=1)


@settings(max_examples=10, deadline=None)
@given(n=sizes, seed=seeds, mix=mixes, cut=cuts)
def test_replay_gives_the_live_state(n: int, seed: int, mix: list[str], cut: float) -> None:
    replay_equals_live(n, seed, mix, cut)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(n=sizes, seed=seeds, mix=mixes, cut=cuts)
def test_replay_gives_the_live_state_many(n: int, seed: int, mix: list[str], cut: float) -> None:
    replay_equals_live(n, seed, mix, cut)


def replay_equals_live(n: int, seed: int, mix: list[str], cut: float) -> None:
    rng = random.Random(seed)
    game = new_game(n, rng)
    viewers: list[Any] = [REFEREE, SPECTATOR, *range(n)]
    seen: dict[int, dict[Any, Any]] = {}
    while game.outcome is None:
        step(game, mix, rng)
        seen[game.version] = {v: game.view(v) for v in viewers}
    app: Application[UUID] = Application(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.save(game)  # through the JSON transcoder: every event value must round-trip
    again: KillerGame = app.repository.get(game.id)
    assert again.head == game.head  # the same hash chain
    for v in viewers:
        assert again.view(v) == game.view(v)
    # replay at move N is the state the table saw at move N
    version = sorted(seen)[int(cut * (len(seen) - 1))]
    earlier: KillerGame = app.repository.get(game.id, version=version)
    for v in viewers:
        assert earlier.view(v) == seen[version][v]


def allowed(game: KillerGame, viewer: Any, seat: int) -> bool:
    """What the rules let a viewer know of a seat's card right now."""
    if viewer in (REFEREE, seat) or game.revealed[seat]:
        return True
    mine = game.roles[viewer] if isinstance(viewer, int) else None
    return mine in (KILLER, POLICE) and game.roles[seat] == mine


#: events whose data is hidden from viewers of other roles (None: spectator)
HIDDEN = {("NightKill", r) for r in (POLICE, CIVILIAN, None)} | {
    ("Investigated", r) for r in (KILLER, CIVILIAN, None)
}


def check_no_leak(game: KillerGame, viewer: Any, events: list[Any]) -> None:
    mine = game.roles[viewer] if isinstance(viewer, int) else None
    view = game.view(viewer)
    json.dumps(view)  # JSON-ready
    for seat, role in enumerate(view["roles"]):
        assert (role is not None) == allowed(game, viewer, seat)
        assert role is None or role == game.roles[seat]
    if mine != POLICE:
        assert view["investigations"] is None
    if game.phase in ("night_kill", "investigate"):
        team = KILLER if game.phase == "night_kill" else POLICE
        assert view["to_act"] == (game.to_act() if mine == team else [])
    if mine != KILLER:  # the town learns of a death only when it is announced
        assert view["alive"] == [not r for r in game.revealed]
    for e in events:
        data = game.event_view(e, viewer)["data"]
        name = type(e).__name__
        assert "salt" not in data  # a secret's salt is as secret as the secret, while live
        if name == "RolesDealt":
            for seat, role in enumerate(data["roles"]):
                known = viewer == seat or (mine in (KILLER, POLICE) and game.roles[seat] == mine)
                assert (role is not None) == known
        elif (name, mine) in HIDDEN:
            assert data == {}
        else:
            everything = game.event_view(e, REFEREE)["data"]
            everything.pop("salt", None)
            assert data == everything


@settings(max_examples=8, deadline=None)
@given(n=sizes, seed=seeds, mix=mixes)
def test_no_view_shows_a_hidden_card(n: int, seed: int, mix: list[str]) -> None:
    no_leak_through_a_game(n, seed, mix)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(n=sizes, seed=seeds, mix=mixes)
def test_no_view_shows_a_hidden_card_many(n: int, seed: int, mix: list[str]) -> None:
    no_leak_through_a_game(n, seed, mix)


def no_leak_through_a_game(n: int, seed: int, mix: list[str]) -> None:
    rng = random.Random(seed)
    game = new_game(n, rng)
    events = list(game.pending_events)
    viewers: list[Any] = [SPECTATOR, *range(n)]
    while game.outcome is None:
        # check every view at each step, and every event's redaction at a few of them
        full = rng.random() < 0.1 or game.phase == "investigate"
        for v in viewers:
            check_no_leak(game, v, events if full else [])
        events += step(game, mix, rng)


@settings(max_examples=30, deadline=None)
@given(n=sizes, seed=seeds, policy=st.sampled_from(sorted(POLICIES)))
def test_play_out_ends_every_game(n: int, seed: int, policy: str) -> None:
    rng = random.Random(seed)
    game = play_out(new_game(n, rng), [POLICIES[policy]] * n, rng)
    assert game.outcome is not None and game.to_act() == []
