"""The Kingdom Wars deck's cards and mechanics, one story each (docs/rules/kingdom-wars-deck.md):
Fire and Thunder Kills, Wine, Iron Chain and chains, recasting, Fire Attack, Supply
Shortage, Await Exhausted, Known Both, Befriend Attacking, the Kingdom Nullification, the
Lightning's thunder, and the new weapons and armor. Tables are dealt the Kingdom Wars deck
(ids 108..215); card specs are ``cards_hegemony`` names."""

from __future__ import annotations

from typing import Any

import pytest

from domain.sanguosha.actions import CannotUseNow
from domain.sanguosha.cards import KW_OFFSET, NAME
from domain.sanguosha.hegemony import HegemonyGame
from tests.sanguosha.hrig import htable
from tests.sanguosha.rig import Spec, act, card, end_turn, kinds, refuse

PICKS = [("caocao", "xuchu"), ("liubei", "guanyu"), ("sunquan", "zhoutai"),
         ("lvbu", "diaochan")]
KW = {"deck": "kingdom_wars", "skills": False}  # the cards, not the generals
Events = list[tuple[str, dict[str, Any]]]


def kw_table(hands: dict[int, list[Spec]] | None = None, pile: list[Spec | None] | None = None,
             picks: list[tuple[str, str]] | None = None) -> HegemonyGame:
    """Given: four seats dealt these Kingdom Wars hands; seat 0 in its play phase (it
    showed nothing and drew the pile's two top cards)."""
    game = htable(picks or PICKS, hands, pile or [], options=KW)
    act(game, 0, type="decline")  # no show
    settle(game)
    assert game.ask == "play" and game.current == 0
    return game


def kw(spec: Spec) -> int:
    return card(spec, deck="kingdom_wars")


def held(game: HegemonyGame, seat: int, name: str) -> int:
    """The id of the first card called ``name`` (cards_hegemony's name) in the hand."""
    from domain.sanguosha import cards_hegemony

    return next(c for c in game.hands[seat] if cards_hegemony.NAME[c - KW_OFFSET] == name)


def settle(game: HegemonyGame) -> Events:
    """When: skills offered by a timing point are declined (the generals' own skills are
    not these stories' business)."""
    out: Events = []
    while game.ask == "skill":
        out += act(game, game.to_act()[0], type="decline")
    return out


def use(game: HegemonyGame, seat: int, name: str, targets: list[int] | None = None,
        **extra: Any) -> Events:
    action: dict[str, Any] = {"type": "use", "card": held(game, seat, name), **extra}
    if targets is not None:
        action["targets"] = targets
    return act(game, seat, **action) + settle(game)


def take(game: HegemonyGame, seat: int) -> Events:
    """When: ``seat`` declines the window it is asked (a Dodge, a Kill...)."""
    assert game.to_act() == [seat]
    return act(game, seat, type="decline") + settle(game)


def pending(game: HegemonyGame) -> dict[str, Any]:
    return game.view("referee")["pending"]


def damage(events: Events) -> list[dict[str, Any]]:
    return [d for n, d in events if n in ("Damaged", "NatureDamaged")]


# --- the deck in play ---------------------------------------------------------------------
def test_new_tables_deal_the_kingdom_wars_deck_and_the_option_keeps_the_identity_deck() -> None:
    import random

    game = HegemonyGame.new([f"p{i}" for i in range(4)], rng=random.Random(1))
    assert game.options["deck"] == "kingdom_wars" and sorted(game.pile) == list(range(108, 216))
    old = HegemonyGame.new([f"p{i}" for i in range(4)], {"deck": "identity"},
                           rng=random.Random(1))
    assert sorted(old.pile) == list(range(108)) and not old.kw_deck


# --- Fire and Thunder Kills -----------------------------------------------------------------
@pytest.mark.parametrize(("name", "nature"), [("fire_kill", "fire"), ("thunder_kill", "thunder")])
def test_a_fire_or_thunder_kill_deals_damage_of_its_nature(name: str, nature: str) -> None:
    game = kw_table({0: [name]})
    use(game, 0, name, [1])
    assert pending(game)["effect"] == "kill" and pending(game)["nature"] == nature
    events = take(game, 1)  # no Dodge
    assert damage(events) == [{"seat": 1, "source": 0, "amount": 1, "cards": [kw(name)],
                               "reason": "kill", "nature": nature, "chain": False}]
    assert kinds(events)[1] == "NatureDamaged"


