"""Win-rate and Dou Dizhu functions against hand-made tables with known answers."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from analytics import doudizhu
from analytics.winrates import (
    POOLED,
    as_records,
    left_out,
    seat_advantage,
    wilson,
    wilson_interval,
    win_rates,
)
from domain.game import NO_ROLE

# (wins, n) → Wilson 95 % interval, from scipy.stats.binomtest(...).proportion_ci("wilson")
KNOWN = [
    (0, 10, 0.0, 0.277533), (1, 10, 0.017876, 0.404150), (5, 10, 0.236593, 0.763407),
    (10, 10, 0.722467, 1.0), (3, 4, 0.300642, 0.954413), (1, 4, 0.045587, 0.699358),
    (2, 5, 0.117621, 0.769276), (81, 263, 0.255289, 0.366210), (2, 3, 0.207660, 0.938508),
]


@pytest.mark.parametrize(("wins", "n", "low", "high"), KNOWN)
def test_wilson_interval_known_values(wins: int, n: int, low: float, high: float) -> None:
    assert wilson_interval(wins, n) == pytest.approx((low, high), abs=1e-6)
    lows, highs = wilson([wins], [n])
    assert (lows[0], highs[0]) == pytest.approx((low, high), abs=1e-6)


def test_wilson_of_nothing_is_undefined() -> None:
    assert all(math.isnan(x) for x in wilson_interval(0, 0))
    lows, highs = wilson([0], [0])
    assert math.isnan(lows[0]) and math.isnan(highs[0])


def frames() -> tuple[pd.DataFrame, pd.DataFrame]:
    """5 Dou Dizhu hands (one escaped during the bidding), 3 five-seat identity games,
    5 Killer games and a live one."""
    games, seats = [], []

    def game(gid: str, kind: str, roles: list[str], winners: set[int], side: str,
             mix: str = "3 random", ended: str | None = "2026-01-01") -> None:
        games.append({"game_id": gid, "kind": kind, "players": len(roles), "side": side,
                      "policy_mix": mix, "ended": ended})
        seats.extend({"game_id": gid, "kind": kind, "players": len(roles), "seat": i,
                      "role": r, "won": i in winners, "score": 1.0 if i in winners else 0.0}
                     for i, r in enumerate(roles))

    ll = ["landlord", "peasant", "peasant"]
    game("d1", "doudizhu", ll, {0}, "landlord")
    game("d2", "doudizhu", ["peasant", "landlord", "peasant"], {1}, "landlord")
    game("d3", "doudizhu", ["peasant", "peasant", "landlord"], {2}, "landlord", "3 greedy")
    game("d4", "doudizhu", ll, {1, 2}, "peasants", "3 greedy")
    # seat 0 escaped before a landlord was chosen: no roles, so no role rate counts it
    game("d5", "doudizhu", [NO_ROLE] * 3, {1, 2}, "escape")
    idn = ["lord", "loyalist", "rebel", "rebel", "renegade"]
    game("i1", "identity", idn, {0, 1}, "lord")
    game("i2", "identity", idn, {2, 3}, "rebels")
    game("i3", "identity", idn, {4}, "renegade")
    k8 = ["killer"] * 2 + ["police"] * 2 + ["civilian"] * 4
    for gid, side in [("k1", "killers"), ("k2", "killers"), ("k3", "police"),
                      ("k4", "police"), ("k5", "tie")]:
        winners = {0, 1} if side == "killers" else set(range(2, 8)) if side == "police" else set()
        game(gid, "killer", k8, winners, side)
    game("k6", "killer", k8, set(), "", ended=None)  # still live: not counted
    return pd.DataFrame(games), pd.DataFrame(seats)


def table(df: pd.DataFrame) -> dict[tuple[object, ...], tuple[int, int, float]]:
    return {(r.kind, r.players, r.policy_mix, r.role): (r.games, r.wins, r.rate)
            for r in df.itertuples()}


def test_win_rates_by_kind_players_mix_role() -> None:
    games, seats = frames()
    out = win_rates(games, seats)
    assert list(out.columns) == ["kind", "players", "policy_mix", "role", "games", "wins",
                                 "rate", "ci_low", "ci_high"]
    assert table(out) == {
        # per game, not per seat: two peasants winning one hand are one win in one game;
        # each policy mix apart, and the hand escaped during the bidding left out
        ("doudizhu", 3, "3 greedy", "landlord"): (2, 1, 0.5),
        ("doudizhu", 3, "3 greedy", "peasant"): (2, 1, 0.5),
        ("doudizhu", 3, "3 random", "landlord"): (2, 2, 1.0),
        ("doudizhu", 3, "3 random", "peasant"): (2, 0, 0.0),
        ("identity", 5, "3 random", "lord"): (3, 1, 1 / 3),
        ("identity", 5, "3 random", "loyalist"): (3, 1, 1 / 3),
        ("identity", 5, "3 random", "rebel"): (3, 1, 1 / 3),
        ("identity", 5, "3 random", "renegade"): (3, 1, 1 / 3),
        # Killer by side: share of the 5 finished games each side won
        ("killer", 8, "3 random", "killers"): (5, 2, 0.4),
        ("killer", 8, "3 random", "police"): (5, 2, 0.4),
        ("killer", 8, "3 random", "tie"): (5, 1, 0.2),
    }
    tie = out[out["role"] == "tie"].iloc[0]
    assert (tie["ci_low"], tie["ci_high"]) == pytest.approx((0.036224, 0.624465), abs=1e-6)
    assert NO_ROLE not in set(out["role"])


def test_pooled_figures_say_so() -> None:
    games, seats = frames()
    pooled = win_rates(games, seats, kind="doudizhu", pooled=True)
    assert table(pooled) == {("doudizhu", 3, POOLED, "landlord"): (4, 3, 0.75),
                             ("doudizhu", 3, POOLED, "peasant"): (4, 1, 0.25)}
    landlord = pooled[pooled["role"] == "landlord"].iloc[0]
    assert (landlord["ci_low"], landlord["ci_high"]) == pytest.approx((0.300642, 0.954413),
                                                                       abs=1e-6)


def test_games_without_roles_are_a_line_of_their_own() -> None:
    games, seats = frames()
    out = left_out(games, seats)
    assert out.to_dict(orient="records") == [
        {"kind": "doudizhu", "players": 3, "policy_mix": "3 random", "games": 1,
         "why": "ended before roles were given"}]
    assert left_out(games, seats, kind="killer").empty


def test_win_rates_filters() -> None:
    games, seats = frames()
    assert set(win_rates(games, seats, kind="killer")["role"]) == {"killers", "police", "tie"}
    assert win_rates(games, seats, kind="identity", players=8).empty
    rows = as_records(win_rates(games, seats, kind="killer"))
    assert rows[0] == {"kind": "killer", "players": 8, "policy_mix": "3 random",
                       "role": "killers", "games": 5, "wins": 2, "rate": 0.4,
                       "ci_low": pytest.approx(0.117621, abs=1e-6),
                       "ci_high": pytest.approx(0.769276, abs=1e-6)}


def test_seat_advantage_per_mix_with_its_reference() -> None:
    games, seats = frames()
    out = seat_advantage(games, seats, kind="doudizhu")
    assert [(r.policy_mix, r.seat, r.games, r.wins) for r in out.itertuples()] == [
        ("3 greedy", 0, 2, 0), ("3 greedy", 1, 2, 1), ("3 greedy", 2, 2, 2),
        ("3 random", 0, 2, 1), ("3 random", 1, 2, 1), ("3 random", 2, 2, 0)]
    # the reference: a random seat's win rate at that table size and mix
    assert out.groupby("policy_mix")["reference"].first().to_dict() == {
        "3 greedy": 0.5, "3 random": pytest.approx(1 / 3)}


def hands() -> pd.DataFrame:
    """Five settled hands and one live: bids, bombs, springs and scores known by hand."""
    cols = ["game_id", "first_bidder", "bid", "landlord", "bombs", "rockets", "spring",
            "anti_spring", "multiplier", "escape", "landlord_won",
            "score_0", "score_1", "score_2"]
    data = [
        ("h1", 0, 1, 0, 0, 0, False, False, 1, None, True, 2, -1, -1),
        ("h2", 1, 1, 1, 1, 0, False, False, 2, None, False, 2, -4, 2),
        ("h3", 2, 3, 2, 0, 1, True, False, 4, None, True, -12, -12, 24),
        ("h4", 0, 3, 1, 0, 0, False, True, 2, None, False, 6, -12, 6),
        ("h5", 0, 2, None, 0, 0, False, False, 1, 0, None, -6, 3, 3),  # an escape
        ("h6", 0, 1, None, None, None, None, None, None, None, None, None, None, None),
    ]
    df = pd.DataFrame(data, columns=cols)
    for c in ("first_bidder", "bid", "landlord", "bombs", "rockets", "multiplier", "escape"):
        df[c] = df[c].astype("Int64")
    for c in ("spring", "anti_spring", "landlord_won"):
        df[c] = df[c].astype("boolean")
    return df


MIXES = pd.DataFrame({"game_id": ["h1", "h2", "h3", "h4", "h5", "h6"],
                      "policy_mix": ["3 greedy", "3 random", "3 greedy", "3 greedy",
                                     "3 greedy", "3 greedy"],
                      "agents": ['["greedy","greedy","greedy"]', '["random","random","random"]',
                                 '["greedy","greedy","greedy"]', '["greedy","greedy","greedy"]',
                                 '["greedy","greedy","greedy"]', '["greedy","greedy","greedy"]']})


def test_landlord_win_by_bid() -> None:
    pooled = doudizhu.landlord_win_by_bid(hands(), None)
    assert [(r.policy_mix, r.bid, r.games, r.wins, r.rate) for r in pooled.itertuples()] == [
        (POOLED, 1, 2, 1, 0.5), (POOLED, 3, 2, 1, 0.5)]  # the escape and the live hand out
    assert (pooled.loc[0, "ci_low"], pooled.loc[0, "ci_high"]) == pytest.approx(
        wilson_interval(1, 2))
    by_mix = doudizhu.landlord_win_by_bid(hands(), MIXES)
    assert [(r.policy_mix, r.bid, r.games, r.wins) for r in by_mix.itertuples()] == [
        ("3 greedy", 1, 1, 1), ("3 greedy", 3, 2, 1), ("3 random", 1, 1, 0)]
    # at a mixed table, the landlord's own policy is a key: greedy in h1 and h3 (seats 0
    # and 2), random in h2 and h4 (seat 1)
    mixed = MIXES.assign(policy_mix="1 greedy + 2 random",
                         agents='["greedy","random","greedy"]')
    by_landlord = doudizhu.landlord_win_by_bid(hands(), mixed)
    assert [(r.landlord_policy, r.bid, r.games, r.wins) for r in by_landlord.itertuples()] == [
        ("greedy", 1, 1, 1), ("greedy", 3, 1, 1), ("random", 1, 1, 0), ("random", 3, 1, 0)]


def test_expected_score_by_bid() -> None:
    out = doudizhu.expected_score_by_bid(hands(), None)
    # bid 1: the landlord got +2 (h1) and -4 (h2); bid 3: +24 (h3) and -12 (h4)
    assert out[["bid", "hands", "mean_score"]].values.tolist() == [[1, 2, -1.0], [3, 2, 6.0]]
    half = 1.959964 * math.sqrt(((2 + 1) ** 2 + (-4 + 1) ** 2) / 1) / math.sqrt(2)
    assert (out.loc[0, "ci_low"], out.loc[0, "ci_high"]) == pytest.approx((-1 - half,
                                                                            -1 + half))
    by_mix = doudizhu.expected_score_by_bid(hands(), MIXES)
    assert by_mix[["policy_mix", "bid", "hands", "mean_score"]].values.tolist() == [
        ["3 greedy", 1, 1, 2.0], ["3 greedy", 3, 2, 6.0], ["3 random", 1, 1, -4.0]]


def test_multiplier_bombs_springs_scores() -> None:
    h = hands()
    mult = doudizhu.multiplier_distribution(h, None)
    assert mult[["multiplier", "hands"]].values.tolist() == [[1, 2], [2, 2], [4, 1]]
    assert mult["share"].tolist() == [0.4, 0.4, 0.2]
    per_mix = doudizhu.multiplier_distribution(h, MIXES)
    assert per_mix[["policy_mix", "multiplier", "hands", "share"]].values.tolist() == [
        ["3 greedy", 1, 2, 0.5], ["3 greedy", 2, 1, 0.25], ["3 greedy", 4, 1, 0.25],
        ["3 random", 2, 1, 1.0]]
    bombs = doudizhu.bombs_per_hand(h, None)
    assert bombs[["bombs", "hands"]].values.tolist() == [[0, 3], [1, 2]]
    springs = doudizhu.spring_rates(h, None).set_index(["event", "of"])
    assert springs.loc[("spring", "decided hands"), ["hands", "count"]].tolist() == [4, 1]
    assert springs.loc[("spring", "landlord wins"), "rate"] == 0.5
    assert springs.loc[("anti_spring", "peasant wins"), ["hands", "count"]].tolist() == [2, 1]
    assert set(doudizhu.spring_rates(h, MIXES)["policy_mix"]) == {"3 greedy", "3 random"}
    scores = doudizhu.score_distribution(h, None)
    assert scores[["landlord_score", "hands"]].values.tolist() == [
        [-12.0, 1], [-4.0, 1], [2.0, 1], [24.0, 1]]


def test_bid_order_advantage() -> None:
    h = hands()
    seats = []
    for r in doudizhu.decided(h).itertuples():
        for s in range(3):
            won = (s == r.landlord) == bool(r.landlord_won)
            seats.append({"game_id": r.game_id, "seat": s, "won": won})
    out = doudizhu.bid_order_advantage(h, pd.DataFrame(seats), None).set_index("position")
    # h1: landlord seat 0, fb 0 → position 0; h2: 1-1 → 0; h3: 2-2 → 0; h4: 1-0 → 1
    assert out.loc[0, "landlord_share"] == 0.75 and out.loc[1, "landlord_share"] == 0.25
    assert out["games"].tolist() == [4, 4, 4]
    assert out.loc[0, "wins"] == 2 + 1 + 0  # h1 and h3 landlord wins; h4 peasant win at 0
    summary = doudizhu.summary(h, MIXES)
    assert summary["hands"] == 5
    assert summary["mixes"] == [
        {"policy_mix": "3 greedy", "hands": 4, "mean_multiplier": 2.0, "mean_bombs": 0.25},
        {"policy_mix": "3 random", "hands": 1, "mean_multiplier": 2.0, "mean_bombs": 1.0}]
    assert all("policy_mix" in row for key in ("distribution", "bombs_per_hand",
                                               "landlord_by_bid", "expected_score_by_bid",
                                               "springs", "landlord_scores")
               for row in summary[key])
