"""The card table: the identity deck's 108 cards exactly as the rules file lists them (ids
0..107), then the Kingdom Wars deck's 108 (ids 108..215, in cards_hegemony's order)."""

from __future__ import annotations

from collections import Counter

import pytest

from domain.sanguosha import cards_hegemony as kw
from domain.sanguosha.cards import (
    CARDS,
    DECK,
    DECKS,
    KILLS,
    KW_OFFSET,
    NAME,
    NATURE,
    NULLIFICATIONS,
    SLOT,
    WEAPON_RANGE,
    color,
    find,
    lightning_strikes,
)

COUNTS = {
    "kill": 30, "dodge": 15, "peach": 8, "dismantlement": 6, "snatch": 5, "duel": 3,
    "collateral": 2, "ex_nihilo": 4, "nullification": 4, "barbarian_invasion": 3,
    "arrow_barrage": 1, "peach_garden": 1, "amazing_grace": 2, "indulgence": 3,
    "lightning": 2, "crossbow": 2, "qinggang_sword": 1, "ice_sword": 1, "double_swords": 1,
    "blade": 1, "spear": 1, "axe": 1, "halberd": 1, "kylin_bow": 1, "eight_trigrams": 2,
    "renwang_shield": 1, "plus_horse": 3, "minus_horse": 3,
}


def test_the_deck_has_108_cards_with_stable_ids() -> None:
    assert len(DECK) == 108
    assert [c.id for c in DECK] == list(range(108))
    assert Counter(NAME[:108]) == COUNTS


def test_the_kingdom_wars_deck_follows_at_offset_108() -> None:
    assert KW_OFFSET == 108 and len(CARDS) == 216
    assert {"identity": tuple(range(108)), "kingdom_wars": tuple(range(108, 216))} == DECKS
    for c in kw.DECK:
        mine = CARDS[KW_OFFSET + c.id]
        assert (mine.suit, mine.number, mine.title, mine.kind) == (c.suit, c.number, c.title,
                                                                   c.kind)
        # a Fire or Thunder Kill is a Kill with a nature; every other name is the deck's
        assert mine.name == ("kill" if c.name in ("fire_kill", "thunder_kill") else c.name)
        assert NATURE[mine.id] == {"fire_kill": "fire", "thunder_kill": "thunder"}.get(
            c.name, "normal")
    assert len(KILLS) == 30 + 29 and NATURE[:108] == ("normal",) * 108
    assert {NAME[c] for c in NULLIFICATIONS} == {"nullification", "kingdom_nullification"}


@pytest.mark.parametrize(("name", "suits"), [
    ("kill", {"S": [7, 8, 8, 9, 9, 10, 10], "C": [2, 3, 4, 5, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11],
              "H": [10, 10, 11], "D": [6, 7, 8, 9, 10, 13]}),
    ("dodge", {"H": [2, 2, 13], "D": [2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11]}),
    ("peach", {"H": [3, 4, 6, 7, 8, 9, 12], "D": [12]}),
    ("nullification", {"S": [11], "C": [12, 13], "D": [12]}),
    ("lightning", {"S": [1], "H": [12]}),
    ("plus_horse", {"C": [5], "S": [5], "H": [13]}),
    ("minus_horse", {"H": [5], "S": [13], "D": [13]}),
    ("eight_trigrams", {"S": [2], "C": [2]}),
])
def test_suits_and_numbers_follow_the_table(name: str, suits: dict[str, list[int]]) -> None:
    got: dict[str, list[int]] = {}
    for c in DECK:
        if c.name == name:
            got.setdefault(c.suit, []).append(c.number)
    assert {s: sorted(v) for s, v in got.items()} == {s: sorted(v) for s, v in suits.items()}


def test_weapons_have_their_ranges_and_slots() -> None:
    assert WEAPON_RANGE == {"crossbow": 1, "qinggang_sword": 2, "ice_sword": 2,
                            "double_swords": 2, "blade": 3, "spear": 3, "axe": 3,
                            "halberd": 4, "kylin_bow": 5, "six_swords": 2, "triblade": 3,
                            "feather_fan": 4}
    assert WEAPON_RANGE == {**WEAPON_RANGE, **kw.WEAPON_RANGE}
    assert {SLOT[c] for c in find("plus_horse")} == {2}
    assert {SLOT[c] for c in find("minus_horse")} == {3}
    assert SLOT[find("kill")[0]] is None


def test_colors_and_lightning() -> None:
    assert color([find("kill", "S")[0]]) == "black"
    assert color([find("kill", "H")[0]]) == "red"
    assert color([find("kill", "S")[0], find("kill", "H")[0]]) is None
    assert lightning_strikes(find("kill", "S", 7)[0])
    assert not lightning_strikes(find("kill", "S", 10)[0])
    assert not lightning_strikes(find("dodge", "H", 2)[0])
