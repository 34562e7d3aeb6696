"""Stories of the basic cards: Kill, Dodge, Peach; dying with and without rescue."""

from __future__ import annotations

from domain.sanguosha.actions import CannotUseNow, KillLimitReached, OutOfRange
from domain.sanguosha.cards import find
from tests.sanguosha.rig import act, kinds, refuse, table


def test_kill_hits_a_target_without_dodge() -> None:
    # given: the lord holds a Kill, seat 1 (distance 1) no Dodge
    game = table({0: ["kill"]})
    kill = game.hands[0][0]
    # when: the lord kills seat 1
    events = act(game, 0, type="use", card=kill, targets=[1])
    # then: the Kill is recorded with its target and seat 1 is asked for a Dodge
    assert events == [("CardUsed", {"seat": 0, "name": "kill", "cards": [kill],
                                    "targets": [1], "via": "play"})]
    assert (game.to_act(), game.ask) == ([1], "dodge")
    assert game.legal_actions(1) == [{"type": "decline"}]
    # when: seat 1 has nothing to answer with
    events = act(game, 1, type="decline")
    # then: 1 damage from the lord; the Kill is discarded; the lord plays on
    assert kinds(events) == ["Declined", "Damaged"]
    assert events[1][1] == {"seat": 1, "source": 0, "amount": 1, "cards": [kill],
                            "reason": "kill"}
    assert game.hp[1] == 3 and kill in game.discard and game.ask == "play"


def test_dodge_cancels_the_kill() -> None:
    # given: seat 1 holds a Dodge
    game = table({0: ["kill"], 1: ["dodge"]})
    dodge = game.hands[1][0]
    # when: the lord kills seat 1 and seat 1 dodges
    act(game, 0, type="use", card=game.hands[0][0], targets=[1])
    assert {"type": "respond", "card": dodge} in game.legal_actions(1)
    events = act(game, 1, type="respond", card=dodge)
    # then: no damage; the Dodge is in the discard pile
    assert kinds(events) == ["Responded"]
    assert game.hp[1] == 4 and dodge in game.discard


def test_one_kill_per_play_phase() -> None:
    # given: the lord holds two Kills and already used one
    game = table({0: ["kill", "kill"]})
    act(game, 0, type="use", card=game.hands[0][0], targets=[1])
    act(game, 1, type="decline")
    # then: the second Kill is not offered and is refused by name
    assert all(a.get("card") != game.hands[0][0] for a in game.legal_actions(0))
    refuse(game, 0, KillLimitReached, type="use", card=game.hands[0][0], targets=[3])


def test_kill_needs_the_target_in_range() -> None:
    # given: seat 2 is at distance 2 from the unarmed lord
    game = table({0: ["kill"]})
    # then: killing seat 2 is out of range
    refuse(game, 0, OutOfRange, type="use", card=game.hands[0][0], targets=[2])


def test_peach_heals_yourself_only_when_wounded() -> None:
    # given: the lord holds a Peach and Kills, at full HP
    game = table({0: ["peach"], 1: ["kill"]})
    peach = game.hands[0][0]
    # then: the Peach cannot be used at full HP
    refuse(game, 0, CannotUseNow, type="use", card=peach)


def test_peach_heals_one_in_your_play_phase() -> None:
    # given: seat 1 wounded by the lord's Kill, and on its turn holding a Peach
    game = table({0: ["kill"], 1: ["peach"]})
    act(game, 0, type="use", card=game.hands[0][0], targets=[1])
    act(game, 1, type="decline")
    act(game, 0, type="end_play")
    act(game, 0, type="discard", cards=game.hands[0][:1])
    assert game.current == 1 and game.hp[1] == 3
    # when: seat 1 eats its Peach
    events = act(game, 1, type="use", card=game.hands[1][0])
    # then: it heals 1
    assert kinds(events) == ["CardUsed", "Healed"]
    assert events[1][1] == {"seat": 1, "amount": 1, "reason": "peach"}
    assert game.hp[1] == 4


def test_dying_is_rescued_by_a_peach_in_seat_order() -> None:
    # given: seat 1 at 1 HP; seat 2 and seat 3 hold Peaches; the lord is to kill it
    game = table({0: ["kill", "duel", "duel", "duel"], 2: ["peach"], 3: ["peach"]})
    for d in find("duel"):
        act(game, 0, type="use", card=d, targets=[1])
        act(game, 1, type="decline")
    assert game.hp[1] == 1
    # when: the Kill hits
    act(game, 0, type="use", card=game.hands[0][0], targets=[1])
    events = act(game, 1, type="decline")
    # then: seat 1 is dying and the first Peach holder from the current seat (0) is asked
    assert kinds(events) == ["Declined", "Damaged", "Dying"]
    assert (game.to_act(), game.ask) == ([2], "peach")
    # when: seat 2 passes and seat 3 gives its Peach
    act(game, 2, type="decline")
    assert game.to_act() == [3]
    events = act(game, 3, type="respond", card=game.hands[3][0])
    # then: seat 1 is back at 1 HP: rescued
    assert kinds(events) == ["Responded", "Rescued"]
    assert game.hp[1] == 1 and game.alive[1]


def test_dying_without_rescue_is_death() -> None:
    # given: seat 3 (renegade) at 1 HP, nobody holds a Peach
    game = table({0: ["kill", "duel", "duel", "duel"]})
    for d in find("duel"):
        act(game, 0, type="use", card=d, targets=[3])
        act(game, 3, type="decline")
    # when: the Kill hits
    act(game, 0, type="use", card=game.hands[0][0], targets=[3])
    hand = list(game.hands[3])
    events = act(game, 3, type="decline")
    # then: dying, then death: identity revealed, cards discarded, the lord is the killer
    assert kinds(events) == ["Declined", "Damaged", "Dying", "Died"]
    assert events[-1][1] == {"seat": 3, "killer": 0, "revealed": {"role": "renegade"},
                             "cards": hand}
    assert not game.alive[3] and game.hands[3] == [] and set(hand) <= set(game.discard)
    assert game.view(1)["seats"][3]["role"] == "renegade"
