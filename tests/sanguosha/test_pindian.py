"""Stories of pindian 拼点 (generals.md §0.2), with Taishi Ci's Tianyi as its user: both
seats choose a hand card in secret, the cards are shown together and discarded, and the
initiator wins only with a strictly higher number.

Six Kingdom Wars seats; seat 0 is Taishi Ci (shown at the start of his turn), seat 3 sits
across the table (distance 3).
"""

from __future__ import annotations

from typing import Any

from domain.game import NotYourTurn
from domain.sanguosha.actions import CannotUseNow, NotAChoice
from domain.sanguosha.cards import KILL, NAME
from domain.sanguosha.hegemony import HegemonyGame
from tests.sanguosha.hrig import htable
from tests.sanguosha.rig import act, card, kinds, mark, refuse
from tests.sanguosha.skill_steps import assert_replays, seen, told

PICKS = [("taishici", "sunquan"), ("caocao", "xuchu"), ("liubei", "guanyu"),
         ("lvbu", "diaochan"), ("zhangliao", "xiahoudun"), ("zhangfei", "zhaoyun")]
KING = ("dodge", "H", 13)
LOW = ("duel", "S", 1)
KILLS = [("kill", "S", 7), ("kill", "S", 8)]


def _taishici_plays(hands: dict[int, list[Any]]) -> HegemonyGame:
    """Given: six seats dealt ``hands``; when: Taishi Ci shows both generals and reaches
    his play phase."""
    game = htable(PICKS, hands=hands)
    act(game, 0, type="show", which="both")
    while game.ask in ("pair", "fish"):
        act(game, 0, type=f"{game.ask}_bonus", choice="draw")
    assert game.current == 0 and game.ask == "play"
    return game


def _tianyi(game: HegemonyGame, target: int, mine: int, theirs: int) -> list:
    """When: Taishi Ci uses Tianyi on ``target``; he chooses ``mine``, they ``theirs``."""
    events = act(game, 0, type="skill", skill="tianyi", targets=[target])
    assert game.to_act() == [0] and game.ask == "pindian"
    events += act(game, 0, type="choose", card=mine)
    assert game.to_act() == [target] and game.ask == "pindian"
    events += act(game, target, type="choose", card=theirs)
    return events


def _kill_uses(game: HegemonyGame) -> list[dict[str, Any]]:
    return [a for a in game.legal_actions(0) if a["type"] == "use"
            and NAME[a["card"]] == KILL and "as" not in a]


def test_a_higher_number_wins_both_cards_are_discarded_and_tianyi_frees_the_kills() -> None:
    king, low = card(KING), card(LOW)
    kills = [card(k) for k in KILLS]
    game = _taishici_plays({0: [king, *kills], 3: [low]})
    # before: one target at a time, within range 1 (seat 3 is out of reach)
    assert {tuple(a["targets"]) for a in _kill_uses(game)} == {(1,), (5,)}
    # when: Tianyi on seat 3; K against A
    events = _tianyi(game, 3, king, low)
    # then: both choices recorded, then both cards shown at once; Taishi Ci wins
    assert kinds(events) == ["SkillUsed", "PindianCardChosen", "PindianCardChosen",
                             "PindianShown"]
    shown = events[-1][1]
    assert shown["cards"] == [king, low] and shown["won"] is True
    assert shown["seat"] == 0 and shown["target"] == 3 and shown["reason"] == "tianyi"
    assert king in game.discard and low in game.discard
    assert king not in game.hands[0] and low not in game.hands[3]
    assert game.ask == "play"
    # then: a Kill may reach seat 3 and take one more target
    targets = {tuple(a["targets"]) for a in _kill_uses(game)}
    assert (3,) in targets and (2, 4) in targets and all(len(t) <= 2 for t in targets)
    # then: two Kills this turn
    act(game, 0, type="use", card=kills[0], targets=[3])
    while game.ask == "dodge":
        act(game, game.to_act()[0], type="decline")
    assert _kill_uses(game), "the second Kill is allowed"
    # then: once per play phase
    assert not any(a.get("skill") == "tianyi" for a in game.legal_actions(0))
    refuse(game, 0, NotAChoice, type="skill", skill="tianyi", targets=[1])
    assert_replays(game)


def test_a_tie_is_not_a_win_and_tianyi_then_forbids_kills_this_turn() -> None:
    king, other_king = card(("dodge", "H", 13)), card(("kill", "D", 13))
    kills = [card(k) for k in KILLS]
    game = _taishici_plays({0: [king, *kills], 1: [other_king]})
    events = _tianyi(game, 1, king, other_king)
    assert events[-1][1]["won"] is False
    assert _kill_uses(game) == []
    refuse(game, 0, CannotUseNow, type="use", card=kills[0], targets=[1])
    assert_replays(game)


def test_the_first_choice_stays_secret_until_both_cards_are_shown() -> None:
    king, low = card(KING), card(LOW)
    game = _taishici_plays({0: [king, KILLS[0]], 3: [low]})
    act(game, 0, type="skill", skill="tianyi", targets=[3])
    since = mark(game)
    act(game, 0, type="choose", card=king)
    # then: seat 3, about to choose, and every other seat see that a card was chosen,
    # not which; the chooser and the referee do
    for viewer in (3, 1, "spectator"):
        assert seen(game, since, viewer) == [("PindianCardChosen", {"seat": 0, "card": None})]
        view = game.view(viewer)
        assert king not in view["cards"] or viewer == 0
        assert view["seats"][0]["hand_count"] == len(game.hands[0])
    assert seen(game, since, 0)[0][1]["card"] == king
    assert seen(game, since, "referee")[0][1]["card"] == king
    # then: seat 3 may choose any of its hand cards (it learns nothing from its options)
    assert game.legal_actions(3) == [{"type": "choose", "card": c} for c in game.hands[3]]
    act(game, 3, type="choose", card=low)
    assert seen(game, since, 1)[-1][1]["cards"] == [king, low]
    assert_replays(game)


def test_pindian_refuses_a_card_not_in_hand_and_tianyi_a_seat_with_no_hand() -> None:
    king, low = card(KING), card(LOW)
    game = _taishici_plays({0: [king], 3: [low]})
    game.discard.extend(game.hands[2])  # (state set by hand: seat 2 has no hand card)
    game.hands[2].clear()
    refuse(game, 0, NotAChoice, type="skill", skill="tianyi", targets=[2])
    refuse(game, 0, NotAChoice, type="skill", skill="tianyi", targets=[0])
    act(game, 0, type="skill", skill="tianyi", targets=[3])
    refuse(game, 0, NotAChoice, type="choose", card=low)
    refuse(game, 3, NotYourTurn, type="choose", card=low)  # not its turn to choose


def test_the_narrator_tells_the_pindian() -> None:
    king, low = card(KING), card(LOW)
    game = _taishici_plays({0: [king], 3: [low]})
    _tianyi(game, 3, king, low)
    lines = told(game, 1)
    assert any("Tianyi" in line for line in lines)
    assert any("pindian" in line and "wins" in line for line in lines), lines[-4:]
