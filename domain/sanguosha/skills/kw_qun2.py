"""Kingdom Wars, Qun (docs/rules/generals.md §2.4), the second half: Yan Liang & Wen Chou,
Zhang Jiao, Cai Wenji, Kong Rong's Lirang, Ji Ling, Zou Shi."""

from __future__ import annotations

import random
from typing import Any

from domain.sanguosha.cards import DODGE, DUEL, KILL, RED, SUIT, THUNDER
from domain.sanguosha.frames import Judgment
from domain.sanguosha.plays import may_target
from domain.sanguosha.skill import (
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
    ask_owner,
    ctx,
    discard,
    discard_chosen,
    draw_touched,
    he,
    offer_targets,
    others,
    push,
)
from domain.sanguosha.skills.kw_qun import MINGSHI, side
from domain.sanguosha.skills.pindian import pindian_targets, pindian_won, start_pindian
from domain.sanguosha.zones import remove_from_seat

# a judgment read by its suit (the skill's step looks at the card itself)
JUDGE_RULES["leiji"] = lambda card: SUIT[card] == "S"
JUDGE_RULES["beige"] = lambda card: RED[card]


# --- Yan Liang & Wen Chou -------------------------------------------------------------------
JUDGE_RULES["shuangxiong"] = lambda card: RED[card]


def _shuangxiong_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                      choice: str | None) -> None:
    game.marks["skip_draw"] = True
    push(game, seat, skill)


def _shuangxiong_step(game: Any, f: Frame) -> None:
    if f.stage == "start":
        game.due = {"k": "judge", "seat": f.owner, "reason": "shuangxiong", "then": "judged"}
        return
    if f.stage == "judged":
        card, f.judge_card, f.result = f.judge_card, None, None
        f.stage = "done"
        if card is not None:
            # for the rest of the turn: hand cards of the other colour are Duels
            game.marks["shuangxiong"] = "red" if RED[card] else "black"
            if card in game.discard:
                game.due = {"k": "gain", "seat": f.owner, "cards": [card], "zone": "discard",
                            "reason": "shuangxiong"}
                return
    game.stack.pop()


def _judged_colour(colour: str) -> Any:
    return lambda game, seat: game.current == seat and game.marks.get("shuangxiong") == colour


SHUANGXIONG = Skill(
    "shuangxiong", "Shuangxiong", "双雄", Kind.TRIGGERED, point=Point.DRAW,
    text="Instead of drawing you may judge and take the card; this turn your hand cards "
         "of the other colour may be used as Duels.",
    # rules 8: not once the draw is skipped (Supply Shortage) or changed
    can=lambda game, seat, f: not draw_touched(game),
    step=_shuangxiong_step, used=_shuangxiong_used,
)
#: the Duels of the turn (one skill in the record for the conversion, named alike)
SHUANGXIONG_DUEL = Skill(
    "shuangxiong_duel", "Shuangxiong", "双雄", Kind.CONVERSION,
    text="(Shuangxiong) This turn, a hand card of the other colour than the judgment card "
         "may be used as a Duel.",
    conversions=(Conversion(DUEL, lambda c: not RED[c], "h", respond=False,
                            when=_judged_colour("red")),
                 Conversion(DUEL, lambda c: RED[c], "h", respond=False,
                            when=_judged_colour("black"))),
)
register_kw("yanliangwenchou", SHUANGXIONG, SHUANGXIONG_DUEL)


# --- Zhang Jiao ---------------------------------------------------------------------------
def _leiji_step(game: Any, f: Frame) -> None:
    tg = f.targets[0]
    if f.stage == "start":
        game.due = {"k": "judge", "seat": tg, "reason": "leiji", "then": "judged"}
    elif f.stage == "judged":
        f.judge_card = None
        if f.result and game.alive[tg]:
            f.result = None
            game._deal(tg, f.owner, 2, [], "leiji", "done", nature=THUNDER)
            return
        game.stack.pop()
    else:
        game.stack.pop()


LEIJI = Skill(
    "leiji", "Leiji", "雷击", Kind.TRIGGERED, point=Point.RESPONDED,
    text="Whenever you play a Dodge, you may have any player judge: a spade, you deal "
         "them 2 thunder damage.",
    can=lambda game, seat, f: f.context.get("name") == DODGE,
    offers=lambda game, seat, f: [{"type": "skill", "skill": "leiji", "targets": [t]}
                                  for t in range(game.n) if game.alive[t]],
    step=_leiji_step,
)


def _guidao_cards(game: Any, seat: int) -> list[int]:
    return [c for c in he(game, seat) if not RED[c]]


def _guidao_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                 choice: str | None) -> None:
    """The black card replaces the judgment card, which Zhang Jiao takes."""
    judge = game._frame(Judgment)
    old, new = judge.card, cards[0]
    remove_from_seat(game, seat, new)
    game.flight.remove(old)
    game.flight.append(new)
    game.hands[seat].append(old)
    judge.card = new


