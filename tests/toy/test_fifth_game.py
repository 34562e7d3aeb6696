"""The game contract, proven: a fifth game registered with one line is simulated, played
over the API, replayed, audited, projected and counted like the four built-in ones —
with no change to any file outside its own module."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from domain import registry
from service.app import create_app
from service.cli import main
from tests.api.conftest import bearer
from tests.toy.highcard import SPEC


@pytest.fixture(autouse=True)
def highcard() -> Iterator[None]:
    registry.register(SPEC)  # the one line that offers the game
    yield
    registry.unregister(SPEC.kind)


def paiju(*args: str) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_simulate_replay_audit_project_and_win_rates(store: str) -> None:
    out = paiju("simulate", "highcard", "--games", "40", "--policy", "random,cautious",
                "--seed", "3", "--store", store)
    assert out.startswith("40 highcard games in") and "swaps/game" in out
    games = paiju("games", "--kind", "highcard", "--limit", "50", "--store", store)
    ids = [line.split()[0] for line in games.splitlines() if "highcard" in line]
    assert len(ids) == 40
    text = paiju("replay", ids[0], "--at", "2", "--as", "spectator", "--store", store)
    assert "One card each" in text and "after event 2 of" in text
    audit = paiju("audit", ids[0], "--store", store)
    assert "AGREES" in audit and "hash chain: intact" in audit
    paiju("project", "--store", store)
    rows = json.loads(paiju("stats", "win-rates", "--kind", "highcard", "--json",
                            "--store", store))
    assert {r["role"] for r in rows} == {"opener", "follower"}
    assert sum(r["games"] for r in rows if r["role"] == "opener") == 40


def test_played_over_the_api_at_every_point(store: str) -> None:
    app = create_app({"PAIJU_STORE": store, "SECRET_KEY": "k", "TESTING": True})
    client = app.test_client()
    try:
        kinds = client.get("/kinds").get_json()["kinds"]
        described = next(k for k in kinds if k["kind"] == "highcard")
        assert described["options"]["properties"]["deck_size"]["maximum"] == 52
        bad = client.post("/games", json={"kind": "highcard", "players": ["a", "b"],
                                          "options": {"deck_size": 3}})
        assert bad.status_code == 422 and "at least 5" in bad.get_json()["message"]
        made = client.post("/games", json={"kind": "highcard", "players": ["ann", "bob"],
                                           "options": {"deck_size": 10}}).get_json()
        gid, seats = made["id"], made["tokens"]["seats"]
        spectator = client.get(f"/games/{gid}").get_json()
        assert spectator["cards"] == [None, None]
        mine = client.get(f"/games/{gid}", headers=bearer(seats[0])).get_json()
        assert mine["cards"][0] is not None and mine["cards"][1] is None
        assert mine["legal_actions"] == [{"type": "keep"}, {"type": "swap"}]
        out_of_turn = client.post(f"/games/{gid}/actions", headers=bearer(seats[1]),
                                  json={"action": {"type": "keep"}})
        assert out_of_turn.status_code == 422
        for seat, move in ((0, "swap"), (1, "keep")):
            r = client.post(f"/games/{gid}/actions", headers=bearer(seats[seat]),
                            json={"action": {"type": move}})
            assert r.status_code == 200, r.get_json()
        final = r.get_json()
        assert final["status"] == "finished" and None not in final["cards"]
        events = client.get(f"/games/{gid}/events").get_json()
        assert [m["text"].split()[3] for m in events["moves"][1:3]] == ["swaps", "keeps"]
        for n in range(1, final["version"] + 1):
            state = client.get(f"/games/{gid}/state?at={n}").get_json()
            assert state["at"] == n and state["kind"] == "highcard"
        report = client.get(f"/games/{gid}/audit").get_json()
        assert report["verdict"] == "agrees" and report["violations"] == []
    finally:
        app.extensions["paiju.hall"].close()


def test_its_referee_catches_a_broken_rule() -> None:
    from domain.audit import Fact

    facts: list[Any] = [
        Fact(1, "Started", {"players": ["a", "b"], "options": {}, "agents": []}),
        Fact(2, "Dealt", {"deck": [3, 9, 5, 1]}),
        Fact(3, "Kept", {"seat": 1}),  # seat 0 was to decide first
        Fact(4, "Kept", {"seat": 0}),
        Fact(5, "GameEnded", {"outcome": {"winners": [0]}}),  # 9 beats 3: seat 1 won
    ]
    r = SPEC.referee(facts)  # type: ignore[misc]
    assert [(v.version, v.rule) for v in r.violations] == [(3, "turn-order"),
                                                           (4, "turn-order")]
    assert [c.figure for c in r.differences()] == ["winners"]
