"""The real thing: `dominoes play` in a terminal, a few moves, `kill -9`, then `--resume`.

The game runs in a pseudo-terminal as a person would run it; the test presses Enter
(play the raised tile) until the autosave holds a few moves, kills the process with
SIGKILL, and resumes the match in the app: the position is the saved one and
nothing runs until a key.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from conftest import first_legal, settle

from dominoes_tui import store
from dominoes_tui.tui.app import DominoesApp

ROOT = Path(__file__).resolve().parents[2]


def _saved_actions(path: Path) -> int:
    try:
        return len(json.loads(path.read_text())["log"])
    except (OSError, ValueError, KeyError):
        return -1


def _drain(fd: int, wait: float = 0.1) -> None:
    """Read the game's output until it has been quiet for ``wait`` seconds (or 2 s)."""
    end = time.monotonic() + 2
    while time.monotonic() < end and select.select([fd], [], [], wait)[0]:
        try:
            os.read(fd, 65536)
        except OSError:
            return


@pytest.mark.skipif(os.name != "posix", reason="a pty and SIGKILL are POSIX")
async def test_kill_9_then_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(tmp_path))
    env = dict(
        os.environ,
        DOMINOES_TUI_HOME=str(tmp_path),
        TERM="xterm-256color",
        PYTHONPATH=str(ROOT),
    )
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
    code = "from dominoes_tui.cli import app; app()"
    args = ["play", "--variant", "block", "--seed", "5", "--level", "easy", "--speed", "20"]
    proc = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdin=child,
        stdout=child,
        stderr=child,
        env=env,
        cwd=tmp_path,
        start_new_session=True,
    )
    os.close(child)
    path = store.autosave_path(tmp_path)
    try:
        deadline = time.monotonic() + 180  # a bound against a hang, loose enough for load
        while _saved_actions(path) < 4:
            assert proc.poll() is None, "the game ended early"
            assert time.monotonic() < deadline, "no moves were saved"
            # Enter plays the raised tile (one that does not fit is refused); → answers
            # "which end?" or raises the next tile. Between keys, read what the game drew.
            for key in (b"\r", b"\x1b[C"):
                os.write(main, key)
                _drain(main)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
        os.close(main)
    assert proc.returncode == -signal.SIGKILL
    on_disk = _saved_actions(path)
    res = store.load_autosave(tmp_path)
    assert res.ok, res.problem
    assert len(res.saved.game.log) == on_disk >= 4

    app = DominoesApp(delay=0, player_factory=first_legal, resume=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.table
        assert table.session.waiting_for_key
        assert table.game.log == res.saved.game.log
        assert table.game.hands == res.saved.game.hands
        assert table.game.rules.name == "block"
