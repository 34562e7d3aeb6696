"""Every game of every kind rebuilds at every event number, for every viewer.

Random games of each kind at every table size, bot-only or with a person seated (who
plays a bot's choice for some moves and may stop, so the game stays live). For each
prefix of the stored events, the game as it stood is rendered by ``view()`` for the
spectator, every seat and the referee; nothing may raise, each view is plain JSON,
names its version, and says "live" until the end. The prefix is rebuilt by folding the
stored events one by one (what the repository does for ``version=n``), and at a sample
of points also straight from the store (``hall.game(id, version=n)``) through the path
of ``paiju replay --at N --as V`` (``view_at``, ``events_view``, the text render): the
two must agree. Over HTTP, ``GET /games/{id}/state?at=N`` answers 200 for every N of a
sample of games, on SQLite and PostgreSQL (``tests/api/test_state_every_event.py``).

Killer's own every-prefix test (``tests/killer/test_every_prefix.py``) adds what each
viewer may know at night; this one asks the same of every kind, generically.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import registry
from domain.game import REFEREE, SPECTATOR, Viewer
from service.hall import GameHall
from service.render import render

KINDS = ("doudizhu", "killer", "identity", "hegemony")
#: a few turns end a Sanguosha game early (a draw): every table size stays cheap
SHORT = {"identity": {"turn_cap": 6}, "hegemony": {"turn_cap": 6}}


def sizes(kind: str) -> range:
    low, high = registry.spec(kind).seats
    return range(low, high + 1)


def play(hall: GameHall, kind: str, n: int, rng: random.Random, *, person: int | None,
         person_moves: int, options: dict[str, Any] | None = None) -> Any:
    """A game of bots (a policy per seat, at random), with a person at seat ``person``
    who makes at most ``person_moves`` moves (a bot's choice, sent as the person's)."""
    spec = registry.spec(kind)
    names = sorted(spec.policies)
    agents = [rng.choice(names) for _ in range(n)]
    if person is not None:
        agents[person] = "human"
    game = hall.create_game(kind, [f"p{i}" for i in range(n)], agents=agents,
                            options=dict(options or {}), rng=rng)
    mind = spec.policies[rng.choice(names)]
    moves = 0
    while (person is not None and game.outcome is None and moves < person_moves
           and person in game.to_act()):
        game = hall.act(game.id, person, mind(game, person, rng), rng=rng)
        moves += 1
    return game.id


def viewers(n: int) -> list[Viewer]:
    return [SPECTATOR, REFEREE, *range(n)]


def check_view(view: dict[str, Any], version: int, ended: bool, viewer: Viewer) -> None:
    json.dumps(view)  # plain JSON, as the API sends it
    assert view["version"] == version
    assert view["status"] == ("finished" if ended else "live"), (version, viewer)
    if not ended:
        assert "receipt" not in view  # no digest leaves a live game
        assert view["to_act"] == [] or all(isinstance(s, int) for s in view["to_act"])


def sample(last: int) -> list[int]:
    """The points also rebuilt from the store: the first few, the middle, the last few."""
    return sorted({v for v in (1, 2, 3, 4, last // 2, last - 1, last) if 1 <= v <= last})


def check_every_prefix(hall: GameHall, game_id: Any) -> int:
    """Fold the stored events one by one and view every prefix as every viewer; at the
    sample points, rebuild from the store the way ``paiju replay`` does and compare."""
    events = hall.history(game_id)
    latest = hall.game(game_id)
    spec = registry.spec_of(latest)
    n = len(latest.players)
    ended_at = next((v for v, e in enumerate(events, start=1)
                     if type(e).__name__ == "GameEnded"), None)
    stored_at = set(sample(len(events)))
    game: Any = None
    for version, event in enumerate(events, start=1):
        game = event.mutate(game)
        ended = ended_at is not None and version >= ended_at
        for viewer in viewers(n):
            check_view(game.view(viewer), version, ended, viewer)
        if version in stored_at:
            then = hall.game(game_id, version=version)
            assert then.view(REFEREE) == game.view(REFEREE), version
            for viewer in (SPECTATOR, REFEREE, version % n):  # paiju replay --at N --as V
                _, view = hall.view_at(game_id, viewer, version)
                _, shown = hall.events_view(game_id, viewer, upto=version)
                assert len(shown) == version
                assert render(spec, view, shown)
    for viewer in viewers(n):  # the path of GET /games/{id}/events
        for event in events:
            json.dumps(latest.event_view(event, viewer))
    return len(events)


def every_prefix_of(kind: str, n: int, seed: int, seated: bool, person_moves: int,
                    options: dict[str, Any] | None = None) -> int:
    rng = random.Random(seed)
    hall = GameHall.from_store("memory://")
    person = rng.randrange(n) if seated else None
    game_id = play(hall, kind, n, rng, person=person, person_moves=person_moves,
                   options=options)
    return check_every_prefix(hall, game_id)


@pytest.mark.parametrize("kind", KINDS)
def test_every_table_size_bot_only_and_seated(kind: str) -> None:
    """The floor: each kind at each table size, in turn bot-only to the end and with a
    person who stops after a few moves (live); Sanguosha games cut short by a turn cap.
    (The slow run below plays both at every size, and whole games.)"""
    for n in sizes(kind):
        seated = n % 2 == 1 or kind == "doudizhu"
        assert every_prefix_of(kind, n, n, seated, 4, SHORT.get(kind)) >= 2
    if kind == "doudizhu":
        assert every_prefix_of(kind, 3, 3, False, 0) >= 3


def test_identity_with_generals_every_table_size() -> None:
    """Identity with generals and skills (rules 3): the choosing of generals (several
    seats at once), the skills' frames and secrets, at every table size, cut short."""
    for n in sizes("identity"):
        options = {**SHORT["identity"], "generals": True}
        assert every_prefix_of("identity", n, 100 + n, n % 2 == 0, 6, options) >= 2


