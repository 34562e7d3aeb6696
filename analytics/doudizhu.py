"""Dou Dizhu scoring questions: does the landlord win too often when bidding 1? What does
a bid earn the landlord on average? How often do bombs, springs and big multipliers
happen, and what does a hand pay?

All functions take the typed ``doudizhu_hands`` frame (``Tables.hands``) and the
``games`` frame, and answer per policy mix: who bids what, and how the hand is then
played, depends on the bots at the table. Escapes (a seat left the table) are kept out
of the landlord-win questions because nobody won them.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pandas as pd

from analytics.winrates import POOLED, Z95, as_records, rate_table

MIX = "policy_mix"


def _mixed(hands: pd.DataFrame, games: pd.DataFrame | None) -> pd.DataFrame:
    """Hands with their table's policy mix (``games`` None: every hand labelled pooled)."""
    if games is None:
        return hands.assign(policy_mix=POOLED)
    return hands.merge(games[["game_id", MIX]], on="game_id")


def _with_landlord_policy(hands: pd.DataFrame, games: pd.DataFrame | None) -> pd.DataFrame:
    """Hands with their mix and the policy of the landlord's seat: in a mixed table (one
    greedy bot and two random ones) the landlord is sometimes the strong bot and
    sometimes not, and the two win at very different rates."""
    if games is None:
        return hands.assign(policy_mix=POOLED, landlord_policy=POOLED)
    d = hands.merge(games[["game_id", MIX, "agents"]], on="game_id")
    d["landlord_policy"] = [json.loads(a)[int(s)] if pd.notna(s) else None
                            for a, s in zip(d["agents"], d["landlord"], strict=True)]
    return d.drop(columns="agents")


def settled(hands: pd.DataFrame) -> pd.DataFrame:
    """Hands that reached a settlement (finished, by emptying a hand or an escape)."""
    return hands[hands["multiplier"].notna()]


def decided(hands: pd.DataFrame) -> pd.DataFrame:
    """Settled hands won by a side (no escape), so the landlord won or lost."""
    return hands[hands["landlord_won"].notna()]


def landlord_win_by_bid(hands: pd.DataFrame, games: pd.DataFrame | None) -> pd.DataFrame:
    """Landlord win rate per policy mix, landlord's policy and winning bid (1, 2, 3),
    with Wilson 95 % intervals (``games`` None: every mix pooled, labelled so)."""
    d = _with_landlord_policy(decided(hands), games)
    keys = [MIX, "landlord_policy", "bid"]
    counts = (d.groupby(keys)["landlord_won"]
              .agg(games="size", wins=lambda s: int(s.astype(bool).sum())).reset_index())
    counts["bid"] = counts["bid"].astype("int64")
    return rate_table(counts, keys)


def landlord_scores(hands: pd.DataFrame) -> pd.Series:
    """The landlord's score in each decided hand (the peasants each pay half of it)."""
    d = decided(hands)
    scores = d[["score_0", "score_1", "score_2"]].to_numpy(dtype="float64")
    seat = d["landlord"].astype("int64").to_numpy()
    return pd.Series(scores[np.arange(len(d)), seat], index=d.index, name="landlord_score")


def _with_landlord_score(hands: pd.DataFrame) -> pd.DataFrame:
    d = decided(hands)
    return d.assign(landlord_score=landlord_scores(d))


def expected_score_by_bid(hands: pd.DataFrame, games: pd.DataFrame | None) -> pd.DataFrame:
    """What taking the landlord at each bid earns on average, per policy mix and the
    landlord's policy: the mean
    landlord score with a 95 % interval (normal, from the spread of scores), and the
    share of hands. A bid worth making has a positive mean; its size is the stake."""
    d = _with_landlord_policy(_with_landlord_score(hands), games)
    keys = [MIX, "landlord_policy", "bid"]
    out = (d.groupby(keys)["landlord_score"]
           .agg(hands="size", mean_score="mean", sd="std").reset_index())
    out["bid"] = out["bid"].astype("int64")
    half = Z95 * out["sd"].fillna(0.0) / np.sqrt(out["hands"])
    out["ci_low"] = out["mean_score"] - half
    out["ci_high"] = out["mean_score"] + half
    return out.drop(columns="sd").sort_values(keys).reset_index(drop=True)


