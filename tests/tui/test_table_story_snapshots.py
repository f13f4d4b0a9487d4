"""Snapshots for issue 12 (a person looked at each one): a resumed table with the turn
shown, a line with pip faces (80x24 and 100x32), and the big terminal (160x48).

The table right after a CPU move, the 4-player table and the All Fives cross with the
ends' sum are test_snapshots.py's ``test_opening_table`` and test_points_snapshots.py's
``test_four_player_table`` and ``test_all_fives_arms_and_score``.
"""

from __future__ import annotations

import pytest
from conftest import app_at, first_legal, play_until, played, settle

from dominoes_tui.engine import Game, load_variant
from dominoes_tui.table import TableSession
from dominoes_tui.tui.app import DominoesApp

SIZES = [pytest.param((100, 32), id="100x32"), pytest.param((80, 24), id="80x24")]


@pytest.mark.parametrize("size", SIZES)
def test_resumed_table_shows_the_turn(snap_compare, size) -> None:
    """Continue, then a key: "Your turn" and the marker on you, the earlier moves logged."""
    s = TableSession(
        load_variant("classic", clock_minutes=0), 5, "easy", player_factory=first_legal
    )
    s.start()
    s.play_selected()  # lead 1-1; the CPU draws and answers
    while s.cpu_request is not None:
        s.run_cpu()
    s.close()

    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("x")  # any key
        await settle(pilot)

    app = DominoesApp(seed=5, level="easy", delay=0, player_factory=first_legal, resume=True)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


def pips_game() -> Game:
    """Doubles across and tiles along the line, all in pips like the hand."""
    return Game.from_position(
        load_variant("classic", clock_minutes=0),
        hands=[["6-1", "5-2", "4-4", "0-2", "2-2"], ["1-1", "0-0", "5-5", "5-4"]],
        line=["6-6", "6-3", "3-3", "3-1"],
        turn=0,
    )


@pytest.mark.parametrize("size", SIZES)
def test_line_with_pip_faces(snap_compare, size) -> None:
    app = DominoesApp(game=pips_game(), seed=1, level="easy", delay=0, player_factory=first_legal)
    assert snap_compare(app, terminal_size=size, run_before=settle)


def test_big_terminal(snap_compare) -> None:
    """160x48: the hand's big tiles, the line in the hand's own pip face."""

    async def run_before(pilot) -> None:
        await play_until(pilot, lambda a: len(a.table.game.line) >= 8)
        await pilot.pause()

    app = app_at(played("classic", 15, until=lambda g: len(g.line) >= 8))
    assert snap_compare(app, terminal_size=(160, 48), run_before=run_before)
