"""The Kingdom Nullification's "all" (docs/rules/kingdom-wars-deck.md, "The Kingdom
Nullification"): played first in a window on a trick that takes its targets in turn, at a
target with a shown kingdom, it may spare every later target of that kingdom too.

Six seats, all but seat 4 (Qun) and seat 0 (Wei) shown: Wu at seats 1, 3 and 5, Shu at
seat 2. Seat 0 plays first in its own turn, after the others showed at theirs; its
tricks take their targets from seat 1 on. The independent referee judges each story."""

from __future__ import annotations

import random
from typing import Any

from domain.referee.hegemony import referee
from domain.sanguosha.bots import kingdom_policy, random_policy
from domain.sanguosha.hegemony import HegemonyGame
from domain.sanguosha.text import SanguoshaNarrator
from tests.referee.test_hegemony_differential import facts_of
from tests.sanguosha.hrig import htable, to_play
from tests.sanguosha.rig import Spec, act
from tests.sanguosha.test_kw_deck_stories import KW, Events, damage, held, settle, take

PICKS = [("caocao", "xuchu"), ("sunquan", "zhoutai"), ("liubei", "guanyu"),
         ("ganning", "lvmeng"), ("lvbu", "diaochan"), ("huanggai", "zhouyu")]
SHOWS = {1: "both", 2: "both", 3: "both", 5: "both"}
ALL = {"choice": "all"}


def table(hands: dict[int, list[Spec]]) -> HegemonyGame:
    """Given: the six seats, these hands; seats 1, 2, 3 and 5 showed at their turns;
    seat 0 (hidden) is in its play phase."""
    game = htable(PICKS, hands, [], first=1, options=KW)
    to_play(game, 0, SHOWS)
    act(game, 0, type="decline")
    settle(game)
    assert game.ask == "play" and game.current == 0
    assert game.side == [None, "wu", "shu", "wu", None, "wu"]
    return game


def use(game: HegemonyGame, name: str, targets: list[int] | None = None) -> Events:
    action: dict[str, Any] = {"type": "use", "card": held(game, 0, name)}
    if targets is not None:
        action["targets"] = targets
    return act(game, 0, **action) + settle(game)


def nullify(game: HegemonyGame, seat: int, name: str, **extra: Any) -> Events:
    assert game.ask == "nullify" and game.to_act() == [seat]
    return act(game, seat, type="respond", card=held(game, seat, name), **extra) + settle(game)


def asked(events: Events, ask: str) -> list[int]:
    return [d["seat"] for n, d in events if n in ("Declined", "Responded") and d["ask"] == ask]


def fair(game: HegemonyGame) -> None:
    """Then: the independent referee finds nothing wrong."""
    judged = referee(facts_of(game))
    assert not judged.violations, [v.text() for v in judged.violations]


def finish_arrows(game: HegemonyGame) -> Events:
    """When: every seat asked for a Dodge takes the hit (nobody nullifies)."""
    out: Events = []
    while game.ask in ("dodge", "nullify"):
        out += take(game, game.to_act()[0])
    return out


def test_all_spares_the_kingdoms_later_targets() -> None:
    game = table({0: ["arrow_barrage"], 1: ["kingdom_nullification"]})
    use(game, "arrow_barrage")
    kn = held(game, 1, "kingdom_nullification")
    # a Kingdom Nullification is offered twice: alone (a Nullification), and for "all"
    assert [a for a in game.legal_actions(1) if a.get("card") == kn] == [
        {"type": "respond", "card": kn}, {"type": "respond", "card": kn, "choice": "all"}]
    events = nullify(game, 1, "kingdom_nullification", **ALL)
    assert events[:2] == [
        ("NullificationWidened", {"seat": 1, "target": 1, "kingdom": "wu"}),
        ("Responded", {"seat": 1, "name": "nullification", "cards": [kn], "ask": "nullify"})]
    assert game.view("referee")["pending"]["spared"] == [3, 5]
    events = finish_arrows(game)
    # seats 3 and 5 (Wu) are never asked and take nothing; Shu and the hidden seat do
    assert asked(events, "dodge") == [2, 4]
    assert [d["seat"] for d in damage(events)] == [2, 4]
    assert game.ask == "play"
    fair(game)


def test_all_stands_only_if_nobody_nullifies_it() -> None:
    game = table({0: ["arrow_barrage"], 1: ["kingdom_nullification"], 2: ["nullification"]})
    use(game, "arrow_barrage")
    nullify(game, 1, "kingdom_nullification", **ALL)
    events = nullify(game, 2, "nullification")  # seat 2 counters: the Barrage goes on
    events += finish_arrows(game)
    assert asked(events, "dodge") == [1, 2, 3, 4, 5]
    assert "spared" not in (game.view("referee")["pending"] or {})
    fair(game)


