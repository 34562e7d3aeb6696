"""Wu in Kingdom Wars (generals.md §2.3): Zhou Tai's Buqu. Below 1 HP he sets cards from
the top of the draw pile aside face up on his general as **wounds** (创), 1 − HP of them;
while no two share a number he does not go dying (``survives``, read where a seat would
go dying and after the round of Peaches). Healing discards wounds down to 1 − HP, his
choice. The wounds are a public area of their own (``game.wounds``: ``WoundsTaken``,
``WoundsDiscarded``), counted with every other card."""

from __future__ import annotations

import random
from typing import Any

from domain.sanguosha.cards import NUMBER
from domain.sanguosha.skill import Action, Frame, Kind, Point, Skill, register_kw


def wounds_needed(game: Any, seat: int) -> int:
    """How many wounds the seat's HP calls for: 1 − HP (none at 1 HP or more)."""
    return max(0, 1 - int(game.hp[seat]))


def wounds_differ(game: Any, seat: int) -> bool:
    """Buqu holds: the seat has all the wounds its HP calls for, no two of one number."""
    w = game.wounds[seat]
    return len(w) >= wounds_needed(game, seat) and len({NUMBER[c] for c in w}) == len(w)


def _buqu_step(game: Any, f: Frame) -> None:
    if f.stage == "start":
        n = wounds_needed(game, f.owner) - len(game.wounds[f.owner])
        if n > 0:
            game.due = {"k": "wounds", "seat": f.owner, "n": n, "reason": "buqu",
                        "then": "done"}
            return
    game.stack.pop()


BUQU = Skill(
    "buqu", "Buqu", "不屈", Kind.TRIGGERED, point=Point.BELOW_ONE,
    text="When your HP goes below 1, you may set cards from the top of the draw pile "
         "aside as wounds until you have 1 − HP of them; while no two share a number you "
         "do not go dying.",
    can=lambda game, seat, f: game.hp[seat] < 1,
    step=_buqu_step,
    mods={"survives": wounds_differ},
)


def _extra(game: Any, seat: int) -> int:
    return len(game.wounds[seat]) - wounds_needed(game, seat)


def _heal_step(game: Any, f: Frame) -> None:
    me = f.owner
    if f.stage == "start" and _extra(game, me) > 0:
        if wounds_needed(game, me) == 0:  # back at 1 HP or more: every wound goes
            game.due = {"k": "clear_wounds", "seat": me, "cards": list(game.wounds[me]),
                        "reason": "buqu_wounds", "then": "done"}
            return
        f.stage = "done"
        f.wait(me, "buqu_wounds")
        return
    f.answer = None
    game.stack.pop()


def _heal_answers(game: Any, seat: int, f: Frame) -> list[Action]:
    return [{"type": "discard", "count": _extra(game, seat), "from": list(game.wounds[seat])}]


def _heal_decide(game: Any, seat: int, f: Frame, chosen: Action, rng: random.Random) -> None:
    game._wounds_discarded(seat=seat, cards=list(chosen["cards"]), reason="buqu_wounds")


#: Buqu's second half, compulsory: one skill in the record, named Buqu too
BUQU_WOUNDS = Skill(
    "buqu_wounds", "Buqu", "不屈", Kind.COMPULSORY, point=Point.HEALED,
    text="(Buqu) When you heal, discard wounds of your choice until 1 − HP remain (all of "
         "them at 1 HP or more).",
    can=lambda game, seat, f: _extra(game, seat) > 0,
    step=_heal_step, answers=_heal_answers, decide=_heal_decide,
)
register_kw("zhoutai", BUQU, BUQU_WOUNDS)