def _shares(values: pd.Series, mixes: pd.Series, name: str) -> pd.DataFrame:
    """How many hands of each mix had each value, and the share within the mix."""
    df = pd.DataFrame({MIX: mixes.to_numpy(), name: values.to_numpy()})
    counts = df.groupby([MIX, name]).size().reset_index(name="hands")
    counts["share"] = counts["hands"] / counts.groupby(MIX)["hands"].transform("sum")
    return counts.sort_values([MIX, name]).reset_index(drop=True)


def multiplier_distribution(hands: pd.DataFrame, games: pd.DataFrame | None) -> pd.DataFrame:
    """How many hands of each mix ended at each multiplier (bombs, rockets and springs
    double it)."""
    s = _mixed(settled(hands), games)
    return _shares(s["multiplier"].astype("int64"), s[MIX], "multiplier")


def bombs_per_hand(hands: pd.DataFrame, games: pd.DataFrame | None) -> pd.DataFrame:
    """Distribution of bombs + rockets played per hand, per mix."""
    s = _mixed(settled(hands), games)
    return _shares((s["bombs"] + s["rockets"]).astype("int64"), s[MIX], "bombs")


def spring_rates(hands: pd.DataFrame, games: pd.DataFrame | None) -> pd.DataFrame:
    """Spring (peasants never played) and anti-spring (landlord played once) rates per
    mix: each as a share of all decided hands, and of the hands the relevant side won."""
    rows = []
    for mix, d in _mixed(decided(hands), games).groupby(MIX):
        won = d["landlord_won"].astype(bool)
        spring = d["spring"].astype(bool)
        anti = d["anti_spring"].astype(bool)
        rows += [
            {MIX: mix, "event": "spring", "of": "decided hands", "games": len(d),
             "wins": int(spring.sum())},
            {MIX: mix, "event": "spring", "of": "landlord wins", "games": int(won.sum()),
             "wins": int((spring & won).sum())},
            {MIX: mix, "event": "anti_spring", "of": "decided hands", "games": len(d),
             "wins": int(anti.sum())},
            {MIX: mix, "event": "anti_spring", "of": "peasant wins",
             "games": int((~won).sum()), "wins": int((anti & ~won).sum())},
        ]
    counts = pd.DataFrame(rows, columns=[MIX, "event", "of", "games", "wins"])
    out = rate_table(counts, [MIX, "event", "of"])
    return out.rename(columns={"games": "hands", "wins": "count"})


def score_distribution(hands: pd.DataFrame, games: pd.DataFrame | None) -> pd.DataFrame:
    """How often the landlord gains or pays each amount, per mix."""
    d = _mixed(_with_landlord_score(hands), games)
    return _shares(d["landlord_score"], d[MIX], "landlord_score")


def bid_order_advantage(hands: pd.DataFrame, seats: pd.DataFrame,
                        games: pd.DataFrame | None) -> pd.DataFrame:
    """Bidding order per mix: position 0 bids first. Win rate and landlord share."""
    d = _mixed(decided(hands), games)[[MIX, "game_id", "first_bidder", "landlord"]]
    s = seats[["game_id", "seat", "won"]].merge(d, on="game_id")
    s["position"] = (s["seat"] - s["first_bidder"].astype("int64")) % 3
    s["is_landlord"] = s["seat"] == s["landlord"].astype("int64")
    counts = (s.groupby([MIX, "position"])
              .agg(games=("won", "size"), wins=("won", "sum"),
                   landlord_share=("is_landlord", "mean")).reset_index())
    return rate_table(counts, [MIX, "position"])


def summary(hands: pd.DataFrame, games: pd.DataFrame) -> dict[str, Any]:
    """Everything above as one JSON-ready document (the API's multipliers answer); every
    row names its policy mix."""
    s = _mixed(settled(hands), games)
    per_mix = (s.assign(all_bombs=(s["bombs"] + s["rockets"]).astype("float64"),
                        mult=s["multiplier"].astype("float64"))
               .groupby(MIX).agg(hands=("game_id", "size"), mean_multiplier=("mult", "mean"),
                                 mean_bombs=("all_bombs", "mean")).reset_index())
    return {
        "hands": len(s),
        "mixes": as_records(per_mix),
        "distribution": as_records(multiplier_distribution(hands, games)),
        "bombs_per_hand": as_records(bombs_per_hand(hands, games)),
        "landlord_by_bid": as_records(landlord_win_by_bid(hands, games)),
        "expected_score_by_bid": as_records(expected_score_by_bid(hands, games)),
        "springs": as_records(spring_rates(hands, games)),
        "landlord_scores": as_records(score_distribution(hands, games)),
    }
