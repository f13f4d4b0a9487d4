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
    line_style,
    render_plain,
)
from dominoes_tui.tui.render import (
    modes as line_modes,
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
    for seed in range(60 if rules.set <= 9 else 20):  # double-12 lines are long: fewer seeds
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


def _growing_line(variant: str, seed: int, lengths: tuple[int, ...]) -> dict[int, Game]:
    """The positions of one hand where its line first reaches each of ``lengths``."""
    rules = load_variant(variant)
    g = new_game(rules, seed)
    players = [make_player("easy", seed + i) for i in range(rules.players)]
    out: dict[int, Game] = {}
    while g.phase == "play" and len(out) < len(lengths):
        g.apply(players[g.turn].choose(seat_view(g, g.turn)))
        if len(g.line) in lengths and len(g.line) not in out:
            out[len(g.line)] = Game.replay(rules, seed, list(g.log))
    assert sorted(out) == sorted(lengths)
    return out


@pytest.mark.parametrize("seed", [11, 27])
@pytest.mark.parametrize("size", [LINE_AREA_80x24, LINE_AREA_100x32])
def test_a_growing_line_keeps_one_face_from_its_first_tile_to_its_last(size, seed) -> None:
    """The face comes from the felt's size, not the line's length: a long line folds
    (and its doubles still stand across where the felt about them is free)."""
    faces = {}
    for n, g in _growing_line("draw", seed, (1, 8, 15, 25)).items():
        lay = layout_line(g.line, _lead_index(g), g.ends, 6, *size)
        assert lay.fits, render_plain(lay)
        _check_cells(lay, size, g)
        faces[n] = lay.face
    assert len(set(faces.values())) == 1, faces
    face = faces[1]
    if size == LINE_AREA_100x32:
        assert face.half_width, "pips at 100x32 and up"
    assert face is line_modes(6, *size, "box", False)[line_style(6, *size, "box", False)].face


@pytest.mark.parametrize("n, size", [(15, LINE_AREA_100x32), (25, (120, 30))])
def test_doubles_stand_across_after_the_line_folds(n, size) -> None:
    g = _growing_line("draw", 27, (n,))[n]
    lay = layout_line(g.line, _lead_index(g), g.ends, 6, *size)
    assert lay.fits and lay.face.half_width
    assert len({c.y for c in lay.cells if c.kind == "turn"}) > 1, "the line folded"
    turns = [c.y for c in lay.cells if c.kind == "turn"]
    doubles = [p.tile for p in g.line if p.double]
    standing = [t for t in doubles if any(c.kind == "rule" for c in lay.cells if c.tile == t)]
    # a double across: taller than a lying tile, and one of them beyond the first bend
    assert all(len({c.y for c in lay.cells if c.tile == t}) == 7 for t in standing)
    beyond = [t for t in standing if max(c.y for c in lay.cells if c.tile == t) > min(turns) + 3]
    assert beyond, render_plain(lay)


def test_a_bigger_felt_takes_a_bigger_face() -> None:
    widths = [
        line_modes(6, w, h, "box", False)[line_style(6, w, h, "box", False)].face.lying_size(6)[0]
        for w, h in (LINE_AREA_80x24, LINE_AREA_100x32, (120, 30), (173, 37))
    ]
    assert widths == sorted(widths) and widths[0] < widths[1] < widths[-1]


def test_a_hand_shown_face_up_is_never_cut_the_boneyard_gives_way() -> None:
    """At a hand's end the seats show their tiles face up: twelve of them at 80 columns
    left no room for the boneyard's words ("… 6-2   Bone" was cut, seen in tmux)."""
    from dominoes_tui.table.words import SeatInfo
    from dominoes_tui.tui.widgets.seats import Boneyard, seats_text

    held = "0-0 1-0 1-1 3-0 3-3 4-0 4-2 4-3 4-4 6-0 6-1 6-2".split()
    seats = [
        SeatInfo(0, "You", 1, revealed=["6-6"]),
        SeatInfo(1, "CPU (Medium)", 12, revealed=held),
    ]
    row = seats_text(seats, 80, boneyard=Boneyard(10, 1)).plain
    assert row.endswith("6-1 6-2") and "Bone" not in row and len(row) <= 80
    # with room to spare the boneyard stays
    row = seats_text(
        seats[:1] + [SeatInfo(1, "CPU", 3, revealed=held[:3])], 80, boneyard=Boneyard(10, 1)
    )
    assert "Boneyard 10" in row.plain
