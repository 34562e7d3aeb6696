"""Forged Kingdom Wars histories, re-sealed so the hash chain holds: the referee names them.

Whoever can write the store can rewrite a finished game's rows and recompute every
``prev`` after the change. The chain check then passes; the audit's own rules must
catch the forgery, by event number and rule. Only a receipt a seat kept shows that the
history changed. On a real SQLite file and on a PostgreSQL schema.
"""

from __future__ import annotations

import random
from uuid import UUID

from domain import registry
from domain.sanguosha.hegemony import HegemonyGame
from service.audit import audit_game
from service.hall import GameHall, run_bots
from tests.referee.forger import Body, audited, forge, is_, named


def finished_game(hall: GameHall) -> tuple[UUID, str]:
    """A 6-seat game of random bots with a careerist in it, played out and stored (dealt
    the identity deck; the Kingdom Wars deck's forgeries: test_hegemony_deck_forgery)."""
    # rules 3 (generals without skills): the game the referee judges, as the hall would
    # create it (games with Kingdom Wars skills keep the engine-side recount)
    rng = random.Random(17)
    options = registry.spec("hegemony").check_options({"deck": "identity"})
    game = HegemonyGame.new([f"p{i}" for i in range(6)], options, agents=["random"] * 6,
                            rng=rng, rules=3)
    run_bots(game, rng)
    hall.save(game)
    assert game.outcome is not None
    report = audit_game(hall, game.id)
    assert report.agrees, report.text()
    return game.id, str(game.receipt)



def test_a_careerist_recorded_as_a_kingdom(hall: GameHall, store: str) -> None:
    game_id, receipt = finished_game(hall)
    forged = forge(store, game_id, lambda b, _: is_(b, "KingdomDecided") and b["careerist"],
                   lambda b, _: b.update(side=b["kingdom"], careerist=False))
    report = audited(store, game_id)
    named(report, forged, "careerist")
    assert any(v.rule == "careerist" and "more than half" in v.message
               for v in report.recount.violations)
    assert not audited(store, game_id, receipt).receipt["valid"]


def test_a_card_played_out_of_turn(hall: GameHall, store: str) -> None:
    game_id, _ = finished_game(hall)

    def other_seat(b: Body, bodies: list[Body]) -> None:
        b["seat"] = (b["seat"] + 1) % 6

    forged = forge(store, game_id,
                   lambda b, _: is_(b, "CardUsed") and b["via"] == "play", other_seat)
    named(audited(store, game_id), forged, "turn-order")


def test_a_raised_hp_limit(hall: GameHall, store: str) -> None:
    game_id, _ = finished_game(hall)
    forged = forge(store, game_id, lambda b, _: is_(b, "GeneralsChosen"),
                   lambda b, _: b.update(max_hp=b["max_hp"] + 1))
    named(audited(store, game_id), forged, "hp-limit")


def test_a_shortened_reward(hall: GameHall, store: str) -> None:
    game_id, _ = finished_game(hall)
    forged = forge(store, game_id,
                   lambda b, _: is_(b, "RewardDrawn") and b["cards"],
                   lambda b, _: b.update(cards=b["cards"][:-1]))
    named(audited(store, game_id), forged, "draw-count")


def test_a_rewritten_winner(hall: GameHall, store: str) -> None:
    game_id, _ = finished_game(hall)

    def crown_the_losers(b: Body, _: list[Body]) -> None:
        outcome = b["outcome"]
        losers = [r["seat"] for r in outcome["seats"] if not r["won"]]
        outcome["winners"] = losers
        for row in outcome["seats"]:
            row["won"] = row["seat"] in losers
            row["score"] = int(row["won"])

    forged = forge(store, game_id, lambda b, _: is_(b, "GameEnded"), crown_the_losers)
    named(audited(store, game_id), forged, "winner")
