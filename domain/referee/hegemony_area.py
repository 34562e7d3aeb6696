"""The area tricks of both decks that take their targets in turn (Barbarian Invasion,
Arrow Barrage, Peach Garden, Amazing Grace), as the referee follows them target by target.

From the user (or its next seat) round the table, each target in turn is passed over
with no window (dead by then; spared by a Kingdom Nullification's "all"; at full HP for
a Peach Garden), or has its window (if anyone may nullify) and then its effect: the answer
asked of it (a Vine's block first), its heal, its card. A target reached is the one whose
effect comes (``reached``); one nullified is the one whose window closed nullified
(``window_on``). None before it may be left out, none after it reached before it, and
once the trick is over (the next card or phase) none may be left unreached
(``area_over``).
"""

from __future__ import annotations

from typing import Any

from domain.audit import Fact

BARBARIANS, ARROWS = "barbarian_invasion", "arrow_barrage"
PEACH_GARDEN, GRACE = "peach_garden", "amazing_grace"
AREA = frozenset({BARBARIANS, ARROWS, PEACH_GARDEN, GRACE})
RULE = "card-effect"


def passed_over(r: Any, u: Any, x: int) -> bool:
    """A target the trick passes over with no window."""
    return not r.alive[x] or x in u.extra.get("spared", ()) or (
        u.name == PEACH_GARDEN and r.hp[x] >= r.max_hp[x])


def last_index(u: Any) -> int:
    """The index of the target handled last (-1: none yet)."""
    last = u.extra.get("area")
    return u.targets.index(last) if last in u.targets else -1


def left_out(r: Any, u: Any, before: int) -> list[int]:
    """Targets after the last handled and before index ``before`` the trick should have
    reached."""
    return [x for x in u.targets[last_index(u) + 1:before] if not passed_over(r, u, x)]


def reached(r: Any, fact: Fact, u: Any, x: int) -> None:
    """The trick's effect reaches target ``x`` now (its answer, heal or card)."""
    if u is None or u.name not in AREA or x not in u.targets or u.extra.get("area_over"):
        return
    at, last = u.targets.index(x), last_index(u)
    if x in u.extra.get("nulled", ()):
        r.broken(fact, "nullification", f"seat {u.user}'s {u.name} was nullified at seat "
                 f"{x}, yet {fact.type} reaches it")
    elif at < last:
        r.broken(fact, RULE, f"seat {u.user}'s {u.name} reaches seat {x} after seat "
                 f"{u.targets[last]}: it takes its targets in turn")
        return
    missed = left_out(r, u, at)
    if missed:
        r.broken(fact, RULE, f"seat {u.user}'s {u.name} reaches seat {x}, leaving out "
                 f"{missed} before it (alive, not spared, and for a Peach Garden wounded)")
    u.extra["area"] = x


def window_on(r: Any, u: Any, nullified: bool) -> None:
    """A Nullification window on the trick closed: it was on the next target not passed
    over; nullified, that target is skipped."""
    if u is None or u.name not in AREA or not nullified or u.extra.get("area_over"):
        return
    x = next((t for t in u.targets[last_index(u) + 1:] if not passed_over(r, u, t)), None)
    if x is not None:
        u.extra.setdefault("nulled", set()).add(x)
        u.extra["area"] = x


def area_over(r: Any, fact: Fact) -> None:
    """The next card used in the play phase, a phase change or a turn's end: the last
    area trick is over; every target must have been reached or passed over."""
    d = fact.data
    if not (fact.type in ("PhaseChanged", "TurnEnded") or (
            fact.type == "CardUsed" and d.get("via") == "play")):
        return
    u = r.use_of(*AREA)
    if u is None or u.extra.get("area_over") or r.decided is not None:
        return
    u.extra["area_over"] = True
    missed = left_out(r, u, len(u.targets))
    if missed:
        r.broken(fact, RULE, f"seat {u.user}'s {u.name} is over with {fact.type}, but it "
                 f"never reached {missed} (alive, not spared, and for a Peach Garden "
                 "wounded)")
