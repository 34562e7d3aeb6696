"""Hostile requests at the API edge: each gets a 4xx in the one error shape, records
nothing, and the store (and its PostgreSQL projection) keeps working."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from analytics.projection import catch_up
from service.app import create_app
from tests.api.conftest import bearer


@pytest.fixture
def client(store: str) -> Any:
    app = create_app({"PAIJU_STORE": store, "SECRET_KEY": "k" * 32, "PAIJU_MAX_BODY_BYTES":
                      65536})
    yield app.test_client()
    app.extensions["paiju.hall"].close()


def raw_post(client: FlaskClient, url: str, text: str, **kw: Any) -> Any:
    """A body as literal JSON text (escapes such as \\ud800 kept as the client wrote them)."""
    return client.post(url, data=text.encode(), content_type="application/json", **kw)


def refused(r: Any, status: int, code: str | None = None) -> None:
    assert r.status_code == status, (r.status_code, r.data[:300])
    assert r.is_json and set(r.json) == {"error", "message"}, r.data[:300]
    if code:
        assert r.json["error"] == code, r.json


def count_games(client: FlaskClient) -> int:
    return len(client.get("/games?limit=200").json["games"])


CREATE = '{"kind": "doudizhu", "players": [%s, "b", "c"]}'


@pytest.mark.parametrize("name", [
    r'"nul\u0000byte"', r'"\ud800"', r'"\udfff tail"', r'"bell\u0007"', r'"esc\u001b[31m"',
    r'"c1\u0085"'])
def test_unstorable_names_are_refused(client: FlaskClient, name: str) -> None:
    before = count_games(client)
    refused(raw_post(client, "/games", CREATE % name), 422, "unstorable_text")
    assert count_games(client) == before


def test_ordinary_unicode_is_welcome(client: FlaskClient) -> None:
    r = raw_post(client, "/games", CREATE % '"张三 😀 tab\\there"')
    assert r.status_code == 201, r.json
    assert client.get(f"/games/{r.json['id']}").json["players"][0] == "张三 😀 tab\there"


def test_lengths_are_limited_by_field(client: FlaskClient) -> None:
    refused(raw_post(client, "/games", CREATE % json.dumps("n" * 65)), 422, "too_long")
    assert raw_post(client, "/games", CREATE % json.dumps("n" * 64)).status_code == 201
    big_options = {"kind": "doudizhu", "players": ["a", "b", "c"],
                   "options": {f"o{i}": "x" * 100 for i in range(30)}}
    refused(client.post("/games", json=big_options), 422, "too_long")
    # a Killer statement: the action's text
    g = client.post("/games", json={"kind": "killer", "players": list("abcdefgh")}).json
    r = client.post(f"/games/{g['id']}/actions", json={"action": {"type": "speak",
                                                                  "text": "x" * 501}},
                    headers=bearer(g["tokens"]["seats"][0]))
    refused(r, 422, "too_long")


def test_the_body_size_is_limited(client: FlaskClient) -> None:
    before = count_games(client)
    big = CREATE % json.dumps("x" * 40) + " " * 70_000
    refused(raw_post(client, "/games", big), 413)
    assert count_games(client) == before


@pytest.mark.parametrize("depth", [17, 5_000, 100_000])
def test_deep_json_is_refused(client: FlaskClient, depth: int) -> None:
    nested = "[" * depth + "]" * depth
    body = '{"kind": "doudizhu", "players": ["a", "b", "c"], "options": {"x": ' + nested + "}}"
    r = raw_post(client, "/games", body)
    refused(r, 413 if len(body) > 65536 else 422)


@pytest.mark.parametrize("url", [
    "/games/{gid}/events?upto=9223372036854775808", "/games/{gid}/events?upto=9007199254740992",
    "/games?cursor=9223372036854775807", "/games?limit=-99999999999999999999",
    "/games/{gid}/state?at=18446744073709551616", "/stats/win-rates?players=9223372036854775807",
    "/games?kind=%00", "/games/{gid}/audit?receipt=%00",
])
def test_query_integers_and_text_are_bounded(client: FlaskClient, url: str) -> None:
    gid = client.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"]}).json["id"]
    refused(client.get(url.format(gid=gid)), 422)


def test_body_integers_are_bounded(client: FlaskClient) -> None:
    g = client.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"]}).json
    r = client.post(f"/games/{g['id']}/actions", headers=bearer(g["tokens"]["referee"]),
                    json={"action": {"type": "pass"}, "seat": 2**63, "expected_version": 1})
    refused(r, 422, "out_of_range")


def test_errors_werkzeug_answers_itself_are_in_the_one_shape(client: FlaskClient) -> None:
    refused(client.get("/nowhere"), 404)
    r = client.delete("/games")
    refused(r, 405)
    assert set(r.headers["Allow"].split(", ")) >= {"GET", "POST"}
    refused(client.post("/games", data=b"{not json", content_type="application/json"), 422,
            "bad_json")


@pytest.mark.postgres
def test_a_bad_name_cannot_break_the_postgres_projection(store: str) -> None:
    if not store.startswith("postgres"):
        pytest.skip("the NUL byte breaks PostgreSQL text only")
    app = create_app({"PAIJU_STORE": store, "SECRET_KEY": "k" * 32})
    client = app.test_client()
    refused(raw_post(client, "/games", CREATE % r'"a\u0000b"'), 422, "unstorable_text")
    client.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"],
                                "agents": ["greedy"] * 3})
    catch_up(app.extensions["paiju.hall"])  # what `paiju project` does (a GET only reads)
    r = client.get("/stats/win-rates")
    assert r.status_code == 200 and r.json["rows"], r.json
    app.extensions["paiju.hall"].close()
