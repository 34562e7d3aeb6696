"""The standard Sanguosha deck: 108 cards, each with a stable id 0..107, suit and number.

The table follows ``shared/rules/sanguosha.md`` row by row, so card ``i`` is the same card
in every game, every event and every replay. Lookups are flat tuples indexed by id because
the engine's hot paths (legal actions, responses) read them thousands of times per game.
"""

from __future__ import annotations

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

BASIC, TRICK, DELAYED, EQUIPMENT = "basic", "trick", "delayed", "equipment"

# equipment slots, in the order of a seat's equipment list
WEAPON, ARMOR, PLUS, MINUS = 0, 1, 2, 3
SLOT_NAMES = ("weapon", "armor", "plus_horse", "minus_horse")

WEAPON_RANGE = {
    CROSSBOW: 1, QINGGANG: 2, ICE_SWORD: 2, DOUBLE_SWORDS: 2,
    BLADE: 3, SPEAR: 3, AXE: 3, HALBERD: 4, KYLIN_BOW: 5,
}

SUITS = "SHCD"  # spades, hearts, clubs, diamonds
SUIT_SYMBOL = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
_N = {"A": 1, "J": 11, "Q": 12, "K": 13}


def _numbers(spec: str) -> list[int]:
    return [_N[x] if x in _N else int(x) for x in spec.split(",")]


# (name, kind, title, {suit: numbers}) in the rules table's order; the title only names
# the three +1 and three -1 horses apart.
_TABLE: list[tuple[str, str, str, dict[str, str]]] = [
    (KILL, BASIC, "Kill", {"S": "7,8,8,9,9,10,10", "C": "2,3,4,5,6,7,8,8,9,9,10,10,J,J",
                           "H": "10,10,J", "D": "6,7,8,9,10,K"}),
    (DODGE, BASIC, "Dodge", {"H": "2,2,K", "D": "2,2,3,4,5,6,7,8,9,10,J,J"}),
    (PEACH, BASIC, "Peach", {"H": "3,4,6,7,8,9,Q", "D": "Q"}),
    (DISMANTLEMENT, TRICK, "Dismantlement", {"S": "3,4,Q", "C": "3,4", "H": "Q"}),
    (SNATCH, TRICK, "Snatch", {"S": "3,4,J", "D": "3,4"}),
    (DUEL, TRICK, "Duel", {"S": "A", "C": "A", "D": "A"}),
    (COLLATERAL, TRICK, "Collateral", {"C": "Q,K"}),
    (EX_NIHILO, TRICK, "Ex Nihilo", {"H": "7,8,9,J"}),
    (NULLIFICATION, TRICK, "Nullification", {"S": "J", "C": "Q,K", "D": "Q"}),
    (BARBARIANS, TRICK, "Barbarian Invasion", {"S": "7,K", "C": "7"}),
    (ARROWS, TRICK, "Arrow Barrage", {"H": "A"}),
    (PEACH_GARDEN, TRICK, "Peach Garden", {"H": "A"}),
    (AMAZING_GRACE, TRICK, "Amazing Grace", {"H": "3,4"}),
    (INDULGENCE, DELAYED, "Indulgence", {"S": "6", "C": "6", "H": "6"}),
    (LIGHTNING, DELAYED, "Lightning", {"S": "A", "H": "Q"}),
    (CROSSBOW, EQUIPMENT, "Crossbow", {"C": "A", "D": "A"}),
    (QINGGANG, EQUIPMENT, "Qinggang Sword", {"S": "6"}),
    (ICE_SWORD, EQUIPMENT, "Ice Sword", {"S": "2"}),
    (DOUBLE_SWORDS, EQUIPMENT, "Double Swords", {"S": "2"}),
    (BLADE, EQUIPMENT, "Blade", {"S": "5"}),
    (SPEAR, EQUIPMENT, "Spear", {"S": "Q"}),
    (AXE, EQUIPMENT, "Axe", {"D": "5"}),
    (HALBERD, EQUIPMENT, "Halberd", {"D": "Q"}),
    (KYLIN_BOW, EQUIPMENT, "Kylin Bow", {"H": "5"}),
    (EIGHT_TRIGRAMS, EQUIPMENT, "Eight Trigrams", {"S": "2", "C": "2"}),
    (RENWANG_SHIELD, EQUIPMENT, "Renwang Shield", {"C": "2"}),
    (PLUS_HORSE, EQUIPMENT, "Dilu", {"C": "5"}),
    (PLUS_HORSE, EQUIPMENT, "Jueying", {"S": "5"}),
    (PLUS_HORSE, EQUIPMENT, "Zhuahuang", {"H": "K"}),
    (MINUS_HORSE, EQUIPMENT, "Chitu", {"H": "5"}),
    (MINUS_HORSE, EQUIPMENT, "Dayuan", {"S": "K"}),
    (MINUS_HORSE, EQUIPMENT, "Zixing", {"D": "K"}),
]


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


def _build() -> tuple[Card, ...]:
    out: list[Card] = []
    for name, kind, title, suits in _TABLE:
        for suit, spec in suits.items():
            for number in _numbers(spec):
                out.append(Card(len(out), name, kind, title, suit, number))
    return tuple(out)


DECK: tuple[Card, ...] = _build()
DECK_SIZE = 108
assert len(DECK) == DECK_SIZE, len(DECK)

# flat lookups by id (hot paths)
NAME: tuple[str, ...] = tuple(c.name for c in DECK)
KIND: tuple[str, ...] = tuple(c.kind for c in DECK)
SUIT: tuple[str, ...] = tuple(c.suit for c in DECK)
NUMBER: tuple[int, ...] = tuple(c.number for c in DECK)
RED: tuple[bool, ...] = tuple(c.red for c in DECK)
SLOT: tuple[int | None, ...] = tuple(
    (WEAPON if c.name in WEAPON_RANGE else ARMOR if c.name in (EIGHT_TRIGRAMS, RENWANG_SHIELD)
     else PLUS if c.name == PLUS_HORSE else MINUS if c.name == MINUS_HORSE else None)
    for c in DECK
)
IDS_BY_NAME: dict[str, tuple[int, ...]] = {}
for _c in DECK:
    IDS_BY_NAME.setdefault(_c.name, ())
    IDS_BY_NAME[_c.name] += (_c.id,)

KILLS = frozenset(IDS_BY_NAME[KILL])
DODGES = frozenset(IDS_BY_NAME[DODGE])
PEACHES = frozenset(IDS_BY_NAME[PEACH])
NULLIFICATIONS = frozenset(IDS_BY_NAME[NULLIFICATION])


def color(cards: list[int]) -> str | None:
    """"red", "black" or None (no color: mixed cards used as one, e.g. by the Spear)."""
    reds = {RED[c] for c in cards}
    if len(reds) != 1:
        return None
    return "red" if reds.pop() else "black"


def lightning_strikes(card: int) -> bool:
    """A Lightning judgment hits on ♠2–9."""
    return SUIT[card] == "S" and 2 <= NUMBER[card] <= 9


def find(name: str, suit: str | None = None, number: int | None = None) -> list[int]:
    """Ids of the cards with this name (and suit/number): for tests and tools."""
    return [c.id for c in DECK if c.name == name and suit in (None, c.suit)
            and number in (None, c.number)]
