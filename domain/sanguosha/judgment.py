"""How a judgment's card is read: the one rule the engine, the bots and the skills share.

A judgment turns up the pile's top card; what it means depends on why it was made.
"""

from __future__ import annotations

from domain.sanguosha.cards import (
    INDULGENCE,
    LIGHTNING,
    RED,
    SUIT,
    SUPPLY_SHORTAGE,
    lightning_strikes,
)
from domain.sanguosha.skill import JUDGE_RULES


def judge_result(reason: str, card: int) -> bool:
    """A judgment's result: Indulgence takes effect unless ♥, Supply Shortage unless ♣;
    Lightning strikes on ♠2-9; a skill's judgment as the skill says
    (``skill.JUDGE_RULES``); else red."""
    if reason == INDULGENCE:
        return SUIT[card] != "H"
    if reason == SUPPLY_SHORTAGE:
        return SUIT[card] != "C"
    if reason == LIGHTNING:
        return lightning_strikes(card)
    rule = JUDGE_RULES.get(reason)
    return rule(card) if rule is not None else RED[card]
