"""Kingdom Wars, Qun (docs/rules/generals.md §2.4): Hua Tuo, Lü Bu, Diao Chan, Yuan Shao,
Pang De, Jia Xu, Ma Teng, Tian Feng, Pan Feng, Kong Rong (the rest: ``kw_qun2``).

A skill that is "same as §1" is the identity ``Skill`` object itself; one that differs
is a skill of its own, ``<name>_kw``. Skills read "your kingdom" as the seat's side (a
careerist is a kingdom of one).
"""

from __future__ import annotations

import random
from typing import Any

from domain.sanguosha.cards import ARROWS, DODGE, DUEL, KILL, PEACH, RED, SLOT, SUIT, WINE
from domain.sanguosha.distance import order_from
from domain.sanguosha.frames import Damage, DuelUse
from domain.sanguosha.plays import may_target
from domain.sanguosha.skill import Action, Frame, Kind, Point, Skill, register_kw
from domain.sanguosha.skills.common import (
    DECLINE,
    ask_owner,
    discard,
    he,
    male,
    offer_targets,
    others,
    push,
)
from domain.sanguosha.skills.qun import BIYUE, JIJIU, QINGNANG, WUSHUANG
from domain.sanguosha.skills.shu import MASHU

#: the basic cards' names (every other card used on a target is a trick)
BASICS = frozenset({KILL, DODGE, PEACH})


def side(game: Any, seat: int) -> str | None:
    """The seat's kingdom as the table knows it (None while both generals are hidden)."""
    return game.side[seat]


def same_kingdom(game: Any, a: int, b: int) -> bool:
    return side(game, a) is not None and side(game, a) == side(game, b)


# --- picking one of a seat's cards (hand blind, or an equipment card) --------------------
def card_choices(game: Any, target: int) -> list[Action]:
    out: list[Action] = [{"type": "choose", "area": "hand"}] if game.hands[target] else []
    return out + [{"type": "choose", "card": c} for c in game.equip[target] if c is not None]


def picked(game: Any, target: int, chosen: Action, rng: random.Random) -> int:
    """The card a choice names (a hand card is drawn blind, recorded by the event)."""
    return rng.choice(game.hands[target]) if chosen.get("area") == "hand" else chosen["card"]


def _target_has_cards(game: Any, f: Frame) -> bool:
    tg = f.targets[0]
    return bool(game.alive[tg] and card_choices(game, tg))


#: ask the owner which card of the target (``targets[0]``) to discard, then end
discard_pick_step = ask_owner(_target_has_cards)


def discard_pick_decide(game: Any, seat: int, f: Frame, chosen: Action,
                        rng: random.Random) -> None:
    tg = f.targets[0]
    game._cards_discarded(seat=tg, cards=[picked(game, tg, chosen, rng)], reason=f.skill,
                          by=seat)


# --- Hua Tuo, Lü Bu ----------------------------------------------------------------------
register_kw("huatuo", JIJIU, QINGNANG)
register_kw("lvbu", WUSHUANG)


# --- Diao Chan ---------------------------------------------------------------------------
def _lijian_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    men = [s for s in others(game, seat) if male(game, s)]
    pool = he(game, seat)
    return [{"type": "skill", "skill": "lijian_kw", "count": 1, "from": pool, "targets": [a, b]}
            for a in men for b in men if a != b and may_target(game, a, DUEL)]


def _discard_and_push(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                      choice: str | None) -> None:
    discard(game, seat, cards)
    push(game, seat, skill, targets=list(targets))


def _lijian_step(game: Any, f: Frame) -> None:
    a, b = f.targets
    game.stack.pop()
    if game.alive[a] and game.alive[b]:
        # the second chosen uses a Duel (no card) on the first; Nullification may stop it
        game.stack.append(DuelUse(name=DUEL, user=b, cards=[], targets=[a]))


LIJIAN_KW = Skill(
    "lijian_kw", "Lijian", "离间", Kind.ACTIVE, limit=1,
    text="Once per play phase, discard a card and choose two other male characters: the "
         "second uses a Duel on the first (it may be nullified).",
    can=lambda game, seat, f: bool(he(game, seat)),
    offers=_lijian_offers, used=_discard_and_push, step=_lijian_step,
)
register_kw("diaochan", LIJIAN_KW, BIYUE)


