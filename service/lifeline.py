"""Worker processes that end with their parent, however the parent ends.

Why: ``paiju simulate`` plays games in a process pool. Killing its parent (Ctrl-C twice,
the OOM killer, ``kill -9``) left the workers playing on, each holding its database
connections; a handful of such kills used up PostgreSQL's 100 connections.

On Linux a worker asks the kernel for SIGKILL when its parent dies
(``prctl(PR_SET_PDEATHSIG)``), which holds even when the parent gets SIGKILL itself and
runs no code. The signal follows the parent *thread* that started the worker; the pool
starts its workers from the main thread, which lives as long as the parent. Elsewhere a
daemon thread in each worker watches ``os.getppid()`` every second.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1


def die_with_parent(parent_pid: int) -> None:
    """A pool initializer: end this process when ``parent_pid`` ends."""
    if sys.platform.startswith("linux") and _prctl_death_signal():
        pass
    else:
        threading.Thread(target=_watch, args=(parent_pid,), daemon=True,
                         name="paiju-lifeline").start()
    if os.getppid() != parent_pid:  # the parent died before the signal was asked for
        os._exit(1)


def _prctl_death_signal() -> bool:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0  # type: ignore[no-any-return]
    except (OSError, AttributeError):
        return False


def _watch(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(1.0)
    os._exit(1)
