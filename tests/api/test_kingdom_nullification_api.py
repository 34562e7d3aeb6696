"""The Kingdom Nullification's "all" over HTTP: the waiting seat's legal actions offer it,
the action plays it, the events record it (docs/rules/kingdom-wars-deck.md)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from service.api import auth
from tests.api.conftest import bearer
from tests.sanguosha.test_kw_kingdom_nullification import held, table, use


def test_all_is_offered_played_and_recorded(app: Any, client: FlaskClient) -> None:
    # seat 0's Arrow Barrage waits on seat 1 (Wu, shown), which holds a Kingdom
    # Nullification; seats 3 and 5 are Wu too
    game = table({0: ["arrow_barrage"], 1: ["kingdom_nullification"]})
    use(game, "arrow_barrage")
    kn = held(game, 1, "kingdom_nullification")
    hall = app.extensions["paiju.hall"]
    hall.save(game)
    gid = str(game.id)
    with app.app_context():
        token = auth.issue(gid, 1)
    view = client.get(f"/games/{gid}", headers=bearer(token)).json
    assert {"type": "respond", "card": kn, "choice": "all"} in view["legal_actions"]
    r = client.post(f"/games/{gid}/actions", headers=bearer(token),
                    json={"action": {"type": "respond", "card": kn, "choice": "all"}})
    assert r.status_code == 200, r.json
    assert r.json["pending"]["spared"] == [3, 5]
    events = client.get(f"/games/{gid}/events").json["events"]
    widened = [e["data"] for e in events if e["type"] == "NullificationWidened"]
    assert widened == [{"seat": 1, "target": 1, "kingdom": "wu"}]