# --- Yuan Shao ---------------------------------------------------------------------------
def _luanji_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    by_suit: dict[str, list[int]] = {}
    for c in game.hands[seat]:
        by_suit.setdefault(SUIT[c], []).append(c)
    return [{"type": "skill", "skill": "luanji", "count": 2, "from": cards}
            for _, cards in sorted(by_suit.items()) if len(cards) >= 2]


def _luanji_step(game: Any, f: Frame) -> None:
    if f.stage == "start":
        f.stage = "used"
        targets = [s for s in order_from(f.owner, game.n)[1:] if game.alive[s]]
        game.due = {"k": "use", "seat": f.owner, "name": ARROWS, "cards": list(f.cards),
                    "targets": targets, "via": "luanji"}
        return
    f.answer = None
    game.stack.pop()


LUANJI = Skill(
    "luanji", "Luanji", "乱击", Kind.ACTIVE,
    text="You may use two hand cards of the same suit as Arrow Barrage.",
    can=lambda game, seat, f: bool(_luanji_offers(game, seat, f)),
    offers=_luanji_offers, used=lambda game, seat, skill, cards, targets, choice: push(
        game, seat, skill, cards=list(cards)),
    step=_luanji_step,
)
register_kw("yuanshao", LUANJI)


# --- Pang De, Ma Teng: Mashu (Ma Chao's); Mengjin ----------------------------------------
MENGJIN = Skill(
    "mengjin", "Mengjin", "猛进", Kind.TRIGGERED, point=Point.DODGED,
    text="When your Kill is dodged, you may discard one of the target's cards.",
    can=lambda game, seat, f: game.alive[f.context["tg"]] and bool(
        card_choices(game, f.context["tg"])),
    used=lambda game, seat, skill, cards, targets, choice: push(
        game, seat, skill, targets=[game.stack[-1].context["tg"]]),
    step=discard_pick_step,
    answers=lambda game, seat, f: card_choices(game, f.targets[0]),
    decide=discard_pick_decide,
)
register_kw("pangde", MASHU, MENGJIN)


# --- Jia Xu ------------------------------------------------------------------------------
WANSHA = Skill(
    "wansha", "Wansha", "完杀", Kind.COMPULSORY,
    text="During your turn, only you and the dying player themselves may use Peaches.",
    mods={"bars_peach": lambda game, owner, helper, victim: (
        game.current == owner and helper not in (owner, victim))},
)


def _luanwu_nearest(game: Any, seat: int) -> list[int]:
    """The players nearest to ``seat`` that it may choose for a Kill (range not needed)."""
    from domain.sanguosha.plays import seat_distances

    dist = seat_distances(game, seat)
    ok = [t for t in others(game, seat) if may_target(game, t, KILL)]
    if not ok:
        return []
    near = min(dist[t] for t in ok)
    return [t for t in ok if dist[t] == near]


def _luanwu_step(game: Any, f: Frame) -> None:
    if f.queue is None:
        f.queue = [s for s in order_from(f.owner, game.n)[1:] if game.alive[s]]
    if f.stage == "asked":
        f.stage = "start"
        if not f.take_answer():
            game.due = {"k": "lose_hp", "seat": f.targets[0], "n": 1, "reason": "luanwu"}
            return
    f.answer = None
    while f.queue:
        s = f.queue.pop(0)
        if game.alive[s]:
            f.targets = [s]
            if _luanwu_answers(game, s, f) != [DECLINE]:
                f.stage = "asked"
                f.wait(s, "luanwu")
            else:
                game.due = {"k": "lose_hp", "seat": s, "n": 1, "reason": "luanwu"}
            return
    game.stack.pop()


def _luanwu_answers(game: Any, seat: int, f: Frame) -> list[Action]:
    from domain.sanguosha.responses import kills

    near = _luanwu_nearest(game, seat)
    return [{**a, "targets": [t]} for a in kills(game, seat, use=True) for t in near] + [DECLINE]


