"""The ``paiju`` command group: Flask's, minus building the app for commands that do
not serve it.

Flask's group builds the application (and so opens the default store) before every
command it wraps, to list commands, and to look up a name it does not know. paiju's
commands open the store their ``--store`` names themselves, so ``paiju serve --store X``
or ``paiju --help`` must not create ``var/paiju.db`` on the way. Only Flask's own
``run``, ``shell`` and ``routes`` build the app (from ``PAIJU_STORE``).

"""

from __future__ import annotations

from typing import Any

import click
from flask.cli import FlaskGroup


class PaijuGroup(FlaskGroup):
    def command(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("with_appcontext", False)
        return super().command(*args, **kwargs)

    # Flask's plugin commands (``flask.commands`` entry points, such as flask-limiter's)
    # are not loaded either: they would build the app, and paiju does not offer them.
    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        return click.Group.get_command(self, ctx, name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(click.Group.list_commands(self, ctx))
