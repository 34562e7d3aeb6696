"""The chain attack of issue 19, played against Sanguosha's secrets over the API.

An attacker (the spectator, or a seat other than the secret's owner) reads a live game's
events: each event's fields as shown to it, and every ``prev``. It guesses the hidden
part of one event, encodes the event as the store would, and checks the guess against
the next event's ``prev``. The guesses are few: the identities of an 8-player table
(105 deals once the lord is known), a seat's two drawn cards (11,556 ordered pairs of
108 cards), a seat's hidden Kingdom Wars generals (60 x 59 pairs). Every event that holds
a secret carries a 128-bit salt that no one but the referee reads while the game is
live, so no guess matches, even one made with the event's exact time (a non-referee
sees it only to the second). The same search with the salt (the referee's) finds the
secret, so each test would fail if the salts went away.

Receipts are digests too: nobody gets one while the game is live, and the receipt handed
out at the end checks with plain SHA-256 over the events as everyone then sees them.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Iterator
from itertools import permutations
from typing import Any

from flask.testing import FlaskClient

from domain.sanguosha.actions import concretize
from domain.sanguosha.generals import IDS
from domain.sanguosha.identity import identity_table
from tests.api.conftest import bearer
from tests.api.test_digest_attack import stored_bytes

LORD = "lord"
CARDS = range(108)


def events_of(client: FlaskClient, gid: str, token: str | None) -> list[dict[str, Any]]:
    headers = bearer(token) if token else {}
    got: list[dict[str, Any]] = client.get(f"/games/{gid}/events",
                                           headers=headers).get_json()["events"]
    return got


def attack(client: FlaskClient, gid: str, qualname: str, at: int, token: str | None,
           truth: dict[str, Any], guesses: Iterable[dict[str, Any]], salt: str | None,
           exact_time: str) -> dict[str, Any] | None:
    """The guess that hashes to the next event's ``prev`` as this viewer reads it, or None.

    The event's other fields are taken from the viewer's own view of it (the field
    names are public: they are in the code); ``salt`` is what the attacker supposes."""
    seen = events_of(client, gid, token)
    event, following = seen[at], seen[at + 1]
    fields = {k: event["data"].get(k) for k in truth if k != "salt"}
    for guess in guesses:
        data = {**fields, **guess}
        if salt is not None:
            data["salt"] = salt
        body = stored_bytes({**event, "qualname": qualname}, gid, data, exact_time)
        if hashlib.sha256(body).hexdigest() == following["prev"]:
            return guess
    return None


def played_through(client: FlaskClient, kind: str, n: int, bot: str, person: int
                   ) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    """A live game of bots with a person at seat ``person`` who has not moved yet; its id,
    tokens and the referee's events (every field, every salt, exact times)."""
    agents = [bot] * n
    agents[person] = "human"
    made = client.post("/games", json={"kind": kind, "players": [f"p{i}" for i in range(n)],
                                       "agents": agents}).get_json()
    gid, tokens = made["id"], made["tokens"]
    assert client.get(f"/games/{gid}").get_json()["status"] == "live"
    return gid, tokens, events_of(client, gid, tokens["referee"])


def first_draw_of_a_bot(client: FlaskClient, gid: str, tokens: dict[str, Any],
                        person: int) -> tuple[int, list[dict[str, Any]]]:
    """Where a seat other than the person's first drew two cards; the person plays
    (random legal moves) until some seat has, since the lord's seat is dealt by chance.
    The game stays live."""
    rng = random.Random(19)
    me = bearer(tokens["seats"][person])
    for _ in range(300):
        truth = events_of(client, gid, tokens["referee"])
        found = [i for i, e in enumerate(truth[:-1]) if e["type"] == "CardsDrawn"
                 and e["data"]["seat"] != person and len(e["data"]["cards"]) == 2]
        if found:
            return found[0], truth
        view = client.get(f"/games/{gid}", headers=me).get_json()
        assert view["status"] == "live" and view.get("legal_actions"), view["status"]
        # a template (discard 2 of 6) is answered with cards, as a person would
        action = concretize(rng.choice(view["legal_actions"]), rng)
        answer = client.post(f"/games/{gid}/actions", headers=me, json={"action": action})
        assert answer.status_code == 200, answer.get_json()
    raise AssertionError("no other seat drew in 300 moves")


