"""Helpers for the web tests (tests/web): a free port, polling with a deadline, a running
`dominoes serve` and its game processes."""

from __future__ import annotations

import contextlib
import re
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

TIMEOUT = 60.0
LINK = re.compile(r"Serving Dominoes on (http://\S+/\?token=(\S+))")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(what: str, check, timeout: float = TIMEOUT):
    """``check()``'s first answer that is not None, polled until ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if (got := check()) is not None:
            return got
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@dataclass
class Served:
    """A running ``dominoes serve``: its process, port, and the link it printed."""

    proc: subprocess.Popen
    port: int
    link: str
    token: str
    log: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def children(self) -> list[int]:
        """The server's child processes (its games) now."""
        pids: list[int] = []
        for task in Path(f"/proc/{self.proc.pid}/task").iterdir():
            with contextlib.suppress(OSError):
                pids += [int(p) for p in (task / "children").read_text().split()]
        return pids
