"""The line of play: a snake of tiles on the felt, with clickable open-end markers."""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from ...engine import Placed
from ..render import Cell, LineLayout, layout_line

TILE = Style(color="#1d1a14", bgcolor="#f3ecd8")
TILE_LAST = Style(color="#1d1a14", bgcolor="#f7d98b")
TURN = Style(color="#6f9c84")
END = Style(color="#1d1a14", bgcolor="#d9b24a", bold=True)
END_ASK = Style(color="#000000", bgcolor="#ffe066", bold=True, reverse=False, blink=True)


class LineView(Widget):
    """Draws the line of play laid out by :func:`render.layout_line`."""

    class EndClicked(Message):
        """An open-end marker was clicked: ``end`` 0/1, or None for the lead."""

        def __init__(self, end: int | None) -> None:
            super().__init__()
            self.end = end

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.line: tuple[Placed, ...] = ()
        self.lead_index: int | None = None
        self.ends: tuple[int, ...] = ()
        self.set_size = 6
        self.last_tiles: set[int] = set()
        self.asking = False
        self._layout: LineLayout | None = None
        self._rows: list[list[tuple[str, Style | None]]] = []

    def show(
        self,
        line: Sequence[Placed],
        lead_index: int | None,
        ends: Sequence[int],
        set_size: int,
        last_tiles: set[int],
        asking: bool = False,
    ) -> None:
        self.line, self.lead_index, self.ends = tuple(line), lead_index, tuple(ends)
        self.set_size, self.last_tiles, self.asking = set_size, last_tiles, asking
        self._layout = None
        self.refresh()

    @property
    def layout(self) -> LineLayout:
        w, h = self.size
        if self._layout is None or (self._layout.width, self._layout.height) != (w, h):
            self._layout = layout_line(
                self.line, self.lead_index, self.ends, self.set_size, max(w, 1), max(h, 1)
            )
            self._paint(self._layout)
        return self._layout

    def on_resize(self, event: events.Resize) -> None:
        self._layout = None
        self.refresh()

    def _style(self, c: Cell) -> Style | None:
        if c.kind in ("tile", "rule"):
            return TILE_LAST if c.tile in self.last_tiles else TILE
        if c.kind == "turn":
            return TURN
        if c.kind == "end":
            return END_ASK if self.asking else END
        return None

    def _paint(self, lay: LineLayout) -> None:
        rows: list[list[tuple[str, Style | None]]] = [
            [(" ", None)] * lay.width for _ in range(lay.height)
        ]
        for c in lay.cells:
            style = self._style(c)
            if c.kind == "end" and self.asking and c.end is not None:
                label = "L" if c.end == 0 else "R"  # which end is "left" on a snake
                number = c.text.replace("◂", "").replace("▸", "")
                c = Cell(c.x, c.y, label + number, c.kind)
            if not 0 <= c.y < lay.height:
                continue
            for i, ch in enumerate(c.text):
                if 0 <= c.x + i < lay.width:
                    rows[c.y][c.x + i] = (ch, style)
        self._rows = rows

    def render_line(self, y: int) -> Strip:
        lay = self.layout
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
        return Strip(segs, lay.width)

    def end_at(self, x: int, y: int) -> tuple[bool, int | None]:
        """Is there an end marker at (x, y)? and which end."""
        for c in self.layout.hotspots():
            if c.y == y and c.x <= x < c.x + len(c.text):
                return True, c.end
        return False, None

    def on_click(self, event: events.Click) -> None:
        hit, end = self.end_at(event.x, event.y)
        if hit:
            event.stop()
            self.post_message(self.EndClicked(end))
