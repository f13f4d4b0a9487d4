"""The search's hot modules, compiled with mypyc when the package was built with a C compiler.

``setup.py`` compiles :data:`MODULES` (the same Python files: one source) and writes
``compiled.json`` beside them, each module's source digest at the build. The compiled
modules play exactly the moves the Python ones do (the pinned values of
``tests/ai/test_expert_pinned.py`` hold in both), about three times faster.

A compiled module that no longer matches its source (a file edited or checked out
after the build) would run old code, and the compiled modules call one another
directly, so :func:`install` (run once, from the package's ``__init__``) loads *all*
of them from their Python files when any is stale, when the build left no digest, or
when ``DOMINOES_TUI_PURE`` is set. Reinstalling (``pip install -e .``) compiles anew.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
STAMP = PACKAGE / "compiled.json"
ENV = "DOMINOES_TUI_PURE"

MODULES = (
    "dominoes_tui.engine.tiles",
    "dominoes_tui.engine.fits",
    "dominoes_tui.engine.scoring",
    "dominoes_tui.engine.fast.base",
    "dominoes_tui.engine.fast.line",
    "dominoes_tui.engine.fast.table",
    "dominoes_tui.engine.fast.rounds",
    "dominoes_tui.engine.fast.trains",
    "dominoes_tui.engine.fast.foot",
    "dominoes_tui.ai.knowledge",
    "dominoes_tui.ai.sim",
    "dominoes_tui.ai.model",
    "dominoes_tui.ai.endgame",
    "dominoes_tui.ai.expert",
    "dominoes_tui.ai.rounds",
    "dominoes_tui.ai.pimc",
)
"""What ``setup.py`` compiles: the search's playouts, scoring, deals and Expert's loop."""

_state: dict[str, object] = {"active": False, "why": "not checked"}


def source_path(module: str) -> Path:
    """The Python file of ``module`` (one of :data:`MODULES`)."""
    parts = module.split(".")[1:]
    return PACKAGE.joinpath(*parts).with_suffix(".py")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _compiled_file(module: str) -> Path | None:
    src = source_path(module)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = src.with_suffix(suffix)
        if candidate.exists():
            return candidate
    return None


def check() -> tuple[bool, str]:
    """(use the compiled modules?, why in a few words)."""
    built = [m for m in MODULES if _compiled_file(m) is not None]
    if not built:
        return False, "not compiled (pure Python)"
    if os.environ.get(ENV):
        return False, f"{ENV} is set (pure Python)"
    try:
        stamp = json.loads(STAMP.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False, "compiled modules without their build record (pure Python)"
    if not isinstance(stamp, dict):
        return False, "compiled modules without their build record (pure Python)"
    for m in built:
        if stamp.get(m) != digest(source_path(m)):
            return False, f"{m} changed since it was compiled (pure Python until reinstalled)"
    if len(built) != len(MODULES):
        return False, "some modules were not compiled (pure Python)"
    return True, "compiled with mypyc"


class _FromSource(importlib.abc.MetaPathFinder):
    """Finds the listed modules in their Python files, ahead of compiled extensions."""

    def __init__(self, modules: Sequence[str]) -> None:
        self.modules = frozenset(modules)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.modules:
            return None
        return importlib.util.spec_from_file_location(fullname, source_path(fullname))


def install() -> None:
    """Decide once whether the compiled modules run; if not, load them all from source."""
    if _state["why"] != "not checked":
        return
    active, why = check()
    _state["active"], _state["why"] = active, why
    if not active and any(_compiled_file(m) is not None for m in MODULES):
        sys.meta_path.insert(0, _FromSource(MODULES))


def active() -> bool:
    """Do the compiled modules run in this process?"""
    install()
    return bool(_state["active"])


def status() -> str:
    """How the search runs here, in a few words (benchmarks print it)."""
    install()
    return str(_state["why"])
