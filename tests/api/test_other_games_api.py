"""Sanguosha and the Killer game through the same endpoints, seat tokens and redaction."""

from __future__ import annotations

import random
from typing import Any

from flask.testing import FlaskClient

from tests.api.conftest import bearer


def concrete(action: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Fill in a template action ("choose count of from", or min..max of them) as a
    player would."""
    if "from" in action and ("count" in action or "min" in action):
        k = action["count"] if "count" in action else rng.randint(action["min"], action["max"])
        chosen = rng.sample(action["from"], k)
        return {key: v for key, v in action.items()
                if key not in ("count", "min", "max", "from")} | {"cards": chosen}
    return action


def play_through(client: FlaskClient, kind: str, players: int, seed: int,
                 watch: Any = None) -> dict[str, Any]:
    g = client.post("/games", json={"kind": kind,
                                    "players": [f"p{i}" for i in range(players)]}).json
    gid, seats, ref = g["id"], g["tokens"]["seats"], g["tokens"]["referee"]
    rng = random.Random(seed)
    for _ in range(20_000):
        full = client.get(f"/games/{gid}", headers=bearer(ref)).json
        if full["status"] != "live":
            return g | {"final": full}
        seat = full["to_act"][0]
        mine = client.get(f"/games/{gid}", headers=bearer(seats[seat])).json
        if watch:
            watch(full, mine, seat, client, g)
        action = concrete(rng.choice(mine["legal_actions"]), rng)
        r = client.post(f"/games/{gid}/actions", json={"action": action},
                        headers=bearer(seats[seat]))
        assert r.status_code == 200, (r.json, action)
    raise AssertionError("the game did not end")


def test_eight_seat_identity_game_with_a_dying_seat_asked_for_a_peach(
        client: FlaskClient) -> None:
    asked: list[int] = []

    def watch(full: dict, mine: dict, seat: int, client: FlaskClient, g: dict) -> None:
        pending = full.get("pending") or {}
        if pending.get("ask") == "peach":
            asked.append(seat)
            answers = {a["type"] for a in mine["legal_actions"]}
            assert "decline" in answers  # a seat may refuse the dying one
            # a spectator sees the window but not who is really being asked
            spectator = client.get(f"/games/{g['id']}").json
            assert spectator["pending"]["ask"] == "peach"
            assert spectator["pending"]["seat"] is None

    for seed in range(40):
        g = play_through(client, "identity", 8, seed, watch)
        if asked:
            break
    assert asked, "no game reached a dying seat"
    final = g["final"]
    assert final["outcome"]["side"] in ("lord", "rebels", "renegade")
    assert len(g["tokens"]["seats"]) == 8
    report = client.get(f"/games/{g['id']}/audit").json
    assert report["verdict"] == "agrees", report


def test_identity_hidden_roles_and_hands_stay_hidden(client: FlaskClient) -> None:
    g = client.post("/games", json={"kind": "identity",
                                    "players": [f"p{i}" for i in range(5)]}).json
    gid = g["id"]
    ref = client.get(f"/games/{gid}", headers=bearer(g["tokens"]["referee"])).json
    roles = [s["role"] for s in ref["seats"]]
    lord = roles.index("lord")
    for viewer in [None, 0, 1, 2, 3, 4]:
        headers = {} if viewer is None else bearer(g["tokens"]["seats"][viewer])
        view = client.get(f"/games/{gid}", headers=headers).json
        dealt = client.get(f"/games/{gid}/events", headers=headers).json["events"][1]
        for seat in range(5):
            visible = seat in (lord, viewer)
            assert (view["seats"][seat]["role"] is not None) == visible
            assert (dealt["data"]["roles"][seat] is not None) == visible
            assert (view["seats"][seat]["hand"] is not None) == (seat == viewer)


def test_killer_game_over_the_api(client: FlaskClient) -> None:
    g = play_through(client, "killer", 8, 3)
    final = g["final"]
    assert final["outcome"]["side"] in ("killers", "police", "tie")
    listed = client.get("/games?kind=killer&status=finished").json["games"]
    assert [row["id"] for row in listed] == [g["id"]]
    at = client.get(f"/games/{g['id']}/state?at=3").json
    assert at["version"] == 3
    assert client.get(f"/games/{g['id']}/audit").json["verdict"] == "agrees"
    assert client.post("/games", json={"kind": "killer", "players": ["a"] * 7}).status_code \
        == 422


def test_kingdom_wars_over_the_api(client: FlaskClient) -> None:
    seen_hidden: list[bool] = []

    def watch(full: dict, mine: dict, seat: int, client: FlaskClient, g: dict) -> None:
        if len(seen_hidden) < 3:
            spectator = client.get(f"/games/{g['id']}").json
            for i, row in enumerate(spectator["seats"]):
                truth = full["seats"][i]
                hidden = [n is None for n in (row["generals"] or [None, None])]
                seen_hidden.append(any(hidden))
                for k, name in enumerate(row["generals"] or []):
                    assert name is None or truth["shown"][k]

    g = play_through(client, "hegemony", 6, 2, watch)
    assert any(seen_hidden)
    final = g["final"]
    assert final["outcome"]["winners"]
    assert all(all(s["shown"]) for s in final["seats"] if s["alive"])
    assert client.get(f"/games/{g['id']}/audit").json["verdict"] == "agrees"


def test_a_person_plays_dou_dizhu_against_two_bots(client: FlaskClient) -> None:
    g = client.post("/games", json={"kind": "doudizhu", "players": ["me", "b1", "b2"],
                                    "agents": ["human", "greedy", "random"]}).json
    me = bearer(g["tokens"]["seats"][0])
    rng = random.Random(4)
    view = client.get(f"/games/{g['id']}", headers=me).json
    while view["status"] == "live":
        assert view["to_act"] == [0]  # the game only ever waits on the person
        action = concrete(rng.choice(view["legal_actions"]), rng)
        view = client.post(f"/games/{g['id']}/actions", json={"action": action},
                           headers=me).json
    events = client.get(f"/games/{g['id']}/events").json["events"]
    assert {e["data"].get("seat") for e in events if e["type"] == "CardsPlayed"} - {0}
    assert client.get(f"/games/{g['id']}/audit").json["verdict"] == "agrees"


def test_one_person_among_killer_bots(client: FlaskClient) -> None:
    agents = ["human"] + ["informed"] * 7
    g = client.post("/games", json={"kind": "killer", "players": [f"p{i}" for i in range(8)],
                                    "agents": agents}).json
    me = bearer(g["tokens"]["seats"][0])
    rng = random.Random(2)
    view = client.get(f"/games/{g['id']}", headers=me).json
    steps = 0
    while view["status"] == "live" and steps < 500:
        steps += 1
        if not view.get("legal_actions"):  # dead, or nothing to decide: bots carry on
            break
        view = client.post(f"/games/{g['id']}/actions",
                           json={"action": concrete(rng.choice(view["legal_actions"]), rng)},
                           headers=me).json
    final = client.get(f"/games/{g['id']}", headers=me).json
    assert final["status"] == "finished"  # with the person dead or done, the bots finish it


def test_unknown_agents_are_refused(client: FlaskClient) -> None:
    r = client.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"],
                                    "agents": ["human", "genius", "greedy"]})
    assert r.status_code == 422 and "genius" in r.json["message"]
    r = client.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"],
                                    "agents": ["human"]})
    assert r.status_code == 422


#: generals whose skill a person uses of its own accord in its play phase
ACTIVE = ("sunquan", "liubei", "huatuo", "ganning", "huanggai", "zhouyu", "diaochan",
          "sunshangxiang")


def test_a_person_plays_identity_with_generals_and_a_skill_against_bots(
        client: FlaskClient) -> None:
    # the deal is the server's: a game where the person dies before any skill is of use
    # proves nothing, so another is played (rarely more than two)
    for seed in range(8):
        used, refused = person_with_generals(client, seed)
        if used and refused:
            return
    raise AssertionError("in 8 games the person never had a skill to use")


def person_with_generals(client: FlaskClient, seed: int
                         ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """One game over HTTP, to its end: (the skills the person used, the skill actions
    it first tried illegally)."""
    # given: five seats with generals: a person at seat 0, identity bots elsewhere
    g = client.post("/games", json={"kind": "identity",
                                    "players": [f"p{i}" for i in range(5)],
                                    "options": {"generals": True},
                                    "agents": ["human"] + ["identity"] * 4}).json
    gid, me, ref = g["id"], bearer(g["tokens"]["seats"][0]), bearer(g["tokens"]["referee"])
    rng = random.Random(seed)
    used: list[dict[str, Any]] = []
    refused: list[dict[str, Any]] = []
    view = client.get(f"/games/{gid}", headers=me).json
    for _ in range(5000):
        if view["status"] != "live":
            break
        legal = view.get("legal_actions") or []
        assert legal, "the game waits on the person only when it has something to do"
        choose = [a for a in legal if a["type"] == "choose_general"]
        skills = [a for a in legal if a["type"] == "skill"]
        if choose:  # keep a general with a skill of its own accord when offered one
            action = next((a for a in choose if a["general"] in ACTIVE), choose[0])
        elif skills:
            action = concrete(rng.choice(skills), rng)
            if not refused:
                refused.append(an_illegal_skill_is_refused(client, gid, me, ref, action))
        else:
            action = concrete(rng.choice(legal), rng)
        before = len(client.get(f"/games/{gid}/events", headers=ref).json["events"])
        r = client.post(f"/games/{gid}/actions", json={"action": action}, headers=me)
        assert r.status_code == 200, (r.json, action)
        if action["type"] == "skill":
            made = client.get(f"/games/{gid}/events", headers=ref).json["events"][before:]
            # then: the skill is recorded as the person's
            assert made[0]["type"] == "SkillUsed" and made[0]["data"]["seat"] == 0
            assert made[0]["data"]["skill"] == action["skill"]
            used.append(action)
        view = r.json
    # then: the game ends with a winner, every general public, and its audit agrees
    final = client.get(f"/games/{gid}", headers=me).json
    assert final["status"] == "finished" and final["outcome"]["winners"]
    assert all(row["general"] for row in final["outcome"]["seats"])
    assert client.get(f"/games/{gid}/audit").json["verdict"] == "agrees"
    return used, refused


def an_illegal_skill_is_refused(client: FlaskClient, gid: str, me: dict[str, str],
                                ref: dict[str, str], legal: dict[str, Any]) -> dict[str, Any]:
    """A skill the seat lacks, and its own skill with a card it does not hold, each get a
    422 JSON error and record nothing."""
    events = client.get(f"/games/{gid}/events", headers=ref).json["events"]
    version = client.get(f"/games/{gid}", headers=ref).json["version"]
    mine = client.get(f"/games/{gid}", headers=me).json["seats"][0]["hand"]
    foreign = "qingnang" if legal["skill"] != "qingnang" else "zhiheng"
    wrong_card = next(c for c in range(108) if c not in mine)
    bad = [{"type": "skill", "skill": foreign, "cards": [wrong_card]},
           {**legal, "cards": [wrong_card]} if "cards" in legal else {**legal, "targets": [0]},
           {"type": "skill"}]
    for action in bad:
        r = client.post(f"/games/{gid}/actions", json={"action": action}, headers=me)
        assert r.status_code == 422 and r.is_json, (action, r.status_code, r.data[:200])
        assert set(r.json) == {"error", "message"} and r.json["error"], r.json
    assert client.get(f"/games/{gid}", headers=ref).json["version"] == version
    assert client.get(f"/games/{gid}/events", headers=ref).json["events"] == events
    return legal
