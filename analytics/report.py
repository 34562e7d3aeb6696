"""``paiju report``: figures (PNG) and a report.md for every game kind in a store.

Every table and figure is per policy mix (the bots at the table decide most of what a
win rate says), every reference line is per table size, and every verdict compares rows
of one table size and one mix: nothing is pooled. The report is made in memory first,
so it can refuse, before writing anything, to overwrite files that git tracks.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pandas as pd
from matplotlib.figure import Figure

from analytics import balance, doudizhu, plots
from analytics.generals import general_rates, general_role_rates, with_and_without
from analytics.tables import Tables
from analytics.winrates import left_out, seat_advantage, seat_reference, wilson, win_rates
from domain import registry

PERCENT = {"rate", "ci_low", "ci_high", "share", "landlord_share", "reference",
           "expected_rate"}


class ReportRefused(Exception):
    """The report would overwrite files tracked by git (pass ``force`` to allow it)."""

    def __init__(self, paths: list[Path]) -> None:
        self.paths = paths
        names = ", ".join(str(p) for p in paths[:5]) + (" …" if len(paths) > 5 else "")
        super().__init__(f"{len(paths)} of the report's files are tracked by git ({names}): "
                         "write elsewhere (--out), or pass --force to replace them")


def md_table(df: pd.DataFrame, formats: dict[str, str] | None = None) -> str:
    """A GitHub markdown table (pandas' own needs the optional ``tabulate``)."""
    formats = {**{c: "{:.1%}" for c in PERCENT}, "share": "{:.2%}", "excess": "{:+.1%}",
               "p": "{:.3g}", "q": "{:.3g}", "z": "{:+.2f}", "mean_score": "{:+.2f}",
               **(formats or {})}
    if "mean_score" in df:
        formats |= {"ci_low": "{:+.2f}", "ci_high": "{:+.2f}"}

    def cell(col: str, value: object) -> str:
        if value is None or (not isinstance(value, str) and pd.isna(value)):
            return ""
        if col in PERCENT and "mean_score" not in df and isinstance(value, float) \
                and 0 < value < 0.01:
            return f"{value:.3%}"  # rare events (springs) must not read as 0.0%
        if col in formats and isinstance(value, int | float):
            return formats[col].format(value)
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        if isinstance(value, float):
            return f"{value:.1f}" if abs(value) >= 100 else f"{value:.3g}"
        return str(value)

    head = "| " + " | ".join(df.columns) + " |"
    rule = "|" + "|".join("---" for _ in df.columns) + "|"
    body = ["| " + " | ".join(cell(c, v) for c, v in zip(df.columns, row, strict=True)) + " |"
            for row in df.itertuples(index=False)]
    return "\n".join([head, rule, *body])


class _Writer:
    """Collects report sections, and each figure as PNG bytes (closed once drawn)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.files: dict[str, bytes] = {}

    def text(self, *lines: str) -> None:
        self.lines.extend(lines)
        self.lines.append("")

    def table(self, df: pd.DataFrame) -> None:
        self.text(md_table(df))

    def figure(self, name: str, fig: Figure, caption: str) -> None:
        self.files[f"{name}.png"] = plots.png(fig, dpi=110)
        self.text(f"![{caption}]({name}.png)")


def verdicts(table: pd.DataFrame, what: str = "role", name: str = "{}") -> list[str]:
    """One sentence per table size and policy mix: the extremes, and whether their 95 %
    intervals overlap. Only rows of one mix are compared (never a pooled figure)."""
    out = []
    t = table.dropna(subset=["rate"])
    for (players, mix), g in t.groupby(["players", "policy_mix"], observed=True):
        if len(g) < 2:
            continue
        hi, lo = g.loc[g["rate"].idxmax()], g.loc[g["rate"].idxmin()]
        if hi["rate"] == lo["rate"]:
            out.append(f"- {players} players, {mix}: all at {hi['rate']:.1%}.")
            continue
        gap = "do not overlap" if hi["ci_low"] > lo["ci_high"] else "overlap"
        out.append(f"- {players} players, {mix}: highest {name.format(hi[what])} "
                   f"{hi['rate']:.1%} ({hi['ci_low']:.1%}–{hi['ci_high']:.1%}, "
                   f"n={hi['games']}), lowest {name.format(lo[what])} {lo['rate']:.1%} "
                   f"({lo['ci_low']:.1%}–{lo['ci_high']:.1%}); their intervals {gap}.")
    return out


def _kind_section(w: _Writer, t: Tables, kind: str) -> None:
    games = t.finished[t.finished["kind"] == kind]
    seats = t.seats[t.seats["kind"] == kind]
    w.text(f"## {kind}", f"{len(games)} finished games, {games['events'].sum()} events.")
    w.table(games.groupby(["players", "policy_mix"]).size().reset_index(name="games"))
    for row in with_and_without(games, seats).itertuples():
        w.text(f"{row.with_generals} of these games were played with generals and "
               f"{row.without} without: each has rows of its own (the mix of a game with "
               "generals says `· generals`); the generals tables read only the former.")
    skipped = left_out(games, seats)
    if len(skipped):
        w.text("Left out of every role and seat table below (they never had roles):")
        w.table(skipped)
    _roles(w, games, seats, kind)
    _positions(w, games, seats, kind)
    _seat_counts(w, games, seats, kind)
    _generals(w, games, seats, kind)
    _length_and_deaths(w, games, seats, kind)


def _roles(w: _Writer, games: pd.DataFrame, seats: pd.DataFrame, kind: str) -> None:
    by_side = registry.spec(kind).wins_by == "side"
    rates = win_rates(games, seats, kind=kind)
    if by_side:
        w.text("### Win rate by winning side",
               "Per table size and policy mix: the share of games each side won (the "
               "shares of one row group add up to 100 %).")
    else:
        rates = rates.merge(seat_reference(games, seats),
                            on=["kind", "players", "policy_mix"], how="left")
        w.text("### Win rate by role",
               "Per table size and policy mix; a role's sample is the games it sat in "
               "(seats of one role win together). `reference`: the win rate of a seat "
               "picked at random at that table size and mix (the dashed line).")
    w.table(rates.drop(columns="kind"))
    w.figure(f"win_rates_{kind}", plots.win_rate_figure(rates, kind),
             f"{kind} win rates by {'side' if by_side else 'role'}")
    w.text(*verdicts(rates))


def _positions(w: _Writer, games: pd.DataFrame, seats: pd.DataFrame, kind: str) -> None:
    table = balance.position_rates(games, seats)
    if len(table):
        w.text("### Position from the first to act",
               "Position 0 acts first (the lord, the first bidder), then around the table; "
               "seat numbers are not an order of play. Dashed: a random seat's win rate.")
        w.table(table.drop(columns="kind"))
        w.figure(f"positions_{kind}", plots.position_figure(table, kind),
                 f"{kind} win rate by position")
        w.text(*verdicts(table, "position", "position {}"))
        return
    table = seat_advantage(games, seats)
    w.text("### Seat number",
           "This kind's outcome records no order of play, so this is the seat number only "
           "(dashed: a random seat's win rate at that table size and mix).")
    w.table(table.drop(columns="kind"))
    w.figure(f"seats_{kind}", plots.seat_figure(table, kind), f"{kind} win rate by seat")


def _grouping(seats: pd.DataFrame) -> str:
    """Kingdoms where the outcome records them, else the role."""
    return "kingdom" if seats["kingdom"].notna().any() else "role"


def _seat_counts(w: _Writer, games: pd.DataFrame, seats: pd.DataFrame, kind: str) -> None:
    if registry.spec(kind).wins_by == "side":
        return
    column = _grouping(seats)
    counts = balance.rates_by_seat_count(games, seats, column=column)
    if not balance.seat_count_varies(counts, column):
        return
    w.text(f"### Seats of a {column} at the table",
           f"How many seats a {column} had at the table decides much of its win rate; "
           "first by seat count, then each against what its seat counts would give any "
           f"{column} (`expected_rate`), with a Benjamini–Hochberg `q` over the {column}s "
           "of one table size and mix and a verdict at a 5 % false discovery rate.")
    w.table(counts.drop(columns="kind"))
    controlled = balance.controlled_rates(games, seats, column=column)
    w.table(controlled.drop(columns=["kind", "z", "p"]))
    low, high = wilson(controlled["wins"], controlled["games"])
    ranged = controlled.assign(reference=controlled["expected_rate"], ci_low=low, ci_high=high)
    w.figure(f"seat_counts_{kind}",
             plots.rate_bars(ranged, plots.labels_for(ranged, column),
                             f"{kind}: win rate by {column}",
                             note="dashed: expected from its seats at the table"),
             f"{kind} win rate by {column}, against its seat counts")


def _generals(w: _Writer, games: pd.DataFrame, seats: pd.DataFrame, kind: str) -> None:
    table = general_rates(games, seats)
    if table.empty:
        return
    two = (table["measured_against"] == "its side's seats").any()
    against = ("the win rate of seats whose side had as many seats at that table "
               "(`expected_rate`; a kingdom's chances are mostly its seat count, and head and "
               "deputy both count)" if two else
               "what the roles it was played in would give any general (`expected_rate`)")
    found = table[table["verdict"].isin(["stronger", "weaker"])]
    short = int((table["verdict"] == "too few games").sum())
    w.text("### Generals",
           f"Per table size and policy mix, each general's win rate against {against}; "
           "`q` is Benjamini–Hochberg over the generals of one table size "
           "and mix, `games_needed` the games that would show a 5-point difference "
           "(two-sided 5 %, power 80 %).",
           f"{len(table)} rows; {len(found)} differ at a 5 % false discovery rate; "
           f"{short} have fewer games than a 5-point difference needs.")
    w.table(table.drop(columns=["kind", "role", "z", "p", "measured_against"]))
    w.figure(f"generals_{kind}", plots.general_figure(table, kind) if len(table) <= 80
             else plots.general_grid_figure(table, kind), f"{kind} win rate by general")
    by_role = general_role_rates(games, seats)
    if by_role.empty:
        return
    found = by_role[by_role["verdict"].isin(["stronger", "weaker"])]
    short = int((by_role["verdict"] == "too few games").sum())
    w.text("### Generals by role",
           "A general's seats split by the role it was dealt, each against that role's win "
           "rate at the table size and mix (`expected_rate`); `q` is Benjamini–Hochberg over "
           "every general × role of one table size and mix.",
           f"{len(by_role)} general × role rows; {len(found)} differ at a 5 % false discovery "
           f"rate; {short} have fewer games than a 5-point difference needs.")
    w.table(by_role.drop(columns=["kind", "z", "p", "measured_against"]))
    w.figure(f"generals_by_role_{kind}", plots.general_role_figure(by_role, kind),
             f"{kind} win rate by general and role")


def _length_and_deaths(w: _Writer, games: pd.DataFrame, seats: pd.DataFrame,
                       kind: str) -> None:
    length = balance.game_length(games)
    if length["rounds_median"].isna().all():
        length = length.drop(columns=["rounds_median", "rounds_p10", "rounds_p90"])
    w.text("### Game length", "Events recorded per game" + (
        ", and rounds" if "rounds_median" in length else "") + ": median and the middle 80 %.")
    w.table(length.drop(columns="kind"))
    deaths = balance.first_death(games, seats)
    if len(deaths):
        w.text("### Who dies first", "The share of games whose first death had each role "
               "(of the games that role sat in).")
        w.table(deaths.drop(columns="kind"))


def _hands_section(w: _Writer, t: Tables) -> None:
    finished = t.finished
    hands = t.hands[t.hands["game_id"].isin(finished["game_id"])]
    sections: list[tuple[str, str, str, pd.DataFrame, Callable[[pd.DataFrame], Figure]]] = [
        ("doudizhu_landlord_by_bid", "Landlord win rate by bid",
         "Does the landlord win too often when bidding 1? Per policy mix and the "
         "landlord's own policy (who bids what, and how the hand is then played, depends "
         "on the bot); escapes are left out.",
         doudizhu.landlord_win_by_bid(hands, finished), plots.landlord_by_bid_figure),
        ("doudizhu_score_by_bid", "Expected score by bid",
         "What the landlord earns per hand on average after each winning bid, per policy "
         "mix and landlord policy (decided hands; the stake is 2 × bid × multiplier "
         "either way), with a 95 % interval.",
         doudizhu.expected_score_by_bid(hands, finished), plots.expected_score_figure),
        ("doudizhu_multipliers", "Multipliers",
         "Each bomb or rocket doubles the stake, and so does a spring. Shares within each mix.",
         doudizhu.multiplier_distribution(hands, finished),
         lambda d: plots.distribution_figure(d, "multiplier", "Dou Dizhu: final multiplier",
                                             log=True)),
        ("doudizhu_bombs", "Bombs and rockets per hand", "",
         doudizhu.bombs_per_hand(hands, finished),
         lambda d: plots.distribution_figure(d, "bombs", "Dou Dizhu: bombs + rockets per hand",
                                             log=True)),
        ("doudizhu_scores", "Landlord score", "What the landlord gains (positive) or pays per "
         "hand: 2 × bid × multiplier either way.",
         doudizhu.score_distribution(hands, finished),
         lambda d: plots.distribution_figure(d, "landlord_score",
                                             "Dou Dizhu: landlord score per hand")),
    ]
    for name, title, note, table, draw in sections:
        w.text(f"### {title}", note) if note else w.text(f"### {title}")
        w.table(table)
        w.figure(name, draw(table), title)
    w.text("### Springs", "Spring: the peasants never played; anti-spring: the landlord "
           "played only once.")
    w.table(doudizhu.spring_rates(hands, finished))
    order = doudizhu.bid_order_advantage(hands, t.seats, finished)
    w.text("### Bidding order", "Position 0 bids first. `landlord_share`: how often that "
           "position ends up landlord (decided hands).")
    w.table(order)


#: analyses of a kind's own read-model table, by table name
TABLE_SECTIONS: dict[str, Callable[[_Writer, Tables], None]] = {
    "doudizhu_hands": _hands_section,
}


def render(t: Tables, *, source: str = "", command: str = "") -> dict[str, bytes]:
    """The report: ``report.md`` and its figures, by file name, in memory."""
    w = _Writer()
    w.text("# paiju balance report")
    if command:
        w.text("Regenerate with:", "```", command, "```")
    kinds = t.kinds
    w.text(f"Store: `{source or 'unknown'}`, projected up to notification {t.position}. "
           f"Kinds: {', '.join(kinds) or 'none'}.")
    w.text("How to read it: every row is one table size and one policy mix (the bots at "
           "the table), because bots of different strength change a win rate more than any "
           "rule does. Figures of different mixes are never added up, dashed reference "
           "lines are per table size and mix, and each verdict compares rows of one table "
           "size and mix. These figures describe how these bots play the rules, not how "
           "people would.")
    if kinds:
        counts = t.finished.groupby("kind").agg(games=("game_id", "size"),
                                                events=("events", "sum")).reset_index()
        w.table(counts)
    for kind in kinds:
        _kind_section(w, t, kind)
        read_model = registry.spec(kind).read_model
        for table in read_model.tables if read_model else ():
            if table.name in TABLE_SECTIONS:
                TABLE_SECTIONS[table.name](w, t)
    return {"report.md": ("\n".join(w.lines).rstrip() + "\n").encode(), **w.files}


def tracked_files(directory: Path) -> set[Path]:
    """Files under ``directory`` that git tracks (none outside a repository or without
    git), as resolved paths."""
    if not directory.is_dir():
        return set()
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--full-name", "."],
                                cwd=directory, capture_output=True, check=True).stdout
        top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=directory,
                             capture_output=True, check=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return set()
    return {(Path(top) / name).resolve() for name in listed.decode().split("\0") if name}


def write_report(t: Tables, out: Path | str, *, source: str = "", command: str = "",
                 force: bool = False) -> list[Path]:
    """Write report.md and its figures into ``out``; returns every file written.

    Raises ``ReportRefused`` (and writes nothing) when a file it would replace is tracked
    by git, unless ``force``.
    """
    out = Path(out)
    files = render(t, source=source, command=command)
    if not force:
        tracked = tracked_files(out)
        clash = [out / name for name in files if (out / name).resolve() in tracked]
        if clash:
            raise ReportRefused(clash)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in files.items():
        (out / name).write_bytes(data)
        written.append(out / name)
    return written
