"""Wu: Sun Quan, Gan Ning, Lü Meng, Huang Gai, Zhou Yu, Da Qiao, Lu Xun, Sun Shangxiang."""

from __future__ import annotations

import random
from typing import Any

from domain.sanguosha.cards import (
    DISMANTLEMENT,
    INDULGENCE,
    KILL,
    RED,
    SNATCH,
    SUIT,
    SUITS,
)
from domain.sanguosha.distance import attack_range, distances_from
from domain.sanguosha.frames import KillUse
from domain.sanguosha.plays import may_target
from domain.sanguosha.skill import Action, Conversion, Frame, Kind, Point, Skill, register
from domain.sanguosha.skills.common import (
    discard,
    draw_forgone,
    draws,
    he,
    male,
    others,
    push,
    wounded,
)


# --- Sun Quan ----------------------------------------------------------------------------
def _zhiheng_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    pool = he(game, seat)
    return [{"type": "skill", "skill": "zhiheng", "count": k, "from": pool}
            for k in range(1, len(pool) + 1)]


def _zhiheng_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                  choice: str | None) -> None:
    discard(game, seat, cards)
    push(game, seat, skill, count=len(cards))


ZHIHENG = Skill(
    "zhiheng", "Zhiheng", "制衡", Kind.ACTIVE, limit=1,
    text="Once per play phase, discard any number of cards and draw as many.",
    can=lambda game, seat, f: bool(he(game, seat)),
    offers=_zhiheng_offers, used=_zhiheng_used, step=draws(lambda g, f: f.count, "zhiheng"),
)
JIUYUAN = Skill(
    "jiuyuan", "Jiuyuan", "救援", Kind.COMPULSORY, lord=True,
    text="Lord skill. While you are dying, a Peach from another Wu character heals 1 more.",
    mods={"peach_bonus": lambda game, owner, helper: int(
        helper != owner and game.kingdom(helper) == "wu")},
)
register("sunquan", ZHIHENG, JIUYUAN)

# --- Gan Ning, Lü Meng ----------------------------------------------------------------------
QIXI = Skill(
    "qixi", "Qixi", "奇袭", Kind.CONVERSION,
    text="You may use any black card as Dismantlement.",
    conversions=(Conversion(DISMANTLEMENT, lambda c: not RED[c], "he", respond=False),),
)
register("ganning", QIXI)


def _keji_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
               choice: str | None) -> None:
    game.marks["skip_discard"] = True


KEJI = Skill(
    "keji", "Keji", "克己", Kind.TRIGGERED, point=Point.DISCARD,
    text="If you used or played no Kill in your play phase, you may skip your discard "
         "phase.",
    can=lambda game, seat, f: not game.marks.get("killed"), used=_keji_used,
)
register("lvmeng", KEJI)


# --- Huang Gai ------------------------------------------------------------------------------
def _kurou_step(game: Any, f: Frame) -> None:
    st, o = f.stage, f.owner
    if st == "start":
        game.due = {"k": "lose_hp", "seat": o, "n": 1, "reason": "kurou", "then": "draw"}
    elif st == "draw" and game.alive[o]:
        game.due = {"k": "draw", "seat": o, "n": 2, "reason": "kurou", "then": "done"}
    else:
        game.stack.pop()


KUROU = Skill(
    "kurou", "Kurou", "苦肉", Kind.ACTIVE,
    text="In your play phase, as often as you like: lose 1 HP, then draw two cards.",
    offers=lambda game, seat, f: [{"type": "skill", "skill": "kurou"}], step=_kurou_step,
)
register("huanggai", KUROU)


# --- Zhou Yu -----------------------------------------------------------------------------------
def _yingzi_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                 choice: str | None) -> None:
    game.marks["draw_delta"] = game.marks.get("draw_delta", 0) + 1


YINGZI = Skill(
    "yingzi", "Yingzi", "英姿", Kind.TRIGGERED, point=Point.DRAW,
    text="You may draw one more card in your draw phase.",
    # rules 8 (Kingdom Wars): only when the draw comes (Haoshi's counts)
    can=lambda game, seat, f: not draw_forgone(game), used=_yingzi_used,
)


def _fanjian_step(game: Any, f: Frame) -> None:
    st, o, t = f.stage, f.owner, f.targets[0]
    if st == "start":
        f.stage = "named"
        f.wait(t, "fanjian")
    elif st == "named":
        f.answer = None
        if game.hands[o] and game.alive[t]:
            game.due = {"k": "snatch_hand", "seat": t, "source": o, "reason": "fanjian",
                        "then": "shown"}
        else:
            game.stack.pop()
    elif st == "shown":
        if game.suit_of(t, f.got[-1]) != f.suit:
            game._deal(t, o, 1, [], "fanjian", "done")
        else:
            game.stack.pop()
    else:
        game.stack.pop()


