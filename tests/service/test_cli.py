"""The paiju console script: simulate, replay and audit against a SQLite file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from service.cli import main
from service.hall import GameHall


def test_simulate_then_replay_then_audit(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path}/cli.db"
    runner = CliRunner()
    out = runner.invoke(main, ["simulate", "doudizhu", "--games", "8", "--policy", "greedy",
                               "--seed", "4", "--store", store])
    assert out.exit_code == 0, out.output
    assert "8 doudizhu games" in out.output
    game_id = re.search(r"paiju replay (\S+)", out.output).group(1)  # type: ignore[union-attr]
    hall = GameHall.from_store(store)
    assert sum(1 for _ in hall.iter_game_ids("doudizhu")) == 8
    hall.close()
    replay = runner.invoke(main, ["replay", game_id, "--at", "4", "--store", store])
    assert replay.exit_code == 0, replay.output
    assert "after event 4 of" in replay.output and "kitty:" in replay.output
    # a finished game is open to everyone, at every point of its past
    as_seat = runner.invoke(main, ["replay", game_id, "--at", "2", "--as", "1", "--store", store])
    assert as_seat.output.count("(hidden)") == 0
    # a live one shows a seat its own hand only; a viewer the game lacks is an error
    hall = GameHall.from_store(store)
    live = str(hall.create_game("doudizhu", ["a", "b", "c"]).id)
    hall.close()
    for who, hidden in (("1", 2), ("spectator", 3), ("referee", 0)):
        shown = runner.invoke(main, ["replay", live, "--as", who, "--store", store])
        assert shown.output.count("(hidden)") == hidden, shown.output
    for who in ("7", "bob"):
        refused = runner.invoke(main, ["replay", live, "--as", who, "--store", store])
        assert refused.exit_code != 0 and "is not a viewer of this game" in refused.output
    bad = runner.invoke(main, ["replay", game_id, "--at", "999", "--store", store])
    assert bad.exit_code != 0 and "at must be between" in bad.output
    audit = runner.invoke(main, ["audit", game_id, "--store", store])
    assert audit.exit_code == 0 and "AGREES" in audit.output
    listed = runner.invoke(main, ["games", "--limit", "5", "--status", "finished",
                                  "--store", store])
    assert listed.output.splitlines()[0].startswith(game_id)
    assert len(listed.output.splitlines()) == 6 and "paiju games --after" in listed.output
    assert "--status finished --limit 5" in listed.output.splitlines()[-1]  # the same filter


def test_same_seed_same_games(tmp_path: Path) -> None:
    runner = CliRunner()
    lines = []
    for name in ("a", "b"):
        out = runner.invoke(main, ["simulate", "doudizhu", "-n", "20", "--seed", "5",
                                   "--store", f"sqlite:///{tmp_path}/{name}.db"])
        lines.append(out.output.splitlines()[0].split(": ", 1)[1])
    assert lines[0] == lines[1]


def test_bad_inputs_say_why(tmp_path: Path) -> None:
    runner = CliRunner()
    out = runner.invoke(main, ["simulate", "doudizhu", "--policy", "clever",
                               "--store", f"sqlite:///{tmp_path}/x.db"])
    assert out.exit_code == 2 and "unknown doudizhu policy" in out.output
    out = runner.invoke(main, ["replay", "nope", "--store", "oracle://x"])
    assert out.exit_code == 2 and "unknown store" in out.output


def test_each_kind_simulates_with_its_own_first_policy_by_default(tmp_path: Path) -> None:
    runner = CliRunner()
    for kind, players in (("killer", "8"), ("hegemony", "4")):
        out = runner.invoke(main, ["simulate", kind, "-n", "2", "--players", players,
                                   "--store", "memory://"])
        assert out.exit_code == 0 and f"2 {kind} games" in out.output, out.output


def test_every_command_takes_the_store_even_flasks_run(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    runner = CliRunner()
    out = runner.invoke(main, ["migrate", "--store", "memory://"])
    assert out.exit_code == 0 and "no tables to set up" in out.output
    monkeypatch.delenv("PAIJU_STORE", raising=False)
    out = runner.invoke(main, ["run", "--store", "sqlite:///elsewhere.db", "--help"])
    assert out.exit_code == 0 and os.environ.get("PAIJU_STORE") == "sqlite:///elsewhere.db"
    monkeypatch.delenv("PAIJU_STORE", raising=False)
