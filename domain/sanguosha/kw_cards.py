"""The Kingdom Wars deck's own cards on the resolution stack (docs/rules/kingdom-wars-deck.md).

Wine, Iron Chain, Fire Attack and the three tricks made for Kingdom Wars each resolve as a
frame of their own, stepped from state alone like every card of ``resolution.py``; their
questions (a hand card to show, a card to discard, what Known Both looks at) are the asks
below. Sides ("on your side") are the mode's (``game.same_side``), so this module names no
kingdom and no general.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.sanguosha.actions import DECLINE, Action
from domain.sanguosha.cards import (
    AMAZING_GRACE,
    ARROWS,
    AWAIT_EXHAUSTED,
    BARBARIANS,
    BEFRIEND_ATTACKING,
    FIRE,
    FIRE_ATTACK,
    IRON_CHAIN,
    KINGDOM_NULLIFICATION,
    KNOWN_BOTH,
    NAME,
    PEACH_GARDEN,
    WINE,
)
from domain.sanguosha.frames import CardUse, NullifyWindow, Stage

#: the asks of these cards, for views and docs
ASKS = {
    "show_card": "Fire Attack: show one of your hand cards",
    "fire_attack": "Fire Attack: discard a hand card of the shown suit to deal 1 fire damage",
    "await_discard": "Await Exhausted: discard two cards (hand or equipment)",
    "known_both": "Known Both: look at the target's hand or at one of its hidden generals",
}


@dataclass
class WineUse(CardUse):
    """Wine drunk in the play phase: the next Kill this turn deals 1 more damage."""


@dataclass
class ChainUse(CardUse):
    """Iron Chain: each target in turn is chained or unchained."""


@dataclass
class FireAttackUse(CardUse):
    """Fire Attack: the target shows a hand card; the user may discard one of its suit."""

    shown: int | None = None


@dataclass
class AwaitUse(CardUse):
    """Await Exhausted: each target draws 2, then each that drew discards 2."""

    drew: list[int] = field(default_factory=list)
    discarding: bool = False


@dataclass
class KnownBothUse(CardUse):
    """Known Both: the user looks at the target's hand or one of its hidden generals."""


@dataclass
class BefriendUse(CardUse):
    """Befriend Attacking: the target draws 1, then the user draws 3."""


USE_CLASS: dict[str, type[CardUse]] = {
    WINE: WineUse, IRON_CHAIN: ChainUse, FIRE_ATTACK: FireAttackUse,
    AWAIT_EXHAUSTED: AwaitUse, KNOWN_BOTH: KnownBothUse, BEFRIEND_ATTACKING: BefriendUse,
}


# --- steps ------------------------------------------------------------------------------
def step_wine(game: Any, f: WineUse) -> None:
    game.marks["drank"] = int(game.marks.get("drank", 0)) + 1
    game.marks["wine"] = True
    game._finish(f)


def _moved_on(f: CardUse) -> bool:
    """A target's effect landed ("next"): the walk goes on to the next target."""
    if f.stage != Stage.NEXT:
        return False
    f.index += 1
    f.stage = Stage.START
    return True


def step_chain(game: Any, f: ChainUse) -> None:
    if _moved_on(f):
        return
    if f.index >= len(f.targets):
        game._finish(f)
        return
    tg = game._affected(f, IRON_CHAIN)
    if tg is not None:
        game.due = {"k": "chain", "seat": tg, "then": "next"}


def step_fire_attack(game: Any, f: FireAttackUse) -> None:
    st, u, tg = f.stage, f.user, f.targets[0]
    if st == Stage.START:
        if not game.alive[tg] or not game.hands[tg]:
            game._finish(f)
            return
        r = game._window(f, FIRE_ATTACK, tg)
        if r is None:
            return
        if r or not game.hands[tg]:
            game._finish(f)
            return
        f.stage = Stage.PICK
        f.wait(tg, "show_card")
    elif st == Stage.PICK:  # the card is shown
        f.answer = None
        if game.alive[u] and _same_suit(game, u, f):
            f.stage = Stage.RESP
            f.wait(u, "fire_attack")
        else:
            game._finish(f)
    elif st == Stage.RESP:
        if f.take_answer() and game.alive[tg]:
            game._deal(tg, u, 1, f.cards, FIRE_ATTACK, "done", nature=FIRE)
        else:
            game._finish(f)
    else:
        game._finish(f)


def _same_suit(game: Any, seat: int, f: FireAttackUse) -> list[int]:
    suit = None if f.shown is None else game.suit_of(f.targets[0], f.shown)
    return [c for c in game.hands[seat] if game.suit_of(seat, c) == suit]


def step_await(game: Any, f: AwaitUse) -> None:
    if _moved_on(f):
        return
    if not f.discarding:
        if f.index < len(f.targets):
            tg = game._affected(f, AWAIT_EXHAUSTED)
            if tg is not None:
                f.drew.append(tg)
                game.due = {"k": "draw", "seat": tg, "n": 2, "reason": AWAIT_EXHAUSTED,
                            "then": "next"}
            return
        f.discarding, f.index = True, 0
    f.answer = None
    while f.index < len(f.drew):
        s = f.drew[f.index]
        f.index += 1
        if game.alive[s] and _own_cards(game, s):
            f.wait(s, "await_discard")
            return
    game._finish(f)


