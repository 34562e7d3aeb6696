"""Forged Kingdom Wars deck games: the referee names each change by its event and rule.

Games dealt the Kingdom Wars deck (generals without skills) are played to the end by bots;
one stored fact is then changed as a forger with write access would. The referee judges
the facts alone and must name the change at its event, and nothing before it. One forgery
goes through the store too (re-sealed rows, the audit's report).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import cache
from typing import Any

from domain.audit import Fact
from domain.referee.hegemony import referee
from domain.sanguosha.cards import NAME
from service.hall import GameHall, run_bots
from tests.referee.forger import audited, forge, is_
from tests.referee.forger import named as named_in_report
from tests.referee.forging import dropped, first_forged, named
from tests.referee.test_hegemony_deck_differential import kw_game
from tests.referee.test_hegemony_differential import facts_of

SEEDS = range(70)
Pick = Callable[[list[Fact], int], bool]


@cache
def game_facts(seed: int) -> list[Fact]:
    facts = facts_of(kw_game(seed))
    assert not referee(facts).violations  # the game as played breaks no rule
    return facts


def forged(pick: Pick,
           change: Callable[[Fact], None]) -> tuple[list[Fact], int]:
    """The first of this file's games with a fact ``pick`` accepts, that fact changed."""
    return first_forged((game_facts(seed) for seed in SEEDS), pick, change)


def of(kind: str, **fields: Any) -> Pick:
    return lambda fs, i: fs[i].type == kind and all(fs[i].data.get(k) == v
                                                   for k, v in fields.items())


def test_an_identity_card_in_the_kingdom_wars_deck() -> None:
    # the deck's bottom card swapped for the identity deck's card 0
    facts, at = forged(of("DeckShuffled"), lambda f: f.data["order"].__setitem__(-1, 0))
    assert "108 cards" in named(facts, at, "deck")


def test_a_thunder_kill_recorded_as_fire() -> None:
    facts, at = forged(of("NatureDamaged", reason="kill", nature="thunder", chain=False),
                       lambda f: f.data.update(nature="fire"))
    assert "thunder" in named(facts, at, "damage")


def test_a_kill_after_wine_deals_one_less() -> None:
    # a Kill after a Wine (and no armor changing it) deals 2: recorded as 1
    def after_wine(fs: list[Fact], i: int) -> bool:
        f = fs[i]
        if f.type not in ("Damaged", "NatureDamaged") or f.data["reason"] != "kill" or \
                f.data.get("chain") or f.data["amount"] != 2:
            return False
        used = next(g for g in reversed(fs[:i]) if g.type == "CardUsed" and
                    g.data["cards"] == f.data["cards"])
        return any(g.type == "CardUsed" and g.data["name"] == "wine"
                   for g in fs[fs.index(used) - 3:fs.index(used)])
    facts, at = forged(after_wine, lambda f: f.data.update(amount=1))
    assert "the kill deals 2" in named(facts, at, "damage")


def test_chain_damage_raised() -> None:
    facts, at = forged(of("NatureDamaged", chain=True, amount=1),
                       lambda f: f.data.update(amount=2))
    assert "the chain brings" in named(facts, at, "chain")


def test_chain_damage_to_a_seat_the_chain_does_not_reach_next() -> None:
    def two_links(fs: list[Fact], i: int) -> bool:  # the first of two chained in a row
        return of("NatureDamaged", chain=True)(fs, i) and of("NatureDamaged", chain=True)(
            fs, i + 1) and fs[i].data["seat"] != fs[i + 1].data["seat"]
    facts, at = forged(two_links, lambda f: f.data.update(seat=(f.data["seat"] + 1) % 4 + 0))
    named(facts, at, "chain")


def test_a_chained_seat_recorded_unchained() -> None:
    facts, at = forged(of("ChainToggled", chained=True), lambda f: f.data.update(chained=False))
    assert "Iron Chain makes it chained" in named(facts, at, "chain")


def test_a_recast_out_of_turn() -> None:
    def other(f: Fact) -> None:
        f.data["seat"] = (f.data["seat"] + 1) % 4
    facts, at = forged(of("CardRecast"), other)
    assert "recasts" in named(facts, at, "recast")


def test_a_fire_attack_shows_a_card_its_target_does_not_hold() -> None:
    facts, at = forged(of("CardShown", reason="fire_attack"),
                       lambda f: f.data.update(card=f.data["card"] + 1 if f.data["card"] < 215
                                               else 108))
    assert "not in its hand" in named(facts, at, "card-owner")


def test_a_supply_shortage_judgment_reversed() -> None:
    facts, at = forged(of("Judged", reason="supply_shortage"),
                       lambda f: f.data.update(result=not f.data["result"]))
    named(facts, at, "judgment")


