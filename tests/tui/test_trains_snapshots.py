"""Snapshots of Mexican Train and Chicken Foot at the table (issue 15; a person looked at
each one): 4 and 8 players of Mexican Train and Chicken Foot's foot at 80x24 and 100x32,
and the numbered places of a tile that fits two trains. Issue 25: the 8-seat header and
round over at both sizes, a long train that says how many tiles are out of sight (and
scrolled back by [), Chicken Foot's rows scrolled by PgUp."""

from __future__ import annotations

import pytest
from conftest import (
    HandOverScreen,
    app_at,
    first_legal,
    play_until,
    played,
    press_to_select,
    settle,
)
from test_trains_table import foot_game, long_train, two_places

from dominoes_tui.engine import HAND_OVER, load_variant, tiles
from dominoes_tui.engine.trains import TrainsGame
from dominoes_tui.tui.app import DominoesApp

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((100, 32), id="100x32")]


def busy_trains() -> TrainsGame:
    """Your turn, with West's 6-6 to satisfy; East's train open; North's long train."""
    rules = load_variant("mexican-train", players=4, rounds=1)
    return TrainsGame.from_position(
        rules,
        [["6-1", "3-3", "7-2", "10-4", "11-11"], ["10-0", "7-5"], ["8-8", "2-1"], ["9-0", "4-1"]],
        trains=[
            ["12-4", "4-9", "9-3"],
            ["12-7"],
            ["12-11", "11-10", "10-9", "9-8", "8-6", "6-5", "5-1", "1-0", "0-2", "2-5"],
            ["12-6", "6-6"],
            ["12-0", "0-3"],
        ],
        markers=[1],
    )


def app_for(game) -> DominoesApp:
    return DominoesApp(game=game, seed=1, level="easy", delay=0, player_factory=first_legal)


@pytest.mark.parametrize("size", SIZES)
def test_mexican_train_four_players(snap_compare, size) -> None:
    assert snap_compare(app_for(busy_trains()), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_mexican_train_eight_players(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await play_until(pilot, lambda a: len(a.table.session.log()) >= 14)
        await pilot.pause()

    # the table opens a few moves earlier (each log entry is one action or more)
    rules = {"players": 8, "rounds": 1}
    app = app_at(played("mexican-train", 3, until=lambda g: len(g.log) >= 12, **rules))
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_chicken_foot(snap_compare, size) -> None:
    assert snap_compare(app_for(foot_game()), terminal_size=size, run_before=settle)


def test_which_train_is_asked_on_the_felt(snap_compare) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot)
        hand = pilot.app.table.session.hand()
        await press_to_select(pilot, hand.index(tiles.parse("4-3")))
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app_for(two_places()), terminal_size=(80, 24), run_before=run_before)


def test_round_over_with_eight_players(snap_compare) -> None:
    """Every hand's pips with its total, how the round ended, Next round in sight."""

    async def run_before(pilot) -> None:

        await play_until(pilot, lambda a: isinstance(a.screen, HandOverScreen))
        await pilot.pause()

    rules = {"players": 8, "rounds": 2}
    app = app_at(played("mexican-train", 3, until=lambda g: g.phase == HAND_OVER, back=3, **rules))
    assert snap_compare(app, terminal_size=(100, 32), run_before=run_before)


def test_round_over_with_eight_players_at_80x24(snap_compare) -> None:
    """The score row reads "CPU 1: 0 · CPU 2: 17", never "CPU 1 0"."""

    async def run_before(pilot) -> None:
        await play_until(pilot, lambda a: isinstance(a.screen, HandOverScreen))
        await pilot.pause()

    rules = {"players": 8, "rounds": 2}
    app = app_at(played("mexican-train", 3, until=lambda g: g.phase == HAND_OVER, back=3, **rules))
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_a_long_train_says_how_many_more(snap_compare, size) -> None:
    assert snap_compare(app_for(long_train()), terminal_size=size, run_before=settle)


def test_a_long_train_scrolled_back_by_keys(snap_compare) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("left_square_bracket", "left_square_bracket")
        await pilot.pause()

    assert snap_compare(app_for(long_train()), terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_chicken_foot_scrolled_by_keys(snap_compare, size) -> None:
    """A grown foot at 80x24 has more rows than the felt: PgUp shows the first arms."""

    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("pageup", "pageup")
        await pilot.pause()

    game = played(
        "chicken-foot",
        2,
        until=lambda g: g.phase == "play" and g.turn == 0 and len(g.board().lines) >= 13,
        players=4,
        rounds=1,
    )
    assert snap_compare(app_at(game), terminal_size=size, run_before=run_before)
