"""Forged identity-mode histories, re-sealed so the hash chain holds: the referee names them.

Whoever can write the store can rewrite a finished game's rows and recompute every
``prev`` after the change. The chain check then passes; the audit's own rules must catch
the forgery, by event number and rule. Only a receipt a seat kept shows that the
history changed. On a real SQLite file and on a PostgreSQL schema.
"""

from __future__ import annotations

import random
from uuid import UUID

from domain.sanguosha.cards import NAME
from service.audit import audit_game
from service.hall import GameHall
from tests.referee.forger import Body, audited, forge, is_, named


def finished_game(hall: GameHall) -> tuple[UUID, str]:
    """A 6-seat first game (no generals) of identity bots (a short one, with a rebel's
    killer rewarded), played to its end and stored; its receipt."""
    game = hall.create_game("identity", [f"p{i}" for i in range(6)], {"generals": False},
                            agents=["identity"] * 6, rng=random.Random(34))
    assert game.outcome is not None and audit_game(hall, game.id).agrees
    return game.id, str(game.receipt)






def test_a_pass_out_of_turn(hall: GameHall, store: str) -> None:
    game_id, receipt = finished_game(hall)
    # the first declined Dodge is given to the seat after the one asked
    forged = forge(store, game_id, lambda b, _: is_(b, "Declined") and b["ask"] == "dodge",
                   lambda b, _: b.update(seat=(b["seat"] + 1) % 6))
    report = audited(store, game_id)
    named(report, forged, "turn-order")
    assert any("but the game asked seat" in v.message for v in report.recount.violations)
    # a receipt kept by a seat still tells the history changed
    assert not audited(store, game_id, receipt).receipt["valid"]


def test_a_card_the_seat_never_held(hall: GameHall, store: str) -> None:
    game_id, _ = finished_game(hall)

    def elsewhere(b: Body, bodies: list[Body]) -> None:
        dealt = next(x for x in bodies if is_(x, "HandsDealt"))["hands"]
        other = dealt[(b["seat"] + 1) % 6]  # a card of the next seat's starting hand
        b.update(cards=[other[0]], name=NAME[other[0]])

    forged = forge(store, game_id, lambda b, _: is_(b, "CardUsed") and b["via"] == "play"
                   and b["name"] == "kill", elsewhere)
    named(audited(store, game_id), forged, "card-not-held")


def test_a_lord_dealt_too_little_hp(hall: GameHall, store: str) -> None:
    game_id, _ = finished_game(hall)
    forged = forge(store, game_id, lambda b, _: is_(b, "IdentitiesDealt"),
                   lambda b, _: b.update(hp=[4] * 6))
    named(audited(store, game_id), forged, "hp")


def test_a_forged_winner(hall: GameHall, store: str) -> None:
    game_id, _ = finished_game(hall)

    def other_side(b: Body, _: list[Body]) -> None:
        outcome = b["outcome"]
        outcome["side"] = "renegade" if outcome["side"] != "renegade" else "rebels"

    forged = forge(store, game_id, lambda b, _: is_(b, "GameEnded"), other_side)
    named(audited(store, game_id), forged, "winner")


def test_a_reward_drawn_from_elsewhere(hall: GameHall, store: str) -> None:
    game_id, _ = finished_game(hall)
    # the killer of a rebel "draws" three Peaches instead of the top of the pile
    forged = forge(store, game_id, lambda b, _: is_(b, "RewardDrawn"),
                   lambda b, _: b.update(cards=[45, 46, 47]))
    report = audited(store, game_id)
    named(report, forged, "draw-pile")
