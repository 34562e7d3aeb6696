"""Wu in Kingdom Wars (generals.md §2.3), the skills that move cards between seats: Sun
Jian's Yinghun, Lu Su's Haoshi and Dimeng, Zhang Zhao & Zhang Hong's Zhijian and Guzheng.
Each is a frame of a few steps that asks the seat whose choice it is."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from domain.sanguosha.cards import EQUIPMENT, KIND, SLOT
from domain.sanguosha.skill import Action, Frame, Kind, Point, Skill, register_kw
from domain.sanguosha.skills.common import (
    ask_owner,
    discard,
    discard_chosen,
    he,
    others,
    push,
    wounded,
)


# --- Sun Jian -------------------------------------------------------------------------------
def _lost(game: Any, seat: int) -> int:
    return int(game.max_hp[seat] - game.hp[seat])


def _yinghun_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    x = _lost(game, seat)
    choices = [None] if x == 1 else ["draw_x", "discard_x"]
    return [{"type": "skill", "skill": "yinghun", "targets": [t], **(
        {"choice": c} if c else {})} for t in others(game, seat) for c in choices]


def _yinghun_counts(game: Any, f: Frame) -> tuple[int, int]:
    """(cards drawn, cards discarded): X then one, or one then X."""
    x = _lost(game, f.owner)
    return (x, 1) if f.choice == "draw_x" else (1, x) if f.choice == "discard_x" else (1, 1)


def _yinghun_step(game: Any, f: Frame) -> None:
    t = f.targets[0]
    if f.stage == "start":
        f.count = _yinghun_counts(game, f)[1]  # X is fixed when the skill is used
        game.due = {"k": "draw", "seat": t, "n": _yinghun_counts(game, f)[0],
                    "reason": "yinghun", "then": "discard"}
    elif f.stage == "discard" and game.alive[t] and he(game, t):
        f.stage = "done"
        f.wait(t, "yinghun")
    else:
        f.answer = None
        game.stack.pop()


def _yinghun_answers(game: Any, seat: int, f: Frame) -> list[Action]:
    pool = he(game, seat)
    return [{"type": "discard", "count": min(f.count, len(pool)), "from": pool}]


YINGHUN = Skill(
    "yinghun", "Yinghun", "英魂", Kind.TRIGGERED, point=Point.START,
    text="At the start of your start phase, if you are wounded, you may choose another "
         "player; X = your lost HP. X = 1: they draw one and discard one. Otherwise you "
         "choose: they draw X and discard one, or draw one and discard X.",
    can=lambda game, seat, f: wounded(game, seat) and bool(others(game, seat)),
    offers=_yinghun_offers, step=_yinghun_step, answers=_yinghun_answers,
    decide=discard_chosen("yinghun"),
)
register_kw("sunjian", YINGHUN)


# --- Lu Su -----------------------------------------------------------------------------------
def _haoshi_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                 choice: str | None) -> None:
    """The draw phase's draw becomes this frame's, put *under* the timing point so that the
    other draw-phase skills (Yingzi) are asked first and their extra cards count too."""
    from domain.sanguosha.frames import SkillEffect

    game.marks["skip_draw"] = True
    game.stack.insert(len(game.stack) - 1, SkillEffect(skill=skill, owner=seat))


def _fewest(game: Any, seat: int) -> list[int]:
    rest = others(game, seat)
    least = min((len(game.hands[t]) for t in rest), default=0)
    return [t for t in rest if len(game.hands[t]) == least]


def _haoshi_step(game: Any, f: Frame) -> None:
    o = f.owner
    if f.stage == "start":
        n = 2 + int(game.marks.get("draw_delta", 0)) + 2
        game.due = {"k": "draw", "seat": o, "n": n, "reason": "draw_phase", "then": "give"}
    elif f.stage == "give" and len(game.hands[o]) > 5 and _fewest(game, o):
        f.stage = "done"
        f.wait(o, "haoshi")
    else:
        f.answer = None
        game.stack.pop()


def _haoshi_answers(game: Any, seat: int, f: Frame) -> list[Action]:
    hand = list(game.hands[seat])
    return [{"type": "give", "count": len(hand) // 2, "from": hand, "targets": [t]}
            for t in _fewest(game, seat)]


HAOSHI = Skill(
    "haoshi", "Haoshi", "好施", Kind.TRIGGERED, point=Point.DRAW,
    text="In your draw phase you may draw two more cards; then, holding more than five "
         "hand cards, give half of them (rounded down) to another player with the fewest.",
    # rules 6: not in a draw phase Supply Shortage skipped (rules 4 and 5 drew all the same)
    can=lambda game, seat, f: game.rules < 6 or not game.marks.get("skip_draw"),
    used=_haoshi_used, step=_haoshi_step, answers=_haoshi_answers,
    decide=lambda game, seat, f, chosen, rng: game._cards_given(
        seat=seat, to=chosen["targets"][0], cards=list(chosen["cards"]), reason="haoshi"),
)


def _dimeng_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    pool = he(game, seat)
    out: list[Action] = []
    for a, b in combinations(others(game, seat), 2):
        x = abs(len(game.hands[a]) - len(game.hands[b]))
        if x == 0:
            out.append({"type": "skill", "skill": "dimeng", "targets": [a, b]})
        elif x <= len(pool):
            out.append({"type": "skill", "skill": "dimeng", "count": x, "from": pool,
                        "targets": [a, b]})
    return out


def _dimeng_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                 choice: str | None) -> None:
    discard(game, seat, cards)
    push(game, seat, skill, targets=list(targets))


def _dimeng_step(game: Any, f: Frame) -> None:
    a, b = f.targets
    if f.stage == "start" and game.alive[a] and game.alive[b]:
        game.due = {"k": "swap_hands", "seat": a, "other": b, "reason": "dimeng",
                    "then": "done"}
    else:
        game.stack.pop()


DIMENG = Skill(
    "dimeng", "Dimeng", "缔盟", Kind.ACTIVE, limit=1,
    text="Once per play phase, choose two other players and discard as many cards as "
         "their hand sizes differ: they exchange their hands.",
    can=lambda game, seat, f: len(others(game, seat)) >= 2,
    offers=_dimeng_offers, used=_dimeng_used, step=_dimeng_step,
)
register_kw("lusu", HAOSHI, DIMENG)


# --- Zhang Zhao & Zhang Hong -------------------------------------------------------------------
def _zhijian_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    return [{"type": "skill", "skill": "zhijian", "card": c, "targets": [t]}
            for c in game.hands[seat] if KIND[c] == EQUIPMENT
            for t in others(game, seat) if game.equip[t][SLOT[c]] is None]


def _zhijian_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                  choice: str | None) -> None:
    (card,) = cards
    game.hands[seat].remove(card)
    game.equip[targets[0]][SLOT[card]] = card
    push(game, seat, skill)


ZHIJIAN = Skill(
    "zhijian", "Zhijian", "直谏", Kind.ACTIVE,
    text="In your play phase, put an equipment card from your hand into another player's "
         "empty matching slot, then draw one card.",
    can=lambda game, seat, f: any(KIND[c] == EQUIPMENT for c in game.hands[seat]),
    offers=_zhijian_offers, used=_zhijian_used,
    step=lambda game, f: _draw_one(game, f),
)


def _draw_one(game: Any, f: Frame) -> None:
    if f.stage == "start":
        game.due = {"k": "draw", "seat": f.owner, "n": 1, "reason": "zhijian", "then": "done"}
    else:
        game.stack.pop()


register_kw("erzhang", ZHIJIAN)

_ = random  # decide functions receive an rng


def _guzheng_left(game: Any, f: Frame) -> list[int]:
    """The cards discarded in the phase that are still in the discard pile."""
    return [c for c in f.context.get("cards", []) if c in game.discard]


def _guzheng_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    return [{"type": "skill", "skill": "guzheng", "card": c} for c in _guzheng_left(game, f)]


def _guzheng_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                  choice: str | None) -> None:
    """The chosen card goes back to the hand of the seat that discarded it."""
    ctx = game.stack[-1].context
    game.discard.remove(cards[0])
    game.hands[ctx["seat"]].append(cards[0])
    push(game, seat, skill, cards=list(cards))


GUZHENG = Skill(
    "guzheng", "Guzheng", "固政", Kind.TRIGGERED, point=Point.OTHER_DISCARD_END,
    text="When another player's discard phase ends, you may give one of the cards they "
         "discarded back to them; then you may take the others still in the discard pile.",
    can=lambda game, seat, f: bool(_guzheng_left(game, f)), offers=_guzheng_offers,
    used=_guzheng_used, step=ask_owner(_guzheng_left),
    answers=lambda game, seat, f: [{"type": "choose", "option": "take_all"},
                                   {"type": "decline"}],
    decide=lambda game, seat, f, chosen, rng: game._cards_gained(
        seat=seat, cards=_guzheng_left(game, f), zone="discard", reason="guzheng"),
)
register_kw("erzhang", GUZHENG)
