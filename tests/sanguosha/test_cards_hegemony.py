"""The Kingdom Wars deck: the data, the document's tables and the source agree.

docs/rules/kingdom-wars-deck.md is written by hand; these tests parse its two tables and
compare them, card by card, with domain/sanguosha/cards_hegemony.py, and compare both with
a transcription of QSanguosha-For-Hegemony's card lists (commit 640830426f36).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest

from domain.sanguosha import cards as identity
from domain.sanguosha import cards_hegemony as kw

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "kingdom-wars-deck.md"
FACE = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUIT_WORD = {"S": "♠ spade", "H": "♥ heart", "C": "♣ club", "D": "♦ diamond"}

# The source's lists, in its order: basicCards(), equipCards(), trickCards() of
# src/package/standard-{basics,equips,tricks}.cpp, one "object_name faces" per line.
SOURCE = """
slash S5 S7 S8 S8 S9 S10 S11 C2 C3 C4 C5 C8 C9 C10 C11 C11 H10 H12 D10 D11 D12
fire_slash H4 D4 D5
thunder_slash S6 S7 C6 C7 C8
jink H2 H11 H13 D2 D3 D6 D7 D7 D8 D8 D9 D10 D11 D13
peach H4 H6 H7 H8 H9 H10 H12 D2
analeptic S9 C9 D9
Crossbow D1
DoubleSword S2
QinggangSword S6
IceSword S2
Spear S12
Fan D1
Axe D5
KylinBow H5
SixSwords D6
Triblade D12
EightDiagram S2
RenwangShield C2
Vine C2
SilverLion C1
JueYing S5
DiLu C5
ZhuaHuangFeiDian H13
ChiTu H5
DaYuan S13
ZiXing D13
amazing_grace H3
god_salvation H1
savage_assault S13 C7
archery_attack H1
duel S1 C1
ex_nihilo H7 H8
snatch S3 S4 D3
dismantlement S3 S4 H12
iron_chain S12 C12 C13
fire_attack H2 H3
collateral C12
nullification S11
heg_nullification C13 D12
await_exhausted H11 D4
known_both C3 C4
befriend_attacking H9
indulgence C6 H6
supply_shortage S10 C10
lightning S1
"""


def _source_cards() -> list[tuple[str, str, int]]:
    out = []
    for line in SOURCE.strip().splitlines():
        name, *faces = line.split()
        out += [(name, face[0], int(face[1:])) for face in faces]
    return out


def _table(heading: str) -> list[list[str]]:
    """The body rows of the first Markdown table after ``heading``, as stripped cells."""
    text = DOC.read_text(encoding="utf-8")
    rows: list[list[str]] = []
    for line in text[text.index(heading):].splitlines()[1:]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            break
    return rows[2:]  # the header and the |---| line


def test_the_deck_has_108_cards_with_stable_ids_and_these_copies() -> None:
    assert len(kw.DECK) == kw.DECK_SIZE == 108
    assert [c.id for c in kw.DECK] == list(range(108))
    assert Counter(kw.NAME) == {
        "kill": 21, "fire_kill": 3, "thunder_kill": 5, "dodge": 14, "peach": 8, "wine": 3,
        "crossbow": 1, "double_swords": 1, "qinggang_sword": 1, "ice_sword": 1, "spear": 1,
        "feather_fan": 1, "axe": 1, "kylin_bow": 1, "six_swords": 1, "triblade": 1,
        "eight_trigrams": 1, "renwang_shield": 1, "vine": 1, "silver_lion": 1,
        "plus_horse": 3, "minus_horse": 3,
        "amazing_grace": 1, "peach_garden": 1, "barbarian_invasion": 2, "arrow_barrage": 1,
        "duel": 2, "ex_nihilo": 2, "snatch": 3, "dismantlement": 3, "iron_chain": 3,
        "fire_attack": 2, "collateral": 1, "nullification": 1, "kingdom_nullification": 2,
        "await_exhausted": 2, "known_both": 2, "befriend_attacking": 1,
        "indulgence": 2, "supply_shortage": 2, "lightning": 1,
    }
    assert Counter(kw.KIND) == {"basic": 54, "trick": 29, "delayed": 5, "equipment": 20}
    assert Counter(kw.SUIT) == {"S": 27, "H": 27, "C": 27, "D": 27}


def test_ids_follow_the_sources_order_card_by_card() -> None:
    source = _source_cards()
    assert len(source) == 108
    ours = [(kw.SOURCE_NAME[c.title], c.suit, c.number) for c in kw.DECK]
    assert ours == source
    # the source's own ids are the same: its deal drops card 55, the Double Swords, when
    # the Dragon Phoenix replaces it (src/core/engine.cpp:946-951)
    assert kw.DECK[55].name == "double_swords"


def test_every_card_row_of_the_document_is_the_card_with_that_id() -> None:
    rows = _table("## Every card, by id")
    assert [int(r[0]) for r in rows] == list(range(108))
    for row, card in zip(rows, kw.DECK, strict=True):
        _, title, zh, suit, number, kind = row
        assert (title, zh, suit, number, kind) == (
            card.title, kw.CHINESE[card.title], SUIT_WORD[card.suit],
            FACE.get(card.number, str(card.number)), kw.card_type(card)), row


def test_the_summary_counts_every_card_and_compares_with_the_identity_deck() -> None:
    rows = _table("## Summary")
    total = rows.pop()
    assert total[0] == "**all**" and total[3] == "**108**"
    by_title: dict[str, list[identity.Card]] = {}
    for card in kw.DECK:
        by_title.setdefault(card.title, []).append(card)
    assert [r[0] for r in rows] == list(by_title)
    identity_copies = Counter(c.title for c in identity.DECK)
    for title, zh, kind, copies, faces, ids, in_identity in rows:
        cards = by_title[title]
        assert zh == kw.CHINESE[title]
        assert kind == kw.card_type(cards[0])
        assert int(copies) == len(cards)
        assert faces == ", ".join(
            f"{identity.SUIT_SYMBOL[c.suit]}{FACE.get(c.number, str(c.number))}" for c in cards)
        first, last = cards[0].id, cards[-1].id
        assert ids == (str(first) if first == last else f"{first}–{last}")
        assert in_identity == str(identity_copies[title] or "—")
    assert sum(int(r[3]) for r in rows) == 108


def test_weapons_armor_and_horses_have_their_slots() -> None:
    assert kw.WEAPON_RANGE == {
        "crossbow": 1, "double_swords": 2, "qinggang_sword": 2, "ice_sword": 2,
        "six_swords": 2, "spear": 3, "axe": 3, "triblade": 3, "feather_fan": 4, "kylin_bow": 5}
    slots = Counter(kw.SLOT[c.id] for c in kw.DECK if c.kind == "equipment")
    assert slots == {identity.WEAPON: 10, identity.ARMOR: 4, identity.PLUS: 3, identity.MINUS: 3}
    assert kw.NATURE[kw.NAME[kw.find("fire_kill", "D", 5)[0]]] == "fire"
    assert kw.find("thunder_kill", "S") == [24, 25]


def test_a_mistyped_table_fails_the_import_check() -> None:
    deck = list(kw.DECK)
    deck[0] = dataclasses.replace(deck[0], suit="H")  # ♠5 Kill → ♥5: ♠5 once, ♥5 three times
    with pytest.raises(ValueError, match="S5"):
        kw._validate(tuple(deck))
    deck = list(kw.DECK)
    deck[107] = dataclasses.replace(deck[107], number=14)
    with pytest.raises(ValueError, match="number 14"):
        kw._validate(tuple(deck))
    with pytest.raises(ValueError, match="copies differ"):
        kw._validate(kw.DECK[:-1] + (dataclasses.replace(kw.DECK[0], id=107),))


def test_the_rules_pages_link_the_deck_page() -> None:
    for page in ("README.md", "kingdom-wars.md"):
        assert "(kingdom-wars-deck.md)" in (DOC.parent / page).read_text(encoding="utf-8")
