"""``paiju report``: figures (PNG) and a report.md for every game kind in a store."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pandas as pd
from matplotlib.figure import Figure

from analytics import doudizhu, plots
from analytics.tables import Tables
from analytics.winrates import seat_advantage, win_rates
from domain import registry


def md_table(df: pd.DataFrame, formats: dict[str, str] | None = None) -> str:
    """A GitHub markdown table (pandas' own needs the optional ``tabulate``)."""
    formats = {"rate": "{:.1%}", "ci_low": "{:.1%}", "ci_high": "{:.1%}",
               "share": "{:.2%}", "landlord_share": "{:.1%}", **(formats or {})}
    percent = {"rate", "ci_low", "ci_high", "share", "landlord_share"}

    def cell(col: str, value: object) -> str:
        if value is None or (not isinstance(value, str) and pd.isna(value)):
            return ""
        if col in percent and isinstance(value, float) and 0 < value < 0.01:
            return f"{value:.3%}"  # rare events (springs) must not read as 0.0%
        if col in formats:
            return formats[col].format(value)
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        return str(value)

    head = "| " + " | ".join(df.columns) + " |"
    rule = "|" + "|".join("---" for _ in df.columns) + "|"
    body = ["| " + " | ".join(cell(c, v) for c, v in zip(df.columns, row, strict=True)) + " |"
            for row in df.itertuples(index=False)]
    return "\n".join([head, rule, *body])


class _Writer:
    """Collects report sections and writes each figure once, closing it."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.lines: list[str] = []
        self.files: list[Path] = []

    def text(self, *lines: str) -> None:
        self.lines.extend(lines)
        self.lines.append("")

    def table(self, df: pd.DataFrame) -> None:
        self.text(md_table(df))

    def figure(self, name: str, fig: Figure, caption: str) -> None:
        path = self.out / f"{name}.png"
        plots.save(fig, str(path))
        self.files.append(path)
        self.text(f"![{caption}]({path.name})")


def _verdict(table: pd.DataFrame) -> str:
    """One sentence per table: the extremes, and whether their intervals overlap."""
    t = table.dropna(subset=["rate"])
    if t.empty:
        return "No finished games."
    hi = t.loc[t["rate"].idxmax()]
    lo = t.loc[t["rate"].idxmin()]
    gap = "do not overlap" if hi["ci_low"] > lo["ci_high"] else "overlap"
    return (f"Highest: {hi['role']} at {hi['players']} players ({hi['rate']:.1%}, "
            f"{hi['ci_low']:.1%}–{hi['ci_high']:.1%}); lowest: {lo['role']} at "
            f"{lo['players']} players ({lo['rate']:.1%}); their 95 % intervals {gap}.")


def _kind_section(w: _Writer, t: Tables, kind: str) -> None:
    games = t.finished[t.finished["kind"] == kind]
    seats = t.seats[t.seats["kind"] == kind]
    w.text(f"## {kind}", f"{len(games)} finished games, {games['events'].sum()} events.")
    mixes = (games.groupby(["players", "policy_mix"]).size().reset_index(name="games"))
    w.table(mixes)
    pooled = win_rates(games, seats, kind=kind)
    by_side = registry.spec(kind).wins_by == "side"
    w.text("### Win rate by role", "All policy mixes pooled; a role's sample is the games "
           "it sat in (" + ("sides: the share of games each side won" if by_side
                            else "seats of one role win together") + ").")
    w.table(pooled)
    w.text(_verdict(pooled))
    mixed = win_rates(games, seats, kind=kind, by_policy=True)
    w.text("### Win rate by role and policy mix",
           "Bots of different strength change the balance; compare rows of one mix.")
    w.table(mixed)
    w.figure(f"win_rates_{kind}", plots.win_rate_figure(mixed, kind),
             f"{kind} win rates by role and policy mix")
    seat_table = seat_advantage(seats, kind=kind)
    w.text("### Seat order", "Win rate by seat number, whatever the role (dashed line: "
           "the pooled rate).")
    w.table(seat_table)
    w.figure(f"seats_{kind}", plots.seat_figure(seat_table, kind), f"{kind} win rate by seat")


def _hands_section(w: _Writer, t: Tables) -> None:
    hands = t.hands[t.hands["game_id"].isin(t.finished["game_id"])]
    sections: list[tuple[str, str, pd.DataFrame, Callable[[pd.DataFrame], Figure]]] = [
        ("Landlord win rate by bid",
         "Does the landlord win too often when bidding 1? Per policy mix (who bids what "
         "depends on the bot); escapes are left out.",
         doudizhu.landlord_win_by_bid(hands, t.finished), plots.landlord_by_bid_figure),
        ("Multipliers", "Each bomb or rocket doubles the stake, and so does a spring.",
         doudizhu.multiplier_distribution(hands),
         lambda d: plots.distribution_figure(d, "multiplier", "Dou Dizhu: final multiplier",
                                             log=True)),
        ("Bombs and rockets per hand", "", doudizhu.bombs_per_hand(hands),
         lambda d: plots.distribution_figure(d, "bombs", "Dou Dizhu: bombs + rockets per hand",
                                             log=True)),
        ("Landlord score", "What the landlord gains (positive) or pays per hand: "
         "2 × bid × multiplier either way.", doudizhu.score_distribution(hands),
         lambda d: plots.distribution_figure(d, "landlord_score",
                                             "Dou Dizhu: landlord score per hand")),
    ]
    names = ["doudizhu_landlord_by_bid", "doudizhu_multipliers", "doudizhu_bombs",
             "doudizhu_scores"]
    for name, (title, note, table, draw) in zip(names, sections, strict=True):
        w.text(f"### {title}", note) if note else w.text(f"### {title}")
        w.table(table)
        w.figure(name, draw(table), title)
    w.text("### Springs", "Spring: the peasants never played; anti-spring: the landlord "
           "played only once.")
    w.table(doudizhu.spring_rates(hands))
    order = doudizhu.bid_order_advantage(hands, t.seats)
    w.text("### Bidding order", "Position 0 bids first. `landlord_share`: how often that "
           "position ends up landlord.")
    w.table(order)
    labels = [f"position {p}" for p in order["position"]]
    w.figure("doudizhu_bid_order",
             plots.rate_bars(order, labels, "Dou Dizhu: win rate by bidding position",
                             reference=1 / 2),
             "Dou Dizhu win rate by bidding position")


#: analyses of a kind's own read-model table, by table name
TABLE_SECTIONS: dict[str, Callable[[_Writer, Tables], None]] = {
    "doudizhu_hands": _hands_section,
}


def write_report(t: Tables, out: Path | str, *, source: str = "",
                 command: str = "") -> list[Path]:
    """Write report.md and its figures into ``out``; returns every file written."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    w = _Writer(out)
    w.text("# paiju balance report")
    if command:
        w.text("Regenerate with:", "```", command, "```")
    kinds = t.kinds
    w.text(f"Store: `{source or 'unknown'}`, projected up to notification {t.position}. "
           f"Kinds: {', '.join(kinds) or 'none'}.")
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
    path = out / "report.md"
    path.write_text("\n".join(w.lines).rstrip() + "\n", encoding="utf-8")
    return [path, *w.files]