def test_known_both_sees_another_general() -> None:
    facts, at = forged(lambda fs, i: of("KnownBothSeen")(fs, i) and fs[i].data["choice"] != "hand",
                       lambda f: f.data.update(seen=["not-a-general"]))
    assert "saw ['not-a-general']" in named(facts, at, "card-effect")


def test_an_await_exhausted_discard_of_one_card() -> None:
    facts, at = forged(lambda fs, i: of("CardsDiscarded", reason="await_discard")(fs, i)
                       and len(fs[i].data["cards"]) == 2,
                       lambda f: f.data.update(cards=f.data["cards"][:1]))
    assert "2 of hand or equipment" in named(facts, at, "card-effect")


def test_befriend_attacking_draws_for_the_user_first() -> None:
    def user_first(f: Fact) -> None:
        f.data["seat"] = (f.data["seat"] + 1) % 4
    facts, at = forged(of("CardsDrawn", reason="befriend_attacking"), user_first)
    named(facts, at, "card-effect")


def test_a_silver_lion_heals_another_seat() -> None:
    def other(f: Fact) -> None:
        f.data["seat"] = (f.data["seat"] + 1) % 4
    facts, at = forged(of("Healed", reason="silver_lion"), other)
    assert "Silver Lion left" in named(facts, at, "silver-lion")


def test_the_vine_stops_a_duel() -> None:
    facts, at = forged(of("EffectBlocked"), lambda f: f.data.update(name="duel"))
    assert "Vine stops" in named(facts, at, "card-effect")


def test_a_feather_fan_accepted_by_the_target() -> None:
    def target(fs: list[Fact], i: int) -> bool:
        return of("Accepted", ask="feather_fan")(fs, i)
    facts, at = forged(target, lambda f: f.data.update(seat=(f.data["seat"] + 1) % 4))
    assert "Feather Fan" in named(facts, at, "asked-seat")


def test_the_triblade_strikes_the_kill_target_again() -> None:
    def at_target(fs: list[Fact], i: int) -> bool:
        return of("SkillUsed", skill="triblade")(fs, i)

    def kill_target(facts: list[Fact]) -> Callable[[Fact], None]:
        def change(f: Fact) -> None:
            used = next(g for g in reversed(facts[:f.version - 1])
                        if g.type == "CardUsed" and g.data["name"] == "kill")
            f.data["targets"] = [used.data["targets"][0]]
        return change
    for seed in SEEDS:
        facts = copy.deepcopy(game_facts(seed))
        i = next((k for k in range(len(facts)) if at_target(facts, k)), None)
        if i is not None:
            kill_target(facts)(facts[i])
            assert "distance 1" in named(facts, facts[i].version, "card-effect")
            return
    raise AssertionError("no game uses the Triblade")


def test_a_kingdom_nullification_named_as_itself() -> None:
    # it is played as a Nullification (for "all" too, told by the event before it): named
    # otherwise, the answer is no Nullification
    facts, at = forged(lambda fs, i: of("Responded", ask="nullify")(fs, i)
                       and NAME[fs[i].data["cards"][0]] == "kingdom_nullification",
                       lambda f: f.data.update(name="kingdom_nullification"))
    named(facts, at, "card-use")


def test_a_forged_chain_through_the_store(hall: GameHall, store: str) -> None:
    """A finished game stored, one chain damage rewritten and the rows re-sealed: the
    audit's report names the event and the rule."""
    import random

    from domain import registry
    from domain.sanguosha.hegemony import HegemonyGame

    for seed in range(40):
        rng = random.Random(seed)
        options = registry.spec("hegemony").check_options({"skills": False})
        game = HegemonyGame.new([f"p{i}" for i in range(8)], options, agents=["random"] * 8,
                                rng=rng)
        run_bots(game, rng)
        if any(type(e).__name__ == "NatureDamaged" and e.chain for e in game.pending_events):
            break
    hall.save(game)
    at = forge(store, game.id, lambda b, _: is_(b, "NatureDamaged") and b["chain"],
               lambda b, _: b.update(amount=b["amount"] + 1))
    named_in_report(audited(store, game.id), at, "chain")