def _own_cards(game: Any, seat: int) -> list[int]:
    return list(game.hands[seat]) + [c for c in game.equip[seat] if c is not None]


def step_known_both(game: Any, f: KnownBothUse) -> None:
    tg = f.targets[0]
    if f.stage != Stage.START:
        f.answer = None
        game._finish(f)
        return
    if not game.alive[tg] or not known_both_choices(game, tg):
        game._finish(f)
        return
    r = game._window(f, KNOWN_BOTH, tg)
    if r is None:
        return
    if r or not known_both_choices(game, tg):
        game._finish(f)
        return
    f.stage = Stage.PICK
    f.wait(f.user, "known_both")


def known_both_choices(game: Any, target: int) -> list[str]:
    """What Known Both may look at: "hand" (if any) and the target's hidden generals."""
    return (["hand"] if game.hands[target] else []) + list(game.hidden_generals(target))


def step_befriend(game: Any, f: BefriendUse) -> None:
    u, tg = f.user, f.targets[0]
    if f.stage == Stage.START:
        if not game.alive[tg]:
            game._finish(f)
            return
        r = game._window(f, BEFRIEND_ATTACKING, tg)
        if r is None:
            return
        if r:
            game._finish(f)
            return
        game.due = {"k": "draw", "seat": tg, "n": 1, "reason": BEFRIEND_ATTACKING,
                    "then": "give"}
    elif f.stage == Stage.GIVE and game.alive[u]:
        game.due = {"k": "draw", "seat": u, "n": 3, "reason": BEFRIEND_ATTACKING,
                    "then": "done"}
    else:
        game._finish(f)


STEPS: dict[type, Any] = {
    WineUse: step_wine, ChainUse: step_chain, FireAttackUse: step_fire_attack,
    AwaitUse: step_await, KnownBothUse: step_known_both, BefriendUse: step_befriend,
}


# --- the Kingdom Nullification's "all" ----------------------------------------------------
#: the tricks that take their targets in turn, one Nullification window each
WIDE_TRICKS = frozenset({BARBARIANS, ARROWS, PEACH_GARDEN, AMAZING_GRACE, IRON_CHAIN,
                         AWAIT_EXHAUSTED})
#: the answer that plays a Kingdom Nullification for every later target of the kingdom
ALL = "all"


def _later_of_side(game: Any, use: CardUse, target: int) -> list[int]:
    """The use's living targets after ``target`` on its side (shown, no careerist)."""
    return [s for s in use.targets[use.index + 1:]
            if game.alive[s] and game.same_side(target, s)]


def _trick_under(game: Any, f: NullifyWindow) -> CardUse | None:
    """The trick whose effect on one of its targets the window is about, if it is one
    that takes its targets in turn and is at that target now."""
    below = game.stack[-2] if len(game.stack) > 1 else None
    if (isinstance(below, CardUse) and below.name in WIDE_TRICKS
            and below.index < len(below.targets) and below.target == f.target):
        return below
    return None


def can_widen(game: Any, f: NullifyWindow) -> bool:
    """Whether a Kingdom Nullification played now may choose "all": it is the first one
    of the window (on the trick itself), the target has shown a general and is no
    careerist, and a later target of the trick is of its kingdom."""
    if f.played or f.nullified:
        return False
    use = _trick_under(game, f)
    return use is not None and bool(_later_of_side(game, use, f.target))


def nullify_answers(game: Any, seat: int, f: NullifyWindow, plain: list[Action]) -> list[Action]:
    """The window's answers: each Kingdom Nullification in hand is offered a second time,
    for "all", when ``can_widen``."""
    if not can_widen(game, f):
        return plain
    out: list[Action] = []
    for a in plain:
        out.append(a)
        if "skill" not in a and "card" in a and NAME[a["card"]] == KINGDOM_NULLIFICATION:
            out.append({**a, "choice": ALL})
    return out


def close_window(game: Any, f: NullifyWindow, below: Any) -> None:
    """The window closed: a standing "all" spares the trick's later targets of the
    kingdom (read now: the living ones on the target's side)."""
    if f.nullified and f.kingdom is not None and isinstance(below, CardUse):
        below.spared = _later_of_side(game, below, f.target)


# --- the asks ---------------------------------------------------------------------------
def answers(game: Any, seat: int, f: Any) -> list[Action]:
    """The answers to one of this module's asks (``ASKS``)."""
    ask = f.ask
    if ask == "show_card":
        return [{"type": "choose", "card": c} for c in game.hands[seat]]
    if ask == "fire_attack":
        return [{"type": "discard", "count": 1, "from": _same_suit(game, seat, f)}, DECLINE]
    if ask == "await_discard":
        own = _own_cards(game, seat)
        return [{"type": "discard", "count": min(2, len(own)), "from": own}]
    if ask == "known_both":
        return [{"type": "choose", "choice": c} for c in known_both_choices(game, f.targets[0])]
    raise AssertionError(f"unknown ask {ask!r}")
