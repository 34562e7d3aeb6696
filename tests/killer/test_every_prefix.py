"""Every Killer game rebuilds at every event number, for every viewer, and tells no secret.

Random games at every table size, under both bot policies (or a mix), bot-only or with a
person seated (who picks among the legal actions at random and may stop mid-game, so
the game stays live). Each prefix is rebuilt from the store (``hall.game(id, version=n)``,
the path of ``GET /state?at=N`` and ``paiju replay --at N``) and viewed by the spectator,
every seat and the referee. What each viewer may know is worked out from the events
here, apart from the aggregate: own card, teammates' cards (killers, police), cards
revealed by an announced death; until dawn, nothing of tonight's death.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.game import REFEREE, SPECTATOR
from domain.killer.bots import POLICIES
from service.hall import GameHall

KILLER, POLICE = "killer", "police"
NIGHT = {"night_kill": KILLER, "investigate": POLICE}


def play(hall: GameHall, n: int, policy: str, person: int | None, human_moves: int,
         rng: random.Random) -> Any:
    """A game of bots (``policy``, or "mixed": one policy per seat at random), with a
    person at seat ``person`` who makes at most ``human_moves`` moves."""
    names = sorted(POLICIES)
    agents = [rng.choice(names) if policy == "mixed" else policy for _ in range(n)]
    if person is not None:
        agents[person] = "human"
    game = hall.create_game("killer", [f"p{i}" for i in range(n)], agents=agents, rng=rng)
    moves = 0
    while game.outcome is None and person is not None and moves < human_moves:
        action = dict(rng.choice(game.legal_actions(person)))
        if "text" in action:
            action["text"] = rng.choice(["", "not me", "seat 3 is lying"])
        game = hall.act(game.id, person, action, rng=rng)
        moves += 1
    return game.id


@dataclass
class Known:
    """The facts of a prefix, read from its events (not from the aggregate)."""

    roles: list[str] = field(default_factory=list)
    revealed: set[int] = field(default_factory=set)
    dead: set[int] = field(default_factory=set)
    dusk_dead: set[int] = field(default_factory=set)  # dead when tonight began
    live: bool = True

    def read(self, event: Any) -> None:
        name = type(event).__name__
        if name == "RolesDealt":
            self.roles = list(event.roles)
        elif name == "NightKill":
            self.dusk_dead = set(self.dead)
            self.dead.add(event.target)
        elif name == "VotedOut":
            self.dead.add(event.seat)
            self.revealed.add(event.seat)
        elif name == "VictimAnnounced":
            self.revealed.add(event.seat)
        elif name == "GameEnded":
            self.live = False

    def team(self, viewer: Any) -> str | None:
        if isinstance(viewer, int) and self.roles and self.roles[viewer] in (KILLER, POLICE):
            return self.roles[viewer]
        return None

    def may_know(self, viewer: Any, seat: int) -> bool:
        if not self.live or viewer in (REFEREE, seat) or seat in self.revealed:
            return True
        team = self.team(viewer)
        return team is not None and self.roles[seat] == team


def check_view(known: Known, viewer: Any, view: dict[str, Any]) -> None:
    json.dumps(view)  # JSON-ready
    n = len(view["players"])
    roles = known.roles or [None] * n
    for seat, shown in enumerate(view["roles"]):
        if known.may_know(viewer, seat) and known.roles:
            assert shown == roles[seat], (viewer, seat)
        else:
            assert shown is None, f"viewer {viewer} sees seat {seat}'s card"
    if not known.live:
        assert {d["seat"] for d in view["deaths"]} == known.dead  # every death, at the end
        assert view["to_act"] == []
        return
    secret_death = known.dead - known.revealed  # tonight's victim, before dawn
    if viewer != REFEREE and known.team(viewer) != KILLER:
        assert [not a for a in view["alive"]] == [s in known.revealed for s in range(n)]
        assert view["victim"] is None or view["victim"] in known.revealed
        assert {d["seat"] for d in view["deaths"]} == known.revealed
    night_team = NIGHT.get(view["phase"])
    if night_team and viewer != REFEREE and known.team(viewer) != night_team:
        assert view["to_act"] == [] and "legal_actions" not in view
    if view["phase"] == "investigate" and known.team(viewer) == POLICE:
        # the police as at dusk, choosing among everyone alive at dusk
        at_dusk = [s for s in range(n) if s not in known.dusk_dead]
        assert view["to_act"] == [s for s in at_dusk if known.roles[s] == POLICE]
        assert secret_death <= set(at_dusk)
        if "legal_actions" in view:
            targets = [a["target"] for a in view["legal_actions"] if "target" in a]
            assert targets == at_dusk


def check_every_prefix(hall: GameHall, game_id: Any) -> int:
    events = hall.history(game_id)
    known = Known()
    n = len(hall.game(game_id).players)
    viewers: list[Any] = [SPECTATOR, REFEREE, *range(n)]
    for version, event in enumerate(events, start=1):
        known.read(event)
        then = hall.game(game_id, version=version)
        assert then.version == version
        for viewer in viewers:
            check_view(known, viewer, then.view(viewer))
    return len(events)


policies = st.sampled_from([*sorted(POLICIES), "mixed"])


def every_prefix_of_random_games(n: int, seed: int, policy: str, seated: bool,
                                 human_moves: int) -> None:
    rng = random.Random(seed)
    hall = GameHall.from_store("memory://")
    person = rng.randrange(n) if seated else None
    game_id = play(hall, n, policy, person, human_moves, rng)
    assert check_every_prefix(hall, game_id) >= 2


@settings(max_examples=12, deadline=None)
@given(n=st.integers(8, 16), seed=st.integers(0, 2**32 - 1), policy=policies,
       seated=st.booleans(), human_moves=st.sampled_from([5, 40, 10_000]))
def test_every_prefix_renders_for_every_viewer(n: int, seed: int, policy: str, seated: bool,
                                               human_moves: int) -> None:
    every_prefix_of_random_games(n, seed, policy, seated, human_moves)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(n=st.integers(8, 16), seed=st.integers(0, 2**32 - 1), policy=policies,
       seated=st.booleans(), human_moves=st.sampled_from([5, 40, 10_000]))
def test_every_prefix_renders_for_every_viewer_many(n: int, seed: int, policy: str,
                                                    seated: bool, human_moves: int) -> None:
    every_prefix_of_random_games(n, seed, policy, seated, human_moves)


def test_every_table_size_and_policy_once() -> None:
    """The short run's floor: each size, each policy, bot-only and seated, all to the end."""
    for n in range(8, 17):
        every_prefix_of_random_games(n, n, sorted(POLICIES)[n % 2], n % 3 == 0, 10_000)


