"""Win rates by kind × player count × policy mix × role, with Wilson 95 % intervals.

A role's sample is the *games* in which it sat, not its seats: two peasants or three
rebels win or lose together, so counting seats would double the evidence and narrow the
interval for nothing. Games whose outcome is judged by side (Killer: killers, police,
tie) are counted by the winning side of each game. Every row names its policy mix (the
bots at the table); games that ended before roles were given are counted apart.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from domain import registry
from domain.game import NO_ROLE

#: the two-sided 95 % normal quantile
Z95 = 1.959963984540054


def side_kinds() -> dict[str, tuple[str, ...]]:
    """Kinds whose win rates are by the game's winning side (their specs say so), with
    the sides always listed."""
    return {s.kind: s.sides for s in registry.specs() if s.wins_by == "side"}


KEYS = ["kind", "players", "policy_mix", "role"]
COLUMNS = [*KEYS, "games", "wins", "rate", "ci_low", "ci_high"]
#: the policy-mix label of figures that add every mix up: for orientation, never a verdict
POOLED = "all mixes (pooled)"


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


def only(df: pd.DataFrame, kind: str | None, players: int | None) -> pd.DataFrame:
    """The rows of one kind and table size (None: all)."""
    if kind is not None:
        df = df[df["kind"] == kind]
    if players is not None:
        df = df[df["players"] == players]
    return df


def with_mix(seats: pd.DataFrame, games: pd.DataFrame, *, pooled: bool = False) -> pd.DataFrame:
    """Seats with their table's ``policy_mix`` (or the :data:`POOLED` label)."""
    if pooled:
        return seats.assign(policy_mix=POOLED)
    if "policy_mix" in seats:
        return seats
    return seats.merge(games[["game_id", "policy_mix"]], on="game_id", how="left")


def roleless(seats: pd.DataFrame) -> pd.Series:
    """Game ids of games that ended before every seat had a role (a Dou Dizhu hand
    escaped during the bidding): they answer no question about roles."""
    missing = seats["role"].isna() | (seats["role"] == NO_ROLE)
    return pd.Series(seats.loc[missing, "game_id"].unique(), dtype=object)


def with_roles(games: pd.DataFrame, seats: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Finished games (and their seats) in which every seat got a role."""
    done = games[games["ended"].notna()] if "ended" in games else games
    out = set(roleless(seats))
    done = done[~done["game_id"].isin(out)]
    return done, seats[seats["game_id"].isin(set(done["game_id"]))]


def left_out(games: pd.DataFrame, seats: pd.DataFrame, *, kind: str | None = None,
             players: int | None = None) -> pd.DataFrame:
    """Finished games the role tables leave out, per kind × players × mix: the separate
    line that says how many there were (no headline reads it)."""
    g = only(games[games["ended"].notna()], kind, players)
    g = g[g["game_id"].isin(set(roleless(seats)))]
    counts = (g.groupby(["kind", "players", "policy_mix"], observed=True).size()
              .reset_index(name="games"))
    counts["why"] = "ended before roles were given"
    return counts


def role_rates(seats: pd.DataFrame, games: pd.DataFrame, *, pooled: bool = False
               ) -> pd.DataFrame:
    """Per role and policy mix: games it sat in and games it won (any seat of the role
    winning)."""
    df = with_mix(seats, games, pooled=pooled)
    per_game = (df.groupby(["game_id", *KEYS], dropna=False, observed=True)["won"]
                .any().reset_index())
    counts = (per_game.groupby(KEYS, dropna=False, observed=True)["won"]
              .agg(games="size", wins="sum").reset_index())
    return rate_table(counts, KEYS)


def side_rates(games: pd.DataFrame, *, pooled: bool = False) -> pd.DataFrame:
    """Per winning side and policy mix: the share of finished games that side won (ties
    included)."""
    done = games[games["ended"].notna()]
    if pooled:
        done = done.assign(policy_mix=POOLED)
    rows = []
    for key, group in done.groupby(["kind", "players", "policy_mix"], dropna=False,
                                   observed=True):
        kind = key[0]
        sides = list(side_kinds().get(kind, ()))
        sides += sorted(set(group["side"].dropna()) - set(sides))
        tally = group["side"].value_counts()
        for side in sides:
            rows.append({**dict(zip(KEYS[:3], key, strict=True)), "role": side,
                         "games": len(group), "wins": int(tally.get(side, 0))})
    counts = pd.DataFrame(rows, columns=[*KEYS, "games", "wins"])
    return rate_table(counts, KEYS)


def win_rates(games: pd.DataFrame, seats: pd.DataFrame, *, kind: str | None = None,
              players: int | None = None, pooled: bool = False) -> pd.DataFrame:
    """The balance table: kind, players, policy_mix, role, games, wins, rate, ci_low,
    ci_high.

    One row per policy mix: bots of different strength change the answer more than
    anything else, so rows of different mixes are never added up unless ``pooled`` is
    asked for, and then the mix column says :data:`POOLED`. Games that ended before
    roles were given are left out (``left_out`` counts them).
    """
    g, s = with_roles(only(games, kind, players), only(seats, kind, players))
    parts = []
    by_side = [k for k in side_kinds() if k in set(g["kind"])]
    if by_side:
        parts.append(side_rates(g[g["kind"].isin(by_side)], pooled=pooled))
    role_seats = s[~s["kind"].isin(by_side)]
    if len(role_seats):
        parts.append(role_rates(role_seats, g, pooled=pooled))
    if not parts:
        return pd.DataFrame(columns=COLUMNS)
    out = pd.concat(parts, ignore_index=True)[COLUMNS]
    return out.sort_values(KEYS, kind="stable").reset_index(drop=True)


def seat_reference(games: pd.DataFrame, seats: pd.DataFrame, *,
                   pooled: bool = False) -> pd.DataFrame:
    """The win rate of a seat picked at random, per kind × players × policy mix: the
    reference line a role or a position is measured against (it differs with the
    player count, so it is never averaged over player counts)."""
    g, s = with_roles(games, seats)
    s = with_mix(s, g, pooled=pooled)
    return (s.groupby(KEYS[:3], observed=True)["won"].mean()
            .rename("reference").reset_index())


def seat_advantage(games: pd.DataFrame, seats: pd.DataFrame, *, kind: str | None = None,
                   players: int | None = None) -> pd.DataFrame:
    """Win rate of each seat number per policy mix, whatever the role, with the
    reference of its player count. A seat number is not an order of play in most kinds
    (see ``analytics.balance.position_rates`` for that)."""
    g, s = with_roles(only(games, kind, players), only(seats, kind, players))
    s = with_mix(s, g)
    counts = (s.groupby([*KEYS[:3], "seat"], observed=True)["won"]
              .agg(games="size", wins="sum").reset_index())
    out = rate_table(counts, [*KEYS[:3], "seat"])
    return out.merge(seat_reference(g, s), on=KEYS[:3], how="left")


def as_records(table: pd.DataFrame) -> list[dict[str, object]]:
    """JSON-ready rows (NaN → None, numpy scalars → Python)."""
    clean = table.astype(object).where(table.notna(), None)
    out = []
    for row in clean.to_dict(orient="records"):
        out.append({k: (v.item() if hasattr(v, "item") else v) for k, v in row.items()})
    return out
