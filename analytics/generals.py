"""Is a general too strong? Per-general win rates, per kind × players × policy mix.

Two shapes, chosen by how many generals a kind's seats hold:

* **One general per seat** (identity): a general's win rate depends first on the role it
  was dealt, so the table is general × role. Each cell is measured against the role's win
  rate at that table size and mix (``expected_rate``), and ``general_rates`` adds a
  general's roles up against what they would give any general.
* **Two generals per seat** (Kingdom Wars, head and deputy; both count): the generals
  decide the kingdom, so a role column says nothing a general does not. A kingdom's
  chances are mostly how many seats it had (1, 2 or 3 seats of six win about 5 %, 33 %
  and 87 %), so each general is measured against seats whose side had as many seats at
  that table (``side_seats``), and its role column reads ``all roles``.

A general sits at most once at a table, so its seats are independent games. With dozens
of generals at once a few look strong by chance alone: ``q`` is Benjamini–Hochberg over
every row of one kind × players × mix (p exact where few wins or losses are expected),
``games_needed`` the games that would show a
5-point difference, and ``verdict`` the reading at a 5 % false discovery rate. Pooled
figures (every mix added up) carry no q and no verdict.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from analytics.significance import observed_vs_expected
from analytics.winrates import only, rate_table, with_mix, with_roles

MIX = ["kind", "players", "policy_mix"]
#: the role label of a row that adds a general's roles up (two-general kinds)
ALL_ROLES = "all roles"
#: a row expecting fewer wins (or losses) than this gets an exact p-value, not the normal
#: one: a renegade's 2 wins in 10 seats where 0.13 were expected is not a z of 5
EXACT_BELOW = 10.0
#: roles whose seats are each a side of their own (a Kingdom Wars careerist wins alone)
LONE_ROLES = frozenset({"careerist"})
#: what a pooled row says instead of a verdict
NO_VERDICT = "pooled: no verdict"
COLUMNS = [*MIX, "general", "role", "games", "wins", "rate", "ci_low", "ci_high",
           "expected_rate", "excess", "z", "p", "q", "games_needed", "verdict",
           "measured_against"]


def general_units(games: pd.DataFrame, seats: pd.DataFrame, *, kind: str | None = None,
                  players: int | None = None, pooled: bool = False) -> pd.DataFrame:
    """One row per seat and general of finished games with roles: the table keys, the
    seat's ``role``, ``won``, ``side_seats`` (seats of its role at that table; 1 for a
    role of :data:`LONE_ROLES`) and ``per_seat`` (how many generals the kind's seats
    hold)."""
    cols = [*MIX, "game_id", "seat", "role", "won", "side_seats", "per_seat", "general"]
    seats = only(seats, kind, players)
    seats = seats[seats["generals"].notna()]
    if seats.empty:
        return pd.DataFrame(columns=cols)
    g, s = with_roles(only(games, kind, players), seats)
    s = with_mix(s, g, pooled=pooled).copy()
    s["per_seat"] = s["generals"].str.len()
    s = s[s["per_seat"] > 0]
    if s.empty:
        return pd.DataFrame(columns=cols)
    s["side_seats"] = s.groupby(["game_id", "role"], observed=True)["seat"].transform("size")
    s.loc[s["role"].isin(LONE_ROLES), "side_seats"] = 1
    s["per_seat"] = s.groupby("kind", observed=True)["per_seat"].transform("max")
    units = s.explode("generals").rename(columns={"generals": "general"})
    units = units[units["general"].notna()]
    return units[cols].reset_index(drop=True)


def _measured(units: pd.DataFrame, by: list[str], strata: list[str],
              against: str) -> pd.DataFrame:
    out = observed_vs_expected(units, by, strata, family=MIX, exact_below=EXACT_BELOW)
    ranged = rate_table(out[[*by, "games", "wins"]], by)
    out = out.merge(ranged[[*by, "ci_low", "ci_high"]], on=by, how="left")
    return out.assign(measured_against=against)


def _by_role(units: pd.DataFrame, pooled: bool) -> pd.DataFrame:
    units = units[units["per_seat"] == 1]
    return _finish(_measured(units, [*MIX, "general", "role"], [*MIX, "role"], "role"),
                   pooled)


def _by_general(units: pd.DataFrame, pooled: bool) -> pd.DataFrame:
    by = [*MIX, "general"]
    parts = [_measured(units[units["per_seat"] == 1], by, [*MIX, "role"], "its roles"),
             _measured(units[units["per_seat"] > 1], by, [*MIX, "side_seats"],
                       "its side's seats")]
    kept = [p for p in parts if len(p)]
    out = pd.concat(kept, ignore_index=True) if kept else parts[0]
    return _finish(out.assign(role=ALL_ROLES), pooled)


def general_role_rates(games: pd.DataFrame, seats: pd.DataFrame, *, kind: str | None = None,
                       players: int | None = None, pooled: bool = False) -> pd.DataFrame:
    """Per general × role (kinds with one general per seat): seats, wins, rate with its
    Wilson interval, against the role's win rate at that table size and mix."""
    return _by_role(general_units(games, seats, kind=kind, players=players, pooled=pooled),
                    pooled)


