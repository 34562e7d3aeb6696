"""The commands (through click's runner) and the stats endpoints, on a small store."""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
from pathlib import Path
from uuid import UUID

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest
from analytics_support import fill
from click.testing import CliRunner

from analytics.export import schemas
from analytics.projection import catch_up, close_view
from analytics.winrates import POOLED
from domain.game import GENESIS
from service.app import create_app
from service.cli_analytics import COMMANDS, export, project, report, stats
from service.hall import GameHall


@pytest.fixture
def small_store(tmp_path: Path, coin_kind: str) -> str:
    """18 Dou Dizhu hands and 9 coin games (the test-only second kind)."""
    url = f"sqlite:///{tmp_path}/small.db"
    hall = GameHall.from_store(url)
    fill(hall, hands=18, coins=9)
    hall.close()
    return url


def test_project_catches_up_then_has_nothing_to_do(small_store: str) -> None:
    runner = CliRunner()
    first = runner.invoke(project, ["--store", small_store])
    assert first.exit_code == 0, first.output
    assert "projected" in first.output and "position" in first.output
    again = runner.invoke(project, ["--store", small_store])
    assert again.exit_code == 0 and "projected 0 notifications" in again.output
    rebuilt = runner.invoke(project, ["--store", small_store, "--rebuild"])
    assert rebuilt.output.split("(")[0] == first.output.split("(")[0]


def test_stats_win_rates_json_rows(small_store: str) -> None:
    result = CliRunner().invoke(stats, ["win-rates", "--kind", "doudizhu", "--json",
                                        "--store", small_store])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    # every row names its policy mix, and the two mixes are never added up
    assert [(r["policy_mix"], r["role"]) for r in rows] == [
        ("1 greedy + 2 random", "landlord"), ("1 greedy + 2 random", "peasant"),
        ("3 random", "landlord"), ("3 random", "peasant")]
    assert all(set(r) == {"kind", "players", "policy_mix", "role", "games", "wins", "rate",
                          "ci_low", "ci_high"} for r in rows)
    assert all(r["games"] == 9 and r["ci_low"] <= r["rate"] <= r["ci_high"] for r in rows)
    assert sum(r["wins"] for r in rows) == 18

    pooled = json.loads(CliRunner().invoke(stats, [
        "win-rates", "-k", "doudizhu", "--pooled", "--json", "--store", small_store]).output)
    assert [(r["policy_mix"], r["games"]) for r in pooled] == [(POOLED, 18), (POOLED, 18)]

    coin = json.loads(CliRunner().invoke(
        stats, ["win-rates", "-k", "coin", "-p", "3", "--json", "--store", small_store]).output)
    assert {r["role"] for r in coin} == {"caller", "field"}
    assert all(r["players"] == 3 and r["games"] == 3 for r in coin)

    text = CliRunner().invoke(stats, ["win-rates", "--store", small_store])
    assert text.exit_code == 0 and "landlord" in text.output and "caller" in text.output
    assert "policy_mix" in text.output


def test_report_writes_every_file(small_store: str, tmp_path: Path) -> None:
    out = tmp_path / "reports"
    result = CliRunner().invoke(report, ["--store", small_store, "--out", str(out)])
    assert result.exit_code == 0, result.output
    expected = {"report.md", "win_rates_doudizhu.png", "positions_doudizhu.png",
                "win_rates_coin.png", "positions_coin.png", "generals_coin.png",
                "doudizhu_landlord_by_bid.png",
                "doudizhu_score_by_bid.png", "doudizhu_multipliers.png", "doudizhu_bombs.png",
                "doudizhu_scores.png"}
    assert {p.name for p in out.iterdir()} == expected
    assert all((out / name).stat().st_size > 1000 for name in expected if name.endswith("png"))
    md = (out / "report.md").read_text()
    for name in expected - {"report.md"}:
        assert f"]({name})" in md  # every figure is in the report
    assert "## doudizhu" in md and "## coin" in md and "| landlord |" in md
    # every verdict is within one mix: no table of the report adds the mixes up
    assert POOLED not in md and "| 3 random | landlord |" in md
    # a kind's optional facts light up their sections: generals, first deaths, rounds
    coin = md[md.index("## coin"):]
    assert "### Position from the first to act" in coin and "### Generals" in coin
    assert "| heads-a |" in coin and "### Who dies first" in coin and "rounds_median" in coin


def test_report_writes_under_var_by_default(small_store: str, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(report, ["--store", small_store])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "var" / "reports" / "report.md").is_file()