GUIDAO = Skill(
    "guidao", "Guidao", "鬼道", Kind.TRIGGERED, point=Point.RETRIAL,
    text="Before any judgment takes effect, you may play a black card to replace it and "
         "take the replaced card.",
    can=lambda game, seat, f: bool(_guidao_cards(game, seat)),
    offers=lambda game, seat, f: [{"type": "skill", "skill": "guidao", "card": c}
                                  for c in _guidao_cards(game, seat)],
    used=_guidao_used,
)
register_kw("zhangjiao", LEIJI, GUIDAO)


# --- Cai Wenji ------------------------------------------------------------------------------
def _beige_can(game: Any, seat: int, f: Frame) -> bool:
    c = f.context
    return c.get("r") == KILL and game.alive[c["v"]] and bool(he(game, seat))


def _beige_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                choice: str | None) -> None:
    c = ctx(game)
    discard(game, seat, cards)
    push(game, seat, skill, cards=list(cards), targets=[c["v"]])


def _beige_step(game: Any, f: Frame) -> None:
    v, src = f.targets[0], f.context.get("src")
    if f.stage == "start":
        game.due = {"k": "judge", "seat": v, "reason": "beige", "then": "judged"}
        return
    if f.stage == "judged":
        card, f.judge_card, f.result = f.judge_card, None, None
        suit = game.suit_of(v, card) if card is not None else None
        f.stage = "done"
        if suit == "H" and game.alive[v] and game.hp[v] < game.max_hp[v]:
            game.due = {"k": "heal", "seat": v, "n": 1, "reason": "beige"}
        elif suit == "D" and game.alive[v]:
            game.due = {"k": "draw", "seat": v, "n": 2, "reason": "beige"}
        elif suit == "C" and src is not None and game.alive[src] and he(game, src):
            f.stage = "asked"
            f.wait(src, "beige")
        elif suit == "S" and src is not None and game.alive[src]:
            game.due = {"k": "turn_over", "seat": src, "reason": "beige"}
        return
    f.answer = None
    game.stack.pop()


def _beige_answers(game: Any, seat: int, f: Frame) -> list[Action]:
    pool = he(game, seat)
    return [{"type": "discard", "count": min(2, len(pool)), "from": pool}]


BEIGE = Skill(
    "beige", "Beige", "悲歌", Kind.TRIGGERED, point=Point.SOMEONE_DAMAGED,
    text="After a player takes damage from a Kill and lives, you may discard a card: they "
         "judge; heart, they heal 1; diamond, they draw two; club, the source discards two "
         "cards; spade, the source turns over.",
    can=_beige_can,
    offers=lambda game, seat, f: [{"type": "skill", "skill": "beige", "count": 1,
                                   "from": he(game, seat)}],
    used=_beige_used, step=_beige_step, answers=_beige_answers,
    decide=discard_chosen("beige"),
)


DUANCHANG = Skill(
    "duanchang", "Duanchang", "断肠", Kind.COMPULSORY, point=Point.KILLED,
    text="When you die from damage with a source, choose one of the killer's generals: "
         "they lose its skills for the rest of the game.",
    can=lambda game, seat, f: f.context.get("src") not in (None, seat) and game.alive[
        f.context["src"]],
    step=ask_owner(lambda game, f: game.generals_of(f.context["src"])),
    answers=lambda game, seat, f: [{"type": "choose", "which": w}
                                   for w in game.generals_of(f.context["src"])],
    decide=lambda game, seat, f, chosen, rng: game._skills_lost(
        seat=f.context["src"], which=chosen["which"], reason="duanchang"),
)
register_kw("caiwenji", BEIGE, DUANCHANG)


# --- Kong Rong: Lirang ---------------------------------------------------------------------
def _lirang_left(game: Any, f: Frame) -> list[int]:
    return [c for c in f.context.get("cards", []) if c in game.discard]


def _lirang_step(game: Any, f: Frame) -> None:
    """Asked again after each give while cards are left; a decline ends the giving."""
    if f.stage == "asked" and not f.take_answer():
        game.stack.pop()
        return
    if _lirang_left(game, f) and others(game, f.owner):
        f.stage = "asked"
        f.wait(f.owner, "lirang")
        return
    f.answer = None
    game.stack.pop()


def _lirang_answers(game: Any, seat: int, f: Frame) -> list[Action]:
    left = _lirang_left(game, f)
    gives: list[Action] = [{"type": "give", "count": k, "from": left, "targets": [t]}
                           for t in others(game, seat) for k in range(1, len(left) + 1)]
    return gives + [DECLINE]


def _lirang_decide(game: Any, seat: int, f: Frame, chosen: Action, rng: random.Random) -> None:
    game._cards_gained(seat=chosen["targets"][0], cards=list(chosen["cards"]), zone="discard",
                       reason="lirang")


