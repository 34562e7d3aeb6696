"""Per-viewer views: own hand and identity; public zones, HP, the lord; referee sees all."""

from __future__ import annotations

import json

from domain.game import REFEREE, SPECTATOR
from tests.sanguosha.rig import act, table


def test_a_seat_sees_its_hand_and_identity_and_the_lord() -> None:
    # given: a fresh 4-seat table (lord at seat 0)
    game = table()
    view = game.view(2)
    seats = view["seats"]
    # then: seat 2 sees its own hand and role, the lord's role, nothing else hidden
    assert seats[2]["hand"] == sorted(game.hands[2]) and seats[2]["role"] == "loyalist"
    assert seats[0]["role"] == "lord" and seats[0]["hand"] is None
    assert seats[1]["role"] is None and seats[3]["role"] is None
    assert [s["hand_count"] for s in seats] == [6, 4, 4, 4]
    assert view["pile"] is None and view["pile_count"] == 108 - 18
    assert "legal_actions" not in view  # seat 2 is not waited on
    assert game.view(0)["legal_actions"] == game.legal_actions(0)
    json.dumps(view)


def test_spectators_see_public_zones_only() -> None:
    game = table({0: ["plus_horse"]})
    act(game, 0, type="use", card=game.hands[0][0])
    view = game.view(SPECTATOR)
    assert all(s["hand"] is None for s in view["seats"])
    assert view["seats"][0]["equipment"]["plus_horse"] == game.equip[0][2]
    assert [s["role"] for s in view["seats"]] == ["lord", None, None, None]


def test_the_referee_sees_everything() -> None:
    game = table()
    view = game.view(REFEREE)
    assert [s["role"] for s in view["seats"]] == game.roles
    assert view["pile"] == game.pile[::-1]
    assert all(s["hand"] is not None for s in view["seats"])


def test_pending_shows_what_the_game_waits_for() -> None:
    game = table({0: ["kill"]})
    act(game, 0, type="use", card=game.hands[0][0], targets=[1])
    pending = game.view(SPECTATOR)["pending"]
    assert pending == {"seat": 1, "ask": "dodge", "effect": "kill", "user": 0,
                       "cards": [game.discard[-1] if game.discard else game.flight[0]],
                       "targets": [1], "target": 1}


def test_redacted_events_hide_hands_and_roles() -> None:
    game = table()
    events = list(game.pending_events)
    dealt = game.event_view(events[1], 1)["data"]
    assert dealt["roles"] == ["lord", "rebel", None, None]
    hands = game.event_view(events[3], 1)["data"]
    assert hands["hands"][1] == game.hands[1] and hands["hands"][0] is None
    assert game.event_view(events[2], 1)["data"] == {"count": 108}
    drawn = game.event_view(events[5], 1)["data"]
    assert drawn["cards"] is None and drawn["count"] == 2
    assert game.event_view(events[5], 0)["data"]["cards"] == events[5].cards
    assert game.event_view(events[1], REFEREE)["data"]["roles"] == game.roles
