"""Hidden information stays hidden: scan every response a seat or spectator gets."""

from __future__ import annotations

import json
import random

from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.doudizhu.cards import DECK
from service.app import create_app
from tests.api.conftest import bearer


def cards_in(payload: object) -> set[str]:
    """Every card code anywhere in a JSON document."""
    text = json.dumps(payload)
    return {c for c in DECK if f'"{c}"' in text}


def looks(client: FlaskClient, gid: str, token: str | None, deep: bool) -> list[object]:
    """What a viewer can read now: the view, and on deep steps the move list and replays."""
    headers = bearer(token) if token else {}
    view = client.get(f"/games/{gid}", headers=headers).json
    if not deep:
        return [view]
    version = view["version"]
    return [
        view,
        client.get(f"/games/{gid}/events", headers=headers).json,
        client.get(f"/games/{gid}/state?at={version}", headers=headers).json,
        client.get(f"/games/{gid}/state?at={max(1, version - 1)}", headers=headers).json,
    ]


def own_deals(client: FlaskClient, gid: str, ref: str, seat: int) -> set[str]:
    """Cards a seat was dealt in any deal of this hand (a redeal does not unsee them)."""
    events = client.get(f"/games/{gid}/events", headers=bearer(ref)).json["events"]
    return {c for e in events if e["type"] == "Dealt"
            for c in e["data"]["deck"][seat * 17:(seat + 1) * 17]}


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_no_seat_or_spectator_sees_other_hands_or_the_kitty(seed: int) -> None:
    app = create_app({"PAIJU_STORE": "memory://", "SECRET_KEY": "k"})
    client = app.test_client()
    rng = random.Random(seed)
    g = client.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"]}).json
    gid, seats, ref = g["id"], g["tokens"]["seats"], g["tokens"]["referee"]
    step = 0
    while True:
        step += 1
        deep = step % 7 == 1
        full = client.get(f"/games/{gid}", headers=bearer(ref)).json
        if full["status"] != "live":
            break
        held = {c for cards in full["hands"].values() for c in cards}
        kitty = set(full["kitty"])
        if full["landlord"] is None:
            public = set(DECK) - held - kitty  # the cards played so far (none yet)
        else:
            public = (set(DECK) - held) | kitty  # the played cards and the shown kitty
        for viewer in (None, 0, 1, 2):
            allowed = set(public)
            if viewer is not None:
                allowed |= set(full["hands"][str(viewer)]) | own_deals(client, gid, ref, viewer)
            for doc in looks(client, gid, None if viewer is None else seats[viewer], deep):
                leaked = cards_in(doc) - allowed
                assert not leaked, f"viewer {viewer} saw {sorted(leaked)}"
        seat = full["to_act"][0]
        mine = client.get(f"/games/{gid}", headers=bearer(seats[seat])).json
        action = rng.choice(mine["legal_actions"])
        client.post(f"/games/{gid}/actions", json={"action": action},
                    headers=bearer(seats[seat]))
    app.extensions["paiju.hall"].close()
