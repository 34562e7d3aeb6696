"""Kingdom Wars, Wei: the skills that bend the turn's phases (Shensu, Qiaobian), and
Xun Yu, whose Quhu is a point contest (docs/rules/generals.md §2.1)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from domain.sanguosha.cards import EQUIPMENT, KILL, KIND, NAME, SLOT
from domain.sanguosha.distance import attack_range, order_from
from domain.sanguosha.frames import Trigger
from domain.sanguosha.plays import may_target, seat_distances
from domain.sanguosha.skill import Action, Frame, Kind, Point, Skill, register_kw
from domain.sanguosha.skills.common import (
    DECLINE,
    discard,
    draw_touched,
    he,
    offer_targets,
    others,
    push,
    push_targets,
)
from domain.sanguosha.skills.kw_wei import JIEMING
from domain.sanguosha.skills.pindian import can_pindian, pindian_won, start_pindian

#: the marks that skip a phase before it begins (read by the turn: resolution.py)
_SKIP = {Point.JUDGE_PHASE.value: "skip_judgment", Point.DRAW.value: "skip_draw",
         Point.PLAY.value: "skip_play", Point.DISCARD.value: "skip_discard"}


def _point(game: Any) -> str:
    """The phase point being asked about (the trigger frame on top or just below)."""
    for f in reversed(game.stack):
        if isinstance(f, Trigger):
            return f.point
    return ""


def _skipped(game: Any, point: str) -> bool:
    """Whether the phase of ``point`` is already being skipped."""
    m = game.marks
    if point == Point.JUDGE_PHASE.value:
        return bool(m.get("skip_judgment"))
    if point == Point.DRAW.value:
        return bool(m.get("skip_draw") or m.get("skip_draw_phase"))
    if point == Point.PLAY.value:
        return bool(game.skip_play or m.get("skip_play"))
    return bool(m.get("skip_discard"))


# --- Xiahou Yuan -----------------------------------------------------------------------------
def _kill_targets(game: Any, seat: int) -> list[int]:
    """Shensu's Kill ignores distance: any other player a Kill may target."""
    return [t for t in others(game, seat) if may_target(game, t, KILL)]


def _shensu_can(game: Any, seat: int, f: Frame) -> bool:
    point = f.point
    if not _kill_targets(game, seat):
        return False
    if point == Point.JUDGE_PHASE.value:
        return not (game.marks.get("skip_judgment") or _skipped(game, Point.DRAW.value))
    return not _skipped(game, point) and any(KIND[c] == EQUIPMENT for c in he(game, seat))


def _shensu_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    targets = _kill_targets(game, seat)
    if f.point == Point.JUDGE_PHASE.value:
        return [{"type": "skill", "skill": "shensu", "targets": [t]} for t in targets]
    return [{"type": "skill", "skill": "shensu", "card": c, "targets": [t]}
            for c in he(game, seat) if KIND[c] == EQUIPMENT for t in targets]


def _shensu_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                 choice: str | None) -> None:
    if _point(game) == Point.JUDGE_PHASE.value:
        game.marks["skip_judgment"] = game.marks["skip_draw_phase"] = True
    else:
        discard(game, seat, cards)
        game.marks["skip_play"] = True
    push(game, seat, skill, cards=list(cards), targets=list(targets))


def _shensu_step(game: Any, f: Frame) -> None:
    """The Kill, with no real card, counted as used outside the play phase's limit."""
    if f.stage == "start" and game.alive[f.owner] and game.alive[f.targets[0]]:
        game.due = {"k": "use", "seat": f.owner, "name": KILL, "cards": [],
                    "targets": list(f.targets), "via": "shensu", "then": "done"}
    else:
        game.stack.pop()


SHENSU = Skill(
    "shensu", "Shensu", "神速", Kind.TRIGGERED, point=Point.JUDGE_PHASE,
    also=(Point.PLAY,),
    text="You may skip your judgment and draw phases, or discard an equipment card and "
         "skip your play phase: either way you count as using a Kill that ignores "
         "distance.",
    can=_shensu_can, offers=_shensu_offers, used=_shensu_used, step=_shensu_step,
)
register_kw("xiahouyuan", SHENSU)


# --- Zhang He --------------------------------------------------------------------------------
def _qiaobian_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    hand = list(game.hands[seat])
    out: list[Action] = [{"type": "skill", "skill": "qiaobian", "card": c} for c in hand]
    if f.point == Point.DRAW.value:  # with it, the one or two players to take from
        holders = [s for s in others(game, seat) if game.hands[s]]
        groups = [[a] for a in holders] + [list(p) for p in combinations(holders, 2)]
        out += [{"type": "skill", "skill": "qiaobian", "card": c, "targets": g}
                for c in hand for g in groups]
    return out


def _qiaobian_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                   choice: str | None) -> None:
    point = _point(game)
    discard(game, seat, cards)
    game.marks[_SKIP[point]] = True
    if point == Point.DRAW.value and targets:
        turn = order_from(seat, game.n)
        push(game, seat, skill, cards=list(cards), targets=sorted(targets, key=turn.index),
             choice="draw")
    elif point == Point.PLAY.value:
        push(game, seat, skill, cards=list(cards), choice="play")


