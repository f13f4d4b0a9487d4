"""``kill -9`` while autosaving after every action loses at most the action in flight."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from dominoes_tui import store
from dominoes_tui.store.paths import remove_stale_temps

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "store_crash_player.py"


def _run_and_kill(home: Path, after: int) -> int:
    """Start the player, SIGKILL it once ``after`` saves are reported; the last count on disk."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), DOMINOES_TUI_HOME=str(home))
    proc = subprocess.Popen(
        [sys.executable, str(SCRIPT), str(home)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    last = -1
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            assert line.startswith("saved "), line
            last = int(line.split()[1])
            if last >= after:
                os.kill(proc.pid, signal.SIGKILL)  # mid-run: the next save may be half written
                break
        # Lines printed between our read and the kill: those saves were complete too.
        for line in proc.stdout:
            if line.startswith("saved "):
                last = int(line.split()[1])
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)
        err = proc.stderr.read() if proc.stderr else ""
    assert proc.returncode == -signal.SIGKILL, err
    return last


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("after", [1, 37, 160])
def test_kill_9_loses_at_most_the_action_in_flight(tmp_path: Path, after: int) -> None:
    reported = _run_and_kill(tmp_path, after)
    assert reported >= after
    res = store.load_autosave(home=tmp_path)
    assert res.ok, res.problem
    saved = res.saved
    assert reported <= len(saved.game.log) <= reported + 1
    assert saved.game.invariant_errors() == []
    assert saved.info.names == ("Crash", "Test")
    assert saved.clocks is not None and all(0 < x <= 3600 for x in saved.clocks)
    clock = saved.make_clock()
    assert clock is not None and clock.running is None  # stopped until a key is pressed
    assert not list(tmp_path.glob("*.corrupt-*"))
    # A save cut off mid-write is only a temp file: never read, swept once stale.
    remove_stale_temps(store.autosave_path(tmp_path), older_than=0)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json"]
