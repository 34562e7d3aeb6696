"""A seat whose two hidden generals would each cancel it as a Barbarian Invasion's target
(Meng Huo's Huoshou, Zhu Rong's Juxiang) is asked for each in turn (rules 6): its owner
may decline the first and show the second. The referee once dropped the whole ask at the
first decline, took the show for Juxiang's cancel as Juxiang's take, and named the real
take after the Invasion resolved a violation (random table, seed 1152).
"""

from __future__ import annotations

from domain.audit import Fact
from domain.referee.hegemony import referee
from domain.sanguosha.hegemony import HegemonyGame
from tests.referee.forging import named
from tests.referee.hegemony_skilled import facts_of
from tests.sanguosha import hrig
from tests.sanguosha.rig import act, card, kinds

#: seat 1 keeps Meng Huo (head) and Zhu Rong (deputy), both hidden
PICKS = [("xuchu", "dianwei"), ("menghuo", "zhurong"), ("ganning", "lvmeng"),
         ("zhangjiao", "yuanshao")]
#: the same with Zhu Rong as head: she is asked first
SWAPPED = [PICKS[0], ("zhurong", "menghuo"), *PICKS[2:]]


def invaded(show_for: str | None, picks: list[tuple[str, str]] = PICKS
            ) -> tuple[HegemonyGame, list[str]]:
    """Given: seat 0 shows both generals and plays a Barbarian Invasion; when: seat 1 is
    asked for Huoshou, then Juxiang, and shows the general for ``show_for`` (declining
    the other; None: both declined); the others take the damage. Returns the game and
    the skills seat 1 was asked, in order."""
    game = hrig.htable(picks, hands={0: ["barbarian_invasion"]})
    act(game, 0, type="show", which="both")
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    act(game, 0, type="use", card=card("barbarian_invasion"))
    asked = []
    while game.ask != "play":
        s = game.to_act()[0]
        sid = game.view("referee")["pending"].get("skill") if game.ask == "skill" else None
        if s == 1 and sid is not None:
            asked.append(sid)
        chosen = [a for a in game.legal_actions(s) if a["type"] != "decline"]
        if s == 1 and sid == show_for and chosen:
            act(game, s, **chosen[0])
        else:
            act(game, s, type="decline")
    return game, asked


def test_the_second_hidden_cancel_shown_after_the_first_declined_is_lawful() -> None:
    game, asked = invaded("juxiang")
    assert asked[:2] == ["huoshou", "juxiang"]
    events = [(type(e).__name__, vars(e)) for e in game.pending_events]
    # then: Zhu Rong is shown and cancels; after the Invasion she takes its card
    assert [e["skill"] for k, e in events if k == "SkillUsed" and e["seat"] == 1] == [
        "juxiang", "juxiang"]
    assert "CardsGained" in kinds(events)
    judged = referee(facts_of(game))
    assert not judged.violations, [v.text() for v in judged.violations]
    assert not judged.differences()


def test_the_first_shown_with_zhu_rong_as_head_is_lawful() -> None:
    """Asked in the order the seat holds them: Juxiang first, shown; no Huoshou ask."""
    game, asked = invaded("juxiang", SWAPPED)
    assert asked[0] == "juxiang" and "huoshou" not in asked
    assert not referee(facts_of(game)).violations


def test_the_second_shown_with_zhu_rong_as_head_is_lawful() -> None:
    game, asked = invaded("huoshou", SWAPPED)
    assert asked[:2] == ["juxiang", "huoshou"]
    judged = referee(facts_of(game))
    assert not judged.violations, [v.text() for v in judged.violations]


def test_both_declined_is_lawful() -> None:
    game, asked = invaded(None)
    # (hit, she is asked once more: whether to show Zhu Rong to take the card)
    assert asked == ["huoshou", "juxiang", "juxiang"]
    assert not referee(facts_of(game)).violations


def test_the_second_ask_never_recorded_is_named() -> None:
    """Forged: the record drops seat 1's second decline (Juxiang's cancel); the
    Invasion's answers go on as if seat 1 was asked once."""
    game, _ = invaded(None)
    facts = facts_of(game)
    declines = [i for i, f in enumerate(facts) if f.type == "Declined"
                and (f.data.get("seat"), f.data.get("ask")) == (1, "skill")]
    i = declines[1]
    v = facts[i].version  # the fact after it takes its place
    forged = [Fact(f.version, f.type, f.data) for f in facts[:i]] + [
        Fact(f.version - 1, f.type, f.data) for f in facts[i + 1:]]
    assert "not asked" in named(forged, v, "juxiang")
