"""Qun: Hua Tuo, Lü Bu, Diao Chan."""

from __future__ import annotations

from typing import Any

from domain.sanguosha.cards import DUEL, KILL, PEACH, RED
from domain.sanguosha.frames import DuelUse
from domain.sanguosha.plays import may_target
from domain.sanguosha.skill import Action, Conversion, Frame, Kind, Point, Skill, register
from domain.sanguosha.skills.common import discard, draws, he, male, others, push, wounded


# --- Hua Tuo ------------------------------------------------------------------------------
def _qingnang_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    hand = list(game.hands[seat])
    return [{"type": "skill", "skill": "qingnang", "count": 1, "from": hand, "targets": [t]}
            for t in range(game.n) if wounded(game, t)]


def _discard_and_push(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                      choice: str | None) -> None:
    discard(game, seat, cards)
    push(game, seat, skill, targets=list(targets))


def _qingnang_step(game: Any, f: Frame) -> None:
    if f.stage == "start" and game.alive[f.targets[0]]:
        game.due = {"k": "heal", "seat": f.targets[0], "n": 1, "reason": "qingnang",
                    "then": "done"}
    else:
        game.stack.pop()


QINGNANG = Skill(
    "qingnang", "Qingnang", "青囊", Kind.ACTIVE, limit=1,
    text="Once per play phase, discard a hand card: a wounded player (you too) heals 1.",
    can=lambda game, seat, f: bool(game.hands[seat]),
    offers=_qingnang_offers, used=_discard_and_push, step=_qingnang_step,
)
JIJIU = Skill(
    "jijiu", "Jijiu", "急救", Kind.CONVERSION,
    text="Outside your turn, you may use any red card as a Peach.",
    conversions=(Conversion(PEACH, lambda c: RED[c], "he", use=False,
                            when=lambda game, seat: game.current != seat),),
)
register("huatuo", QINGNANG, JIJIU)

# --- Lü Bu --------------------------------------------------------------------------------
WUSHUANG = Skill(
    "wushuang", "Wushuang", "无双", Kind.COMPULSORY,
    text="Your Kill needs two Dodges to cancel; in your Duels the other side plays two "
         "Kills each time.",
    mods={"double": frozenset({KILL, DUEL})},
)
register("lvbu", WUSHUANG)


# --- Diao Chan ------------------------------------------------------------------------------
def _lijian_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    men = [s for s in others(game, seat) if male(game, s)]
    pool = he(game, seat)
    return [{"type": "skill", "skill": "lijian", "count": 1, "from": pool, "targets": [a, b]}
            for a in men for b in men if a != b and may_target(game, a, DUEL)]


def _lijian_step(game: Any, f: Frame) -> None:
    a, b = f.targets
    game.stack.pop()
    if game.alive[a] and game.alive[b]:
        # the second chosen uses a Duel (no card) on the first; it cannot be nullified
        game.stack.append(DuelUse(name=DUEL, user=b, cards=[], targets=[a], unstoppable=True))


LIJIAN = Skill(
    "lijian", "Lijian", "离间", Kind.ACTIVE, limit=1,
    text="Once per play phase, discard a card and choose two other male characters: the "
         "second uses a Duel on the first, which cannot be nullified.",
    can=lambda game, seat, f: bool(he(game, seat)),
    offers=_lijian_offers, used=_discard_and_push, step=_lijian_step,
)
BIYUE = Skill(
    "biyue", "Biyue", "闭月", Kind.TRIGGERED, point=Point.END,
    text="At the start of your end phase, you may draw one card.", step=draws(1, "biyue"),
)
register("diaochan", LIJIAN, BIYUE)
