"""Issue 25: no cue on the table is colour alone. The double to satisfy is in brackets
with "◂ to satisfy" after its train, an open train has its "●" (said in words once), the
tiles that fit have a "▾" over them, the last tile laid is underlined as well as tinted
(on the trains and on the line); and with ``NO_COLOR`` set the table is drawn without
colour and every one of those shapes is still there."""

from __future__ import annotations

import re

import pytest
from conftest import first_legal, make_app, settle, take_turn
from test_trains_snapshots import busy_trains
from test_trains_table import trains

from dominoes_tui.engine import tiles
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.widgets.hand import FITS, HandView
from dominoes_tui.tui.widgets.line import LineView
from dominoes_tui.tui.widgets.places import PlacesView

HEX = re.compile(r"(?:fill: |<rect [^>]*fill=\")#([0-9a-fA-F]{6})\b")
"""A colour the screen draws with: a cell style's or a background's (not the window
frame's circles around the screenshot)."""
DEFAULT_INK = "c5c8c6"
"""The screenshot's colour for a cell with no colour of its own."""


def colours_of(svg: str) -> set[str]:
    return {c.lower() for c in HEX.findall(svg)} - {DEFAULT_INK}


def grey(colour: str) -> bool:
    return colour[0:2] == colour[2:4] == colour[4:6]


def app_for(game) -> DominoesApp:
    return DominoesApp(game=game, seed=1, level="easy", delay=0, player_factory=first_legal)


def two_fits():
    """Your train ends in 6 and the Mexican train in 3: 6-2 and 3-1 fit, 12-5 and 2-4 not."""
    hands = [["6-2", "12-5", "3-1", "2-4"], ["10-1", "10-2"], ["11-1", "11-2"], ["8-1", "8-2"]]
    return trains(hands=hands, trains_=[["12-6"], [], [], [], ["12-3"]])


async def fitting_marks_said(pilot) -> None:
    """A "▾" over each fitting tile but the raised one, none over the others."""
    s = pilot.app.table.session
    fits = set(s.fits())
    raised = s.hand()[s.selected] if s.selected is not None else None
    assert len(fits) == 2 and len(s.hand()) == 4
    assert hand_marks(pilot.app.table.query_one(HandView)) == len(fits - {raised}) == 1
    await pilot.press("right")  # another tile raised: the marks follow
    await pilot.pause()
    raised = s.hand()[s.selected]
    assert hand_marks(pilot.app.table.query_one(HandView)) == len(fits - {raised})


def row_of(view: PlacesView, place: int):
    return next(t for t, p in view.lines(view.size.width) if p == place)


def hand_marks(hand: HandView) -> int:
    """How many "▾" the hand draws (one over each fitting tile not raised)."""
    return sum(str(hand.render_line(y).text).count(FITS) for y in range(hand.size.height))


def underlined(strips) -> str:
    """The text of every underlined cell."""
    return "".join(
        seg.text for strip in strips for seg in strip if seg.style and seg.style.underline
    )


async def test_the_trains_cues_have_shapes() -> None:
    app = app_for(busy_trains())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        view = app.table.query_one(PlacesView)
        west = row_of(view, 3).plain
        assert "[6│6]" in west and "◂ to satisfy: you" in west  # West's 6-6, by shape
        east = row_of(view, 1).plain
        assert "●" in east and "● open to all" in east  # the marker and its legend, once
        assert sum("open to all" in t.plain for t, _ in view.lines(view.size.width)) == 1
        # the person satisfies the double: the tile laid is underlined on its row
        await take_turn(pilot)
        last = view.last
        assert last
        faces = {tiles.name(x).replace("-", "│") for x in last} | {
            "│".join(reversed(tiles.name(x).split("-"))) for x in last
        }
        checked = 0
        for t, _place in view.lines(view.size.width):
            for span in t.spans:
                said = t.plain[span.start : span.end].strip(" []")
                if said in faces:
                    assert "underline" in str(span.style), (said, span.style)
                    checked += 1
        assert checked >= len(last)


async def test_the_tiles_that_fit_are_marked() -> None:
    app = app_for(two_fits())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await fitting_marks_said(pilot)


async def test_the_last_tile_on_the_line_is_underlined() -> None:
    app = make_app("classic", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await take_turn(pilot)
        line = app.table.query_one(LineView)
        strips = [line.render_line(y) for y in range(line.size.height)]
        last = line.last_tiles
        assert len(last) == 1
        (tile,) = last
        marked = underlined(strips)
        # the tile's own numbers (its pips, or its digits at this size), nothing else
        assert marked.strip(), "the last tile is underlined"
        pips = {str(n) for n in tiles.ends(tile)}
        assert set(marked.replace("│", " ").split()) <= pips | {"●", "─"}, (marked, pips)


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_no_color_keeps_every_shape(monkeypatch, size) -> None:
    """``NO_COLOR``: the table in greys only, the brackets, the marks and the legend
    there, and the last tile still underlined."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = app_for(busy_trains())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert app.no_color
        colours = colours_of(app.export_screenshot())
        assert len(colours) > 3 and all(grey(c) for c in colours), colours
        text = " ".join(str(t) for t, _ in app.table.query_one(PlacesView).lines(size[0]))
        for shape in ("[6│6]", "◂ to satisfy", "● open to all"):
            assert shape in text, shape
        await take_turn(pilot)
        svg = app.export_screenshot()
        assert "underline" in svg
        assert all(grey(c) for c in colours_of(svg))
    app = app_for(two_fits())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await fitting_marks_said(pilot)
        assert all(grey(c) for c in colours_of(app.export_screenshot()))
