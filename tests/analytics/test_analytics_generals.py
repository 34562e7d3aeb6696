"""Per-general win rates against hand-made tables whose answers are worked out by hand."""

from __future__ import annotations

import math
from typing import Any

import pandas as pd
import pytest

from analytics import generals as g
from analytics.significance import benjamini_hochberg, exact_p, games_needed
from analytics.winrates import POOLED

ROLES4 = ["lord", "loyalist", "rebel", "renegade"]


class Store:
    """Games and seats rows in the shape of the typed tables (``generals`` a list)."""

    def __init__(self) -> None:
        self.games: list[dict[str, Any]] = []
        self.seats: list[dict[str, Any]] = []

    def game(self, gid: str, kind: str, seats: list[tuple[str, bool, list[str] | None]],
             *, mix: str = "m") -> None:
        n = len(seats)
        self.games.append({"game_id": gid, "kind": kind, "players": n, "policy_mix": mix,
                           "ended": "2026-01-01", "events": 10})
        for i, (role, won, names) in enumerate(seats):
            self.seats.append({"game_id": gid, "kind": kind, "players": n, "seat": i,
                               "role": role, "won": won, "generals": names})

    def frames(self) -> tuple[pd.DataFrame, pd.DataFrame]:
        return pd.DataFrame(self.games), pd.DataFrame(self.seats)


def identity(s: Store, gid: str, names: str, winners: str, *, mix: str = "m",
             roles: list[str] = ROLES4) -> None:
    """One identity game: ``names`` the seats' generals in role order, ``winners`` the
    roles that won (as their first letters: l=lord, o=loyalist, r=rebel, n=renegade)."""
    letter = {"lord": "l", "loyalist": "o", "rebel": "r", "renegade": "n"}
    s.game(gid, "identity", [(role, letter[role] in winners, [name])
                             for role, name in zip(roles, names, strict=True)], mix=mix)


def four_games() -> Store:
    """Four 4-seat games of mix m (lords and loyalists won 2 of 4, rebels and the
    renegade 1 of 4), one of mix n, and one 5-seat game of mix m."""
    s = Store()
    identity(s, "g1", "ABCD", "lo")
    identity(s, "g2", "BACD", "r")
    identity(s, "g3", "ACBD", "lo")
    identity(s, "g4", "CBAD", "n")
    identity(s, "x1", "ABCD", "r", mix="n")
    identity(s, "f1", "ABCED", "lo", roles=["lord", "loyalist", "rebel", "rebel", "renegade"])
    return s


def test_general_by_role_against_the_roles_rate_at_its_table_size_and_mix() -> None:
    out = g.general_role_rates(*four_games().frames())
    m4 = out[(out["players"] == 4) & (out["policy_mix"] == "m")]
    got = {(r.general, r.role): (r.games, r.wins, r.expected_rate) for r in m4.itertuples()}
    assert got == {
        ("A", "lord"): (2, 2, 0.5), ("A", "loyalist"): (1, 0, 0.5), ("A", "rebel"): (1, 0, 0.25),
        ("B", "lord"): (1, 0, 0.5), ("B", "loyalist"): (2, 1, 0.5), ("B", "rebel"): (1, 0, 0.25),
        ("C", "lord"): (1, 0, 0.5), ("C", "loyalist"): (1, 1, 0.5), ("C", "rebel"): (2, 1, 0.25),
        ("D", "renegade"): (4, 1, 0.25)}
    a = m4.set_index(["general", "role"]).loc[("A", "lord")]
    assert a["rate"] == 1.0 and a["excess"] == pytest.approx(0.5)
    assert a["z"] == pytest.approx(1 / math.sqrt(0.5))  # (2 − 1) / √(2 × 0.25)
    # one win expected: the exact binomial (2, ½) test, not the normal one: P(0) + P(2)
    assert a["p"] == pytest.approx(0.5)
    assert [a["ci_low"], a["ci_high"]] == pytest.approx([0.342380, 1.0], abs=1e-6)
    assert a["games_needed"] == games_needed(0.5)
    d = m4.set_index(["general", "role"]).loc[("D", "renegade")]
    assert d["z"] == pytest.approx(0.0) and d["p"] == pytest.approx(1.0)
    # Benjamini–Hochberg over every general × role of one table size and mix
    assert m4["q"].tolist() == pytest.approx(benjamini_hochberg(m4["p"]).tolist())
    assert set(out["verdict"]) == {"too few games"}
    assert set(out["measured_against"]) == {"role"}


