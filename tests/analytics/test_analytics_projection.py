"""The projection against hand-built games: every column, on SQLite and PostgreSQL."""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
from typing import Any
from uuid import UUID

import pandas as pd
import pytest

from analytics.projection import catch_up, close_view, open_view
from analytics.schema import ADDED, columns
from service.hall import GameHall
from service.tables import load

PLAYERS = ["ann", "bob", "cat"]


def play_first_legal(hall: GameHall, gid: UUID) -> None:
    """The first bidder bids 3 if nobody has, then each waiting seat takes its first legal
    action: followers pass, so the landlord leads every trick and springs."""
    game = hall.game(gid)
    if game.phase == "bidding":
        hall.act(gid, game.to_act()[0], {"type": "bid", "value": 3})
    while (game := hall.game(gid)).outcome is None:
        seat = game.to_act()[0]
        hall.act(gid, seat, game.legal_actions(seat)[0])


def rows(hall: GameHall, table: str, key: str = "game_id") -> dict[Any, dict[str, Any]]:
    df = open_view(hall).frame(table)
    df = df.astype(object).where(df.notna(), None)
    if table == "seats":
        return {(r["game_id"], r["seat"]): r for r in df.to_dict(orient="records")}
    return {r[key]: r for r in df.to_dict(orient="records")}


def times(hall: GameHall, gid: UUID) -> tuple[str, str]:
    events = hall.history(gid)
    return events[0].timestamp.isoformat(), events[-1].timestamp.isoformat()


