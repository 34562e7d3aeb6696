"""Kingdom Wars through the API: no response a seat or spectator gets names another
seat's hidden general, or a skill only hidden generals have (their skills are offered to
their owner alone, and a hidden general's skill asked about goes unnamed)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.sanguosha.actions import concretize
from domain.sanguosha.skill import KW_SKILLS
from service.app import create_app
from tests.api.conftest import bearer
from tests.api.test_leaks import looks

MAX_STEPS = 120


def secrets(client: FlaskClient, gid: str, ref: str, viewer: int | None) -> set[str]:
    """Generals and skills the viewer may not know: other seats' candidates (never shown,
    never its own), and the skills only those generals have."""
    full = client.get(f"/games/{gid}", headers=bearer(ref)).json
    events = client.get(f"/games/{gid}/events", headers=bearer(ref)).json["events"]
    known = {g for row in full["seats"] for g, up in zip(row["generals"] or [], row["shown"],
                                                          strict=False) if up}
    out: set[str] = set()
    for e in events:
        d = e["data"]
        if e["type"] == "CandidatesDealt":
            for s, c in enumerate(d["candidates"]):
                (known if s == viewer else out).update(c)
        elif e["type"] == "CandidatesRedealt":
            (known if d["seat"] == viewer else out).update(d["returned"] + d["candidates"])
        elif e["type"] == "GeneralsShown":
            known.update(d["generals"])  # public from then on, even if hidden again (Qingcheng)
    hidden = out - known
    open_skills = {sid for g in KW_SKILLS if g not in hidden for sid in KW_SKILLS[g]}
    return hidden | ({sid for g in hidden for sid in KW_SKILLS.get(g, ())} - open_skills)


def named(doc: Any, words: set[str]) -> set[str]:
    text = json.dumps(doc, ensure_ascii=False)
    return {w for w in words if f'"{w}"' in text}


@pytest.mark.xfail(strict=False, reason=(
    "issue 14, open: in some server-dealt games a spectator's response named a general "
    "that had never been shown (seen once: sunquan / zhiheng_kw at step 72); not yet "
    "told apart from a gap in this test's idea of what is public"))
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_no_seat_or_spectator_sees_a_hidden_general_or_its_skills(seed: int) -> None:
    app = create_app({"PAIJU_STORE": "memory://", "SECRET_KEY": "k"})
    client = app.test_client()
    rng = random.Random(seed)
    g = client.post("/games", json={"kind": "hegemony",
                                    "players": ["a", "b", "c", "d"]}).json
    gid, seats, ref = g["id"], g["tokens"]["seats"], g["tokens"]["referee"]
    for step in range(MAX_STEPS):
        full = client.get(f"/games/{gid}", headers=bearer(ref)).json
        if full["status"] != "live":
            break
        if step % 8 == 0:
            for viewer in (None, 0, 1, 2, 3):
                hidden = secrets(client, gid, ref, viewer)
                token = None if viewer is None else seats[viewer]
                for doc in looks(client, gid, token, deep=step % 24 == 0):
                    leaked = named(doc, hidden)
                    assert not leaked, f"viewer {viewer} saw {sorted(leaked)} at step {step}"
        seat = full["to_act"][0]
        mine = client.get(f"/games/{gid}", headers=bearer(seats[seat])).json
        action = concretize(rng.choice(mine["legal_actions"]), rng)
        client.post(f"/games/{gid}/actions", json={"action": action},
                    headers=bearer(seats[seat]))
    app.extensions["paiju.hall"].close()
