"""A Kingdom Wars death in the turn that reaches the turn cap (issue 14, seed 1009).

The seat on turn dies in the last turn the cap allows: its killer, of another side, is
paid (the death leaves several sides: no victory), then the dead seat's turn is over and
so is the game, a draw by the turn cap. The reward comes right before the end, and that
is lawful: the cap's draw is no victory check, so the engine-side recount
(``audit.recount``) and the referee both accept it, while a reward right before a victory
stays a forgery.
"""

from __future__ import annotations

from domain.audit import Fact
from domain.referee.hegemony import referee
from domain.sanguosha.audit import recount
from domain.sanguosha.hegemony import HegemonyGame
from tests.referee.hegemony_skilled import facts_of
from tests.sanguosha import hrig
from tests.sanguosha.rig import act, card, kinds

#: seat 0 (Wei) has 3 HP: Guo Jia and Sima Yi are 3 half-fish each
PICKS = [("guojia", "simayi"), ("zhangfei", "weiyan"), ("ganning", "lvmeng"),
         ("lvbu", "huatuo")]
DUELS = [card(("duel", s, 1)) for s in "SCD"]
KILLS = [card(("kill", s, n)) for s, n in (("S", 7), ("S", 8), ("C", 2))]


def last_turn_table() -> HegemonyGame:
    """Given: a skill-less table whose turn cap is 4; seats 1 to 3 play turns 1 to 3,
    each showing both generals as its turn starts; seat 0 (Wei, 3 HP), holding three
    Duels, shows both in turn 4, the last, and plays; seat 1 (Shu) holds three Kills."""
    game = hrig.htable(PICKS, hands={0: DUELS, 1: KILLS}, first=1,
                       options={"skills": False, "turn_cap": 4})
    hrig.to_play(game, 0, show={1: "both", 2: "both", 3: "both"})
    act(game, 0, type="show", which="both")
    while game.ask in ("pair", "fish"):
        act(game, 0, type=f"{game.ask}_bonus", choice="draw")
    assert game.ask == "play" and game.turn == 4 and game.hp[0] == 3
    assert set(DUELS) <= set(game.hands[0]) and set(KILLS) <= set(game.hands[1])
    return game


def duels_lost(game: HegemonyGame) -> list[tuple[str, dict[str, object]]]:
    """When: seat 0 Duels seat 1 three times; seat 1 answers each with a Kill, seat 0 has
    none to answer."""
    events: list[tuple[str, dict[str, object]]] = []
    for duel, kill in zip(DUELS, KILLS, strict=True):
        events += act(game, 0, type="use", card=duel, targets=[1])
        events += act(game, 1, type="respond", card=kill)
        events += act(game, 0, type="decline")
        while game.ask == "peach":
            events += act(game, game.to_act()[0], type="decline")
    return events


def test_the_seat_on_turn_dying_in_the_capped_turn_pays_its_killer_then_the_game_is_drawn(
) -> None:
    game = last_turn_table()
    events = duels_lost(game)
    # then: seat 0 dies by seat 1's Kill; Shu's seat 1 draws 1 (no Wei seat left alive),
    # then the turn is over with the death and the turn cap ends the game in a draw
    assert kinds(events)[-3:] == ["Died", "RewardDrawn", "GameEnded"]
    assert game.outcome is not None
    assert (game.outcome["side"], game.outcome["reason"]) == ("draw", "turn_cap")
    reward = events[-2][1]
    assert (reward["seat"], reward["victim"], len(reward["cards"])) == (1, 0, 1)  # type: ignore[arg-type]
    # and: the recount and the referee both judge the game lawful
    facts = facts_of(game)
    recounted = recount(facts, "hegemony")
    assert not recounted.problems and recounted.agrees, recounted.problems
    judged = referee(facts)
    assert not judged.violations and judged.agrees, [v.text() for v in judged.violations]


def test_a_reward_right_before_a_victory_is_still_named() -> None:
    """The same death, forged as the end of a won game: the recount names the reward."""
    game = last_turn_table()
    duels_lost(game)
    facts = facts_of(game)
    end = facts[-1]
    outcome = dict(end.data["outcome"], side="shu", winners=[1], reason="victory")
    forged = facts[:-1] + [Fact(end.version, "GameEnded", {**end.data, "outcome": outcome})]
    assert any("right before the end" in p for p in recount(forged, "hegemony").problems)
