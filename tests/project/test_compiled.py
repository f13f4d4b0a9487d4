"""The search's hot modules compiled with mypyc (``setup.py``, ``dominoes_tui.compiled``).

Compiled or not, the same Python files play the same moves: CI builds the compiled
modules (and fails here if the build left them out), and the pinned decisions of
``tests/ai/test_expert_pinned.py`` are checked in both forms. A compiled module older
than its source never runs: all of them are then loaded from their Python files.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from dominoes_tui import compiled
from dominoes_tui.ai.knowledge import below, shuffle

ROOT = Path(__file__).resolve().parents[2]


def test_ci_runs_the_compiled_search():
    """In CI the package is built with a C compiler: the compiled modules must be the ones
    running (a type error that stops mypyc would otherwise pass unseen)."""
    if not os.environ.get("CI"):
        pytest.skip("outside CI the package may be installed without a compiler")
    assert compiled.active(), compiled.status()
    from dominoes_tui.ai import expert
    from dominoes_tui.engine.fast import table

    assert not expert.__file__.endswith(".py")
    assert not table.__file__.endswith(".py")


def test_the_setup_script_compiles_what_the_guard_lists():
    """``setup.py`` reads the list from ``compiled.MODULES``; every entry is a module file."""
    for m in compiled.MODULES:
        assert compiled.source_path(m).is_file(), m
    text = (ROOT / "setup.py").read_text()
    assert "compiled.py" in text and "MODULES" in text


def test_pure_python_plays_the_pinned_decisions_too():
    """``DOMINOES_TUI_PURE=1`` loads every listed module from its Python file, and Expert's
    pinned decisions and values hold there as they do in this (maybe compiled) process."""
    env = {**os.environ, compiled.ENV: "1"}
    code = (
        "from dominoes_tui import compiled\n"
        "from dominoes_tui.ai import expert\n"
        "from dominoes_tui.engine.fast import table\n"
        "assert not compiled.active()\n"
        "assert expert.__file__.endswith('.py') and table.__file__.endswith('.py')\n"
        "print(compiled.status())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert "pure Python" in out.stdout
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider"]
        + ["tests/ai/test_expert_pinned.py"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout[-2000:]


def test_a_stale_or_unrecorded_build_is_not_used(tmp_path, monkeypatch):
    """A compiled module whose source changed since the build, or a build with no record,
    means pure Python for all of them."""
    fake = tmp_path / "table.so"
    fake.write_bytes(b"")
    monkeypatch.setattr(compiled, "_compiled_file", lambda m: fake)
    monkeypatch.delenv(compiled.ENV, raising=False)
    stamp = tmp_path / "compiled.json"
    monkeypatch.setattr(compiled, "STAMP", stamp)
    assert compiled.check() == (False, "compiled modules without their build record (pure Python)")
    record = {m: compiled.digest(compiled.source_path(m)) for m in compiled.MODULES}
    stamp.write_text(json.dumps(record))
    assert compiled.check() == (True, "compiled with mypyc")
    record[compiled.MODULES[3]] = "0" * 64
    stamp.write_text(json.dumps(record))
    active, why = compiled.check()
    assert not active and compiled.MODULES[3] in why and "changed" in why
    stamp.write_text("[not a record")
    assert not compiled.check()[0]
    monkeypatch.setenv(compiled.ENV, "1")
    stamp.write_text(
        json.dumps({m: compiled.digest(compiled.source_path(m)) for m in compiled.MODULES})
    )
    assert compiled.check() == (False, f"{compiled.ENV} is set (pure Python)")


@pytest.mark.parametrize("seed", range(40))
def test_the_search_deals_as_the_random_module_does(seed):
    """:func:`below` and :func:`shuffle` draw what ``randrange`` and ``shuffle`` draw from the
    same state (so a compiled deal is the deal the pure search makes for a seed)."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in (1, 2, 3, 7, 28, 55, 91, 1 << 40):
        assert below(ours.getrandbits, n) == theirs.randrange(n)
    for size in (0, 1, 2, 5, 14, 27, 90):
        a = list(range(size))
        b = list(range(size))
        shuffle(a, ours.getrandbits)
        theirs.shuffle(b)
        assert a == b
    assert ours.random() == theirs.random()