def test_report_refuses_to_overwrite_files_git_tracks(small_store: str,
                                                      tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    out = repo / "reports"
    out.mkdir(parents=True)
    (out / "report.md").write_text("the committed report\n")
    (out / "notes.txt").write_text("not the report's\n")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(repo)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "reports"], check=True)

    refused = CliRunner().invoke(report, ["--store", small_store, "--out", str(out)])
    assert refused.exit_code != 0
    assert "tracked by git" in refused.output and "--force" in refused.output
    # nothing was written: the committed report is as it was, no figure appeared
    assert (out / "report.md").read_text() == "the committed report\n"
    assert {p.name for p in out.iterdir()} == {"report.md", "notes.txt"}

    forced = CliRunner().invoke(report, ["--store", small_store, "--out", str(out),
                                         "--force"])
    assert forced.exit_code == 0, forced.output
    assert (out / "report.md").read_text().startswith("# paiju balance report")
    assert (out / "notes.txt").read_text() == "not the report's\n"


def read(out: Path, name: str) -> pd.DataFrame:
    schema = pq.read_schema(out / name / "_common_metadata")
    return ds.dataset(out / name, partitioning="hive", schema=schema).to_table().to_pandas()


def test_export_parquet_partitioned_by_kind(small_store: str, tmp_path: Path) -> None:
    out = tmp_path / "parquet"
    for _ in range(2):  # a rerun replaces, never appends
        result = CliRunner().invoke(export, ["--format", "parquet", "--out", str(out),
                                             "--store", small_store])
        assert result.exit_code == 0, result.output
    hall = GameHall.from_store(small_store)
    total = hall.recorder.max_notification_id()
    hall.close()
    events = read(out, "events")
    assert len(events) == total  # every game of the store is finished
    assert set(events["kind"]) == {"doudizhu", "coin"}
    assert {p.name for p in (out / "events").iterdir()} == {
        "kind=doudizhu", "kind=coin", "_common_metadata"}
    started = events[(events["type"] == "Started") & (events["kind"] == "doudizhu")]
    assert json.loads(started["stored"].iloc[0])["players"] == ["bot0", "bot1", "bot2"]
    games = read(out, "games")
    assert len(games) == 27
    assert games["agents"].map(list).map(len).tolist() == games["players"].tolist()
    assert all(isinstance(w, np.ndarray | list) for w in games["winners"])
    seats = read(out, "seats")
    assert len(seats) == 18 * 3 + sum(2 + i % 3 for i in range(9))
    assert seats["won"].dtype == bool
    hands = read(out, "doudizhu_hands")
    assert len(hands) == 18 and set(hands["kind"]) == {"doudizhu"}


def test_the_chain_checks_from_the_export(small_store: str, tmp_path: Path) -> None:
    out = tmp_path / "parquet"
    CliRunner().invoke(export, ["--out", str(out), "--store", small_store])
    events = read(out, "events").sort_values(["originator_id", "version"])
    hall = GameHall.from_store(small_store)
    try:
        for gid, chain in events.groupby("originator_id"):
            stored = chain["stored"].tolist()
            # each event's prev is the SHA-256 of the stored bytes before it
            assert [json.loads(b)["prev"] for b in stored] == [GENESIS] + [
                hashlib.sha256(b).hexdigest() for b in stored[:-1]]
            ended = chain[chain["type"] == "GameEnded"]
            if len(ended):  # and the receipt is the digest of the end
                assert hashlib.sha256(ended["stored"].iloc[0]).hexdigest() == \
                    hall.game(UUID(gid)).view()["receipt"]
    finally:
        hall.close()