def test_a_plain_kill_through_the_vine() -> None:
    # the Vine's block of a plain Kill rewritten as a Kill that was not dodged (the
    # Kill's damage to the Vine's wearer is then due 0: no such damage)
    def blocked(fs: list[Fact], i: int) -> bool:
        f = fs[i]
        return f.type == "KillBlocked" and NAME[f.data["armor"]] == "vine"

    for seed in SEEDS:
        facts = copy.deepcopy(game_facts(seed))
        i = next((k for k in range(len(facts)) if blocked(facts, k)), None)
        if i is None:
            continue
        used = next(g for g in reversed(facts[:i]) if g.type == "CardUsed"
                    and g.data["name"] == "kill")
        seat, source = facts[i].data["seat"], facts[i].data["source"]
        facts[i] = Fact(facts[i].version, "Damaged", {
            "seat": seat, "source": source, "amount": 1, "cards": used.data["cards"],
            "reason": "kill"})
        assert "the kill deals 0" in named(facts, facts[i].version, "damage")
        return
    raise AssertionError("no game has a Vine block")


# --- the Kingdom Nullification's "all" ------------------------------------------------------
def test_all_claimed_for_another_kingdom() -> None:
    # the bots' games choose "all" now and then: the kingdom it names is the target's
    other = {"wei": "shu", "shu": "wu", "wu": "qun", "qun": "wei"}
    facts, at = forged(of("NullificationWidened"),
                       lambda f: f.data.update(kingdom=other[f.data["kingdom"]]))
    assert "kingdom is" in named(facts, at, "kingdom-nullification")


def test_all_chosen_for_a_target_with_no_kingdom_shown() -> None:
    facts = facts_of(kingdom_story())
    at = next(f.version for f in facts if f.type == "NullificationWidened")
    facts[at - 1].data.update(target=4)  # the hidden Qun seat, a later target
    assert "no shown kingdom" in named(facts, at, "kingdom-nullification")


def test_all_chosen_by_a_countering_nullification() -> None:
    # seat 1 nullifies the Barrage at itself; seat 2 lets it be, seat 3 counters with a
    # Kingdom Nullification. Seat 2's pass rewritten as seat 3's "all": only the first
    # Nullification of a window is on the trick itself
    facts = facts_of(kingdom_story(counter=True))
    at = next(f.version for f in facts if f.type == "Declined" and f.data["ask"] == "nullify")
    facts[at - 1] = Fact(at, "NullificationWidened", {"seat": 3, "target": 1, "kingdom": "wu"})
    assert "already" in named(facts, at, "kingdom-nullification")


def test_a_spared_target_answers_the_barrage() -> None:
    # seat 2 (Shu) took the Arrow Barrage; recorded as seat 3 (Wu), which "all" spared
    facts = facts_of(kingdom_story())
    at = next(f.version for f in facts if f.type == "Declined" and f.data["ask"] == "dodge")
    facts[at - 1].data.update(seat=3)
    assert "spared" in named(facts, at, "kingdom-nullification")


def test_the_kingdom_nullification_after_all_is_another_card() -> None:
    facts = facts_of(kingdom_story())
    at = next(f.version for f in facts if f.type == "NullificationWidened") + 1
    facts[at - 1].data.update(seat=2)  # someone else answers instead
    named(facts, at, "kingdom-nullification")


def test_all_leaves_out_a_target_of_another_kingdom() -> None:
    # Wu's "all" spared seats 3 and 5; the forger drops Shu seat 2's Dodge ask and damage
    # too, so the Barrage goes from seat 1's window straight to the hidden seat 4
    facts = facts_of(kingdom_story())
    at = next(f.version for f in facts if f.type == "Declined" and f.data["ask"] == "dodge")
    facts = dropped(dropped(facts, at), at)
    assert "leaving out [2]" in named(facts, at, "card-effect")


def kingdom_story(counter: bool = False) -> Any:
    """Seat 1 (Wu) plays a Kingdom Nullification for "all" on seat 0's Arrow Barrage
    (seats 3 and 5 are Wu too; seat 4 is hidden) and the others take it. With
    ``counter``: seat 1 plays a Nullification, seat 2 lets it be, seat 3 counters it with
    a Kingdom Nullification."""
    from tests.sanguosha.rig import act
    from tests.sanguosha.test_kw_kingdom_nullification import held, table, use

    if counter:
        game = table({0: ["arrow_barrage"], 1: ["nullification"],
                      2: ["kingdom_nullification"], 3: ["kingdom_nullification"]})
        use(game, "arrow_barrage")
        act(game, 1, type="respond", card=held(game, 1, "nullification"))
        act(game, 2, type="decline")
        act(game, 3, type="respond", card=held(game, 3, "kingdom_nullification"))
        return game
    game = table({0: ["arrow_barrage"], 1: ["kingdom_nullification"]})
    use(game, "arrow_barrage")
    act(game, 1, type="respond", card=held(game, 1, "kingdom_nullification"), choice="all")
    while game.ask in ("dodge", "nullify"):
        act(game, game.to_act()[0], type="decline")
    return game
