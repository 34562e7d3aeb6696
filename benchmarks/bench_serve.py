"""Serving under load, faults and hostile input: the figures of docs/reliability.md.

    python benchmarks/bench_serve.py                       # SQLite, one server
    python benchmarks/bench_serve.py --store postgres      # PostgreSQL, two servers

Everything runs on 127.0.0.1 against ``paiju serve`` started here, for a bounded time.

1. **Reads**: ``GET /games/{id}`` (a live Dou Dizhu hand, as its seat, token checked)
   against ``GET /health`` of the same server, in alternating one-second rounds from
   client processes; each round's rate is divided by the trivial endpoint's in the same
   pair of rounds and the median of those ratios is reported (target ≥ 0.5), with its
   range (the shared machine's speed moves from second to second).
2. **Load held**: clients playing whole hands (``expected_version`` on every move, one in
   five sent twice at once), then the exactly-once check of every accepted action.
3. **Faults**: the same load while a worker, then the whole server, is SIGKILLed (and
   restarted); what was lost.
4. **Hostile inputs**: the requests of tests/reliability/test_hostile_inputs.py and raw
   malformed HTTP, sent to the live server; how many got a 5xx or broke the shape.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing as mp
import os
import socket
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.reliability.server import (  # noqa: E402
    Server,
    check_exactly_once,
    load,
)
from tests.reliability.test_kill import killing  # noqa: E402

PG = os.environ.get("PAIJU_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def hammer(port: int, paths: list[tuple[str, dict[str, str]]], seconds: float,
           out: Any) -> None:
    """One client process: GETs round-robin over ``paths`` on one kept-alive connection."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    done, i, end = 0, 0, time.perf_counter() + seconds
    while time.perf_counter() < end:
        path, headers = paths[i % len(paths)]
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        response.read()
        assert response.status == 200, response.status
        done, i = done + 1, i + 1
    conn.close()
    out.put(done)


def rate(port: int, paths: list[tuple[str, dict[str, str]]], clients: int,
         seconds: float) -> float:
    ctx = mp.get_context("fork")
    out = ctx.Queue()
    procs = [ctx.Process(target=hammer, args=(port, paths, seconds, out))
             for _ in range(clients)]
    for p in procs:
        p.start()
    total = sum(out.get(timeout=seconds + 60) for _ in procs)
    for p in procs:
        p.join()
    return total / seconds


def reads(server: Server, clients: int, rounds: int) -> dict[str, Any]:
    import httpx

    games = []
    with httpx.Client(base_url=server.url, timeout=30) as h:
        for _ in range(20):
            g = h.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"]}).json()
            seat = h.get(f"/games/{g['id']}").json()["to_act"][0]
            games.append((f"/games/{g['id']}",
                          {"Authorization": f"Bearer {g['tokens']['seats'][seat]}"}))
    trivial = [("/health", {})]
    rate(server.port, games + trivial, clients, 1.0)  # warm every worker
    ratios, view_rates, health_rates = [], [], []
    for r in range(rounds):
        order = [(games, view_rates), (trivial, health_rates)]
        for paths, sink in order if r % 2 else reversed(order):
            sink.append(rate(server.port, paths, clients, 1.0))
        ratios.append(view_rates[-1] / health_rates[-1])
    return {"clients": clients, "rounds": rounds,
            "game_rps": statistics.median(view_rates),
            "health_rps": statistics.median(health_rates),
            "ratio": statistics.median(ratios), "low": min(ratios), "high": max(ratios)}


