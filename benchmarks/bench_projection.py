"""Benchmark: how fast the analytics projection consumes the notification log.

    python benchmarks/bench_projection.py                 # 1 million events, temp SQLite
    python benchmarks/bench_projection.py --events 100000 # a quick run
    python benchmarks/bench_projection.py --store postgresql://postgres@127.0.0.1:5432/test?schema=bench

Fills the store with simulated Dou Dizhu hands (random and greedy bots, fixed seeds) until
it holds ``--events`` events (an existing store is reused), then measures in one run:

* raw read: paging through the whole log with ``select_notifications`` (no decoding);
* raw read + decode: the same, turning every notification into a domain event;
* projection: ``catch_up`` from position 0 (tables emptied first), which reads only the
  topics it needs, decodes them and commits a page per transaction with its tracking row;
* projection, unfiltered: the same but fetching and decoding every event, to show what
  the topic filter buys;
* win-rate tables: reading the tables into pandas and computing every win-rate and Dou
  Dizhu table.

Rates are events of the log per second; the ratio is projection ÷ raw read (target ≥ 0.5).
Not a test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from analytics import balance, doudizhu
from analytics.projection import catch_up, close_view, open_view
from analytics.tables import from_view
from analytics.translate import Translator
from analytics.winrates import seat_advantage, win_rates
from service.hall import GameHall
from service.simulation import simulate


class Unfiltered(Translator):
    """The same table logic, but asking the log for every topic."""

    @property
    def topics(self) -> tuple[str, ...]:
        return ()


def fill(hall: GameHall, events: int, seed: int) -> None:
    have = hall.recorder.max_notification_id() or 0
    chunk = 0
    while have < events:
        hands = max(50, min(2000, (events - have) // 55))
        policy = ("random", "greedy", "greedy,random,random")[chunk % 3]
        summary = simulate(hall, "doudizhu", hands, policy, seed=seed + chunk)
        have = hall.recorder.max_notification_id() or 0
        print(f"  simulated {summary.line()}; store holds {have} events", flush=True)
        chunk += 1


def best(runs: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(runs):
        started = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - started)
    return min(times), result


def raw_read(hall: GameHall, batch: int, decode: bool) -> int:
    start, n = 1, 0
    while True:
        page = hall.recorder.select_notifications(start, batch)
        if not page:
            return n
        if decode:
            for notification in page:
                hall.mapper.to_domain_event(notification)
        n += len(page)
        start = page[-1].id + 1


def all_tables(hall: GameHall) -> int:
    t = from_view(open_view(hall), hall.name)
    hands = t.hands[t.hands["game_id"].isin(t.finished["game_id"])]
    g = t.finished
    tables = [
        win_rates(t.games, t.seats), win_rates(t.games, t.seats, pooled=True),
        seat_advantage(t.games, t.seats), balance.position_rates(t.games, t.seats),
        balance.controlled_rates(t.games, t.seats), balance.game_length(t.games),
        doudizhu.landlord_win_by_bid(hands, g), doudizhu.expected_score_by_bid(hands, g),
        doudizhu.multiplier_distribution(hands, g), doudizhu.bombs_per_hand(hands, g),
        doudizhu.spring_rates(hands, g), doudizhu.score_distribution(hands, g),
        doudizhu.bid_order_advantage(hands, t.seats, g),
    ]
    for kind in t.kinds:
        tables.append(win_rates(t.games, t.seats, kind=kind))
    return len(t.finished)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--store", default=None, help="default: a temporary SQLite file")
    parser.add_argument("--batch", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=2, help="best of N for each timing")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    tmp = tempfile.TemporaryDirectory(prefix="paiju-bench-")
    url = args.store or f"sqlite:///{Path(tmp.name) / 'bench.db'}"
    hall = GameHall.from_store(url)
    print(f"store {url}")
    fill(hall, args.events, args.seed)
    total = hall.recorder.max_notification_id() or 0
    view = open_view(hall)

    raw_s, n = best(args.runs, lambda: raw_read(hall, args.batch, decode=False))
    assert n == total
    dec_s, _ = best(args.runs, lambda: raw_read(hall, args.batch, decode=True))

    def project(translator: Translator) -> Any:
        view.reset(hall.name)
        view.translator = translator
        return catch_up(hall, view, batch=args.batch)

    unf_s, _ = best(1, lambda: project(Unfiltered()))
    proj_s, progress = best(args.runs, lambda: project(Translator()))
    assert view.position(hall.name) >= total - 2  # the last events are GameEnded/kin
    tables_s, games = best(args.runs, lambda: all_tables(hall))

    rows = [
        ("raw read (select_notifications)", raw_s),
        ("raw read + decode every event", dec_s),
        ("projection (topic-filtered, tracked)", proj_s),
        ("projection, unfiltered", unf_s),
    ]
    print(f"\n{total:,} events, {games:,} finished games, pages of {args.batch}; "
          f"projection used {progress.events:,} events in {progress.batches} transactions\n")
    print(f"{'':40} {'seconds':>9} {'events/s':>12} {'÷ raw read':>11}")
    for name, seconds in rows:
        rate = total / seconds
        print(f"{name:40} {seconds:9.2f} {rate:12,.0f} {raw_s / seconds:11.2f}")
    print(f"{'win-rate tables from the read model':40} {tables_s:9.2f}")
    print(f"{'… from scratch (projection + tables)':40} {proj_s + tables_s:9.2f}")
    close_view(hall)
    hall.close()
    tmp.cleanup()


if __name__ == "__main__":
    main()
