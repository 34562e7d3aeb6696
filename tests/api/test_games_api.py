"""Every endpoint and every error shape, on SQLite and PostgreSQL."""

from __future__ import annotations

import random
from typing import Any

from flask.testing import FlaskClient

from tests.api.conftest import bearer


def new_game(client: FlaskClient) -> dict[str, Any]:
    r = client.post("/games", json={"kind": "doudizhu", "players": ["ann", "bob", "cat"]})
    assert r.status_code == 201, r.json
    return r.json


def assert_error(r: Any, status: int, code: str | None = None) -> None:
    assert r.status_code == status, r.json
    assert set(r.json) == {"error", "message"} and r.json["message"]
    if code:
        assert r.json["error"] == code


def test_create_view_and_act(client: FlaskClient) -> None:
    g = new_game(client)
    gid, seats = g["id"], g["tokens"]["seats"]
    assert len(seats) == 3 and g["tokens"]["referee"]
    spectator = client.get(f"/games/{gid}").json
    assert spectator["hands"] == {} and spectator["kitty"] is None
    assert "legal_actions" not in spectator
    turn = spectator["to_act"][0]
    mine = client.get(f"/games/{gid}", headers=bearer(seats[turn])).json
    assert list(mine["hands"]) == [str(turn)] and len(mine["hands"][str(turn)]) == 17
    assert {"type": "bid", "value": 3} in mine["legal_actions"]
    r = client.post(f"/games/{gid}/actions", json={"action": {"type": "bid", "value": 3}},
                    headers=bearer(seats[turn]))
    assert r.status_code == 200 and r.json["landlord"] == turn and r.json["version"] == 4
    assert len(r.json["hands"][str(turn)]) == 20
    referee = client.get(f"/games/{gid}", headers=bearer(g["tokens"]["referee"])).json
    assert len(referee["hands"]) == 3


def test_errors_have_one_shape_and_record_nothing(client: FlaskClient) -> None:
    g = new_game(client)
    gid, seats = g["id"], g["tokens"]["seats"]
    turn = client.get(f"/games/{gid}").json["to_act"][0]
    other = (turn + 1) % 3
    act = {"action": {"type": "bid", "value": 1}}
    assert_error(client.post(f"/games/{gid}/actions", json=act), 401, "token_required")
    assert_error(client.post(f"/games/{gid}/actions", json=act, headers=bearer("junk")), 401,
                 "bad_token")
    assert_error(client.post(f"/games/{gid}/actions", json=act,
                             headers={"Authorization": "Basic abc"}), 401)
    assert_error(client.post(f"/games/{gid}/actions", json=act, headers=bearer(seats[other])),
                 422, "not_your_turn")
    assert_error(client.post(f"/games/{gid}/actions", json=act | {"seat": turn},
                             headers=bearer(seats[other])), 403, "foreign_seat")
    other_game = new_game(client)
    assert_error(client.post(f"/games/{gid}/actions", json=act,
                             headers=bearer(other_game["tokens"]["seats"][turn])),
                 403, "foreign_token")
    assert_error(client.get(f"/games/{gid}", headers=bearer(other_game["tokens"]["referee"])),
                 403, "foreign_token")
    assert_error(client.post(f"/games/{gid}/actions", json={"action": {"type": "bid",
                                                                       "value": 9}},
                             headers=bearer(seats[turn])), 422, "malformed_action")
    assert_error(client.post(f"/games/{gid}/actions", json={"nonsense": 1},
                             headers=bearer(seats[turn])), 422, "validation_error")
    assert_error(client.post(f"/games/{gid}/actions", data="{not json",
                             content_type="application/json", headers=bearer(seats[turn])),
                 422)
    assert_error(client.post(f"/games/{gid}/actions", json=act | {"expected_version": 1},
                             headers=bearer(seats[turn])), 409, "conflict")
    assert_error(client.get("/games/00000000-0000-0000-0000-000000000000"), 404, "not_found")
    assert_error(client.get("/games/xyz"), 404, "not_found")
    assert_error(client.get("/nowhere"), 404)
    assert_error(client.delete(f"/games/{gid}"), 405)
    assert client.get(f"/games/{gid}/events").json["version"] == 2  # nothing was recorded
    # the right seat with the right version succeeds
    r = client.post(f"/games/{gid}/actions", json=act | {"expected_version": 2},
                    headers=bearer(seats[turn]))
    assert r.status_code == 200


def test_bad_creations(client: FlaskClient) -> None:
    assert_error(client.post("/games", json={"kind": "chess", "players": ["a", "b"]}), 422,
                 "unknown_kind")
    assert_error(client.post("/games", json={"kind": "doudizhu", "players": ["a", "b"]}), 422,
                 "invalid_setup")
    assert_error(client.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"],
                                             "options": {"jokers": 3}}), 422, "invalid_setup")
    assert_error(client.post("/games", json={"players": ["a", "b", "c"]}), 422,
                 "validation_error")
    assert_error(client.post("/games", json=[1, 2]), 422)
    assert client.get("/games").json["games"] == []


def test_referee_acts_for_a_named_seat(client: FlaskClient) -> None:
    g = new_game(client)
    gid, ref = g["id"], g["tokens"]["referee"]
    turn = client.get(f"/games/{gid}").json["to_act"][0]
    assert_error(client.post(f"/games/{gid}/actions", json={"action": {"type": "pass"}},
                             headers=bearer(ref)), 422, "seat_required")
    r = client.post(f"/games/{gid}/actions", json={"action": {"type": "pass"}, "seat": turn},
                    headers=bearer(ref))
    assert r.status_code == 200 and r.json["bids"] == [{"seat": turn, "bid": 0}]