def held(servers: list[Server], store: str, clients: int, seconds: float,
         kills: tuple[float, ...] = ()) -> dict[str, Any]:
    log: list[str] = []
    ledger = load([s.url for s in servers], clients, seconds, racing=not kills,
                  during=killing(servers, kills, log) if kills else None)
    figures = check_exactly_once(store, ledger)  # raises if anything was lost or doubled
    lat = sorted(ledger.latencies)
    return {
        "clients": clients, "seconds": seconds, "requests": len(lat),
        "actions_per_s": figures["accepted"] / seconds, "accepted": figures["accepted"],
        "games": figures["games"], "p50_ms": 1000 * lat[len(lat) // 2],
        "p99_ms": 1000 * lat[int(len(lat) * 0.99)], "statuses": dict(sorted(
            ledger.statuses.items())), "no_answer": ledger.unknown, "kills": log,
        "lost_or_doubled": 0,
    }


def hostile(server: Server) -> dict[str, Any]:
    """Each hostile input once against the live server: statuses seen, shape kept."""
    import httpx

    from tests.reliability.test_hostile_inputs import CREATE

    bodies = [CREATE % n for n in (r'"nul\u0000"', r'"\ud800"', r'"\u001b[31m"',
                                   json.dumps("n" * 10_000))]
    bodies += ['{"kind": "doudizhu", "players": ["a","b","c"], "options": {"x": '
               + "[" * d + "]" * d + "}}" for d in (20, 5_000, 30_000)]
    bodies += [CREATE % '"a"' + " " * 200_000, "{not json"]
    gets = ["/games?cursor=9223372036854775807", "/games?limit=99999999999999999999999",
            "/games/x/events?upto=9223372036854775808", "/games?kind=%00", "/nowhere"]
    raw = [b"GET /" + b"x" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
           b"GET / HTTP/1.1\r\nHost: x\r\nX: " + b"y" * 9000 + b"\r\n\r\n",
           b"NONSENSE\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n"]
    statuses: dict[int, int] = {}
    broken = 0
    with httpx.Client(base_url=server.url, timeout=30) as h:
        answers = [h.post("/games", content=b.encode("utf-8", "surrogatepass"),
                          headers={"Content-Type": "application/json"}) for b in bodies]
        answers += [h.get(g) for g in gets] + [h.delete("/games")]
        for a in answers:
            statuses[a.status_code] = statuses.get(a.status_code, 0) + 1
            broken += a.status_code >= 500 or set(a.json()) != {"error", "message"}
    for data in raw:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            s.sendall(data)
            answer = b"".join(iter(lambda s=s: s.recv(65536), b""))
        head, _, body = answer.partition(b"\r\n\r\n")
        status = int(head.split(b" ")[1])
        statuses[status] = statuses.get(status, 0) + 1
        broken += status >= 500 or set(json.loads(body)) != {"error", "message"}
    return {"inputs": sum(statuses.values()), "statuses": dict(sorted(statuses.items())),
            "5xx_or_bad_shape": broken}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--read-clients", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--clients", type=int, default=24)
    parser.add_argument("--seconds", type=float, default=30)
    args = parser.parse_args()
    os.environ["PAIJU_RATE_LIMITS"] = "off"  # every client is 127.0.0.1
    tmp = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    schema = None
    if args.store == "sqlite":
        store, count = f"sqlite:///{tmp}/bench.db", 1
    else:
        schema = "bench_" + uuid.uuid4().hex[:8]
        store, count = f"{PG}?schema={schema}", 2
    servers = [Server(store, tmp / f"server{i}.log", workers=args.workers,
                      threads=args.threads) for i in range(count)]
    report: dict[str, Any] = {"store": args.store, "servers": count,
                              "workers": args.workers, "threads": args.threads}
    try:
        for s in servers:
            s.start()
        for s in servers:
            s.wait_ready()
        report["reads"] = reads(servers[0], args.read_clients, args.rounds)
        print(json.dumps(report, indent=1), flush=True)
        report["load"] = held(servers, store, args.clients, args.seconds)
        print(json.dumps(report["load"], indent=1), flush=True)
        kills = tuple(args.seconds * f for f in (0.2, 0.45, 0.7))
        report["faults"] = held(servers, store, args.clients, args.seconds, kills)
        print(json.dumps(report["faults"], indent=1), flush=True)
        report["hostile"] = hostile(servers[0])
    finally:
        for s in servers:
            s.stop()
        if schema:
            import psycopg

            with psycopg.connect(PG, autocommit=True) as conn:
                conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
