"""Kingdom Wars Shu (docs/rules/generals.md section 2.2): the skills of the 15 Shu
generals. A skill the same as in identity mode is the identity ``Skill`` object; one that
differs has its own, ``<name>_kw``. Written as if the general were shown (the showing
framework offers and shows hidden generals' skills)."""

from __future__ import annotations

import random
from typing import Any

from domain.sanguosha.cards import (
    BARBARIANS,
    BASIC,
    DUEL,
    EIGHT_TRIGRAMS,
    FIRE_ATTACK,
    IRON_CHAIN,
    KILL,
    KIND,
    NULLIFICATION,
    RED,
    SUIT,
)
from domain.sanguosha.distance import attack_range
from domain.sanguosha.frames import KillUse, Stage
from domain.sanguosha.skill import Action, Conversion, Frame, Kind, Point, Skill, register_kw
from domain.sanguosha.skills.common import (
    DECLINE,
    discard,
    draw_touched,
    others,
    push,
    then_pop,
    wounded,
)
from domain.sanguosha.skills.pindian import can_pindian, pindian_won, start_pindian
from domain.sanguosha.skills.shu import (
    GUANXING,
    JIZHI,
    LONGDAN,
    MASHU,
    TIEQI,
    WUSHENG,
    rende,
)
from domain.sanguosha.zones import take_all

#: ``Skill.mods`` flag (the showing framework's): the modifier counts while its general is
#: hidden, and shows it when a card use needs it (Paoxiao's second Kill, Qicai's range)
SHOWS_WHEN_NEEDED = "shows_when_needed"


def same_kingdom(game: Any, a: int, b: int) -> bool:
    """Both shown and of one kingdom, neither a careerist (the showing framework's
    ``same_kingdom`` once the game has it; else the fixed sides, a careerist's its own)."""
    rule = getattr(game, "same_kingdom", None)
    if rule is not None:
        return bool(rule(a, b))
    sides = game.side
    return sides[a] is not None and sides[a] == sides[b]


def _nothing(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
             choice: str | None) -> None:
    """A skill whose use is only named (its effect is the answer that follows)."""


# --- Liu Bei: Rende (three cards heal) ---------------------------------------------------
RENDE_HEAL_AT = 3
RENDE_KW = rende("rende_kw", RENDE_HEAL_AT, "In your play phase, give any hand cards to "
                 "another player, as often as you like; the first time you have given three "
                 "or more this phase, heal 1.")
register_kw("liubei", RENDE_KW)
register_kw("guanyu", WUSHENG)

# --- Zhang Fei: Paoxiao (not compulsory: shows him when a second Kill needs it) -------------
PAOXIAO_KW = Skill(
    "paoxiao_kw", "Paoxiao", "咆哮", Kind.TRIGGERED,
    text="You may use any number of Kills in your play phase.",
    mods={"kill_limit": None, SHOWS_WHEN_NEEDED: True},
)
register_kw("zhangfei", PAOXIAO_KW)

# --- Zhuge Liang: Kongcheng cancels him as a target ---------------------------------------
KONGCHENG_KW = Skill(
    "kongcheng_kw", "Kongcheng", "空城", Kind.COMPULSORY,
    text="When you become a target of a Kill or a Duel while you have no hand cards, you "
         "are removed from its targets.",
    mods={"cancels_target": lambda game, seat, name: name in (KILL, DUEL)
          and not game.hands[seat]},
)
register_kw("zhugeliang", GUANXING, KONGCHENG_KW)
register_kw("zhaoyun", LONGDAN)
register_kw("machao", MASHU, TIEQI)
QICAI_KW = Skill(
    "qicai_kw", "Qicai", "奇才", Kind.COMPULSORY,
    text="Your trick cards have no distance limit.",
    mods={"trick_range": True, SHOWS_WHEN_NEEDED: True},
)
register_kw("huangyueying", JIZHI, QICAI_KW)


# --- Huang Zhong: Liegong ------------------------------------------------------------------
def _liegong_can(game: Any, seat: int, f: Frame) -> bool:
    tg = f.context.get("tg")
    if tg is None or game.current != seat or game.phase != "play":
        return False
    n = len(game.hands[tg])
    return n >= game.hp[seat] or n <= attack_range(game.equip[seat])


def _no_dodge(game: Any, f: Frame) -> None:
    kill = game._frame(KillUse)
    if kill is not None:
        kill.no_dodge = True
    game.stack.pop()


LIEGONG = Skill(
    "liegong", "Liegong", "烈弓", Kind.TRIGGERED, point=Point.KILL_TARGET,
    text="In your play phase, when your Kill targets a player whose hand-card count is at "
         "least your HP or at most your attack range, you may make it undodgeable.",
    can=_liegong_can, step=_no_dodge,
)
register_kw("huangzhong", LIEGONG)

