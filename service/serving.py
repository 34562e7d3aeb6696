"""``paiju serve``: the API under gunicorn, with workers a few slow clients cannot stall.

Why: a sync gunicorn worker serves one connection at a time, so two clients that sent
half a request and waited held a two-worker server for 30 s, and gunicorn's threaded
worker still reads each request in a pool thread, so as many slow senders as threads
stall it just the same. :class:`PaijuWorker` is gunicorn's ``gthread`` worker that reads
every request *whole* (head and ``Content-Length`` body, up to the body limit) in its
main loop, without blocking, before a pool thread sees it: a thread only ever handles a
request that has fully arrived. A request must arrive within ``--head-timeout`` seconds
(of connecting, or of the first byte on a kept-alive connection), or its connection is
closed; and a handled request (bodies sent chunked or after ``Expect:
100-continue``, which are still read by the thread, the handling, the answer) gets
``--request-timeout`` seconds before its socket is shut down from the main loop, which
frees the thread at once. Nobody waits on the arbiter's 30 s ``--timeout`` and no worker
is restarted. The answers gunicorn writes itself (400, 414, 431, ...) come in paiju's
one error shape, ``{"error": code, "message": text}``, instead of HTML pages.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import selectors
import socket
import sys
import time
from functools import partial
from typing import Any

import click
from gunicorn import util
from gunicorn.workers.gthread import ThreadWorker

from service.store import StoreError, store_env, store_url
from service.tokens import key_problem

HEAD_TIMEOUT = 10.0
REQUEST_TIMEOUT = 60.0
MAX_HEAD = 65536  # bytes read ahead for a request head; more goes to gunicorn to refuse
CONTENT_LENGTH = re.compile(rb"\r\ncontent-length:[ \t]*(\d+)")


def arrival(buf: bytes | bytearray, max_body: int) -> str | int:
    """How far a request has arrived: ``"partial"``, ``"whole"``, ``"thread"`` (a head too
    big to read ahead, a chunked body, a client waiting for 100: gunicorn reads the rest
    in the thread), or the body's length when it is over ``max_body`` (refused at once)."""
    end = buf.find(b"\r\n\r\n")
    if end < 0:
        return "thread" if len(buf) > MAX_HEAD else "partial"
    head = bytes(buf[:end]).lower()
    if b"\r\ntransfer-encoding:" in head or b"\r\nexpect:" in head:
        return "thread"
    found = CONTENT_LENGTH.search(head)
    length = int(found.group(1)) if found else 0
    if length > max_body:
        return length
    return "whole" if len(buf) - end - 4 >= length else "partial"


class PaijuWorker(ThreadWorker):
    """gunicorn's threaded worker, reading each request whole before a thread takes it."""

    def init_process(self) -> None:
        self.head_timeout = float(os.environ.get("PAIJU_HEAD_TIMEOUT") or HEAD_TIMEOUT)
        self.request_timeout = float(os.environ.get("PAIJU_REQUEST_TIMEOUT")
                                     or REQUEST_TIMEOUT)
        self.max_body = int(os.environ.get("PAIJU_MAX_BODY_BYTES") or 65536)
        self.arriving: dict[Any, float] = {}  # connection → when its request must be in
        self.deadlines: dict[Any, float] = {}  # connection → when its handling must end
        util.write_error = write_json_error  # gunicorn's own answers, in this process
        super().init_process()

    # --- reading ahead, in the main loop ---------------------------------------------
    def enqueue_req(self, conn: Any) -> None:
        """Every way a request reaches the pool (new, kept-alive, deferred) comes here."""
        if conn.parser is not None and conn.parser.unreader.buf.getvalue():
            super().enqueue_req(conn)  # read-ahead of a pipelined request: let it through
            return
        conn.prebuf = bytearray()
        conn.sock.setblocking(False)
        self.arriving[conn] = time.monotonic() + self.head_timeout
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.read_ahead, conn))

    def read_ahead(self, conn: Any, client: Any) -> None:
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:  # the client went away before its request was in
            self._drop(conn)
            return
        discarding = getattr(conn, "discarding", 0)
        if discarding:  # the rest of a body refused with 413, read so the answer arrives
            conn.discarding = discarding - len(data)
            if conn.discarding <= 0:
                self._drop(conn)
            return
        conn.prebuf += data
        state = arrival(conn.prebuf, self.max_body)
        if state in ("whole", "thread"):
            self.poller.unregister(conn.sock)
            self.arriving.pop(conn, None)
            conn.data_ready = True
            super().enqueue_req(conn)
        elif isinstance(state, int):
            self._refuse_body(conn, state)

    def _refuse_body(self, conn: Any, length: int) -> None:
        """413 before the body is read; then read and drop the body (until the arrival
        deadline), since closing with unread data would reset the connection and lose
        the answer on the way."""
        end = conn.prebuf.find(b"\r\n\r\n") + 4
        conn.discarding = length - (len(conn.prebuf) - end)
        conn.prebuf = bytearray()
        with contextlib.suppress(OSError):
            write_json_error(conn.sock, 413, "Request Entity Too Large",
                             f"a request body is at most {self.max_body} bytes, not {length}")
        if conn.discarding <= 0:
            self._drop(conn)

    def _drop(self, conn: Any) -> None:
        self.arriving.pop(conn, None)
        with contextlib.suppress(OSError, KeyError, ValueError):
            self.poller.unregister(conn.sock)
        self.nr_conns -= 1
        conn.close()

    # --- handling, in a pool thread ----------------------------------------------------
    def handle(self, conn: Any) -> Any:
        conn.init()
        prebuf = getattr(conn, "prebuf", None)
        if prebuf:
            conn.parser.unreader.unread(bytes(prebuf))
            conn.prebuf = bytearray()
        self.deadlines[conn] = time.monotonic() + self.request_timeout
        try:
            return super().handle(conn)
        finally:
            self.deadlines.pop(conn, None)

    # --- deadlines, in the main loop ---------------------------------------------------
    def murder_pending(self) -> None:
        """Called by the worker's main loop about once a second."""
        super().murder_pending()
        now = time.monotonic()
        for conn, deadline in list(self.arriving.items()):
            if deadline < now:
                self._drop(conn)
        for conn, deadline in list(self.deadlines.items()):
            if deadline < now:
                self.deadlines.pop(conn, None)
                # the thread blocked on this socket reads EOF (or fails to write) and ends
                with contextlib.suppress(OSError):
                    conn.sock.shutdown(socket.SHUT_RDWR)