def general_rates(games: pd.DataFrame, seats: pd.DataFrame, *, kind: str | None = None,
                  players: int | None = None, pooled: bool = False) -> pd.DataFrame:
    """Per general, its roles added up: against what its roles would give any general
    (one general per seat), or against seats whose side had as many seats at the table
    (two generals per seat). ``role`` reads :data:`ALL_ROLES`."""
    return _by_general(general_units(games, seats, kind=kind, players=players,
                                     pooled=pooled), pooled)


def general_win_rates(games: pd.DataFrame, seats: pd.DataFrame, *, kind: str | None = None,
                      players: int | None = None, pooled: bool = False) -> pd.DataFrame:
    """The per-general table of ``paiju stats win-rates``: general × role where a seat has
    one general (identity), per general where it has two (Kingdom Wars)."""
    units = general_units(games, seats, kind=kind, players=players, pooled=pooled)
    parts = [p for p in (_by_role(units, pooled), _by_general(units[units["per_seat"] > 1],
                                                                pooled)) if len(p)]
    if not parts:
        return _finish(pd.DataFrame(columns=COLUMNS), pooled)
    out = pd.concat(parts, ignore_index=True)
    return out.sort_values([*MIX, "general", "role"], kind="stable").reset_index(drop=True)


def with_and_without(games: pd.DataFrame, seats: pd.DataFrame) -> pd.DataFrame:
    """Kinds whose finished games were played both with generals and without (identity's
    ``generals`` option): kind, with_generals, without. The policy mix tells them apart
    (``· generals``); the report and the CLI say so."""
    done = games[games["ended"].notna()]
    have = set(seats.loc[seats["generals"].notna(), "game_id"])
    counts = done.assign(has=done["game_id"].isin(have)).groupby("kind")["has"].agg(
        with_generals="sum", games="size").reset_index()
    counts["without"] = counts["games"] - counts["with_generals"]
    both = counts[(counts["with_generals"] > 0) & (counts["without"] > 0)]
    return both[["kind", "with_generals", "without"]].reset_index(drop=True)


def _finish(out: pd.DataFrame, pooled: bool) -> pd.DataFrame:
    out = out.reindex(columns=COLUMNS)
    if pooled:  # figures of every mix added up orient; they decide nothing
        out["q"] = np.nan
        out["verdict"] = NO_VERDICT
    out["games"] = out["games"].astype("int64")
    out["wins"] = out["wins"].astype("int64")
    out["games_needed"] = out["games_needed"].astype("int64")
    return out.sort_values([*MIX, "general", "role"], kind="stable").reset_index(drop=True)
