"""Shu: Liu Bei, Guan Yu, Zhang Fei, Zhuge Liang, Zhao Yun, Ma Chao, Huang Yueying."""

from __future__ import annotations

from typing import Any

from domain.sanguosha.cards import DODGE, DUEL, KILL, NAME, RED
from domain.sanguosha.frames import KillUse, PlayPhase
from domain.sanguosha.plays import kill_allowed, kill_targets
from domain.sanguosha.skill import (
    JUDGE_RULES,
    SHOWS_WHEN_NEEDED,
    Action,
    Conversion,
    Frame,
    Kind,
    Point,
    Skill,
    register,
)
from domain.sanguosha.skills.common import draws, others, push, take_result, then_pop, wounded
from domain.sanguosha.skills.wei import call_answers, call_decide, call_step, call_used


# --- Liu Bei ---------------------------------------------------------------------------
def rende(skill_id: str, heal_at: int, text: str) -> Skill:
    """Rende: give hand cards away in the play phase; the give that brings the phase's
    count to ``heal_at`` heals 1 (identity: two cards; Kingdom Wars: three)."""

    def offers(game: Any, seat: int, f: Frame) -> list[Action]:
        hand = list(game.hands[seat])
        return [{"type": "skill", "skill": skill_id, "count": k, "from": hand, "targets": [t]}
                for t in others(game, seat) for k in range(1, len(hand) + 1)]

    def used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
             choice: str | None) -> None:
        for c in cards:
            game.hands[seat].remove(c)
        game.hands[targets[0]].extend(cards)
        before = game.marks.get("rende", 0)
        game.marks["rende"] = before + len(cards)
        if before < heal_at <= before + len(cards) and wounded(game, seat):
            push(game, seat, skill)

    return Skill(
        skill_id, "Rende", "仁德", Kind.ACTIVE, secret=True, text=text,
        can=lambda game, seat, f: bool(game.hands[seat]) and bool(others(game, seat)),
        offers=offers, used=used,
        step=then_pop(lambda game, f: {"k": "heal", "seat": f.owner, "n": 1,
                                       "reason": "rende"}),
    )


RENDE = rende("rende", 2, "In your play phase, give any hand cards to another player, as "
              "often as you like; the first time you have given two or more this phase, "
              "heal 1.")


def _jijiang_can(game: Any, seat: int, f: Frame) -> bool:
    if not any(game.kingdom(s) == "shu" for s in others(game, seat)):
        return False
    if isinstance(f, PlayPhase):
        return (not game.marks.get("jijiang_failed") and kill_allowed(game, seat)
                and bool(kill_targets(game, seat)))
    return True


JIJIANG = Skill(
    "jijiang", "Jijiang", "激将", Kind.TRIGGERED, lord=True, mods={"call": KILL},
    text="Lord skill. When you need a Kill, the other Shu characters may play one for you.",
    can=_jijiang_can,
    offers=lambda game, seat, f: [{"type": "skill", "skill": "jijiang", "targets": [t]}
                                  for t in kill_targets(game, seat)],
    used=call_used, step=call_step(KILL, "shu", "jijiang"),
    answers=call_answers(KILL), decide=call_decide(KILL, "jijiang"),
)
register("liubei", RENDE, JIJIANG)

# --- Guan Yu, Zhang Fei ------------------------------------------------------------------
WUSHENG = Skill(
    "wusheng", "Wusheng", "武圣", Kind.CONVERSION,
    text="You may use or play any red card as a Kill.",
    conversions=(Conversion(KILL, lambda c: RED[c], "he"),),
)
register("guanyu", WUSHENG)
PAOXIAO = Skill(
    "paoxiao", "Paoxiao", "咆哮", Kind.COMPULSORY,
    text="You may use any number of Kills in your play phase.",
    mods={"kill_limit": None, SHOWS_WHEN_NEEDED: True},  # Kingdom Wars: shown when needed
)
register("zhangfei", PAOXIAO)


# --- Zhuge Liang ---------------------------------------------------------------------------
def _guanxing_step(game: Any, f: Frame) -> None:
    if f.stage == "start":
        n = min(5, sum(game.alive))
        game.due = {"k": "peek", "seat": f.owner, "n": n, "reason": "guanxing",
                    "then": "arrange"}
    elif f.stage == "arrange" and f.peeked:
        f.stage = "done"
        f.wait(f.owner, "guanxing")
    else:
        f.answer = None
        game.stack.pop()


GUANXING = Skill(
    "guanxing", "Guanxing", "观星", Kind.TRIGGERED, point=Point.START,
    text="At the start of your turn you may look at the top X cards of the pile (X: the "
         "living players, at most 5) and put them back on top or at the bottom in any "
         "order.",
    step=_guanxing_step,
    # a template: "cards" (any number, in order) go on top, the rest to the bottom; or
    # "top" and "bottom" given in full
    answers=lambda game, seat, f: [{"type": "arrange", "from": list(f.peeked), "min": 0,
                                    "max": len(f.peeked)}],
    decide=lambda game, seat, f, chosen, rng: game._pile_arranged(
        seat=seat, top=list(chosen["top"]), bottom=list(chosen["bottom"])),
)
KONGCHENG = Skill(
    "kongcheng", "Kongcheng", "空城", Kind.COMPULSORY,
    text="While you have no hand cards, you cannot be chosen as a target of a Kill or a "
         "Duel.",
    mods={"untargetable": lambda game, seat, name: name in (KILL, DUEL)
          and not game.hands[seat]},
)
register("zhugeliang", GUANXING, KONGCHENG)

# --- Zhao Yun ------------------------------------------------------------------------------
LONGDAN = Skill(
    "longdan", "Longdan", "龙胆", Kind.CONVERSION,
    text="You may use or play a Kill as a Dodge, and a Dodge as a Kill.",
    conversions=(Conversion(DODGE, lambda c: NAME[c] == KILL, "h", use=False),
                 Conversion(KILL, lambda c: NAME[c] == DODGE, "h")),
)
register("zhaoyun", LONGDAN)

# --- Ma Chao -------------------------------------------------------------------------------
MASHU = Skill(
    "mashu", "Mashu", "马术", Kind.COMPULSORY,
    text="Your distance to every other player is 1 less.", mods={"distance_less": 1},
)
JUDGE_RULES["tieqi"] = lambda card: RED[card]


def _tieqi_step(game: Any, f: Frame) -> None:
    if f.stage == "start":
        game.due = {"k": "judge", "seat": f.owner, "reason": "tieqi", "then": "judged"}
        return
    if take_result(f):
        kill = game._frame(KillUse)
        if kill is not None:
            kill.no_dodge = True
    f.judge_card = None
    game.stack.pop()


TIEQI = Skill(
    "tieqi", "Tieqi", "铁骑", Kind.TRIGGERED, point=Point.KILL_TARGET,
    text="When your Kill targets a player, you may judge: red, it cannot be dodged.",
    step=_tieqi_step,
)
register("machao", MASHU, TIEQI)

# --- Huang Yueying ---------------------------------------------------------------------------
JIZHI = Skill(
    "jizhi", "Jizhi", "集智", Kind.TRIGGERED, point=Point.CARD_USED,
    text="Whenever you use a non-delayed trick card, you may draw one card.",
    can=lambda game, seat, f: bool(f.context.get("trick")), step=draws(1, "jizhi"),
)
QICAI = Skill(
    "qicai", "Qicai", "奇才", Kind.COMPULSORY,
    text="Your trick cards have no distance limit.",
    mods={"trick_range": True, SHOWS_WHEN_NEEDED: True},
)
register("huangyueying", JIZHI, QICAI)
