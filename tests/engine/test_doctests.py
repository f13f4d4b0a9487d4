"""The examples in the engine's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "dominoes_tui.engine",
    "dominoes_tui.engine.tiles",
    "dominoes_tui.engine.actions",
    "dominoes_tui.engine.state",
    "dominoes_tui.engine.opener",
    "dominoes_tui.engine.checks",
    "dominoes_tui.engine.clock",
    "dominoes_tui.engine.rules",
    "dominoes_tui.engine.trains",
    "dominoes_tui.engine.chicken_foot",
    "dominoes_tui.engine.games",
    "dominoes_tui.engine.fits",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
