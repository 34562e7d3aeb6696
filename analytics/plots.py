"""Figures shared by the notebooks and ``paiju report``: each returns a matplotlib Figure.

Only the object-oriented API is used (no pyplot state), so figures can be made in a
server or a test without a display and closed deterministically.
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analytics.winrates import side_kinds


def _errors(table: pd.DataFrame) -> np.ndarray:
    rate = table["rate"].to_numpy(dtype=float)
    low = table["ci_low"].to_numpy(dtype=float)
    high = table["ci_high"].to_numpy(dtype=float)
    return np.vstack([rate - low, high - rate])


def rate_bars(table: pd.DataFrame, labels: list[str], title: str, *,
              reference: float | None = None, xlabel: str = "win rate",
              note: str = "") -> Figure:
    """Horizontal bars of ``rate`` with their 95 % intervals as error bars.

    The dashed reference is ``reference`` for every bar, or, when the table has a
    ``reference`` column, each bar's own (drawn as one line over the bars of a group that
    share it: a table size and policy mix), so no bar is read against an average of
    other table sizes.
    """
    fig = Figure(figsize=(7.5, 0.4 * max(len(table), 2) + 1.6), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(len(table))
    ax.barh(y, table["rate"].to_numpy(dtype=float), xerr=_errors(table), capsize=3,
            color="#4c72b0", ecolor="#333333")
    ax.set_yticks(y, labels, fontsize=8 if len(table) > 12 else 10)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(f"{xlabel} (bars: 95 % Wilson interval)")
    where = scope(table) if {"players", "policy_mix"} <= set(table.columns) else ""
    ax.set_title(title + (f" ({where})" if where else "") + (f"\n{note}" if note else ""),
                 fontsize=11)
    if reference is not None:
        ax.axvline(reference, color="#c44e52", linestyle="--", linewidth=1)
    elif "reference" in table:
        for yi, ref in enumerate(table["reference"].to_numpy(dtype=float)):
            if not np.isnan(ref):
                ax.plot([ref, ref], [yi - 0.5, yi + 0.5], color="#c44e52", linestyle="--",
                        linewidth=1.2)
    rows = zip(table["rate"], table["ci_high"], table["games"], strict=True)
    for yi, (rate, high, n) in enumerate(rows):
        if pd.notna(rate):
            ax.text(min(float(high) + 0.02, 0.85), yi, f"{rate:.1%}  n={n}", va="center",
                    fontsize=8)
    return fig


def _shared(table: pd.DataFrame) -> list[str]:
    """The columns of the group key (table size, policy mix) that every row shares."""
    return [c for c in ("players", "policy_mix") if c in table and len(table) > 1
            and table[c].nunique(dropna=False) == 1]


def scope(table: pd.DataFrame) -> str:
    """What every bar shares ("8p · 8 expert"), said once in the title, not on each bar."""
    shared = _shared(table)
    parts = [f"{table[c].iloc[0]}p" if c == "players" else str(table[c].iloc[0])
             for c in shared]
    return " · ".join(parts)


def labels_for(table: pd.DataFrame, last: str, fmt: str = "{}") -> list[str]:
    """Bar labels: table size, policy mix (unless every bar shares it), then the row's
    own value."""
    shared = _shared(table)
    parts = [table["players"].astype(str) + "p" if "players" not in shared else None,
             table["policy_mix"].astype(str) if "policy_mix" not in shared else None,
             table[last].map(fmt.format)]
    return [" · ".join(p) for p in zip(*(q for q in parts if q is not None), strict=True)]


def win_rate_figure(table: pd.DataFrame, kind: str) -> Figure:
    """Win rate of each role (or side) per player count and policy mix, against a random
    seat's win rate at that table size and mix (the ``reference`` column)."""
    if kind in side_kinds():
        return rate_bars(table, labels_for(table, "role"), f"{kind}: share of games won by side")
    return rate_bars(table, labels_for(table, "role"), f"{kind}: win rate by role",
                     note="dashed: a random seat's win rate at that table size and mix")


