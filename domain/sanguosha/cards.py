"""Sanguosha's card table: both decks, one global id space.

* ids **0..107** are the standard (identity) deck, following ``shared/rules/sanguosha.md``
  row by row;
* ids **108..215** are the Kingdom Wars deck (``cards_hegemony.py``): Kingdom Wars card
  ``i`` of the source's order is card ``108 + i`` here (``KW_OFFSET``).

A game deals one of the two (``IDENTITY_IDS`` or ``KW_IDS``), so card ``i`` is the same
card in every game, every event and every replay, and the flat lookups below (``NAME``,
``SUIT``...) stay global tuples indexed by id: the engine's hot paths (legal actions,
responses) read them thousands of times per game, and no per-game table is threaded
through them. A Fire or Thunder Kill is named ``kill`` (it is a Kill for every rule) and
carries its ``NATURE``; a Kingdom Nullification is a Nullification that can do more.
"""

from __future__ import annotations

from domain.sanguosha import cards_hegemony as _kw
from domain.sanguosha.card_base import (  # noqa: F401  (re-exported: the names' home)
    AMAZING_GRACE,
    ARMOR,
    ARMORS,
    ARROWS,
    AWAIT_EXHAUSTED,
    AXE,
    BARBARIANS,
    BASIC,
    BEFRIEND_ATTACKING,
    BLADE,
    COLLATERAL,
    CROSSBOW,
    DELAYED,
    DISMANTLEMENT,
    DODGE,
    DOUBLE_SWORDS,
    DUEL,
    EIGHT_TRIGRAMS,
    EQUIPMENT,
    EX_NIHILO,
    FEATHER_FAN,
    FIRE,
    FIRE_ATTACK,
    FIRE_KILL,
    HALBERD,
    ICE_SWORD,
    INDULGENCE,
    IRON_CHAIN,
    KILL,
    KINGDOM_NULLIFICATION,
    KNOWN_BOTH,
    KYLIN_BOW,
    LIGHTNING,
    MINUS,
    MINUS_HORSE,
    NORMAL,
    NULLIFICATION,
    PEACH,
    PEACH_GARDEN,
    PLUS,
    PLUS_HORSE,
    QINGGANG,
    RENWANG_SHIELD,
    SILVER_LION,
    SIX_SWORDS,
    SLOT_NAMES,
    SNATCH,
    SPEAR,
    SUIT_SYMBOL,
    SUITS,
    SUPPLY_SHORTAGE,
    THUNDER,
    THUNDER_KILL,
    TRIBLADE,
    TRICK,
    VINE,
    WEAPON,
    WEAPON_RANGE,
    WINE,
    Card,
    build_deck,
    find_in,
    ids_by_name,
    slot_of,
)

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


#: the identity deck, ids 0..107
DECK: tuple[Card, ...] = build_deck(
    (name, kind, title, {suit: _numbers(spec) for suit, spec in suits.items()})
    for name, kind, title, suits in _TABLE)
DECK_SIZE = 108
assert len(DECK) == DECK_SIZE, len(DECK)
#: the Kingdom Wars deck's first id: its card ``i`` (source order) is card ``KW_OFFSET + i``
KW_OFFSET = DECK_SIZE
#: how a Kingdom Wars card is named in this table (a Fire Kill is a Kill with a nature)
_KW_NAME = {FIRE_KILL: KILL, THUNDER_KILL: KILL}
_KW_NATURE = {FIRE_KILL: FIRE, THUNDER_KILL: THUNDER}
#: every card of both decks, by id
CARDS: tuple[Card, ...] = DECK + tuple(
    Card(KW_OFFSET + c.id, _KW_NAME.get(c.name, c.name), c.kind, c.title, c.suit, c.number)
    for c in _kw.DECK)
IDENTITY_IDS: tuple[int, ...] = tuple(range(DECK_SIZE))
KW_IDS: tuple[int, ...] = tuple(range(KW_OFFSET, KW_OFFSET + _kw.DECK_SIZE))
#: the decks a table may deal, by the name of the ``deck`` option
DECKS: dict[str, tuple[int, ...]] = {"identity": IDENTITY_IDS, "kingdom_wars": KW_IDS}

# flat lookups by id (hot paths)
NAME: tuple[str, ...] = tuple(c.name for c in CARDS)
KIND: tuple[str, ...] = tuple(c.kind for c in CARDS)
SUIT: tuple[str, ...] = tuple(c.suit for c in CARDS)
NUMBER: tuple[int, ...] = tuple(c.number for c in CARDS)
RED: tuple[bool, ...] = tuple(c.red for c in CARDS)
SLOT: tuple[int | None, ...] = tuple(slot_of(c.name) for c in CARDS)
IDS_BY_NAME: dict[str, tuple[int, ...]] = ids_by_name(CARDS)

KILLS = frozenset(IDS_BY_NAME[KILL])
DODGES = frozenset(IDS_BY_NAME[DODGE])
PEACHES = frozenset(IDS_BY_NAME[PEACH])
#: a Kingdom Nullification is played wherever a Nullification is
NULLIFICATIONS = frozenset(IDS_BY_NAME[NULLIFICATION] + IDS_BY_NAME[KINGDOM_NULLIFICATION])
WINES = frozenset(IDS_BY_NAME[WINE])
#: each card's damage nature as a Kill: fire, thunder, or normal (every other card)
NATURE: tuple[str, ...] = tuple(
    _KW_NATURE.get(_kw.NAME[c.id - KW_OFFSET], NORMAL) if c.id >= KW_OFFSET else NORMAL
    for c in CARDS)


def color(cards: list[int]) -> str | None:
    """"red", "black" or None (no color: mixed cards used as one, e.g. by the Spear)."""
    reds = {RED[c] for c in cards}
    if len(reds) != 1:
        return None
    return "red" if reds.pop() else "black"


def lightning_strikes(card: int) -> bool:
    """A Lightning judgment hits on ♠2–9."""
    return SUIT[card] == "S" and 2 <= NUMBER[card] <= 9


def find(name: str, suit: str | None = None, number: int | None = None,
         deck: tuple[Card, ...] = DECK) -> list[int]:
    """Ids of the cards with this name (and suit/number): for tests and tools."""
    return find_in(deck, name, suit, number)
