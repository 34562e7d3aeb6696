"""The ``paiju`` console script: Flask's click CLI with paiju's commands.

``paiju run`` (development server) comes from Flask; the rest are ours.
"""

from __future__ import annotations

import copy
import json
import os
import sys
from typing import Any

import click

from domain import registry
from domain.game import IllegalAction
from service.cli_analytics import COMMANDS
from service.cligroup import PaijuGroup
from service.hall import GameHall, NotFound
from service.render import render
from service.store import StoreError, store_url

STORE = click.option(
    "--store", envvar="PAIJU_STORE", default=None,
    help="sqlite:///path.db (default sqlite:///var/paiju.db) or postgresql://user@host:port/db",
)


def _create_app() -> Any:
    from service.app import create_app

    return create_app()


@click.group(cls=PaijuGroup, create_app=_create_app, add_version_option=False,
             load_dotenv=False)
def main() -> None:
    """paiju: event-sourced table games with replay, audit and analytics."""


def open_hall(store: str | None) -> GameHall:
    try:
        return GameHall.from_store(store)
    except StoreError as e:
        raise click.UsageError(str(e)) from None


class Kind(click.ParamType):
    """A registered kind of game, checked when the command runs (a kind registered after
    import, like the tests' toy game, is accepted too)."""

    name = "kind"

    def convert(self, value: Any, param: Any, ctx: Any) -> str:
        if value in registry.kinds():
            return str(value)
        self.fail(f"{value!r} is not a kind of game here; choose from "
                  f"{', '.join(registry.kinds())}", param, ctx)

    def get_metavar(self, param: Any, ctx: Any = None) -> str:
        return "KIND"


KIND = Kind()


@main.command()
@click.argument("kind", type=KIND)
@click.option("--games", "-n", default=100, show_default=True, help="how many games")
@click.option("--policy", "-p", default=None,
              help="a bot policy for every seat, or one per seat: random,greedy,greedy "
                   "(default: the kind's first policy, as `paiju games` kinds list them)")
@click.option("--players", type=int, default=None, help="seats (games with a choice)")
@click.option("--seed", type=int, default=None, help="same seed, same games")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="a table option of the game (repeatable)")
@click.option("--workers", "-j", type=int, default=None,
              help="processes playing and saving games (default: the machine's cores)")
@STORE
def simulate(kind: str, games: int, policy: str | None, players: int | None,
             seed: int | None, options: tuple[str, ...], workers: int | None,
             store: str | None) -> None:
    """Play bot games into the store and print a summary and a game to replay."""
    from tqdm import tqdm

    from service.simulation import default_workers
    from service.simulation import simulate as run

    opts = dict(_option(o) for o in options)
    policy = policy or next(iter(registry.spec(kind).policies))
    hall = open_hall(store)
    try:
        with tqdm(total=games, unit="game", disable=None, file=sys.stderr) as bar:
            summary = run(hall, kind, games, policy, seed=seed, players=players,
                          options=opts, progress=bar.update,
                          workers=workers or default_workers(), store=store_url(store))
    except IllegalAction as e:
        raise click.UsageError(e.message) from None
    click.echo(summary.line())
    click.echo(f"store: {store_url(store)}   replay one: paiju replay {summary.first_id}")


def _option(text: str) -> tuple[str, Any]:
    key, sep, value = text.partition("=")
    if not sep:
        raise click.UsageError(f"--option takes KEY=VALUE, not {text!r}")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


@main.command("games")
@click.option("--kind", type=KIND, default=None, help="only this kind")
@click.option("--status", type=click.Choice(["live", "finished"]), default=None)
@click.option("--limit", default=20, show_default=True)
@click.option("--after", "cursor", type=int, default=None, help="the cursor a page ended at")
@STORE
def list_games(kind: str | None, status: str | None, limit: int, cursor: int | None,
               store: str | None) -> None:
    """List games in creation order (ids to replay or audit)."""
    hall = open_hall(store)
    rows, nxt = hall.list_games(kind=kind, status=status, limit=limit, cursor=cursor)
    for r in rows:
        click.echo(f"{r['id']}  {r['kind']:<9} {r['status']:<8} {r['version']:>6} events  "
                   f"{r['created_on'][:19]}  {', '.join(r['players'])}")
    if nxt is not None:
        click.echo(f"more: paiju games --after {nxt}" + (f" --kind {kind}" if kind else "")
                   + (f" --status {status}" if status else "") + f" --limit {limit}")


@main.command()
@click.argument("game_id")
@click.option("--at", type=int, default=None, help="after event N (default: the latest)")
@click.option("--as", "viewer", default="referee", show_default=True,
              help="referee, spectator or a seat number (a finished game is open to all)")
@click.option("--json", "as_json", is_flag=True, help="print the view and moves as JSON")
@STORE
def replay(game_id: str, at: int | None, viewer: str, as_json: bool, store: str | None) -> None:
    """Print a game as it stood after event N, and its moves so far."""
    hall = open_hall(store)
    try:
        game, view = hall.view_at(game_id, viewer, at)
        _, events = hall.events_view(game_id, viewer, upto=game.version)
    except (NotFound, IllegalAction) as e:
        raise click.ClickException(str(e)) from None
    spec = registry.spec_of(game)
    if as_json:
        moves = [m.as_dict() for m in spec.narrator.moves(events, game.players)]
        click.echo(json.dumps({"view": view, "moves": moves}, indent=2, ensure_ascii=False))
        return
    click.echo(render(spec, view, events))


@main.command()
@click.argument("game_id", required=False)
@click.option("--match", "match_id", default=None,
              help="audit a whole match: every hand, one line each, and the totals")
@click.option("--receipt", default=None, help="a seat's receipt to check against the record")
@click.option("--json", "as_json", is_flag=True, help="print the report as JSON")
@STORE
def audit(game_id: str | None, match_id: str | None, receipt: str | None, as_json: bool,
          store: str | None) -> None:
    """Re-check a game (or a whole match) from its raw events: chain, rules, figures."""
    from service.audit import audit_game

    if (game_id is None) == (match_id is None):
        raise click.UsageError("name one game (paiju audit ID) or one match (--match ID)")
    hall = open_hall(store)
    try:
        report = audit_game(hall, game_id or match_id, receipt)  # type: ignore[arg-type]
    except NotFound as e:
        raise click.ClickException(str(e)) from None
    if match_id is not None and not report.is_series:
        raise click.ClickException(f"{match_id} is a {report.kind} game, not a match")
    click.echo(json.dumps(report.as_dict(), indent=2, default=str) if as_json else report.text())
    sys.exit(0 if report.agrees else 1)


def _store_into_environment(ctx: click.Context, param: click.Parameter,
                            value: str | None) -> None:
    if value:
        os.environ["PAIJU_STORE"] = value  # read when Flask's run builds the app


def _run_with_store() -> click.Command:
    """Flask's ``run``, which builds the app itself, taking ``--store`` like the rest."""
    from flask.cli import run_command

    run = copy.copy(run_command)
    run.params = [*run_command.params, click.Option(
        ["--store"], expose_value=False, is_eager=True, callback=_store_into_environment,
        help="the store, as for every paiju command (default: PAIJU_STORE)")]
    return run


def _add_commands() -> None:
    from service.migrate import migrate_command
    from service.serving import serve

    for command in (*COMMANDS, serve, migrate_command):
        main.add_command(command)
    main.add_command(_run_with_store(), "run")


_add_commands()

if __name__ == "__main__":  # pragma: no cover
    main()
