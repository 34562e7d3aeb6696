"""Forged Hongyan stories (rules 6: a hidden Xiao Qiao shown to turn her judgment): the
referee names each change by its event and rule. The stories are
``tests/sanguosha/test_kw_hongyan_show.py``'s; one fact is changed as a forger would."""

from __future__ import annotations

from domain.audit import Fact
from tests.referee.forging import named
from tests.referee.test_hegemony_differential import facts_of
from tests.sanguosha.rig import act
from tests.sanguosha.test_kw_hongyan_show import indulged, renwang_story, to_play_or_discard


def shown_story() -> list[Fact]:
    """Seat 1 shows Xiao Qiao as its Indulgence judgment is a spade, then plays."""
    game = indulged(("kill", "S", 7))
    act(game, 1, type="skill", skill="hongyan")
    to_play_or_discard(game)
    act(game, 1, type="end_play")
    return facts_of(game)


def version_of(facts: list[Fact], kind: str, **fields: object) -> int:
    return next(f.version for f in facts if f.type == kind
                and all(f.data.get(k) == v for k, v in fields.items()))


def test_the_turned_indulgence_still_skips_the_play_phase() -> None:
    # the spade read as a heart: the Indulgence did nothing; recorded as skipping play
    facts = shown_story()
    at = version_of(facts, "PhaseChanged", seat=1)
    facts[at - 1].data.update(skipped="play")
    assert "no Indulgence in effect" in named(facts, at, "indulgence")


def test_hongyan_used_under_rules_5() -> None:
    # the same game recorded as rules 5: nobody was asked then
    facts = shown_story()
    facts[0].data.update(rules=5)
    at = version_of(facts, "SkillUsed", skill="hongyan")
    assert "rules 6" in named(facts, at, "hongyan")



def test_her_spade_kill_recorded_as_blocked_by_the_renwang_shield() -> None:
    # from rules 5 her spade Kill is red (Hongyan shown): the Renwang Shield lets it
    # through; recorded as blocked, the referee names the block
    game = renwang_story()
    act(game, 1, type="decline")
    facts = facts_of(game)
    at = version_of(facts, "Declined", seat=1, ask="dodge")
    shield = next(f.data["cards"][0] for f in facts if f.type == "CardUsed"
                  and f.data["seat"] == 1)
    facts[at - 1] = Fact(at, "KillBlocked", {"seat": 1, "source": 0, "armor": shield})
    assert "cannot block" in named(facts, at, "card-effect")
