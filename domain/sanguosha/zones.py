"""Where cards are: hands, equipment, judgment areas, draw pile, discard pile, in flight,
and cards set aside on a general (Buqu's wounds).

Every card is in exactly one zone at any time; ``locate`` lists them all so tests can check
that the 108 cards are always accounted for. "In flight" holds cards being resolved (a
used Kill until its effect ends, Amazing Grace's revealed cards).
"""

from __future__ import annotations

from typing import Any, Protocol

from domain.sanguosha.cards import ARMOR, MINUS, PLUS, WEAPON


class Table(Protocol):
    hands: list[list[int]]
    equip: list[list[int | None]]
    judging: list[list[int]]
    pile: list[int]
    discard: list[int]
    flight: list[int]
    wounds: list[list[int]]


def equipment_of(table: Table, seat: int) -> list[int]:
    return [c for c in table.equip[seat] if c is not None]


def horses_of(table: Table, seat: int) -> list[int]:
    e = table.equip[seat]
    return [c for c in (e[PLUS], e[MINUS]) if c is not None]


def has_cards(table: Table, seat: int, areas: str = "hej") -> bool:
    """Whether ``seat`` has a card in the areas: h(and), e(quipment), j(udgment)."""
    if "h" in areas and table.hands[seat]:
        return True
    if "e" in areas and any(c is not None for c in table.equip[seat]):
        return True
    return "j" in areas and bool(table.judging[seat])


def remove_from_seat(table: Table, seat: int, card: int) -> str:
    """Take ``card`` out of the seat's areas; returns the area it was in."""
    hand = table.hands[seat]
    if card in hand:
        hand.remove(card)
        return "hand"
    e = table.equip[seat]
    for slot in (WEAPON, ARMOR, PLUS, MINUS):
        if e[slot] == card:
            e[slot] = None
            return "equipment"
    table.judging[seat].remove(card)
    return "judgment"


def take_all(table: Table, seat: int, areas: str = "hej") -> list[int]:
    """Empty the seat's areas (hand, equipment, judgment) and return the cards."""
    out: list[int] = []
    if "h" in areas:
        out += table.hands[seat]
        table.hands[seat] = []
    if "e" in areas:
        out += [c for c in table.equip[seat] if c is not None]
        table.equip[seat] = [None, None, None, None]
    if "j" in areas:
        out += table.judging[seat]
        table.judging[seat] = []
    return out


def locate(table: Table) -> dict[int, str]:
    """Every card's zone, e.g. {17: "hand:3"}; a card seen twice raises AssertionError."""
    where: dict[int, str] = {}

    def put(card: int, zone: str) -> None:
        assert card not in where, f"card {card} is both in {where[card]} and {zone}"
        where[card] = zone

    for seat, hand in enumerate(table.hands):
        for c in hand:
            put(c, f"hand:{seat}")
    for seat, e in enumerate(table.equip):
        for held in e:
            if held is not None:
                put(held, f"equipment:{seat}")
    for seat, j in enumerate(table.judging):
        for c in j:
            put(c, f"judgment:{seat}")
    for c in table.pile:
        put(c, "pile")
    for c in table.discard:
        put(c, "discard")
    for c in table.flight:
        put(c, "flight")
    for seat, w in enumerate(table.wounds):
        for c in w:
            put(c, f"wounds:{seat}")
    return where


def equipment_view(table: Table, seat: int) -> dict[str, Any]:
    names = ("weapon", "armor", "plus_horse", "minus_horse")
    return {names[i]: c for i, c in enumerate(table.equip[seat])}
