"""Tokens: the referee reissues a seat's token and the old one stops working everywhere;
servers refuse to start without a real secret key."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from service.app import create_app
from service.cli import main
from service.tokens import MIN_KEY_LENGTH, key_problem
from tests.api.conftest import bearer

KEY = "k" * MIN_KEY_LENGTH


def test_a_reissued_token_replaces_the_old_one_on_every_server_of_the_store(store: str) -> None:
    # two app servers on one store, one key (as behind a load balancer)
    one = create_app({"PAIJU_STORE": store, "SECRET_KEY": KEY})
    two = create_app({"PAIJU_STORE": store, "SECRET_KEY": KEY})
    a, b = one.test_client(), two.test_client()
    g = a.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"]}).json
    gid, old, ref = g["id"], g["tokens"]["seats"][1], g["tokens"]["referee"]
    # both servers know seat 1 by its first token (and cache the game)
    assert a.get(f"/games/{gid}", headers=bearer(old)).json["viewer"] == 1
    assert b.get(f"/games/{gid}", headers=bearer(old)).json["viewer"] == 1
    # the seat's token leaked: the referee asks server one for a new one
    r = a.post(f"/games/{gid}/tokens", json={"seat": 1}, headers=bearer(ref))
    assert r.status_code == 201, r.json
    new = r.json["token"]
    assert r.json["generation"] == 1 and new != old
    # server two, which had the game cached, refuses the old token and takes the new one
    refused = b.get(f"/games/{gid}", headers=bearer(old))
    assert refused.status_code == 401 and refused.json["error"] == "revoked_token"
    assert b.get(f"/games/{gid}", headers=bearer(new)).json["viewer"] == 1
    # the other seats' tokens are untouched; the event is public in the move list
    assert b.get(f"/games/{gid}", headers=bearer(g["tokens"]["seats"][0])).status_code == 200
    events = b.get(f"/games/{gid}/events").json["events"]
    assert events[-1]["type"] == "SeatTokenReissued" and events[-1]["data"] == {
        "seat": 1, "generation": 1}
    # and a second reissue retires the first new one too
    newer = a.post(f"/games/{gid}/tokens", json={"seat": 1}, headers=bearer(ref)).json
    assert newer["generation"] == 2
    assert b.get(f"/games/{gid}", headers=bearer(new)).status_code == 401
    for app in (one, two):
        app.extensions["paiju.hall"].close()


def test_only_the_referee_reissues_and_only_real_seats(client: Any) -> None:
    g = client.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"]}).json
    gid, seats, ref = g["id"], g["tokens"]["seats"], g["tokens"]["referee"]
    as_seat = client.post(f"/games/{gid}/tokens", json={"seat": 0}, headers=bearer(seats[0]))
    assert as_seat.status_code == 403 and as_seat.json["error"] == "referee_only"
    anonymous = client.post(f"/games/{gid}/tokens", json={"seat": 0})
    assert anonymous.status_code == 403
    for bad in (3, -1, "north", True):
        r = client.post(f"/games/{gid}/tokens", json={"seat": bad}, headers=bearer(ref))
        assert r.status_code == 422 and set(r.json) == {"error", "message"}, (bad, r.json)
    version = client.get(f"/games/{gid}").json["version"]
    assert version == g["version"]  # nothing refused was recorded
    # the referee may replace its own token
    r = client.post(f"/games/{gid}/tokens", json={"seat": "referee"}, headers=bearer(ref))
    assert r.status_code == 201
    assert client.get(f"/games/{gid}", headers=bearer(ref)).status_code == 401
    assert client.get(f"/games/{gid}", headers=bearer(r.json["token"])).json["viewer"] == \
        "referee"


def test_a_finished_game_with_a_reissued_token_is_still_finished_and_audits_clean(
        client: Any) -> None:
    g = client.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"],
                                    "agents": ["greedy"] * 3}).json
    gid, ref = g["id"], g["tokens"]["referee"]
    assert client.get(f"/games/{gid}").json["status"] == "finished"
    client.post(f"/games/{gid}/tokens", json={"seat": 2}, headers=bearer(ref))
    listed = {r["id"]: r for r in client.get("/games?limit=200").json["games"]}
    assert listed[gid]["status"] == "finished"
    audit = client.get(f"/games/{gid}/audit").json
    assert audit["verdict"] == "agrees" and audit["chain"]["intact"], audit


@pytest.mark.parametrize("key", [None, "", "change-me", "x" * (MIN_KEY_LENGTH - 1)])
def test_weak_keys_are_named(key: str | None) -> None:
    assert key_problem(key)
    assert key_problem("x" * MIN_KEY_LENGTH) is None


def test_serve_refuses_to_start_without_a_key_and_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAIJU_SECRET_KEY", raising=False)
    out = CliRunner().invoke(main, ["serve", "--store", f"sqlite:///{tmp_path}/x.db"])
    assert out.exit_code == 2
    assert "PAIJU_SECRET_KEY is not set" in out.output and "--dev" in out.output
    assert "each worker rejects" in out.output
    assert not (tmp_path / "x.db").exists()  # refused before touching the store


def test_plain_gunicorn_without_a_key_does_not_boot(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PAIJU_SECRET_KEY"}
    env["PAIJU_STORE"] = f"sqlite:///{tmp_path}/x.db"
    run = subprocess.run([sys.executable, "-c", "import service.wsgi"], env=env,
                         capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert run.returncode != 0 and "PAIJU_SECRET_KEY is not set" in run.stderr