def position_figure(table: pd.DataFrame, kind: str, *, by: str = "position") -> Figure:
    """Win rate by position from the first to act (or by seat number)."""
    what = "position (0 = first to act)" if by == "position" else "seat number"
    return rate_bars(table, labels_for(table, by, f"{by} {{}}"), f"{kind}: win rate by {what}",
                     note="dashed: a random seat's win rate at that table size and mix")


def seat_figure(table: pd.DataFrame, kind: str) -> Figure:
    return position_figure(table, kind, by="seat")


def _bid_labels(table: pd.DataFrame) -> list[str]:
    """``mix · greedy landlord · bid 3`` (the landlord's policy where the mix has two)."""
    out = []
    for mix, policy, bid in zip(table["policy_mix"], table["landlord_policy"], table["bid"],
                                strict=True):
        single = mix.split(" ", 1)[-1] == policy  # "3 greedy": the landlord is greedy
        out.append(f"{mix} · bid {bid}" if single else f"{mix} · {policy} landlord · bid {bid}")
    return out


def landlord_by_bid_figure(table: pd.DataFrame) -> Figure:
    labels = _bid_labels(table)
    return rate_bars(table, labels, "Dou Dizhu: landlord win rate by winning bid",
                     reference=0.5, xlabel="landlord win rate")


