"""The Kingdom Wars deck: QSanguosha-For-Hegemony's standard card package, 108 cards.

The deck as the source lists it. The game's card table (``cards.py``) gives these cards
the global ids ``108 + i`` (``cards.KW_OFFSET``), next to the identity deck's 0..107, and
``hegemony`` tables deal them by default (option ``deck``).

Ids 0..107 here follow the source's own order (``StandardCardPackage``: the basic cards, then
the equipment, then the tricks, each list in the order the C++ adds the cards), so a card
can be traced back to its line in the source. The rules, the table and the sources are in
``docs/rules/kingdom-wars-deck.md``; ``tests/sanguosha/test_cards_hegemony.py`` compares
that table with this one.
"""

from __future__ import annotations

from collections import Counter

from domain.sanguosha.card_base import (
    AMAZING_GRACE,
    ARMOR,
    ARROWS,
    AWAIT_EXHAUSTED,
    AXE,
    BARBARIANS,
    BASIC,
    BEFRIEND_ATTACKING,
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
    FIRE_ATTACK,
    FIRE_KILL,
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
    NULLIFICATION,
    PEACH,
    PEACH_GARDEN,
    PLUS,
    PLUS_HORSE,
    QINGGANG,
    RENWANG_SHIELD,
    SILVER_LION,
    SIX_SWORDS,
    SNATCH,
    SPEAR,
    SUITS,
    SUPPLY_SHORTAGE,
    THUNDER_KILL,
    TRIBLADE,
    TRICK,
    VINE,
    WEAPON,
    WINE,
    Card,
    build_deck,
    find_in,
    ids_by_name,
    slot_of,
)