def write_json_error(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's ``util.write_error``, in the one error shape."""
    code = reason.lower().replace(" ", "_") or "error"
    body = json.dumps({"error": code, "message": mesg or reason}).encode()
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n")
    util.write_nonblock(sock, head.encode("latin1") + body)


def gunicorn_command(bind: str, workers: int, threads: int) -> list[str]:
    return [
        sys.executable, "-m", "gunicorn", "service.wsgi:app",
        "--config", "python:service.gunicorn_conf",
        "--bind", bind, "--workers", str(workers),
        "--worker-class", f"{__name__}.PaijuWorker", "--threads", str(threads),
        # the arbiter restarts a worker whose main loop is stuck this long
        "--timeout", "30", "--graceful-timeout", "10", "--keep-alive", "5",
        # request line, header count and header size: larger gets 414 / 431 / 400
        "--limit-request-line", "4094", "--limit-request-fields", "50",
        "--limit-request-field_size", "8190",
        "--access-logfile", "-",
    ]


@click.command()
@click.option("--bind", "-b", default="127.0.0.1:8000", show_default=True)
@click.option("--workers", "-w", default=2, show_default=True, help="processes")
@click.option("--threads", "-t", default=8, show_default=True,
              help="requests each worker serves at once (and its store connections)")
@click.option("--head-timeout", default=HEAD_TIMEOUT, show_default=True,
              help="seconds a client has to send a request's line and headers")
@click.option("--request-timeout", default=REQUEST_TIMEOUT, show_default=True,
              help="seconds a request may take from its head to the end of the answer")
@click.option("--dev", is_flag=True,
              help="allow a server without PAIJU_SECRET_KEY (its tokens die with it)")
@click.option("--store", envvar="PAIJU_STORE", default=None,
              help="sqlite:///path.db (default sqlite:///var/paiju.db) or "
                   "postgresql://user@host:port/db")
def serve(bind: str, workers: int, threads: int, head_timeout: float,
          request_timeout: float, dev: bool, store: str | None) -> None:
    """Serve the API with gunicorn (production)."""
    key = os.environ.get("PAIJU_SECRET_KEY")
    problem = key_problem(key)
    if problem and not dev:
        raise click.UsageError(
            f"{problem}. Seat tokens are signed with it: without a key shared by every "
            "worker and every server on the store, tokens stop working on a restart "
            "and each worker rejects the others'. Set one, e.g. PAIJU_SECRET_KEY=$(python "
            "-c 'import secrets; print(secrets.token_hex(32))'), or pass --dev for a "
            "throwaway server.")
    if problem:
        import secrets

        click.echo("--dev: a throwaway key; seat tokens will not outlive this server",
                   err=True)
        os.environ["PAIJU_SECRET_KEY"] = secrets.token_hex(32)
    url = store_url(store)
    os.environ["PAIJU_STORE"] = url
    os.environ["PAIJU_POOL_MAX"] = str(threads)
    os.environ["PAIJU_HEAD_TIMEOUT"] = str(head_timeout)
    os.environ["PAIJU_REQUEST_TIMEOUT"] = str(request_timeout)
    try:
        from service.store import prepare

        prepare(store_env(url))  # set up once here, so no worker creates a table
    except StoreError as e:
        raise click.UsageError(str(e)) from None
    args = gunicorn_command(bind, workers, threads)
    os.execvp(args[0], args)
