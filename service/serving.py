"""``paiju serve``: the API under gunicorn, with workers a few slow clients cannot stall.

Why threads and deadlines: a sync gunicorn worker serves one connection at a time, so
two clients that send half a request and wait held a two-worker server for 30 s. Here
each worker is gunicorn's ``gthread`` worker (``--threads`` requests at once; a
connection with nothing to read waits in the worker's poller, not in a thread), and
:class:`PaijuWorker` adds what it lacks: a deadline for the request head
(``--head-timeout``: the request line and headers must arrive in that many seconds)
and one for the whole request (``--request-timeout``: body, handling and answer). A
connection past its deadline is shut down from the worker's main loop, which frees its
thread at once; nobody is waiting on the arbiter's 30 s ``--timeout`` and no worker is
restarted. The answers gunicorn writes itself (400, 414, 431, ...) come in paiju's
one error shape, ``{"error": code, "message": text}``, instead of HTML pages.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
import time
from typing import Any

import click
from gunicorn import util
from gunicorn.workers.gthread import DEFAULT_WORKER_DATA_TIMEOUT, ThreadWorker

from service.store import StoreError, store_env, store_url
from service.tokens import key_problem

HEAD_TIMEOUT = 10.0
REQUEST_TIMEOUT = 60.0


class PaijuWorker(ThreadWorker):
    """gunicorn's threaded worker with a deadline on every connection's request."""

    def init_process(self) -> None:
        self.head_timeout = float(os.environ.get("PAIJU_HEAD_TIMEOUT") or HEAD_TIMEOUT)
        self.request_timeout = float(os.environ.get("PAIJU_REQUEST_TIMEOUT")
                                     or REQUEST_TIMEOUT)
        self.deadlines: dict[Any, float] = {}
        util.write_error = write_json_error  # gunicorn's own answers, in this process
        super().init_process()

    def handle(self, conn: Any) -> Any:
        """Runs in a pool thread: the head must arrive in time (after the first byte,
        which gunicorn itself waits for in a thread for a few seconds, then in its
        poller)."""
        fresh = not conn.initialized and not conn.data_ready
        wait = DEFAULT_WORKER_DATA_TIMEOUT if fresh else 0.0
        self.deadlines[conn] = time.monotonic() + wait + self.head_timeout
        try:
            return super().handle(conn)
        finally:
            self.deadlines.pop(conn, None)

    def handle_request(self, req: Any, conn: Any) -> Any:
        self.deadlines[conn] = time.monotonic() + self.request_timeout
        return super().handle_request(req, conn)

    def murder_pending(self) -> None:
        """Called by the worker's main loop about once a second."""
        super().murder_pending()
        now = time.monotonic()
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
