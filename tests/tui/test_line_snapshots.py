"""Snapshots of a long classic line (issue 25, "a line that keeps its look"): at each
size the line keeps one face from its first tile to its last and folds when it is long;
80x24 lays digits, 100x32 pips, and 200x50 the hand's own big pips across its felt."""

from __future__ import annotations

import pytest
from conftest import app_at, played, settle

SIZES = [
    pytest.param((80, 24), id="80x24"),
    pytest.param((100, 32), id="100x32"),
    pytest.param((200, 50), id="200x50"),
]


@pytest.mark.parametrize("size", SIZES)
def test_a_long_classic_line(snap_compare, size) -> None:
    game = played("classic", 5, until=lambda g: len(g.line) >= 25 and g.turn == 0)
    app = app_at(game)
    assert snap_compare(app, terminal_size=size, run_before=settle)