def test_a_plain_kill_deals_ordinary_damage_recorded_as_before() -> None:
    game = kw_table({0: ["kill"]})
    use(game, 0, "kill", [1])
    events = take(game, 1)
    assert damage(events) == [{"seat": 1, "source": 0, "amount": 1, "cards": [kw("kill")],
                               "reason": "kill"}]


# --- Wine ---------------------------------------------------------------------------------
def test_wine_makes_the_next_kill_deal_one_more_and_is_drunk_once_per_turn() -> None:
    game = kw_table({0: ["wine", "wine", "kill"]})
    events = use(game, 0, "wine")
    assert kinds(events)[0] == "CardUsed" and events[0][1]["targets"] == [0]
    assert game.view(0)["wine_drunk"] == 1
    # then: the second Wine is not offered this turn
    second = held(game, 0, "wine")
    assert not any(a.get("card") == second for a in game.legal_actions(0))
    refuse(game, 0, CannotUseNow, type="use", card=second)
    use(game, 0, "kill", [1])
    assert pending(game)["drank"] == 1 and game.view(0)["wine_drunk"] == 0
    events = take(game, 1)
    assert damage(events)[0]["amount"] == 2 and game.hp[1] == game.max_hp[1] - 2


def test_the_wine_bonus_is_spent_by_a_dodged_kill() -> None:
    game = kw_table({0: ["wine", "kill"], 1: ["dodge"]}, pile=[None, None])
    use(game, 0, "wine")
    use(game, 0, "kill", [1])
    act(game, 1, type="respond", card=held(game, 1, "dodge"))
    assert game.view(0)["wine_drunk"] == 0


def test_wine_saves_only_its_dying_holder() -> None:
    # given: seat 1 at 1 HP holds a Wine; seat 0 Kills it
    game = kw_table({0: ["kill"], 1: ["wine"], 2: ["wine"]})
    game.hp[1] = 1
    use(game, 0, "kill", [1])
    take(game, 1)
    # then: dying, seat 1 is asked and may play its Wine; seat 2's Wine is no help
    assert game.ask == "peach" and game.to_act() == [1]
    wine = held(game, 1, "wine")
    assert {"type": "respond", "card": wine} in game.legal_actions(1)
    events = act(game, 1, type="respond", card=wine)
    assert events[0][0] == "Responded" and events[0][1]["name"] == "wine"
    assert game.hp[1] == 1 and game.alive[1]


# --- Iron Chain and chains ------------------------------------------------------------------
def test_iron_chain_chains_two_and_fire_runs_down_the_chain() -> None:
    game = kw_table({0: ["iron_chain", "fire_kill"]})
    events = use(game, 0, "iron_chain", [2, 1])  # any order
    assert [d for n, d in events if n == "ChainToggled"] == [
        {"seat": 1, "chained": True}, {"seat": 2, "chained": True}]
    assert game.chained == [False, True, True, False]
    assert game.view(3)["seats"][1]["chained"] is True
    # when: a Fire Kill hits seat 1 (its range reaches seat 1 only)
    use(game, 0, "fire_kill", [1])
    events = take(game, 1)
    # then: seat 2 takes the same fire damage from seat 0, down the chain; both unchained
    assert [(d["seat"], d["amount"], d["nature"], d["chain"]) for d in damage(events)] == [
        (1, 1, "fire", False), (2, 1, "fire", True)]
    assert game.chained == [False] * 4


def test_ordinary_damage_does_not_travel_and_a_second_chain_unchains() -> None:
    game = kw_table({0: ["iron_chain", "iron_chain", "kill"]})
    use(game, 0, "iron_chain", [1, 2])
    use(game, 0, "kill", [1])
    events = take(game, 1)
    assert len(damage(events)) == 1 and game.chained == [False, True, True, False]
    use(game, 0, "iron_chain", [2])
    assert game.chained == [False, True, False, False]


def test_recasting_iron_chain_discards_it_and_draws_one() -> None:
    game = kw_table({0: ["iron_chain"]}, pile=[None, None, "peach"])
    chain = held(game, 0, "iron_chain")
    assert {"type": "recast", "card": chain} in game.legal_actions(0)
    events = act(game, 0, type="recast", card=chain)
    assert kinds(events) == ["CardRecast", "CardsDrawn"]
    assert events[1][1]["reason"] == "recast" and game.discard[-1] == chain
    assert kw("peach") in game.hands[0]


