"""SVG snapshots of the table at 100×32 and at 80×24 (a person looked at each one)."""

from __future__ import annotations

import pytest
from conftest import app_at, first_legal, make_app, play_until, played, press_to_select, settle
from test_table import both_ends_game

from dominoes_tui.engine import HAND_OVER, tiles
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.dialogs import HandOverScreen, MatchOverScreen

SIZES = [pytest.param((100, 32), id="100x32"), pytest.param((80, 24), id="80x24")]


@pytest.mark.parametrize("size", SIZES)
def test_opening_table(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter")  # lead 1-1; the CPU draws and answers
        await settle(pilot)

    assert snap_compare(make_app("classic", seed=5), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_both_ends_question(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot)
        table = pilot.app.table
        await press_to_select(pilot, table.session.hand().index(tiles.tile(6, 4)))
        await pilot.press("enter")
        await pilot.pause()

    app = DominoesApp(
        game=both_ends_game(), seed=1, level="easy", delay=0, player_factory=first_legal
    )
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_hand_over_breakdown(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await play_until(pilot, lambda a: isinstance(a.screen, HandOverScreen))
        await pilot.pause()

    app = app_at(played("classic", 5, until=lambda g: g.phase == HAND_OVER, back=3))
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_match_over(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await play_until(pilot, lambda a: isinstance(a.screen, MatchOverScreen))
        await pilot.pause()

    app = app_at(played("classic", seed=11, back=3, target=30))  # 3 moves from the end
    assert snap_compare(app, terminal_size=size, run_before=run_before)
