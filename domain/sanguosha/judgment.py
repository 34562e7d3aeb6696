"""How a judgment's card is read: the one rule the engine, the bots and the skills share.

A judgment turns up the pile's top card; what it means depends on why it was made.
"""

from __future__ import annotations

from domain.sanguosha.cards import (
    CARDS,
    DECK,
    INDULGENCE,
    LIGHTNING,
    RED,
    SUIT,
    SUPPLY_SHORTAGE,
    lightning_strikes,
)
from domain.sanguosha.skill import JUDGE_RULES

#: a heart of each number: how a spade reads where spades count as hearts (Hongyan)
_HEART_OF = {c.number: c.id for c in reversed(DECK) if c.suit == "H"}


def as_heart(card: int) -> int:
    """A spade read as a heart (Hongyan): the heart of its number, for any rule that reads
    only suit or colour (judgments, a conversion's colour, the Renwang Shield)."""
    return _HEART_OF[CARDS[card].number] if SUIT[card] == "S" else card


def judge_result(reason: str, card: int, spades_are_hearts: bool = False) -> bool:
    """A judgment's result: Indulgence takes effect unless ♥, Supply Shortage unless ♣;
    Lightning strikes on ♠2-9;
    a skill's judgment as the skill says (``skill.JUDGE_RULES``); else red. Where the
    judged seat's spades count as hearts, a spade is read as the heart of its number."""
    if spades_are_hearts:
        card = as_heart(card)
    if reason == INDULGENCE:
        return SUIT[card] != "H"
    if reason == SUPPLY_SHORTAGE:
        return SUIT[card] != "C"
    if reason == LIGHTNING:
        return lightning_strikes(card)
    rule = JUDGE_RULES.get(reason)
    return rule(card) if rule is not None else RED[card]
