"""Audit and disputes over HTTP: the report as JSON, disputes as events."""

from __future__ import annotations

import random

from flask.testing import FlaskClient

from tests.api.conftest import bearer


def finished_game(client: FlaskClient, seed: int = 1) -> dict:
    g = client.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"]}).json
    rng = random.Random(seed)
    ref = g["tokens"]["referee"]
    view = client.get(f"/games/{g['id']}", headers=bearer(ref)).json
    while view["status"] == "live":
        seat = view["to_act"][0]
        mine = client.get(f"/games/{g['id']}", headers=bearer(g["tokens"]["seats"][seat])).json
        action = rng.choice(mine["legal_actions"])
        client.post(f"/games/{g['id']}/actions", json={"action": action},
                    headers=bearer(g["tokens"]["seats"][seat]))
        view = client.get(f"/games/{g['id']}", headers=bearer(ref)).json
    return g | {"view": view}


def test_audit_report_and_receipts(client: FlaskClient) -> None:
    g = finished_game(client)
    receipt = g["view"]["receipt"]
    report = client.get(f"/games/{g['id']}/audit?receipt={receipt}").json
    assert report["verdict"] == "agrees" and report["chain"]["intact"]
    assert report["receipt"]["valid"] and report["recount"]["differences"] == []
    figures = {c["figure"] for c in report["recount"]["checks"]}
    assert {"base", "multiplier", "scores", "bombs", "rockets", "spring"} <= figures
    other = finished_game(client, seed=2)
    wrong = client.get(f"/games/{other['id']}/audit?receipt={receipt}").json
    assert wrong["verdict"] == "differs" and not wrong["receipt"]["valid"]
    assert client.get("/games/00000000-0000-0000-0000-000000000000/audit").status_code == 404


def test_disputes_are_events(client: FlaskClient) -> None:
    g = client.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"]}).json
    seat0 = bearer(g["tokens"]["seats"][0])
    live = client.post(f"/games/{g['id']}/disputes", json={"claim": "too early"}, headers=seat0)
    assert live.status_code == 422 and live.json["error"] == "illegal_action"
    g = finished_game(client, seed=3)
    seat0 = bearer(g["tokens"]["seats"][0])
    r = client.post(f"/games/{g['id']}/disputes", json={"claim": "the bomb was not counted"},
                    headers=seat0)
    assert r.status_code == 201 and r.json["disputes"][0]["claim"] == "the bomb was not counted"
    assert client.post(f"/games/{g['id']}/disputes", json={"claim": "x"}).status_code == 401
    r = client.post(f"/games/{g['id']}/disputes/1/resolve", json={"verdict": "rejected"},
                    headers=seat0)
    assert r.status_code == 403
    r = client.post(f"/games/{g['id']}/disputes/1/resolve",
                    json={"verdict": "rejected", "note": "the audit agrees"},
                    headers=bearer(g["tokens"]["referee"]))
    assert r.status_code == 200
    dispute = r.json["disputes"][0]
    assert dispute["verdict"] == "rejected" and len(dispute["audit_digest"]) == 64
    again = client.post(f"/games/{g['id']}/disputes/1/resolve", json={"verdict": "upheld"},
                        headers=bearer(g["tokens"]["referee"]))
    assert again.status_code == 422
    events = client.get(f"/games/{g['id']}/events").json["events"]
    assert [e["type"] for e in events[-2:]] == ["DisputeRaised", "DisputeResolved"]
    report = client.get(f"/games/{g['id']}/audit").json
    assert report["verdict"] == "agrees"  # disputes extend the chain after the end
    assert client.get(f"/games/{g['id']}").json["disputes"][0]["verdict"] == "rejected"
