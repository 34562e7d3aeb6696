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


def test_every_card_a_view_shows_is_named_beside_its_id_and_no_other() -> None:
    # given: a table where seat 0 holds a horse and has put it on
    game = table({0: ["plus_horse"]})
    act(game, 0, type="use", card=game.hands[0][0])
    mine, theirs = game.view(0), game.view(1)
    # then: seat 0's hand, its legal actions' cards and the horse are named...
    named = {int(c) for c in mine["cards"]}
    assert set(game.hands[0]) <= named and game.equip[0][2] in named
    assert {a["card"] for a in mine["legal_actions"] if "card" in a} <= named
    horse = mine["cards"][str(game.equip[0][2])]
    assert horse["slot"] == "plus_horse" and horse["id"] == game.equip[0][2]
    assert horse["suit"] in horse["label"] or any(s in horse["label"] for s in "♠♥♣♦")
    # ...and seat 1 gets names for what is public, never for seat 0's hidden hand
    assert not set(game.hands[0]) & {int(c) for c in theirs["cards"]}
    assert str(game.equip[0][2]) in theirs["cards"]


def test_an_event_view_names_its_cards_for_whom_may_see_them() -> None:
    game = table()
    dealt = next(e for e in game.pending_events if type(e).__name__ == "HandsDealt")
    assert {int(c) for c in game.event_view(dealt, 2)["cards"]} == set(dealt.hands[2])
    assert game.event_view(dealt, SPECTATOR)["cards"] == {}
