"""Writes are rate limited per address and per token (429, Retry-After, nothing recorded);
a seat raises a bounded number of disputes."""

from __future__ import annotations

from typing import Any

import pytest

from service.app import create_app
from tests.api.conftest import bearer


def limited_app(**limits: str) -> Any:
    return create_app({"PAIJU_STORE": "memory://", "SECRET_KEY": "k" * 32,
                       "RATELIMIT_ENABLED": True, **limits})


def test_one_address_gets_429_with_retry_after_and_nothing_is_recorded() -> None:
    app = limited_app(PAIJU_RATE_WRITES_PER_ADDRESS="5/minute")
    client = app.test_client()
    body = {"kind": "doudizhu", "players": ["a", "b", "c"]}
    codes = [client.post("/games", json=body).status_code for _ in range(8)]
    assert codes == [201] * 5 + [429] * 3
    r = client.post("/games", json=body)
    assert r.status_code == 429 and set(r.json) == {"error", "message"}
    assert r.json["error"] == "rate_limited" and int(r.headers["Retry-After"]) > 0
    assert len(client.get("/games?limit=50").json["games"]) == 5  # reads are not limited
    # another address has its own budget
    other = client.post("/games", json=body, environ_base={"REMOTE_ADDR": "127.0.0.2"})
    assert other.status_code == 201


def test_one_token_has_its_own_budget_across_addresses() -> None:
    app = limited_app(PAIJU_RATE_WRITES_PER_TOKEN="3/minute",
                      PAIJU_RATE_WRITES_PER_ADDRESS="100/minute")
    client = app.test_client()
    g = client.post("/games", json={"kind": "killer", "players": list("abcdefgh")}).json
    seat = g["tokens"]["seats"][0]
    codes = []
    for i in range(5):  # the same token from five addresses
        r = client.post(f"/games/{g['id']}/actions", json={"action": {"type": "x"}},
                        headers=bearer(seat), environ_base={"REMOTE_ADDR": f"10.0.0.{i}"})
        codes.append(r.status_code)
    assert codes[:3] == [422] * 3 and codes[3:] == [429, 429]
    # another seat's token is not held back
    r = client.post(f"/games/{g['id']}/actions", json={"action": {"type": "x"}},
                    headers=bearer(g["tokens"]["seats"][1]))
    assert r.status_code == 422


@pytest.mark.parametrize("by", ["seat", "referee"])
def test_disputes_per_seat_are_bounded(by: str) -> None:
    app = create_app({"PAIJU_STORE": "memory://", "SECRET_KEY": "k" * 32,
                      "PAIJU_MAX_DISPUTES_PER_SEAT": 2})
    client = app.test_client()
    g = client.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"],
                                    "agents": ["greedy"] * 3}).json
    token = g["tokens"]["seats"][0] if by == "seat" else g["tokens"]["referee"]
    url = f"/games/{g['id']}/disputes"
    codes = [client.post(url, json={"claim": f"claim {i}"}, headers=bearer(token)).status_code
             for i in range(4)]
    assert codes == [201, 201, 422, 422]
    r = client.post(url, json={"claim": "again"}, headers=bearer(token))
    assert r.json["error"] == "too_many_disputes"
    # the other seats keep theirs
    other = client.post(url, json={"claim": "mine"}, headers=bearer(g["tokens"]["seats"][1]))
    assert other.status_code == 201
    assert len(client.get(f"/games/{g['id']}").json["disputes"]) == 3
