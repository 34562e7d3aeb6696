"""The designers' questions against hand-made tables whose answers are worked out by hand."""

from __future__ import annotations

import math
from typing import Any

import pandas as pd
import pytest

from analytics import balance
from analytics.significance import benjamini_hochberg, games_needed, two_sided_p, verdict


class Store:
    """Hand-made games and seats rows, in the shape of the typed tables."""

    def __init__(self) -> None:
        self.games: list[dict[str, Any]] = []
        self.seats: list[dict[str, Any]] = []

    def game(self, gid: str, kind: str, seats: list[dict[str, Any]], *, mix: str = "m",
             events: int = 10, rounds: int | None = None) -> None:
        n = len(seats)
        self.games.append({"game_id": gid, "kind": kind, "players": n, "policy_mix": mix,
                           "ended": "2026-01-01", "events": events, "rounds": rounds})
        for i, row in enumerate(seats):
            self.seats.append({"game_id": gid, "kind": kind, "players": n, "seat": i,
                               "position": None, "generals": None, "kingdom": None,
                               "death": None, **row})

    def frames(self) -> tuple[pd.DataFrame, pd.DataFrame]:
        games = pd.DataFrame(self.games)
        seats = pd.DataFrame(self.seats)
        for col in ("position", "death"):
            seats[col] = pd.array(seats[col].tolist(), dtype="Int64")
        games["rounds"] = pd.array(games["rounds"].tolist(), dtype="Int64")
        return games, seats


def seat(role: str, won: bool, **facts: Any) -> dict[str, Any]:
    return {"role": role, "won": won, **facts}


# --- statistics -------------------------------------------------------------------------
def test_benjamini_hochberg_known_values() -> None:
    # R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "BH") → 0.02 0.04 0.04 0.02
    assert benjamini_hochberg([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.02, 0.04, 0.04,
                                                                           0.02])
    # NaN is not a test: the others are adjusted as if it were absent
    q = benjamini_hochberg([0.01, math.nan, 0.04])
    assert q[0] == pytest.approx(0.02) and math.isnan(q[1]) and q[2] == pytest.approx(0.04)
    assert benjamini_hochberg([0.9, 0.8]).tolist() == [0.9, 0.9]


def test_games_needed_for_a_5_point_difference() -> None:
    # the textbook figure: 0.50 against 0.55, two-sided 5 %, power 80 % → 783 games
    assert games_needed(0.5) == 783
    # rarer wins vary less, so fewer games see the same 5 points
    assert games_needed(0.2) < games_needed(0.35) < games_needed(0.5)
    assert games_needed(0.5, 0.10) == pytest.approx(783 / 4, rel=0.03)


def test_p_values_and_verdicts() -> None:
    assert two_sided_p(1.959964) == pytest.approx(0.05, abs=1e-6)
    assert two_sided_p(0.0) == 1.0
    assert verdict(0.01, 0.07, 100, 783) == "stronger"
    assert verdict(0.01, -0.07, 100, 783) == "weaker"
    assert verdict(0.3, 0.01, 100, 783) == "too few games"
    assert verdict(0.3, 0.01, 1000, 783) == "no clear difference"


# --- position from the first to act -----------------------------------------------------
def test_position_counts_from_the_first_to_act_with_a_reference_per_table_size() -> None:
    s = Store()
    # 4 players: the lord (position 0) wins two games of three
    for gid, lord_won in (("a", True), ("b", True), ("c", False)):
        s.game(gid, "identity", [seat("lord", lord_won, position=0),
                                 seat("rebel", not lord_won, position=1),
                                 seat("rebel", not lord_won, position=2),
                                 seat("loyalist", lord_won, position=3)])
    # 3 players, positions not recorded: left out
    s.game("d", "doudizhu", [seat("landlord", True), seat("peasant", False),
                             seat("peasant", False)])
    out = balance.position_rates(*s.frames())
    assert [(r.kind, r.players, r.position, r.games, r.wins) for r in out.itertuples()] == [
        ("identity", 4, 0, 3, 2), ("identity", 4, 1, 3, 1), ("identity", 4, 2, 3, 1),
        ("identity", 4, 3, 3, 2)]
    assert set(out["reference"]) == {0.5}  # 6 of the 12 seats won