def test_export_leaves_live_games_out_unless_asked(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/live.db"
    hall = GameHall.from_store(url)
    fill(hall, hands=4)
    live = hall.create_game("doudizhu", ["ann", "bob", "cat"], rng=random.Random(3))
    hall.close()
    out = tmp_path / "parquet"
    counts = CliRunner().invoke(export, ["--out", str(out), "--store", url])
    assert counts.exit_code == 0, counts.output
    assert str(live.id) not in set(read(out, "events")["originator_id"])
    assert str(live.id) not in set(read(out, "games")["game_id"])
    assert str(live.id) not in set(read(out, "doudizhu_hands")["game_id"])
    CliRunner().invoke(export, ["--out", str(out), "--store", url, "--include-live"])
    assert str(live.id) in set(read(out, "events")["originator_id"])
    games = read(out, "games")
    assert games.loc[games["game_id"] == str(live.id), "ended"].isna().all()


def test_the_export_schema_does_not_depend_on_the_data(small_store: str,
                                                       tmp_path: Path) -> None:
    empty_store = f"sqlite:///{tmp_path}/empty.db"
    for store, out in ((empty_store, tmp_path / "empty"), (small_store, tmp_path / "full")):
        result = CliRunner().invoke(export, ["--out", str(out), "--store", store])
        assert result.exit_code == 0, result.output
    for name, schema in schemas().items():
        empty = pq.read_schema(tmp_path / "empty" / name / "_common_metadata")
        full = pq.read_schema(tmp_path / "full" / name / "_common_metadata")
        assert empty.equals(schema) and full.equals(schema), name
        # every data file holds exactly that schema (its kind is the directory's name)
        for part in (tmp_path / "full" / name).glob("kind=*/*.parquet"):
            assert pq.read_schema(part).equals(schema.remove(schema.get_field_index("kind")),
                                               check_metadata=False), part
    assert not list((tmp_path / "empty").glob("*/kind=*"))
    games = schemas()["games"]
    assert games.field("player_names").type == pa.list_(pa.string())
    assert games.field("winners").type == pa.list_(pa.int64())
    assert pa.types.is_struct(games.field("options").type)
    assert schemas()["seats"].field("generals").type == pa.list_(pa.string())
    assert schemas()["events"].field("stored").type == pa.binary()


def test_duckdb_reads_the_export(small_store: str, tmp_path: Path) -> None:
    duckdb = pytest.importorskip(
        "duckdb", reason="DuckDB is an optional extra (pip install 'paiju[duckdb]')")
    out = tmp_path / "parquet"
    CliRunner().invoke(export, ["--out", str(out), "--store", small_store])
    # the README's query: win rate per policy mix and role, straight from the files
    rows = duckdb.sql(f"""
        SELECT g.policy_mix, s.role, count(*) AS seats, avg(s.won::INT) AS win_rate
        FROM read_parquet('{out}/seats/*/*.parquet', hive_partitioning = true) s
        JOIN read_parquet('{out}/games/*/*.parquet', hive_partitioning = true) g
          USING (game_id)
        WHERE s.kind = 'doudizhu'
        GROUP BY ALL ORDER BY ALL""").fetchall()
    assert [(mix, role, n) for mix, role, n, _ in rows] == [
        ("1 greedy + 2 random", "landlord", 9), ("1 greedy + 2 random", "peasant", 18),
        ("3 random", "landlord", 9), ("3 random", "peasant", 18)]
    # and the chain, checked in SQL over the stored bytes
    broken = duckdb.sql(f"""
        WITH e AS (SELECT prev, lag(sha256(stored)) OVER (PARTITION BY originator_id
                                                           ORDER BY version) AS before
                   FROM read_parquet('{out}/events/*/*.parquet', hive_partitioning = true))
        SELECT count(*) FILTER (WHERE prev <> coalesce(before, '')) FROM e""").fetchall()
    assert broken == [(0,)]


def test_paiju_offers_every_analytics_command() -> None:
    from service.cli import main

    assert {c.name for c in COMMANDS} == {"project", "report", "stats", "export"}
    assert {c.name for c in COMMANDS} <= set(main.commands)


def test_stats_endpoints(small_store: str) -> None:
    hall = GameHall.from_store(small_store)
    app = create_app({"PAIJU_HALL": hall, "TESTING": True})
    client = app.test_client()
    try:
        # a GET only reads: before a projection run it says how far behind it is
        before = client.get("/stats/win-rates").get_json()
        assert before["as_of"] == 0 and before["behind"] > 0 and before["rows"] == []
        assert client.get("/stats/win-rates").get_json()["as_of"] == 0
        catch_up(hall)  # what `paiju project` does
        got = client.get("/stats/win-rates?kind=doudizhu")
        assert got.status_code == 200
        body = got.get_json()
        assert body["as_of"] > 0 and body["behind"] == 0
        assert [(r["policy_mix"], r["role"]) for r in body["rows"]] == [
            ("1 greedy + 2 random", "landlord"), ("1 greedy + 2 random", "peasant"),
            ("3 random", "landlord"), ("3 random", "peasant")]
        assert body["left_out"] == []
        pooled = client.get("/stats/win-rates?kind=doudizhu&pooled=true").get_json()["rows"]
        assert {r["policy_mix"] for r in pooled} == {POOLED}
        assert client.get("/stats/win-rates?kind=coin&players=4").get_json()["rows"][0][
            "games"] == 3
        assert client.get("/stats/win-rates?kind=nope").status_code == 422
        assert client.get("/stats/win-rates?players=0").status_code == 422

        mult = client.get("/stats/doudizhu/multipliers").get_json()
        assert mult["hands"] == 18
        assert sum(d["hands"] for d in mult["distribution"]) == 18
        assert {m["policy_mix"] for m in mult["mixes"]} == {"3 random", "1 greedy + 2 random"}
        assert {"bombs_per_hand", "landlord_by_bid", "expected_score_by_bid", "springs",
                "landlord_scores"} <= set(mult)
        assert all("policy_mix" in row for row in mult["landlord_by_bid"])
        assert "/stats/win-rates" in app.api_doc["paths"]
    finally:
        close_view(hall)
        hall.close()
