"""Issue 19, item 6: a hand that ended before roles were given (a Dou Dizhu hand escaped
during the bidding) is in no role table and no headline; it has its own line."""

from __future__ import annotations

import pandas as pd

from analytics.report import verdicts
from analytics.winrates import left_out, win_rates
from domain.game import NO_ROLE


def frames() -> tuple[pd.DataFrame, pd.DataFrame]:
    """Two hands with roles (the landlord wins one: both roles at 50 %) and one escaped
    during the bidding, whose two other seats "won": counted as a role, it would top the
    table at 100 %."""
    games, seats = [], []
    for gid, roles, won, side in (
            ("h1", ["landlord", "peasant", "peasant"], {0}, "landlord"),
            ("h2", ["peasant", "landlord", "peasant"], {0, 2}, "peasants"),
            ("h3", [NO_ROLE] * 3, {1, 2}, "escape")):
        games.append({"game_id": gid, "kind": "doudizhu", "players": 3, "side": side,
                      "policy_mix": "3 greedy", "ended": "2026-01-01"})
        seats.extend({"game_id": gid, "kind": "doudizhu", "players": 3, "seat": i,
                      "role": r, "won": i in won, "score": 1.0 if i in won else -1.0}
                     for i, r in enumerate(roles))
    return pd.DataFrame(games), pd.DataFrame(seats)


def test_no_headline_reads_a_hand_without_roles() -> None:
    games, seats = frames()
    table = win_rates(games, seats, kind="doudizhu")
    assert set(table["role"]) == {"landlord", "peasant"}
    assert table["games"].tolist() == [2, 2]
    assert verdicts(table) == ["- 3 players, 3 greedy: all at 50.0%."]
    assert left_out(games, seats)["games"].tolist() == [1]
