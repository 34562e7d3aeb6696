"""Dou Dizhu scoring questions: does the landlord win too often when bidding 1? How often
do bombs, springs and big multipliers happen, and what does a hand pay?

All functions take the typed ``doudizhu_hands`` frame (``Tables.hands``); escapes (a
seat left the table) are kept out of the landlord-win questions because nobody won them.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from analytics.winrates import as_records, rate_table


def settled(hands: pd.DataFrame) -> pd.DataFrame:
    """Hands that reached a settlement (finished, by emptying a hand or an escape)."""
    return hands[hands["multiplier"].notna()]


def decided(hands: pd.DataFrame) -> pd.DataFrame:
    """Settled hands won by a side (no escape), so the landlord won or lost."""
    return hands[hands["landlord_won"].notna()]


def landlord_win_by_bid(hands: pd.DataFrame,
                        games: pd.DataFrame | None = None) -> pd.DataFrame:
    """Landlord win rate per winning bid (1, 2, 3) with Wilson 95 % intervals.

    Given ``games``, one row per policy mix and bid: bots of different strength bid
    differently, so the pooled table mixes who bids with how the hand is played.
    """
    d = decided(hands)
    keys = ["bid"]
    if games is not None:
        d = d.merge(games[["game_id", "policy_mix"]], on="game_id")
        keys = ["policy_mix", "bid"]
    counts = (d.groupby(keys)["landlord_won"]
              .agg(games="size", wins=lambda s: int(s.astype(bool).sum())).reset_index())
    counts["bid"] = counts["bid"].astype("int64")
    return rate_table(counts, keys)


def multiplier_distribution(hands: pd.DataFrame) -> pd.DataFrame:
    """How many hands ended at each multiplier (bombs, rockets and springs double it)."""
    s = settled(hands)
    counts = s["multiplier"].astype("int64").value_counts().sort_index()
    out = counts.rename_axis("multiplier").reset_index(name="hands")
    out["share"] = out["hands"] / max(len(s), 1)
    return out


def bombs_per_hand(hands: pd.DataFrame) -> pd.DataFrame:
    """Distribution of bombs + rockets played per hand."""
    s = settled(hands)
    n = (s["bombs"] + s["rockets"]).astype("int64")
    out = n.value_counts().sort_index().rename_axis("bombs").reset_index(name="hands")
    out["share"] = out["hands"] / max(len(s), 1)
    return out


def spring_rates(hands: pd.DataFrame) -> pd.DataFrame:
    """Spring (peasants never played) and anti-spring (landlord played once) rates.

    Each as a share of all decided hands, and of the hands the relevant side won.
    """
    d = decided(hands)
    won = d["landlord_won"].astype(bool)
    spring = d["spring"].astype(bool)
    anti = d["anti_spring"].astype(bool)
    rows = [
        {"event": "spring", "of": "decided hands", "games": len(d), "wins": int(spring.sum())},
        {"event": "spring", "of": "landlord wins", "games": int(won.sum()),
         "wins": int((spring & won).sum())},
        {"event": "anti_spring", "of": "decided hands", "games": len(d),
         "wins": int(anti.sum())},
        {"event": "anti_spring", "of": "peasant wins", "games": int((~won).sum()),
         "wins": int((anti & ~won).sum())},
    ]
    out = rate_table(pd.DataFrame(rows), ["event", "of"])
    return out.rename(columns={"games": "hands", "wins": "count"})


def landlord_scores(hands: pd.DataFrame) -> pd.Series:
    """The landlord's score in each decided hand (the peasants each pay half of it)."""
    d = decided(hands)
    scores = d[["score_0", "score_1", "score_2"]].to_numpy()
    seat = d["landlord"].astype("int64").to_numpy()
    return pd.Series(scores[range(len(d)), seat], index=d.index, name="landlord_score")


def score_distribution(hands: pd.DataFrame) -> pd.DataFrame:
    """How often the landlord gains or pays each amount."""
    s = landlord_scores(hands)
    out = s.value_counts().sort_index().rename_axis("landlord_score").reset_index(name="hands")
    out["share"] = out["hands"] / max(len(s), 1)
    return out


def bid_order_advantage(hands: pd.DataFrame, seats: pd.DataFrame) -> pd.DataFrame:
    """Seat order in Dou Dizhu: position 0 bids first. Win rate and landlord share."""
    d = decided(hands)[["game_id", "first_bidder", "landlord"]]
    s = seats.merge(d, on="game_id")
    s["position"] = (s["seat"] - s["first_bidder"].astype("int64")) % 3
    s["is_landlord"] = s["seat"] == s["landlord"].astype("int64")
    counts = (s.groupby("position")
              .agg(games=("won", "size"), wins=("won", "sum"),
                   landlord_share=("is_landlord", "mean")).reset_index())
    return rate_table(counts, ["position"])


def summary(hands: pd.DataFrame) -> dict[str, Any]:
    """Everything above as one JSON-ready document (the API's multipliers answer)."""
    s = settled(hands)
    n = len(s)
    return {
        "hands": n,
        "mean_multiplier": float(s["multiplier"].astype("float64").mean()) if n else None,
        "mean_bombs": float((s["bombs"] + s["rockets"]).astype("float64").mean()) if n else None,
        "distribution": as_records(multiplier_distribution(hands)),
        "bombs_per_hand": as_records(bombs_per_hand(hands)),
        "landlord_by_bid": as_records(landlord_win_by_bid(hands)),
        "springs": as_records(spring_rates(hands)),
        "landlord_scores": as_records(score_distribution(hands)),
    }
