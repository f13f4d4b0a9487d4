"""Issue 14: one live table per home folder. A process holds the autosave's lock while its
table is open; a second process is told in one sentence and touches nothing; the OS frees
the lock when the holder ends, however it ends. Real subprocesses throughout."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dominoes_tui import cli, store
from dominoes_tui.store.lock import TableLock
from dominoes_tui.tui import app as tui_app

ROOT = Path(__file__).resolve().parents[2]
HOLDER = ROOT / "tests" / "store_lock_holder.py"


class Holder:
    """``tests/store_lock_holder.py`` running on ``home``."""

    def __init__(self, home: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(HOLDER), str(home)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        self.first = self.line()

    def line(self) -> str:
        return (self.proc.stdout.readline() or "").strip()

    def release(self) -> None:
        self.proc.stdin.write("release\n")
        self.proc.stdin.flush()
        assert self.line() == "released"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(60)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(60)


@pytest.fixture
def holder(dominoes_home: Path):
    made: list[Holder] = []

    def start(home: Path = dominoes_home) -> Holder:
        h = Holder(home)
        made.append(h)
        return h

    yield start
    for h in made:
        if h.proc.poll() is None:
            h.kill()


def test_a_second_process_is_refused_until_the_first_lets_go(holder, dominoes_home):
    a = holder()
    assert a.first == f"held {a.proc.pid}"
    b = holder()
    assert b.first == "refused"
    mine = TableLock(dominoes_home)
    assert not mine.acquire() and not mine.held
    assert mine.holder() == a.proc.pid
    assert f"(process {a.proc.pid})" in mine.problem()
    a.release()
    assert holder().first.startswith("held ")


def test_a_killed_holder_frees_the_lock(holder, dominoes_home):
    a = holder()
    assert a.first.startswith("held ")
    a.kill()  # kill -9: no clean-up ran, the OS drops the lock
    lock = store.table_lock(dominoes_home)
    try:
        assert lock.acquire() and lock.held
        assert lock.holder() == os.getpid()
    finally:
        lock.release()


def test_a_holder_that_exits_frees_the_lock(holder, dominoes_home):
    a = holder()
    a.stop()
    assert holder().first.startswith("held ")


def test_this_process_holds_one_lock_per_home(dominoes_home, tmp_path, holder):
    lock = store.table_lock(dominoes_home)
    assert store.table_lock(dominoes_home) is lock
    try:
        assert lock.acquire() and lock.acquire()  # again: still ours
        assert holder().first == "refused"
        other = store.table_lock(tmp_path / "elsewhere")
        assert other is not lock and other.acquire()  # another home: its own lock
        other.release()
    finally:
        lock.release()
    assert holder().first.startswith("held ")


def test_dominoes_play_says_one_sentence_and_leaves_the_save(holder, dominoes_home, monkeypatch):
    """A second ``dominoes play`` (or ``--resume``) touches neither the save nor the history:
    the first window's match is never recorded as abandoned while its process lives."""
    a = holder()
    assert a.first.startswith("held ")
    save = (dominoes_home / "autosave.json").read_bytes()
    opened: list = []
    monkeypatch.setattr(tui_app, "run_app", lambda **kw: opened.append(kw))
    for args in (["play"], ["play", "--resume"], ["play", "--variant", "draw"]):
        res = CliRunner().invoke(cli.app, args)
        assert res.exit_code == 1, res.output
        lines = [x for x in res.output.splitlines() if x.strip()]
        assert len(lines) == 1 and "open in another dominoes window" in lines[0]
        assert f"process {a.proc.pid}" in lines[0]
    assert not opened
    assert (dominoes_home / "autosave.json").read_bytes() == save
    assert not (dominoes_home / "history.sqlite3").exists()
    assert store.History(dominoes_home).matches() == []
    assert not store.table_lock(dominoes_home).held


def test_a_real_second_dominoes_play_process_is_refused(holder, dominoes_home):
    a = holder()
    save = (dominoes_home / "autosave.json").read_bytes()
    env = {**os.environ, "DOMINOES_TUI_HOME": str(dominoes_home)}
    r = subprocess.run(
        [sys.executable, "-m", "dominoes_tui.cli", "play"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert r.returncode == 1, r.stderr
    assert "open in another dominoes window" in r.stderr and "Traceback" not in r.stderr
    assert (dominoes_home / "autosave.json").read_bytes() == save
    assert a.proc.poll() is None  # the first window plays on


def test_play_lets_the_lock_go_when_the_app_ends(dominoes_home, monkeypatch, holder):
    seen: list[bool] = []
    monkeypatch.setattr(
        tui_app, "run_app", lambda **kw: seen.append(store.table_lock(dominoes_home).held)
    )
    assert CliRunner().invoke(cli.app, ["play"]).exit_code == 0
    assert seen == [True]  # held while the app ran
    assert holder().first.startswith("held ")  # and free after
