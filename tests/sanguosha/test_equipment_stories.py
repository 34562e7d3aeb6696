"""Stories of every weapon, both armors and the horses."""

from __future__ import annotations

from typing import Any

from domain.sanguosha.actions import KillLimitReached, OutOfRange
from domain.sanguosha.cards import NAME
from domain.sanguosha.identity import IdentityGame
from tests.sanguosha.rig import Gendered, act, card, kinds, pass_to, refuse, table


def equip(game: IdentityGame, seat: int, *names: str) -> None:
    """When: ``seat`` (whose play phase it is) equips these cards from its hand."""
    for name in names:
        act(game, seat, type="use", card=next(c for c in game.hands[seat] if NAME[c] == name))


def kills_in(game: IdentityGame, seat: int) -> list[int]:
    return [c for c in game.hands[seat] if NAME[c] == "kill"]


def test_crossbow_lifts_the_kill_limit() -> None:
    # given: the lord equips a Crossbow and holds two Kills
    game = table({0: ["crossbow", "kill", "kill"]})
    equip(game, 0, "crossbow")
    # when: it kills twice
    for _ in range(2):
        act(game, 0, type="use", card=kills_in(game, 0)[0], targets=[1])
        act(game, 1, type="decline")
    # then: both hit
    assert game.hp[1] == 2 and game.kills == 2


def test_a_new_weapon_replaces_the_old() -> None:
    # given: the lord equips a Crossbow, then a Halberd
    game = table({0: ["crossbow", "halberd"]})
    equip(game, 0, "crossbow", "halberd")
    # then: the Crossbow went to the discard pile
    assert game.equip[0][0] == card("halberd") and card("crossbow") in game.discard


def _seat_one_wears(armor: str, lord: list[Any], pile: list[Any] | None = None) -> IdentityGame:
    """Given: seat 1 equipped ``armor`` on its turn; it is the lord's turn again."""
    game = table({0: lord, 1: [armor]}, pile=pile or [])
    pass_to(game, 1)
    equip(game, 1, armor)
    pass_to(game, 0)
    return game


def test_renwang_shield_stops_black_kills() -> None:
    # given: seat 1 wears the Renwang Shield; the lord holds a black and a red Kill
    game = _seat_one_wears("renwang_shield", [("kill", "S", 7), ("kill", "H", 10)])
    black = card(("kill", "S", 7))
    # when: the lord uses the black Kill
    events = act(game, 0, type="use", card=black, targets=[1])
    # then: it has no effect on seat 1
    assert kinds(events) == ["CardUsed", "KillBlocked"]
    assert events[1][1] == {"seat": 1, "source": 0, "armor": card("renwang_shield")}
    assert game.hp[1] == 4
    # then: that was the lord's Kill for this turn
    refuse(game, 0, KillLimitReached, type="use", card=card(("kill", "H", 10)), targets=[1])


def test_renwang_shield_does_not_stop_red_kills() -> None:
    game = _seat_one_wears("renwang_shield", [("kill", "H", 10)])
    act(game, 0, type="use", card=card(("kill", "H", 10)), targets=[1])
    # then: seat 1 must dodge as usual
    assert game.ask == "dodge"


def test_qinggang_sword_ignores_armor() -> None:
    # given: seat 1 wears the Renwang Shield; the lord equips the Qinggang Sword
    game = _seat_one_wears("renwang_shield", ["qinggang_sword", ("kill", "S", 7)])
    equip(game, 0, "qinggang_sword")
    # when: the black Kill is used
    act(game, 0, type="use", card=card(("kill", "S", 7)), targets=[1])
    # then: the shield does nothing; seat 1 is asked to dodge
    assert (game.to_act(), game.ask) == ([1], "dodge")


def test_eight_trigrams_red_judgment_counts_as_dodge() -> None:
    # given: seat 1 wears Eight Trigrams; its judgment will be red
    game = _seat_one_wears("eight_trigrams", ["kill"], pile=[None] * 10 + [("peach", "H", 3)])
    act(game, 0, type="use", card=kills_in(game, 0)[0], targets=[1])
    # then: seat 1 may judge
    assert {"type": "eight_trigrams"} in game.legal_actions(1)
    events = act(game, 1, type="eight_trigrams")
    # then: red: the Kill is dodged
    assert events == [("Judged", {"seat": 1, "card": card(("peach", "H", 3)),
                                  "reason": "eight_trigrams", "result": True})]
    assert game.hp[1] == 4 and game.ask == "play"


