"""Your hand along the bottom: tiles standing up, fitting ones bright with a ``▾`` above
them, the selected one raised.

The tiles take the room there is: big ones (11x11) on a big terminal, the usual
7x7 pips otherwise, small numbered ones for a hand too long for pips.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from ...engine import tiles
from ..render import (
    BIG_TILE_HEIGHT,
    BIG_TILE_WIDTH,
    COMPACT_TILE_WIDTH,
    HAND_TILE_WIDTH,
    big_tile_rows,
    compact_tile_rows,
    hand_tile_rows,
    unicode_tile,
)

FACE = Style(color="#1d1a14", bgcolor="#f3ecd8")
FACE_SELECTED = Style(color="#000000", bgcolor="#fffaf0", bold=True)
FACE_DIM = Style(color="#4a463d", bgcolor="#8c8676")
FACE_NEW = Style(color="#1d1a14", bgcolor="#cfe3f4")
FACE_HOVER = Style(color="#000000", bgcolor="#fff3d0")
SHADOW = Style(color="#d9b24a")
LABEL = Style(color="#9fc3ae")
MARK = "★"
"""Marks a matador in the hand (R-MT-2: it goes on any end)."""
FITS = "▾"
"""Above a tile that fits now, on the person's turn (not by its colour alone)."""
FITS_STYLE = Style(color="#ffe066", bold=True)

HEIGHT = 8
"""The hand's usual height: a 7-row tile and a row to raise it by."""
BIG_HEIGHT = BIG_TILE_HEIGHT + 1


class HandView(Widget):
    """Draws the person's tiles; a click selects a tile (a second click plays it)."""

    class TileClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.hand: list[int] = []
        self.fits: set[int] = set()
        self.selected: int | None = None
        self.new: set[int] = set()
        self.dim_unfit = False
        self.set_size = 6
        self.unicode = False
        self.hover: int | None = None
        self.marks: set[int] = set()
        self._rows: list[list[tuple[str, Style | None]]] = []
        self._spans: list[tuple[int, int]] = []

    def show(
        self,
        hand: Sequence[int],
        fits: set[int],
        selected: int | None,
        new: set[int],
        dim_unfit: bool,
        set_size: int,
        unicode: bool = False,
        marks: set[int] | None = None,
    ) -> None:
        """``marks``: tiles to mark with a star in their corner (Matador's matadors)."""
        self.marks = set(marks or ())
        self.hand, self.fits, self.selected = list(hand), fits, selected
        self.new, self.dim_unfit, self.set_size, self.unicode = new, dim_unfit, set_size, unicode
        self._rows = []
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        self._rows = []
        self.refresh()

    @property
    def compact(self) -> bool:
        n = len(self.hand)
        return n * (HAND_TILE_WIDTH + 1) > self.size.width

    @property
    def big(self) -> bool:
        """Room for the big tiles (a big terminal)."""
        n = len(self.hand)
        return self.size.height >= BIG_HEIGHT and n * (BIG_TILE_WIDTH + 1) <= self.size.width

    @property
    def tile_width(self) -> int:
        if self.compact:
            return COMPACT_TILE_WIDTH - 1
        return BIG_TILE_WIDTH if self.big else HAND_TILE_WIDTH

    def _face(self, t: int) -> Style:
        if self.hand and self.selected is not None and self.hand[self.selected] == t:
            return FACE_SELECTED
        if t in self.new:
            return FACE_NEW
        if self.hover is not None and self.hover < len(self.hand) and self.hand[self.hover] == t:
            if not self.dim_unfit or t in self.fits:
                return FACE_HOVER
        if self.dim_unfit and t not in self.fits:
            return FACE_DIM
        return FACE

    def _tile_rows(self, t: int) -> list[str]:
        top, bottom = tiles.HIGH[t], tiles.LOW[t]
        if self.compact:
            return compact_tile_rows(top, bottom, self.set_size)
        big = self.big
        rows = (big_tile_rows if big else hand_tile_rows)(top, bottom, self.set_size)
        glyph = unicode_tile(top, bottom) if self.unicode else None
        if glyph:  # the Unicode glyph in the tile's middle, numbers around it
            w = self.tile_width
            pad = [" " * w] * (2 if big else 1)
            mid = (" " * (w // 2 - 1) + glyph).ljust(w)
            rows = pad + [str(top).center(w)] + pad + [mid] + pad + [str(bottom).center(w)] + pad
        return rows

    def _paint(self) -> None:
        width = max(self.size.width, 1)
        height = max(self.size.height, 1)
        rows: list[list[tuple[str, Style | None]]] = [[(" ", None)] * width for _ in range(height)]
        self._spans = []
        w = self.tile_width
        total = len(self.hand) * (w + 1) - 1
        x = max(0, (width - total) // 2)
        for i, t in enumerate(self.hand):
            tile_rows = self._tile_rows(t)
            raised = i == self.selected
            y0 = height - 1 - len(tile_rows) - (1 if raised else 0)
            y0 = max(0, y0) + (0 if raised else 1)
            face = self._face(t)
            for dy, text in enumerate(tile_rows):
                y = y0 + dy
                for dx, ch in enumerate(text):
                    if 0 <= y < height and x + dx < width:
                        rows[y][x + dx] = (ch, face)
            if t in self.marks and 0 <= y0 < height and x < width:
                rows[y0][x] = (MARK, face + Style(color="#b03a2e", bold=True))
            if self.dim_unfit and t in self.fits and not raised and 0 < y0 <= height:
                # a shape as well as the brighter face: it fits (read without colour too)
                mx = x + (w - 1) // 2
                if mx < width:
                    rows[y0 - 1][mx] = (FITS, FITS_STYLE)
            if raised:
                y = y0 + len(tile_rows)
                for dx in range(w):
                    if y < height and x + dx < width:
                        rows[y][x + dx] = ("▔", SHADOW)
            self._spans.append((x, x + w))
            x += w + 1
        self._rows = rows

    def render_line(self, y: int) -> Strip:
        if (
            not self._rows
            or len(self._rows[0]) != max(self.size.width, 1)
            or len(self._rows) != max(self.size.height, 1)
        ):
            self._paint()
        base = self.rich_style
        if not 0 <= y < len(self._rows):
            return Strip.blank(self.size.width, base)
        segs: list[Segment] = []
        run, run_style = "", None
        for ch, st in self._rows[y]:
            if st is not run_style and run:
                segs.append(Segment(run, base + run_style if run_style else base))
                run = ""
            run_style = st
            run += ch
        if run:
            segs.append(Segment(run, base + run_style if run_style else base))
        return Strip(segs, self.size.width)

    def index_at(self, x: int) -> int | None:
        if not self._rows:
            self._paint()
        for i, (a, b) in enumerate(self._spans):
            if a <= x < b:
                return i
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        i = self.index_at(event.x)
        if i != self.hover:
            self.hover = i
            self._rows = []
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self.hover is not None:
            self.hover = None
            self._rows = []
            self.refresh()

    def on_click(self, event: events.Click) -> None:
        i = self.index_at(event.x)
        if i is not None:
            event.stop()
            self.post_message(self.TileClicked(i))
