"""Tian Feng dying of Suishi in his own turn (rules 6; issue 14).

Given a Kingdom Wars table where Tian Feng (seat 0, Qun, shown) is on turn at 1 HP and
a seat of his kingdom (seat 1, both generals hidden) is at 1 HP: when that seat dies in
his turn, Suishi costs him his last HP and he dies too, which ends his turn. Then, under
the current rules, what the earlier death still owes follows his own death's: its hidden
generals are shown, the victory check is made and its killer is paid (nothing when the
killer is Tian Feng himself: a killer dead by then is paid nothing). Under rules 5 the
turn's end dropped all of it: the next turn starts at once, and seat 1 is shown only as
the game ends (a draw by the turn cap, one turn later). Both games are lawful under their
own rules: the referee and the engine-side recount judge them clean (the recount once
expected the penalty of a killer dead by then, or the reward rules 5 dropped).
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.sanguosha.engine import RULES_VERSION
from domain.sanguosha.hegemony import HegemonyGame
from tests.sanguosha import hrig
from tests.sanguosha.rig import act, card, kinds
from tests.sanguosha.skill_steps import remember

Events = list[tuple[str, dict[str, Any]]]
#: Tian Feng with Kong Rong (3 HP); seat 1 (3 HP) Qun too, never shown; Wei and Shu
PICKS = [("tianfeng", "kongrong"), ("diaochan", "zoushi"), ("xuchu", "dianwei"),
         ("zhangfei", "zhaoyun")]
OLD = 5
TIAN_FENGS_KILL, SEAT_2S_KILL = card(("kill", "S", 7)), card(("kill", "S", 8))


def settle(game: HegemonyGame) -> None:
    """When: every skill, bonus and answer the story does not care about is declined."""
    while game.ask in ("skill", "pair", "fish", "kill", "dodge", "nullify", "peach"):
        act(game, game.to_act()[0], type="decline")


def show_and_play(game: HegemonyGame, seat: int) -> None:
    """When: ``seat`` shows both generals as its turn starts and reaches its play phase."""
    assert (game.current, game.ask) == (seat, "show")
    act(game, seat, type="show", which="both")
    settle(game)
    assert game.ask == "play"


def tian_feng_at_one_hp(rules: int) -> HegemonyGame:
    """Given: seat 2 (Wei) equips a Crossbow in turn 1 and keeps a Kill; seat 3 (Shu)
    hits everyone with a Barbarian Invasion and an Arrow Barrage in turn 2 (nobody
    answers); in turn 3 Tian Feng (seat 0, 1 HP) shows both generals and plays, holding
    a Collateral and a Kill; seat 1 (1 HP) has shown nothing. The turn cap is 4."""
    game = remember(hrig.htable(
        PICKS, first=2, rules=rules, options={"turn_cap": 4},
        hands={0: ["collateral", TIAN_FENGS_KILL], 2: ["crossbow", SEAT_2S_KILL],
               3: ["barbarian_invasion", "arrow_barrage"]}))
    show_and_play(game, 2)
    act(game, 2, type="use", card=card("crossbow"))
    hrig.skip_turn(game)
    show_and_play(game, 3)
    for aoe in ("barbarian_invasion", "arrow_barrage"):
        act(game, 3, type="use", card=card(aoe))
        settle(game)
    hrig.skip_turn(game)
    show_and_play(game, 0)
    assert game.hp[:2] == [1, 1] and game.hidden(1) == ["head", "deputy"]
    assert game.side[:2] == ["qun", None] and game.alive == [True] * 4
    assert game.rules == rules
    return game


def to_the_end(game: HegemonyGame) -> Events:
    """When: every window the deaths open is declined, up to the next turn's start
    (returned); then seat 2 plays nothing in turn 4, the last the turn cap allows."""
    events: Events = []
    while "TurnStarted" not in kinds(events):
        events += act(game, game.to_act()[0], type="decline")
    while game.outcome is None:
        hrig.skip_turn(game)
    outcome = game.outcome
    assert (outcome["side"], outcome["reason"]) == ("draw", "turn_cap")
    return events


def after_tian_feng_died(events: Events) -> list[str]:
    """The facts between Tian Feng's death and the next turn's start (a show by its
    reason)."""
    i = next(k for k, (name, d) in enumerate(events) if name == "Died" and d["seat"] == 0)
    j = kinds(events).index("TurnStarted")
    return [f"{name} {d['seat']} at {d['reason']}" if name == "GeneralsShown" else name
            for name, d in events[i + 1:j]]


def judged_clean(game: HegemonyGame) -> None:
    """Then: the referee and the engine-side recount both judge the game as played."""
    hrig.judged_as_played(game)


@pytest.mark.parametrize("rules, then", [
    (RULES_VERSION, ["GeneralsShown 1 at death", "KingdomDecided", "RewardDrawn"]),
    (OLD, [])])
def test_a_mate_killed_by_another_side_in_his_turn_is_shown_and_paid_after_his_death(
        rules: int, then: list[str]) -> None:
    game = tian_feng_at_one_hp(rules)
    # when: Tian Feng's Collateral makes Wei's seat 2 Kill seat 1, which does not dodge
    events = act(game, 0, type="use", card=card("collateral"), targets=[2, 1])
    events += act(game, 2, type="respond", card=SEAT_2S_KILL)
    events += to_the_end(game)
    # then: seat 1 dies; Suishi costs Tian Feng his last HP and he dies, in his turn
    assert kinds(events)[kinds(events).index("Died"):][:5] == [
        "Died", "SkillUsed", "HpLost", "Dying", "Died"]
    assert [d["seat"] for name, d in events if name == "Died"] == [1, 0]
    # then: seat 1's death is shown, the victory check made (Wei and Shu are left: the
    # game goes on) and its killer paid after his death; rules 5 dropped them all
    assert after_tian_feng_died(events) == then
    rewards = [d for name, d in events if name == "RewardDrawn"]
    if rules >= 6:
        # 1, and 1 for Tian Feng, a shown Qun alive when seat 1 died
        assert [(d["seat"], d["victim"], len(d["cards"])) for d in rewards] == [(2, 1, 2)]
    else:
        assert rewards == []
    judged_clean(game)


@pytest.mark.parametrize("rules, then", [
    (RULES_VERSION, ["GeneralsShown 1 at death", "KingdomDecided"]),
    (OLD, [])])
def test_a_mate_he_kills_himself_is_shown_and_he_pays_nothing(
        rules: int, then: list[str]) -> None:
    game = tian_feng_at_one_hp(rules)
    # when: Tian Feng Kills seat 1, a Qun seat not yet shown, which does not dodge
    events = act(game, 0, type="use", card=TIAN_FENGS_KILL, targets=[1])
    events += to_the_end(game)
    # then: Suishi draws him a card at seat 1's dying (Qun damage), and at its death costs
    # his last HP; he dies in his turn
    drawn = [d["reason"] for name, d in events if name == "CardsDrawn"]
    assert drawn == ["suishi"]
    assert [d["seat"] for name, d in events if name == "Died"] == [1, 0]
    # then: seat 1's death is shown after his (rules 5: only as the game ends); the penalty a
    # killer of its own side owes is not paid, Tian Feng being dead by then
    assert after_tian_feng_died(events) == then
    assert "PenaltyPaid" not in kinds(events)
    judged_clean(game)
