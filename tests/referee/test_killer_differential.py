"""The referee and the engine agree on every lawful game: not one disagreement.

Random games at every table size (8–16) under each bot policy, a mix of policies per
seat, and a "any legal action" player that also abstains, declines to investigate,
investigates tonight's victim and forces all-abstain days and ties. (Killer takes no
options.) The referee judges each game's facts as the store would give them; its
deaths and winning side must also be the engine's.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.audit import Fact
from domain.killer.bots import POLICIES
from domain.killer.game import KillerGame
from domain.referee.killer import referee
from domain.simulate import play_out
from service.hall import GameHall
from tests.referee.seated import assert_agrees, audit_seated_games

#: the stored fields that are not the event's own data (as service/audit.py reads them)
STAMPS = ("originator_id", "originator_version", "timestamp", "prev", "originator_topic")


def any_legal(game: KillerGame, seat: int, rng: random.Random) -> dict[str, Any]:
    """A player who picks uniformly among its legal actions."""
    return dict(rng.choice(game.legal_actions(seat)))


DRIVERS = {**POLICIES, "any-legal": any_legal}


def facts_of(game: KillerGame) -> list[Fact]:
    return [Fact(e.originator_version, type(e).__name__,
                 {k: v for k, v in vars(e).items() if k not in STAMPS})
            for e in game.pending_events]


def random_game(seed: int) -> KillerGame:
    rng = random.Random(seed)
    n = rng.randint(8, 16)
    kind = rng.choice([*sorted(DRIVERS), "mixed"])
    drivers = [DRIVERS[rng.choice(sorted(DRIVERS)) if kind == "mixed" else kind]
               for _ in range(n)]
    game = KillerGame.new([f"p{i}" for i in range(n)], rng=rng)
    return play_out(game, drivers, rng)  # type: ignore[return-value]


def agree(seed: int) -> None:
    game = random_game(seed)
    judged = referee(facts_of(game))
    assert_agrees(judged, game, seed)
    assert judged.details["side"] == game.outcome["side"]


def test_the_referee_agrees_with_the_engine_on_hundreds_of_games() -> None:
    for seed in range(300):
        agree(seed)


@pytest.mark.slow
def test_the_referee_agrees_with_the_engine_on_thousands_of_games() -> None:
    for seed in range(300, 5300):
        agree(seed)


def test_through_the_store_with_a_person_seated(hall: GameHall) -> None:
    """The service's path, on a SQLite file and a PostgreSQL schema (tests/conftest.py)."""
    audit_seated_games(hall, "killer", 12, size=lambda seed: 8 + seed % 9,
                       bots=sorted(POLICIES), move=any_legal)