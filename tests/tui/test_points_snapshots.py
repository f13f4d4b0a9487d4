"""Snapshots for issue 7 at 100×32 and 80×24: the spinner, a 4-player table, a double-12
line (a person looked at each one)."""

from __future__ import annotations

import pytest
from conftest import app_at, first_legal, play_until, played, press_to_select, settle
from test_points_table import spinner_game

from dominoes_tui.engine import tiles
from dominoes_tui.tui.app import DominoesApp

SIZES = [pytest.param((100, 32), id="100x32"), pytest.param((80, 24), id="80x24")]


@pytest.mark.parametrize("size", SIZES)
def test_spinner_four_ends_question(snap_compare, size) -> None:
    """The pinwheel about the spinner; 6-1 fits the 6 and two empty arms that make the
    same game: the 6 and the up arm asked."""

    async def run_before(pilot) -> None:
        await settle(pilot)
        table = pilot.app.table
        await press_to_select(pilot, table.session.hand().index(tiles.tile(6, 1)))
        await pilot.press("enter")
        await pilot.pause()

    app = DominoesApp(
        game=spinner_game(), seed=1, level="easy", delay=0, player_factory=first_legal
    )
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_all_fives_arms_and_score(snap_compare, size) -> None:
    """A spinner with both arms grown; fives scores (+N) in the move log."""

    async def run_before(pilot) -> None:
        await play_until(pilot, lambda a: sum(map(len, a.table.game.arms)) >= 3)
        await pilot.pause()

    # opened one arm tile earlier: the draws before the third are the table's own
    app = app_at(played("all-fives", 2, until=lambda g: sum(map(len, g.arms)) >= 2))
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_four_player_table(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await play_until(pilot, lambda a: len(a.table.game.line) >= 6)
        await pilot.pause()

    app = app_at(played("goat", 4, until=lambda g: len(g.line) >= 6))
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_double_twelve_line(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await play_until(pilot, lambda a: len(a.table.game.line) >= 14)
        await pilot.pause()

    rules = {"set": 12, "players": 4, "hand_size": 5}
    app = app_at(played("standard-draw", 2, until=lambda g: len(g.line) >= 14, **rules))
    assert snap_compare(app, terminal_size=size, run_before=run_before)
