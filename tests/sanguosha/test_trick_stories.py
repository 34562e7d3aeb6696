"""Stories of every trick: targets, Nullification windows, effects."""

from __future__ import annotations

from domain.sanguosha.actions import OutOfRange
from domain.sanguosha.cards import NAME, find
from tests.sanguosha.rig import act, card, kinds, pass_to, refuse, table


def test_dismantlement_discards_a_random_hand_card() -> None:
    # given: the lord holds a Dismantlement; seat 2 (far away) holds cards
    game = table({0: ["dismantlement"]})
    before = list(game.hands[2])
    # when: the lord dismantles seat 2 and picks "a hand card"
    act(game, 0, type="use", card=game.hands[0][0], targets=[2])
    assert (game.to_act(), game.ask) == ([0], "pick")
    assert game.legal_actions(0) == [{"type": "choose", "area": "hand"}]
    events = act(game, 0, type="choose", area="hand")
    # then: one of seat 2's cards (drawn at random, recorded) is discarded
    assert kinds(events) == ["CardsDiscarded"]
    gone = events[0][1]["cards"][0]
    assert gone in before and gone not in game.hands[2] and gone in game.discard
    assert events[0][1]["reason"] == "dismantlement" and events[0][1]["by"] == 0


def test_dismantlement_can_take_equipment_seen_by_all() -> None:
    # given: seat 1 equipped a horse on its turn; the lord holds a Dismantlement
    game = table({0: ["dismantlement"], 1: ["plus_horse"]})
    horse = game.hands[1][0]
    pass_to(game, 1)
    act(game, 1, type="use", card=horse)
    pass_to(game, 0)
    dismantle = next(c for c in game.hands[0] if NAME[c] == "dismantlement")
    # when: the lord dismantles the horse
    act(game, 0, type="use", card=dismantle, targets=[1])
    assert {"type": "choose", "card": horse} in game.legal_actions(0)
    events = act(game, 0, type="choose", card=horse)
    # then: the horse is discarded from seat 1's equipment
    assert events[0][1]["cards"] == [horse] and game.equip[1][2] is None


def test_snatch_takes_a_card_at_distance_one() -> None:
    # given: the lord holds two Snatches; seat 2 is at distance 2
    game = table({0: ["snatch", "snatch"], 1: ["peach"]})
    # then: seat 2 is out of reach
    refuse(game, 0, OutOfRange, type="use", card=game.hands[0][0], targets=[2])
    # when: the lord snatches from seat 1's hand
    act(game, 0, type="use", card=game.hands[0][0], targets=[1])
    events = act(game, 0, type="choose", area="hand")
    # then: the card moves to the lord's hand
    assert kinds(events) == ["CardTaken"]
    taken = events[0][1]["card"]
    assert events[0][1]["area"] == "hand" and taken in game.hands[0]
    assert len(game.hands[1]) == 3


def test_duel_alternates_kills_until_one_fails() -> None:
    # given: the lord and seat 2 each hold one Kill
    game = table({0: ["duel", "kill"], 2: ["kill"]})
    # when: the lord duels seat 2
    act(game, 0, type="use", card=game.hands[0][0], targets=[2])
    # then: seat 2 answers first with a Kill, then the lord
    assert (game.to_act(), game.ask) == ([2], "kill")
    act(game, 2, type="respond", card=game.hands[2][0])
    assert (game.to_act(), game.ask) == ([0], "kill")
    act(game, 0, type="respond", card=game.hands[0][0])
    # when: seat 2 has no Kill left
    assert game.legal_actions(2) == [{"type": "decline"}]
    events = act(game, 2, type="decline")
    # then: seat 2 takes 1 damage from the lord
    assert events[-1] == ("Damaged", {"seat": 2, "source": 0, "amount": 1,
                                      "cards": [card("duel")], "reason": "duel"})


def test_duel_loser_can_be_the_user() -> None:
    # given: seat 1 holds a Kill, the lord none
    game = table({0: ["duel"], 1: ["kill"]})
    act(game, 0, type="use", card=game.hands[0][0], targets=[1])
    act(game, 1, type="respond", card=game.hands[1][0])
    # when: the lord cannot answer
    events = act(game, 0, type="decline")
    # then: the lord takes 1 damage from seat 1
    assert events[-1][1]["seat"] == 0 and events[-1][1]["source"] == 1


def _armed_seat_one(extra: list[str]):  # type: ignore[no-untyped-def]
    """Given: seat 1 equipped a Crossbow on its turn; back to the lord's turn."""
    game = table({0: ["collateral"], 1: ["crossbow", *extra]})
    pass_to(game, 1)
    act(game, 1, type="use", card=card("crossbow"))
    pass_to(game, 0)
    return game


