"""The Kingdom Wars referee and the engine agree on every lawful game: not one violation.

Random games at every table size (4–10) under each bot policy and a mix of policies per
seat, with the options (4, 5 or 7 candidates as the table allows, every seat asked in
every window or only holders, short turn caps that end games in a draw). The referee
judges each game's facts as the store would give them; its sides, deaths and winning
side must also be the engine's.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.audit import Fact
from domain.referee.hegemony import referee
from domain.referee.hegemony_generals import unjudged
from domain.sanguosha.actions import concretize
from domain.sanguosha.bots import HEGEMONY_POLICIES
from domain.sanguosha.hegemony import HegemonyGame
from domain.sanguosha.spec import hegemony_audit
from domain.simulate import play_out
from service.hall import GameHall
from tests.referee.seated import assert_agrees, audit_seated_games

#: the stored fields that are not the event's own data (as service/audit.py reads them)
STAMPS = ("originator_id", "originator_version", "timestamp", "prev", "originator_topic")


def facts_of(game: HegemonyGame) -> list[Fact]:
    return [Fact(e.originator_version, type(e).__name__,
                 {k: v for k, v in vars(e).items() if k not in STAMPS})
            for e in game.pending_events]


def random_game(seed: int) -> HegemonyGame:
    rng = random.Random(seed)
    n = rng.randint(4, 10)
    # the identity deck, generals without skills (the Kingdom Wars deck's games:
    # test_hegemony_deck_differential.py)
    options: dict[str, Any] = {"candidates": rng.choice([k for k in (4, 5, 7) if n * k <= 60]),
                               "skills": False, "deck": "identity"}
    if rng.random() < 0.3:
        options["ask_everyone"] = True
    if rng.random() < 0.2:
        options["turn_cap"] = rng.randint(1, 40)
    options["bonus"] = rng.choice(["ask", "ask", "auto"])  # a declined bonus, an old table
    if rng.random() < 0.3:
        options["victory"] = "seed"
    kind = rng.choice([*sorted(HEGEMONY_POLICIES), "mixed"])
    drivers = [HEGEMONY_POLICIES[rng.choice(sorted(HEGEMONY_POLICIES)) if kind == "mixed"
                                 else kind] for _ in range(n)]
    # rules 3: generals without skills (games with Kingdom Wars skills keep the
    # engine-side recount, see spec.hegemony_audit)
    game = HegemonyGame.new([f"p{i}" for i in range(n)], options, rng=rng, rules=3)
    return play_out(game, drivers, rng)  # type: ignore[return-value]


def agree(seed: int) -> None:
    game = random_game(seed)
    judged = referee(facts_of(game))
    assert_agrees(judged, game, seed)
    assert judged.details["side"] == game.outcome["side"]
    assert judged.details["sides"] == {str(s): v for s, v in enumerate(game.side)}


def test_the_referee_agrees_with_the_engine_on_hundreds_of_games() -> None:
    for seed in range(150):
        agree(seed)


@pytest.mark.slow
def test_the_referee_agrees_with_the_engine_on_thousands_of_games() -> None:
    for seed in range(150, 3150):
        agree(seed)


def test_through_the_store_with_a_person_seated(hall: GameHall) -> None:
    """The service's path, on a SQLite file and a PostgreSQL schema (tests/conftest.py)."""
    audit_seated_games(hall, "hegemony", 6, size=lambda seed: 4 + seed,
                       bots=sorted(HEGEMONY_POLICIES),
                       options={"turn_cap": 60, "skills": False, "deck": "identity"},
                       move=lambda game, seat, rng: concretize(
                           rng.choice(game.legal_actions(seat)), rng))

@pytest.mark.parametrize("seed", range(6))
def test_default_tables_with_skills_are_reported_unjudged(seed: int) -> None:
    """A default table (the Kingdom Wars deck, generals with skills) may play skills this
    referee does not know yet: the audit says the rules were not checked and recounts the
    figures on the engine's side, and those agree with the game (nothing is skipped in
    silence). Without skills the deck is judged (test_hegemony_deck_differential.py)."""
    rng = random.Random(seed)
    n = 4 + seed
    game = HegemonyGame.new([f"p{i}" for i in range(n)], {}, rng=rng)
    assert game.options["deck"] == "kingdom_wars"
    play_out(game, [HEGEMONY_POLICIES["kingdom" if seed % 2 else "random"]] * n, rng)
    judged = hegemony_audit(facts_of(game))
    if unjudged(facts_of(game)):  # a general whose skills the referee does not judge yet
        assert judged.unjudged is not None and "skills" in judged.unjudged
    else:  # every chosen general's skills judged: the referee judges the whole game
        assert judged.unjudged is None and not judged.violations, judged.violations
    assert judged.agrees, judged.differences()
    identity_deck = random_game(seed)
    assert hegemony_audit(facts_of(identity_deck)).unjudged is None
