"""The hidden-information scan over every endpoint: for a live game of each kind, every
operation of the OpenAPI document is called as each seat and as a spectator, and no
answer may carry what that viewer's own view hides and a spectator's view hides too.

Secrets are found by comparing views: what the referee's view shows of seat j (its hand,
role, identity, generals...) that seat i's view and the spectator's do not. An answer
leaks when it puts such a value next to seat j (a JSON object with ``"seat": j``, or a
per-seat list or map at index j), or, for Dou Dizhu, when any of the other hands' cards
or the unrevealed kitty appears anywhere at all (card codes are unique strings).
A new endpoint must be added to ``CALLS`` or ``NOT_ABOUT_A_GAME``, or this test fails.
The pages for people (``PAGES``, not in the OpenAPI document) are scanned too.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from domain.doudizhu.cards import DECK
from service.app import create_app
from tests.api.conftest import bearer

KINDS = {"doudizhu": 3, "killer": 8, "identity": 5, "hegemony": 4}
STEPS = {"doudizhu": 9, "killer": 14, "identity": 25, "hegemony": 25}
#: tables scanned: (kind, seats, options, moves made). Identity with generals is scanned
#: while generals are being chosen (offers and choices hidden) and later, in play with
#: skills; at 6 seats, since a list as long as the table reads as one entry per seat
#: (the lord's offer of five would, at five)
TABLES = {kind: (kind, n, {}, STEPS[kind]) for kind, n in KINDS.items()} | {
    "identity+choosing": ("identity", 6, {"generals": True}, 3),
    "identity+generals": ("identity", 6, {"generals": True}, 40)}
#: HTML pages for people: not operations of the API, scanned all the same
PAGES = {("get", "/games/{game_id}/viewer")}
#: operations whose answer holds nothing of a particular game
NOT_ABOUT_A_GAME = {("get", "/health"), ("get", "/kinds"), ("get", "/kinds/{kind}"),
                    ("get", "/cards/{kind}"), ("post", "/games"), ("post", "/matches"),
                    ("get", "/matches/{match_id}"), ("post", "/matches/{match_id}/hands"),
                    ("get", "/stats/doudizhu/multipliers"), ("get", "/stats/win-rates")}


def calls(gid: str, version: int) -> dict[tuple[str, str], list[tuple[str, Any]]]:
    """Each operation on the game: (url, JSON body or None) to try."""
    half = max(1, version // 2)
    return {
        ("get", "/games"): [("/games?limit=200", None), ("/games?status=live", None)],
        ("get", "/games/{game_id}"): [(f"/games/{gid}", None)],
        ("get", "/games/{game_id}/events"): [(f"/games/{gid}/events", None),
                                             (f"/games/{gid}/events?upto={half}", None)],
        ("get", "/games/{game_id}/state"): [(f"/games/{gid}/state?at={n}", None)
                                            for n in sorted({1, half, version})],
        ("get", "/games/{game_id}/audit"): [(f"/games/{gid}/audit", None)],
        ("get", "/games/{game_id}/viewer"): [(f"/games/{gid}/viewer", None)],
        ("post", "/games/{game_id}/actions"): [
            (f"/games/{gid}/actions", {"action": {"type": "nonsense"}}),
            (f"/games/{gid}/actions", {"action": {"type": "play", "cards": list(DECK[:3])}})],
        ("post", "/games/{game_id}/disputes"): [(f"/games/{gid}/disputes", {"claim": "x"})],
        ("post", "/games/{game_id}/disputes/{number}/resolve"): [
            (f"/games/{gid}/disputes/1/resolve", {"verdict": "upheld"})],
        ("post", "/games/{game_id}/tokens"): [(f"/games/{gid}/tokens", {"seat": 0})],
    }


def live_game(client: FlaskClient, kind: str, seed: int, options: dict[str, Any] | None = None,
              steps: int | None = None, n: int | None = None) -> dict[str, Any]:
    """A game of people, moved on by the referee for a while, still live."""
    players = [f"p{i}" for i in range(KINDS[kind] if n is None else n)]
    g = client.post("/games", json={"kind": kind, "players": players,
                                    "options": options or {}}).json
    ref, rng = g["tokens"]["referee"], random.Random(seed)
    for _ in range(STEPS[kind] if steps is None else steps):
        full = client.get(f"/games/{g['id']}", headers=bearer(ref)).json
        if full["status"] != "live":
            break
        seat = full["to_act"][0]
        mine = client.get(f"/games/{g['id']}",
                          headers=bearer(g["tokens"]["seats"][seat])).json
        before = full["version"]
        action = rng.choice(mine["legal_actions"])
        r = client.post(f"/games/{g['id']}/actions", headers=bearer(ref),
                        json={"action": action, "seat": seat})
        if r.status_code != 200 or client.get(f"/games/{g['id']}").json["status"] != "live":
            # keep the game live: a finished game has no secrets left
            assert r.status_code == 200 or before == full["version"], r.json
            break
    return g


def secrets_of(ref: dict[str, Any], mine: dict[str, Any], public: dict[str, Any],
               n: int) -> list[tuple[int, str, Any]]:
    """(seat j, field, value): what the referee sees of seat j that neither this viewer
    nor a spectator does."""
    found = []
    seats_ref = ref.get("seats") if isinstance(ref.get("seats"), list) else None
    for j in range(n):
        if seats_ref and isinstance(seats_ref[j], dict):
            theirs = seats_ref[j]
            for view in (mine, public):
                assert isinstance(view.get("seats"), list)
            for key, value in theirs.items():
                if value in (None, [], {}) or key == "seat":
                    continue
                hidden = hidden_part(value, mine["seats"][j].get(key),
                                     public["seats"][j].get(key))
                if hidden is not None:
                    found.append((j, key, hidden))
        for key, value in ref.items():  # per-seat lists and maps: roles, hands...
            at = per_seat(value, j, n)
            if at in (None, [], {}):
                continue
            hidden = hidden_part(at, per_seat(mine.get(key), j, n),
                                 per_seat(public.get(key), j, n))
            if hidden is not None:
                found.append((j, key, hidden))
    return found


def hidden_part(value: Any, mine: Any, public: Any) -> Any:
    """The part of ``value`` neither view shows: a list loses the items shown at their
    place (a Kingdom Wars general already revealed); None when nothing is hidden."""
    if value in (mine, public):
        return None
    if isinstance(value, list):
        shown = [m if isinstance(m, list) and len(m) == len(value) else [None] * len(value)
                 for m in (mine, public)]
        rest = [v for i, v in enumerate(value)
                if v is not None and v != shown[0][i] and v != shown[1][i]]
        return rest or None
    return value


def per_seat(value: Any, j: int, n: int) -> Any:
    if isinstance(value, list) and len(value) == n and key_like_seats(value):
        return value[j]
    if isinstance(value, dict) and set(value) == {str(i) for i in range(n)}:
        return value[str(j)]
    return None


def key_like_seats(value: list[Any]) -> bool:
    return not all(isinstance(v, int) and not isinstance(v, bool) for v in value)


def leaks(doc: Any, secrets: list[tuple[int, str, Any]], n: int) -> list[str]:
    """Where ``doc`` puts a secret value next to its seat."""
    found: list[str] = []
    stack = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for j, key, value in secrets:
                if node.get("seat") == j and key in node and overlaps(node[key], value):
                    found.append(f"{key} of seat {j} in {json.dumps(node)[:200]}")
                held = per_seat(node.get(key), j, n)
                if held is not None and held not in (None, [], {}) and overlaps(held, value):
                    found.append(f"{key}[{j}] in {json.dumps(node)[:200]}")
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return found


def overlaps(shown: Any, secret: Any) -> bool:
    if isinstance(secret, list):
        items = shown if isinstance(shown, list) else [shown]
        return bool(set(map(json.dumps, items)) & set(map(json.dumps, secret)))
    return bool(shown == secret)


def doudizhu_cards(ref: dict[str, Any], viewer: int | None) -> set[str]:
    """Cards in other hands, and the kitty before anyone took it."""
    hidden = {c for seat, cards in ref["hands"].items() if seat != str(viewer) for c in cards}
    if ref.get("landlord") is None:
        return hidden | set(ref["kitty"])
    return hidden - set(ref["kitty"])  # shown to everyone when the landlord took it


def dealt_before(client: FlaskClient, gid: str, g: dict[str, Any], seat: int | None) -> set[str]:
    """Cards a seat was dealt in an earlier deal of the hand (all passed: a redeal); it
    has seen them, wherever they are now."""
    if seat is None:
        return set()
    events = client.get(f"/games/{gid}/events",
                        headers=bearer(g["tokens"]["referee"])).json["events"]
    return {c for e in events if e["type"] == "Dealt"
            for c in e["data"]["deck"][seat * 17:(seat + 1) * 17]}


@pytest.mark.parametrize("table", list(TABLES))
@pytest.mark.parametrize("seed", [1, 2])
def test_no_endpoint_tells_a_viewer_what_its_view_hides(table: str, seed: int) -> None:
    kind, n, options, steps = TABLES[table]
    app = create_app({"PAIJU_STORE": "memory://", "SECRET_KEY": "k" * 32})
    client = app.test_client()
    operations = {(method, path) for path, item in
                  client.get("/docs/openapi.json").json["paths"].items() for method in item}
    g = live_game(client, kind, seed, options, steps, n)
    gid = g["id"]
    ref = client.get(f"/games/{gid}", headers=bearer(g["tokens"]["referee"])).json
    assert ref["status"] == "live", "this seed's game ended early: choose a seed that is live"
    table = calls(gid, ref["version"])
    openapi_paths = {(m, p.replace("<", "{").replace(">", "}")) for m, p in operations}
    assert openapi_paths == (set(table) - PAGES) | NOT_ABOUT_A_GAME, "a new endpoint to scan"
    public = client.get(f"/games/{gid}").json
    other = client.post("/games", json={"kind": kind, "players": ["q"] * n}).json["id"]
    page_of_another = client.get(f"/games/{other}/viewer").get_data(as_text=True).replace(
        other, "")
    scanned = 0
    for viewer in [None, *range(n)]:
        token = None if viewer is None else g["tokens"]["seats"][viewer]
        headers = bearer(token) if token else {}
        mine = client.get(f"/games/{gid}", headers=headers).json
        secrets = secrets_of(ref, mine, public, n) if viewer is not None else \
            secrets_of(ref, public, public, n)
        secrets = [s for s in secrets if s[0] != viewer]
        cards = doudizhu_cards(ref, viewer) - dealt_before(client, gid, g, viewer) \
            if kind == "doudizhu" else set()
        assert secrets or cards or kind == "killer", f"no secrets found in {kind}"
        if table == "identity+choosing":  # others' offers and hidden choices are found
            assert {"offered", "general"} <= {key for _, key, _ in secrets}, secrets
        for (method, _), tries in table.items():
            for url, body in tries:
                r = client.open(url, method=method.upper(), json=body, headers=headers)
                assert r.status_code < 500, (url, r.data[:200])
                text = r.get_data(as_text=True)
                if not r.is_json:  # the viewer page: the same for every game but its id
                    assert text.replace(gid, "") == page_of_another, url
                    continue
                found = leaks(r.json, secrets, n)
                found += [f"card {c}" for c in cards if f'"{c}"' in text]
                assert not found, f"{kind}: viewer {viewer} got, from {method} {url}: {found}"
                scanned += 1
        assert client.get(f"/games/{gid}").json["version"] == ref["version"]  # no trace
    assert scanned >= (n + 1) * 10
    app.extensions["paiju.hall"].close()
