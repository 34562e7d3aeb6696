"""A hidden Liu Bei shown to use Rende beside a shown Gan Furen: the show makes the perfect
pair, its heal asks Gan Furen's Shushen, and only then is Rende used (kingdom-wars.md: the
show, the side, the bonuses, then the skill; the reference heals at ``GeneralShown``, and
``HpRecover`` asks Shushen there). The referee once took the Shushen between the show and
its use for a use the show was not made for (random table, seed 2688, rules 7 and 8).
"""

from __future__ import annotations

import pytest

from domain.audit import Fact
from domain.referee.hegemony import referee
from domain.sanguosha.engine import RULES_VERSION
from domain.sanguosha.hegemony import HegemonyGame
from tests.referee.forging import first_forged, named
from tests.referee.hegemony_skilled import facts_of
from tests.sanguosha import hrig
from tests.sanguosha.rig import act, card, decline_skills, end_turn

#: seat 0 keeps Liu Bei (head) and Gan Furen (deputy); seat 2 is Shu too
PICKS = [("liubei", "ganfuren"), ("sunquan", "zhoutai"), ("zhaoyun", "machao"),
         ("caocao", "xuchu")]


def shown_for_rende(rules: int) -> HegemonyGame:
    """Given: seat 2 shown (Shu), seat 3's Kill hurt a hidden seat 0, which shows Gan
    Furen at its turn's start; when: in its play phase seat 0 gives seat 2 a card by Rende
    (showing Liu Bei), takes the perfect pair's heal, gives Shushen's draw to seat 2 and
    the half fish's card."""
    game = hrig.htable(PICKS, hands={3: ["kill"]}, first=1, rules=rules)
    hrig.skip_turn(game)
    hrig.skip_turn(game, "both")
    decline_skills(game)
    act(game, 3, type="show", which="both")
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    act(game, 3, type="use", card=card("kill"), targets=[0])
    while game.ask in ("skill", "dodge"):
        act(game, game.to_act()[0], type="decline")
    end_turn(game)
    decline_skills(game)
    act(game, 0, type="show", which="deputy")
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    act(game, 0, type="skill", skill="rende_kw", cards=game.hands[0][:1], targets=[2])
    act(game, 0, type="pair_bonus", choice="heal")
    act(game, 0, type="skill", skill="shushen", targets=[2])
    if game.ask == "fish":
        act(game, 0, type="fish_bonus", choice="draw")
    assert game.ask == "play" and game.current == 0
    return game


def from_show(facts: list[Fact]) -> list[Fact]:
    """The facts from Liu Bei's show on."""
    i = next(k for k, f in enumerate(facts) if f.type == "GeneralsShown"
             and f.data["generals"] == ["liubei"])
    return facts[i:]


@pytest.mark.parametrize("rules", range(4, RULES_VERSION + 1))
def test_shushen_asked_by_the_show_s_heal_before_rende_is_lawful(rules: int) -> None:
    facts = facts_of(shown_for_rende(rules))
    # then: the show, the heal, Shushen and its draw, the half fish, then Rende
    steps = [(f.type, (f.data.get("then") or f.data).get("skill") or f.data.get("reason"))
             for f in from_show(facts)]
    assert steps[:7] == [
        ("GeneralsShown", "rende_kw"), ("PairBonusChosen", None),
        ("Healed", "perfect_pair"), ("SkillUsed", "shushen"), ("CardsDrawn", "shushen"),
        ("CardsDrawn", "half_fish"), ("SkillUsed", "rende_kw")]
    judged = referee(facts)
    assert not judged.violations, [v.text() for v in judged.violations]
    assert not judged.differences()


def test_another_skill_after_the_shushen_than_the_show_was_made_for_is_named() -> None:
    """Forged: the use after Shushen's draw is Shenzhi, not the Rende Liu Bei was shown for
    (Shushen in between leaves that use owed)."""
    def pick(fs: list[Fact], i: int) -> bool:
        return fs[i].type == "SkillUsed" and fs[i].data["skill"] == "rende_kw" and \
            fs[i - 1].data.get("reason") == "half_fish"

    def change(f: Fact) -> None:
        f.data.update(skill="shenzhi", cards=[], targets=[])

    facts, v = first_forged([facts_of(shown_for_rende(RULES_VERSION))], pick, change)
    assert "showed a general to use rende_kw" in named(facts, v, "show")


def test_a_shushen_between_the_show_and_its_use_with_no_heal_is_named() -> None:
    """Forged: the perfect pair's heal recorded as another seat's; the Shushen that
    follows was asked by no heal of its owner (named too: not the use the show was for)."""
    def pick(fs: list[Fact], i: int) -> bool:
        return fs[i].type == "Healed" and fs[i].data["reason"] == "perfect_pair"

    facts, v = first_forged([facts_of(shown_for_rende(RULES_VERSION))], pick,
                            lambda f: f.data.update(seat=2))
    assert "a heal of 1 was due" in named(facts, v, "perfect-pair")
    # then: the Shushen after it is no bonus's ask: the show's use was owed
    assert {(x.version, x.rule) for x in referee(facts).violations} >= {
        (v + 1, "show"), (v + 1, "shushen")}
