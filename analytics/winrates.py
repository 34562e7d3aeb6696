"""Win rates by kind × player count × role, with Wilson 95 % intervals.

A role's sample is the *games* in which it sat, not its seats: two peasants or three
rebels win or lose together, so counting seats would double the evidence and narrow the
interval for nothing. Games whose outcome is judged by side (Killer: killers, police,
tie) are counted by the winning side of each game.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from domain import registry

#: the two-sided 95 % normal quantile
Z95 = 1.959963984540054



def side_kinds() -> dict[str, tuple[str, ...]]:
    """Kinds whose win rates are by the game's winning side (their specs say so), with
    the sides always listed."""
    return {s.kind: s.sides for s in registry.specs() if s.wins_by == "side"}


KEYS = ["kind", "players", "role"]
COLUMNS = [*KEYS, "games", "wins", "rate", "ci_low", "ci_high"]


def wilson_interval(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (NaN for n = 0).

    Unlike the normal (Wald) interval it stays inside [0, 1] and is sensible for rates
    near 0 or 1 and for small samples, which is where balance questions live.
    """
    if n <= 0:
        return math.nan, math.nan
    p = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= n else min(1.0, centre + half)
    return low, high


def wilson(wins: pd.Series | np.ndarray, n: pd.Series | np.ndarray,
           z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """``wilson_interval`` over arrays (the same formula, vectorised)."""
    w = np.asarray(wins, dtype="float64")
    m = np.asarray(n, dtype="float64")
    with np.errstate(divide="ignore", invalid="ignore"):
        p = w / m
        z2 = z * z
        denom = 1 + z2 / m
        centre = (p + z2 / (2 * m)) / denom
        half = z * np.sqrt(p * (1 - p) / m + z2 / (4 * m * m)) / denom
        # the bounds are exactly 0 (no wins) and 1 (all wins); say so, not 1e-19
        low = np.where(w <= 0, 0.0, np.clip(centre - half, 0.0, 1.0))
        high = np.where(w >= m, 1.0, np.clip(centre + half, 0.0, 1.0))
        low = np.where(m > 0, low, np.nan)
        high = np.where(m > 0, high, np.nan)
    return low, high


def rate_table(counts: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """Add rate and interval columns to a frame of ``games`` and ``wins`` counts."""
    out = counts.copy()
    out["games"] = out["games"].astype("int64")
    out["wins"] = out["wins"].astype("int64")
    out["rate"] = out["wins"] / out["games"].where(out["games"] > 0)
    out["ci_low"], out["ci_high"] = wilson(out["wins"], out["games"])
    return out.sort_values(keys, kind="stable").reset_index(drop=True)


def _filter(df: pd.DataFrame, kind: str | None, players: int | None) -> pd.DataFrame:
    if kind is not None:
        df = df[df["kind"] == kind]
    if players is not None:
        df = df[df["players"] == players]
    return df


def role_rates(seats: pd.DataFrame, games: pd.DataFrame | None = None, *,
               by: list[str] | None = None) -> pd.DataFrame:
    """Per role: games it sat in and games it won (any seat of the role winning)."""
    by = list(by or [])
    df = seats
    if by:
        df = df.merge(games[["game_id", *by]], on="game_id", how="left")  # type: ignore[index]
    per_game = (df.groupby(["game_id", *KEYS, *by], dropna=False, observed=True)["won"]
                .any().reset_index())
    counts = (per_game.groupby([*KEYS, *by], dropna=False, observed=True)["won"]
              .agg(games="size", wins="sum").reset_index())
    return rate_table(counts, [*KEYS[:2], *by, "role"])


def side_rates(games: pd.DataFrame, *, by: list[str] | None = None) -> pd.DataFrame:
    """Per winning side: the share of finished games that side won (ties included)."""
    by = list(by or [])
    done = games[games["ended"].notna()]
    rows = []
    for key, group in done.groupby(["kind", "players", *by], dropna=False, observed=True):
        kind = key[0]
        sides = list(side_kinds().get(kind, ()))
        sides += sorted(set(group["side"].dropna()) - set(sides))
        tally = group["side"].value_counts()
        for side in sides:
            rows.append({**dict(zip(["kind", "players", *by], key, strict=True)),
                         "role": side, "games": len(group), "wins": int(tally.get(side, 0))})
    counts = pd.DataFrame(rows, columns=[*KEYS, *by, "games", "wins"])
    return rate_table(counts, [*KEYS[:2], *by, "role"])


def win_rates(games: pd.DataFrame, seats: pd.DataFrame, *, kind: str | None = None,
              players: int | None = None, by_policy: bool = False) -> pd.DataFrame:
    """The balance table: kind, players, role, games, wins, rate, ci_low, ci_high.

    ``by_policy`` adds the table's policy mix as a key (bots of different strength
    change the answer, so designers compare like with like).
    """
    by = ["policy_mix"] if by_policy else []
    g = _filter(games, kind, players)
    s = _filter(seats, kind, players)
    parts = []
    by_side = [k for k in side_kinds() if k in set(g["kind"])]
    if by_side:
        parts.append(side_rates(g[g["kind"].isin(by_side)], by=by))
    role_seats = s[~s["kind"].isin(by_side)]
    if len(role_seats):
        parts.append(role_rates(role_seats, g, by=by))
    cols = [*KEYS[:2], *by, "role", *COLUMNS[3:]]
    if not parts:
        return pd.DataFrame(columns=cols)
    out = pd.concat(parts, ignore_index=True)[cols]
    return out.sort_values([*KEYS[:2], *by, "role"], kind="stable").reset_index(drop=True)


def seat_advantage(seats: pd.DataFrame, *, kind: str | None = None,
                   players: int | None = None) -> pd.DataFrame:
    """Win rate of each seat number: does sitting first (or last) pay, whatever the role?"""
    s = _filter(seats, kind, players)
    counts = (s.groupby(["kind", "players", "seat"], observed=True)["won"]
              .agg(games="size", wins="sum").reset_index())
    return rate_table(counts, ["kind", "players", "seat"])


def as_records(table: pd.DataFrame) -> list[dict[str, object]]:
    """JSON-ready rows (NaN → None, numpy scalars → Python)."""
    clean = table.astype(object).where(table.notna(), None)
    out = []
    for row in clean.to_dict(orient="records"):
        out.append({k: (v.item() if hasattr(v, "item") else v) for k, v in row.items()})
    return out
