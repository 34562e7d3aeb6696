"""Nullification and dying-Peach windows ask only the holders of such a card; nobody but
the referee may learn from the game who is asked (views, pending, redacted events)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.game import REFEREE, SPECTATOR, NotYourTurn
from domain.sanguosha.cards import find
from domain.sanguosha.identity import IdentityGame
from tests.sanguosha.rig import act, refuse, table


def public_waiting(game: IdentityGame) -> list[Any]:
    """What every non-referee viewer sees of the waiting: to_act, pending, and whether
    the view offers answers to a seat that is not really asked."""
    out = []
    for viewer in [SPECTATOR, *range(game.n)]:
        view = game.view(viewer)
        out.append((view["to_act"], view["pending"]))
    return out


def nullify_window(holder: int) -> IdentityGame:
    # given: the lord holds Ex Nihilo; only ``holder`` holds a Nullification
    hands: dict[int, list[str]] = {0: ["ex_nihilo"]}
    hands[holder] = ["nullification"]
    game = table(hands)
    # when: the lord uses Ex Nihilo: a Nullification window opens
    act(game, 0, type="use", card=find("ex_nihilo")[0])
    assert (game.to_act(), game.ask) == ([holder], "nullify")
    return game


def dying_window(holder: int) -> IdentityGame:
    # given: seat 3 at 1 HP after three Duels; only ``holder`` holds a Peach
    game = table({0: ["kill", "duel", "duel", "duel"], holder: ["peach"]})
    for d in find("duel"):
        act(game, 0, type="use", card=d, targets=[3])
        act(game, 3, type="decline")
    # when: the Kill hits: seat 3 is dying, the Peach holder is asked
    act(game, 0, type="use", card=game.hands[0][0], targets=[3])
    act(game, 3, type="decline")
    assert (game.to_act(), game.ask) == ([holder], "peach")
    return game


@pytest.mark.parametrize("window", [nullify_window, dying_window])
def test_every_viewer_sees_the_same_waiting_whoever_holds_the_card(window: Any) -> None:
    games = {holder: window(holder) for holder in (1, 2)}
    seen = {holder: public_waiting(g) for holder, g in games.items()}
    # then: every viewer sees every living seat waited on, and no asked seat
    for holder, g in games.items():
        for to_act, pending in seen[holder]:
            assert to_act == [s for s in range(4) if g.alive[s]]
            assert pending["seat"] is None
    # and: the two tables look the same to everyone, whoever holds the card
    assert seen[1] == seen[2]
    # and: a seat that is not asked is offered nothing; the asked seat its answers
    for holder, g in games.items():
        other = 2 if holder == 1 else 1
        assert g.view(other)["legal_actions"] == []
        assert g.view(holder)["legal_actions"] == g.legal_actions(holder) != []
        # the referee sees the truth
        assert g.view(REFEREE)["to_act"] == [holder]
        assert g.view(REFEREE)["pending"]["seat"] == holder


def test_a_seat_not_asked_is_refused_without_naming_who_is() -> None:
    game = nullify_window(2)
    with pytest.raises(NotYourTurn) as refused:
        game.act(1, {"type": "decline"})
    assert "2" not in refused.value.message
    refuse(game, 1, NotYourTurn, type="decline")


def test_who_declined_a_secret_window_is_redacted() -> None:
    # given: seats 1 and 2 hold Nullifications; seat 1 (asked first) declines
    game = table({0: ["ex_nihilo"], 1: ["nullification"], 2: ["nullification"]})
    act(game, 0, type="use", card=find("ex_nihilo")[0])
    act(game, 1, type="decline")
    declined = [e for e in game.pending_events if type(e).__name__ == "Declined"][-1]
    # then: only seat 1 (and the referee) see who declined
    assert game.event_view(declined, 1)["data"]["seat"] == 1
    assert game.event_view(declined, REFEREE)["data"]["seat"] == 1
    for viewer in (SPECTATOR, 0, 2, 3):
        assert game.event_view(declined, viewer)["data"] == {"seat": None, "ask": "nullify"}