def moves(game: Any, seat: int) -> list[Action]:
    """Every move of one equipment card into an empty slot of its kind, or of one delayed
    trick to a player it could target who has none of its name. Rules 7: not onto a seat
    whose shown skill cancels it (``_cancels``: Qianxun, Weimu); before, it went there and
    stayed."""
    out: list[Action] = []
    living = [s for s in range(game.n) if game.alive[s]]
    for src in living:
        for c in game.equip[src]:
            if c is None:
                continue
            out += [{"type": "choose", "card": c, "targets": [to]} for to in living
                    if to != src and game.equip[to][SLOT[c]] is None]
        for c in game.judging[src]:
            name = game.virtual.get(c) or NAME[c]
            out += [{"type": "choose", "card": c, "targets": [to]} for to in living
                    if to != src and may_target(game, to, name)
                    and not (game.rules >= 7 and game._cancels(to, name, [c]))
                    and all((game.virtual.get(j) or NAME[j]) != name for j in game.judging[to])]
    return out


def _qiaobian_step(game: Any, f: Frame) -> None:
    if f.choice == "draw":  # one hand card from each, unseen
        while f.targets:
            s = f.targets.pop(0)
            if game.alive[s] and game.hands[s]:
                game.due = {"k": "snatch_hand", "seat": f.owner, "source": s,
                            "reason": "qiaobian"}
                return
    elif f.choice == "play" and f.stage == "start" and moves(game, f.owner):
        f.stage = "moved"
        f.wait(f.owner, "qiaobian")
        return
    f.answer = None
    game.stack.pop()


def _qiaobian_decide(game: Any, seat: int, f: Frame, chosen: Action, rng: Any) -> None:
    card, to = chosen["card"], chosen["targets"][0]
    src = next(s for s in range(game.n)
               if card in game.equip[s] or card in game.judging[s])
    area = "equipment" if card in game.equip[src] else "judgment"
    game._card_moved(seat=seat, source=src, to=to, card=card, area=area, reason="qiaobian")


QIAOBIAN = Skill(
    "qiaobian", "Qiaobian", "巧变", Kind.TRIGGERED, point=Point.JUDGE_PHASE,
    also=(Point.DRAW, Point.PLAY, Point.DISCARD),
    text="As your judgment, draw, play or discard phase would begin, you may discard a "
         "hand card to skip it; skipping the draw phase you may take a hand card from "
         "each of one or two players; skipping the play phase you may move a card on the "
         "table.",
    can=lambda game, seat, f: bool(game.hands[seat]) and not _skipped(game, f.point) and not (
        f.point == Point.DRAW.value and draw_touched(game)),  # (rules 8: after Luoyi)
    offers=_qiaobian_offers, used=_qiaobian_used, step=_qiaobian_step,
    answers=lambda game, seat, f: moves(game, seat) + [DECLINE],
    decide=_qiaobian_decide,
)
register_kw("zhanghe", QIAOBIAN)



# --- Xun Yu ------------------------------------------------------------------------------------
def _quhu_targets(game: Any, seat: int) -> list[int]:
    return [t for t in others(game, seat)
            if game.hp[t] > game.hp[seat] and can_pindian(game, seat, t)]


def _within_range_of(game: Any, seat: int) -> list[int]:
    """The other living players within ``seat``'s attack range."""
    dist = seat_distances(game, seat)
    reach = attack_range(game.equip[seat])
    return [s for s in others(game, seat) if dist[s] <= reach]


def _quhu_step(game: Any, f: Frame) -> None:
    """Pindian; a win: the owner picks someone in the target's range, whom the target
    hurts; otherwise the target hurts the owner."""
    st, o, t = f.stage, f.owner, f.targets[0]
    if st == "start":
        start_pindian(game, f, t, then="compared")
    elif st == "compared":
        if not pindian_won(f):
            if game.alive[o] and game.alive[t]:
                game._deal(o, t, 1, [], "quhu", "done")
                return
        elif game.alive[t] and _within_range_of(game, t):
            f.stage = "chosen"
            f.wait(o, "quhu")
            return
        game.stack.pop()
    elif st == "chosen":
        f.answer = None
        f.stage = "done"
        victim = f.targets[-1]
        if game.alive[t] and game.alive[victim]:
            game._deal(victim, t, 1, [], "quhu", "done")
            return
        game.stack.pop()
    else:
        game.stack.pop()


QUHU = Skill(
    "quhu", "Quhu", "驱虎", Kind.ACTIVE, limit=1,
    text="Once per play phase, pindian with a player who has more HP than you: win, they "
         "deal 1 damage to a player of your choice within their attack range; otherwise "
         "they deal 1 damage to you.",
    can=lambda game, seat, f: bool(game.hands[seat]),
    offers=offer_targets("quhu", _quhu_targets), used=push_targets,
    step=_quhu_step,
    answers=lambda game, seat, f: [{"type": "choose", "targets": [v]}
                                   for v in _within_range_of(game, f.targets[0])],
    decide=lambda game, seat, f, chosen, rng: game._target_chosen(
        seat=seat, target=chosen["targets"][0], reason="quhu"),
)
register_kw("xunyu", QUHU, JIEMING)