def test_table_sizes_and_mixes_are_never_added_up() -> None:
    out = g.general_role_rates(*four_games().frames()).set_index(
        ["players", "policy_mix", "general", "role"])
    # A as lord: 2 of 2 at 4 seats in mix m, 0 of 1 in mix n, 1 of 1 at 5 seats
    assert out.loc[(4, "n", "A", "lord"), ["games", "wins"]].tolist() == [1, 0]
    assert out.loc[(4, "n", "A", "lord"), "expected_rate"] == 0.0
    assert out.loc[(5, "m", "A", "lord"), ["games", "wins"]].tolist() == [1, 1]
    # the two rebels of the 5-seat game are two seats of two generals
    assert out.loc[(5, "m", "C", "rebel"), "games"] == 1
    assert out.loc[(5, "m", "E", "rebel"), "games"] == 1
    # every seat is in exactly one row
    assert out["games"].sum() == 4 * 5 + 5


def test_pooled_rows_say_so_and_give_no_verdict() -> None:
    out = g.general_role_rates(*four_games().frames(), pooled=True)
    assert set(out["policy_mix"]) == {POOLED}
    assert set(out["verdict"]) == {g.NO_VERDICT} and out["q"].isna().all()
    lord_a = out[(out["players"] == 4) & (out["general"] == "A") & (out["role"] == "lord")]
    assert lord_a[["games", "wins"]].values.tolist() == [[3, 2]]  # m and n together


def test_a_general_that_wins_too_often_as_lord_is_found() -> None:
    s = Store()
    for i in range(100):  # X as lord wins 90 of 100, Y as lord 10 of 100: lords win ½
        identity(s, f"x{i}", "XLRN", "lo" if i < 90 else "r")
        identity(s, f"y{i}", "YLRN", "lo" if i < 10 else "r")
    out = g.general_role_rates(*s.frames()).set_index(["general", "role"])
    assert out.loc[("X", "lord"), "expected_rate"] == 0.5
    assert out.loc[("X", "lord"), "z"] == pytest.approx(8.0)  # (90 − 50) / √(100 / 4)
    assert out.loc[("X", "lord"), "verdict"] == "stronger"
    assert out.loc[("Y", "lord"), "verdict"] == "weaker"
    # L, R and N sat in every game of their role: exactly the role's rate, and 200 games
    # are not the 783 a 5-point difference at ½ needs
    assert out.loc[("L", "loyalist"), "verdict"] == "too few games"
    assert out.loc[("L", "loyalist"), "excess"] == 0.0


def test_few_expected_wins_get_an_exact_p() -> None:
    s = Store()
    for i in range(300):  # the renegade wins 4 of 300; general Z is renegade in 10 of them
        identity(s, f"g{i}", ("LORZ" if i < 10 else "LORN"), "n" if i in (0, 1, 50, 60)
                 else "lo")
    out = g.general_role_rates(*s.frames()).set_index(["general", "role"])
    z = out.loc[("Z", "renegade")]
    assert z["expected_rate"] == pytest.approx(4 / 300)
    assert z["z"] > 5  # the normal score would call it overwhelming…
    p = 4 / 300  # …the binomial (10, p) says P(X ≥ 2) and the less likely side, none
    tail = 1 - (1 - p) ** 10 - 10 * p * (1 - p) ** 9
    assert z["p"] == pytest.approx(tail, rel=1e-9) == pytest.approx(exact_p([p] * 10, 2))


def kingdom_wars() -> Store:
    """Two 6-seat games, two generals a seat: sides of 3, 2 and 1 seats."""
    s = Store()
    s.game("h1", "hegemony", [("wei", True, ["caocao", "xunyu"]), ("wei", True, ["a", "b"]),
                              ("wei", True, ["c", "d"]), ("shu", False, ["liubei", "e"]),
                              ("shu", False, ["f", "h"]), ("wu", False, ["sunquan", "i"])])
    s.game("h2", "hegemony", [("shu", False, ["liubei", "caocao"]), ("shu", False, ["j", "k"]),
                              ("shu", False, ["l", "o"]), ("wei", True, ["xunyu", "q"]),
                              ("wei", True, ["r", "t"]), ("wu", False, ["sunquan", "u"])])
    return s


def test_kingdom_wars_generals_against_their_sides_seat_count() -> None:
    out = g.general_win_rates(*kingdom_wars().frames()).set_index("general")
    assert set(out["role"]) == {g.ALL_ROLES}
    assert set(out["measured_against"]) == {"its side's seats"}
    # sides of 3 seats won 1 of 2 games, of 2 seats 1 of 2, of 1 seat never
    assert out.loc["caocao", ["games", "wins"]].tolist() == [2, 1]
    assert out.loc["caocao", "expected_rate"] == pytest.approx(0.5)
    assert out.loc["xunyu", ["games", "wins", "expected_rate"]].tolist() == [2, 2, 0.5]
    assert out.loc["liubei", ["games", "wins", "expected_rate"]].tolist() == [2, 0, 0.5]
    assert out.loc["sunquan", ["games", "wins", "expected_rate"]].tolist() == [2, 0, 0.0]
    # head and deputy both count: 24 generals seated, 24 general-seats
    assert out["games"].sum() == 24


