"""The Killer game as paiju offers it: 8 to 16 players, judged by side."""

from __future__ import annotations

from domain.killer.bots import POLICIES
from domain.killer.game import KillerGame
from domain.killer.roles import MAX_PLAYERS, MIN_PLAYERS
from domain.killer.text import KillerNarrator
from domain.referee.killer import referee
from domain.spec import GameSpec

SPEC = GameSpec(
    kind="killer",
    title="Killer (a Mafia-like game)",
    game=KillerGame,
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    default_seats=MIN_PLAYERS,
    policies=POLICIES,
    referee=referee,
    narrator=KillerNarrator(),
    wins_by="side",
    sides=("killers", "police", "tie"),
    rules="docs/rules/killer.md",
)
