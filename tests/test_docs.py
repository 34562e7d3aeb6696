"""The rules documents in docs/ say what the code does, and link only inside the repo.

cards.md is generated from the deck; the Kingdom Wars roster table in generals.md is
written by hand and compared here with the roster the game loads.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from domain.sanguosha.cards import DECK
from domain.sanguosha.generals import ROSTER
from service.rules_docs import CARDS_MD, FACE, SUIT_WORD, card_type, cards_markdown

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
GENERALS_MD = RULES / "generals.md"


def table_rows(text: str, heading: str) -> list[list[str]]:
    """The body rows of the first Markdown table after ``heading``, as stripped cells."""
    after = text[text.index(heading):]
    rows: list[list[str]] = []
    for line in after.splitlines()[1:]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            break
    return rows[2:]  # the header and the |---| line


# --- cards.md ------------------------------------------------------------------------
def test_cards_md_is_what_the_deck_renders() -> None:
    # regenerate with: python -m service.rules_docs
    assert CARDS_MD.read_text(encoding="utf-8") == cards_markdown(), (
        "docs/rules/cards.md is stale: run python -m service.rules_docs")


def test_every_card_has_its_row_with_id_name_suit_number_and_type() -> None:
    rows = table_rows(CARDS_MD.read_text(encoding="utf-8"), "## Every card, by id")
    assert [int(r[0]) for r in rows] == list(range(108))
    for row, card in zip(rows, DECK, strict=True):
        _, title, _zh, suit, number, kind = row
        assert title == card.title
        assert suit.endswith(SUIT_WORD[card.suit])
        assert number == FACE.get(card.number, str(card.number))
        assert kind == card_type(card)


def test_a_changed_card_changes_the_document() -> None:
    # the check above can fail: give card 0 (a ♠7 Kill) another suit and number
    changed = list(DECK)
    changed[0] = dataclasses.replace(DECK[0], suit="H", number=12)
    text = cards_markdown(changed)
    assert text != cards_markdown()
    assert "| 0 | Kill | 杀 | ♥ heart | Q | basic |" in text


def test_the_summary_counts_the_whole_deck() -> None:
    rows = table_rows(CARDS_MD.read_text(encoding="utf-8"), "## Summary")
    copies = [int(r[3]) for r in rows if not r[0].startswith("**")]
    assert sum(copies) == len(DECK) == 108
    assert rows[0][:4] == ["Kill", "杀", "basic", "30"]


# --- generals.md ---------------------------------------------------------------------
def _skills(cell: str) -> list[str]:
    """'Mashu (compulsory), Tieqi' -> ['Mashu', 'Tieqi']"""
    return [s.strip() for s in re.sub(r"\s*\([^)]*\)", "", cell).split(",") if s.strip()]


def test_kingdom_wars_roster_table_matches_the_games_roster() -> None:
    rows = table_rows(GENERALS_MD.read_text(encoding="utf-8"), "## 2. Kingdom Wars")
    assert [r[0] for r in rows] == list(ROSTER), "ids, in the roster file's order"
    by_name = {g.en: g.id for g in ROSTER.values()}
    for gid, en, zh, kingdom, halves, gender, partners, _skills_cell in rows:
        g = ROSTER[gid]
        assert (en, zh, kingdom.lower(), int(halves), gender) == (
            g.en, g.zh, g.kingdom, g.hp_halves, g.gender), gid
        named = {by_name[p.strip()] for p in partners.split(",") if p.strip()}
        assert named == set(g.partners), f"{gid}: partners {named} != {set(g.partners)}"


def test_skill_counts_and_every_skill_is_described() -> None:
    text = GENERALS_MD.read_text(encoding="utf-8")
    identity = [s for r in table_rows(text, "## 1. Identity mode") for s in _skills(r[5])]
    kingdom_wars = [s for r in table_rows(text, "## 2. Kingdom Wars") for s in _skills(r[7])]
    assert (len(identity), len(set(identity))) == (40, 40)
    assert (len(kingdom_wars), len(set(kingdom_wars))) == (94, 92)
    described = set(re.findall(r"\*\*([A-Z][a-z]+) [\u4e00-\u9fff]+\*\*", text))
    assert set(identity) | set(kingdom_wars) <= described, (
        sorted(set(identity) | set(kingdom_wars) - described))


# --- links ---------------------------------------------------------------------------
def _documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_no_link_leaves_the_repository_for_shared() -> None:
    # a user who clones paiju has no ../shared directory
    offending = [str(p.relative_to(ROOT)) for p in _documents()
                 if "../shared" in p.read_text(encoding="utf-8")]
    assert not offending, offending


def _anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to '-'."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_links_between_the_rules_pages_resolve() -> None:
    pages = {p.name: p.read_text(encoding="utf-8") for p in RULES.glob("*.md")}
    anchors = {name: {_anchor(h) for h in re.findall(r"^#+ (.+)$", text, re.M)}
               for name, text in pages.items()}
    broken = []
    for name, text in pages.items():
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if "://" in target:
                continue
            page, _, anchor = target.partition("#")
            page = page or name
            if page not in pages or (anchor and anchor not in anchors[page]):
                broken.append(f"{name}: {target}")
    assert not broken, broken
