"""Guidao may replace an Eight Trigrams judgment with the Eight Trigrams card itself (a
black card of Zhang Jiao's equipment): the judgment still answers the Kill, read from the
new card, though the armor has left. The referee named that retrial "judges with Eight
Trigrams it does not wear" (found by a random bot game); the wear is checked when the
judgment is opened, not again at a retrial."""

from __future__ import annotations

from domain.referee.hegemony import referee
from domain.sanguosha.cards import NAME
from tests.referee.test_hegemony_differential import facts_of
from tests.sanguosha.hrig import htable
from tests.sanguosha.rig import act, decline_skills, end_turn
from tests.sanguosha.skill_steps import assert_replays


def test_guidao_with_the_worn_eight_trigrams_is_lawful() -> None:
    # given: seat 0 (Zhang Jiao & Jia Xu) wears a spade Eight Trigrams; seat 1 (Cao Cao)
    # Kills him and his Eight Trigrams judgment turns up a red card
    picks = [("zhangjiao", "jiaxu"), ("caocao", "xuchu"), ("liubei", "guanyu"),
             ("lvbu", "diaochan")]
    game = htable(picks, {0: [("eight_trigrams", "S", 2)], 1: ["kill"]},
                  [None, None, None, None, ("peach", "H", 3)])
    decline_skills(game)
    act(game, 0, type="decline")
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    armor = next(c for c in game.hands[0] if NAME[c] == "eight_trigrams")
    act(game, 0, type="use", card=armor)
    end_turn(game)
    while not (game.ask == "play" and game.current == 1):
        act(game, game.to_act()[0], type="decline")
    kill = next(c for c in game.hands[1] if NAME[c] == "kill")
    act(game, 1, type="use", card=kill, targets=[0])
    assert game.ask == "dodge" and game.to_act() == [0]
    act(game, 0, type="eight_trigrams")
    # when: he retrials it with the Eight Trigrams itself (Guidao: a black equipment card)
    while not (game.ask == "skill" and game.view(0)["pending"].get("skill") == "guidao"):
        act(game, game.to_act()[0], type="decline")
    offer = next(a for a in game.legal_actions(0) if a.get("card") == armor)
    act(game, 0, **offer)
    decline_skills(game)
    if game.ask == "dodge":
        act(game, 0, type="decline")
    # then: the spade judgment is no Dodge; the armor is gone; the record is lawful
    assert armor not in game.equip[0] and game.hp[0] == game.max_hp[0] - 1
    assert_replays(game)
    judged = referee(facts_of(game))
    assert not judged.violations, [v.text() for v in judged.violations]