# --- Fire Attack ---------------------------------------------------------------------------
def test_fire_attack_shows_a_card_and_a_card_of_its_suit_deals_fire_damage() -> None:
    game = kw_table({0: ["fire_attack", ("kill", "H", 10)], 2: [("dodge", "H", 2)]})
    use(game, 0, "fire_attack", [2])
    assert game.ask == "show_card" and game.to_act() == [2]
    shown = kw(("dodge", "H", 2))
    events = act(game, 2, type="choose", card=shown)
    assert events[0] == ("CardShown", {"seat": 2, "card": shown, "reason": "fire_attack"})
    assert game.ask == "fire_attack" and pending(game)["shown"] == shown
    assert game.legal_actions(0)[0]["from"] == [kw(("kill", "H", 10))]
    events = act(game, 0, type="discard", cards=[kw(("kill", "H", 10))])
    assert [(d["seat"], d["nature"]) for d in damage(events)] == [(2, "fire")]
    assert shown in game.hands[2]  # shown, not lost


def test_fire_attack_declined_or_without_the_suit_does_nothing() -> None:
    game = kw_table({0: ["fire_attack", ("kill", "S", 5)], 1: [("dodge", "H", 2)]})
    use(game, 0, "fire_attack", [1])
    events = act(game, 1, type="choose", card=kw(("dodge", "H", 2)))
    assert damage(events) == [] and game.ask == "play"


def test_fire_attack_on_oneself_needs_another_hand_card() -> None:
    game = kw_table({0: ["fire_attack"]})
    game.hands[0] = [held(game, 0, "fire_attack")]
    fa = held(game, 0, "fire_attack")
    assert not any(a.get("card") == fa and a.get("targets") == [0]
                   for a in game.legal_actions(0))


# --- Supply Shortage ----------------------------------------------------------------------
def test_supply_shortage_at_distance_one_skips_the_draw_unless_a_club() -> None:
    game = kw_table({0: ["supply_shortage", "supply_shortage"]},
                    pile=[None, None, ("kill", "S", 5), None, None, ("kill", "C", 2)])
    ss = held(game, 0, "supply_shortage")
    targets = {tuple(a["targets"]) for a in game.legal_actions(0) if a.get("card") == ss}
    assert targets == {(1,), (3,)}  # seat 2 is at distance 2
    use(game, 0, "supply_shortage", [1])
    end_turn(game)
    # seat 1's turn: judgment ♠5, not a club: no draw phase
    hand = len(game.hands[1])
    act(game, 1, type="decline")
    settle(game)
    assert game.ask == "play" and game.current == 1 and len(game.hands[1]) == hand
    assert game.judging[1] == []


# --- Vine and Silver Lion ------------------------------------------------------------------
def test_vine_stops_plain_kills_and_barbarians_and_takes_one_more_fire() -> None:
    game = kw_table({0: ["kill", "barbarian_invasion", "fire_kill", "crossbow"],
                     1: ["vine"]})
    vine = kw("vine")
    game.hands[1].remove(vine)
    game.equip[1][1] = vine
    use(game, 0, "crossbow")
    events = use(game, 0, "kill", [1])
    assert ("KillBlocked", {"seat": 1, "source": 0, "armor": vine}) in events
    events = use(game, 0, "barbarian_invasion")
    assert ("EffectBlocked", {"seat": 1, "source": 0, "armor": vine,
                              "name": "barbarian_invasion"}) in events
    while game.ask == "kill":
        take(game, game.to_act()[0])
    use(game, 0, "fire_kill", [1])
    events = take(game, 1)
    assert damage(events)[0]["amount"] == 2


def test_silver_lion_caps_damage_at_one_and_heals_when_it_leaves() -> None:
    game = kw_table({0: ["wine", "kill", "dismantlement"], 1: ["silver_lion"]})
    lion = kw("silver_lion")
    game.hands[1].remove(lion)
    game.equip[1][1] = lion
    game.worn[1] = lion
    use(game, 0, "wine")
    use(game, 0, "kill", [1])
    events = take(game, 1)
    assert damage(events)[0]["amount"] == 1 and game.hp[1] == game.max_hp[1] - 1
    use(game, 0, "dismantlement", [1])
    events = act(game, 0, type="choose", card=lion)
    assert ("Healed", {"seat": 1, "amount": 1, "reason": "silver_lion"}) in events
    assert game.hp[1] == game.max_hp[1]


# --- weapons --------------------------------------------------------------------------------
def test_feather_fan_makes_a_plain_kill_fire() -> None:
    game = kw_table({0: ["feather_fan", "kill"]})
    use(game, 0, "feather_fan")
    use(game, 0, "kill", [2])
    assert game.ask == "feather_fan" and game.to_act() == [0]
    act(game, 0, type="accept")
    events = take(game, 2)
    assert damage(events)[0]["nature"] == "fire"