# (name, kind, title, {suit: numbers}) in the source's order; the title names the
# horses apart, as in cards.py.
_TABLE: list[tuple[str, str, str, dict[str, tuple[int, ...]]]] = [
    # basics (standard-basics.cpp, StandardCardPackage::basicCards)
    (KILL, BASIC, "Kill", {"S": (5, 7, 8, 8, 9, 10, 11), "C": (2, 3, 4, 5, 8, 9, 10, 11, 11),
                           "H": (10, 12), "D": (10, 11, 12)}),
    (FIRE_KILL, BASIC, "Fire Kill", {"H": (4,), "D": (4, 5)}),
    (THUNDER_KILL, BASIC, "Thunder Kill", {"S": (6, 7), "C": (6, 7, 8)}),
    (DODGE, BASIC, "Dodge", {"H": (2, 11, 13), "D": (2, 3, 6, 7, 7, 8, 8, 9, 10, 11, 13)}),
    (PEACH, BASIC, "Peach", {"H": (4, 6, 7, 8, 9, 10, 12), "D": (2,)}),
    (WINE, BASIC, "Wine", {"S": (9,), "C": (9,), "D": (9,)}),
    # equipment (standard-equips.cpp, StandardCardPackage::equipCards)
    (CROSSBOW, EQUIPMENT, "Crossbow", {"D": (1,)}),
    (DOUBLE_SWORDS, EQUIPMENT, "Double Swords", {"S": (2,)}),
    (QINGGANG, EQUIPMENT, "Qinggang Sword", {"S": (6,)}),
    (ICE_SWORD, EQUIPMENT, "Ice Sword", {"S": (2,)}),
    (SPEAR, EQUIPMENT, "Spear", {"S": (12,)}),
    (FEATHER_FAN, EQUIPMENT, "Feather Fan", {"D": (1,)}),
    (AXE, EQUIPMENT, "Axe", {"D": (5,)}),
    (KYLIN_BOW, EQUIPMENT, "Kylin Bow", {"H": (5,)}),
    (SIX_SWORDS, EQUIPMENT, "Six Swords", {"D": (6,)}),
    (TRIBLADE, EQUIPMENT, "Triblade", {"D": (12,)}),
    (EIGHT_TRIGRAMS, EQUIPMENT, "Eight Trigrams", {"S": (2,)}),
    (RENWANG_SHIELD, EQUIPMENT, "Renwang Shield", {"C": (2,)}),
    (VINE, EQUIPMENT, "Vine", {"C": (2,)}),
    (SILVER_LION, EQUIPMENT, "Silver Lion", {"C": (1,)}),
    (PLUS_HORSE, EQUIPMENT, "Jueying", {"S": (5,)}),
    (PLUS_HORSE, EQUIPMENT, "Dilu", {"C": (5,)}),
    (PLUS_HORSE, EQUIPMENT, "Zhuahuang", {"H": (13,)}),
    (MINUS_HORSE, EQUIPMENT, "Chitu", {"H": (5,)}),
    (MINUS_HORSE, EQUIPMENT, "Dayuan", {"S": (13,)}),
    (MINUS_HORSE, EQUIPMENT, "Zixing", {"D": (13,)}),
    # tricks (standard-tricks.cpp, StandardCardPackage::trickCards)
    (AMAZING_GRACE, TRICK, "Amazing Grace", {"H": (3,)}),
    (PEACH_GARDEN, TRICK, "Peach Garden", {"H": (1,)}),
    (BARBARIANS, TRICK, "Barbarian Invasion", {"S": (13,), "C": (7,)}),
    (ARROWS, TRICK, "Arrow Barrage", {"H": (1,)}),
    (DUEL, TRICK, "Duel", {"S": (1,), "C": (1,)}),
    (EX_NIHILO, TRICK, "Ex Nihilo", {"H": (7, 8)}),
    (SNATCH, TRICK, "Snatch", {"S": (3, 4), "D": (3,)}),
    (DISMANTLEMENT, TRICK, "Dismantlement", {"S": (3, 4), "H": (12,)}),
    (IRON_CHAIN, TRICK, "Iron Chain", {"S": (12,), "C": (12, 13)}),
    (FIRE_ATTACK, TRICK, "Fire Attack", {"H": (2, 3)}),
    (COLLATERAL, TRICK, "Collateral", {"C": (12,)}),
    (NULLIFICATION, TRICK, "Nullification", {"S": (11,)}),
    (KINGDOM_NULLIFICATION, TRICK, "Kingdom Nullification", {"C": (13,), "D": (12,)}),
    (AWAIT_EXHAUSTED, TRICK, "Await Exhausted", {"H": (11,), "D": (4,)}),
    (KNOWN_BOTH, TRICK, "Known Both", {"C": (3, 4)}),
    (BEFRIEND_ATTACKING, TRICK, "Befriend Attacking", {"H": (9,)}),
    (INDULGENCE, DELAYED, "Indulgence", {"C": (6,), "H": (6,)}),
    (SUPPLY_SHORTAGE, DELAYED, "Supply Shortage", {"S": (10,), "C": (10,)}),
    (LIGHTNING, DELAYED, "Lightning", {"S": (1,)}),
]

#: copies of each card name: the import fails if the table above drifts from them
COUNTS: dict[str, int] = {
    KILL: 21, FIRE_KILL: 3, THUNDER_KILL: 5, DODGE: 14, PEACH: 8, WINE: 3,
    CROSSBOW: 1, DOUBLE_SWORDS: 1, QINGGANG: 1, ICE_SWORD: 1, SPEAR: 1, FEATHER_FAN: 1,
    AXE: 1, KYLIN_BOW: 1, SIX_SWORDS: 1, TRIBLADE: 1,
    EIGHT_TRIGRAMS: 1, RENWANG_SHIELD: 1, VINE: 1, SILVER_LION: 1,
    PLUS_HORSE: 3, MINUS_HORSE: 3,
    AMAZING_GRACE: 1, PEACH_GARDEN: 1, BARBARIANS: 2, ARROWS: 1, DUEL: 2, EX_NIHILO: 2,
    SNATCH: 3, DISMANTLEMENT: 3, IRON_CHAIN: 3, FIRE_ATTACK: 2, COLLATERAL: 1,
    NULLIFICATION: 1, KINGDOM_NULLIFICATION: 2, AWAIT_EXHAUSTED: 2, KNOWN_BOTH: 2,
    BEFRIEND_ATTACKING: 1, INDULGENCE: 2, SUPPLY_SHORTAGE: 2, LIGHTNING: 1,
}

