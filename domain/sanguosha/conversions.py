"""Conversions (view-as skills): which of a seat's cards it may use or play as another.

Read by the play phase's list of uses and by every window that asks for a card, so a
converted card is offered exactly where the real one would be.
"""

from __future__ import annotations

from typing import Any

from domain.sanguosha.cards import NAME
from domain.sanguosha.skill import KEYED, SKILLS, Conversion


def as_cards(table: Any, seat: int, name: str, *, use: bool) -> list[tuple[int, str]]:
    """(card, skill) pairs: the seat's cards it may use (``use``) or play as ``name``
    through a skill; the real cards of that name are not included."""
    if not table.skilled:
        return []
    out: list[tuple[int, str]] = []
    for sid in table.skills[seat]:
        for conv in SKILLS[sid].conversions:
            if conv.count != 1 or conv.to != name or not (conv.use if use else conv.respond):
                continue
            if conv.when is not None and not conv.when(table, seat):
                continue
            pool = list(table.hands[seat])
            if "e" in conv.zones:
                pool += [c for c in table.equip[seat] if c is not None]
            out.extend((c, sid) for c in pool
                       if conv.fits(table.as_held(seat, c)) and NAME[c] != name)
    return out


def holds(table: Any, seat: int, name: str) -> bool:
    """Whether the seat could answer a window asking for ``name`` (real or converted)."""
    if any(NAME[c] == name for c in table.hands[seat]):
        return True
    return bool(as_cards(table, seat, name, use=False))


def multi_card(table: Any, seat: int, name: str) -> list[Conversion]:
    """The seat's equipment conversions of several hand cards into ``name`` it holds
    enough cards for (the Spear: two cards as a Kill)."""
    out = []
    hand = len(table.hands[seat])
    for sk in table.equipment_skills(seat):
        if sk.conversions:
            out += [conv for conv in sk.conversions
                    if conv.to == name and conv.count > 1 and hand >= conv.count]
    return out


def keyed_name(action: dict[str, Any]) -> str | None:
    """The card a multi-card conversion's action makes (``{"spear": true}``: a Kill)."""
    for key, name in KEYED.items():
        if action.get(key):
            return name
    return None