def test_triblade_deals_one_to_a_neighbour_of_the_hit_target() -> None:
    game = kw_table({0: ["triblade", "kill", "peach"]})
    use(game, 0, "triblade")
    use(game, 0, "kill", [2])
    take(game, 2)
    assert game.ask == "triblade"
    options = {(a["card"], a["targets"][0]) for a in game.legal_actions(0) if "card" in a}
    peach = held(game, 0, "peach")
    assert (peach, 1) in options and (peach, 3) in options and all(t != 0 for _, t in options)
    events = act(game, 0, type="skill", skill="triblade", card=peach, targets=[3])
    assert [(d["seat"], d["reason"]) for d in damage(events)] == [(3, "triblade")]
    assert peach in game.discard


# --- the Kingdom Wars tricks ------------------------------------------------------------------
def test_await_exhausted_reaches_only_a_hidden_user_who_draws_two_then_discards_two() -> None:
    game = kw_table({0: ["await_exhausted"]})
    events = use(game, 0, "await_exhausted")
    assert events[0][1]["targets"] == [0]
    assert game.ask == "await_discard"
    template = game.legal_actions(0)[0]
    assert template["count"] == 2
    before = len(game.hands[0])
    act(game, 0, type="discard", cards=template["from"][:2])
    assert len(game.hands[0]) == before - 2 and game.ask == "play"


def test_known_both_shows_a_hidden_general_to_the_user_only() -> None:
    game = kw_table({0: ["known_both"]})
    use(game, 0, "known_both", [1])
    choices = [a["choice"] for a in game.legal_actions(0)]
    assert choices == ["hand", "head", "deputy"]
    events = act(game, 0, type="choose", choice="deputy")
    assert events[0] == ("KnownBothSeen", {"seat": 0, "target": 1, "choice": "deputy",
                                          "seen": ["guanyu"]})
    seen = next(e for e in game.pending_events if type(e).__name__ == "KnownBothSeen")
    assert game.event_view(seen, 0)["data"]["seen"] == ["guanyu"]
    for viewer in (1, 2, "spectator"):
        assert game.event_view(seen, viewer)["data"]["seen"] is None


def test_befriend_attacking_needs_shown_generals_on_two_sides() -> None:
    # given: seat 0 holds Befriend Attacking (kept through its first discard phase)
    game = kw_table({0: ["befriend_attacking"]})
    befriend = held(game, 0, "befriend_attacking")
    assert not any(a.get("card") == befriend for a in game.legal_actions(0))  # none shown
    end_turn(game)
    # when: seat 1 shows its head (Shu); seats 2 and 3 show nothing
    for seat in (1, 2, 3):
        act(game, seat, type="show", which="head") if seat == 1 else \
            act(game, seat, type="decline")
        settle(game)
        end_turn(game)
    act(game, 0, type="show", which="head")  # Wei
    settle(game)
    befriend = held(game, 0, "befriend_attacking")
    targets = [a["targets"] for a in game.legal_actions(0) if a.get("card") == befriend]
    assert targets == [[1]]  # shown, and not on seat 0's side
    events = use(game, 0, "befriend_attacking", [1])
    drawn = [(d["seat"], len(d["cards"])) for n, d in events if n == "CardsDrawn"]
    assert drawn == [(1, 1), (0, 3)]


def test_a_kingdom_nullification_nullifies_like_a_nullification() -> None:
    game = kw_table({0: ["dismantlement"], 1: ["kingdom_nullification"]})
    use(game, 0, "dismantlement", [1])
    assert game.ask == "nullify" and game.to_act() == [1]
    kn = held(game, 1, "kingdom_nullification")
    events = act(game, 1, type="respond", card=kn)
    assert events[0][1]["name"] == "nullification" and game.ask == "play"
    assert NAME[kn] == "kingdom_nullification"


def test_lightning_deals_thunder_damage_in_the_kingdom_wars_deck() -> None:
    game = kw_table({0: ["lightning"]}, pile=[None, None, ("kill", "S", 5)])
    use(game, 0, "lightning")
    end_turn(game)
    # seat 0's Lightning is judged at seat 0's next turn: pass the others' turns
    while not (game.current == 0 and game.ask == "show"):
        if game.ask == "show":
            act(game, game.current, type="decline")
        settle(game)
        if game.ask == "play":
            end_turn(game)
    events = act(game, 0, type="decline") + settle(game)
    hits = damage(events)
    if hits:  # the judged card depends on the draws before it: ♠2-9 strikes
        assert hits[0]["nature"] == "thunder" and hits[0]["reason"] == "lightning"
