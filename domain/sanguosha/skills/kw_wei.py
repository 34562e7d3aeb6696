"""Kingdom Wars, Wei (docs/rules/generals.md §2.1): the fifteen Wei generals' skills.

Skills "as in identity mode" are the identity ``Skill`` objects of ``skills/wei.py``; the
ones that differ have their own ``<name>_kw`` ids. Shensu, Qiaobian (they bend the turn's
phases) and Xun Yu (Quhu is a pindian) live in ``kw_wei_turn.py``.
"""

from __future__ import annotations

import random
from typing import Any

from domain.sanguosha.cards import BASIC, EQUIPMENT, KIND, RED, SLOT, SUIT, WEAPON
from domain.sanguosha.cards_hegemony import SUPPLY_SHORTAGE
from domain.sanguosha.distance import attack_range, distances_from
from domain.sanguosha.skill import (
    JUDGE_KEEPS,
    JUDGE_RULES,
    Action,
    Conversion,
    Frame,
    Kind,
    Point,
    Skill,
    register_kw,
)
from domain.sanguosha.skills.common import (
    DECLINE,
    accept_or_decline,
    accepted,
    discard,
    discard_chosen,
    he,
    living,
    offer_targets,
    others,
    push,
    push_targets,
    take_result,
)
from domain.sanguosha.skills.wei import (
    FANKUI,
    GUICAI,
    JIANXIONG,
    LUOYI,
    QINGGUO,
    TIANDU,
    TUXI,
    YIJI,
    ganglie_answers,
    ganglie_step,
)

# --- Cao Cao, Sima Yi -------------------------------------------------------------------
# Jianxiong already takes only the damaging card's real cards still on the table.
register_kw("caocao", JIANXIONG)
register_kw("simayi", FANKUI, GUICAI)

# --- Xiahou Dun ---------------------------------------------------------------------------
JUDGE_RULES["ganglie_kw"] = lambda card: SUIT[card] != "H"


GANGLIE_KW = Skill(
    "ganglie_kw", "Ganglie", "刚烈", Kind.TRIGGERED, point=Point.DAMAGED,
    text="After you take damage, you may judge: not a heart, its source (if any) discards "
         "two hand cards or takes 1 damage from you.",
    step=ganglie_step("ganglie_kw", kingdom_wars=True), answers=ganglie_answers,
    decide=discard_chosen("ganglie_kw"),
)
register_kw("xiahoudun", GANGLIE_KW)

# --- Zhang Liao, Xu Chu, Guo Jia ------------------------------------------------------
# Luoyi's bonus is read only where a Kill or Duel of the owner deals its own damage.
register_kw("zhangliao", TUXI)
register_kw("xuchu", LUOYI)
register_kw("guojia", TIANDU, YIJI)

# --- Zhen Ji -----------------------------------------------------------------------------
JUDGE_RULES["luoshen_kw"] = lambda card: not RED[card]
JUDGE_KEEPS.add("luoshen_kw")  # the black cards wait on the table to be taken at the end


def _luoshen_step(game: Any, f: Frame) -> None:
    """Judge while black (each black card stays on the table, noted in ``cards``); when
    the run stops, take those still there."""
    st = f.stage
    if st == "start":
        game.due = {"k": "judge", "seat": f.owner, "reason": "luoshen_kw", "then": "judged"}
    elif st == "judged":
        card, f.judge_card = f.judge_card, None
        if take_result(f) and card is not None:
            f.cards.append(card)
            f.stage = "asked"
            f.wait(f.owner, "luoshen_kw")
        else:
            _luoshen_collect(game, f)
    elif st == "asked":
        if f.take_answer():
            f.stage = "start"
        else:
            _luoshen_collect(game, f)
    else:
        game.stack.pop()


def _luoshen_collect(game: Any, f: Frame) -> None:
    kept = [c for c in f.cards if c in game.flight]
    if kept and game.alive[f.owner]:
        game.due = {"k": "gain", "seat": f.owner, "cards": kept, "zone": "flight",
                    "reason": "luoshen_kw", "then": "done"}
    else:
        game.stack.pop()