def test_collateral_makes_the_holder_kill() -> None:
    # given: seat 1 is armed and holds a Kill
    game = _armed_seat_one(["kill"])
    kill = card("kill")
    # when: the lord makes seat 1 kill seat 2 (in the Crossbow's range 1)
    assert {"type": "use", "card": card("collateral"), "targets": [1, 2]} in \
        game.legal_actions(0)
    act(game, 0, type="use", card=card("collateral"), targets=[1, 2])
    # then: seat 1 must kill seat 2 or give up the Crossbow
    assert (game.to_act(), game.ask) == ([1], "collateral")
    events = act(game, 1, type="respond", card=kill)
    assert events[0] == ("CardUsed", {"seat": 1, "name": "kill", "cards": [kill],
                                      "targets": [2], "via": "collateral"})
    act(game, 2, type="decline")
    assert game.hp[2] == 3


def test_collateral_refused_gives_the_weapon() -> None:
    # given: seat 1 is armed and holds a Kill
    game = _armed_seat_one(["kill"])
    crossbow = card("crossbow")
    act(game, 0, type="use", card=card("collateral"), targets=[1, 2])
    # when: seat 1 declines to kill
    events = act(game, 1, type="decline")
    # then: its weapon goes to the lord's hand
    assert kinds(events) == ["Declined", "CardTaken"]
    assert events[-1] == ("CardTaken", {"seat": 0, "source": 1, "card": crossbow,
                                        "area": "equipment", "reason": "collateral"})
    assert crossbow in game.hands[0] and game.equip[1][0] is None


def test_collateral_on_a_holder_without_kill_takes_the_weapon_at_once() -> None:
    # given: seat 1 is armed but holds no Kill
    game = _armed_seat_one([])
    # when: the lord uses Collateral on it
    events = act(game, 0, type="use", card=card("collateral"), targets=[1, 2])
    # then: it cannot kill, so the weapon is handed over without asking
    assert kinds(events) == ["CardUsed", "CardTaken"]


def test_ex_nihilo_draws_two() -> None:
    # given: the lord holds Ex Nihilo; the pile has two known cards after its draw
    game = table({0: ["ex_nihilo"]}, pile=[None, None, "peach", "dodge"])
    # when: it is used
    events = act(game, 0, type="use", card=game.hands[0][0])
    # then: 2 cards are drawn (nobody holds a Nullification: no window)
    assert kinds(events) == ["CardUsed", "CardsDrawn"]
    assert events[1][1] == {"seat": 0, "cards": [card("peach"), card("dodge")],
                            "reason": "ex_nihilo"}


def test_nullification_can_itself_be_nullified() -> None:
    # given: the lord and seat 1 each hold a Nullification
    game = table({0: ["ex_nihilo", "nullification"], 1: ["nullification"]})
    mine, theirs = game.hands[0][1], game.hands[1][0]
    # when: the lord uses Ex Nihilo
    act(game, 0, type="use", card=game.hands[0][0])
    # then: holders are asked in seat order from the current player
    assert (game.to_act(), game.ask) == ([0], "nullify")
    act(game, 0, type="decline")
    assert game.to_act() == [1]
    # when: seat 1 nullifies; the lord nullifies the Nullification
    act(game, 1, type="respond", card=theirs)
    assert game.view(0)["pending"]["nullified"] is True and game.to_act() == [0]
    events = act(game, 0, type="respond", card=mine)
    # then: nobody can answer any more; the Ex Nihilo resolves
    assert kinds(events) == ["Responded", "CardsDrawn"]
    assert events[0][1] == {"seat": 0, "name": "nullification", "cards": [mine],
                            "ask": "nullify"}


def test_nullification_cancels_the_effect() -> None:
    # given: seat 1 holds a Nullification
    game = table({0: ["ex_nihilo"], 1: ["nullification"]})
    act(game, 0, type="use", card=game.hands[0][0])
    # when: seat 1 nullifies
    events = act(game, 1, type="respond", card=game.hands[1][0])
    # then: no draw; back to the lord's play
    assert kinds(events) == ["Responded"]
    assert game.ask == "play" and len(game.hands[0]) == 5


def test_barbarian_invasion_asks_everyone_else_for_a_kill() -> None:
    # given: seat 1 holds a Kill, seat 2 none, seat 3 a Kill it will keep
    game = table({0: ["barbarian_invasion"], 1: ["kill"], 3: ["kill"]})
    # when: the lord invades
    events = act(game, 0, type="use", card=game.hands[0][0])
    # then: targets are every other player from the lord's next seat
    assert events[0][1]["targets"] == [1, 2, 3]
    assert (game.to_act(), game.ask) == ([1], "kill")
    act(game, 1, type="respond", card=game.hands[1][0])
    events = act(game, 2, type="decline")
    assert kinds(events) == ["Declined", "Damaged"]
    act(game, 3, type="decline")
    # then: seats 2 and 3 took 1 damage from the lord
    assert game.hp == [4, 4, 3, 3] and game.ask == "play"


def test_arrow_barrage_asks_everyone_else_for_a_dodge() -> None:
    # given: seat 2 holds a Dodge
    game = table({0: ["arrow_barrage"], 2: ["dodge"]})
    act(game, 0, type="use", card=game.hands[0][0])
    act(game, 1, type="decline")
    act(game, 2, type="respond", card=game.hands[2][0])
    act(game, 3, type="decline")
    # then: seats 1 and 3 were hit
    assert game.hp == [4, 3, 4, 3]