def test_all_is_offered_only_for_a_shown_kingdom_with_later_targets_and_only_first() -> None:
    game = table({0: ["arrow_barrage"], 1: ["nullification"], 3: ["kingdom_nullification"],
                  4: ["kingdom_nullification"]})
    use(game, "arrow_barrage")
    # seat 1's window: seat 1 plays a plain Nullification; seat 3's Kingdom Nullification
    # would counter it, with no "all" (it is no longer on the trick)
    nullify(game, 1, "nullification")
    assert game.to_act() == [3]
    assert not [a for a in game.legal_actions(3) if a.get("choice") == "all"]
    take(game, 3)
    take(game, 4)
    # seat 2 (Shu): no later Shu target; seat 3 (Wu): seat 5 is, so "all" is offered
    assert game.view("referee")["pending"]["target"] == 2
    assert not [a for a in game.legal_actions(3) if a.get("choice") == "all"]
    take(game, 3)
    take(game, 4)
    take(game, 2)  # seat 2 takes the hit
    assert game.view("referee")["pending"]["target"] == 3
    assert [a for a in game.legal_actions(3) if a.get("choice") == "all"]
    take(game, 3)
    take(game, 4)
    take(game, 3)
    # seat 4 is hidden: no kingdom to spare
    assert game.view("referee")["pending"]["target"] == 4
    assert not [a for a in game.legal_actions(4) if a.get("choice") == "all"]
    fair(game)


def test_all_on_an_iron_chain_spares_its_second_target() -> None:
    game = table({0: ["iron_chain"], 1: ["kingdom_nullification"]})
    events = use(game, "iron_chain", [1, 3])
    events += nullify(game, 1, "kingdom_nullification", **ALL)
    assert [n for n, _ in events if n == "ChainToggled"] == []
    assert game.ask == "play" and not any(game.view("referee")["seats"][s].get("chained")
                                          for s in range(6))
    fair(game)


def test_all_on_a_peach_garden_spares_the_kingdom() -> None:
    game = table({0: ["peach_garden", "arrow_barrage"], 2: ["kingdom_nullification"]})
    use(game, "arrow_barrage")
    finish_arrows(game)  # everyone but seat 0 is wounded
    events = use(game, "peach_garden")
    # seat 0 (hidden, full HP) is passed over; seat 1's window: seat 2 spares Wu
    events += nullify(game, 2, "kingdom_nullification", **ALL)
    healed = [d["seat"] for n, d in events if n == "Healed"]
    assert healed == [2, 4]
    fair(game)


def test_the_kingdom_bot_plays_all_for_its_own_kingdom() -> None:
    game = table({0: ["arrow_barrage"], 1: ["kingdom_nullification"],
                  4: ["kingdom_nullification"]})
    use(game, "arrow_barrage")
    rng = random.Random(0)
    assert kingdom_policy(game, 1, rng).get("choice") == "all"  # Wu spares Wu
    act(game, 1, type="decline")
    assert kingdom_policy(game, 4, rng).get("choice") is None  # hidden Qun: not its own
    # the random bot picks among the legal answers, "all" one of them
    picks = {str(random_policy(game, 4, random.Random(k))) for k in range(40)}
    assert any("'all'" in p for p in picks)


def test_the_log_tells_the_kingdom() -> None:
    game = table({0: ["arrow_barrage"], 1: ["kingdom_nullification"]})
    use(game, "arrow_barrage")
    nullify(game, 1, "kingdom_nullification", **ALL)
    events = [game.event_view(e, "spectator") for e in game.pending_events]
    lines = [m.text for m in SanguoshaNarrator().moves(events, game.players)]
    assert lines[-1].endswith("(Kingdom Nullification ♣K), for every Wu target"), lines


def test_a_hidden_wolong_shown_for_kanpo_counters_the_all() -> None:
    # seat 4 is Wolong and Pang Tong, hidden, with the generals' skills on: Kanpo (a
    # black hand card as a Nullification) shows Wolong inside the window
    picks = [*PICKS[:4], ("wolong", "pangtong"), PICKS[5]]
    game = htable(picks, {0: ["arrow_barrage"], 1: ["kingdom_nullification"],
                          4: [("kill", "S", 7)]}, [], first=1,
                  options={"deck": "kingdom_wars"})
    to_play(game, 0, SHOWS)
    act(game, 0, type="decline")
    settle(game)
    use(game, "arrow_barrage")
    nullify(game, 1, "kingdom_nullification", **ALL)
    kanpo = next(a for a in game.legal_actions(4) if a.get("skill") == "kanpo")
    events = act(game, 4, **kanpo) + settle(game)
    assert [n for n, _ in events][:4] == ["GeneralsShown", "KingdomDecided", "SkillUsed",
                                          "Responded"]
    events = finish_arrows(game)
    assert asked(events, "dodge") == [1, 2, 3, 4, 5]  # countered: nobody is spared
    fair(game)