def test_careerists_are_sides_of_one_seat() -> None:
    s = Store()
    s.game("c", "hegemony", [("careerist", True, ["a", "b"]), ("careerist", False, ["c", "d"]),
                             ("wei", False, ["e", "f"]), ("wei", False, ["h", "i"])])
    units = g.general_units(*s.frames()).drop_duplicates("seat").set_index("seat")
    assert units["side_seats"].tolist() == [1, 1, 2, 2]


def test_one_table_for_both_shapes_and_none_without_generals() -> None:
    s = four_games()
    for row in kingdom_wars().seats:
        s.seats.append(row)
    s.games += kingdom_wars().games
    s.game("d", "doudizhu", [("landlord", True, None), ("peasant", False, None),
                             ("peasant", False, None)])
    out = g.general_win_rates(*s.frames())
    assert list(out.columns) == g.COLUMNS
    assert set(out["kind"]) == {"identity", "hegemony"}
    assert set(out.loc[out["kind"] == "identity", "role"]) == set(ROLES4)
    assert set(out.loc[out["kind"] == "hegemony", "role"]) == {g.ALL_ROLES}
    only_dd = g.general_win_rates(*s.frames(), kind="doudizhu")
    assert only_dd.empty and list(only_dd.columns) == g.COLUMNS


def test_general_rates_add_an_identity_generals_roles_up() -> None:
    out = g.general_rates(*four_games().frames())
    m4 = out[(out["players"] == 4) & (out["policy_mix"] == "m")].set_index("general")
    # A: lord, loyalist, lord (½ each), rebel (¼) → 1.75 wins expected of 4, won 2
    assert m4.loc["A", ["games", "wins"]].tolist() == [4, 2]
    assert m4.loc["A", "expected_rate"] == pytest.approx(1.75 / 4)
    assert set(m4["role"]) == {g.ALL_ROLES} and set(m4["measured_against"]) == {"its roles"}


def test_exact_p_known_values() -> None:
    assert exact_p([0.5] * 10, 8) == pytest.approx(2 * 56 / 1024)  # 2 × P(X ≥ 8)
    # three chances at 0.2, 0.5, 0.5: P(0) = 0.2 and P(3) = 0.05 are no likelier than 0
    assert exact_p([0.2, 0.5, 0.5], 0) == pytest.approx(0.25)
    assert exact_p([0.0, 0.0], 0) == 1.0


def test_the_grids_draw_a_cell_per_row() -> None:
    from analytics import plots

    by_role = g.general_role_rates(*four_games().frames())
    fig = plots.general_role_figure(by_role, "identity")
    panels = [ax for ax in fig.axes if ax.get_title()]  # the colour bar has no title
    assert [ax.get_title() for ax in panels] == ["4p · m", "4p · n", "5p · m"]
    assert sum(len(ax.texts) for ax in panels) == len(by_role)
    per_general = g.general_rates(*four_games().frames())
    grid = plots.general_grid_figure(per_general, "identity")
    assert len(grid.axes[0].texts) == len(per_general)
    assert [t.get_text() for t in grid.axes[0].get_xticklabels()] == ["4p · m", "4p · n",
                                                                     "5p · m"]


def test_kinds_played_with_and_without_generals_are_named() -> None:
    s = four_games()
    s.game("plain", "identity", [("lord", True, None), ("loyalist", True, None),
                                 ("rebel", False, None), ("renegade", False, None)])
    s.games += kingdom_wars().games
    s.seats += kingdom_wars().seats
    out = g.with_and_without(*s.frames())
    assert out.to_dict(orient="records") == [
        {"kind": "identity", "with_generals": 6, "without": 1}]


def test_bar_labels_say_a_shared_table_size_and_mix_once_in_the_title() -> None:
    from analytics import plots

    one = pd.DataFrame({"players": [8, 8], "policy_mix": ["8 expert", "8 expert"],
                        "general": ["caocao", "liubei"]})
    assert plots.labels_for(one, "general") == ["caocao", "liubei"]
    assert plots.scope(one) == "8p · 8 expert"
    two = one.assign(players=[5, 8])
    assert plots.labels_for(two, "general") == ["5p · caocao", "8p · liubei"]
    assert plots.scope(two) == "8 expert"
