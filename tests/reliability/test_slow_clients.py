"""Slow clients cannot stall the server: connections that send half a request, or half a
body, or nothing at all, while normal requests keep their pace; the server drops the
slow ones at its deadlines (service/serving.py)."""

from __future__ import annotations

import socket
import statistics
import time
from pathlib import Path

import httpx

from tests.reliability.server import Server, serving


def half_open(port: int, payload: bytes) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    if payload:
        s.sendall(payload)
    return s


def closed_by_server(s: socket.socket, within: float) -> bool:
    s.settimeout(within)
    try:
        return s.recv(65536) is not None  # b"" (closed) or an error answer, then closed
    except TimeoutError:
        return False
    except OSError:
        return True


def test_slow_and_idle_connections_do_not_stall_normal_requests(tmp_path: Path) -> None:
    # one worker with four threads, short deadlines: the easiest server to stall
    server = Server(f"sqlite:///{tmp_path}/slow.db", tmp_path / "server.log", workers=1,
                    threads=4, args=("--head-timeout", "2", "--request-timeout", "4"))
    with serving(server):
        with httpx.Client(base_url=server.url, timeout=10) as http:
            gid = http.post("/games", json={"kind": "doudizhu",
                                            "players": ["a", "b", "c"]}).json()["id"]
            # twice as many slow clients as the worker has threads, of three kinds
            slow = [half_open(server.port, b"GET /games HTTP/1.1\r\nHost: x\r\n")
                    for _ in range(3)]
            slow += [half_open(server.port, b"POST /games HTTP/1.1\r\nHost: x\r\n"
                               b"Content-Type: application/json\r\nContent-Length: 500\r\n"
                               b"\r\n{\"kind\": ") for _ in range(3)]
            slow += [half_open(server.port, b"") for _ in range(2)]
            time.sleep(0.5)
            # normal requests meanwhile: each answered promptly
            seconds = []
            for _ in range(40):
                started = time.perf_counter()
                r = http.get(f"/games/{gid}")
                seconds.append(time.perf_counter() - started)
                assert r.status_code == 200
            assert max(seconds) < 1.0, seconds
            assert statistics.median(seconds) < 0.1, seconds
            # the slow ones are dropped at the 2 s deadline for a request to arrive
            for s in slow:
                assert closed_by_server(s, within=5)
                s.close()
        assert "Worker failed to boot" not in server.log()
        assert "WORKER TIMEOUT" not in server.log()  # nobody needed the arbiter's kill


def test_gunicorn_own_errors_come_in_the_one_shape(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path}/errors.db", tmp_path / "server.log", workers=1)
    with serving(server):
        cases = {
            b"GET /" + b"x" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n": 414,
            b"GET /games HTTP/1.1\r\nHost: x\r\nX-Big: " + b"y" * 9000 + b"\r\n\r\n": 431,
            b"GET /games HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(60))
            + b"\r\n": 431,
            b"NONSENSE\r\n\r\n": 400,
            b"GET /games HTTP/9.9\r\nHost: x\r\n\r\n": 400,
        }
        for raw, status in cases.items():
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
                s.sendall(raw)
                answer = b""
                while chunk := s.recv(65536):
                    answer += chunk
            head, _, body = answer.partition(b"\r\n\r\n")
            assert head.split(b" ")[1] == str(status).encode(), head
            assert b"application/json" in head, head
            import json

            parsed = json.loads(body)
            assert set(parsed) == {"error", "message"}, parsed
        # a body over the limit is refused before it is read, and the answer arrives
        with httpx.Client(base_url=server.url, timeout=10) as http:
            for size in (70_000, 2_000_000):
                r = http.post("/games", content=b'{"kind": "doudizhu"}' + b" " * size,
                              headers={"Content-Type": "application/json"})
                assert r.status_code == 413 and set(r.json()) == {"error", "message"}
            assert http.get("/health").status_code == 200
