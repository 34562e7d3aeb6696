"""docs/rules/cards.md, rendered from the code's deck so the document and the game agree.

The card ids players send and see (``{"type": "use", "card": 41, "targets": [2]}``) are
positions in ``domain.sanguosha.cards.DECK``; a table typed by hand would drift from them
the first time the deck changes. ``python -m service.rules_docs`` rewrites the file and
``python -m service.rules_docs --check`` exits 1 when it is stale (tests/test_docs.py
makes the same comparison).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from domain.sanguosha.cards import (
    BASIC,
    DECK,
    DELAYED,
    MINUS,
    PLUS,
    SLOT,
    SUIT_SYMBOL,
    TRICK,
    WEAPON,
    WEAPON_RANGE,
    Card,
)

CARDS_MD = Path(__file__).resolve().parents[1] / "docs" / "rules" / "cards.md"

#: Chinese names by English title (the horses are named apart, each its own title)
CHINESE = {
    "Kill": "杀", "Dodge": "闪", "Peach": "桃",
    "Dismantlement": "过河拆桥", "Snatch": "顺手牵羊", "Duel": "决斗",
    "Collateral": "借刀杀人", "Ex Nihilo": "无中生有", "Nullification": "无懈可击",
    "Barbarian Invasion": "南蛮入侵", "Arrow Barrage": "万箭齐发",
    "Peach Garden": "桃园结义", "Amazing Grace": "五谷丰登",
    "Indulgence": "乐不思蜀", "Lightning": "闪电",
    "Crossbow": "诸葛连弩", "Qinggang Sword": "青釭剑", "Ice Sword": "寒冰剑",
    "Double Swords": "雌雄双股剑", "Blade": "青龙偃月刀", "Spear": "丈八蛇矛",
    "Axe": "贯石斧", "Halberd": "方天画戟", "Kylin Bow": "麒麟弓",
    "Eight Trigrams": "八卦阵", "Renwang Shield": "仁王盾",
    "Dilu": "的卢", "Jueying": "绝影", "Zhuahuang": "爪黄飞电",
    "Chitu": "赤兔", "Dayuan": "大宛", "Zixing": "紫骍",
}
SUIT_WORD = {"S": "spade", "H": "heart", "C": "club", "D": "diamond"}
FACE = {1: "A", 11: "J", 12: "Q", 13: "K"}

HEADER = """\
# Sanguosha cards: the standard deck and its card ids

<!-- Generated from domain/sanguosha/cards.py by `python -m service.rules_docs`.
     Do not edit by hand: tests/test_docs.py fails when this file and the code differ. -->

paiju names every Sanguosha card by a number, its **card id**. The standard deck has 108
cards, ids 0 to 107, and card `i` is the same card in every game, every event and every
replay. Views list hands as ids (`"hand": [3, 41, 77, 102]`), events record ids, and
actions name ids: `{"type": "use", "card": 41, "targets": [2]}`. What each card does is
in [sanguosha.md](sanguosha.md).

- **Suit**: ♠ spade, ♥ heart, ♣ club, ♦ diamond. Hearts and diamonds are red, spades
  and clubs black; a card's colour matters for the Renwang Shield and for judgments.
- **Number**: A (1), 2 to 10, J (11), Q (12), K (13). Numbers matter for judgments
  (Lightning strikes on ♠2 to ♠9).
- **Type**: basic, trick, delayed trick (it waits in a judgment area) or equipment, with
  its slot: weapon (and its attack range), armor, +1 horse or −1 horse.

This is the identity-mode deck: the 104 cards of the standard edition and 4 EX cards
(Ice Sword ♠2, Renwang Shield ♣2, Lightning ♥Q, Nullification ♦Q). Identity games and,
for now, Kingdom Wars games are played with it.
"""

FOOTER = """\
## The Kingdom Wars deck

Kingdom Wars has a deck of its own (QSanguosha-For-Hegemony's standard card package, with
its own tricks, weapons and armor): its 108 cards, with their own card ids, and what the
new cards do are in [kingdom-wars-deck.md](kingdom-wars-deck.md). Until the engine plays it
(issue 14), `hegemony` games use the identity deck above, with the same ids.
"""


def number_face(number: int) -> str:
    return FACE.get(number, str(number))


def card_type(card: Card) -> str:
    """basic, trick, delayed trick, or the equipment slot (a weapon with its range)."""
    if card.kind == BASIC:
        return "basic"
    if card.kind == TRICK:
        return "trick"
    if card.kind == DELAYED:
        return "delayed trick"
    slot = SLOT[card.id]
    if slot == WEAPON:
        return f"weapon, range {WEAPON_RANGE[card.name]}"
    if slot == PLUS:
        return "+1 horse"
    if slot == MINUS:
        return "−1 horse"
    return "armor"


def _id_ranges(ids: list[int]) -> str:
    """Ids as runs: [0, 1, 2, 5] -> "0–2, 5"."""
    runs: list[list[int]] = []
    for i in ids:
        if runs and i == runs[-1][1] + 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in runs)


def cards_markdown(deck: Sequence[Card] = DECK) -> str:
    """The whole of docs/rules/cards.md for ``deck``: a summary per card, then every card."""
    by_title: dict[str, list[Card]] = {}
    for card in deck:
        by_title.setdefault(card.title, []).append(card)
    lines = [HEADER, "## Summary", "",
             "| card | 中文 | type | copies | suits and numbers | ids |",
             "|---|---|---|---|---|---|"]
    for title, cards in by_title.items():
        faces = ", ".join(f"{SUIT_SYMBOL[c.suit]}{number_face(c.number)}" for c in cards)
        lines.append(f"| {title} | {CHINESE[title]} | {card_type(cards[0])} | {len(cards)} "
                     f"| {faces} | {_id_ranges([c.id for c in cards])} |")
    lines.append(f"| **all** | | | **{len(deck)}** | | 0–{len(deck) - 1} |")
    lines += ["", "## Every card, by id", "",
              "| id | card | 中文 | suit | number | type |",
              "|---:|---|---|---|---|---|"]
    for c in deck:
        lines.append(f"| {c.id} | {c.title} | {CHINESE[c.title]} "
                     f"| {SUIT_SYMBOL[c.suit]} {SUIT_WORD[c.suit]} | {number_face(c.number)} "
                     f"| {card_type(c)} |")
    lines += ["", FOOTER]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Write docs/rules/cards.md, or with ``--check`` say whether it is up to date."""
    args = sys.argv[1:] if argv is None else argv
    text = cards_markdown()
    if "--check" in args:
        current = CARDS_MD.read_text(encoding="utf-8") if CARDS_MD.exists() else ""
        if current != text:
            print(f"{CARDS_MD} is stale: run python -m service.rules_docs", file=sys.stderr)
            return 1
        return 0
    CARDS_MD.parent.mkdir(parents=True, exist_ok=True)
    CARDS_MD.write_text(text, encoding="utf-8")
    print(f"wrote {CARDS_MD}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