def test_eight_trigrams_black_judgment_still_allows_a_dodge() -> None:
    game = _seat_one_wears("eight_trigrams", ["kill"], pile=[None] * 10 + [("kill", "S", 10)])
    act(game, 0, type="use", card=kills_in(game, 0)[0], targets=[1])
    act(game, 1, type="eight_trigrams")
    # then: black: seat 1 is still asked, without a second judgment
    assert game.ask == "dodge" and {"type": "eight_trigrams"} not in game.legal_actions(1)
    act(game, 1, type="decline")
    assert game.hp[1] == 3


def test_qinggang_sword_also_ignores_eight_trigrams() -> None:
    game = _seat_one_wears("eight_trigrams", ["qinggang_sword", "kill"])
    equip(game, 0, "qinggang_sword")
    act(game, 0, type="use", card=kills_in(game, 0)[0], targets=[1])
    assert game.legal_actions(1) == [{"type": "decline"}]


def test_ice_sword_discards_two_cards_instead_of_damage() -> None:
    # given: the lord has the Ice Sword; seat 2 (distance 2) holds cards
    game = table({0: ["ice_sword", "kill"]})
    equip(game, 0, "ice_sword")
    act(game, 0, type="use", card=kills_in(game, 0)[0], targets=[2])
    act(game, 2, type="decline")
    # when: the Kill would hit, the lord chooses the Ice Sword
    assert game.legal_actions(0) == [{"type": "accept"}, {"type": "decline"}]
    act(game, 0, type="accept")
    events = act(game, 0, type="choose", area="hand")
    events += act(game, 0, type="choose", area="hand")
    # then: two of seat 2's cards are discarded and no damage is dealt
    assert kinds(events) == ["CardsDiscarded", "CardsDiscarded"]
    assert game.hp[2] == 4 and len(game.hands[2]) == 2


def test_ice_sword_may_be_declined_for_damage() -> None:
    game = table({0: ["ice_sword", "kill"]})
    equip(game, 0, "ice_sword")
    act(game, 0, type="use", card=kills_in(game, 0)[0], targets=[2])
    act(game, 2, type="decline")
    events = act(game, 0, type="decline")
    assert kinds(events) == ["Declined", "Damaged"]


def test_double_swords_target_discards_or_the_attacker_draws() -> None:
    # given: a male lord with the Double Swords kills a female seat 1
    game = table({0: ["double_swords", "kill", "kill"]}, pile=[None, None, "peach"],
                 game_class=Gendered)
    equip(game, 0, "double_swords")
    act(game, 0, type="use", card=kills_in(game, 0)[0], targets=[1])
    # then: seat 1 first chooses: discard a hand card, or let the lord draw 1
    assert (game.to_act(), game.ask) == ([1], "double_swords")
    events = act(game, 1, type="decline")
    assert events[1] == ("CardsDrawn", {"seat": 0, "cards": [card("peach")],
                                        "reason": "double_swords"})
    # then: the Kill goes on: seat 1 must dodge
    assert game.ask == "dodge"


def test_double_swords_never_triggers_without_genders() -> None:
    game = table({0: ["double_swords", "kill"]})
    equip(game, 0, "double_swords")
    act(game, 0, type="use", card=kills_in(game, 0)[0], targets=[1])
    assert game.ask == "dodge"


def test_blade_kills_again_after_a_dodge() -> None:
    # given: the lord has the Blade and two Kills; seat 1 one Dodge
    game = table({0: ["blade", "kill", "kill"], 1: ["dodge"]})
    equip(game, 0, "blade")
    act(game, 0, type="use", card=kills_in(game, 0)[0], targets=[1])
    act(game, 1, type="respond", card=game.hands[1][0])
    # when: dodged, the lord may Kill again
    assert (game.to_act(), game.ask) == ([0], "blade")
    second = kills_in(game, 0)[0]
    events = act(game, 0, type="respond", card=second)
    # then: a new Kill on the same target
    assert events[0] == ("CardUsed", {"seat": 0, "name": "kill", "cards": [second],
                                      "targets": [1], "via": "blade"})
    act(game, 1, type="decline")
    assert game.hp[1] == 3