WEAPON_RANGE: dict[str, int] = {
    CROSSBOW: 1, DOUBLE_SWORDS: 2, QINGGANG: 2, ICE_SWORD: 2, SIX_SWORDS: 2,
    SPEAR: 3, AXE: 3, TRIBLADE: 3, FEATHER_FAN: 4, KYLIN_BOW: 5,
}
ARMORS = frozenset({EIGHT_TRIGRAMS, RENWANG_SHIELD, VINE, SILVER_LION})
#: the damage a Kill deals: every Kill is a Kill, these two carry a nature
NATURE: dict[str, str] = {KILL: "normal", FIRE_KILL: "fire", THUNDER_KILL: "thunder"}
KILL_NAMES = frozenset(NATURE)
NULLIFICATION_NAMES = frozenset({NULLIFICATION, KINGDOM_NULLIFICATION})
#: tricks that may be recast (put into the discard pile to draw a card) in the play phase
RECASTABLE = frozenset({IRON_CHAIN, KNOWN_BOTH})

#: Chinese names by English title (the source's lang/zh_CN/Package/StandardPackage.lua)
CHINESE: dict[str, str] = {
    "Kill": "杀", "Fire Kill": "火杀", "Thunder Kill": "雷杀", "Dodge": "闪", "Peach": "桃",
    "Wine": "酒",
    "Crossbow": "诸葛连弩", "Double Swords": "雌雄双股剑", "Qinggang Sword": "青釭剑",
    "Ice Sword": "寒冰剑", "Spear": "丈八蛇矛", "Feather Fan": "朱雀羽扇", "Axe": "贯石斧",
    "Kylin Bow": "麒麟弓", "Six Swords": "吴六剑", "Triblade": "三尖两刃刀",
    "Eight Trigrams": "八卦阵", "Renwang Shield": "仁王盾", "Vine": "藤甲",
    "Silver Lion": "白银狮子",
    "Jueying": "绝影", "Dilu": "的卢", "Zhuahuang": "爪黄飞电",
    "Chitu": "赤兔", "Dayuan": "大宛", "Zixing": "紫骍",
    "Amazing Grace": "五谷丰登", "Peach Garden": "桃园结义", "Barbarian Invasion": "南蛮入侵",
    "Arrow Barrage": "万箭齐发", "Duel": "决斗", "Ex Nihilo": "无中生有", "Snatch": "顺手牵羊",
    "Dismantlement": "过河拆桥", "Iron Chain": "铁索连环", "Fire Attack": "火攻",
    "Collateral": "借刀杀人", "Nullification": "无懈可击",
    "Kingdom Nullification": "无懈可击·国", "Await Exhausted": "以逸待劳",
    "Known Both": "知己知彼", "Befriend Attacking": "远交近攻",
    "Indulgence": "乐不思蜀", "Supply Shortage": "兵粮寸断", "Lightning": "闪电",
}

#: the source's object name for each title, to find a card in QSanguosha's code
SOURCE_NAME: dict[str, str] = {
    "Kill": "slash", "Fire Kill": "fire_slash", "Thunder Kill": "thunder_slash",
    "Dodge": "jink", "Peach": "peach", "Wine": "analeptic",
    "Crossbow": "Crossbow", "Double Swords": "DoubleSword", "Qinggang Sword": "QinggangSword",
    "Ice Sword": "IceSword", "Spear": "Spear", "Feather Fan": "Fan", "Axe": "Axe",
    "Kylin Bow": "KylinBow", "Six Swords": "SixSwords", "Triblade": "Triblade",
    "Eight Trigrams": "EightDiagram", "Renwang Shield": "RenwangShield", "Vine": "Vine",
    "Silver Lion": "SilverLion",
    "Jueying": "JueYing", "Dilu": "DiLu", "Zhuahuang": "ZhuaHuangFeiDian",
    "Chitu": "ChiTu", "Dayuan": "DaYuan", "Zixing": "ZiXing",
    "Amazing Grace": "amazing_grace", "Peach Garden": "god_salvation",
    "Barbarian Invasion": "savage_assault", "Arrow Barrage": "archery_attack",
    "Duel": "duel", "Ex Nihilo": "ex_nihilo", "Snatch": "snatch",
    "Dismantlement": "dismantlement", "Iron Chain": "iron_chain", "Fire Attack": "fire_attack",
    "Collateral": "collateral", "Nullification": "nullification",
    "Kingdom Nullification": "heg_nullification", "Await Exhausted": "await_exhausted",
    "Known Both": "known_both", "Befriend Attacking": "befriend_attacking",
    "Indulgence": "indulgence", "Supply Shortage": "supply_shortage", "Lightning": "lightning",
}


