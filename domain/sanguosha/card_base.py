"""What every Sanguosha card table shares: the card names, kinds, slots, suits and the
``Card`` record. Both decks (``cards.py``: the identity deck; ``cards_hegemony.py``: the
Kingdom Wars deck) are built from it, so neither deck module imports the other's table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

# --- card names ----------------------------------------------------------------------
KILL, DODGE, PEACH = "kill", "dodge", "peach"
DISMANTLEMENT, SNATCH, DUEL, COLLATERAL = "dismantlement", "snatch", "duel", "collateral"
EX_NIHILO, NULLIFICATION = "ex_nihilo", "nullification"
BARBARIANS, ARROWS, PEACH_GARDEN, AMAZING_GRACE = (
    "barbarian_invasion", "arrow_barrage", "peach_garden", "amazing_grace"
)
INDULGENCE, LIGHTNING = "indulgence", "lightning"
CROSSBOW, QINGGANG, ICE_SWORD, DOUBLE_SWORDS = (
    "crossbow", "qinggang_sword", "ice_sword", "double_swords"
)
BLADE, SPEAR, AXE, HALBERD, KYLIN_BOW = "blade", "spear", "axe", "halberd", "kylin_bow"
EIGHT_TRIGRAMS, RENWANG_SHIELD = "eight_trigrams", "renwang_shield"
PLUS_HORSE, MINUS_HORSE = "plus_horse", "minus_horse"
# the Kingdom Wars deck's own cards (docs/rules/kingdom-wars-deck.md). A Fire Kill and a
# Thunder Kill are Kills for every rule: in the card table their name is ``kill`` and
# their ``NATURE`` fire or thunder; FIRE_KILL and THUNDER_KILL name them in the deck list
FIRE_KILL, THUNDER_KILL, WINE = "fire_kill", "thunder_kill", "wine"
IRON_CHAIN, FIRE_ATTACK = "iron_chain", "fire_attack"
KINGDOM_NULLIFICATION = "kingdom_nullification"
AWAIT_EXHAUSTED, KNOWN_BOTH, BEFRIEND_ATTACKING = (
    "await_exhausted", "known_both", "befriend_attacking"
)
SUPPLY_SHORTAGE = "supply_shortage"
FEATHER_FAN, SIX_SWORDS, TRIBLADE = "feather_fan", "six_swords", "triblade"
VINE, SILVER_LION = "vine", "silver_lion"

BASIC, TRICK, DELAYED, EQUIPMENT = "basic", "trick", "delayed", "equipment"

# equipment slots, in the order of a seat's equipment list
WEAPON, ARMOR, PLUS, MINUS = 0, 1, 2, 3
SLOT_NAMES = ("weapon", "armor", "plus_horse", "minus_horse")

WEAPON_RANGE = {
    CROSSBOW: 1, QINGGANG: 2, ICE_SWORD: 2, DOUBLE_SWORDS: 2,
    BLADE: 3, SPEAR: 3, AXE: 3, HALBERD: 4, KYLIN_BOW: 5,
    SIX_SWORDS: 2, TRIBLADE: 3, FEATHER_FAN: 4,
}
ARMORS = frozenset({EIGHT_TRIGRAMS, RENWANG_SHIELD, VINE, SILVER_LION})
#: damage natures: a damage is ordinary, fire or thunder
NORMAL, FIRE, THUNDER = "normal", "fire", "thunder"

SUITS = "SHCD"  # spades, hearts, clubs, diamonds
SUIT_SYMBOL = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    name: str
    kind: str
    title: str
    suit: str
    number: int

    @property
    def red(self) -> bool:
        return self.suit in "HD"

    def label(self) -> str:
        face = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(self.number, str(self.number))
        return f"{self.title} {SUIT_SYMBOL[self.suit]}{face}"

    def as_dict(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "title": self.title,
                "suit": self.suit, "number": self.number}




#: a deck's table: (name, kind, title, {suit: numbers}), one card per number, in order
DeckTable = Iterable[tuple[str, str, str, Mapping[str, Iterable[int]]]]


def build_deck(table: DeckTable) -> tuple[Card, ...]:
    """The cards of a table, numbered 0.. in its order (the order fixes every card's id)."""
    out: list[Card] = []
    for name, kind, title, suits in table:
        for suit, numbers in suits.items():
            for number in numbers:
                out.append(Card(len(out), name, kind, title, suit, number))
    return tuple(out)


def slot_of(name: str) -> int | None:
    """The equipment slot a card of this name goes to (None: not equipment)."""
    if name in WEAPON_RANGE:
        return WEAPON
    if name in ARMORS:
        return ARMOR
    return {PLUS_HORSE: PLUS, MINUS_HORSE: MINUS}.get(name)


def ids_by_name(cards: Iterable[Card]) -> dict[str, tuple[int, ...]]:
    """Each name's card ids, in id order."""
    out: dict[str, tuple[int, ...]] = {}
    for c in cards:
        out[c.name] = out.get(c.name, ()) + (c.id,)
    return out


def find_in(deck: Iterable[Card], name: str, suit: str | None = None,
            number: int | None = None) -> list[int]:
    """Ids of the deck's cards with this name (and suit/number): for tests and tools."""
    return [c.id for c in deck if c.name == name and suit in (None, c.suit)
            and number in (None, c.number)]