@pytest.mark.parametrize("kind", ["identity", "hegemony"])
def test_a_whole_sanguosha_game(kind: str) -> None:
    """One Sanguosha game to its natural end (hundreds of events, deaths, rewards)."""
    assert every_prefix_of(kind, registry.spec(kind).default_seats, 7, False, 0) > 100


@settings(max_examples=6, deadline=None)
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32 - 1), seated=st.booleans(),
       person_moves=st.sampled_from([1, 10, 10_000]), size=st.floats(0, 1))
def test_random_games_of_every_kind(kind: str, seed: int, seated: bool, person_moves: int,
                                   size: float) -> None:
    table = sizes(kind)
    n = table[min(int(size * len(table)), len(table) - 1)]
    every_prefix_of(kind, n, seed, seated, person_moves, SHORT.get(kind))


@pytest.mark.slow
def test_identity_with_generals_whole_games_both_ways() -> None:
    for n in sizes("identity"):
        for seated, moves in ((False, 0), (True, 4), (True, 10_000)):
            every_prefix_of("identity", n, 2000 + n, seated, moves, {"generals": True})


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_every_table_size_both_ways_whole_games(kind: str) -> None:
    for n in sizes(kind):
        for seated, moves in ((False, 0), (True, 4), (True, 10_000)):
            every_prefix_of(kind, n, 1000 + n, seated, moves)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32 - 1), seated=st.booleans(),
       person_moves=st.sampled_from([1, 10, 60, 10_000]), size=st.floats(0, 1))
def test_random_whole_games_of_every_kind_many(kind: str, seed: int, seated: bool,
                                               person_moves: int, size: float) -> None:
    table = sizes(kind)
    n = table[min(int(size * len(table)), len(table) - 1)]
    every_prefix_of(kind, n, seed, seated, person_moves)