def _luanwu_decide(game: Any, seat: int, f: Frame, chosen: Action, rng: random.Random) -> None:
    cards = list(chosen["cards"]) if "cards" in chosen else [chosen["card"]]
    game._card_used(seat=seat, name=KILL, cards=cards, targets=list(chosen["targets"]),
                    via="luanwu")


LUANWU = Skill(
    "luanwu", "Luanwu", "乱武", Kind.ACTIVE, limited=True,
    text="Once per game, in your play phase: every other player in turn uses a Kill on a "
         "nearest player, or loses 1 HP.",
    offers=lambda game, seat, f: [{"type": "skill", "skill": "luanwu"}],
    step=_luanwu_step, answers=_luanwu_answers, decide=_luanwu_decide,
)


def _black_trick(game: Any, seat: int, name: str, cards: tuple[int, ...]) -> bool:
    """A trick (by the name it is used as) whose cards are all black. Rules 7: a Wine
    (a basic card of the Kingdom Wars deck) is none; before, a black one was cancelled."""
    if name == WINE and game.rules >= 7:
        return False
    return name not in BASICS and bool(cards) and not any(RED[c] for c in cards)


WEIMU = Skill(
    "weimu", "Weimu", "帷幕", Kind.COMPULSORY,
    text="You cancel yourself as a target of any black trick card.",
    # (read where a card's targets are fixed, as Qianxun's ``cancels_target``)
    mods={"shielded": _black_trick},
)
register_kw("jiaxu", WANSHA, LUANWU, WEIMU)


# --- Ma Teng -----------------------------------------------------------------------------
def _xiongyi_step(game: Any, f: Frame) -> None:
    if f.queue is None:
        mine = side(game, f.owner)
        f.queue = [s for s in order_from(f.owner, game.n) if game.alive[s]
                   and (s == f.owner or (mine is not None and side(game, s) == mine))]
    while f.queue:
        s = f.queue.pop(0)
        if game.alive[s]:
            game.due = {"k": "draw", "seat": s, "n": 3, "reason": "xiongyi"}
            return
    game.stack.pop()
    if game.alive[f.owner] and _fewest(game, f.owner) and game.hp[f.owner] < game.max_hp[f.owner]:
        game.due = {"k": "heal", "seat": f.owner, "n": 1, "reason": "xiongyi"}


def _fewest(game: Any, seat: int) -> bool:
    """Whether no other kingdom (with a living shown player) has fewer living shown
    players than the seat's own."""
    counts: dict[str, int] = {}
    for s in range(game.n):
        if game.alive[s] and (kingdom := side(game, s)) is not None:
            counts[kingdom] = counts.get(kingdom, 0) + 1
    mine = counts.get(side(game, seat) or "", 1)
    return all(k >= mine for sd, k in counts.items() if sd != side(game, seat))


XIONGYI = Skill(
    "xiongyi", "Xiongyi", "雄异", Kind.ACTIVE, limited=True,
    text="Once per game, in your play phase: you and every player of your kingdom draw "
         "three; then, if your kingdom has the fewest players, you heal 1.",
    offers=lambda game, seat, f: [{"type": "skill", "skill": "xiongyi"}],
    step=_xiongyi_step,
)
register_kw("mateng", MASHU, XIONGYI)


# --- Kong Rong ---------------------------------------------------------------------------
def _mingshi_can(game: Any, seat: int, f: Frame) -> bool:
    src = f.context.get("src")
    return src is not None and not all(game.shown[src])


def _mingshi_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                  choice: str | None) -> None:
    dmg = game._frame(Damage)
    dmg.amount -= 1
    if dmg.amount <= 0:
        dmg.prevented = True


MINGSHI = Skill(
    "mingshi", "Mingshi", "名士", Kind.COMPULSORY, point=Point.DAMAGE_INFLICTED,
    text="Damage you would take from a source who has not shown both generals is 1 less.",
    can=_mingshi_can, used=_mingshi_used,
)
register_kw("kongrong", MINGSHI)


