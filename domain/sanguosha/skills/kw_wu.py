"""Wu in Kingdom Wars (generals.md §2.3): the 15 Wu generals' skills, registered with
``register_kw``; a skill the same as in identity mode is the identity ``Skill`` object."""

from __future__ import annotations

from typing import Any

from domain.sanguosha.plays import EXTRA_KILL_TARGETS, EXTRA_KILLS, KILL_ANY_DISTANCE, NO_KILLS
from domain.sanguosha.skill import Action, Frame, Kind, Skill, register_kw
from domain.sanguosha.skills.pindian import pindian_targets, pindian_won, start_pindian


# --- Taishi Ci -------------------------------------------------------------------------------
def _tianyi_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    return [{"type": "skill", "skill": "tianyi", "targets": [t]}
            for t in pindian_targets(game, seat)]


def _tianyi_step(game: Any, f: Frame) -> None:
    if f.stage == "start":
        start_pindian(game, f, f.targets[0], then="compared")
        return
    if pindian_won(f):
        game.marks[EXTRA_KILLS] = game.marks.get(EXTRA_KILLS, 0) + 1
        game.marks[KILL_ANY_DISTANCE] = True
        game.marks[EXTRA_KILL_TARGETS] = game.marks.get(EXTRA_KILL_TARGETS, 0) + 1
    else:
        game.marks[NO_KILLS] = True
    game.stack.pop()


TIANYI = Skill(
    "tianyi", "Tianyi", "天义", Kind.ACTIVE, limit=1,
    text="Once per play phase, pindian with another player. Win: this turn you may use one "
         "more Kill, your Kills have no distance limit and may take one more target. "
         "Otherwise: you cannot use Kills this turn.",
    can=lambda game, seat, f: bool(pindian_targets(game, seat)),
    offers=_tianyi_offers, step=_tianyi_step,
)
register_kw("taishici", TIANYI)
