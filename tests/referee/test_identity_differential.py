"""The identity referee and the engine agree on every lawful game: not one disagreement.

Random games at every table size (4–10) under each bot policy and a mix of them, with
the options (everyone asked in windows or only holders, the one-renegade table at 10, a
small turn cap), under rules 2 and, for a quarter of them, rules 1 (how games stored
before version 2 were played). The referee judges each game's facts as the store gives
them, by the rules version they record; its deaths and winning side must be the engine's.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.audit import Fact
from domain.referee.identity import referee
from domain.sanguosha.bots import IDENTITY_POLICIES, random_policy
from domain.sanguosha.identity import IdentityGame
from domain.simulate import play_out
from service.hall import GameHall
from tests.referee.seated import assert_agrees, audit_seated_games

#: the stored fields that are not the event's own data (as service/audit.py reads them)
STAMPS = ("originator_id", "originator_version", "timestamp", "prev", "originator_topic")
POLICIES = sorted(IDENTITY_POLICIES)


def facts_of(game: IdentityGame) -> list[Fact]:
    return [Fact(e.originator_version, type(e).__name__,
                 {k: v for k, v in vars(e).items() if k not in STAMPS})
            for e in game.pending_events]


def random_game(seed: int) -> IdentityGame:
    rng = random.Random(seed)
    n = 4 + seed % 7
    kind = [*POLICIES, "mixed"][(seed // 7) % (len(POLICIES) + 1)]
    drivers = [IDENTITY_POLICIES[rng.choice(POLICIES) if kind == "mixed" else kind]
               for _ in range(n)]
    options: dict[str, Any] = {"ask_everyone": rng.random() < 0.3}
    if n == 10 and rng.random() < 0.5:
        options["ten_player_table"] = "one_renegade"
    if rng.random() < 0.1:
        options["turn_cap"] = rng.randint(1, 30)
    game = IdentityGame.new([f"p{i}" for i in range(n)], options, agents=["bot"] * n,
                            rng=rng, rules=1 if seed % 4 == 3 else 2)
    return play_out(game, drivers, rng)  # type: ignore[return-value]


def agree(seed: int) -> None:
    game = random_game(seed)
    judged = referee(facts_of(game))
    assert_agrees(judged, game, seed)
    assert judged.details["side"] == (None if game.outcome["side"] == "draw"
                                      else game.outcome["side"])


def test_the_referee_agrees_with_the_engine_on_hundreds_of_games() -> None:
    for seed in range(210):  # every size 4..10 under each policy and a mix, 10 times
        agree(seed)


@pytest.mark.slow
def test_the_referee_agrees_with_the_engine_on_thousands_of_games() -> None:
    for seed in range(210, 3210):
        agree(seed)


#: the generals variants, by ``seed % 8``: (generals option, rules version; None: the
#: engine's own): generals with their skills (five in eight), under rules 3 too, the
#: first game under rules 3 (no generals), and generals without skills (rules 2: HP and
#: gender only)
VARIANTS = [(True, None)] * 5 + [(True, 3), (False, 3), (True, 2)]


def generals_game(seed: int) -> IdentityGame:
    rng = random.Random(seed)
    n = 4 + seed % 7
    kind = [*POLICIES, "mixed"][(seed // 7) % (len(POLICIES) + 1)]
    drivers = [IDENTITY_POLICIES[rng.choice(POLICIES) if kind == "mixed" else kind]
               for _ in range(n)]
    generals, rules = VARIANTS[seed % 8]
    options: dict[str, Any] = {"ask_everyone": rng.random() < 0.3, "generals": generals}
    if n == 10 and rng.random() < 0.3:
        options["ten_player_table"] = "one_renegade"
    game = IdentityGame.new([f"p{i}" for i in range(n)], options, agents=["bot"] * n,
                            rng=rng, rules=rules)
    return play_out(game, drivers, rng)  # type: ignore[return-value]


def agree_with_generals(seed: int) -> None:
    game = generals_game(seed)
    judged = referee(facts_of(game))
    assert_agrees(judged, game, seed)
    assert judged.details["side"] == (None if game.outcome["side"] == "draw"
                                      else game.outcome["side"])


def test_the_referee_agrees_with_the_engine_on_games_with_generals() -> None:
    for seed in range(112):  # every size under each policy and a mix, every variant
        agree_with_generals(seed)


@pytest.mark.slow
def test_the_referee_agrees_with_the_engine_on_thousands_of_games_with_generals() -> None:
    for seed in range(112, 2112):
        agree_with_generals(seed)


def test_through_the_store_with_a_person_seated(hall: GameHall) -> None:
    """The service's path, on a SQLite file and a PostgreSQL schema (tests/conftest.py)."""
    audit_seated_games(hall, "identity", 7, size=lambda seed: 4 + seed, bots=POLICIES,
                       move=random_policy)


def test_through_the_store_with_generals_and_a_person_seated(hall: GameHall) -> None:
    audit_seated_games(hall, "identity", 5, size=lambda seed: 5 + seed, bots=POLICIES,
                       move=random_policy, options={"generals": True})