# --- Tian Feng ---------------------------------------------------------------------------
SIJIAN = Skill(
    "sijian", "Sijian", "死谏", Kind.TRIGGERED, point=Point.HAND_EMPTIED,
    text="After you lose your last hand card, you may discard a card of another player.",
    can=lambda game, seat, f: any(card_choices(game, t) for t in others(game, seat)),
    offers=offer_targets("sijian", lambda game, seat: [
        t for t in others(game, seat) if card_choices(game, t)]),
    step=discard_pick_step,
    answers=lambda game, seat, f: card_choices(game, f.targets[0]),
    decide=discard_pick_decide,
)


def _suishi_draw_can(game: Any, seat: int, f: Frame) -> bool:
    v, src = f.context["v"], f.context.get("src")
    return v != seat and src is not None and same_kingdom(game, src, seat)


def _kingdom_of_dead(game: Any, v: int) -> str | None:
    return game.side[v] if game.side[v] is not None else game.would_be(v)


SUISHI = Skill(
    "suishi", "Suishi", "随势", Kind.COMPULSORY, point=Point.DYING,
    text="When another player enters dying from damage whose source is of your kingdom, "
         "you draw one card; when another player of your kingdom dies, you lose 1 HP.",
    can=_suishi_draw_can, step=lambda game, f: _suishi_fact(game, f, "draw"),
)
SUISHI_LOSS = Skill(
    "suishi_loss", "Suishi", "随势", Kind.COMPULSORY, point=Point.DEATH,
    text="(Suishi, second part) When another player of your kingdom dies, you lose 1 HP.",
    can=lambda game, seat, f: f.context["v"] != seat and side(game, seat) is not None
    and _kingdom_of_dead(game, f.context["v"]) == side(game, seat),
    step=lambda game, f: _suishi_fact(game, f, "lose_hp"),
)


def _suishi_fact(game: Any, f: Frame, k: str) -> None:
    if f.stage == "start":
        f.stage = "done"
        game.due = {"k": k, "seat": f.owner, "n": 1, "reason": "suishi"}
        return
    game.stack.pop()


register_kw("tianfeng", SIJIAN, SUISHI, SUISHI_LOSS)


# --- Pan Feng ----------------------------------------------------------------------------
def _kuangfu_can(game: Any, seat: int, f: Frame) -> bool:
    c = f.context
    return (c.get("r") == KILL and c.get("src") == seat and game.alive[c["v"]]
            and any(e is not None for e in game.equip[c["v"]]))


def _kuangfu_answers(game: Any, seat: int, f: Frame) -> list[Action]:
    tg = f.targets[0]
    out: list[Action] = []
    for c in game.equip[tg]:
        if c is None:
            continue
        slot = SLOT[c]
        if slot is not None and game.equip[seat][slot] is None:
            out.append({"type": "choose", "card": c, "choice": "take"})
        out.append({"type": "choose", "card": c, "choice": "discard"})
    return out


def _kuangfu_decide(game: Any, seat: int, f: Frame, chosen: Action, rng: random.Random) -> None:
    tg = f.targets[0]
    if chosen["choice"] == "take":
        game._equipment_moved(seat=seat, source=tg, card=chosen["card"], reason="kuangfu")
    else:
        game._cards_discarded(seat=tg, cards=[chosen["card"]], reason="kuangfu", by=seat)


def _target_has_equipment(game: Any, f: Frame) -> bool:
    tg = f.targets[0]
    return bool(game.alive[tg] and any(e is not None for e in game.equip[tg]))


KUANGFU = Skill(
    "kuangfu", "Kuangfu", "狂斧", Kind.TRIGGERED, point=Point.DAMAGE_DEALT,
    text="After your Kill damages its target, you may put one of their equipment cards "
         "into your own equipment area (its slot empty) or discard it.",
    can=_kuangfu_can,
    used=lambda game, seat, skill, cards, targets, choice: push(
        game, seat, skill, targets=[game.stack[-1].context["v"]]),
    step=ask_owner(_target_has_equipment),
    answers=_kuangfu_answers, decide=_kuangfu_decide,
)
register_kw("panfeng", KUANGFU)

__all__ = ["MINGSHI", "card_choices", "discard_pick_decide", "discard_pick_step", "side",
           "same_kingdom"]
