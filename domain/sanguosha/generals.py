"""The Kingdom Wars roster: generals as data (``roster_hegemony.py``), checked at import.

Each general has an id, Chinese and English names, a kingdom, a gender, an HP in *half*
yin-yang fish and the partners it makes a perfect pair (珠联璧合) with. Generals have no
skills yet: the mode works with names, kingdoms, genders, HP and pairs alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from domain.sanguosha.roster_hegemony import ROWS

KINGDOMS = ("wei", "shu", "wu", "qun")
GENDERS = ("male", "female")
MIN_PER_KINGDOM = 10


@dataclass(frozen=True)
class General:
    id: str
    zh: str
    en: str
    kingdom: str
    gender: str
    hp_halves: int
    partners: tuple[str, ...]


class RosterError(ValueError):
    """The roster breaks one of its rules (a bug in the data, found at import)."""


def load(rows: Iterable[tuple[str, str, str, str, str, int, tuple[str, ...]]] = ROWS
         ) -> dict[str, General]:
    roster: dict[str, General] = {}
    for gid, zh, en, kingdom, gender, hp_halves, partners in rows:
        g = General(id=gid, zh=zh, en=en, kingdom=kingdom, gender=gender,
                    hp_halves=hp_halves, partners=tuple(partners))
        if g.id in roster:
            raise RosterError(f"general {g.id!r} is listed twice")
        roster[g.id] = g
    validate(roster)
    return roster


def validate(roster: dict[str, General]) -> None:
    """Kingdoms and genders known, HP 2..10 halves, names given, at least 10 generals per
    kingdom, partners existing, of the same kingdom and naming each other."""
    for g in roster.values():
        if g.kingdom not in KINGDOMS:
            raise RosterError(f"{g.id}: unknown kingdom {g.kingdom!r}")
        if g.gender not in GENDERS:
            raise RosterError(f"{g.id}: unknown gender {g.gender!r}")
        if type(g.hp_halves) is not int or not 2 <= g.hp_halves <= 10:
            raise RosterError(f"{g.id}: HP is 2..10 half fish, not {g.hp_halves!r}")
        if not (g.zh and g.en):
            raise RosterError(f"{g.id}: Chinese and English names are required")
        for p in g.partners:
            other = roster.get(p)
            if other is None:
                raise RosterError(f"{g.id}: partner {p!r} is not in the roster")
            if other.kingdom != g.kingdom:
                raise RosterError(f"{g.id}: partner {p!r} is of another kingdom")
            if g.id not in other.partners:
                raise RosterError(f"{g.id}: partner {p!r} does not name it back")
    for k in KINGDOMS:
        count = sum(g.kingdom == k for g in roster.values())
        if count < MIN_PER_KINGDOM:
            raise RosterError(f"{k} has {count} generals; at least {MIN_PER_KINGDOM} needed")


ROSTER: dict[str, General] = load()
IDS: tuple[str, ...] = tuple(ROSTER)


def perfect_pair(a: str, b: str) -> bool:
    return b in ROSTER[a].partners


def max_hp(head: str, deputy: str) -> tuple[int, bool]:
    """The HP limit (whole fish of both: halves // 2) and whether a half is left over."""
    halves = ROSTER[head].hp_halves + ROSTER[deputy].hp_halves
    return halves // 2, halves % 2 == 1


def share_a_kingdom(candidates: list[str]) -> bool:
    kingdoms = [ROSTER[g].kingdom for g in candidates]
    return len(set(kingdoms)) < len(kingdoms)
