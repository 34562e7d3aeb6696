"""End to end: bot games with generals, stored, projected, and read back per general."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from analytics.generals import ALL_ROLES, general_win_rates
from analytics.projection import catch_up, close_view, open_view, rebuild
from analytics.tables import from_hall
from service.app import create_app
from service.cli_analytics import report, stats
from service.hall import GameHall
from service.simulation import simulate


def play(url: str) -> None:
    """Identity games with generals at 5 seats (random bots), Kingdom Wars at 6."""
    hall = GameHall.from_store(url)
    try:
        simulate(hall, "identity", 6, "random", players=5, seed=31,
                 options={"generals": True})
        simulate(hall, "hegemony", 4, "random", players=6, seed=32)
    finally:
        hall.close()


def test_generals_reach_the_seats_rows_and_the_tables_add_up(store_url: str) -> None:
    play(store_url)
    hall = GameHall.from_store(store_url)
    try:
        # stop half-way, then go on with a fresh projection (nothing kept in memory): a
        # Kingdom Wars game chosen in one run and ended in the next keeps its generals
        catch_up(hall, limit=40)
        half = from_hall(hall, catch_up=False).games
        assert half.loc[half["kind"] == "hegemony", "ended"].isna().any()  # one is open
        close_view(hall)
        t = from_hall(hall)
        seats = t.seats
        ident = seats[seats["kind"] == "identity"]
        heg = seats[seats["kind"] == "hegemony"]
        assert len(ident) == 6 * 5 and len(heg) == 4 * 6
        assert ident["generals"].map(len).eq(1).all()
        assert heg["generals"].map(len).eq(2).all()
        # a general sits at most once at a table
        for _, game in seats.groupby("game_id"):
            names = [n for names in game["generals"] for n in names]
            assert len(names) == len(set(names))

        table = general_win_rates(t.games, seats)
        one = table[table["kind"] == "identity"]
        # every identity seat is in one general × role row; per role the rows add up to
        # the role's seats and wins
        assert one["games"].sum() == len(ident)
        by_role = one.groupby("role")[["games", "wins"]].sum()
        want = ident.groupby("role")["won"].agg(games="size", wins="sum")
        assert by_role.sort_index().values.tolist() == want.sort_index().values.tolist()
        assert set(one["policy_mix"]) == {"5 random · generals"} and set(one["players"]) == {5}
        two = table[table["kind"] == "hegemony"]
        assert two["games"].sum() == 2 * len(heg) and set(two["role"]) == {ALL_ROLES}
        assert two["wins"].sum() == 2 * int(heg["won"].sum())

        # a rebuild gives the same rows
        before = seats.sort_values(["game_id", "seat"])["generals"].tolist()
        rebuild(hall, open_view(hall))
        again = from_hall(hall).seats.sort_values(["game_id", "seat"])["generals"].tolist()
        assert again == before
    finally:
        close_view(hall)
        hall.close()


def test_the_commands_and_the_api_show_the_per_general_table(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/g.db"
    play(url)
    runner = CliRunner()
    out = runner.invoke(stats, ["win-rates", "--generals", "--json", "--store", url])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.output)
    assert {r["kind"] for r in rows} == {"identity", "hegemony"}
    assert all(r["policy_mix"] and r["verdict"] for r in rows)
    assert sum(r["games"] for r in rows if r["kind"] == "identity") == 30
    text = runner.invoke(stats, ["win-rates", "-k", "identity", "--store", url]).output
    assert "per general" in text and "lord" in text
    none = runner.invoke(stats, ["win-rates", "-k", "doudizhu", "--generals", "--store", url])
    assert "no finished games with generals of doudizhu" in none.output

    reports = tmp_path / "reports"
    made = runner.invoke(report, ["--store", url, "--out", str(reports)])
    assert made.exit_code == 0, made.output
    md = (reports / "report.md").read_text()
    assert "### Generals by role" in md and "(generals_by_role_identity.png)" in md
    assert (reports / "generals_hegemony.png").exists()
    assert not (reports / "generals_by_role_hegemony.png").exists()
    assert "played with generals and" not in md  # every identity game here had them

    hall = GameHall.from_store(url)
    try:
        app = create_app({"PAIJU_HALL": hall, "TESTING": True})
        catch_up(hall)
        got = app.test_client().get("/stats/win-rates?kind=identity").get_json()
        assert got["generals"] and {r["kind"] for r in got["generals"]} == {"identity"}
        assert sum(r["games"] for r in got["generals"]) == 30
    finally:
        close_view(hall)
        hall.close()


def test_a_store_with_and_without_generals_says_so(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/both.db"
    hall = GameHall.from_store(url)
    try:
        simulate(hall, "identity", 2, "random", players=5, seed=34, options={"generals": False})
        simulate(hall, "identity", 3, "random", players=5, seed=35, options={"generals": True})
    finally:
        hall.close()
    reports = tmp_path / "reports"
    assert CliRunner().invoke(report, ["--store", url, "--out", str(reports)]).exit_code == 0
    md = (reports / "report.md").read_text()
    assert "3 of these games were played with generals and 2 without" in md
    text = CliRunner().invoke(stats, ["win-rates", "--store", url]).output
    assert "note: 3 identity games were played with generals and 2 without" in text


def test_a_store_without_generals_reports_none(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/plain.db"
    hall = GameHall.from_store(url)
    try:
        simulate(hall, "identity", 2, "random", players=5, seed=33, options={"generals": False})
        t = from_hall(hall)
        assert t.seats["generals"].isna().all()
        assert general_win_rates(t.games, t.seats).empty
    finally:
        close_view(hall)
        hall.close()
    reports = tmp_path / "reports"
    assert CliRunner().invoke(report, ["--store", url, "--out", str(reports)]).exit_code == 0
    assert "### Generals" not in (reports / "report.md").read_text()