def test_hand_built_games_fill_every_column(store_url: str, open_hall: list[GameHall]) -> None:
    hall = GameHall.from_store(store_url)
    hall.autoplay = False  # the test moves the seats labelled greedy and random itself
    open_hall.append(hall)

    # A: bid 1 then 3, the landlord leads every trick and springs
    a = hall.create_game("doudizhu", PLAYERS, agents=["human", "greedy", "random"],
                         rng=random.Random(7))
    fb_a = a.first_bidder
    hall.act(a.id, fb_a, {"type": "bid", "value": 1})
    hall.act(a.id, (fb_a + 1) % 3, {"type": "bid", "value": 3})  # → landlord, base 3
    play_first_legal(hall, a.id)
    a = hall.game(a.id)
    lord_a = (fb_a + 1) % 3

    # B: one bid of 2, then a seat escapes before a landlord is chosen
    b = hall.create_game("doudizhu", PLAYERS, rng=random.Random(8))
    fb_b = b.first_bidder
    hall.act(b.id, fb_b, {"type": "bid", "value": 2})
    runner = (fb_b + 2) % 3
    hall.act(b.id, runner, {"type": "escape"})  # pays 3 × 2 × 1

    # C: everyone passes (redeal), then bid 1 wins and the landlord escapes
    c = hall.create_game("doudizhu", PLAYERS, rng=random.Random(9))
    fb_c = c.first_bidder
    for i in range(3):
        hall.act(c.id, (fb_c + i) % 3, {"type": "pass"})
    fb_c2 = (fb_c + 1) % 3  # the redeal moves the first bid one seat on
    hall.act(c.id, fb_c2, {"type": "bid", "value": 1})
    hall.act(c.id, (fb_c2 + 1) % 3, {"type": "pass"})
    hall.act(c.id, (fb_c2 + 2) % 3, {"type": "pass"})  # → landlord fb_c2, base 1
    hall.act(c.id, fb_c2, {"type": "escape"})

    # D: still live after one bid
    d = hall.create_game("doudizhu", PLAYERS, rng=random.Random(10))
    hall.act(d.id, d.first_bidder, {"type": "bid", "value": 1})

    # E: the first hand of a match
    match = hall.create_series("doudizhu", PLAYERS, rng=random.Random(11))
    e = hall.next_game(match.id, rng=random.Random(12))
    play_first_legal(hall, e.id)
    e = hall.game(e.id)

    catch_up(hall, batch=7)  # small pages: games straddle transactions
    games, hands, seats = rows(hall, "games"), rows(hall, "doudizhu_hands"), rows(hall, "seats")
    assert set(games) == {str(g.id) for g in (a, b, c, d, e)}
    assert len(seats) == 4 * 3  # the live game has no seats yet

    # --- A: every column, against the rules and the domain's own settlement
    m = 2 * 2 ** (len(a.settlement["bombs"]) + len(a.settlement["rockets"]))  # spring ×2
    started, ended = times(hall, a.id)
    assert games[str(a.id)] == {
        "game_id": str(a.id), "kind": "doudizhu", "players": 3,
        "player_names": json.dumps(PLAYERS, separators=(",", ":")), "options": "{}",
        "agents": '["human","greedy","random"]', "policy_mix": "1 greedy + 1 human + 1 random",
        "started": started, "ended": ended, "side": "landlord", "reason": "emptied",
        "winners": f"[{lord_a}]", "events": a.version, "rounds": None,
    }
    scores_a = [-3 * m] * 3
    scores_a[lord_a] = 6 * m
    assert hands[str(a.id)] == {
        "game_id": str(a.id), "match_id": None, "number": 1, "first_bidder": fb_a,
        "bid": 3, "landlord": lord_a, "base": 3,
        "bombs": len(a.settlement["bombs"]), "rockets": len(a.settlement["rockets"]),
        "spring": 1, "anti_spring": 0, "multiplier": m, "escape": None, "landlord_won": 1,
        "score_0": scores_a[0], "score_1": scores_a[1], "score_2": scores_a[2],
    }
    assert a.settlement["scores"] == scores_a and a.settlement["multiplier"] == m
    for seat in range(3):
        assert seats[(str(a.id), seat)] == {
            "game_id": str(a.id), "seat": seat, "kind": "doudizhu", "players": 3,
            "player": PLAYERS[seat], "role": "landlord" if seat == lord_a else "peasant",
            "policy": ["human", "greedy", "random"][seat], "won": int(seat == lord_a),
            "score": scores_a[seat], "position": (seat - fb_a) % 3, "generals": None,
            "kingdom": None, "death": None,
        }

    # --- B: escape before a landlord: the runner pays 3 × bid, the others get half each
    started, ended = times(hall, b.id)
    others = sorted({0, 1, 2} - {runner})
    assert games[str(b.id)] == {
        "game_id": str(b.id), "kind": "doudizhu", "players": 3,
        "player_names": '["ann","bob","cat"]', "options": "{}",
        "agents": '["human","human","human"]', "policy_mix": "3 human",
        "started": started, "ended": ended, "side": "escape", "reason": "escape",
        "winners": json.dumps(others, separators=(",", ":")), "events": 6, "rounds": None,
    }
    scores_b = [3.0, 3.0, 3.0]
    scores_b[runner] = -6.0
    assert hands[str(b.id)] == {
        "game_id": str(b.id), "match_id": None, "number": 1, "first_bidder": fb_b,
        "bid": 2, "landlord": None, "base": 2, "bombs": 0, "rockets": 0, "spring": 0,
        "anti_spring": 0, "multiplier": 1, "escape": runner, "landlord_won": None,
        "score_0": scores_b[0], "score_1": scores_b[1], "score_2": scores_b[2],
    }
    assert [seats[(str(b.id), s)]["role"] for s in range(3)] == ["undecided"] * 3
    assert [seats[(str(b.id), s)]["won"] for s in range(3)] == [int(s != runner)
                                                                 for s in range(3)]

    # --- C: the redeal's first bidder is recorded; the escaping landlord pays 3
    assert games[str(c.id)]["events"] == 13 and games[str(c.id)]["side"] == "escape"
    scores_c = [1.5, 1.5, 1.5]
    scores_c[fb_c2] = -3.0
    assert hands[str(c.id)] == {
        "game_id": str(c.id), "match_id": None, "number": 1, "first_bidder": fb_c2,
        "bid": 1, "landlord": fb_c2, "base": 1, "bombs": 0, "rockets": 0, "spring": 0,
        "anti_spring": 0, "multiplier": 1, "escape": fb_c2, "landlord_won": None,
        "score_0": scores_c[0], "score_1": scores_c[1], "score_2": scores_c[2],
    }
    assert [seats[(str(c.id), s)]["role"] for s in range(3)] == [
        "landlord" if s == fb_c2 else "peasant" for s in range(3)]

    # --- D: live: started, not ended, the bid so far
    started, _ = times(hall, d.id)
    assert games[str(d.id)]["started"] == started
    assert {k: games[str(d.id)][k] for k in ("ended", "side", "reason", "winners", "events")} \
        == dict.fromkeys(("ended", "side", "reason", "winners", "events"))
    assert hands[str(d.id)]["bid"] == 1 and hands[str(d.id)]["landlord"] is None
    assert hands[str(d.id)]["multiplier"] is None

    # --- E: the match is recorded on its hand
    assert hands[str(e.id)]["match_id"] == str(match.id) and hands[str(e.id)]["number"] == 1
    assert hands[str(e.id)]["score_0"] == e.settlement["scores"][0]
    assert games[str(e.id)]["events"] == e.version


