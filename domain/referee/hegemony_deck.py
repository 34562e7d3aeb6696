"""The Kingdom Wars deck as the referee counts it: which ids a table deals, and what is in it.

The rules page (docs/rules/kingdom-wars-deck.md) lists the deck card by card; here it is
written again as counts, faces and natures, so a deck the card table got wrong is named
(``composition_errors``) rather than trusted. Only the card table's static lookups (name,
suit, number, nature) are read.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.sanguosha.cards import NAME, NATURE, NUMBER, SUIT

IDENTITY = "identity"
KINGDOM_WARS = "kingdom_wars"
#: the decks by the ``deck`` option: their card ids (identity 0–107, Kingdom Wars 108–215)
DECK_IDS = {IDENTITY: range(0, 108), KINGDOM_WARS: range(108, 216)}

#: the Kingdom Wars deck: (name, nature) → copies, from the rules page's summary table
KW_COUNTS: dict[tuple[str, str], int] = {
    ("kill", "normal"): 21, ("kill", "fire"): 3, ("kill", "thunder"): 5,
    ("dodge", "normal"): 14, ("peach", "normal"): 8, ("wine", "normal"): 3,
    ("crossbow", "normal"): 1, ("double_swords", "normal"): 1,
    ("qinggang_sword", "normal"): 1, ("ice_sword", "normal"): 1, ("spear", "normal"): 1,
    ("feather_fan", "normal"): 1, ("axe", "normal"): 1, ("kylin_bow", "normal"): 1,
    ("six_swords", "normal"): 1, ("triblade", "normal"): 1,
    ("eight_trigrams", "normal"): 1, ("renwang_shield", "normal"): 1, ("vine", "normal"): 1,
    ("silver_lion", "normal"): 1, ("plus_horse", "normal"): 3, ("minus_horse", "normal"): 3,
    ("amazing_grace", "normal"): 1, ("peach_garden", "normal"): 1,
    ("barbarian_invasion", "normal"): 2, ("arrow_barrage", "normal"): 1,
    ("duel", "normal"): 2, ("ex_nihilo", "normal"): 2, ("snatch", "normal"): 3,
    ("dismantlement", "normal"): 3, ("iron_chain", "normal"): 3, ("fire_attack", "normal"): 2,
    ("collateral", "normal"): 1, ("nullification", "normal"): 1,
    ("kingdom_nullification", "normal"): 2, ("await_exhausted", "normal"): 2,
    ("known_both", "normal"): 2, ("befriend_attacking", "normal"): 1,
    ("indulgence", "normal"): 2, ("supply_shortage", "normal"): 2, ("lightning", "normal"): 1,
}
#: faces the referee's judgments read: the Fire and Thunder Kills, Supply Shortage, Lightning
KW_FACES: dict[tuple[str, str], list[tuple[str, int]]] = {
    ("kill", "fire"): [("H", 4), ("D", 4), ("D", 5)],
    ("kill", "thunder"): [("S", 6), ("S", 7), ("C", 6), ("C", 7), ("C", 8)],
    ("supply_shortage", "normal"): [("S", 10), ("C", 10)],
    ("lightning", "normal"): [("S", 1)],
    ("wine", "normal"): [("S", 9), ("C", 9), ("D", 9)],
}


def deck_of(options: dict[str, Any]) -> str:
    """The deck a table deals: the option ``deck``; a game stored before it, identity."""
    return str(options.get("deck", IDENTITY))


def composition_errors() -> list[str]:
    """How the card table's Kingdom Wars ids differ from the rules page (none: agreed)."""
    ids = DECK_IDS[KINGDOM_WARS]
    counts = Counter((NAME[c], NATURE[c]) for c in ids)
    out = [f"{k[0]} ({k[1]}): {counts.get(k, 0)} in the table, {n} in the rules"
           for k, n in KW_COUNTS.items() if counts.get(k, 0) != n]
    out += [f"{k[0]} ({k[1]}) is no card of the rules" for k in counts if k not in KW_COUNTS]
    for key, faces in KW_FACES.items():
        got = sorted((SUIT[c], NUMBER[c]) for c in ids if (NAME[c], NATURE[c]) == key)
        if got != sorted(faces):
            out.append(f"{key[0]} ({key[1]}) faces are {got}, the rules say {sorted(faces)}")
    suits = Counter(SUIT[c] for c in ids)
    out += [f"{s}: {suits[s]} cards, not 27" for s in "SHCD" if suits[s] != 27]
    return out