def test_peach_garden_heals_every_wounded_player() -> None:
    # given: seats 1 and 3 wounded by a Barbarian Invasion
    game = table({0: ["barbarian_invasion", "peach_garden"]})
    act(game, 0, type="use", card=game.hands[0][0])
    for seat in (1, 2, 3):
        act(game, seat, type="decline")
    assert game.hp == [4, 3, 3, 3]
    # when: the lord uses Peach Garden
    events = act(game, 0, type="use", card=game.hands[0][0])
    # then: every wounded player heals 1 (the lord, unhurt, is skipped)
    assert kinds(events) == ["CardUsed", "Healed", "Healed", "Healed"]
    assert game.hp == [4, 4, 4, 4]


def test_amazing_grace_reveals_and_each_takes_one() -> None:
    # given: the four cards after the lord's draw are known
    game = table({0: ["amazing_grace"]}, pile=[None, None, "peach", "dodge", "kill", "snatch"])
    shown = [card("peach"), card("dodge"), card("kill"), card("snatch")]
    # when: the lord uses Amazing Grace
    events = act(game, 0, type="use", card=game.hands[0][0])
    # then: as many cards as living players are revealed
    assert events[1] == ("CardsRevealed", {"cards": shown, "reason": "amazing_grace"})
    assert game.legal_actions(0) == [{"type": "choose", "card": c} for c in shown]
    # when: each takes one in turn from the lord
    for seat, pick in zip((0, 1, 2, 3), shown, strict=True):
        assert game.to_act() == [seat]
        act(game, seat, type="choose", card=pick)
    # then: every seat got its card; nothing is left in flight
    assert all(shown[s] in game.hands[s] for s in range(4)) and game.flight == []


def test_indulgence_skips_the_play_phase_unless_hearts() -> None:
    # given: the lord puts Indulgence on seat 1; its judgment card will be a spade
    game = table({0: ["indulgence"]}, pile=[None, None, ("kill", "S", 10)])
    act(game, 0, type="use", card=game.hands[0][0], targets=[1])
    assert game.judging[1] == [card("indulgence")]
    # when: seat 1's turn comes
    act(game, 0, type="end_play")
    events = act(game, 0, type="discard", cards=game.hands[0][:1])
    # then: the judgment (♠10) takes effect: seat 1 draws, skips play, and discards
    assert kinds(events)[2:] == ["TurnStarted", "Judged", "CardsDrawn", "PhaseChanged"]
    assert events[3][1] == {"seat": 1, "card": card(("kill", "S", 10)),
                            "reason": "indulgence", "result": True}
    assert events[5][1] == {"seat": 1, "phase": "discard", "skipped": "play"}
    assert game.ask == "discard" and game.judging[1] == []


def test_indulgence_on_hearts_does_nothing() -> None:
    # given: seat 1's judgment card will be a heart
    game = table({0: ["indulgence"]}, pile=[None, None, ("dodge", "H", 13)])
    act(game, 0, type="use", card=game.hands[0][0], targets=[1])
    act(game, 0, type="end_play")
    act(game, 0, type="discard", cards=game.hands[0][:1])
    # then: seat 1 plays normally
    assert (game.current, game.ask) == (1, "play")


def test_lightning_strikes_on_spades_two_to_nine() -> None:
    # given: the lord places Lightning on itself; its next judgment is ♠7
    game = table({0: ["lightning"]}, pile=[None] * 8 + [("kill", "S", 7)])
    bolt = card("lightning")
    act(game, 0, type="use", card=bolt)
    assert game.judging[0] == [bolt]
    # when: the round comes back to the lord
    pass_to(game, 3)
    act(game, 3, type="end_play")
    events = act(game, 3, type="discard", cards=game.hands[3][:2])
    # then: 3 damage with no source
    assert kinds(events)[2:5] == ["TurnStarted", "Judged", "Damaged"]
    assert events[4][1] == {"seat": 0, "source": None, "amount": 3, "cards": [bolt],
                            "reason": "lightning"}
    assert game.hp[0] == 1 and bolt in game.discard


def test_lightning_otherwise_moves_to_the_next_player() -> None:
    # given: the lord's next judgment is a heart
    game = table({0: ["lightning"]}, pile=[None] * 8 + [("dodge", "H", 13)])
    bolt = card("lightning")
    act(game, 0, type="use", card=bolt)
    pass_to(game, 3)
    act(game, 3, type="end_play")
    events = act(game, 3, type="discard", cards=game.hands[3][:2])
    # then: it passes to seat 1's judgment area
    assert ("LightningPassed", {"seat": 0, "to": 1, "card": bolt}) in events
    assert game.judging[1] == [bolt] and game.hp[0] == 4


def test_cards_used_are_named_by_id() -> None:
    assert [NAME[c] for c in find("duel")] == ["duel"] * 3