def outsiders(tokens: dict[str, Any], owner: int | None
              ) -> Iterator[tuple[int | None, str | None]]:
    """The spectator and every seat that does not own the secret: (seat, token)."""
    yield None, None
    for seat, token in enumerate(tokens["seats"]):
        if seat != owner:
            yield seat, token


def nothing_to_go_on(client: FlaskClient, gid: str, at: int, tokens: dict[str, Any],
                     owner: int | None, secret: Iterable[str]) -> None:
    """What each outsider reads of the event: no salt, the time to the second, and of
    the secret nothing but the public lord and, in a list by seat, its own entry."""
    for seat, token in outsiders(tokens, owner):
        seen = events_of(client, gid, token)[at]
        assert "salt" not in seen["data"], seat
        assert "." not in seen["at"], seen["at"]
        for key in secret:
            shown = seen["data"][key]
            if isinstance(shown, list):
                shown = [x for i, x in enumerate(shown) if i != seat and x != LORD]
                assert set(shown) <= {None}, (seat, key, shown)
            else:
                assert shown is None, (seat, key, shown)


def wrong_salts() -> list[str]:
    return [f"{random.Random(i).getrandbits(128):032x}" for i in range(2)]


def test_identity_roles_cannot_be_guessed_from_the_chain(client: FlaskClient) -> None:
    gid, tokens, truth = played_through(client, "identity", 8, "identity", person=7)
    at = next(i for i, e in enumerate(truth) if e["type"] == "IdentitiesDealt")
    dealt = truth[at]["data"]
    lord = dealt["roles"].index(LORD)
    others = [r for r in identity_table(8) if r != LORD]
    deals = [{"roles": [*p[:lord], LORD, *p[lord:]]} for p in set(permutations(others))]
    assert len(deals) == 105 and {"roles": dealt["roles"]} in deals
    nothing_to_go_on(client, gid, at, tokens, None, ["roles"])
    exact = truth[at]["at"]
    assert "." in exact  # the referee reads the exact time, the attacker's best case
    for _, token in outsiders(tokens, None):
        for salt in (None, *wrong_salts()):
            assert attack(client, gid, "IdentityGame.IdentitiesDealt", at, token, dealt,
                          deals, salt, exact) is None
    # with the salt the same search finds the deal
    assert attack(client, gid, "IdentityGame.IdentitiesDealt", at, None, dealt, deals,
                  dealt["salt"], exact) == {"roles": dealt["roles"]}


def test_a_seats_drawn_cards_cannot_be_guessed_from_the_chain(client: FlaskClient) -> None:
    gid, tokens, _ = played_through(client, "identity", 5, "identity", person=4)
    at, truth = first_draw_of_a_bot(client, gid, tokens, 4)
    drawn = truth[at]["data"]
    owner = drawn["seat"]
    pairs = [{"cards": [a, b]} for a in CARDS for b in CARDS if a != b]
    assert len(pairs) == 11_556
    nothing_to_go_on(client, gid, at, tokens, owner, ["cards"])
    exact = truth[at]["at"]
    for token in (None, tokens["seats"][4]):  # the spectator, the person at the table
        for salt in (None, wrong_salts()[0]):
            assert attack(client, gid, "SanguoshaGame.CardsDrawn", at, token, drawn, pairs,
                          salt, exact) is None
    assert attack(client, gid, "SanguoshaGame.CardsDrawn", at, tokens["seats"][4], drawn,
                  pairs, drawn["salt"], exact) == {"cards": drawn["cards"]}


