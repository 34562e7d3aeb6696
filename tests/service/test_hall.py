"""The GameHall on SQLite and PostgreSQL: create, act, replay, matches, concurrency."""

from __future__ import annotations

import gc
import random
import threading
from typing import Any

import pytest

from domain.doudizhu.bots import POLICIES
from domain.doudizhu.match import HandStillLive
from domain.game import IllegalAction, InvalidSetup
from service import simulation
from service.hall import Conflict, GameHall, NotFound
from service.simulation import simulate


def test_a_game_survives_a_new_hall(hall: GameHall, store: str) -> None:
    game = hall.create_game("doudizhu", ["a", "b", "c"], rng=random.Random(1))
    seat = game.to_act()[0]
    hall.act(game.id, seat, {"type": "bid", "value": 3})
    again = GameHall.from_store(store)
    try:
        reloaded = again.game(game.id)
        assert reloaded.view("referee") == hall.game(game.id).view("referee")
        assert reloaded.landlord == seat and reloaded.phase == "playing"
    finally:
        again.close()


def test_illegal_action_records_nothing(hall: GameHall) -> None:
    game = hall.create_game("doudizhu", ["a", "b", "c"], rng=random.Random(2))
    other = (game.to_act()[0] + 1) % 3
    with pytest.raises(IllegalAction):
        hall.act(game.id, other, {"type": "bid", "value": 1})
    assert len(hall.history(game.id)) == game.version == 2


def test_stale_expected_version_is_a_conflict(hall: GameHall) -> None:
    game = hall.create_game("doudizhu", ["a", "b", "c"], rng=random.Random(3))
    seat = game.to_act()[0]
    with pytest.raises(Conflict):
        hall.act(game.id, seat, {"type": "pass"}, expected_version=1)
    hall.act(game.id, seat, {"type": "pass"}, expected_version=2)
    assert hall.game(game.id).version == 3


def test_two_racing_actions_one_wins(hall: GameHall, store: str) -> None:
    game = hall.create_game("doudizhu", ["a", "b", "c"], rng=random.Random(4))
    seat = game.to_act()[0]
    # both halls load the game at the same version before either saves
    other = GameHall.from_store(store)
    a, b = hall.game(game.id), other.game(game.id)
    a.act(seat, {"type": "bid", "value": 1})
    b.act(seat, {"type": "bid", "value": 2})
    results = []

    def save(h: GameHall, g: object) -> None:
        try:
            h._save(g)  # noqa: SLF001
            results.append("ok")
        except Conflict:
            results.append("conflict")

    threads = [threading.Thread(target=save, args=(hall, a)),
               threading.Thread(target=save, args=(other, b))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    other.close()
    assert sorted(results) == ["conflict", "ok"]
    stored = hall.history(game.id)
    assert len(stored) == 3 and type(stored[-1]).__name__ == "BidPlaced"


def test_replay_at_any_version(hall: GameHall) -> None:
    rng = random.Random(5)
    game = hall.create_game("doudizhu", ["a", "b", "c"], rng=rng)
    views = {game.version: game.view("referee")}
    while game.outcome is None:
        seat = game.to_act()[0]
        game = hall.act(game.id, seat, POLICIES["random"](game, seat, rng), rng=rng)
        views[game.version] = game.view("referee")
    for n, view in views.items():
        assert hall.game_at(game.id, n).view("referee") == view
    with pytest.raises(IllegalAction):
        hall.game_at(game.id, game.version + 1)


def test_match_deals_rotating_first_bidders_and_keeps_totals(hall: GameHall) -> None:
    rng = random.Random(6)
    match = hall.create_series("doudizhu", ["ann", "bob", "cat"], rng=rng)
    firsts, totals = [], [0, 0, 0]
    for _ in range(3):
        hand = hall.next_game(match.id, rng=rng)
        with pytest.raises(HandStillLive):
            hall.next_game(match.id, rng=rng)
        firsts.append(hand.first_bidder)
        while hand.outcome is None:
            seat = hand.to_act()[0]
            hand = hall.act(hand.id, seat, POLICIES["greedy"](hand, seat, rng), rng=rng)
        totals = [t + s for t, s in zip(totals, hand.settlement["scores"], strict=True)]
    m = hall.series(match.id)
    assert firsts == [(match.first_bidder + i) % 3 for i in range(3)]
    assert m.totals == totals and sum(m.totals) == 0
    assert [h["number"] for h in m.view()["hands"]] == [1, 2, 3]


def test_unknown_things(hall: GameHall) -> None:
    with pytest.raises(NotFound):
        hall.game("00000000-0000-0000-0000-000000000000")
    with pytest.raises(NotFound):
        hall.game("not-a-uuid")
    with pytest.raises(InvalidSetup):
        hall.create_game("chess", ["a", "b"])
    with pytest.raises(InvalidSetup):
        hall.create_game("doudizhu", ["a", "b"])


def test_simulation_stores_replayable_games_and_lists_them(hall: GameHall) -> None:
    summary = simulate(hall, "doudizhu", 12, "greedy", seed=9)
    assert summary.games == 12 and sum(summary.sides.values()) == 12
    rows, cursor = hall.list_games(kind="doudizhu", limit=5)
    assert len(rows) == 5 and cursor is not None
    more, _ = hall.list_games(kind="doudizhu", limit=50, cursor=cursor)
    assert len(rows) + len(more) == 12
    assert all(r["status"] == "finished" for r in rows + more)
    assert {r["id"] for r in rows}.isdisjoint({r["id"] for r in more})
    first = hall.game(summary.first_id)
    assert first.outcome is not None
    assert hall.list_games(status="live")[0] == []


@pytest.mark.postgres
def test_a_new_postgres_schema_is_created_on_first_use(pg_schema: str) -> None:
    import psycopg

    from tests.conftest import PG_DSN

    fresh = pg_schema + "_new"
    hall = GameHall.from_store(f"{PG_DSN}?schema={fresh}")
    try:
        game = hall.create_game("doudizhu", ["a", "b", "c"])
        assert hall.game(game.id).version == 2
    finally:
        hall.close()
        with psycopg.connect(PG_DSN, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {fresh} CASCADE")


def test_a_store_that_cannot_be_opened_says_so() -> None:
    from service.store import StoreError

    with pytest.raises(StoreError, match="unknown store"):
        GameHall.from_store("oracle://somewhere")


def test_simulation_collects_rarely_while_it_runs_and_restores_the_collector(
        hall: GameHall, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, ...]] = []
    real = simulation.play_out

    def watching(*args: Any) -> Any:
        seen.append(gc.get_threshold())
        return real(*args)

    monkeypatch.setattr(simulation, "play_out", watching)
    before = gc.get_threshold()
    simulate(hall, "doudizhu", 3, "random", seed=1)
    assert gc.get_threshold() == before
    assert seen and all(t[0] > before[0] for t in seen)


def test_a_run_with_workers_names_one_of_its_own_games(tmp_path: Any, monkeypatch: Any) -> None:
    # given: a store that already holds an earlier run's games
    monkeypatch.setattr(simulation, "CHUNK", 3)  # several worker tasks with few games
    store = f"sqlite:///{tmp_path}/runs.db"
    hall = GameHall.from_store(store)
    try:
        simulate(hall, "doudizhu", 4, "random", seed=1)
        before = set(hall.iter_game_ids("doudizhu"))
        # when: a second run is played by two worker processes
        summary = simulate(hall, "doudizhu", 9, "random", seed=2, workers=2, store=store)
        # then: the game it offers to replay is one of this run's
        assert summary.first_id is not None
        assert hall.game(summary.first_id).id not in before
    finally:
        hall.close()
