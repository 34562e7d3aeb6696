"""The analytics commands of ``paiju``: project, report, stats win-rates, export.

The entry points of the analytics package: they open the store and hand the application
to ``analytics/`` (which imports nothing of the service). ``service.cli`` registers them.
"""

from __future__ import annotations

import contextlib
import json
import shlex
import signal
import threading
from pathlib import Path
from typing import Any

import click

from service.hall import GameHall
from service.store import StoreError, store_url

STORE = click.option(
    "--store", envvar="PAIJU_STORE", default=None,
    help="sqlite:///path.db (default sqlite:///var/paiju.db) or postgresql://user@host:port/db",
)


def _hall(store: str | None) -> GameHall:
    try:
        return GameHall.from_store(store)
    except StoreError as e:
        raise click.UsageError(str(e)) from None


def _closing(hall: GameHall) -> None:
    from analytics.projection import close_view

    close_view(hall)
    hall.close()


@click.command()
@click.option("--follow", "-f", is_flag=True,
              help="keep following the log (PostgreSQL: LISTEN/NOTIFY runner; SQLite: poll)")
@click.option("--interval", default=1.0, show_default=True,
              help="seconds between polls when following a store that cannot subscribe")
@click.option("--batch", default=1000, show_default=True,
              help="notifications per transaction when catching up")
@click.option("--rebuild", is_flag=True, help="empty the tables and project from the start")
@STORE
def project(follow: bool, interval: float, batch: int, rebuild: bool, store: str | None) -> None:
    """Bring the analytics tables up to date with the event store (exactly once)."""
    from analytics.projection import Progress, catch_up, open_view
    from analytics.projection import follow as run_follow

    hall = _hall(store)
    try:
        view = open_view(hall)
        if rebuild:
            view.reset(hall.name)
        before = view.position(hall.name)
        done = catch_up(hall, view, batch=batch)
        click.echo(f"projected {done.position - before} notifications ({done.events} used) "
                   f"in {done.seconds:.1f} s; position {done.position}")
        for skipped in done.skipped:
            click.echo(skipped.line(), err=True)
        if not follow:
            return
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
        click.echo("following the log (Ctrl-C to stop)")

        def report(p: Progress) -> None:
            click.echo(f"position {p.position}")

        with contextlib.suppress(KeyboardInterrupt):
            run_follow(hall, interval=interval, stop=stop, on_batch=report)
    finally:
        _closing(hall)


@click.command()
@click.option("--out", "-o", default="var/reports", show_default=True, type=click.Path(),
              help="directory for report.md and the PNG figures")
@click.option("--force", is_flag=True,
              help="replace report files that git tracks (the committed reports/)")
@click.option("--regenerate", default=None, hidden=True,
              help="the command line report.md gives for regenerating it")
@STORE
def report(out: str, force: bool, regenerate: str | None, store: str | None) -> None:
    """Write figures (PNG) and report.md for every game kind in the store."""
    import matplotlib

    matplotlib.use("Agg")
    from analytics.report import ReportRefused, write_report
    from analytics.tables import from_hall

    hall = _hall(store)
    try:
        tables = from_hall(hall)
    finally:
        _closing(hall)
    command = regenerate or "paiju report " + " ".join(
        shlex.quote(a) for a in ["--store", store_url(store), "--out", out])
    try:
        files = write_report(tables, Path(out), source=store_url(store), command=command,
                             force=force)
    except ReportRefused as e:
        raise click.ClickException(str(e)) from None
    for path in files:
        click.echo(str(path))


@click.group()
def stats() -> None:
    """Balance statistics from the analytics tables."""


@stats.command("win-rates")
@click.option("--kind", "-k", default=None, help="a game kind (default: every kind)")
@click.option("--players", "-p", type=int, default=None, help="only tables of this size")
@click.option("--pooled", is_flag=True,
              help="add every policy mix up (labelled so; for orientation, not verdicts)")
@click.option("--by-policy", is_flag=True, hidden=True,
              help="(the default now: every row is per policy mix)")
@click.option("--generals", is_flag=True,
              help="only the per-general table (with --json: its rows)")
