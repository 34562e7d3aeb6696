"""`paiju serve` (gunicorn) on a free loopback port: play a hand over real HTTP, then stop."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_gunicorn_serves_a_whole_hand(tmp_path: Path) -> None:
    port = free_port()
    env = dict(os.environ, PAIJU_SECRET_KEY="e2e-secret-" + "0" * 32,
               PAIJU_STORE=f"sqlite:///{tmp_path}/paiju.db")
    paiju = [sys.executable, "-c", "from service.cli import main; main()"]
    server = subprocess.Popen([*paiju, "serve", "--bind", f"127.0.0.1:{port}", "--workers", "2"],
                              env=env, cwd=tmp_path, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=base, timeout=10) as http:
            deadline = time.monotonic() + 90  # a loaded machine starts slowly
            while True:
                try:
                    http.get("/games")
                    break
                except httpx.TransportError:
                    assert time.monotonic() < deadline, "the server did not start"
                    assert server.poll() is None, server.stdout.read().decode()  # type: ignore[union-attr]
                    time.sleep(0.2)
            g = http.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"]}).json()
            seats = g["tokens"]["seats"]
            rng = random.Random(1)
            view = http.get(f"/games/{g['id']}").json()
            while view["status"] == "live":
                seat = view["to_act"][0]
                auth = {"Authorization": f"Bearer {seats[seat]}"}
                mine = http.get(f"/games/{g['id']}", headers=auth).json()
                r = http.post(f"/games/{g['id']}/actions", headers=auth,
                              json={"action": rng.choice(mine["legal_actions"])})
                assert r.status_code == 200, r.text
                view = r.json()
            assert sum(s["score"] for s in view["outcome"]["seats"]) == 0
            assert http.get("/docs/openapi.json").status_code == 200
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)
    assert server.returncode is not None
