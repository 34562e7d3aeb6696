"""Real servers for the reliability suite: ``paiju serve`` on loopback, and clients that
play Dou Dizhu through it and write down every answer they got.

Everything stays on 127.0.0.1, and every loop is bounded in count and in time.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

KEY = "reliability-suite-key-" + "0" * 16
PAIJU = [sys.executable, "-c", "from service.cli import main; main()"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``paiju serve`` in its own session (so a SIGKILL reaches only what it started)."""

    def __init__(self, store: str, log: Path, *, workers: int = 2, threads: int = 4,
                 port: int | None = None, env: dict[str, str] | None = None,
                 args: tuple[str, ...] = ()) -> None:
        self.store, self.log_path = store, log
        self.workers, self.threads, self.args = workers, threads, args
        self.port = port or free_port()
        self.env = dict(os.environ, PAIJU_SECRET_KEY=KEY, **(env or {}))
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [*PAIJU, "serve", "--bind", f"127.0.0.1:{self.port}", "--workers",
             str(self.workers), "--threads", str(self.threads), "--store", self.store,
             *self.args],
            env=self.env, cwd=self.log_path.parent, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True)
        log.close()
        return self

    def wait_ready(self, timeout: float = 90) -> Server:
        """Until every worker answers (each connection may land on any of them)."""
        deadline = time.monotonic() + timeout
        while True:
            assert self.process is not None
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited ({self.process.returncode}):\n"
                                     + self.log())
            if len(self.worker_pids()) >= self.workers:
                try:
                    if httpx.get(self.url + "/health", timeout=2).status_code == 200:
                        return self
                except httpx.TransportError:
                    pass
            if time.monotonic() > deadline:
                raise AssertionError("the server did not start:\n" + self.log())
            time.sleep(0.2)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:]

    def worker_pids(self) -> list[int]:
        assert self.process is not None
        return sorted(children_of(self.process.pid))

    def kill(self) -> None:
        """SIGKILL the master and every worker at once: a machine losing power."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=20)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


@contextmanager
def serving(*servers: Server) -> Iterator[tuple[Server, ...]]:
    """Start every server at once (they race to set the store up), stop them after."""
    try:
        for s in servers:
            s.start()
        for s in servers:
            s.wait_ready()
        yield servers
    finally:
        for s in servers:
            s.stop()


def children_of(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


# --- clients -------------------------------------------------------------------------
@dataclass
class Accepted:
    """An action the server said yes to: the version it was sent at and the view after."""

    game_id: str
    seat: int
    expected: int
    view: dict[str, Any]


@dataclass
class Ledger:
    """Every answer of a load run, shared by the client threads."""

    accepted: list[Accepted] = field(default_factory=list)
    created: dict[str, int] = field(default_factory=dict)  # game id → version at creation
    #: game id → versions the game was seen at after an answer was lost (a killed server)
    resynced: dict[str, list[int]] = field(default_factory=dict)
    statuses: dict[int, int] = field(default_factory=dict)
    unknown: int = 0  # requests that got no answer (transport errors)
    latencies: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def count(self, status: int, seconds: float) -> None:
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1
            self.latencies.append(seconds)


def play(urls: list[str], ledger: Ledger, stop: threading.Event, seed: int,
         racing: bool = True) -> None:
    """One client: seat a Dou Dizhu table, play it out move by move with
    ``expected_version``, then the next, until ``stop``. With ``racing`` it sometimes
    sends the same move twice at once (a retry storm): one may win, never both."""
    rng = random.Random(seed)
    with httpx.Client(timeout=30) as http:
        while not stop.is_set():
            try:
                table(http, urls, ledger, stop, rng, racing)
            except httpx.TransportError:
                with ledger.lock:
                    ledger.unknown += 1
                time.sleep(0.2)


def timed(ledger: Ledger, send: Any) -> httpx.Response:
    started = time.perf_counter()
    r = send()
    ledger.count(r.status_code, time.perf_counter() - started)
    return r  # type: ignore[no-any-return]


def table(http: httpx.Client, urls: list[str], ledger: Ledger, stop: threading.Event,
          rng: random.Random, racing: bool) -> None:
    url = rng.choice(urls)
    r = timed(ledger, lambda: http.post(url + "/games", json={
        "kind": "doudizhu", "players": ["ann", "bob", "cat"]}))
    assert r.status_code == 201, r.text
    gid, seats = r.json()["id"], r.json()["tokens"]["seats"]
    with ledger.lock:
        ledger.created[gid] = r.json()["version"]
    view = http.get(f"{url}/games/{gid}").json()
    for _ in range(400):
        if stop.is_set() or view["status"] != "live":
            return
        seat = view["to_act"][0]
        auth = {"Authorization": f"Bearer {seats[seat]}"}
        url = rng.choice(urls)  # any server of the store may take the next move
        mine = timed(ledger, lambda u=url, a=auth: http.get(f"{u}/games/{gid}", headers=a))
        assert mine.status_code == 200, mine.text
        if "legal_actions" not in mine.json():  # the game moved on since this client looked
            view = resync(http, urls, gid, ledger)
            continue
        body = {"action": rng.choice(mine.json()["legal_actions"]),
                "expected_version": mine.json()["version"]}
        send = lambda u=url, a=auth, b=body: http.post(  # noqa: E731
            f"{u}/games/{gid}/actions", json=b, headers=a)
        try:
            answers = race(send, ledger) if racing and rng.random() < 0.2 else \
                [timed(ledger, send)]
        except httpx.TransportError:
            with ledger.lock:
                ledger.unknown += 1
            view = resync(http, urls, gid, ledger)
            continue
        won = [a for a in answers if a.status_code == 200]
        for a in answers:
            assert a.status_code in (200, 409), (a.status_code, a.text)
        with ledger.lock:
            ledger.accepted.extend(Accepted(gid, seat, body["expected_version"], a.json())
                                   for a in won)
        view = won[0].json() if won else http.get(f"{url}/games/{gid}").json()


def race(send: Any, ledger: Ledger) -> list[httpx.Response]:
    answers: list[Any] = [None, None]

    def one(i: int) -> None:
        try:
            answers[i] = timed(ledger, send)
        except httpx.TransportError as e:
            answers[i] = e

    threads = [threading.Thread(target=one, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    for a in answers:
        if isinstance(a, Exception) or a is None:
            raise httpx.TransportError("a racing request got no answer")
    return answers


def resync(http: httpx.Client, urls: list[str], gid: str, ledger: Ledger) -> dict[str, Any]:
    """After a lost answer: see where the game stands, once it has settled.

    A killed server's last transaction may still commit after its client saw the
    connection drop (PostgreSQL finishes a COMMIT it has received), so the game is read
    until two reads half a second apart agree.
    """
    deadline = time.monotonic() + 120
    seen = None
    while True:
        time.sleep(0.5)
        try:
            view = http.get(f"{random.choice(urls)}/games/{gid}", timeout=5).json()
        except (httpx.TransportError, ValueError):
            if time.monotonic() > deadline:
                raise
            continue
        if seen is not None and view["version"] == seen:
            with ledger.lock:
                ledger.resynced.setdefault(gid, []).append(view["version"])
            return view  # type: ignore[no-any-return]
        seen = view["version"]


def load(urls: list[str], clients: int, seconds: float, racing: bool = True,
         during: Any = None) -> Ledger:
    """``clients`` threads playing for ``seconds``; ``during(elapsed)`` is called about
    every 0.1 s from the main thread (faults are injected there)."""
    ledger, stop = Ledger(), threading.Event()
    threads = [threading.Thread(target=play, args=(urls, ledger, stop, i, racing),
                                daemon=True) for i in range(clients)]
    started = time.monotonic()
    for t in threads:
        t.start()
    while (elapsed := time.monotonic() - started) < seconds:
        if during is not None:
            during(elapsed)
        time.sleep(0.1)
    stop.set()
    for t in threads:
        t.join(timeout=150)
    assert not any(t.is_alive() for t in threads), "a client did not stop"
    return ledger


# --- the exactly-once check ----------------------------------------------------------------
def check_exactly_once(store: str, ledger: Ledger) -> dict[str, int]:
    """Every accepted action is in the store exactly once, and nothing else is.

    Per game, the accepted actions (and the versions seen after lost answers) chain: each
    was sent at the version the previous one left, so no refused or doubled request left
    an event between them; the view each answer carried is the view the store rebuilds at
    that version; and the store ends where the last of them left the game.
    """
    from service.hall import GameHall

    hall = GameHall.from_store(store)
    hall.repository.cache = None  # read what is stored, not what this process cached
    by_game: dict[str, list[Accepted]] = {}
    for a in ledger.accepted:
        by_game.setdefault(a.game_id, []).append(a)
    checked = 0
    try:
        for gid, created in ledger.created.items():
            moves = sorted(by_game.get(gid, []), key=lambda a: a.expected)
            expected = [m.expected for m in moves]
            assert len(expected) == len(set(expected)), f"{gid}: two moves accepted at once"
            known = {created, *ledger.resynced.get(gid, [])} | {m.view["version"]
                                                                 for m in moves}
            for m in moves:
                assert m.expected in known, f"{gid}: a move at {m.expected}, never seen"
                stored = hall.game(gid, version=m.view["version"]).view(m.seat)
                assert stored == m.view, f"{gid}: the store differs at {m.view['version']}"
                checked += 1
            latest = hall.game(gid).version
            last = max(known)
            assert latest == last, f"{gid}: stored up to {latest}, last answer left {last}"
    finally:
        hall.close()
    return {"games": len(ledger.created), "accepted": checked}