def test_hidden_kingdom_wars_generals_cannot_be_guessed_from_the_chain(
        client: FlaskClient) -> None:
    gid, tokens, truth = played_through(client, "hegemony", 6, "kingdom", person=5)
    chosen = [i for i, e in enumerate(truth) if e["type"] == "GeneralsChosen"]
    assert len(chosen) >= 2  # the first is followed by the next seat's choice
    at = chosen[0]
    picked = truth[at]["data"]
    pairs = [{"head": a, "deputy": b} for a in IDS for b in IDS if a != b]
    assert {"head": picked["head"], "deputy": picked["deputy"]} in pairs
    nothing_to_go_on(client, gid, at, tokens, picked["seat"], ["head", "deputy"])
    exact = truth[at]["at"]
    for token in (None, tokens["seats"][5]):
        for salt in (None, wrong_salts()[0]):
            assert attack(client, gid, "HegemonyGame.GeneralsChosen", at, token, picked,
                          pairs, salt, exact) is None
    assert attack(client, gid, "HegemonyGame.GeneralsChosen", at, None, picked, pairs,
                  picked["salt"], exact) == {"head": picked["head"],
                                             "deputy": picked["deputy"]}


def test_receipts_come_at_the_end_and_check_with_plain_sha256(app: Any,
                                                            client: FlaskClient) -> None:
    gid, tokens, _ = played_through(client, "identity", 5, "identity", person=0)
    for token in [None, tokens["referee"], *tokens["seats"]]:
        view = client.get(f"/games/{gid}", headers=bearer(token) if token else {}).get_json()
        assert "receipt" not in view, "a live game hands out no digest"
    made = client.post("/games", json={"kind": "identity",
                                       "players": [f"p{i}" for i in range(5)],
                                       "agents": ["identity"] * 5}).get_json()
    over = made["id"]
    view = client.get(f"/games/{over}", headers=bearer(made["tokens"]["seats"][2])).get_json()
    assert view["status"] == "finished"
    events = events_of(client, over, None)  # everything open now, salts and times
    assert all(len(e["data"]["salt"]) == 32 for e in events[1:])
    # the stored type names the class that declared the event (the engine's or the mode's)
    names = [type(e).__qualname__ for e in app.extensions["paiju.hall"].history(over)]
    digests = [hashlib.sha256(stored_bytes({**e, "qualname": name}, over, e["data"],
                                           e["at"])).hexdigest()
               for e, name in zip(events[1:], names[1:], strict=True)]
    assert digests[:-1] == [e["prev"] for e in events[2:]]  # the chain, link by link
    ended = next(i for i, e in enumerate(events[1:]) if e["type"] == "GameEnded")
    assert view["receipt"] == digests[ended]


def test_a_hidden_identity_general_cannot_be_guessed_from_the_chain(
        client: FlaskClient) -> None:
    # given: identity with generals; the person (seat 4) has not chosen, so the bots'
    # choices stay hidden (the lord's is public at once: a table where the person is the
    # lord would show nothing hidden yet, so another is made)
    from domain.sanguosha.roster_identity import STANDARD

    for _ in range(20):
        made = client.post("/games", json={
            "kind": "identity", "players": [f"p{i}" for i in range(5)],
            "options": {"generals": True}, "agents": ["identity"] * 4 + ["human"]}).get_json()
        gid, tokens = made["id"], made["tokens"]
        truth = events_of(client, gid, tokens["referee"])
        chosen = [i for i, e in enumerate(truth[:-1]) if e["type"] == "GeneralChosen"
                  and e["data"]["seat"] != 4 and i > 0
                  and truth[i - 1]["type"] == "GeneralsOffered"]
        if chosen:
            break
    else:
        raise AssertionError("the person was the lord at every table")
    at = chosen[0]
    picked = truth[at]["data"]
    guesses = [{"general": g} for g in STANDARD]
    assert {"general": picked["general"]} in guesses
    nothing_to_go_on(client, gid, at, tokens, picked["seat"], ["general"])
    exact = truth[at]["at"]
    for token in (None, tokens["seats"][4]):
        for salt in (None, *wrong_salts()):
            assert attack(client, gid, "IdentityGame.GeneralChosen", at, token, picked,
                          guesses, salt, exact) is None
    # with the salt, 25 guesses find it
    assert attack(client, gid, "IdentityGame.GeneralChosen", at, None, picked, guesses,
                  picked["salt"], exact) == {"general": picked["general"]}
