"""Wu in Kingdom Wars (generals.md §2.3): the 15 Wu generals' skills, registered with
``register_kw``; a skill the same as in identity mode is the identity ``Skill`` object."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.sanguosha.cards import AWAIT_EXHAUSTED, INDULGENCE, NORMAL, RED, SNATCH, SUIT
from domain.sanguosha.frames import Damage, Judgment, KillUse
from domain.sanguosha.judgment import judge_result
from domain.sanguosha.plays import (
    DISTANCE_ONE,
    EXTRA_KILL_TARGETS,
    EXTRA_KILLS,
    KILL_ANY_DISTANCE,
    NO_KILLS,
)
from domain.sanguosha.skill import (
    SHOWS_WHEN_NEEDED,
    Action,
    Conversion,
    Frame,
    Kind,
    Point,
    Skill,
    register_kw,
)
from domain.sanguosha.skills.common import discard, draws, he, others, push
from domain.sanguosha.skills.pindian import pindian_targets, pindian_won, start_pindian
from domain.sanguosha.skills.wu import (
    FANJIAN,
    GUOSE,
    JIEYIN,
    KEJI,
    KUROU,
    LIULI,
    QIXI,
    XIAOJI,
    YINGZI,
)


# --- Sun Quan, Gan Ning, Lü Meng, Huang Gai, Zhou Yu ---------------------------------------
def _zhiheng_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    pool = he(game, seat)
    return [{"type": "skill", "skill": "zhiheng_kw", "count": k, "from": pool}
            for k in range(1, min(len(pool), game.max_hp[seat]) + 1)]


def _zhiheng_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                  choice: str | None) -> None:
    discard(game, seat, cards)
    push(game, seat, skill, count=len(cards))


ZHIHENG_KW = Skill(
    "zhiheng_kw", "Zhiheng", "制衡", Kind.ACTIVE, limit=1,
    text="Once per play phase, discard one to X cards (X: your max HP) and draw as many.",
    can=lambda game, seat, f: bool(he(game, seat)),
    offers=_zhiheng_offers, used=_zhiheng_used,
    step=draws(lambda g, f: f.count, "zhiheng_kw"),
)
register_kw("sunquan", ZHIHENG_KW)
register_kw("ganning", QIXI)
register_kw("lvmeng", KEJI)
register_kw("huanggai", KUROU)
register_kw("zhouyu", YINGZI, FANJIAN)


# --- Da Qiao ------------------------------------------------------------------------------
def _liuli_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                choice: str | None) -> None:
    LIULI.used(game, seat, skill, cards, targets, choice)
    kill = game._frame(KillUse)
    kill.targeted = False  # the new target is newly targeted: its own skills are asked


LIULI_KW = replace(
    LIULI, id="liuli_kw", used=_liuli_used,
    text=LIULI.text + " The new target is then targeted anew (its own skills apply).",
    offers=lambda game, seat, f: [{**a, "skill": "liuli_kw"}
                                  for a in LIULI.offers(game, seat, f)],
)
register_kw("daqiao", GUOSE, LIULI_KW)


# --- Lu Xun -------------------------------------------------------------------------------
QIANXUN_KW = Skill(
    "qianxun_kw", "Qianxun", "谦逊", Kind.COMPULSORY,
    text="When you become a target of Snatch or Indulgence, you cancel yourself as its "
         "target.",
    mods={"cancels_target": lambda game, seat, name: name in (SNATCH, INDULGENCE)},
)
#: Duoshi's uses per play phase
DUOSHI_LIMIT = 4


def _duoshi_left(game: Any, seat: int) -> bool:
    return int(game.uses.get(f"{seat}:duoshi", 0)) < DUOSHI_LIMIT


DUOSHI = Skill(
    "duoshi", "Duoshi", "度势", Kind.CONVERSION,
    text="At most four times per play phase, you may use a red hand card as Await "
         "Exhausted.",
    conversions=(Conversion(AWAIT_EXHAUSTED, lambda c: RED[c], "h", respond=False,
                            when=_duoshi_left),),
)
register_kw("luxun", QIANXUN_KW, DUOSHI)

# --- Sun Shangxiang -----------------------------------------------------------------------
XIAOJI_KW = replace(
    XIAOJI, id="xiaoji_kw", per_point=False, step=draws(2, "xiaoji_kw"),
    text="When equipment leaves your equipment area, you may draw two cards (once per "
         "move, however many pieces leave).",
)
register_kw("sunshangxiang", JIEYIN, XIAOJI_KW)


# --- Taishi Ci -------------------------------------------------------------------------------
def _tianyi_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    return [{"type": "skill", "skill": "tianyi", "targets": [t]}
            for t in pindian_targets(game, seat)]


def _tianyi_step(game: Any, f: Frame) -> None:
    if f.stage == "start":
        start_pindian(game, f, f.targets[0], then="compared")
        return
    if pindian_won(f):
        game.marks[EXTRA_KILLS] = game.marks.get(EXTRA_KILLS, 0) + 1
        game.marks[KILL_ANY_DISTANCE] = True
        game.marks[EXTRA_KILL_TARGETS] = game.marks.get(EXTRA_KILL_TARGETS, 0) + 1
    else:
        game.marks[NO_KILLS] = True
    game.stack.pop()


TIANYI = Skill(
    "tianyi", "Tianyi", "天义", Kind.ACTIVE, limit=1,
    text="Once per play phase, pindian with another player. Win: this turn you may use one "
         "more Kill, your Kills have no distance limit and may take one more target. "
         "Otherwise: you cannot use Kills this turn.",
    can=lambda game, seat, f: bool(pindian_targets(game, seat)),
    offers=_tianyi_offers, step=_tianyi_step,
)
register_kw("taishici", TIANYI)


# --- Xiao Qiao ----------------------------------------------------------------------------
def _hearts(game: Any, seat: int) -> list[int]:
    """The seat's heart hand cards (spades too where they count as hearts: Hongyan)."""
    suits = ("H", "S") if game.spades_are_hearts(seat) else ("H",)
    return [c for c in game.hands[seat] if SUIT[c] in suits]


