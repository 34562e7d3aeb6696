"""Who sees what: own card, teammates, investigation results, revealed cards, the referee."""

from __future__ import annotations

from domain.game import REFEREE, SPECTATOR
from tests.killer.rig import act, recorded, rig, speak_all, vote

# Cards "KKPPCCCC": killers 0 1, police 2 3, civilians 4 5 6 7.
K, P, C = "killer", "police", "civilian"
U: str | None = None  # a card the viewer does not see


def test_each_seat_sees_its_own_card_and_its_team() -> None:
    game = rig("KKPPCCCC")
    assert game.view(4)["roles"] == [U, U, U, U, C, U, U, U]
    assert game.view(0)["roles"] == [K, K, U, U, U, U, U, U]  # killers know each other
    assert game.view(3)["roles"] == [U, U, P, P, U, U, U, U]  # police know each other
    assert game.view(SPECTATOR)["roles"] == [U] * 8
    assert game.view(REFEREE)["roles"] == [K, K, P, P, C, C, C, C]


def test_who_is_waiting_at_night_is_a_team_secret() -> None:
    game = rig("KKPPCCCC")
    # night kill: only the killers (and the referee) see that 0 and 1 are waiting
    assert game.view(0)["to_act"] == [0, 1]
    assert game.view(REFEREE)["to_act"] == [0, 1]
    for viewer in (SPECTATOR, 2, 5):
        assert game.view(viewer)["to_act"] == []
        assert game.view(viewer)["waiting_for"] == "killers"
    assert {"type": "kill", "target": 4} in game.view(1)["legal_actions"]
    assert "legal_actions" not in game.view(5)
    # investigation: now only the police see who is waiting
    act(game, 0, type="kill", target=4)
    assert game.view(2)["to_act"] == [2, 3]
    assert game.view(0)["to_act"] == []
    assert game.view(2)["legal_actions"][-1] == {"type": "skip"}


def test_the_night_victim_is_known_to_the_killers_until_dawn() -> None:
    game = rig("KKPPCCCC")
    act(game, 0, type="kill", target=4)
    # before dawn: the killers know, the town does not
    assert game.view(1)["alive"][4] is False and game.view(1)["victim"] == 4
    for viewer in (SPECTATOR, 4, 6):
        assert game.view(viewer)["alive"][4] is True
        assert game.view(viewer)["victim"] is None
    assert game.view(SPECTATOR)["roles"][4] is None
    # dawn: announced, and the card is shown to everyone
    act(game, 2, type="investigate", target=0)
    spectator = game.view(SPECTATOR)
    assert spectator["alive"][4] is False and spectator["victim"] == 4
    assert spectator["roles"] == [U, U, U, U, C, U, U, U]
    assert spectator["deaths"] == [{"day": 1, "seat": 4, "role": C, "cause": "killed"}]


def test_investigation_results_are_for_the_police() -> None:
    game = rig("KKPPCCCC")
    act(game, 0, type="kill", target=4)
    act(game, 2, type="investigate", target=0)
    found = [{"night": 1, "seat": 2, "target": 0, "killer": True}]
    assert game.view(2)["investigations"] == found
    assert game.view(3)["investigations"] == found  # the fellow policeman too
    for viewer in (SPECTATOR, 0, 5):
        assert game.view(viewer)["investigations"] is None


def test_statements_votes_and_revealed_cards_are_public() -> None:
    game = rig("KKPPCCCC")
    act(game, 0, type="kill", target=4)
    act(game, 2, type="skip")
    act(game, 4, type="last_words", text="seat 0 looked shifty")
    speak_all(game, "hello")
    vote(game, {5: 0, 6: 0, 7: 0, 0: 5, 1: 5, 2: 0, 3: 0})
    spectator = game.view(SPECTATOR)
    assert spectator["last_words"] == [{"day": 1, "seat": 4, "text": "seat 0 looked shifty"}]
    assert [s["seat"] for s in spectator["statements"]] == [5, 6, 7, 0, 1, 2, 3]
    assert {"day": 1, "seat": 0, "target": 5} in spectator["votes"]
    assert spectator["voted_out"] == 0
    assert spectator["roles"][0] == K  # the voted-out card is shown
    assert spectator["roles"][1] is None  # its partner stays hidden