@click.option("--json", "as_json", is_flag=True, help="print a JSON list of rows")
@STORE
def win_rates_command(kind: str | None, players: int | None, pooled: bool, by_policy: bool,
                      generals: bool, as_json: bool, store: str | None) -> None:
    """Win rate per kind × players × policy mix × role, with Wilson 95 % intervals; then,
    where games record generals, per general (× role where a seat has one), against what
    its roles or its side's seats give anyone, with a Benjamini–Hochberg verdict."""
    from analytics.generals import general_win_rates, with_and_without
    from analytics.tables import from_hall
    from analytics.winrates import as_records, left_out, only, win_rates

    hall = _hall(store)
    try:
        t = from_hall(hall)
    finally:
        _closing(hall)
    if generals:
        per_general = general_win_rates(t.games, t.seats, kind=kind, players=players,
                                        pooled=pooled)
        if as_json:
            click.echo(json.dumps(as_records(per_general), indent=2))
        elif per_general.empty:
            click.echo(_nothing("games with generals", kind, players)
                       + "; only games that deal generals have them (see the kind's "
                       "rules and options: paiju simulate --help, GET /kinds)")
        else:
            click.echo(_general_text(per_general))
        return
    table = win_rates(t.games, t.seats, kind=kind, players=players, pooled=pooled)
    if as_json:
        click.echo(json.dumps(as_records(table), indent=2))
        return
    if table.empty:
        click.echo(_nothing("games", kind, players))
        return
    click.echo(_text_table(table))
    for row in left_out(t.games, t.seats, kind=kind, players=players).itertuples():
        click.echo(f"left out: {row.games} {row.kind} games at {row.players} players "
                   f"({row.policy_mix}) {row.why}")
    for row in with_and_without(only(t.games, kind, players),
                                only(t.seats, kind, players)).itertuples():
        click.echo(f"note: {row.with_generals} {row.kind} games were played with generals "
                   f"and {row.without} without; each has rows of its own (mix '· generals')")
    per_general = general_win_rates(t.games, t.seats, kind=kind, players=players,
                                    pooled=pooled)
    if len(per_general):
        click.echo("\nper general (against what its roles, or its side's seats, give any "
                   "general; q: Benjamini–Hochberg per kind × players × mix):")
        click.echo(_general_text(per_general))


def _nothing(what: str, kind: str | None, players: int | None) -> str:
    return (f"no finished {what}" + (f" of {kind}" if kind else "")
            + (f" at {players} players" if players else "")
            + " in the read model (paiju project brings it up to date)")


def _text_table(table: Any) -> str:
    shown = table.copy()
    for col in ("rate", "ci_low", "ci_high"):
        shown[col] = shown[col].map(lambda v: "" if v != v else f"{v:.1%}")  # NaN-safe
    return str(shown.to_string(index=False))


def _general_text(table: Any) -> str:
    shown = table.drop(columns=["z", "p"]).copy()
    shown["expected_rate"] = shown["expected_rate"].map(lambda v: "" if v != v else f"{v:.1%}")
    shown["excess"] = shown["excess"].map(lambda v: "" if v != v else f"{v:+.1%}")
    shown["q"] = shown["q"].map(lambda v: "" if v != v else f"{v:.3g}")
    return _text_table(shown)


@click.command()
@click.option("--format", "fmt", type=click.Choice(["parquet"]), default="parquet",
              show_default=True)
@click.option("--out", "-o", required=True, type=click.Path(), help="output directory")
@click.option("--include-live", is_flag=True,
              help="export live games too: their events whole, secrets included")
@STORE
def export(fmt: str, out: str, include_live: bool, store: str | None) -> None:
    """Events and analytics tables as Parquet, partitioned by game kind (finished games)."""
    from analytics.export import export_parquet

    hall = _hall(store)
    try:
        counts = export_parquet(hall, out, include_live=include_live)
    finally:
        _closing(hall)
    for name, n in counts.items():
        click.echo(f"{name}: {n} rows → {Path(out) / name}")


#: what the service's ``paiju`` group adds: ``for c in COMMANDS: main.add_command(c)``
COMMANDS = (project, report, stats, export)
