"""Figures shared by the notebooks and ``paiju report``: each returns a matplotlib Figure.

Only the object-oriented API is used (no pyplot state), so figures can be made in a
server or a test without a display and closed deterministically.
"""

from __future__ import annotations

import io

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
              reference: float | None = None, xlabel: str = "win rate") -> Figure:
    """Horizontal bars of ``rate`` with their 95 % intervals as error bars."""
    fig = Figure(figsize=(7, 0.45 * max(len(table), 2) + 1.4), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(len(table))
    ax.barh(y, table["rate"].to_numpy(dtype=float), xerr=_errors(table), capsize=3,
            color="#4c72b0", ecolor="#333333")
    ax.set_yticks(y, labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(f"{xlabel} (bars: 95 % Wilson interval)")
    ax.set_title(title)
    if reference is not None:
        ax.axvline(reference, color="#c44e52", linestyle="--", linewidth=1)
    rows = zip(table["rate"], table["ci_high"], table["games"], strict=True)
    for yi, (rate, high, n) in enumerate(rows):
        if pd.notna(rate):
            ax.text(min(float(high) + 0.02, 0.85), yi, f"{rate:.1%}  n={n}", va="center",
                    fontsize=8)
    return fig


def win_rate_figure(table: pd.DataFrame, kind: str) -> Figure:
    """Win rate of each role (or side) per player count, optionally per policy mix."""
    parts = [table["players"].astype(str) + "p"]
    if "policy_mix" in table:
        parts.append(table["policy_mix"].astype(str))
    parts.append(table["role"].astype(str))
    labels = [" · ".join(p) for p in zip(*parts, strict=True)]
    what = "winning side" if kind in side_kinds() else "role"
    return rate_bars(table, labels, f"{kind}: win rate by {what}")


def seat_figure(table: pd.DataFrame, kind: str) -> Figure:
    labels = [f"{p}p · seat {s}" for p, s in zip(table["players"], table["seat"], strict=True)]
    # the dashed line is the pooled rate: a seat whose interval misses it is (dis)favoured
    pooled = table["wins"].sum() / max(table["games"].sum(), 1)
    return rate_bars(table, labels, f"{kind}: win rate by seat number", reference=pooled)


def landlord_by_bid_figure(table: pd.DataFrame) -> Figure:
    labels = [f"bid {b}" for b in table["bid"]]
    if "policy_mix" in table:
        labels = [f"{m} · {b}" for m, b in zip(table["policy_mix"], labels, strict=True)]
    return rate_bars(table, labels, "Dou Dizhu: landlord win rate by winning bid",
                     reference=0.5, xlabel="landlord win rate")


def distribution_figure(table: pd.DataFrame, x: str, title: str, *,
                        log: bool = False, xlabel: str | None = None) -> Figure:
    """Bars of ``share`` against a discrete value ``x`` (multiplier, bombs, score)."""
    fig = Figure(figsize=(7, 3.6), layout="constrained")
    ax = fig.add_subplot()
    labels = [f"{v:g}" if isinstance(v, float) else str(v) for v in table[x]]
    ax.bar(range(len(table)), table["share"], color="#55a868")
    ax.set_xticks(range(len(table)), labels, rotation=45 if len(table) > 10 else 0)
    ax.set_xlabel(xlabel or x)
    ax.set_ylabel("share of hands")
    if log:
        ax.set_yscale("log")
    ax.set_title(title)
    return fig


def save(fig: Figure, path: str) -> None:
    fig.savefig(path, dpi=110)


def png(fig: Figure) -> bytes:
    """The figure as PNG bytes (notebooks show them with ``IPython.display.Image``)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    return buffer.getvalue()