LIRANG = Skill(
    "lirang", "Lirang", "礼让", Kind.TRIGGERED, point=Point.DISCARDED,
    text="Whenever your cards are discarded, you may give any of them to other players.",
    can=lambda game, seat, f: bool(_lirang_left(game, f)) and bool(others(game, seat)),
    step=_lirang_step, answers=_lirang_answers, decide=_lirang_decide,
)
register_kw("kongrong", LIRANG)
assert MINGSHI.id == "mingshi"  # (registered first: the rules page's order)


# --- Ji Ling: Shuangren -------------------------------------------------------------------
def _shuangren_victims(game: Any, f: Frame) -> list[int]:
    """The pindian's loser, or another player of their kingdom (any distance)."""
    t, me = f.targets[0], f.owner
    kingdom = side(game, t)
    seats = [t] + [s for s in others(game, me) if s != t and kingdom is not None
                   and side(game, s) == kingdom]
    return [s for s in seats if game.alive[s] and may_target(game, s, KILL)]


def _shuangren_step(game: Any, f: Frame) -> None:
    if f.stage == "start":
        start_pindian(game, f, f.targets[0], then="compared")
        return
    if f.stage == "compared":
        if not pindian_won(f):
            game.skip_play = True  # not a win: the play phase ends at once
            game.stack.pop()
            return
        victims = _shuangren_victims(game, f)
        f.stage = "done"
        if len(victims) > 1:
            f.wait(f.owner, "shuangren")
        elif victims:
            game.due = {"k": "use", "seat": f.owner, "name": KILL, "cards": [],
                        "targets": victims, "via": "shuangren"}
        return
    f.answer = None
    game.stack.pop()


SHUANGREN = Skill(
    "shuangren", "Shuangren", "双刃", Kind.TRIGGERED, point=Point.PLAY,
    text="At the start of your play phase you may pindian: win, you are treated as using "
         "a Kill on them or another of their kingdom; else your play phase ends.",
    can=lambda game, seat, f: bool(pindian_targets(game, seat)),
    offers=offer_targets("shuangren", pindian_targets),
    step=_shuangren_step,
    answers=lambda game, seat, f: [{"type": "choose", "targets": [t]}
                                   for t in _shuangren_victims(game, f)],
    decide=lambda game, seat, f, chosen, rng: game._card_used(
        seat=seat, name=KILL, cards=[], targets=list(chosen["targets"]), via="shuangren"),
)
register_kw("jiling", SHUANGREN)


# --- Zou Shi: Huoshui, Qingcheng ---------------------------------------------------------------
def _hidden_general(game: Any, seat: int, general: str) -> bool:
    g = game.generals[seat]
    return any(name == general and not game.shown[seat][i] for i, name in enumerate(g))


HUOSHUI = Skill(
    "huoshui", "Huoshui", "祸水", Kind.ACTIVE,
    text="In your play phase you may show this general as an action; while it is shown, "
         "no other player may show a general during your turn.",
    # (an action only while Zou Shi is hidden: using it is what shows her)
    can=lambda game, seat, f: _hidden_general(game, seat, "zoushi"),
    offers=lambda game, seat, f: [{"type": "skill", "skill": "huoshui"}],
    used=lambda game, seat, skill, cards, targets, choice: None,
    mods={"bars_show": lambda game, owner, seat: game.current == owner and seat != owner},
)


def _equipment_cards(game: Any, seat: int) -> list[int]:
    from domain.sanguosha.cards import EQUIPMENT, KIND

    return [c for c in he(game, seat) if KIND[c] == EQUIPMENT]


def _qingcheng_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    pool = _equipment_cards(game, seat)
    return [{"type": "skill", "skill": "qingcheng", "count": 1, "from": pool, "targets": [t]}
            for t in others(game, seat) if all(game.shown[t])] if pool else []


def _discard_then_push(game: Any, seat: int, skill: str, cards: list[int],
                       targets: list[int], choice: str | None) -> None:
    discard(game, seat, cards)
    push(game, seat, skill, targets=list(targets))


def _qingcheng_ready(game: Any, f: Frame) -> bool:
    t = f.targets[0]
    return bool(game.alive[t] and all(game.shown[t]))


QINGCHENG = Skill(
    "qingcheng", "Qingcheng", "倾城", Kind.ACTIVE,
    text="Discard an equipment card: one of the generals of another player who has shown "
         "both becomes hidden again (its skills out of play until shown).",
    can=lambda game, seat, f: bool(_qingcheng_offers(game, seat, f)),
    offers=_qingcheng_offers,
    used=_discard_then_push,
    step=ask_owner(_qingcheng_ready),
    answers=lambda game, seat, f: [{"type": "choose", "which": w} for w in ("head", "deputy")],
    decide=lambda game, seat, f, chosen, rng: game._general_hidden(
        seat=f.targets[0], which=chosen["which"], by=seat, reason="qingcheng"),
)
register_kw("zoushi", HUOSHUI, QINGCHENG)

__all__ = ["BEIGE", "DUANCHANG", "GUIDAO", "HUOSHUI", "LEIJI", "LIRANG", "QINGCHENG",
           "SHUANGREN", "SHUANGXIONG", "SHUANGXIONG_DUEL"]