def test_a_new_kind_joins_the_tables_unchanged(coin_kind: str, tmp_path,  # type: ignore[no-untyped-def]
                                              open_hall: list[GameHall]) -> None:
    hall = GameHall.from_store(f"sqlite:///{tmp_path}/coin.db")
    open_hall.append(hall)
    game = hall.create_game(coin_kind, ["x", "y", "z"], agents=["heads", "bot", "bot"])
    hall.act(game.id, 0, {"type": "call", "side": "heads"}, rng=random.Random(1))
    game = hall.game(game.id)
    catch_up(hall)
    g = rows(hall, "games")[str(game.id)]
    assert (g["kind"], g["players"], g["policy_mix"]) == ("coin", 3, "2 bot + 1 heads")
    assert (g["side"], g["reason"], g["events"]) == (
        game.outcome["side"], game.face, game.version)
    seats = rows(hall, "seats")
    assert [seats[(str(game.id), s)]["role"] for s in range(3)] == ["caller", "field", "field"]
    assert [bool(seats[(str(game.id), s)]["won"]) for s in range(3)] == [
        s in game.outcome["winners"] for s in range(3)]
    # the optional facts of its outcome land in the shared columns
    assert g["rounds"] == 1
    facts = [{k: seats[(str(game.id), s)][k] for k in ("position", "generals", "kingdom")}
             for s in range(3)]
    assert facts == [
        {"position": 0, "generals": '["heads-a","heads-b"]', "kingdom": "wei"},
        {"position": 1, "generals": '["field-a"]', "kingdom": None},
        {"position": 2, "generals": None, "kingdom": None}]
    first = 1 if 0 in game.outcome["winners"] else 0
    assert [seats[(str(game.id), s)]["death"] for s in range(3)] == [
        1 if s == first else None for s in range(3)]
    assert rows(hall, "doudizhu_hands") == {}


def test_table_columns_are_the_documented_ones(tmp_path, open_hall) -> None:  # type: ignore[no-untyped-def]
    hall = GameHall.from_store(f"sqlite:///{tmp_path}/p.db")
    open_hall.append(hall)
    view = open_view(hall)
    for table, names in columns().items():
        assert list(view.frame(table).columns) == list(names)
        assert isinstance(view.frame(table), pd.DataFrame)


@pytest.mark.parametrize("url", ["memory://"])
def test_a_memory_store_gets_an_in_memory_read_model(url: str, open_hall) -> None:  # type: ignore[no-untyped-def]
    hall = GameHall.from_store(url)
    open_hall.append(hall)
    hall.create_game("doudizhu", PLAYERS, rng=random.Random(1))
    assert catch_up(hall).events == 2  # Started, Dealt
    assert len(open_view(hall).frame("games")) == 1


def test_a_store_set_up_before_the_new_columns_gets_them(tmp_path,  # type: ignore[no-untyped-def]
                                                         open_hall: list[GameHall]) -> None:
    url = f"sqlite:///{tmp_path}/old.db"
    hall = GameHall.from_store(url)
    hall.create_game("doudizhu", PLAYERS, rng=random.Random(1))
    catch_up(hall)
    close_view(hall)
    hall.close()
    # as an older build left it: the shared tables without the added columns, its mark
    with contextlib.closing(sqlite3.connect(tmp_path / "old.db")) as db, db:
        for table, cols in ADDED.items():
            for col in cols:
                db.execute(f'ALTER TABLE {table} DROP COLUMN "{col.name}"')
        db.execute("UPDATE paiju_schema SET mark = 'paiju-1'")
    old = load(url)  # read-only: the missing columns read as missing values
    assert len(old.games) == 1 and old.games["rounds"].isna().all()

    again = GameHall.from_store(url)  # the mark is old: set up again, columns added
    open_hall.append(again)
    assert catch_up(again).events == 0
    assert list(open_view(again).frame("seats").columns) == list(columns()["seats"])
    assert list(open_view(again).frame("games").columns) == list(columns()["games"])
