"""The rules version in each game's first event, through a real store.

A game stored before the field existed reads as rules 1 and replays under rules 1 (with
an intact hash chain); a game whose version this code does not know is refused by name:
``UnsupportedRules`` in the domain, a 409 JSON error in the API, a one-line message from
``paiju replay``.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest
from click.testing import CliRunner

from domain import registry
from domain.adapter import canonical, seal
from domain.game import GameOver, UnsupportedRules
from domain.sanguosha.engine import RULES_VERSION
from domain.sanguosha.identity import IdentityGame
from domain.simulate import play_out
from service.app import create_app
from service.audit import audit_game
from service.cli import main
from service.hall import GameHall


def stored_rows(hall: GameHall, game: Any, first: Any) -> None:
    """Store ``game``'s events with its first row's JSON body changed by ``first``, the
    chain sealed over the bytes actually stored (as the build that wrote them did)."""
    oid = str(game.id)
    events = game.collect_events()
    rows, head = [], ""
    for i, e in enumerate(events):
        seal(e, head)
        row = hall.mapper.to_stored_event(e)
        body = canonical(e, oid)
        if i == 0:
            data = json.loads(body)
            first(data)
            body = json.dumps(data, sort_keys=True, separators=(",", ":"),
                              ensure_ascii=False).encode()
        object.__setattr__(row, "state", body)
        rows.append(row)
        head = hashlib.sha256(body).hexdigest()
    hall.recorder.insert_events(rows)


def bot_game(rules: int, seed: int = 6) -> IdentityGame:
    spec = registry.spec("identity")
    rng = random.Random(seed)
    # the first game: rules 1 and 2 knew no generals
    game = IdentityGame.new([f"p{i}" for i in range(5)], {"generals": False},
                            agents=["identity"] * 5, rng=rng, rules=rules)
    play_out(game, [spec.policies["identity"]] * 5, rng)
    return game


def without_the_field(data: dict[str, Any]) -> None:
    """The row a build before rules versions wrote: no ``rules``, class version 1."""
    del data["rules"], data["class_version"]


def test_every_kind_records_its_rules_version() -> None:
    for spec in registry.specs():
        names = [f"p{i}" for i in range(spec.default_seats)]
        game = spec.create(names, agents=[next(iter(spec.policies))] * len(names),
                           rng=random.Random(1))
        first = game.collect_events()[0]
        assert first.rules == spec.game.rules_version == game.rules
        assert json.loads(canonical(first))["class_version"] == 2
    assert registry.spec("identity").game.rules_version == RULES_VERSION == 8


def test_a_game_stored_before_rules_versions_replays_as_rules_one(hall: GameHall) -> None:
    # given: a finished bot game played under rules 1, stored as the old build stored it;
    # its last death paid a reward before the end (rules 2 would have ended it first)
    game = bot_game(1)
    assert [type(e).__name__ for e in game.pending_events][-2:] == ["RewardDrawn",
                                                                    "GameEnded"]
    stored_rows(hall, game, without_the_field)
    view = game.view("referee")  # its receipt: the digest of the end as stored
    # when: it is read back
    got = hall.game(game.id)
    # then: it is a rules-1 game, replayed to exactly the same table
    assert got.rules == 1 and got.view("referee") == view
    # then: the chain still checks over the stored bytes, and the audit agrees
    report = audit_game(hall, game.id)
    assert report.chain == [] and report.agrees, report.text()


def without_the_generals_option(data: dict[str, Any]) -> None:
    """The first row a build before the ``generals`` default wrote for the first game:
    no ``generals`` in its options."""
    del data["options"]["generals"]


def test_a_game_stored_without_the_generals_option_replays_as_the_first_game(
        hall: GameHall) -> None:
    # given: a finished first-game table stored before ``generals`` defaulted to true
    game = bot_game(3)
    assert game.options["generals"] is False
    stored_rows(hall, game, without_the_generals_option)
    view = game.view("referee")
    # when: it is read back
    got = hall.game(game.id)
    # then: the same first game (no generals), and its options say so
    assert got.options["generals"] is False and got.view("referee") == view
    assert not any(type(e).__name__ == "GeneralChosen" for e in game.pending_events)
    assert hall.game(game.id).generals == [None] * 5
    report = audit_game(hall, game.id)
    assert report.chain == [] and report.agrees, report.text()


def newer(data: dict[str, Any]) -> None:
    data["rules"] = RULES_VERSION + 1


def test_a_newer_rules_version_is_refused_by_name(hall: GameHall) -> None:
    game = IdentityGame.new(["a", "b", "c", "d"], rng=random.Random(2))
    stored_rows(hall, game, newer)
    with pytest.raises(UnsupportedRules) as refused:
        hall.game(game.id)
    assert refused.value.code == "unsupported_rules"
    assert f"rules version {RULES_VERSION + 1}" in refused.value.message
    assert not isinstance(refused.value, GameOver)


def test_the_api_and_the_cli_say_so(store: str) -> None:
    hall = GameHall.from_store(store)
    game = IdentityGame.new(["a", "b", "c", "d"], rng=random.Random(2))
    stored_rows(hall, game, newer)
    hall.close()
    app = create_app({"PAIJU_STORE": store, "SECRET_KEY": "test-secret", "TESTING": True})
    try:
        got = app.test_client().get(f"/games/{game.id}")
    finally:
        app.extensions["paiju.hall"].close()
    assert got.status_code == 409
    assert got.json["error"] == "unsupported_rules" and "rules version" in got.json["message"]
    out = CliRunner().invoke(main, ["replay", str(game.id), "--store", store])
    assert out.exit_code != 0 and "rules version" in out.output
    assert "Traceback" not in out.output and not isinstance(out.exception, UnsupportedRules)
