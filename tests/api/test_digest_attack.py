"""The attack the hash chain used to allow, played for real: guess a secret, encode the
event it sits in, hash it, and check the guess against the next event's ``prev``.

A spectator of a live game reads every event's ``prev`` (the SHA-256 of the event before
it as stored). Without salts, a secret with few possible values (a Killer deal: 420 ways
at eight players) is recovered by trying them all. With a 128-bit salt in every
secret-bearing event, hidden from everyone but the referee while the game is live, no
guess matches — even for an attacker who also knew the exact time of the event, which a
spectator does not (views show it to the second). The same attack with the salt known
recovers the secret at once, so the test would fail if the salts went away.
"""

from __future__ import annotations

import hashlib
import json
import random
from itertools import permutations
from typing import Any

from flask.testing import FlaskClient

from domain.adapter import reference_encode
from tests.api.conftest import bearer


def deals(roles: list[str]) -> set[tuple[str, ...]]:
    """Every distinct way to deal these role cards to the seats."""
    return set(permutations(roles))


def stored_bytes(event: dict[str, Any], game_id: str, data: dict[str, Any],
                 at: str) -> bytes:
    """The canonical bytes of an event as the store keeps them, from an event view with
    its data replaced by a guess (what the chain's digest is over)."""
    body = {**data, "type": event["qualname"], "originator_id": game_id,
            "originator_version": event["version"], "timestamp": at, "prev": event["prev"]}
    return reference_encode(body).encode()


def guess_roles(event: dict[str, Any], next_prev: str, game_id: str,
                candidates: set[tuple[str, ...]], salt: str | None, at: str
                ) -> tuple[str, ...] | None:
    """The deal whose bytes hash to ``next_prev``, or None."""
    for roles in candidates:
        data = {"roles": list(roles)}
        if salt is not None:
            data["salt"] = salt
        if hashlib.sha256(stored_bytes(event, game_id, data, at)).hexdigest() == next_prev:
            return roles
    return None


def live_killer_game(client: FlaskClient) -> tuple[str, dict[str, Any]]:
    """A live Killer game whose deal is followed by one more event (the night's kill)."""
    made = client.post("/games", json={"kind": "killer",
                                       "players": [f"p{i}" for i in range(8)]}).get_json()
    ref = bearer(made["tokens"]["referee"])
    view = client.get(f"/games/{made['id']}", headers=ref).get_json()
    killer = view["to_act"][0]
    seat_view = client.get(f"/games/{made['id']}",
                           headers=bearer(made["tokens"]["seats"][killer])).get_json()
    move = client.post(f"/games/{made['id']}/actions", headers=ref,
                       json={"action": seat_view["legal_actions"][0], "seat": killer})
    assert move.status_code == 200, move.get_json()
    return made["id"], made["tokens"]


def test_killer_roles_cannot_be_guessed_from_the_chain(client: FlaskClient) -> None:
    gid, tokens = live_killer_game(client)
    spectator = client.get(f"/games/{gid}/events").get_json()["events"]
    referee = client.get(f"/games/{gid}/events",
                         headers=bearer(tokens["referee"])).get_json()["events"]
    dealt_at = next(i for i, e in enumerate(referee) if e["type"] == "RolesDealt")
    truth = referee[dealt_at]["data"]
    table = sorted(truth["roles"])
    candidates = deals(table)
    assert len(candidates) == 420  # 2 killers, 2 police, 4 civilians among 8 seats
    # what a spectator sees: no roles, no salt, the time to the second; the next prev
    seen = spectator[dealt_at]
    assert "salt" not in seen["data"] and set(seen["data"]["roles"]) == {None}
    assert seen["at"].count(".") == 0  # no fractions of a second while live
    next_prev = spectator[dealt_at + 1]["prev"]
    event = {**referee[dealt_at], "qualname": "KillerGame.RolesDealt"}
    exact_time = referee[dealt_at]["at"]  # more than a spectator knows
    # without the salt: nothing matches, even with the exact time
    assert guess_roles(event, next_prev, gid, candidates, None, exact_time) is None
    wrong_salts = [f"{random.Random(i).getrandbits(128):032x}" for i in range(3)]
    for salt in wrong_salts:
        assert guess_roles(event, next_prev, gid, candidates, salt, exact_time) is None
    # with the salt (the referee's view) the same attack finds the deal among 420
    found = guess_roles(event, next_prev, gid, candidates, truth["salt"], exact_time)
    assert found == tuple(truth["roles"])


def test_a_seat_does_not_get_the_salt_either(client: FlaskClient) -> None:
    gid, tokens = live_killer_game(client)
    for seat_token in tokens["seats"]:
        events = client.get(f"/games/{gid}/events",
                            headers=bearer(seat_token)).get_json()["events"]
        for e in events:
            assert "salt" not in e["data"], e
            assert e["at"].count(".") == 0


def test_once_over_every_salt_and_time_is_open_and_the_chain_checks(client: FlaskClient,
                                                                    ) -> None:
    made = client.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"],
                                       "agents": ["greedy"] * 3}).get_json()
    gid = made["id"]
    events = client.get(f"/games/{gid}/events").get_json()["events"]
    assert events[-1]["type"] == "GameEnded"
    dealt = next(e for e in events if e["type"] == "Dealt")
    assert len(dealt["data"]["salt"]) == 32
    # plain SHA-256 over canonical bytes rebuilt from the open views links every event
    # after the first (the created event also carries its aggregate's topic)
    for e, nxt in zip(events[1:], events[2:], strict=False):
        body = stored_bytes({**e, "qualname": f"Hand.{e['type']}"}, gid,
                            {k: v for k, v in e["data"].items()}, e["at"])
        assert hashlib.sha256(body).hexdigest() == nxt["prev"], e["type"]
    assert json.loads(json.dumps(events))  # plain JSON all the way
