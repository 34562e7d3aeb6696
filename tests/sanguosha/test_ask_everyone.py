"""With people at the table every Nullification and Peach window asks every living seat,
so not even a window's existence tells that someone holds such a card."""

from __future__ import annotations

import random

from domain.sanguosha.bots import IDENTITY_POLICIES
from domain.sanguosha.cards import NAME
from domain.sanguosha.identity import IdentityGame


def test_people_get_open_windows_bots_get_quick_ones() -> None:
    people = IdentityGame.new([f"p{i}" for i in range(5)], rng=random.Random(1))
    bots = IdentityGame.new([f"p{i}" for i in range(5)], agents=["random"] * 5,
                            rng=random.Random(1))
    assert people.options["ask_everyone"] is True
    assert bots.options["ask_everyone"] is False


def test_seats_without_the_card_are_asked_too() -> None:
    rng = random.Random(3)
    asked_empty_handed = 0
    for _ in range(6):
        # the first game: no skill turns another card into the one asked for (Jijiu, Longdan)
        game = IdentityGame.new([f"p{i}" for i in range(6)], {"generals": False}, rng=rng)
        policy = IDENTITY_POLICIES["random"]
        while game.outcome is None:
            seat = game.to_act()[0]
            pending = game.view("referee")["pending"] or {}
            if pending.get("ask") in ("nullify", "peach"):
                wanted = "nullification" if pending["ask"] == "nullify" else "peach"
                holds = any(NAME[c] == wanted for c in game.hands[seat])
                answers = game.legal_actions(seat)
                if not holds:
                    asked_empty_handed += 1
                    assert answers == [{"type": "decline"}]
                # everyone else sees the same wide wait, whoever is really asked
                living = [s for s in range(6) if game.alive[s]]
                assert game.view("spectator")["to_act"] == living
            game.act(seat, policy(game, seat, rng), rng)
    assert asked_empty_handed > 0