def test_state_at_every_event_over_the_api() -> None:
    """``GET /games/{id}/state?at=N`` answers for every N, for a seat and the spectator,
    of a game a person played to its end among bots (the last words before the end
    included, where a replay used to crash)."""
    from service.app import create_app

    app = create_app({"PAIJU_STORE": "memory://", "SECRET_KEY": "t", "TESTING": True})
    client = app.test_client()
    created = client.post("/games", json={
        "kind": "killer", "players": [f"p{i}" for i in range(9)],
        "agents": ["human"] + ["informed"] * 8}).json
    gid, token = created["id"], created["tokens"]["seats"][0]
    me = {"Authorization": f"Bearer {token}"}
    rng = random.Random(5)
    view = client.get(f"/games/{gid}", headers=me).json
    while view["status"] == "live" and view.get("legal_actions"):
        action = rng.choice(view["legal_actions"])
        view = client.post(f"/games/{gid}/actions", json={"action": action}, headers=me).json
    latest = client.get(f"/games/{gid}").json
    assert latest["status"] == "finished"
    for at in range(1, latest["version"] + 1):
        for headers in (me, {}):
            r = client.get(f"/games/{gid}/state?at={at}", headers=headers)
            assert r.status_code == 200, (at, r.json)
            assert r.json["version"] == at
    app.extensions["paiju.hall"].close()