LUOSHEN_KW = Skill(
    "luoshen_kw", "Luoshen", "洛神", Kind.TRIGGERED, point=Point.START,
    text="At the start of your start phase you may judge, and again while black; when "
         "you stop you take every black judgment card of the run.",
    step=_luoshen_step,
    answers=accept_or_decline, decide=accepted("luoshen_kw"),
)
register_kw("zhenji", LUOSHEN_KW, QINGGUO)


# --- Dian Wei ------------------------------------------------------------------------------
def _in_range_without(game: Any, seat: int, card: int | None) -> list[int]:
    """The seats within ``seat``'s attack range, measured without ``card`` (a weapon it
    is about to discard from its equipment)."""
    equip = [list(e) for e in game.equip]
    equip[seat] = [None if x == card else x for x in equip[seat]]
    dist = distances_from(seat, game.alive, equip)
    less = game.mod(seat, "distance_less") or 0
    reach = attack_range(equip[seat])
    return [t for t in others(game, seat) if max(1, dist[t] - less) <= reach]


def _weapons(game: Any, seat: int) -> list[int]:
    return [c for c in he(game, seat) if KIND[c] == EQUIPMENT and SLOT[c] == WEAPON]


def _qiangxi_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    out: list[Action] = [{"type": "skill", "skill": "qiangxi", "choice": "hp", "targets": [t]}
                         for t in _in_range_without(game, seat, None)]
    for c in _weapons(game, seat):
        out += [{"type": "skill", "skill": "qiangxi", "card": c, "targets": [t]}
                for t in _in_range_without(game, seat, c)]
    return out


def _qiangxi_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                  choice: str | None) -> None:
    discard(game, seat, cards)
    push(game, seat, skill, cards=list(cards), targets=list(targets), choice=choice)


def _qiangxi_step(game: Any, f: Frame) -> None:
    st, o, t = f.stage, f.owner, f.targets[0]
    if st == "start" and f.choice == "hp":
        game.due = {"k": "lose_hp", "seat": o, "n": 1, "reason": "qiangxi", "then": "hit"}
    elif st in ("start", "hit") and game.alive[o] and game.alive[t]:
        game._deal(t, o, 1, [], "qiangxi", "done")
    else:
        game.stack.pop()


QIANGXI = Skill(
    "qiangxi", "Qiangxi", "强袭", Kind.ACTIVE, limit=1,
    text="Once per play phase, lose 1 HP or discard a weapon card, and deal 1 damage to "
         "another player within your attack range.",
    can=lambda game, seat, f: bool(others(game, seat)),
    offers=_qiangxi_offers, used=_qiangxi_used, step=_qiangxi_step,
)
register_kw("dianwei", QIANGXI)


# --- Xu Huang ------------------------------------------------------------------------------
DUANLIANG = Skill(
    "duanliang", "Duanliang", "断粮", Kind.CONVERSION,
    text="You may use a black basic or equipment card as Supply Shortage; your Supply "
         "Shortage may target a player at distance 2 or less.",
    conversions=(Conversion(SUPPLY_SHORTAGE, lambda c: not RED[c] and KIND[c] in (
        BASIC, EQUIPMENT), "he", respond=False),),
    mods={"supply_range": 2},
)
register_kw("xuhuang", DUANLIANG)


# --- Cao Ren -------------------------------------------------------------------------------
def _jushou_step(game: Any, f: Frame) -> None:
    if f.stage == "start":
        game.due = {"k": "draw", "seat": f.owner, "n": 3, "reason": "jushou", "then": "turn"}
    elif f.stage == "turn":
        game.due = {"k": "turn_over", "seat": f.owner, "reason": "jushou", "then": "done"}
    else:
        game.stack.pop()


JUSHOU = Skill(
    "jushou", "Jushou", "据守", Kind.TRIGGERED, point=Point.END,
    text="At the start of your end phase you may draw three cards and turn over.",
    step=_jushou_step,
)
register_kw("caoren", JUSHOU)


# --- Xun Yu (Jieming; Quhu comes with the point contest) ---------------------------------
def _jieming_step(game: Any, f: Frame) -> None:
    t = f.targets[0]
    if f.stage == "start" and game.alive[t]:
        k = min(5, game.max_hp[t]) - len(game.hands[t])
        if k > 0:
            game.due = {"k": "draw", "seat": t, "n": k, "reason": "jieming", "then": "done"}
            return
    game.stack.pop()


