"""The import contracts: the layers, the headless core and no cycles (import-linter's, in
``pyproject.toml``), and every import made inside a function listed with its reason.

An import inside a function hides a dependency from a reader and can hide a cycle, so
each one is named here (module -> what it imports inside functions) with why it is not
at the top. The list must match the code both ways: a new one fails until it is listed,
and one that is gone fails until its line is removed, so the list only shrinks.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import dominoes_tui

PACKAGE = Path(dominoes_tui.__file__).parent
ROOT = PACKAGE.parent

START_UP = "start-up speed: a bare `dominoes` draws the start menu without it"
COMMANDS = "each command loads what it needs, so `dominoes --help` and `dominoes rules` stay quick"
CPU_LATER = "start-up speed: the CPU players (and engine.fast) load when a table first needs one"

FUNCTION_IMPORTS: dict[str, tuple[set[str], str]] = {
    "cli.py": (
        {
            "datetime",
            "dominoes_tui",
            "dominoes_tui.ai",
            "dominoes_tui.engine",
            "dominoes_tui.report",
            "dominoes_tui.serve",
            "dominoes_tui.store",
            "dominoes_tui.table.practice",
            "dominoes_tui.table.words.review",
            "dominoes_tui.tui",
            "dominoes_tui.tui.app",
            "dominoes_tui.tui.screens",
            "importlib.metadata",
            "os",
            "rich.console",
            "rich.progress",
            "shlex",
            "shutil",
            "sys",
            "textual_serve",
            "textwrap",
        },
        COMMANDS,
    ),
    "launch.py": ({"dominoes_tui.cli", "dominoes_tui.tui.app"}, START_UP),
    "serve.py": (
        {"aiohttp", "asyncio", "copy", "textual_serve.server"},
        "the web extra (textual-serve, aiohttp) is needed only to serve",
    ),
    "engine/rules.py": (
        {"importlib", "platformdirs"},
        "the player's variants.toml is looked for only when the houses are loaded",
    ),
    "options.py": ({"platformdirs"}, "the remembered options' folder, found when first saved"),
    "store/rating.py": (
        {"openskill.models"},
        "start-up speed: openskill (50 ms) loads on the first rating, not with the table",
    ),
    "store/settings.py": ({"platformdirs"}, "the settings' folder, found when first read"),
    "store/__init__.py": (
        {"dominoes_tui.store.history", "dominoes_tui.store.saves"},
        "the store's names load on first use (module __getattr__): " + START_UP,
    ),
    "store/saves.py": (
        {"datetime", "importlib.metadata"},
        "importlib.metadata costs the start menu ~15 ms; datetime only to check a save's time",
    ),
    "table/events.py": ({"dominoes_tui.ai"}, CPU_LATER),
    "table/session.py": ({"dominoes_tui.ai"}, CPU_LATER),
    "table/strategy.py": ({"dominoes_tui.ai.base", "dominoes_tui.ai.knowledge"}, CPU_LATER),
    "table/practice.py": (
        {"dominoes_tui.store"},
        "the history is opened only for the best of a day",
    ),
    "table/review_job.py": (
        {"dominoes_tui.ai", "dominoes_tui.ai.review", "dominoes_tui.store"},
        "Expert's review loads when a review first runs, the history when it is kept",
    ),
    "tui/app.py": (
        {
            "dominoes_tui",
            "dominoes_tui.ai",
            "dominoes_tui.store",
            "dominoes_tui.table",
            "dominoes_tui.table.coach",
            "dominoes_tui.tui.screens.dialogs",
            "dominoes_tui.tui.screens.howto",
            "dominoes_tui.tui.screens.settings",
            "dominoes_tui.tui.screens.start",
            "dominoes_tui.tui.screens.stats",
            "dominoes_tui.tui.screens.table",
            "dominoes_tui.tui.terminal",
            "dominoes_tui.tui.words",
        },
        START_UP + " (each screen loads when it first opens)",
    ),
    "tui/navigation.py": (
        {
            "dominoes_tui.table",
            "dominoes_tui.tui.screens.practice",
            "dominoes_tui.tui.screens.replay",
            "dominoes_tui.tui.screens.review",
            "textual.css.query",
        },
        START_UP + " (review, replay and practice load when first opened; the palette's "
        "query error only when a palette is made)",
    ),
    "tui/screens/dialogs.py": (
        {"datetime", "dominoes_tui.store.saves"},
        "the saves load the CPU players: read only when a match is resumed",
    ),
    "tui/screens/start.py": (
        {
            "datetime",
            "dominoes_tui.ai",
            "dominoes_tui.store",
            "dominoes_tui.table.practice",
            "dominoes_tui.tui.screens.dialogs",
            "dominoes_tui.tui.screens.howto",
            "dominoes_tui.tui.screens.options",
            "dominoes_tui.tui.screens.stats",
            "dominoes_tui.tui.widgets.kept",
            "dominoes_tui.tui.words",
        },
        START_UP + " (the menu's entries load their screens when chosen; Continue's "
        "wrapping, with the table's words, once the save is read)",
    ),
    "tui/strategy_coach.py": ({"dominoes_tui.ai"}, "Expert loads on the coach's first look"),
}


def function_imports() -> dict[str, set[str]]:
    """Every module of the package (path under it) -> what it imports inside functions."""
    found: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        module = "dominoes_tui." + rel[:-3].replace("/", ".")
        here = module.removesuffix(".__init__").split(".")
        if path.name != "__init__.py":
            here = here[:-1]
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.ImportFrom):
                    base = here[: len(here) - node.level + 1] if node.level else []
                    name = ".".join([*base, node.module] if node.module else base)
                    found.setdefault(rel, set()).add(name)
                elif isinstance(node, ast.Import):
                    found.setdefault(rel, set()).update(a.name for a in node.names)
    return found


def test_every_import_inside_a_function_is_listed_with_its_reason() -> None:
    found = function_imports()
    listed = {path: names for path, (names, _) in FUNCTION_IMPORTS.items()}
    new = {p: sorted(ms - listed.get(p, set())) for p, ms in found.items()}
    gone = {p: sorted(ms - found.get(p, set())) for p, ms in listed.items()}
    assert {p: ms for p, ms in new.items() if ms} == {}, "list these, with their reason"
    assert {p: ms for p, ms in gone.items() if ms} == {}, "these are gone: take them off"
    assert all(reason for _, reason in FUNCTION_IMPORTS.values())


def test_the_import_contracts_hold() -> None:
    """``lint-imports`` with the contracts of pyproject.toml (.ci/run runs it too)."""
    code = (
        "import sys; from importlinter.cli import lint_imports_command; "
        "sys.argv = ['lint-imports', '--no-cache']; lint_imports_command()"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert "0 broken" in out.stdout


def test_cli_and_launch_share_the_start_menu_not_each_other() -> None:
    found = function_imports()
    assert "dominoes_tui.launch" not in found.get("cli.py", set())
    source = (PACKAGE / "cli.py").read_text(encoding="utf-8")
    assert "from .launch" not in source and "import launch" not in source
