"""Forged Killer histories, re-sealed so the hash chain holds: the referee names them.

Whoever can write the store can rewrite a finished game's rows and recompute every
``prev`` after the change (each row's state is the event's canonical JSON; its ``prev``
is the SHA-256 of the row before). The chain check then passes; the audit's own rules
must catch the forgery, by event number and rule. Only a receipt a seat kept shows that
the history changed. On a real SQLite file and on a PostgreSQL schema.
"""

from __future__ import annotations

import random
from uuid import UUID

from service.audit import audit_game
from service.hall import GameHall
from tests.referee.forger import Body, audited, forge, named


def finished_game(hall: GameHall) -> tuple[UUID, str]:
    """A 10-seat game of informed bots, played to its end and stored; its receipt."""
    game = hall.create_game("killer", [f"p{i}" for i in range(10)],
                            agents=["informed"] * 10, rng=random.Random(11))
    assert game.outcome is not None and audit_game(hall, game.id).agrees
    return game.id, str(game.receipt)





def test_an_inverted_investigation_answer(hall: GameHall, store: str) -> None:
    game_id, receipt = finished_game(hall)
    forged = forge(store, game_id,
                   lambda b, _: b["type"].endswith(".Investigated") and b["target"] is not None,
                   lambda b, _: b.update(killer=not b["killer"]))
    report = audited(store, game_id)
    named(report, forged, "investigation-answer")
    # a receipt kept by a seat still tells the history changed
    assert not audited(store, game_id, receipt).receipt["valid"]


def first_victim(bodies: list[Body]) -> int:
    return int(next(b for b in bodies if b["type"].endswith(".VictimAnnounced"))["seat"])


def test_a_dead_seats_vote(hall: GameHall, store: str) -> None:
    game_id, _ = finished_game(hall)
    # the first vote of day 1 is given to the night's victim, dead since the night
    forged = forge(store, game_id,
                   lambda b, all_: b["type"].endswith(".VoteCast")
                   and b["target"] != first_victim(all_),
                   lambda b, all_: b.update(seat=first_victim(all_)))
    report = audited(store, game_id)
    named(report, forged, "voter-alive")
    assert any(v.rule == "voter-alive" and "is dead" in v.message
               for v in report.recount.violations)
