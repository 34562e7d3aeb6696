"""The notebooks run, top to bottom, against small simulated stores and a missing one;
they read the store they are pointed at and write nothing to it."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

import analytics
from analytics.projection import catch_up, close_view
from service.hall import GameHall
from service.simulation import simulate
from service.store import StoreError
from service.tables import ROOT, load, resolve

NOTEBOOKS = Path(analytics.__file__).parent / "notebooks"


def run(name: str, store: str | None, cwd: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Execute a notebook in a kernel started in ``cwd``; returns all its text output."""
    if store is None:
        monkeypatch.delenv("PAIJU_STORE", raising=False)
    else:
        monkeypatch.setenv("PAIJU_STORE", store)  # the kernel inherits it
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(cwd)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    errors = [o for o in outputs if o.output_type == "error"]
    assert not errors, errors[0].get("traceback")
    run.images = sum("image/png" in o.get("data", {}) for o in outputs)  # type: ignore[attr-defined]
    return "\n".join(_text(o) for o in outputs)


def _text(output: Any) -> str:
    if output.output_type == "stream":
        return str(output.text)
    return str(output.get("data", {}).get("text/plain", ""))


def snapshot(directory: Path) -> dict[str, str]:
    """Every file of a directory and the digest of its bytes."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(directory.iterdir()) if p.is_file()}


@pytest.fixture(scope="module")
def two_kinds(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Dou Dizhu hands (two policy mixes), Killer and Kingdom Wars games, projected."""
    url = f"sqlite:///{tmp_path_factory.mktemp('nb')}/paiju.db"
    hall = GameHall.from_store(url)
    simulate(hall, "doudizhu", 30, "random", seed=21)
    simulate(hall, "doudizhu", 30, "greedy,random,random", seed=22)
    simulate(hall, "killer", 20, "informed", players=8, seed=23)
    simulate(hall, "hegemony", 4, "random", players=6, seed=24)
    catch_up(hall)
    close_view(hall)
    hall.close()
    return url


@pytest.mark.parametrize(("name", "figures"), [("win_rates", 4), ("scoring_multipliers", 5)])
def test_notebook_executes_and_writes_nothing(name: str, figures: int, two_kinds: str,
                                              tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    folder = Path(two_kinds.removeprefix("sqlite:///")).parent
    before = snapshot(folder)
    text = run(name, two_kinds, tmp_path, monkeypatch)
    assert run.images >= figures  # type: ignore[attr-defined]  # the figures were drawn
    assert "finished games" in text or "finished Dou Dizhu hands" in text
    assert snapshot(folder) == before  # the store was read, not written
    assert list(tmp_path.iterdir()) == []  # and nothing appeared where the kernel ran
    if name == "win_rates":
        # a registered kind the store holds none of is named, not silently skipped
        assert "identity: no finished games in this store" in text
        assert "killer: 20 finished games" in text
        # Kingdom Wars generals, per table size and mix; no kind with one general a seat
        assert "hegemony 6p, 6 random · skills: " in text and " generals; " in text
        assert "no kind in this store deals one general a seat" in text


def test_the_generals_section_draws_identity_generals_by_role(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path}/generals.db"
    hall = GameHall.from_store(url)
    simulate(hall, "identity", 4, "random", players=5, seed=6, options={"generals": True})
    catch_up(hall)
    close_view(hall)
    hall.close()
    text = run("win_rates", url, tmp_path, monkeypatch)
    assert "identity 5p, 5 random · generals: " in text
    assert "no kind in this store deals one general a seat" not in text


def test_a_store_without_dou_dizhu_hands_says_so(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path}/killer.db"
    hall = GameHall.from_store(url)
    simulate(hall, "killer", 5, "informed", players=8, seed=5)
    catch_up(hall)
    close_view(hall)
    hall.close()
    text = run("scoring_multipliers", url, tmp_path, monkeypatch)
    assert "no finished Dou Dizhu hands in this store" in text


def test_a_missing_store_is_named_and_not_created(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    missing = tmp_path / "nowhere" / "paiju.db"
    text = run("win_rates", f"sqlite:///{missing}", tmp_path, monkeypatch)
    assert f"no store at {missing}" in text
    assert not missing.parent.exists()  # no SQLite file, not even its folder


def test_an_unprojected_store_says_how_far_behind_it_is(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/raw.db"
    hall = GameHall.from_store(url)
    simulate(hall, "doudizhu", 3, "random", seed=1)
    newest = hall.recorder.max_notification_id()
    hall.close()
    before = snapshot(tmp_path)
    t = load(url)
    assert t.position == 0 and t.behind == newest and t.finished.empty
    assert "run `paiju project`" in t.describe()
    assert snapshot(tmp_path) == before


def test_the_store_is_found_from_the_project_root(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # wherever the kernel was started
    monkeypatch.delenv("PAIJU_STORE", raising=False)
    assert resolve() == f"sqlite:///{ROOT / 'var' / 'paiju.db'}"
    monkeypatch.setenv("PAIJU_STORE", "sqlite:///var/other.db")  # relative: to the root
    assert resolve() == f"sqlite:///{ROOT / 'var' / 'other.db'}"
    monkeypatch.setenv("PAIJU_STORE", f"sqlite:///{tmp_path}/abs.db")
    assert resolve() == f"sqlite:///{tmp_path}/abs.db"
    assert resolve("postgresql://u@h/db") == "postgresql://u@h/db"
    with pytest.raises(StoreError):
        load("nosuch://x")


def test_every_store_reads_the_same(store: str) -> None:
    hall = GameHall.from_store(store)
    simulate(hall, "doudizhu", 4, "random", seed=3)
    catch_up(hall)
    close_view(hall)
    hall.close()
    t = load(store)
    assert len(t.finished) == 4 and t.behind == 0 and len(t.seats) == 12


def test_notebooks_are_stored_without_outputs() -> None:
    for path in NOTEBOOKS.glob("*.ipynb"):
        nb = nbformat.read(path, as_version=4)
        assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), path
