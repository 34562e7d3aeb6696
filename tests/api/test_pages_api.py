"""What the pages read besides the games: the cards of each kind, the games list newest
first with each finished game's result, and the pages themselves (HTML, no game data)."""

from __future__ import annotations

import random

from flask.testing import FlaskClient

from service.api.games import hall


def test_the_cards_of_a_kind(client: FlaskClient) -> None:
    sgs = client.get("/cards/identity").json["cards"]
    assert len(sgs) == 108 and [c["id"] for c in sgs] == list(range(108))
    assert {"id", "name", "title", "suit", "number", "kind", "label"} <= set(sgs[0])
    assert client.get("/kinds/identity").json["cards"] is True
    ddz = client.get("/cards/doudizhu").json["cards"]
    assert len(ddz) == 54 and ddz[-1]["label"] == "Red Joker"
    # a kind without named cards, and an unknown kind, in the one error shape
    none = client.get("/cards/killer")
    assert none.status_code == 404 and none.json["error"] == "no_cards"
    assert client.get("/kinds/killer").json["cards"] is False
    assert client.get("/cards/chess").status_code == 422


def test_games_newest_first_with_their_results(client: FlaskClient) -> None:
    with client.application.app_context():
        ids = [str(hall().create_game("doudizhu", ["a", "b", "c"], agents=["random"] * 3,
                                      rng=random.Random(i)).id) for i in range(5)]
    live = client.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"]}).json
    page = client.get("/games?order=newest&limit=4").json
    assert [g["id"] for g in page["games"]] == [live["id"], *ids[::-1][:3]]
    assert page["games"][0]["result"] is None
    finished = page["games"][1]
    assert finished["result"]["side"] in ("landlord", "peasants")
    assert finished["result"]["winners"]
    rest = client.get(f"/games?order=newest&limit=4&cursor={page['next_cursor']}").json
    assert [g["id"] for g in rest["games"]] == ids[::-1][3:] and rest["next_cursor"] is None
    oldest = client.get("/games?status=finished").json["games"]
    assert [g["id"] for g in oldest] == ids


def test_the_pages_are_html_that_carries_no_game_data(client: FlaskClient) -> None:
    for path in ("/", "/play"):
        page = client.get(path)
        assert page.status_code == 200 and page.mimetype == "text/html"
    for asset in ("paiju.js", "tables.js", "viewer.js", "games.js", "play.js", "paiju.css"):
        assert client.get(f"/static/{asset}").status_code == 200
    # the pages are not operations of the API
    assert "/play" not in client.get("/docs/openapi.json").json["paths"]
