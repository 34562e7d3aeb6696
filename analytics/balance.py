"""The questions designers ask, over the shared tables and whatever facts a kind records.

* Does acting first pay? ``position_rates``: win rate by position counted from the first
  to act (the lord, the first bidder), not by seat number.
* Does a role (a kingdom) win because of itself, or because it had more seats at the
  table? ``rates_by_seat_count`` and ``controlled_rates``.
* Is a general too strong? ``general_rates`` (from ``analytics.generals``, which also
  has the general × role table): per general, against what its roles (or, in Kingdom
  Wars, its side's seats) would give anyone, with a Benjamini–Hochberg verdict and the
  games a 5-point difference needs.
* How long do games last, and who dies first? ``game_length``, ``first_death``.

Every table is per kind × players × policy mix, and every
function reads only the shared ``games`` and ``seats`` columns: a kind's facts light up
here as soon as its outcome records them (``position``, ``generals``, ``kingdom``,
``death``, ``rounds``), with no change to this module.
"""

from __future__ import annotations

import pandas as pd

from analytics.generals import general_rates as general_rates  # re-exported
from analytics.generals import general_role_rates as general_role_rates  # re-exported
from analytics.significance import observed_vs_expected
from analytics.winrates import only, rate_table, seat_reference, with_mix, with_roles

MIX = ["kind", "players", "policy_mix"]


def _seats(games: pd.DataFrame, seats: pd.DataFrame, kind: str | None,
           players: int | None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Finished games with roles, and their seats with the table's policy mix."""
    g, s = with_roles(only(games, kind, players), only(seats, kind, players))
    return g, with_mix(s, g)


def position_rates(games: pd.DataFrame, seats: pd.DataFrame, *, kind: str | None = None,
                   players: int | None = None) -> pd.DataFrame:
    """Win rate by position from the first to act (0 = first), per kind × players × mix,
    with ``reference``: a random seat's win rate at that table size and mix.

    Only seats whose outcome records a position count; kinds without one are absent.
    """
    g, s = _seats(games, seats, kind, players)
    s = s[s["position"].notna()].astype({"position": "int64"})
    counts = (s.groupby([*MIX, "position"], observed=True)["won"]
              .agg(games="size", wins="sum").reset_index())
    out = rate_table(counts, [*MIX, "position"])
    return out.merge(seat_reference(g, s), on=MIX, how="left")


def _group_units(games: pd.DataFrame, seats: pd.DataFrame, column: str, kind: str | None,
                 players: int | None) -> pd.DataFrame:
    """One row per game and value of ``column`` (a role, a kingdom): how many seats had
    it, and whether it won (any of them)."""
    _, s = _seats(games, seats, kind, players)
    s = s[s[column].notna()]
    return (s.groupby(["game_id", *MIX, column], observed=True)
            .agg(seats_at_table=("won", "size"), won=("won", "any")).reset_index())


def rates_by_seat_count(games: pd.DataFrame, seats: pd.DataFrame, *, column: str = "role",
                        kind: str | None = None, players: int | None = None) -> pd.DataFrame:
    """Win rate of each ``column`` value by how many seats of it sat at the table.

    In Kingdom Wars the generals dealt decide how many seats a kingdom has; a kingdom
    with three seats of six wins far more often than one with a single seat, whatever
    the kingdom. Per kind × players × mix × value × seats_at_table.
    """
    units = _group_units(games, seats, column, kind, players)
    counts = (units.groupby([*MIX, column, "seats_at_table"], observed=True)["won"]
              .agg(games="size", wins="sum").reset_index())
    return rate_table(counts, [*MIX, column, "seats_at_table"])


def seat_count_varies(table: pd.DataFrame, column: str = "role") -> bool:
    """Whether a value of ``column`` sat at tables of one size with different numbers of
    seats (otherwise the seat count explains nothing the player count does not)."""
    if table.empty:
        return False
    spread = table.groupby([*MIX, column], observed=True)["seats_at_table"].nunique()
    return bool((spread > 1).any())


def controlled_rates(games: pd.DataFrame, seats: pd.DataFrame, *, column: str = "role",
                     kind: str | None = None, players: int | None = None) -> pd.DataFrame:
    """Each value's wins against what its seat counts would give any value.

    ``expected_rate`` is the win rate a value with the same numbers of seats at the same
    tables would have on average; ``excess`` the difference, ``q`` its
    Benjamini–Hochberg adjusted p-value among the values of one kind × players × mix,
    and ``verdict`` the reading at a 5 % false discovery rate.
    """
    units = _group_units(games, seats, column, kind, players)
    return observed_vs_expected(units, [*MIX, column], [*MIX, "seats_at_table"])


def game_length(games: pd.DataFrame, *, kind: str | None = None,
                players: int | None = None) -> pd.DataFrame:
    """How long finished games last, per kind × players × mix: events recorded (every
    kind), and rounds where the kind counts them (median and the middle 80 %)."""
    g = only(games[games["ended"].notna()], kind, players)
    rows = []
    for key, group in g.groupby(MIX, observed=True):
        row = dict(zip(MIX, key, strict=True))
        row["games"] = len(group)
        events = group["events"].dropna().astype("float64")
        row |= {"events_median": events.median(), "events_p10": events.quantile(0.1),
                "events_p90": events.quantile(0.9)}
        rounds = group["rounds"].dropna().astype("float64")  # empty: NaN throughout
        row |= {"rounds_median": rounds.median(), "rounds_p10": rounds.quantile(0.1),
                "rounds_p90": rounds.quantile(0.9)}
        rows.append(row)
    cols = [*MIX, "games", "events_median", "events_p10", "events_p90", "rounds_median",
            "rounds_p10", "rounds_p90"]
    return pd.DataFrame(rows, columns=cols)


def first_death(games: pd.DataFrame, seats: pd.DataFrame, *, kind: str | None = None,
                players: int | None = None) -> pd.DataFrame:
    """Who dies first: the share of games (with a death) whose first death had each role,
    per kind × players × mix, with Wilson intervals. Only kinds that record ``death``."""
    _, s = _seats(games, seats, kind, players)
    s = s[s["game_id"].isin(set(s.loc[s["death"].notna(), "game_id"]))]
    firsts = s[s["death"] == 1][["game_id", "role"]].rename(columns={"role": "first"})
    roles = s[[*MIX, "game_id", "role"]].drop_duplicates()
    per = roles.merge(firsts, on="game_id")
    per["died_first"] = per["role"] == per["first"]
    counts = (per.groupby([*MIX, "role"], observed=True)["died_first"]
              .agg(games="size", wins="sum").reset_index())
    return rate_table(counts, [*MIX, "role"]).rename(columns={"wins": "first_deaths"})
