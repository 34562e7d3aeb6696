"""``python -m analytics``: the analytics commands without the Flask CLI around them."""

from analytics.cli import cli

cli(prog_name="python -m analytics")