def test_events_and_state_at_n(client: FlaskClient) -> None:
    g = new_game(client)
    gid, seats = g["id"], g["tokens"]["seats"]
    turn = client.get(f"/games/{gid}").json["to_act"][0]
    client.post(f"/games/{gid}/actions", json={"action": {"type": "bid", "value": 2}},
                headers=bearer(seats[turn]))
    events = client.get(f"/games/{gid}/events").json["events"]
    assert [e["type"] for e in events] == ["Started", "Dealt", "BidPlaced"]
    assert "deck" not in events[1]["data"] and "hand" not in events[1]["data"]
    mine = client.get(f"/games/{gid}/events", headers=bearer(seats[turn])).json["events"]
    assert len(mine[1]["data"]["hand"]) == 17
    assert [e["prev"] for e in events[1:]] != ["", ""]  # a hash chain links them
    first = client.get(f"/games/{gid}/events?upto=1").json["events"]
    assert len(first) == 1
    at2 = client.get(f"/games/{gid}/state?at=2").json
    assert at2["version"] == 2 and at2["bids"] == [] and at2["at"] == 2
    assert at2["latest_version"] == 3 and at2["hands"] == {}
    for bad in ("0", "-1", "abc", "4", "99999"):
        assert_error(client.get(f"/games/{gid}/state?at={bad}"), 422)
    assert_error(client.get(f"/games/{gid}/state"), 422)


def test_list_games_pages_and_filters(client: FlaskClient) -> None:
    ids = [new_game(client)["id"] for _ in range(5)]
    page = client.get("/games?limit=2").json
    assert [g["id"] for g in page["games"]] == ids[:2]
    page2 = client.get(f"/games?limit=2&cursor={page['next_cursor']}").json
    assert [g["id"] for g in page2["games"]] == ids[2:4]
    assert client.get("/games?kind=doudizhu&status=live&limit=50").json["games"][4]["id"] \
        == ids[4]
    assert client.get("/games?status=finished").json["games"] == []
    assert_error(client.get("/games?status=paused"), 422)
    assert_error(client.get("/games?limit=0"), 422)
    assert_error(client.get("/games?kind=chess"), 422)


def test_match_through_the_api(client: FlaskClient) -> None:
    r = client.post("/matches", json={"players": ["ann", "bob", "cat"]})
    assert r.status_code == 201
    mid, seats = r.json["id"], r.json["tokens"]["seats"]
    assert_error(client.post(f"/matches/{mid}/hands"), 401)
    rng = random.Random(3)
    for number in (1, 2):
        dealt = client.post(f"/matches/{mid}/hands", headers=bearer(seats[0]))
        assert dealt.status_code == 201 and dealt.json["number"] == number
        hid = dealt.json["id"]
        assert_error(client.post(f"/matches/{mid}/hands", headers=bearer(seats[0])), 422,
                     "hand_still_live")
        view = client.get(f"/games/{hid}").json
        while view["status"] == "live":
            seat = view["to_act"][0]
            mine = client.get(f"/games/{hid}", headers=bearer(seats[seat])).json
            action = rng.choice(mine["legal_actions"])
            view = client.post(f"/games/{hid}/actions", json={"action": action},
                               headers=bearer(seats[seat])).json
    match = client.get(f"/matches/{mid}").json
    assert len(match["hands"]) == 2 and sum(match["totals"]) == 0
    assert match["hands"][1]["totals"] == match["totals"]


def test_whole_hand_over_http_then_replay_equals_live_at_every_n(client: FlaskClient) -> None:
    g = new_game(client)
    gid, seats, ref = g["id"], g["tokens"]["seats"], g["tokens"]["referee"]
    rng = random.Random(7)
    live = {2: client.get(f"/games/{gid}", headers=bearer(ref)).json}
    while live[max(live)]["status"] == "live":
        seat = live[max(live)]["to_act"][0]
        mine = client.get(f"/games/{gid}", headers=bearer(seats[seat])).json
        action = rng.choice(mine["legal_actions"])
        r = client.post(f"/games/{gid}/actions", json={"action": action,
                                                      "expected_version": mine["version"]},
                        headers=bearer(seats[seat]))
        assert r.status_code == 200, r.json
        now = client.get(f"/games/{gid}", headers=bearer(ref)).json
        live[now["version"]] = now
    for n, view in live.items():
        at = client.get(f"/games/{gid}/state?at={n}", headers=bearer(ref)).json
        assert {k: v for k, v in at.items() if k not in ("at", "latest_version")} == view
    events = client.get(f"/games/{gid}/events").json["events"]
    assert any("deck" in e["data"] for e in events)  # complete once the game is over


def test_openapi_lists_every_endpoint(client: FlaskClient) -> None:
    doc = client.get("/docs/openapi.json").json
    for path in ("/games", "/games/{game_id}", "/games/{game_id}/actions",
                 "/games/{game_id}/events", "/games/{game_id}/state", "/matches",
                 "/matches/{match_id}", "/matches/{match_id}/hands"):
        assert path in doc["paths"], path
    assert client.get("/docs/swagger").status_code == 200


def test_replay_viewer_page(client: FlaskClient) -> None:
    g = new_game(client)
    page = client.get(f"/games/{g['id']}/viewer")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert g["id"].encode() in page.data and b"viewer.js" in page.data
    assert client.get("/games/00000000-0000-0000-0000-000000000000/viewer").status_code == 404
