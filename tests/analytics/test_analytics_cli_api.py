"""The commands (through click's runner) and the stats endpoints, on a small store."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.dataset as ds
import pytest
from analytics_support import fill
from click.testing import CliRunner

from analytics.projection import catch_up, close_view
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
    assert [r["role"] for r in rows] == ["landlord", "peasant"]
    assert all(set(r) == {"kind", "players", "role", "games", "wins", "rate", "ci_low",
                          "ci_high"} for r in rows)
    assert all(r["games"] == 18 and r["ci_low"] <= r["rate"] <= r["ci_high"] for r in rows)
    assert sum(r["wins"] for r in rows) == 18

    coin = json.loads(CliRunner().invoke(
        stats, ["win-rates", "-k", "coin", "-p", "3", "--json", "--store", small_store]).output)
    assert {r["role"] for r in coin} == {"caller", "field"}
    assert all(r["players"] == 3 and r["games"] == 3 for r in coin)

    text = CliRunner().invoke(stats, ["win-rates", "--store", small_store])
    assert text.exit_code == 0 and "landlord" in text.output and "caller" in text.output


def test_report_writes_every_file(small_store: str, tmp_path: Path) -> None:
    out = tmp_path / "reports"
    result = CliRunner().invoke(report, ["--store", small_store, "--out", str(out)])
    assert result.exit_code == 0, result.output
    expected = {"report.md", "win_rates_doudizhu.png", "seats_doudizhu.png",
                "win_rates_coin.png", "seats_coin.png", "doudizhu_landlord_by_bid.png",
                "doudizhu_multipliers.png", "doudizhu_bombs.png", "doudizhu_scores.png",
                "doudizhu_bid_order.png"}
    assert {p.name for p in out.iterdir()} == expected
    assert all((out / name).stat().st_size > 1000 for name in expected if name.endswith("png"))
    md = (out / "report.md").read_text()
    for name in expected - {"report.md"}:
        assert f"]({name})" in md  # every figure is in the report
    assert "## doudizhu" in md and "## coin" in md and "| landlord |" in md


def test_export_parquet_partitioned_by_kind(small_store: str, tmp_path: Path) -> None:
    out = tmp_path / "parquet"
    for _ in range(2):  # a rerun replaces, never appends
        result = CliRunner().invoke(export, ["--format", "parquet", "--out", str(out),
                                             "--store", small_store])
        assert result.exit_code == 0, result.output
    hall = GameHall.from_store(small_store)
    total = hall.recorder.max_notification_id()
    hall.close()
    events = ds.dataset(out / "events", partitioning="hive").to_table().to_pandas()
    assert len(events) == total
    assert set(events["kind"]) == {"doudizhu", "coin"}
    assert {p.name for p in (out / "events").iterdir()} == {"kind=doudizhu", "kind=coin"}
    assert list(events.columns[:6]) == ["originator_id", "version", "notification_id", "topic",
                                        "timestamp", "state"]
    started = events[events["topic"].str.endswith("Hand.Started")]
    assert json.loads(started["state"].iloc[0])["players"] == ["bot0", "bot1", "bot2"]
    games = ds.dataset(out / "games", partitioning="hive").to_table().to_pandas()
    assert len(games) == 27
    seats = ds.dataset(out / "seats", partitioning="hive").to_table().to_pandas()
    assert len(seats) == 18 * 3 + sum(2 + i % 3 for i in range(9))
    hands = ds.dataset(out / "doudizhu_hands", partitioning="hive").to_table().to_pandas()
    assert len(hands) == 18 and set(hands["kind"]) == {"doudizhu"}


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
        assert [r["role"] for r in body["rows"]] == ["landlord", "peasant"]
        assert client.get("/stats/win-rates?kind=coin&players=4").get_json()["rows"][0][
            "games"] == 3
        assert client.get("/stats/win-rates?kind=nope").status_code == 422
        assert client.get("/stats/win-rates?players=0").status_code == 422

        mult = client.get("/stats/doudizhu/multipliers").get_json()
        assert mult["hands"] == 18
        assert sum(d["hands"] for d in mult["distribution"]) == 18
        assert {"mean_multiplier", "bombs_per_hand", "landlord_by_bid", "springs",
                "landlord_scores"} <= set(mult)
        assert "/stats/win-rates" in app.api_doc["paths"]
    finally:
        close_view(hall)
        hall.close()
