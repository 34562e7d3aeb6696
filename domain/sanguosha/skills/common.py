"""Small pieces the skills share: effects as frames of a few steps, offers, questions."""

from __future__ import annotations

from collections.abc import Callable
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


def others(game: Any, seat: int) -> list[int]:
    return [s for s in range(game.n) if s != seat and game.alive[s]]


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


def ctx(game: Any) -> dict[str, Any]:
    """The timing point's facts, read in a ``used`` body (the trigger frame is on top)."""
    top = game.stack[-1]
    return top.context if isinstance(top, Trigger) else {}
