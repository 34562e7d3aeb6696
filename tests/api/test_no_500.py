"""Nothing a client sends gets a 500: random bodies, actions, queries and tokens."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.app import create_app

APP = create_app({"PAIJU_STORE": "memory://", "SECRET_KEY": "fuzz"})
CLIENT = APP.test_client()
GAME = CLIENT.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"]}).json
KILLER = CLIENT.post("/games", json={"kind": "killer", "players": list("abcdefgh")}).json

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=10,
)
actions = st.fixed_dictionaries(
    {"type": st.sampled_from(["bid", "pass", "play", "escape", "kill", "vote", "speak", "x"])},
    optional={"value": json_values, "cards": json_values, "target": json_values,
              "text": json_values},
)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(action=actions | json_values, game=st.sampled_from([GAME, KILLER]),
       seat=st.integers(0, 7), version=st.none() | st.integers(-3, 50))
def test_random_actions_never_500(action: Any, game: dict, seat: int,
                                  version: int | None) -> None:
    tokens = game["tokens"]["seats"]
    body = {"action": action, "expected_version": version}
    r = CLIENT.post(f"/games/{game['id']}/actions", json=body,
                    headers={"Authorization": f"Bearer {tokens[seat % len(tokens)]}"})
    assert r.status_code < 500, r.json
    assert r.is_json and ("error" in r.json) == (r.status_code >= 400)


@settings(max_examples=80, deadline=None)
@given(body=json_values, path=st.sampled_from(["/games", "/matches"]))
def test_random_creations_never_500(body: Any, path: str) -> None:
    r = CLIENT.post(path, json=body)
    assert r.status_code < 500 and r.is_json


@settings(max_examples=80, deadline=None)
@given(query=st.text(max_size=20),
       token=st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=30))
def test_random_queries_and_tokens_never_500(query: str, token: str) -> None:
    gid = GAME["id"]
    for url in (f"/games/{gid}/state?at={query}", f"/games?limit={query}",
                f"/games/{query}", f"/games/{gid}/events?upto={query}"):
        r = CLIENT.get(url, headers={"Authorization": f"Bearer {token}"} if token else {})
        assert r.status_code < 500, (url, r.json)
