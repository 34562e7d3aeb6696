"""Kingdom Wars, Qun (docs/rules/generals.md §2.4), the second half: Zhang Jiao, Cai
Wenji, Kong Rong's Lirang, Ji Ling, Zou Shi."""

from __future__ import annotations

import random
from typing import Any

from domain.sanguosha.cards import DODGE, KILL, RED, SUIT
from domain.sanguosha.frames import Judgment
from domain.sanguosha.plays import may_target
from domain.sanguosha.skill import JUDGE_RULES, Action, Frame, Kind, Point, Skill, register_kw
from domain.sanguosha.skills.common import DECLINE, ctx, discard, he, others, push
from domain.sanguosha.skills.kw_qun import MINGSHI, side
from domain.sanguosha.skills.pindian import pindian_targets, pindian_won, start_pindian
from domain.sanguosha.zones import remove_from_seat

# a judgment read by its suit (the skill's step looks at the card itself)
JUDGE_RULES["leiji"] = lambda card: SUIT[card] == "S"
JUDGE_RULES["beige"] = lambda card: RED[card]


# --- Zhang Jiao ---------------------------------------------------------------------------
def _leiji_step(game: Any, f: Frame) -> None:
    tg = f.targets[0]
    if f.stage == "start":
        game.due = {"k": "judge", "seat": tg, "reason": "leiji", "then": "judged"}
    elif f.stage == "judged":
        f.judge_card = None
        if f.result and game.alive[tg]:
            f.result = None
            game._deal(tg, f.owner, 2, [], "leiji", "done")
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
        suit = SUIT[card] if card is not None else None
        f.stage = "done"
        if suit == "H" and game.alive[v] and game.hp[v] < game.max_hp[v]:
            game.due = {"k": "heal", "seat": v, "n": 1, "reason": "beige"}
        elif suit == "D" and game.alive[v]:
            game.due = {"k": "draw", "seat": v, "n": 2, "reason": "beige"}
        elif suit == "C" and src is not None and game.alive[src] and he(game, src):
            f.stage = "asked"
            f.wait(src, "beige")
        elif suit == "S" and src is not None and game.alive[src] and _can_turn_over(game):
            game.due = {"k": "turn_over", "seat": src, "reason": "beige"}
        return
    f.answer = None
    game.stack.pop()


def _can_turn_over(game: Any) -> bool:
    """Turning over (a face-down seat skips its next turn) is the engine's where present."""
    return hasattr(game, "turned")


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
    decide=lambda game, seat, f, chosen, rng: game._cards_discarded(
        seat=seat, cards=list(chosen["cards"]), reason="beige", by=f.owner),
)


def _duanchang_step(game: Any, f: Frame) -> None:
    if f.stage == "start" and game.generals_of(f.context["src"]):
        f.stage = "chosen"
        f.wait(f.owner, "duanchang")
        return
    f.answer = None
    game.stack.pop()


DUANCHANG = Skill(
    "duanchang", "Duanchang", "断肠", Kind.COMPULSORY, point=Point.KILLED,
    text="When you die from damage with a source, choose one of the killer's generals: "
         "they lose its skills for the rest of the game.",
    can=lambda game, seat, f: f.context.get("src") not in (None, seat) and game.alive[
        f.context["src"]],
    step=_duanchang_step,
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
    # (a decline ends the giving: without this check the question came back forever)
    if (f.answer is not False and _lirang_left(game, f) and others(game, f.owner)
            and f.stage == "start"):
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
    offers=lambda game, seat, f: [{"type": "skill", "skill": "shuangren", "targets": [t]}
                                  for t in pindian_targets(game, seat)],
    step=_shuangren_step,
    answers=lambda game, seat, f: [{"type": "choose", "targets": [t]}
                                   for t in _shuangren_victims(game, f)],
    decide=lambda game, seat, f, chosen, rng: game._card_used(
        seat=seat, name=KILL, cards=[], targets=list(chosen["targets"]), via="shuangren"),
)
register_kw("jiling", SHUANGREN)

__all__ = ["BEIGE", "DUANCHANG", "GUIDAO", "LEIJI", "LIRANG", "SHUANGREN"]
