"""The Kingdom Wars referee and the engine agree on every lawful game dealt the Kingdom Wars
deck (generals without skills): not one violation, the same deaths, sides and winner.

Every table size (4–10, in turn) under the random bot, the kingdom bot and a mix per seat,
with the options (candidates, every seat asked or only holders, short turn caps, the bonus
asked or taken, the seed's victory rule). The deck brings fire and thunder damage, chains,
Wine, its tricks and its equipment into the games; the referee judges them with its own
rules (``domain/referee/hegemony_cards.py``). The audit judges these games (no "rules: not
checked"), over the store with a person seated too.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from domain.referee.hegemony import referee
from domain.referee.hegemony_deck import composition_errors
from domain.sanguosha.actions import concretize
from domain.sanguosha.bots import HEGEMONY_POLICIES
from domain.sanguosha.hegemony import HegemonyGame
from domain.sanguosha.spec import hegemony_audit
from domain.simulate import play_out
from service.hall import GameHall
from tests.referee import hegemony_skilled
from tests.referee.seated import assert_agrees, audit_seated_games
from tests.referee.test_hegemony_differential import facts_of

#: the deck's own events and reasons a run of games must have met (so the agreement is
#: not an agreement on games that never used the deck)
DECK_FACTS = ("NatureDamaged", "ChainToggled", "CardRecast", "CardShown", "KnownBothSeen",
              "KillBlocked", "EffectBlocked", "chain", "wine", "await_exhausted",
              "befriend_attacking", "supply_shortage", "silver_lion", "triblade",
              "feather_fan", "kingdom_nullification")


def kw_game(seed: int) -> HegemonyGame:
    """Game ``seed``: 4 + seed % 7 seats, dealt the Kingdom Wars deck, no skills."""
    rng = random.Random(seed)
    n = 4 + seed % 7
    options: dict[str, Any] = {"candidates": rng.choice([k for k in (4, 5, 7) if n * k <= 60]),
                               "skills": False, "deck": "kingdom_wars"}
    if rng.random() < 0.3:
        options["ask_everyone"] = True
    if rng.random() < 0.15:
        options["turn_cap"] = rng.randint(1, 40)
    options["bonus"] = rng.choice(["ask", "ask", "auto"])
    if rng.random() < 0.3:
        options["victory"] = "seed"
    kind = rng.choice([*sorted(HEGEMONY_POLICIES), "mixed"])
    drivers = [HEGEMONY_POLICIES[rng.choice(sorted(HEGEMONY_POLICIES)) if kind == "mixed"
                                 else kind] for _ in range(n)]
    game = HegemonyGame.new([f"p{i}" for i in range(n)], options, rng=rng)
    return play_out(game, drivers, rng)  # type: ignore[return-value]


def seen(game: HegemonyGame) -> Counter[str]:
    """Which of the deck's events and reasons a game met."""
    out: Counter[str] = Counter()
    for f in facts_of(game):
        d = f.data
        out[f.type] += 1
        out["chain"] += bool(f.type == "NatureDamaged" and d["chain"])
        out["wine"] += bool(f.type == "CardUsed" and d["name"] == "wine")
        for key in ("reason", "ask", "skill", "name"):
            if isinstance(d.get(key), str):
                out[d[key]] += 1
        if f.type == "Responded" and d["ask"] == "nullify":
            out["kingdom_nullification"] += d["cards"][0] in (204, 205)
    return out


def agree(seed: int) -> Counter[str]:
    game = kw_game(seed)
    facts = facts_of(game)
    judged = referee(facts)
    assert_agrees(judged, game, seed)
    assert judged.details["side"] == game.outcome["side"]
    assert judged.details["sides"] == {str(s): v for s, v in enumerate(game.side)}
    audited = hegemony_audit(facts)  # the audit's path: the referee, not the recount
    assert audited.unjudged is None and not audited.violations
    return seen(game)


def run(seeds: range) -> None:
    met: Counter[str] = Counter()
    for seed in seeds:
        met += agree(seed)
    assert [k for k in DECK_FACTS if not met[k]] == []


def test_the_deck_is_the_rules_page_deck() -> None:
    """The card table's ids 108–215 hold what the rules page lists (counts, natures, faces)."""
    assert composition_errors() == []


def test_the_referee_agrees_with_the_engine_on_kingdom_wars_deck_games() -> None:
    run(range(70))  # ten games at each table size


@pytest.mark.slow
def test_the_referee_agrees_with_the_engine_on_thousands_of_kingdom_wars_deck_games() -> None:
    run(range(70, 2170))


def test_through_the_store_with_a_person_seated(hall: GameHall) -> None:
    """The service's path, on a SQLite file and a PostgreSQL schema (tests/conftest.py)."""
    audit_seated_games(hall, "hegemony", 4, size=lambda seed: 4 + 2 * seed,
                       bots=sorted(HEGEMONY_POLICIES),
                       options={"turn_cap": 60, "skills": False, "deck": "kingdom_wars"},
                       move=lambda game, seat, rng: concretize(
                           rng.choice(game.legal_actions(seat)), rng))


def test_kingdom_wars_deck_tables_of_judged_generals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Generals with skills the referee judges (``hegemony_skilled``), dealt the Kingdom Wars
    deck: the deck's cards and the skills judged together, no violation, and the same
    deaths, sides and winner."""
    plain = hegemony_skilled.options_of
    monkeypatch.setattr(hegemony_skilled, "options_of",
                        lambda rng, n: plain(rng, n) | {"deck": "kingdom_wars"})
    for seed in range(30):
        game = hegemony_skilled.judged_game(seed)
        assert game is not None and game.options["deck"] == "kingdom_wars"
        facts = facts_of(game)
        judged = hegemony_audit(facts)
        assert judged.unjudged is None, (seed, judged.unjudged)
        assert_agrees(judged, game, seed)
        assert judged.details["side"] == game.outcome["side"]