# --- kingdoms, controlled for their seats at the table ----------------------------------
def kingdom_store() -> Store:
    """Four 6-seat games; (seats of wei, shu, wu) and the winner:
    A (3, 2, 1) wei · B (1, 3, 2) shu · C (2, 1, 3) wu · D (3, 1, 2) wu."""
    s = Store()
    for gid, counts, winner in (("A", (3, 2, 1), "wei"), ("B", (1, 3, 2), "shu"),
                                ("C", (2, 1, 3), "wu"), ("D", (3, 1, 2), "wu")):
        rows = [seat(k, k == winner) for k, n in zip(("wei", "shu", "wu"), counts,
                                                      strict=True) for _ in range(n)]
        s.game(gid, "hegemony", rows)
    return s


def test_rates_by_seat_count() -> None:
    games, seats = kingdom_store().frames()
    out = balance.rates_by_seat_count(games, seats)
    got = {(r.role, r.seats_at_table): (r.games, r.wins) for r in out.itertuples()}
    assert got == {("wei", 1): (1, 0), ("wei", 2): (1, 0), ("wei", 3): (2, 1),
                   ("shu", 1): (2, 0), ("shu", 2): (1, 0), ("shu", 3): (1, 1),
                   ("wu", 1): (1, 0), ("wu", 2): (2, 1), ("wu", 3): (1, 1)}
    assert balance.seat_count_varies(out)


def test_kingdoms_controlled_for_their_seat_count() -> None:
    games, seats = kingdom_store().frames()
    out = balance.controlled_rates(games, seats).set_index("role")
    # a kingdom with 3 seats won 3 of 4 times, with 2 seats 1 of 4, with 1 seat never:
    # wei (3, 1, 2, 3 seats) is expected 0.75 + 0 + 0.25 + 0.75 = 1.75 wins, won 1
    assert out.loc["wei", ["games", "wins"]].tolist() == [4, 1]
    assert out.loc["wei", "expected_rate"] == pytest.approx(1.75 / 4)
    assert out.loc["wei", "excess"] == pytest.approx(0.25 - 1.75 / 4)
    assert out.loc["wei", "z"] == pytest.approx(-1.0)  # (1 − 1.75) / √(3 × 0.1875)
    assert out.loc["shu", "z"] == pytest.approx(0.0)  # 1 win, expected 0.25 + 0.75
    assert out.loc["wu", "z"] == pytest.approx(1.0)
    assert out.loc["wei", "p"] == pytest.approx(0.317311, abs=1e-6)
    # Benjamini–Hochberg over the three kingdoms: 0.3173 × 3 / 2
    assert out.loc["wei", "q"] == pytest.approx(0.317311 * 1.5, abs=1e-6)
    assert out.loc["shu", "q"] == pytest.approx(1.0)
    assert set(out["verdict"]) == {"too few games"}


def test_a_fixed_seat_count_explains_nothing() -> None:
    s = Store()
    for gid in ("a", "b"):
        s.game(gid, "doudizhu", [seat("landlord", True), seat("peasant", False),
                                 seat("peasant", False)])
    assert not balance.seat_count_varies(balance.rates_by_seat_count(*s.frames()))


# --- generals, against the roles they were played in -----------------------------------
def general_store() -> Store:
    """Three 4-seat identity games (lord, loyalist, rebel, rebel) and who played what."""
    s = Store()
    for gid, names, lord_won in (("g1", "ABCD", True), ("g2", "BACD", False),
                                 ("g3", "ACBD", True)):
        roles = ["lord", "loyalist", "rebel", "rebel"]
        s.game(gid, "identity", [
            seat(role, (role in ("lord", "loyalist")) == lord_won, generals=[name])
            for role, name in zip(roles, names, strict=True)])
    return s