# --- Wei Yan: Kuanggu ------------------------------------------------------------------------
KUANGGU = Skill(
    "kuanggu", "Kuanggu", "狂骨", Kind.COMPULSORY, point=Point.DAMAGE_DEALT, per_point=True,
    text="After you deal damage to a player at distance 1 or less, you heal 1 for each "
         "point of it.",
    can=lambda game, seat, f: wounded(game, seat) and f.context.get("d") is not None
    and f.context["d"] <= 1,
    step=then_pop(lambda game, f: {"k": "heal", "seat": f.owner, "n": 1,
                                   "reason": "kuanggu"}),
)
register_kw("weiyan", KUANGGU)


# --- Pang Tong: Lianhuan, Niepan (limited) --------------------------------------------------
LIANHUAN = Skill(
    "lianhuan", "Lianhuan", "连环", Kind.CONVERSION,
    text="You may use a club hand card as Iron Chain, or recast it.",
    conversions=(Conversion(IRON_CHAIN, lambda c: SUIT[c] == "C", "h", respond=False,
                            recast=True),),
)
NIEPAN_HP = 3
NIEPAN_DRAW = 3


def _niepan_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                 choice: str | None) -> None:
    game.discard.extend(take_all(game, seat))
    push(game, seat, skill)


def _niepan_step(game: Any, f: Frame) -> None:
    me = f.owner
    if f.stage == "start":
        n = min(NIEPAN_HP, game.max_hp[me]) - game.hp[me]
        if n > 0:
            game.due = {"k": "heal", "seat": me, "n": n, "reason": "niepan", "then": "healed"}
            return
        f.stage = "healed"
    if f.stage == "healed":
        game.due = {"k": "draw", "seat": me, "n": NIEPAN_DRAW, "reason": "niepan",
                    "then": "drawn"}
        return
    if f.stage == "drawn" and game.chained[me]:
        game.due = {"k": "chain", "seat": me, "then": "unchained"}  # (the Kingdom Wars deck's)
        return
    if f.stage in ("drawn", "unchained") and game.rules >= 5 and game.turned[me]:  # face up
        game.due = {"k": "turn_over", "seat": me, "reason": "niepan", "then": "done"}
        return
    game.stack.pop()


NIEPAN = Skill(
    "niepan", "Niepan", "涅槃", Kind.TRIGGERED, point=Point.DYING, limited=True,
    text="Limited. While you are dying, you may discard all your cards, set your HP to 3 "
         "and draw three cards.",
    can=lambda game, seat, f: f.context.get("v") == seat and game.hp[seat] <= 0,
    used=_niepan_used, step=_niepan_step,
)
register_kw("pangtong", LIANHUAN, NIEPAN)


# --- Wolong: Huoji, Kanpo, Bazhen ----------------------------------------------------------
HUOJI = Skill(
    "huoji", "Huoji", "火计", Kind.CONVERSION,
    text="You may use a red hand card as Fire Attack.",
    conversions=(Conversion(FIRE_ATTACK, lambda c: RED[c], "h", respond=False),),
)
KANPO = Skill(
    "kanpo", "Kanpo", "看破", Kind.CONVERSION,
    text="You may use a black hand card as a Nullification.",
    conversions=(Conversion(NULLIFICATION, lambda c: not RED[c], "h", use=False),),
)


def _bazhen_demand(game: Any, seat: int, f: Frame) -> list[Action]:
    if (f.ask == "dodge" and game.equip[seat][1] is None and not f.ignore_armor
            and not f.trigrams_tried):
        return [{"type": "eight_trigrams", "skill": "bazhen"}]
    return []


def _bazhen_decide(game: Any, seat: int, f: Frame, chosen: Action,
                   rng: random.Random) -> None:
    top = game._take(1, rng)
    if top is None:
        return  # the pile is exhausted: the game has ended
    card = top[0] if top else None
    game._judged(seat=seat, card=card, reason=EIGHT_TRIGRAMS,
                 result=card is not None and RED[card])


BAZHEN = Skill(
    "bazhen", "Bazhen", "八阵", Kind.COMPULSORY,
    text="While your armor slot is empty, you count as wearing Eight Trigrams.",
    demand=_bazhen_demand, decide=_bazhen_decide, used=_nothing,
)
register_kw("wolong", HUOJI, KANPO, BAZHEN)


# --- Liu Shan: Xiangle, Fangquan -------------------------------------------------------------
def _basics(game: Any, seat: int) -> list[int]:
    return [c for c in game.hands[seat] if KIND[c] == BASIC]


def _xiangle_step(game: Any, f: Frame) -> None:
    user = f.context["u"]
    if f.stage == "start":
        if game.alive[user] and _basics(game, user):
            f.stage = "asked"
            f.wait(user, "xiangle")
            return
    elif f.take_answer():  # a basic card was discarded: the Kill goes on
        game.stack.pop()
        return
    kill = game._frame(KillUse)
    if kill is not None:
        kill.stage = Stage.NEXT  # no effect on the owner
    game.stack.pop()


