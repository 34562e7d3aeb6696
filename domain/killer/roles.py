"""The role table, the deal and the win check: pure rules, table-tested."""

from __future__ import annotations

import random
from collections.abc import Sequence

KILLER = "killer"
POLICE = "police"
CIVILIAN = "civilian"
ROLES = (KILLER, POLICE, CIVILIAN)

MIN_PLAYERS = 8
MAX_PLAYERS = 16

#: (first player count, last player count, killers, police) from the rules' table
ROLE_TABLE: tuple[tuple[int, int, int, int], ...] = (
    (8, 10, 2, 2),
    (11, 14, 3, 3),
    (15, 16, 4, 4),
)


def role_counts(players: int) -> dict[str, int]:
    """How many killers, police and civilians a table of this size deals."""
    for first, last, killers, police in ROLE_TABLE:
        if first <= players <= last:
            return {KILLER: killers, POLICE: police, CIVILIAN: players - killers - police}
    raise ValueError(f"Killer is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")


def deal(players: int, rng: random.Random) -> list[str]:
    """A uniformly random assignment of the table's cards to seats 0..players-1."""
    counts = role_counts(players)
    cards = [role for role in ROLES for _ in range(counts[role])]
    rng.shuffle(cards)
    return cards


def winning_side(killers: int, police: int, civilians: int) -> str | None:
    """The win check after a death: "police", "killers", "tie", or None to play on.

    The order matters only in principle: one death removes one player, so at most one
    count can reach zero at a time.
    """
    if killers == 0:
        return "police"
    if police == 0:
        return "killers"
    if civilians == 0:
        return "tie"
    return None


REASONS = {
    "police": "no living killers",
    "killers": "no living police",
    "tie": "no living civilians",
}


def winners(side: str, roles: Sequence[str]) -> list[int]:
    """The winning seats: the killers, or the police with the civilians; nobody on a tie."""
    if side == "killers":
        return [i for i, r in enumerate(roles) if r == KILLER]
    if side == "police":
        return [i for i, r in enumerate(roles) if r != KILLER]
    return []