def test_general_rates_against_their_roles() -> None:
    games, seats = general_store().frames()
    out = balance.general_rates(games, seats).set_index("general")
    # lords and loyalists won 2 of 3, rebels 2 of 6 seats
    assert out[["games", "wins"]].to_dict(orient="index") == {
        "A": {"games": 3, "wins": 2}, "B": {"games": 3, "wins": 1},
        "C": {"games": 3, "wins": 2}, "D": {"games": 3, "wins": 1}}
    # A: lord, loyalist, lord → expected 2/3 × 3 = 2 wins: exactly as expected
    assert out.loc["A", "expected_rate"] == pytest.approx(2 / 3)
    assert out.loc["A", "z"] == pytest.approx(0.0)
    # B: loyalist, lord, rebel → expected 5/3 wins, won 1: z = −(2/3) / √(6/9)
    assert out.loc["B", "expected_rate"] == pytest.approx(5 / 9)
    assert out.loc["B", "z"] == pytest.approx(-(2 / 3) / math.sqrt(6 / 9))
    assert out.loc["C", "z"] == pytest.approx((2 / 3) / math.sqrt(6 / 9))
    assert out.loc["D", "expected_rate"] == pytest.approx(1 / 3)  # a rebel every time
    assert out.loc["A", ["ci_low", "ci_high"]].tolist() == pytest.approx(
        [0.207660, 0.938508], abs=1e-6)
    assert out.loc["D", "games_needed"] == games_needed(1 / 3)
    assert set(out["verdict"]) == {"too few games"}


def test_a_seat_with_two_generals_counts_for_both() -> None:
    s = Store()
    s.game("k", "hegemony", [seat("wei", True, generals=["caocao", "xunyu"]),
                             seat("shu", False, generals=["liubei", "guanyu"])])
    out = balance.general_rates(*s.frames())
    assert sorted(zip(out["general"], out["wins"], strict=True)) == [
        ("caocao", 1), ("guanyu", 0), ("liubei", 0), ("xunyu", 1)]


def test_no_generals_no_rows() -> None:
    s = Store()
    s.game("a", "doudizhu", [seat("landlord", True), seat("peasant", False),
                             seat("peasant", False)])
    out = balance.general_rates(*s.frames())
    assert out.empty and {"general", "games", "q", "verdict"} <= set(out.columns)


# --- game length and the first death ----------------------------------------------------
def test_game_length_in_events_and_rounds() -> None:
    s = Store()
    for gid, events, rounds in (("a", 40, 2), ("b", 60, 3), ("c", 80, 4)):
        s.game(gid, "killer", [seat("killer", True), seat("civilian", False)], events=events,
               rounds=rounds)
    s.game("d", "doudizhu", [seat("landlord", True), seat("peasant", False),
                             seat("peasant", False)], events=30)
    out = balance.game_length(s.frames()[0]).set_index("kind")
    assert out.loc["killer", ["games", "events_median", "rounds_median"]].tolist() == [3, 60, 3]
    assert out.loc["killer", "events_p10"] == pytest.approx(44.0)  # 40 + 0.2 × 20
    assert out.loc["doudizhu", "events_median"] == 30
    assert pd.isna(out.loc["doudizhu", "rounds_median"])  # the kind counts no rounds


def test_who_dies_first() -> None:
    s = Store()
    roles = ["killer", "police", "civilian", "civilian"]
    for gid, first in (("a", 2), ("b", 1), ("c", 3)):
        s.game(gid, "killer", [seat(r, False, death=1 if i == first else None)
                               for i, r in enumerate(roles)])
    s.game("d", "killer", [seat(r, False) for r in roles])  # no deaths recorded: not counted
    out = balance.first_death(*s.frames()).set_index("role")
    assert out["games"].tolist() == [3, 3, 3]
    assert out["first_deaths"].to_dict() == {"civilian": 2, "killer": 0, "police": 1}
    assert out.loc["civilian", "rate"] == pytest.approx(2 / 3)