XIANGLE = Skill(
    "xiangle", "Xiangle", "享乐", Kind.COMPULSORY, point=Point.TARGETED,
    text="When you become a target of another player's Kill, it has no effect on you "
         "unless its user discards a basic card.",
    can=lambda game, seat, f: f.context.get("u") != seat,
    step=_xiangle_step,
    answers=lambda game, seat, f: [{"type": "discard", "count": 1,
                                    "from": _basics(game, seat)}, DECLINE],
    decide=lambda game, seat, f, chosen, rng: game._cards_discarded(
        seat=seat, cards=list(chosen["cards"]), reason="xiangle", by=None),
)


def _fangquan_at(game: Any) -> str:
    """The moment the skill is asked at: the play phase to skip, or the turn's end."""
    return game.stack[-1].point


def _fangquan_can(game: Any, seat: int, f: Frame) -> bool:
    if f.point == Point.PLAY.value:
        return not game.skip_play
    return bool(game.marks.get("fangquan")) and bool(game.hands[seat]) \
        and bool(others(game, seat))


def _fangquan_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    if f.point == Point.PLAY.value:
        return [{"type": "skill", "skill": "fangquan"}]
    hand = list(game.hands[seat])
    return [{"type": "skill", "skill": "fangquan", "count": 1, "from": hand, "targets": [t]}
            for t in others(game, seat)]


def _fangquan_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                   choice: str | None) -> None:
    if _fangquan_at(game) == Point.PLAY.value:
        game.skip_play = True
        game.marks["fangquan"] = True
        return
    discard(game, seat, cards)
    push(game, seat, skill, cards=list(cards), targets=list(targets))


FANGQUAN = Skill(
    "fangquan", "Fangquan", "放权", Kind.TRIGGERED, point=Point.PLAY, also=(Point.END,),
    text="You may skip your play phase; if you do, at the end of the turn you may discard "
         "a hand card: another player takes one extra turn after yours.",
    can=_fangquan_can, offers=_fangquan_offers, used=_fangquan_used,
    step=then_pop(lambda game, f: {"k": "extra_turn", "seat": f.targets[0], "by": f.owner,
                                   "reason": "fangquan"}),
)
register_kw("liushan", XIANGLE, FANGQUAN)


# --- Meng Huo: Huoshou, Zaiqi ------------------------------------------------------------------
def _spared_by_barbarians(game: Any, seat: int, name: str) -> bool:
    return name == BARBARIANS


HUOSHOU = Skill(
    "huoshou", "Huoshou", "祸首", Kind.COMPULSORY,
    text="Barbarian Invasion has no effect on you; you are the source of the damage "
         "another player's Barbarian Invasion deals.",
    mods={"cancels_target": _spared_by_barbarians, "damage_source": frozenset({BARBARIANS})},
)


def _zaiqi_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                choice: str | None) -> None:
    game.marks["skip_draw"] = True
    push(game, seat, skill)


def _zaiqi_step(game: Any, f: Frame) -> None:
    me = f.owner
    if f.stage == "start":
        game.due = {"k": "reveal", "n": game.max_hp[me] - game.hp[me], "reason": "zaiqi",
                    "then": "revealed"}
        return
    hearts = [c for c in f.peeked if SUIT[c] == "H"]
    if f.stage == "revealed" and hearts:
        game.due = {"k": "heal", "seat": me, "n": len(hearts), "reason": "zaiqi",
                    "then": "healed"}
        return
    if f.stage in ("revealed", "healed"):
        for c in hearts:  # the hearts go to the discard pile
            game.flight.remove(c)
            game.discard.append(c)
        rest = [c for c in f.peeked if c not in hearts]
        f.peeked = []
        if rest:
            game.due = {"k": "gain", "seat": me, "cards": rest, "zone": "hand",
                        "reason": "zaiqi", "then": "done"}
            return
    game.stack.pop()


ZAIQI = Skill(
    "zaiqi", "Zaiqi", "再起", Kind.TRIGGERED, point=Point.DRAW,
    text="At the start of your draw phase, if you are wounded, you may instead turn up the "
         "top X cards (X: your lost HP): heal 1 per heart, discard the hearts and take the "
         "rest.",
    # rules 8: not once the draw is skipped (Supply Shortage) or changed
    can=lambda game, seat, f: wounded(game, seat) and not draw_touched(game),
    used=_zaiqi_used, step=_zaiqi_step,
)
register_kw("menghuo", HUOSHOU, ZAIQI)


