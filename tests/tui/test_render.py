"""The snake layout: a whole hand's line fits the 80×24 table without overlaps.

All Fives lays a pinwheel about the spinner (R-F-1); Matador's markers say what
fits (R-MT-1).
"""

from __future__ import annotations

import pytest

from dominoes_tui.ai import make_player
from dominoes_tui.engine import Game, load_variant, new_game, seat_view, tiles
from dominoes_tui.tui.render import (
    LineLayout,
    hand_tile_rows,
    layout_line,
    layout_line_tall,
    render_plain,
)

LINE_AREA_80x24 = (53, 11)  # 80 less the move log 27; 24 less top 2, message 2, hand 8, footer 1
LINE_AREA_100x32 = (66, 19)


def _lead_index(game: Game) -> int | None:
    if game.spinner is not None:  # the pinwheel turns about the spinner
        return next(i for i, p in enumerate(game.line) if p.tile == game.spinner)
    lead = next((e.tile for e in game.events if e.kind in ("play", "doubles")), None)
    return next((i for i, p in enumerate(game.line) if p.tile == lead), None)


LONG = 60
"""A line longer than this (a double-12 set, four players, many draws) may scroll at 80x24,
where the move log takes the felt's right side; shorter ones always fit."""


def _check(game: Game, size: tuple[int, int]) -> None:
    arms = game.arms if game.spinner is not None else None
    sum7 = game.rules.match_rule == "sum7"
    args = (game.line, _lead_index(game), game.ends, game.rules.set, *size)
    lay = layout_line(*args, arms=arms, sum7=sum7)
    laid = len(game.line) + sum(len(a) for a in game.arms)
    if not lay.fits and laid > LONG and size == LINE_AREA_80x24:
        lay = layout_line_tall(*args, arms=arms, sum7=sum7)
        assert lay.fits and lay.height > size[1]
        _check_cells(lay, (size[0], lay.height), game)
        return
    assert lay.fits, render_plain(lay)
    _check_cells(lay, size, game)


def _check_cells(lay: LineLayout, size: tuple[int, int], game: Game) -> None:
    seen: dict[tuple[int, int], str] = {}
    for c in lay.cells:
        for i, ch in enumerate(c.text):
            x, y = c.x + i, c.y
            assert 0 <= x < size[0] and 0 <= y < size[1], (c, render_plain(lay))
            assert (x, y) not in seen, f"overlap at {(x, y)}\n{render_plain(lay)}"
            seen[(x, y)] = ch
    laid = {c.tile for c in lay.cells if c.tile is not None}
    assert laid == {p.tile for p in game.line} | {p.tile for a in game.arms for p in a}
    assert {c.end for c in lay.hotspots()} == set(range(len(game.ends)))


@pytest.mark.parametrize(
    "variant, settings",
    [
        ("classic", {}),
        ("draw", {}),
        ("double-first", {}),
        ("standard-draw", {}),
        ("standard-draw", {"set": 9}),
        ("standard-block", {"set": 12}),
        ("standard-draw", {"players": 4, "hand_size": 5, "set": 12}),
        ("goat", {}),
        ("all-fives", {}),
        ("matador", {}),
    ],
)
def test_every_line_fits_at_80x24_and_100x32(variant: str, settings: dict) -> None:
    rules = load_variant(variant, **settings)
    for seed in range(60):
        g = new_game(rules, seed)
        players = [make_player("easy", seed + i) for i in range(rules.players)]
        while g.phase == "play":
            g.apply(players[g.turn].choose(seat_view(g, g.turn)))
            if g.line:
                _check(g, LINE_AREA_80x24)
        _check(g, LINE_AREA_100x32)


def test_pips_of_a_double_six_tile() -> None:
    rows = hand_tile_rows(6, 1, 6)
    assert rows[:3] == [" ●   ● "] * 3
    assert rows[3] == "───────"
    assert rows[4:] == ["       ", "   ●   ", "       "]


def test_numbers_for_larger_sets() -> None:
    assert hand_tile_rows(12, 9, 12)[1].strip() == "12"
    assert tiles.HIGH[tiles.tile(12, 9)] == 12


def test_a_line_too_long_for_its_rows_is_laid_out_taller_to_scroll() -> None:
    """The snake may use more rows than shown; LineView then scrolls (mouse wheel)."""
    rules = load_variant("standard-draw", set=12, players=4, hand_size=5)
    g = new_game(rules, 3)
    players = [make_player("easy", 3 + i) for i in range(rules.players)]
    while g.phase == "play" and len(g.line) < 30:
        g.apply(players[g.turn].choose(seat_view(g, g.turn)))
    assert not layout_line(g.line, _lead_index(g), g.ends, 12, 50, 3).fits
    tall = layout_line_tall(g.line, _lead_index(g), g.ends, 12, 50, 3)
    assert tall.fits and tall.height > 3
    _check_cells(tall, (50, tall.height), g)