def test_spear_uses_two_hand_cards_as_a_kill() -> None:
    # given: the lord has the Spear and no Kill
    game = table({0: ["spear"]})
    equip(game, 0, "spear")
    template = next(a for a in game.legal_actions(0) if a.get("spear"))
    assert template["count"] == 2 and template["targets"] == [1]
    two = game.hands[0][:2]
    # when: it plays two cards as a Kill
    events = act(game, 0, type="use", spear=True, cards=two, targets=[1])
    # then: a Kill made of those two cards
    assert events[0] == ("CardUsed", {"seat": 0, "name": "kill", "cards": two, "targets": [1],
                                      "via": "play"})
    act(game, 1, type="decline")
    assert game.hp[1] == 3 and set(two) <= set(game.discard)


def test_spear_answers_a_duel_with_two_cards() -> None:
    # given: seat 1 has the Spear; the lord duels it
    game = table({0: ["duel"], 1: ["spear"]})
    pass_to(game, 1)
    equip(game, 1, "spear")
    pass_to(game, 0)
    act(game, 0, type="use", card=card("duel"), targets=[1])
    two = game.hands[1][:2]
    events = act(game, 1, type="respond", spear=True, cards=two)
    assert events[0] == ("Responded", {"seat": 1, "name": "kill", "cards": two, "ask": "kill"})


def test_axe_discards_two_cards_to_hit_anyway() -> None:
    # given: the lord has the Axe; seat 1 dodges
    game = table({0: ["axe", "kill"], 1: ["dodge"]})
    equip(game, 0, "axe")
    act(game, 0, type="use", card=kills_in(game, 0)[0], targets=[1])
    act(game, 1, type="respond", card=game.hands[1][0])
    # when: the lord discards two cards
    assert game.ask == "axe"
    two = game.hands[0][:2]
    events = act(game, 0, type="discard", cards=two)
    # then: the Kill hits anyway
    assert kinds(events) == ["CardsDiscarded", "Damaged"]
    assert game.hp[1] == 3


def test_halberd_last_kill_takes_up_to_three_targets() -> None:
    # given: the lord's last hand card is a Kill and it has the Halberd (range 4)
    game = table({0: ["halberd", "kill", "plus_horse", "minus_horse"]},
                 pile=["eight_trigrams", "renwang_shield"])
    equip(game, 0, "halberd", "plus_horse", "minus_horse", "eight_trigrams")
    kill = kills_in(game, 0)[0]
    assert {"type": "use", "card": kill, "targets": [1, 3]} not in game.legal_actions(0)
    equip(game, 0, "renwang_shield")
    assert {"type": "use", "card": kill, "targets": [1, 2, 3]} in game.legal_actions(0)
    # when: it kills three
    act(game, 0, type="use", card=kill, targets=[1, 2, 3])
    for seat in (1, 2, 3):
        assert game.to_act() == [seat]
        act(game, seat, type="decline")
    # then: each took 1 damage
    assert game.hp == [4, 3, 3, 3]


def test_kylin_bow_discards_a_horse_on_hit() -> None:
    # given: seat 1 rides a +1 horse; the lord has the Kylin Bow (range 5)
    game = table({0: ["kylin_bow", "kill"], 1: ["plus_horse"]})
    horse = card("plus_horse")
    pass_to(game, 1)
    equip(game, 1, "plus_horse")
    pass_to(game, 0)
    equip(game, 0, "kylin_bow")
    act(game, 0, type="use", card=kills_in(game, 0)[0], targets=[1])
    act(game, 1, type="decline")
    # when: the lord discards the horse
    assert game.legal_actions(0) == [{"type": "choose", "card": horse}, {"type": "decline"}]
    events = act(game, 0, type="choose", card=horse)
    # then: the horse is gone, and the damage follows
    assert kinds(events) == ["CardsDiscarded", "Damaged"]
    assert events[0][1] == {"seat": 1, "cards": [horse], "reason": "kylin_bow", "by": 0}


def test_horses_change_who_is_in_range() -> None:
    # given: seat 1 rides a +1 horse
    game = table({0: ["kill", "minus_horse"], 1: ["plus_horse"]})
    pass_to(game, 1)
    equip(game, 1, "plus_horse")
    pass_to(game, 0)
    # then: the unarmed lord cannot reach it...
    refuse(game, 0, OutOfRange, type="use", card=kills_in(game, 0)[0], targets=[1])
    # ...until it rides a -1 horse
    equip(game, 0, "minus_horse")
    act(game, 0, type="use", card=kills_in(game, 0)[0], targets=[1])
    assert game.ask == "dodge"
