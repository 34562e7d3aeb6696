"""``GET /games/{id}/state?at=N`` answers for every N of a sample of games of every kind,
bot-only and with a person seated, for the spectator, a seat and the referee, on SQLite
and PostgreSQL (the store-independent part, every prefix for every viewer, is in
``tests/reliability/test_every_prefix.py``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from domain import registry
from tests.api.conftest import bearer
from tests.reliability.test_every_prefix import KINDS, sizes

#: Sanguosha games cut short (a draw after three turns) keep the default run brief
BRIEF = {"identity": {"turn_cap": 3}, "hegemony": {"turn_cap": 3}}


def state_at_every_event(client: FlaskClient, kind: str, n: int, seated: bool,
                         options: dict[str, Any], rng: random.Random) -> int:
    """Create a game over the API (a person at seat 0, who makes a few moves, or bots
    only) and ask ``/state?at=N`` for every N, as the spectator, a seat and the referee."""
    spec = registry.spec(kind)
    bots = sorted(spec.policies)
    agents = [rng.choice(bots) for _ in range(n)]
    if seated:
        agents[0] = "human"
    made = client.post("/games", json={"kind": kind, "players": [f"p{i}" for i in range(n)],
                                       "agents": agents, "options": options}).get_json()
    gid, tokens = made["id"], made["tokens"]
    me = bearer(tokens["seats"][0])
    for _ in range(3 if seated else 0):
        view = client.get(f"/games/{gid}", headers=me).get_json()
        if view["status"] != "live" or not view.get("legal_actions"):
            break
        client.post(f"/games/{gid}/actions", headers=me,
                    json={"action": rng.choice(view["legal_actions"])})
    latest = client.get(f"/games/{gid}").get_json()
    # a finished game shows everyone everything: one viewer asks; a live one, three
    asking = [{}] if latest["status"] == "finished" else [{}, me, bearer(tokens["referee"])]
    for at in range(1, latest["version"] + 1):
        for headers in asking:
            r = client.get(f"/games/{gid}/state?at={at}", headers=headers)
            assert r.status_code == 200, (kind, at, r.get_json())
            assert r.get_json()["version"] == at
    past = client.get(f"/games/{gid}/state?at={latest['version'] + 1}")
    assert past.status_code == 422 and "at must be between" in past.get_data(as_text=True)
    return int(latest["version"])


@pytest.mark.parametrize("kind", KINDS)
def test_state_at_every_event_over_the_api(client: FlaskClient, kind: str) -> None:
    rng = random.Random(19)
    n = registry.spec(kind).seats[0]
    for seated in (True, False):
        assert state_at_every_event(client, kind, n, seated, BRIEF.get(kind, {}), rng) >= 2


def test_state_at_every_event_of_identity_with_generals(client: FlaskClient) -> None:
    """Generals games too: ``at=1`` is a table with no roles yet (it answered 500 once)."""
    rng = random.Random(23)
    for seated in (True, False):
        options = {**BRIEF["identity"], "generals": True}
        assert state_at_every_event(client, "identity", 5, seated, options, rng) >= 2


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_state_at_every_event_over_the_api_every_size(client: FlaskClient, kind: str) -> None:
    rng = random.Random(91)
    for n in sizes(kind):
        for seated in (True, False):
            state_at_every_event(client, kind, n, seated, {}, rng)


def test_one_viewer_rule_over_the_api(client: FlaskClient) -> None:
    """A finished game is open to all at every point of its past (the spectator's replay
    is the referee's); a token the game did not issue is a clear error, never a
    spectator; a live game's past stays redacted for the spectator."""
    made = client.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"],
                                       "agents": ["greedy"] * 3}).get_json()
    gid, ref = made["id"], bearer(made["tokens"]["referee"])
    last = client.get(f"/games/{gid}").get_json()["version"]
    for at in (1, 2, last // 2, last):
        open_view = client.get(f"/games/{gid}/state?at={at}").get_json()
        referee = client.get(f"/games/{gid}/state?at={at}", headers=ref).get_json()
        assert {**open_view, "viewer": None} == {**referee, "viewer": None}, at
    other = client.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"]}
                        ).get_json()
    foreign = client.get(f"/games/{gid}/state?at=2",
                         headers=bearer(other["tokens"]["seats"][0]))
    assert foreign.status_code == 403 and foreign.get_json()["error"] == "foreign_token"
    forged = client.get(f"/games/{gid}/state?at=2", headers=bearer("seat-7"))
    assert forged.status_code == 401 and forged.get_json()["error"] == "bad_token"
    live = other["id"]
    spectator = client.get(f"/games/{live}/state?at=2").get_json()
    referee = client.get(f"/games/{live}/state?at=2",
                         headers=bearer(other["tokens"]["referee"])).get_json()
    assert spectator != {**referee, "viewer": spectator["viewer"]}
