"""A fast start (issue 10): what each way in loads, checked in a fresh interpreter.

- ``dominoes --help``, ``-h``, ``--version``, ``variants``, ``rules``: no Textual at all.
- A bare ``dominoes`` skips the Typer CLI (``dominoes_tui/launch.py``).
- The start menu, up to its first frame, loads none of: SQLite and the history, the
  saves (and so the game engine beyond the variants), the CPU players, the options
  model, the dialogs, the table and the other screens. The history's statistics are
  looked up after the first frame.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

LAZY = (
    "sqlite3",
    "typer",
    "dominoes_tui.cli",
    "dominoes_tui.store.history",
    "dominoes_tui.store.schema",
    "dominoes_tui.store.saves",
    "dominoes_tui.store.stats",
    "dominoes_tui.engine.state",
    "dominoes_tui.engine.fast",
    "dominoes_tui.ai.base",
    "dominoes_tui.ai.easy",
    "dominoes_tui.ai.medium",
    "dominoes_tui.ai.hard",
    "dominoes_tui.ai.expert",
    "dominoes_tui.ai.sim",
    "dominoes_tui.options",
    "dominoes_tui.tui.screens.options",
    "dominoes_tui.tui.screens.dialogs",
    "dominoes_tui.tui.screens.table",
    "dominoes_tui.tui.screens.stats",
    "dominoes_tui.tui.screens.replay",
)


def _run(code: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


def _modules_after(args: list[str]) -> tuple[list[str], str]:
    """Run the ``dominoes`` entry point with ``args``; the modules it loaded, its output."""
    code = (
        "import json, sys\n"
        f"sys.argv = ['dominoes', *{args!r}]\n"
        "from dominoes_tui.launch import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as e:\n"
        "    assert not e.code, e.code\n"
        "sys.stderr.write('\\nMODULES ' + json.dumps(sorted(sys.modules)))\n"
    )
    out = _run(code, {"COLUMNS": "100"})
    assert out.returncode == 0, out.stderr
    modules = json.loads(out.stderr.rsplit("MODULES ", 1)[1])
    return modules, out.stdout


@pytest.mark.parametrize(
    "args",
    [["--help"], ["-h"], ["--version"], ["variants"], ["variants", "--json"], ["rules"]],
)
def test_help_version_and_variants_load_no_textual(args):
    modules, stdout = _modules_after(args)
    assert stdout.strip()  # it did print its answer
    assert [m for m in modules if m.split(".")[0] == "textual"] == []
    assert "dominoes_tui.tui" not in modules


def test_start_menu_first_frame_loads_only_what_it_needs():
    """Up to the start menu's first frame, and when the statistics lookup starts, none of
    LAZY is loaded; the menu is the real one (its entries are there)."""
    code = (
        "import asyncio, json, sys\n"
        "from dominoes_tui.tui.app import DominoesApp\n"
        "from dominoes_tui.tui.screens import start\n"
        "seen = {'order': []}\n"
        "lookup = start.StartScreen.look_for_stats\n"
        "def look(self):\n"
        "    seen['stats lookup starts'] = sorted(sys.modules)\n"
        "    seen['order'].append('stats lookup starts')\n"
        "    return lookup(self)\n"
        "start.StartScreen.look_for_stats = look\n"
        "class App(DominoesApp):\n"
        "    def on_ready(self):\n"
        "        seen['first frame'] = sorted(sys.modules)\n"
        "        seen['order'].append('first frame')\n"
        "        seen['screen'] = type(self.screen).__name__\n"
        "async def main():\n"
        "    app = App(start_menu=True)\n"
        "    async with app.run_test(size=(80, 24)) as pilot:\n"
        "        while 'stats lookup starts' not in seen:\n"
        "            await pilot.pause()\n"
        "        await app.workers.wait_for_complete()\n"
        "        menu = app.screen.query_one('#menu')\n"
        "        seen['menu'] = [o.id for o in menu.options]\n"
        "asyncio.run(main())\n"
        "print(json.dumps(seen))\n"
    )
    out = _run(code)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["screen"] == "StartScreen"
    assert seen["order"] == ["first frame", "stats lookup starts"]
    assert seen["menu"] == [
        "new",
        "daily",
        "howto",
        "rules",
        "settings",
        "quit",
    ]  # a fresh home: no Continue
    for when in ("first frame", "stats lookup starts"):
        loaded = [m for m in LAZY if m in seen[when]]
        assert loaded == [], f"loaded by the {when}: {loaded}"


def test_bare_dominoes_goes_around_the_cli(monkeypatch):
    """launch.main() with no arguments opens the start menu without importing Typer."""
    code = (
        "import json, sys\n"
        "sys.argv = ['dominoes']\n"
        "import dominoes_tui.tui.app as tui_app\n"
        "calls = []\n"
        "tui_app.run_app = lambda **kw: calls.append(kw)\n"
        "from dominoes_tui.launch import main\n"
        "main()\n"
        "print(json.dumps([calls, 'typer' in sys.modules]))\n"
    )
    out = _run(code)
    assert out.returncode == 0, out.stderr
    calls, typer_loaded = json.loads(out.stdout.strip().splitlines()[-1])
    assert calls == [{"start_menu": True}]
    assert typer_loaded is False


def test_shell_completion_still_reaches_the_cli():
    """Completion calls the script with no arguments and _DOMINOES_COMPLETE set: that is
    the CLI's business, not the start menu's."""
    code = "import sys\nsys.argv = ['dominoes']\nfrom dominoes_tui.launch import main\nmain()\n"
    env = {"_DOMINOES_COMPLETE": "complete_bash", "COMP_WORDS": "dominoes va", "COMP_CWORD": "1"}
    out = _run(code, env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["variants"]
