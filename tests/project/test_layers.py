"""The engine and the CPU players stay free of the UI libraries (DESIGN.md)."""

from __future__ import annotations

import json
import subprocess
import sys


def test_engine_and_ai_do_not_import_textual_or_rich():
    code = (
        "import json, sys\n"
        "import dominoes_tui.engine, dominoes_tui.ai\n"
        "import dominoes_tui.engine.fast, dominoes_tui.engine.explain\n"
        "print(json.dumps(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(out.stdout) == []


def test_the_store_and_the_table_session_do_not_import_textual_or_rich():
    """The headless core: engine, CPU players, store and the table session (DESIGN.md)."""
    code = (
        "import json, sys\n"
        "import dominoes_tui.engine, dominoes_tui.ai, dominoes_tui.store\n"
        "import dominoes_tui.table, dominoes_tui.table.session, dominoes_tui.table.events\n"
        "import dominoes_tui.table.words, dominoes_tui.table.resume, dominoes_tui.table.review_job\n"
        "from dominoes_tui.engine import load_variant\n"
        "s = dominoes_tui.table.TableSession(load_variant('classic'), 5, 'easy', autosave=False)\n"
        "s.start(); s.play_selected()\nwhile s.run_cpu(): pass\ns.request_hint().run()\n"
        "print(json.dumps(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(out.stdout) == []


def test_no_screen_imports_the_app_module():
    """The app owns navigation: screens post messages (tui/messages.py), never import
    tui/app.py, not even for type checking (no import cycle)."""
    import ast
    from pathlib import Path

    import dominoes_tui.tui.screens as screens

    found = []
    for path in sorted(Path(screens.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if (node.level == 2 and module == "app") or module == "dominoes_tui.tui.app":
                    found.append(f"{path.name}: from {'.' * node.level}{module}")
                if node.level == 2 and module == "" and any(a.name == "app" for a in node.names):
                    found.append(f"{path.name}: from .. import app")
            elif isinstance(node, ast.Import):
                found += [
                    f"{path.name}: import {a.name}"
                    for a in node.names
                    if a.name == "dominoes_tui.tui.app"
                ]
    assert found == []
