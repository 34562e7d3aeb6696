"""Pindian 拼点 (generals.md §0.2), the frame skills share: two seats each show a hand card
at the same time; the initiator wins only with a strictly higher number; both cards are
discarded.

"At the same time" means neither learns the other's card before choosing. The engine asks
one seat at a time, so each choice is recorded in secret (``PindianCardChosen``, whose card
only the chooser sees) and the card stays in its hand; once both have chosen the two cards
are shown together and discarded (``PindianShown``, public).

A skill that pindians (Tianyi, Quhu, Shuangren, Lieren) calls ``start_pindian`` from its
own step and reads ``pindian_won`` when its frame resumes at the stage it named::

    def _step(game, f):
        if f.stage == "start":
            start_pindian(game, f, f.targets[0], then="compared")
        elif f.stage == "compared":
            if pindian_won(f): ...
"""

from __future__ import annotations

import random
from typing import Any

from domain.sanguosha.frames import Pindian, SkillEffect
from domain.sanguosha.skill import SKILLS, Action, Frame, Kind, Skill

ASK = "pindian"


def can_pindian(game: Any, initiator: int, target: int) -> bool:
    """Both must be alive, different, and hold a hand card."""
    return bool(initiator != target and game.alive[initiator] and game.alive[target]
                and game.hands[initiator] and game.hands[target])


def pindian_targets(game: Any, seat: int) -> list[int]:
    """The other living seats ``seat`` may pindian with (they hold a hand card)."""
    if not game.hands[seat]:
        return []
    return [t for t in range(game.n) if can_pindian(game, seat, t)]


def start_pindian(game: Any, f: SkillEffect, target: int, then: str) -> None:
    """The skill's frame ``f`` pindians with ``target``; it resumes at stage ``then`` with
    the result waiting in ``pindian_won``."""
    f.stage = then
    f.result = None
    game.stack.append(Pindian(skill=PINDIAN.id, owner=f.owner, targets=[target],
                              reason=f.skill))


def pindian_won(f: SkillEffect) -> bool:
    """Whether the initiator won the pindian just compared (cleared for the next one).
    A pindian that could not take place (a hand emptied) is not a win."""
    r, f.result = f.result, None
    return bool(r)


def _step(game: Any, f: Frame) -> None:
    assert isinstance(f, Pindian)
    o, t = f.owner, f.targets[0]
    if f.won is not None or (f.initiator_card is None and not can_pindian(game, o, t)):
        game.stack.pop()
        parent = game.stack[-1]
        assert isinstance(parent, SkillEffect)
        parent.result = bool(f.won)
    elif f.initiator_card is None:
        f.wait(o, ASK)
    elif f.target_card is None:
        f.wait(t, ASK)
    else:
        game.due = {"k": "pindian", "seat": o, "target": t, "reason": f.reason,
                    "cards": [f.initiator_card, f.target_card]}


def _answers(game: Any, seat: int, f: Frame) -> list[Action]:
    return [{"type": "choose", "card": c} for c in game.hands[seat]]


def _decide(game: Any, seat: int, f: Frame, chosen: Action, rng: random.Random) -> None:
    game._pindian_card_chosen(seat=seat, card=chosen["card"])


#: not a general's skill: the frame's behaviour, looked up by the engine like one
PINDIAN = Skill(
    "pindian", "Pindian", "拼点", Kind.TRIGGERED,
    text="Both show a hand card at once; the initiator wins only with a higher number.",
    can=lambda game, seat, f: False, step=_step, answers=_answers, decide=_decide,
)
SKILLS[PINDIAN.id] = PINDIAN
