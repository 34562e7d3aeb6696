"""Forged skills in identity games with generals: the referee names each by event and rule.

Bot games with generals are played to the end; one stored fact is then changed as a
forger with write access would (a skill the seat lacks, an active skill twice in a play
phase, a draw count a skill does not give, a retrial with a card not held, a conversion
of a card the skill does not take, a lord skill of a seat that is not the lord). The
referee judges the facts alone and must name the change at its event.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from functools import cache

from domain.audit import Fact
from domain.referee.identity import referee
from domain.sanguosha.bots import IDENTITY_POLICIES
from domain.sanguosha.cards import DECK
from domain.sanguosha.identity import IdentityGame
from domain.simulate import play_out

STAMPS = ("originator_id", "originator_version", "timestamp", "prev", "originator_topic")


@cache
def game_facts(seed: int) -> tuple[tuple[str, ...], tuple[str, ...], list[Fact]]:
    """An 8-seat game of identity bots with generals: (generals, roles, facts)."""
    rng = random.Random(seed)
    game = IdentityGame.new([f"p{i}" for i in range(8)], {"generals": True},
                            agents=["bot"] * 8, rng=rng)
    play_out(game, [IDENTITY_POLICIES["identity"]] * 8, rng)
    facts = [Fact(e.originator_version, type(e).__name__,
                  {k: v for k, v in vars(e).items() if k not in STAMPS})
             for e in game.pending_events]
    assert not referee(facts).violations  # the game as played breaks no rule
    return tuple(game.generals), tuple(game.roles), facts  # type: ignore[arg-type]


def forged(seed: int, pick: Callable[[Fact], bool],
           change: Callable[[Fact], Fact | None]) -> tuple[list[Fact], int]:
    """The game's facts with the first fact ``pick`` accepts changed (in place, or
    replaced by the fact ``change`` returns); its number."""
    facts = copy.deepcopy(game_facts(seed)[2])
    i = next(k for k, x in enumerate(facts) if pick(x))
    facts[i] = change(facts[i]) or facts[i]
    return facts, facts[i].version


def named(facts: list[Fact], version: int, rule: str) -> str:
    """The referee names ``rule`` at event ``version`` (the first violation it saw);
    its message."""
    judged = referee(facts)
    assert judged.violations, "the forgery went unnoticed"
    first = judged.violations[0]
    assert (first.version, first.rule) == (version, rule), [v.text() for v in
                                                          judged.violations]
    return first.message


def used(skill: str) -> Callable[[Fact], bool]:
    return lambda f: f.type == "SkillUsed" and f.data["skill"] == skill


def test_a_seat_using_a_skill_it_does_not_have() -> None:
    # Sun Quan's Zhiheng recorded as Kurou (Huang Gai's)
    def kurou(f: Fact) -> None:
        f.data.update(skill="kurou", cards=[])

    facts, at = forged(0, used("zhiheng"), kurou)
    assert "a skill it does not have" in named(facts, at, "skill")


def test_an_active_skill_twice_in_one_play_phase() -> None:
    facts = copy.deepcopy(game_facts(0)[2])
    i = next(k for k, f in enumerate(facts) if f.type == "SkillUsed"
             and f.data["skill"] == "zhiheng")
    drawn = facts[i + 1]
    assert drawn.type == "CardsDrawn" and drawn.data["reason"] == "zhiheng"
    # a second Zhiheng right after the first, of a card the first just drew
    again = Fact(drawn.version + 1, "SkillUsed", {**facts[i].data,
                                                  "cards": [drawn.data["cards"][0]]})
    later = [Fact(f.version + 1, f.type, f.data) for f in facts[i + 2:]]
    facts = facts[:i + 2] + [again] + later
    assert "2 times in one play phase" in named(facts, again.version, "skill-limit")


def test_a_draw_phase_with_the_wrong_count_after_yingzi() -> None:
    facts = copy.deepcopy(game_facts(1)[2])
    i = next(k for k, f in enumerate(facts) if f.type == "SkillUsed"
             and f.data["skill"] == "yingzi")
    draw = facts[i + 1]
    assert draw.data["reason"] == "draw_phase" and len(draw.data["cards"]) == 3
    draw.data["cards"] = draw.data["cards"][:2]  # Yingzi taken, the extra card not drawn
    named(facts, draw.version, "draw-pile")


def test_a_draw_phase_with_the_full_count_after_luoyi() -> None:
    facts = copy.deepcopy(game_facts(10)[2])
    i = next(k for k, f in enumerate(facts) if f.type == "SkillUsed"
             and f.data["skill"] == "luoyi")
    draw = facts[i + 1]
    assert draw.data["reason"] == "draw_phase" and len(draw.data["cards"]) == 1
    top = draw.data["cards"][0]
    nxt = next(f for f in facts[i + 2:] if f.type == "CardsDrawn")
    draw.data["cards"] = [top, nxt.data["cards"][0]]  # two cards though Xu Chu bared
    named(facts, draw.version, "draw-pile")


def test_a_retrial_with_a_card_the_seat_does_not_hold() -> None:
    generals, _, _ = game_facts(3)
    simayi = generals.index("simayi")

    def elsewhere(f: Fact) -> None:
        f.data["cards"] = [next(c for c in range(len(DECK)) if c not in held(3, f, simayi)
                                and c not in f.data["cards"])]

    facts, at = forged(3, used("guicai"), elsewhere)
    assert "not in its hand" in named(facts, at, "card-not-held")


def held(seed: int, before: Fact, seat: int) -> set[int]:
    """The seat's hand just before ``before``, as the engine recorded it (the cards it
    was dealt, drew, took and gained, minus those it let go): a rough set, enough to
    choose a card it surely does not hold: one never in its hands at all."""
    out: set[int] = set()
    for f in game_facts(seed)[2]:
        if f.version >= before.version:
            break
        d = f.data
        if f.type == "HandsDealt":
            out |= set(d["hands"][seat])
        elif f.type in ("CardsDrawn", "RewardDrawn", "CardsGained") and d["seat"] == seat:
            out |= set(d["cards"])
        elif f.type in ("CardTaken", "CardPicked") and d["seat"] == seat:
            out.add(d["card"])
        elif f.type == "CardsGiven" and d["to"] == seat:
            out |= set(d["cards"])
    return out


def test_wusheng_with_a_black_card() -> None:
    generals, _, facts0 = game_facts(9)
    guanyu = generals.index("guanyu")
    i = next(k for k, f in enumerate(facts0) if f.type == "SkillUsed"
             and f.data["skill"] == "wusheng")
    black = next(c for c in sorted(held(9, facts0[i], guanyu)) if DECK[c].suit in "SC")
    facts = copy.deepcopy(facts0)
    facts[i].data["cards"] = [black]
    facts[i + 1].data["cards"] = [black]  # the Kill it made, of the same card
    assert "cannot make" in named(facts, facts[i].version, "conversion")


def test_a_lord_skill_used_by_a_seat_that_is_not_the_lord() -> None:
    generals, roles, _ = game_facts(8)
    caocao = generals.index("caocao")
    assert roles[caocao] != "lord"

    def hujia(f: Fact) -> Fact:
        return Fact(f.version, "SkillUsed", {"seat": caocao, "skill": "hujia", "cards": [],
                                             "targets": [], "choice": None})

    facts, at = forged(8, lambda f: f.type == "Declined" and f.data["ask"] == "dodge"
                       and f.data["seat"] == caocao, hujia)
    assert "a lord skill it does not have" in named(facts, at, "lord-skill")


def test_a_triggered_skill_used_when_its_moment_has_not_come() -> None:
    # Biyue (end of turn) recorded at the start of Diao Chan's turn, before its draw
    generals, _, facts0 = game_facts(5)
    diaochan = generals.index("diaochan")
    facts = copy.deepcopy(facts0)
    i = next(k for k, f in enumerate(facts) if f.type == "TurnStarted"
             and f.data["seat"] == diaochan)
    facts[i + 1] = Fact(facts[i + 1].version, "SkillUsed", {
        "seat": diaochan, "skill": "biyue", "cards": [], "targets": [], "choice": None})
    named(facts, facts[i + 1].version, "sequence")
