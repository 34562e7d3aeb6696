"""Small pieces the skills share: effects as frames of a few steps, offers, questions."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from domain.sanguosha.frames import SkillEffect, Trigger
from domain.sanguosha.skill import Action, Frame

DECLINE: Action = {"type": "decline"}


def pop(game: Any, f: Frame) -> None:
    game.stack.pop()


def then_pop(due: Callable[[Any, Frame], dict[str, Any] | None]) -> Callable[[Any, Frame], None]:
    """A one-fact effect: at "start" the fact is due (None: nothing to do), then it ends."""

    def step(game: Any, f: Frame) -> None:
        if f.stage == "start":
            d = due(game, f)
            if d is not None:
                game.due = {**d, "then": "done"}
                return
        game.stack.pop()

    return step


def draws(n: int | Callable[[Any, Frame], int], reason: str) -> Callable[[Any, Frame], None]:
    """An effect that draws ``n`` cards for the skill's owner."""

    def due(game: Any, f: Frame) -> dict[str, Any] | None:
        k = n(game, f) if callable(n) else n
        return {"k": "draw", "seat": f.owner, "n": k, "reason": reason} if k > 0 else None

    return then_pop(due)


def he(game: Any, seat: int) -> list[int]:
    """The seat's hand and equipment cards."""
    return list(game.hands[seat]) + [c for c in game.equip[seat] if c is not None]


def wounded(game: Any, seat: int) -> bool:
    return bool(game.alive[seat] and game.hp[seat] < game.max_hp[seat])


def draw_forgone(game: Any) -> bool:
    """Rules 8, Kingdom Wars: this draw phase's draw is already skipped or replaced
    (Supply Shortage, Qiaobian, Tuxi, Zaiqi, Shuangxiong), so no draw-phase skill is
    offered any more. Haoshi's draw is the draw itself, made bigger: Yingzi and Luoyi
    still count in it. (Rules 7 and before, and identity, offered them all the same.)"""
    return (game.rules >= 8 and game.kind == "hegemony" and bool(game.marks.get("skip_draw"))
            and not any(isinstance(f, SkillEffect) and f.skill == "haoshi"
                        for f in game.stack))


def draw_touched(game: Any) -> bool:
    """Rules 8, Kingdom Wars: a skill that skips or replaces the draw (Qiaobian, Tuxi,
    Zaiqi, Shuangxiong) is offered only on a draw still untouched: not skipped nor
    replaced, nor made smaller or bigger (after Luoyi its cost would be void)."""
    m = game.marks
    return game.rules >= 8 and game.kind == "hegemony" and bool(
        m.get("skip_draw") or m.get("draw_delta") or m.get("luoyi"))


def others(game: Any, seat: int) -> list[int]:
    return [s for s in range(game.n) if s != seat and game.alive[s]]


def living(game: Any, seat: int) -> list[int]:
    """Every living seat, the given one included."""
    return [t for t in range(game.n) if game.alive[t]]


def offer_targets(skill: str, targets: Callable[[Any, int], Iterable[int]]
                  ) -> Callable[[Any, int, Frame], list[Action]]:
    """An ``offers``: the skill aimed at each seat ``targets`` names, one at a time."""
    return lambda game, seat, f: [{"type": "skill", "skill": skill, "targets": [t]}
                                  for t in targets(game, seat)]


def push_targets(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                 choice: str | None) -> None:
    """A ``used``: the effect goes on the stack aimed at the chosen targets (no cost)."""
    push(game, seat, skill, targets=list(targets))


def ask_owner(ready: Callable[[Any, Frame], Any]) -> Callable[[Any, Frame], None]:
    """A ``step`` for an effect that is one question to its owner (``decide`` records the
    answer): asked at the start if ``ready`` holds, then the effect ends."""

    def step(game: Any, f: Frame) -> None:
        if f.stage == "start" and ready(game, f):
            f.stage = "asked"
            f.wait(f.owner, f.skill)
            return
        f.answer = None
        game.stack.pop()

    return step


def male(game: Any, seat: int) -> bool:
    return game.gender(seat) == "male"


def discard(game: Any, seat: int, cards: list[int]) -> None:
    """A skill's cost: the cards go from the seat to the discard pile."""
    from domain.sanguosha.zones import remove_from_seat

    for c in cards:
        remove_from_seat(game, seat, c)
    game.discard.extend(cards)


def push(game: Any, seat: int, skill: str, **fields: Any) -> SkillEffect:
    """The skill's effect goes on the stack (with the timing point's facts, if any)."""
    top = game.stack[-1] if game.stack else None
    ctx = top.context if isinstance(top, Trigger) else {}
    f = SkillEffect(skill=skill, owner=seat, context=ctx, **fields)
    game.stack.append(f)
    return f


def take_result(f: SkillEffect) -> bool:
    """A judgment's result, cleared for the next judgment."""
    r, f.result = f.result, None
    return bool(r)


def discard_chosen(reason: str) -> Callable[..., None]:
    """A ``decide``: the asked seat discards the cards it chose, on the owner's account."""

    def decide(game: Any, seat: int, f: Frame, chosen: Action, rng: Any) -> None:
        game._cards_discarded(seat=seat, cards=list(chosen["cards"]), reason=reason,
                              by=f.owner)

    return decide


def accept_or_decline(game: Any, seat: int, f: Frame) -> list[Action]:
    """An ``answers``: go on (accept) or stop (decline)."""
    return [{"type": "accept"}, DECLINE]


def accepted(ask: str) -> Callable[..., None]:
    """The ``decide`` of ``accept_or_decline``: records the seat's yes to ``ask``."""

    def decide(game: Any, seat: int, f: Frame, chosen: Action, rng: Any) -> None:
        game._accepted(seat=seat, ask=ask)

    return decide


def ctx(game: Any) -> dict[str, Any]:
    """The timing point's facts, read in a ``used`` body (the trigger frame is on top)."""
    top = game.stack[-1]
    return top.context if isinstance(top, Trigger) else {}