def expected_score_figure(table: pd.DataFrame) -> Figure:
    """Mean landlord score per bid and mix, with 95 % intervals, around zero."""
    fig = Figure(figsize=(7.5, 0.4 * max(len(table), 2) + 1.6), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(len(table))
    mean = table["mean_score"].to_numpy(dtype=float)
    err = np.vstack([mean - table["ci_low"].to_numpy(dtype=float),
                     table["ci_high"].to_numpy(dtype=float) - mean])
    ax.errorbar(mean, y, xerr=err, fmt="o", color="#4c72b0", ecolor="#333333", capsize=3)
    ax.set_yticks(y, _bid_labels(table))
    ax.invert_yaxis()
    ax.axvline(0, color="#c44e52", linestyle="--", linewidth=1)
    ax.set_xlabel("mean landlord score per hand (95 % interval)")
    ax.set_title("Dou Dizhu: what the landlord earns by winning bid")
    return fig


def distribution_figure(table: pd.DataFrame, x: str, title: str, *,
                        log: bool = False, xlabel: str | None = None) -> Figure:
    """Bars of ``share`` against a discrete value ``x`` (multiplier, bombs, score), one
    colour per policy mix (shares are within the mix)."""
    fig = Figure(figsize=(7.5, 3.8), layout="constrained")
    ax = fig.add_subplot()
    values = sorted(table[x].unique().tolist())
    where = {v: i for i, v in enumerate(values)}
    mixes = list(dict.fromkeys(table["policy_mix"])) if "policy_mix" in table else [None]
    width = 0.8 / max(len(mixes), 1)
    for k, mix in enumerate(mixes):
        part = table if mix is None else table[table["policy_mix"] == mix]
        xs = np.array([where[v] for v in part[x]]) - 0.4 + width * (k + 0.5)
        ax.bar(xs, part["share"], width=width, label=mix)
    labels = [f"{v:g}" if isinstance(v, float) else str(v) for v in values]
    ax.set_xticks(range(len(values)), labels, rotation=45 if len(values) > 10 else 0)
    ax.set_xlabel(xlabel or x)
    ax.set_ylabel("share of the mix's hands")
    if log:
        ax.set_yscale("log")
    if mixes != [None]:
        ax.legend(fontsize=8, title="policy mix", title_fontsize=8)
    ax.set_title(title)
    return fig


def general_figure(table: pd.DataFrame, kind: str) -> Figure:
    """Each general's win rate against what its roles (or its side's seats) would give
    anyone (the dashed tick), per table size and policy mix."""
    labels = labels_for(table, "general")
    return rate_bars(table.assign(reference=table["expected_rate"]), labels,
                     f"{kind}: win rate by general",
                     note="dashed: expected from the roles (or side seats) it played")


def _grid(ax: Any, table: pd.DataFrame, rows: list[str], cols: list[str], row_key: str,
          col_key: str, *, row_labels: bool = True) -> Any:
    """One panel of a general grid: colour = ``excess`` (red above what was expected,
    blue below), text = rate and seats, a star where the verdict found a difference."""
    grid = np.full((len(rows), len(cols)), np.nan)
    for r, c, excess, rate, games, verdict in zip(
            table[row_key], table[col_key], table["excess"], table["rate"], table["games"],
            table["verdict"], strict=True):
        i, j = rows.index(r), cols.index(c)
        grid[i, j] = excess
        star = "*" if verdict in ("stronger", "weaker") else ""
        ax.text(j, i, f"{rate:.0%}{star}\n{games}", ha="center", va="center", fontsize=6)
    image = ax.imshow(grid, cmap="coolwarm", vmin=-0.5, vmax=0.5, aspect="auto")
    ax.set_xticks(range(len(cols)), cols, fontsize=8, rotation=30, ha="right")
    ax.set_yticks(range(len(rows)), rows if row_labels else [""] * len(rows), fontsize=7)
    return image


def general_role_figure(table: pd.DataFrame, kind: str) -> Figure:
    """A general × role grid per table size and policy mix: each cell's colour is its win
    rate minus the role's (red above, blue below), its text the rate and the seats behind
    it; a star marks a verdict at a 5 % false discovery rate."""
    groups = list(table.groupby(["players", "policy_mix"], observed=True, sort=True))
    generals = sorted(table["general"].unique().tolist())
    roles = list(dict.fromkeys(table.sort_values("expected_rate", ascending=False)["role"]))
    width = 1.3 + 1.15 * len(roles) * max(len(groups), 1)
    fig = Figure(figsize=(min(width, 16), 0.28 * len(generals) + 1.8), layout="constrained")
    axes = fig.subplots(1, max(len(groups), 1), squeeze=False)[0]
    image = None
    for ax, ((players, mix), g) in zip(axes, groups, strict=False):
        image = _grid(ax, g, generals, roles, "general", "role", row_labels=ax is axes[0])
        ax.set_title(f"{players}p · {mix}", fontsize=9)
    if image is not None:
        fig.colorbar(image, ax=list(axes), shrink=0.6, label="win rate − the role's")
    fig.suptitle(f"{kind}: win rate by general and role (cell: rate, seats; * FDR 5 %)",
                 fontsize=11)
    return fig


def general_grid_figure(table: pd.DataFrame, kind: str) -> Figure:
    """Per general (rows) and table size × policy mix (columns), for tables too long for
    bars: colour = win rate minus what was expected of it, text = rate and seats."""
    labelled = table.assign(
        group=table["players"].astype(str) + "p · " + table["policy_mix"].astype(str))
    generals = sorted(labelled["general"].unique().tolist())
    groups = list(dict.fromkeys(labelled.sort_values(["players", "policy_mix"])["group"]))
    width = min(max(6.5, 2.2 + 1.2 * len(groups)), 16)
    fig = Figure(figsize=(width, 0.24 * len(generals) + 2.2), layout="constrained")
    ax = fig.add_subplot()
    image = _grid(ax, labelled, generals, groups, "general", "group")
    fig.colorbar(image, ax=ax, shrink=0.6, label="win rate − expected")
    ax.set_title(f"{kind}: win rate by general (cell: rate, seats; * FDR 5 %)", fontsize=11)
    return fig


def save(fig: Figure, path: str) -> None:
    fig.savefig(path, dpi=110)


def png(fig: Figure, dpi: int = 100) -> bytes:
    """The figure as PNG bytes (notebooks show them with ``IPython.display.Image``)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()
