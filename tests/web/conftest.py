"""The ``serve`` fixture: `dominoes serve` in a subprocess on a free loopback port."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys

import pytest
from web_helpers import LINK, Served, free_port, wait_for


@pytest.fixture
def serve(tmp_path):
    """Start ``dominoes serve *args`` (on a free port, a fresh home); a :class:`Served`
    once it listens and has printed its link. Stopped with Ctrl+C at the end."""
    started: list[tuple[subprocess.Popen, object]] = []

    def start(*args: str) -> Served:
        port = free_port()
        log_path = tmp_path / f"serve-{port}.log"
        log = log_path.open("w")
        env = {**os.environ, "DOMINOES_TUI_HOME": str(tmp_path / "home")}
        proc = subprocess.Popen(
            [sys.executable, "-m", "dominoes_tui", "serve", "--port", str(port), *args],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
        started.append((proc, log))

        def up():
            assert proc.poll() is None, log_path.read_text()
            m = LINK.search(log_path.read_text())
            if m is None:
                return None
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                return Served(proc, port, m.group(1), m.group(2), log_path)
            return None

        return wait_for("the server", up)

    yield start
    for proc, log in started:
        proc.send_signal(signal.SIGINT)  # textual-serve's graceful exit; its games get "quit"
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()