JIEMING = Skill(
    "jieming", "Jieming", "节命", Kind.TRIGGERED, point=Point.DAMAGED, per_point=True,
    text="For each damage you take, you may have a player draw until they hold as many "
         "cards as their max HP (at most 5).",
    offers=offer_targets("jieming", living), used=push_targets,
    step=_jieming_step,
)


# --- Cao Pi --------------------------------------------------------------------------------
def _xingshang_cards(game: Any, f: Frame) -> list[int]:
    return [c for c in f.context.get("cs", []) if c in game.discard]


XINGSHANG = Skill(
    "xingshang", "Xingshang", "行殇", Kind.TRIGGERED, point=Point.DEATH,
    text="When another player dies, you may take all their hand and equipment cards.",
    can=lambda game, seat, f: f.context.get("v") != seat and bool(_xingshang_cards(game, f)),
    step=lambda game, f: _xingshang_step(game, f),
)


def _xingshang_step(game: Any, f: Frame) -> None:
    cards = _xingshang_cards(game, f)
    if f.stage == "start" and cards:
        game.due = {"k": "gain", "seat": f.owner, "cards": cards, "zone": "discard",
                    "reason": "xingshang", "then": "done"}
    else:
        game.stack.pop()


def _fangzhu_step(game: Any, f: Frame) -> None:
    st, o, t = f.stage, f.owner, f.targets[0]
    if st == "start":
        f.stage = "draw"
        k = game.max_hp[o] - game.hp[o]
        if k > 0 and game.alive[t]:
            game.due = {"k": "draw", "seat": t, "n": k, "reason": "fangzhu", "then": "turn"}
            return
        st = "turn"
    if st in ("draw", "turn") and game.alive[t]:
        game.due = {"k": "turn_over", "seat": t, "reason": "fangzhu", "then": "done"}
    else:
        game.stack.pop()


FANGZHU = Skill(
    "fangzhu", "Fangzhu", "放逐", Kind.TRIGGERED, point=Point.DAMAGED,
    text="After you take damage, you may have another player draw as many cards as you "
         "are missing HP, then turn over.",
    can=lambda game, seat, f: bool(others(game, seat)),
    offers=offer_targets("fangzhu", others), used=push_targets,
    step=_fangzhu_step,
)
register_kw("caopi", XINGSHANG, FANGZHU)


# --- Yue Jin -------------------------------------------------------------------------------
def _basics(game: Any, seat: int) -> list[int]:
    return [c for c in game.hands[seat] if KIND[c] == BASIC]


def _xiaoguo_step(game: Any, f: Frame) -> None:
    st, o, t = f.stage, f.owner, f.targets[0]
    if st == "start" and game.alive[t]:
        f.stage = "asked"
        f.wait(t, "xiaoguo")
    elif st == "asked" and not f.take_answer() and game.alive[t] and game.alive[o]:
        game._deal(t, o, 1, [], "xiaoguo", "done")
    else:
        game.stack.pop()


def _xiaoguo_answers(game: Any, seat: int, f: Frame) -> list[Action]:
    gear = [c for c in he(game, seat) if KIND[c] == EQUIPMENT]
    return ([{"type": "discard", "count": 1, "from": gear}] if gear else []) + [DECLINE]


def _xiaoguo_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                  choice: str | None) -> None:
    """The basic card is discarded, then the current player answers."""
    discard(game, seat, cards)
    push(game, seat, skill, cards=list(cards), targets=[game.current])


XIAOGUO = Skill(
    "xiaoguo", "Xiaoguo", "骁果", Kind.TRIGGERED, point=Point.OTHER_END,
    text="At the start of another player's end phase, you may discard a basic card: they "
         "discard an equipment card or take 1 damage from you.",
    can=lambda game, seat, f: bool(_basics(game, seat)) and game.alive[game.current],
    offers=lambda game, seat, f: [{"type": "skill", "skill": "xiaoguo", "card": c}
                                  for c in _basics(game, seat)],
    used=_xiaoguo_used,
    step=_xiaoguo_step, answers=_xiaoguo_answers,
    decide=discard_chosen("xiaoguo"),
)
register_kw("yuejin", XIAOGUO)

_ = random  # decide functions receive an rng