def _tianxiang_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    return [{"type": "skill", "skill": "tianxiang", "card": c, "targets": [t]}
            for c in _hearts(game, seat) for t in others(game, seat)]


def _tianxiang_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                    choice: str | None) -> None:
    discard(game, seat, cards)
    game._frame(Damage).prevented = True
    push(game, seat, skill, targets=list(targets))


def _tianxiang_step(game: Any, f: Frame) -> None:
    """The damage goes to the target (same source and amount); once it has resolved
    (dying included) they draw as many cards as the HP they are missing. From rules 7 it
    keeps its nature, and a chain's damage stays a chain's (QSanguosha-For-Hegemony
    copies the damage): rules 6 and before dealt it as plain damage, and replay so."""
    t, ctx = f.targets[0], f.context
    if f.stage == "start":
        damage = game._frame(Damage)
        kept = game.rules >= 7
        game._deal(t, ctx.get("src"), int(ctx.get("n", 1)), list(damage.cards),
                   str(ctx.get("r", "")), "dealt", nature=damage.nature if kept else NORMAL)
        if kept:
            game.stack[-1].chain = damage.chain
    elif f.stage == "dealt" and game.alive[t] and game.max_hp[t] > game.hp[t]:
        game.due = {"k": "draw", "seat": t, "n": game.max_hp[t] - game.hp[t],
                    "reason": "tianxiang", "then": "done"}
    else:
        game.stack.pop()


TIANXIANG = Skill(
    "tianxiang", "Tianxiang", "天香", Kind.TRIGGERED, point=Point.DAMAGE_INFLICTED,
    text="When you are about to take damage, you may discard a heart hand card and choose "
         "another player: they take the damage instead, then draw as many cards as the HP "
         "they are missing.",
    can=lambda game, seat, f: bool(_hearts(game, seat)) and bool(others(game, seat)),
    offers=_tianxiang_offers, used=_tianxiang_used, step=_tianxiang_step,
)
def _hongyan_turns(game: Any, seat: int, f: Frame) -> bool:
    """Rules 6: the seat's own judgment card is a spade that, read as a heart, changes the
    judgment, and its Xiao Qiao is hidden: its owner is asked whether to show her (a
    hidden general's compulsory skill asks; shown, spades are hearts unasked)."""
    ctx = getattr(f, "context", {})
    judgment = game._frame(Judgment)
    if game.rules < 6 or ctx.get("j") != seat or judgment is None \
            or game.skill_shown(seat, "hongyan"):
        return False
    card, reason = judgment.card, judgment.reason
    return SUIT[card] == "S" and judge_result(reason, card) != judge_result(reason, card, True)


HONGYAN = Skill(
    "hongyan", "Hongyan", "红颜", Kind.COMPULSORY, point=Point.RETRIAL,
    text="Your spades count as hearts (your judgments too).",
    mods={"spades_are_hearts": True},
    # shown for a judgment (rules 6): the show is the effect, read when the judgment is
    can=_hongyan_turns, used=lambda game, seat, skill, cards, targets, choice: None,
)
register_kw("xiaoqiao", TIANXIANG, HONGYAN)


# --- Ding Feng ----------------------------------------------------------------------------
DUANBING = Skill(
    "duanbing", "Duanbing", "短兵", Kind.TRIGGERED,  # chosen among the Kill's targets
    text="When you use a Kill you may choose one more target at distance 1 from you.",
    # rules 7: offered while Ding Feng is hidden; the Kill that takes the extra target
    # shows him first (rules 6 and before: only once he was shown)
    mods={"kill_near_target": True, SHOWS_WHEN_NEEDED: 7},
)


def _fenxun_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    pool = he(game, seat)
    return [{"type": "skill", "skill": "fenxun", "count": 1, "from": pool, "targets": [t]}
            for t in others(game, seat)]


def _fenxun_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                 choice: str | None) -> None:
    discard(game, seat, cards)
    game.marks[DISTANCE_ONE] = sorted({*game.marks.get(DISTANCE_ONE, ()), *targets})


FENXUN = Skill(
    "fenxun", "Fenxun", "奋迅", Kind.ACTIVE, limit=1,
    text="Once per play phase, discard a card and choose another player: this turn your "
         "distance to them is 1.",
    can=lambda game, seat, f: bool(he(game, seat)),
    offers=_fenxun_offers, used=_fenxun_used,
)
register_kw("dingfeng", DUANBING, FENXUN)
