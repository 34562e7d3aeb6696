"""Processes end when they should: simulation workers with their parent (even on its
SIGKILL), and no command opens a store it was not given."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from service.cli import main


def children_of(pid: int) -> set[int]:
    """Processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_simulation_workers_die_with_a_killed_parent(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path}/sim.db"
    parent = subprocess.Popen(
        [sys.executable, "-c", "from service.cli import main; main()", "simulate", "killer",
         "--players", "12", "--games", "100000", "--policy", "uniform-random",
         "--workers", "2", "--store", store],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2:
            assert time.monotonic() < deadline, "the workers did not start"
            assert parent.poll() is None
            time.sleep(0.2)
            workers = children_of(parent.pid)
        time.sleep(1.0)  # playing and saving
        parent.send_signal(signal.SIGKILL)  # no handler, no cleanup: the hard case
        parent.wait(timeout=10)
        deadline = time.monotonic() + 10
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [w for w in workers if alive(w)], "workers outlived their parent"
    finally:
        if parent.poll() is None:
            parent.kill()
        for w in workers:  # whatever the outcome, nothing of this test runs on
            if alive(w):
                os.kill(w, signal.SIGKILL)


def test_commands_open_only_the_store_they_are_given(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PAIJU_STORE", raising=False)
    store = f"sqlite:///{tmp_path}/given.db"
    runner = CliRunner()
    assert runner.invoke(main, ["--help"]).exit_code == 0
    out = runner.invoke(main, ["simulate", "doudizhu", "-n", "2", "--store", store])
    assert out.exit_code == 0, out.output
    out = runner.invoke(main, ["games", "--store", store])
    assert out.exit_code == 0, out.output
    assert runner.invoke(main, ["migrate", "--store", store]).output.endswith(
        "already set up (schema mark paiju-3)\n")
    assert (tmp_path / "given.db").exists()
    assert not (tmp_path / "var").exists()  # no default store was opened on the way