DECK: tuple[Card, ...] = build_deck(_TABLE)
DECK_SIZE = 108

NAME: tuple[str, ...] = tuple(c.name for c in DECK)
KIND: tuple[str, ...] = tuple(c.kind for c in DECK)
SUIT: tuple[str, ...] = tuple(c.suit for c in DECK)
SLOT: tuple[int | None, ...] = tuple(slot_of(c.name) for c in DECK)
IDS_BY_NAME: dict[str, tuple[int, ...]] = ids_by_name(DECK)


def card_type(card: Card) -> str:
    """The type as the documents write it: basic, trick, delayed trick, or the slot."""
    if card.kind != EQUIPMENT:
        return {BASIC: "basic", TRICK: "trick", DELAYED: "delayed trick"}[card.kind]
    slot = SLOT[card.id]
    if slot == WEAPON:
        return f"weapon, range {WEAPON_RANGE[card.name]}"
    return {ARMOR: "armor", PLUS: "+1 horse", MINUS: "−1 horse"}[slot]  # type: ignore[index]


def find(name: str, suit: str | None = None, number: int | None = None) -> list[int]:
    """Ids of the cards with this name (and suit/number): for tests and tools."""
    return find_in(DECK, name, suit, number)


#: every suit and number is in the deck twice (two 52-card packs), and these four a third
#: time, as in the identity deck's 104 + 4 EX cards
EXTRA_FACES = frozenset({("S", 2), ("C", 2), ("H", 12), ("D", 12)})


def _all_faces() -> list[tuple[str, int]]:
    return [(s, n) for s in SUITS for n in range(1, 14)]


def _validate(deck: tuple[Card, ...]) -> None:
    """Fail the import when the table is mistyped: a wrong deck must not load quietly."""
    problems: list[str] = []
    if len(deck) != DECK_SIZE:
        problems.append(f"{len(deck)} cards, not {DECK_SIZE}")
    if [c.id for c in deck] != list(range(len(deck))):
        problems.append("ids are not 0..N-1 in order")
    counts = Counter(c.name for c in deck)
    if counts != COUNTS:
        problems.append(f"copies differ from COUNTS: {dict(counts - Counter(COUNTS))} extra, "
                        f"{dict(Counter(COUNTS) - counts)} missing")
    problems += [f"card {c.id} has suit {c.suit!r}" for c in deck if c.suit not in SUITS]
    problems += [f"card {c.id} has number {c.number}" for c in deck
                 if not 1 <= c.number <= 13]
    faces = Counter((c.suit, c.number) for c in deck)
    problems += [f"{faces[f]} cards are {f[0]}{f[1]}" for f in _all_faces()
                 if faces[f] != (3 if f in EXTRA_FACES else 2)]
    problems += [f"{t!r} has no Chinese or source name" for t in {c.title for c in deck}
                 if t not in CHINESE or t not in SOURCE_NAME]
    problems += [f"equipment {c.name!r} has no slot" for c in deck
                 if c.kind == EQUIPMENT and SLOT[c.id] is None]
    if problems:
        raise ValueError("Kingdom Wars deck table: " + "; ".join(problems))


_validate(DECK)
