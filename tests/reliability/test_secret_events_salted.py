"""Every event that hides something from some viewer carries a salt.

The audit of issue 19, done by the rules themselves rather than by a list: play games
of each kind (bot-only to the end, and with a person seated, live), and for every event
ask the game's own ``redact`` what each seat and the spectator would see of it while
live. Wherever that differs from the event, the event must be a ``Game.SecretEvent``
with its own 128-bit salt (32 hex digits, never repeated); otherwise the digest in the
next event's ``prev`` would let anyone test guesses about what was hidden. Each kind must
show the secrets it is known to have, so the audit cannot pass by finding none.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from domain import registry
from domain.game import SPECTATOR, Chained
from service.hall import GameHall
from tests.reliability.test_every_prefix import play

_NOT_DATA = ("originator_id", "originator_version", "timestamp", "prev", "originator_topic",
             "salt")
#: events each kind hides in any game worth the name (deals, draws, choices)
KNOWN = {
    "doudizhu": {"Dealt"},
    "killer": {"RolesDealt", "NightKill", "Investigated"},
    "identity": {"IdentitiesDealt", "DeckShuffled", "HandsDealt", "CardsDrawn"},
    "hegemony": {"CandidatesDealt", "GeneralsChosen", "DeckShuffled", "HandsDealt",
                 "CardsDrawn"},
}
#: tables played besides each kind's default: identity with generals and their skills
TABLES = {"identity+generals": ("identity", {"generals": True})}
KNOWN["identity+generals"] = KNOWN["identity"] | {"GeneralsOffered", "GeneralChosen"}
HEX32 = re.compile(r"[0-9a-f]{32}")


def hiding(game: Any, event: Any) -> bool:
    """Whether some seat or the spectator sees less of this event while the game is live."""
    data = {k: v for k, v in vars(event).items() if k not in _NOT_DATA}
    name = type(event).__name__
    return any(game.redact(name, dict(data), viewer) != data
               for viewer in [SPECTATOR, *range(len(game.players))])


@pytest.mark.parametrize("table", sorted(KNOWN))
def test_every_event_that_hides_something_is_salted(table: str) -> None:
    kind, options = TABLES.get(table, (table, None))
    hall = GameHall.from_store("memory://")
    n = registry.spec(kind).default_seats
    found: set[str] = set()
    salts: list[str] = []
    for seed, person, moves in ((1, None, 0), (2, None, 0), (3, 0, 6), (4, n - 1, 25)):
        game_id = play(hall, kind, n, random.Random(seed), person=person, person_moves=moves,
                       options=options)
        game = hall.game(game_id)
        for event in hall.history(game_id):
            if not hiding(game, event):
                continue
            name = type(event).__name__
            found.add(name)
            assert isinstance(event, Chained.SecretEvent), f"{kind} {name} hides, unsalted"
            assert HEX32.fullmatch(event.salt), (name, event.salt)
            salts.append(event.salt)
    assert KNOWN[table] <= found, KNOWN[table] - found
    assert len(set(salts)) == len(salts)  # a fresh salt every time