# --- Zhu Rong: Juxiang, Lieren ------------------------------------------------------------------
def _juxiang_can(game: Any, seat: int, f: Frame) -> bool:
    ctx = f.context
    return (ctx.get("name") == BARBARIANS and ctx.get("real") and ctx.get("u") != seat
            and all(c in game.discard for c in ctx.get("cards", ())))


JUXIANG = Skill(
    "juxiang", "Juxiang", "巨象", Kind.COMPULSORY, point=Point.CARD_DONE,
    text="Barbarian Invasion has no effect on you; when another player's Barbarian "
         "Invasion card goes to the discard pile, you take it.",
    mods={"cancels_target": _spared_by_barbarians},
    can=_juxiang_can,
    step=then_pop(lambda game, f: {"k": "gain", "seat": f.owner,
                                   "cards": list(f.context["cards"]), "zone": "hand",
                                   "reason": "juxiang"}),
)


def _lieren_victim(game: Any, seat: int, f: Frame) -> int | None:
    """The target the owner's own Kill just hurt (not damage passed on to another)."""
    ctx = f.context
    kill = game._frame(KillUse)
    v = ctx.get("v")
    if (ctx.get("r") != KILL or ctx.get("src") != seat or kill is None or kill.user != seat
            or kill.index >= len(kill.targets) or kill.target != v):
        return None
    return v  # type: ignore[no-any-return]


def _lieren_can(game: Any, seat: int, f: Frame) -> bool:
    v = _lieren_victim(game, seat, f)
    return v is not None and can_pindian(game, seat, v)


def _lieren_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                 choice: str | None) -> None:
    push(game, seat, skill, targets=[game.stack[-1].context["v"]])


def _lieren_choices(game: Any, src: int) -> list[Action]:
    out: list[Action] = [{"type": "choose", "area": "hand"}] if game.hands[src] else []
    return out + [{"type": "choose", "card": c} for c in game.equip[src] if c is not None]


def _lieren_step(game: Any, f: Frame) -> None:
    tg = f.targets[0]
    if f.stage == "start":
        start_pindian(game, f, tg, then="compared")
        return
    if f.stage == "compared" and pindian_won(f) and game.alive[tg] and game.alive[f.owner] \
            and _lieren_choices(game, tg):
        f.stage = "taken"
        f.wait(f.owner, "lieren")
        return
    f.answer = None
    game.stack.pop()


def _lieren_decide(game: Any, seat: int, f: Frame, chosen: Action, rng: random.Random) -> None:
    src = f.targets[0]
    if chosen.get("area") == "hand":
        card, area = rng.choice(game.hands[src]), "hand"
    else:
        card, area = chosen["card"], "equipment"
    game._card_taken(seat=seat, source=src, card=card, area=area, reason="lieren")


LIEREN = Skill(
    "lieren", "Lieren", "烈刃", Kind.TRIGGERED, point=Point.DAMAGE_DEALT,
    text="After your Kill deals damage to its target, you may pindian with them; if you "
         "win, take one of their cards.",
    can=_lieren_can, used=_lieren_used, step=_lieren_step,
    answers=lambda game, seat, f: _lieren_choices(game, f.targets[0]),
    decide=_lieren_decide,
)
register_kw("zhurong", JUXIANG, LIEREN)


# --- Gan Furen: Shushen, Shenzhi ----------------------------------------------------------------
def _kin(game: Any, seat: int) -> list[int]:
    return [s for s in others(game, seat) if same_kingdom(game, seat, s)]


SHUSHEN = Skill(
    "shushen", "Shushen", "淑慎", Kind.TRIGGERED, point=Point.HEALED, per_point=True,
    text="For each 1 HP you heal, you may have another player of your kingdom draw a card.",
    can=lambda game, seat, f: bool(_kin(game, seat)),
    offers=lambda game, seat, f: [{"type": "skill", "skill": "shushen", "targets": [t]}
                                  for t in _kin(game, seat)],
    step=then_pop(lambda game, f: {"k": "draw", "seat": f.targets[0], "n": 1,
                                   "reason": "shushen"}),
)


def _shenzhi_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                  choice: str | None) -> None:
    hand = list(game.hands[seat])
    discard(game, seat, hand)
    push(game, seat, skill, cards=hand, count=len(hand))


SHENZHI = Skill(
    "shenzhi", "Shenzhi", "神智", Kind.TRIGGERED, point=Point.START,
    text="At the start of your turn you may discard all your hand cards; if they were at "
         "least your HP, heal 1.",
    can=lambda game, seat, f: bool(game.hands[seat]), used=_shenzhi_used,
    step=then_pop(lambda game, f: {"k": "heal", "seat": f.owner, "n": 1, "reason": "shenzhi"}
                  if f.count >= game.hp[f.owner] and wounded(game, f.owner) else None),
)
register_kw("ganfuren", SHUSHEN, SHENZHI)