def test_events_are_redacted_per_viewer_while_live() -> None:
    game = rig("KKPPCCCC")
    act(game, 0, type="kill", target=4)
    act(game, 3, type="investigate", target=1)
    dealt, kill, probe, dawn = recorded(game)[1:5]
    assert game.event_view(dealt, 5)["data"] == {"roles": [U, U, U, U, U, C, U, U]}
    assert game.event_view(dealt, 1)["data"] == {"roles": [K, K, U, U, U, U, U, U]}
    assert game.event_view(dealt, 2)["data"] == {"roles": [U, U, P, P, U, U, U, U]}
    assert game.event_view(dealt, SPECTATOR)["data"] == {"roles": [U] * 8}
    assert game.event_view(kill, 1)["data"] == {"seat": 0, "target": 4}
    assert game.event_view(kill, SPECTATOR)["data"] == {}
    assert game.event_view(kill, 2)["data"] == {}
    assert game.event_view(probe, 2)["data"] == {"seat": 3, "target": 1, "killer": True}
    assert game.event_view(probe, 0)["data"] == {}
    assert game.event_view(dawn, SPECTATOR)["data"] == {"seat": 4, "role": C}
    # the referee sees the salt too: with it, the chain checks with plain SHA-256
    assert game.event_view(kill, REFEREE)["data"] == {"seat": 0, "target": 4,
                                                      "salt": kill.salt}
    assert len(kill.salt) == 32 and kill.salt not in (dealt.salt, probe.salt)


def test_everything_is_shown_once_the_game_is_over() -> None:
    game = rig("KKPCCCCC")
    act(game, 0, type="kill", target=2)  # the only policeman: killers win at night
    assert game.view(SPECTATOR)["roles"] == [K, K, P, C, C, C, C, C]
    kill = recorded(game)[2]
    assert game.event_view(kill, SPECTATOR)["data"] == {"seat": 0, "target": 2,
                                                        "salt": kill.salt}
    assert game.view(SPECTATOR)["phase"] == "ended"


#: the parts of a view that change with the phase itself, whoever died
PHASE_KEYS = {"version", "phase", "waiting_for", "to_act", "legal_actions"}


def without_phase(view: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in view.items() if k not in PHASE_KEYS}


def test_until_dawn_the_police_see_the_table_as_it_was_at_dusk() -> None:
    game = rig("KKPPCCCC")
    dusk = {v: game.view(v) for v in (SPECTATOR, 2, 3, 5)}
    # night 1: killer 0 kills policeman 3
    act(game, 0, type="kill", target=3)
    for viewer in (SPECTATOR, 2, 3, 5):
        # nothing but the phase changed for anyone who is not a killer
        assert without_phase(game.view(viewer)) == without_phase(dusk[viewer])
    for policeman in (2, 3):
        view = game.view(policeman)
        # both police are waiting, as at dusk, and may choose anyone alive at dusk
        assert view["to_act"] == [2, 3]
        assert view["legal_actions"] == [{"type": "investigate", "target": t}
                                         for t in range(8)] + [{"type": "skip"}]
        assert view["alive"] == [True] * 8 and view["victim"] is None
        assert view["deaths"] == []
    # the killers know; the referee knows
    assert game.view(1)["alive"][3] is False and game.view(1)["victim"] == 3
    assert game.view(REFEREE)["deaths"] == [{"day": 1, "seat": 3, "role": P,
                                             "cause": "killed"}]
    # the dead policeman submits the team's choice; at dawn everyone learns of the death
    act(game, 3, type="investigate", target=1)
    assert game.view(2)["investigations"] == [{"night": 1, "seat": 3, "target": 1,
                                               "killer": True}]
    view = game.view(2)
    assert view["alive"][3] is False and view["victim"] == 3
    assert view["deaths"] == [{"day": 1, "seat": 3, "role": P, "cause": "killed"}]
