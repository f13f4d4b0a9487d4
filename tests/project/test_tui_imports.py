"""The TUI's modules import one another without a circle, not even inside a function or
for type checking: the app owns navigation (screens post messages), the coach imports no
screen, and ``cli`` and ``launch`` share ``tui.app.start_menu`` instead of each other."""

from __future__ import annotations

import ast
from pathlib import Path

import dominoes_tui

PACKAGE = Path(dominoes_tui.__file__).parent


def _imports() -> dict[str, set[str]]:
    """Every module of the package -> the package's modules it imports, anywhere in it."""
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ("dominoes_tui", *path.relative_to(PACKAGE).with_suffix("").parts)
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = here[: len(here) - node.level + 1] if node.level else []
                target = ".".join([*base, node.module] if node.module else base)
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    found.add(sub if sub in modules else target)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def _circle(graph: dict[str, set[str]], within: str) -> list[str] | None:
    """One circle of imports among the modules under ``within``, if there is one."""
    nodes = {m: {w for w in ws if w.startswith(within)} for m, ws in graph.items()}
    nodes = {m: ws for m, ws in nodes.items() if m.startswith(within)}
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for w in sorted(nodes[m]):
            if state.get(w) == 1:
                return path[path.index(w) :] + [w]
            if w not in state and (found := visit(w)):
                return found
        state[m] = 2
        path.pop()
        return None

    for m in sorted(nodes):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_no_import_circle_in_the_tui() -> None:
    assert _circle(_imports(), "dominoes_tui.tui") is None


def test_cli_and_launch_do_not_import_each_other() -> None:
    graph = _imports()
    assert "dominoes_tui.launch" not in graph["dominoes_tui.cli"]
    assert "dominoes_tui.tui.app" in graph["dominoes_tui.cli"] & graph["dominoes_tui.launch"]


def test_the_circle_finder_finds_one() -> None:
    graph = {"a.x": {"a.y"}, "a.y": {"a.z"}, "a.z": {"a.x"}, "b": {"a.x"}}
    assert _circle(graph, "a.") == ["a.x", "a.y", "a.z", "a.x"]
    assert _circle({"a.x": {"a.y"}, "a.y": set()}, "a.") is None