FANJIAN = Skill(
    "fanjian", "Fanjian", "反间", Kind.ACTIVE, limit=1,
    text="Once per play phase, another player names a suit and takes one of your hand "
         "cards blind, showing it: another suit, you deal them 1 damage.",
    can=lambda game, seat, f: bool(game.hands[seat]),
    offers=lambda game, seat, f: [{"type": "skill", "skill": "fanjian", "targets": [t]}
                                  for t in others(game, seat)],
    step=_fanjian_step,
    answers=lambda game, seat, f: [{"type": "choose", "suit": s} for s in SUITS],
    decide=lambda game, seat, f, chosen, rng: game._suit_named(seat=seat,
                                                               suit=chosen["suit"]),
)
register("zhouyu", YINGZI, FANJIAN)


# --- Da Qiao ----------------------------------------------------------------------------------
GUOSE = Skill(
    "guose", "Guose", "国色", Kind.CONVERSION,
    text="You may use any diamond card as Indulgence.",
    conversions=(Conversion(INDULGENCE, lambda c: SUIT[c] == "D", "he", respond=False),),
)


def _liuli_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    user = f.context["u"]
    kill = game._frame(KillUse)
    # not a seat the Kill already targets (it would be hit twice)
    taken = set(kill.targets) if kill is not None else set()
    out: list[Action] = []
    for c in he(game, seat):
        equip = [list(e) for e in game.equip]
        equip[seat] = [None if x == c else x for x in equip[seat]]
        dist = distances_from(seat, game.alive, equip)
        reach = attack_range(equip[seat])
        less = game.mod(seat, "distance_less") or 0
        for t in others(game, seat):
            if (t != user and t not in taken and max(1, dist[t] - less) <= reach
                    and may_target(game, t, KILL)):
                out.append({"type": "skill", "skill": "liuli", "card": c, "targets": [t]})
    return out


def _liuli_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                choice: str | None) -> None:
    discard(game, seat, cards)
    kill = game._frame(KillUse)
    kill.targets[kill.index] = targets[0]


LIULI = Skill(
    "liuli", "Liuli", "流离", Kind.TRIGGERED, point=Point.TARGETED,
    text="When you become a target of a Kill, you may discard a card to pass it to "
         "another player within your attack range (not its user).",
    can=lambda game, seat, f: bool(_liuli_offers(game, seat, f)),
    offers=_liuli_offers, used=_liuli_used,
)
register("daqiao", GUOSE, LIULI)

# --- Lu Xun -----------------------------------------------------------------------------------
QIANXUN = Skill(
    "qianxun", "Qianxun", "谦逊", Kind.COMPULSORY,
    text="You cannot be chosen as a target of Snatch or Indulgence.",
    mods={"untargetable": lambda game, seat, name: name in (SNATCH, INDULGENCE)},
)
LIANYING = Skill(
    "lianying", "Lianying", "连营", Kind.TRIGGERED, point=Point.HAND_EMPTIED,
    text="Whenever you lose your last hand card, you may draw one card.",
    can=lambda game, seat, f: not game.hands[seat], step=draws(1, "lianying"),
)
register("luxun", QIANXUN, LIANYING)


# --- Sun Shangxiang -------------------------------------------------------------------------
def _jieyin_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    hand = list(game.hands[seat])
    return [{"type": "skill", "skill": "jieyin", "count": 2, "from": hand, "targets": [t]}
            for t in others(game, seat) if male(game, t) and wounded(game, t)]


def _jieyin_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                 choice: str | None) -> None:
    discard(game, seat, cards)
    push(game, seat, skill, targets=list(targets))


def _jieyin_step(game: Any, f: Frame) -> None:
    st, o = f.stage, f.owner
    if st == "start":
        game.due = {"k": "heal", "seat": f.targets[0], "n": 1, "reason": "jieyin",
                    "then": "self"}
    elif st == "self" and wounded(game, o):
        game.due = {"k": "heal", "seat": o, "n": 1, "reason": "jieyin", "then": "done"}
    else:
        game.stack.pop()


JIEYIN = Skill(
    "jieyin", "Jieyin", "结姻", Kind.ACTIVE, limit=1,
    text="Once per play phase, discard two hand cards: a wounded male character and you "
         "each heal 1.",
    can=lambda game, seat, f: len(game.hands[seat]) >= 2,
    offers=_jieyin_offers, used=_jieyin_used, step=_jieyin_step,
)
XIAOJI = Skill(
    "xiaoji", "Xiaoji", "枭姬", Kind.TRIGGERED, point=Point.EQUIP_LOST, per_point=True,
    text="For each card that leaves your equipment area, you may draw two cards.",
    step=draws(2, "xiaoji"),
)
register("sunshangxiang", JIEYIN, XIAOJI)

_ = random  # decide functions receive an rng
