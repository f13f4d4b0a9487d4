"""The line of play: a snake of tiles on the felt, with clickable open-end markers.

With a spinner (All Fives) the line is a cross about it: the up and down arms
leave it vertically. While the person is asked which end, each end in question
shows the arrow key that picks it (the arrows match the drawing: the end drawn
further left is ←, even when it is the line's right end after the snake turned).
The tiles keep one face at a given size of the widget (:func:`render.line_style`):
a longer line folds, a resized window lays it anew in the face of its new size.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from ...engine import Game, Placed
from ..render import Cell, LineLayout, end_arrows, end_positions, layout_line_tall

TILE = Style(color="#1d1a14", bgcolor="#f3ecd8")
TILE_LAST = Style(color="#1d1a14", bgcolor="#f7d98b")
TILE_LAST_FACE = TILE_LAST + Style(underline=True)
"""The last tile laid: tinted, and its numbers underlined (not by colour alone)."""
TURN = Style(color="#6f9c84")
END = Style(color="#1d1a14", bgcolor="#d9b24a", bold=True)
END_ASK = Style(color="#000000", bgcolor="#ffe066", bold=True, reverse=False, blink=True)
END_OFF = Style(color="#6f9c84", bgcolor="#0a2e22")
SPINNER = Style(color="#1d1a14", bgcolor="#e6c98a", bold=True)


def lead_index(game: Game) -> int | None:
    """Where the hand's first tile lies in the line (the line is drawn about it)."""
    lead = next((e.tile for e in game.events if e.kind in ("play", "doubles")), None)
    for i, p in enumerate(game.line):
        if p.tile == lead:
            return i
    return None


def last_tiles(game: Game) -> set[int]:
    """The tile(s) the last event laid, lit on the line."""
    if game.events and game.events[-1].kind in ("play", "doubles"):
        e = game.events[-1]
        return {e.tile} | ({e.second} if e.second is not None else set())
    return set()


class LineView(Widget):
    """Draws the line of play laid out by :func:`render.layout_line`."""

    class EndClicked(Message):
        """An open-end marker was clicked: ``end`` 0..3, or None for the lead."""

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
        self.ask_ends: set[int] | None = None
        self.arms: tuple[tuple[Placed, ...], ...] | None = None
        self.spinner: int | None = None
        self.sum7 = False
        self.tile_style = "box"
        self.arrows: dict[int, str] = {}
        """While asking: the arrow shown on each end asked about."""
        self._layout: LineLayout | None = None
        self.scroll_row = 0
        """The first row shown when the line is taller than the widget (it then scrolls)."""
        self._rows: list[list[tuple[str, Style | None]]] = []

    def show(
        self,
        line: Sequence[Placed],
        lead_index: int | None,
        ends: Sequence[int],
        set_size: int,
        last_tiles: set[int],
        asking: bool = False,
        *,
        arms: Sequence[Sequence[Placed]] | None = None,
        spinner: int | None = None,
        sum7: bool = False,
        ask_ends: set[int] | None = None,
        arrows: dict[int, str] | None = None,
        tile_style: str = "box",
    ) -> None:
        """Show a line; ``spinner`` (with its ``arms``) lays the cross about it.

        ``asking``: the person is asked which end; ``ask_ends`` are the ends
        offered (None: all), ``arrows`` the key shown on each (None: as the felt
        shows them, :meth:`arrows_for`). ``sum7``: markers say what fits
        (Matador). ``tile_style``: ``"box"`` (pips where they fit) or ``"unicode"``.
        """
        if spinner is not None:
            lead_index = next((i for i, p in enumerate(line) if p.tile == spinner), lead_index)
        self.line, self.lead_index, self.ends = tuple(line), lead_index, tuple(ends)
        self.set_size, self.last_tiles, self.asking = set_size, last_tiles, asking
        self.spinner, self.sum7, self.ask_ends = spinner, sum7, ask_ends
        if arrows is not None:
            self.arrows = dict(arrows)
        self.tile_style = tile_style
        self.arms = (
            tuple(tuple(a) for a in arms) if arms is not None and spinner is not None else None
        )
        self._layout = None
        self.refresh()

    @property
    def line_layout(self) -> LineLayout:
        """Where each tile of the line goes at this size (worked out again when it changes).
        Not named ``layout``: that is Textual's own (how a container arranges its children)."""
        w, h = self.size
        if self._layout is None or self._layout.width != w or self._laid_size != (w, h):
            self._laid_size = (w, h)
            self._layout = layout_line_tall(
                self.line,
                self.lead_index,
                self.ends,
                self.set_size,
                max(w, 1),
                max(h, 1),
                arms=self.arms,
                sum7=self.sum7,
                tile_style=self.tile_style,
            )
            self._paint(self._layout)
            self._scroll_to_latest(h)
        return self._layout

    _laid_size = (0, 0)

    def _scroll_to_latest(self, h: int) -> None:
        """A line taller than the widget shows the tile just played (else the middle)."""
        lay = self._layout
        if lay is None or lay.height <= h:
            self.scroll_row = 0
            return
        ys = [c.y for c in lay.cells if c.tile is not None and c.tile in self.last_tiles]
        y = ys[0] if ys else lay.height // 2
        self.scroll_row = max(0, min(lay.height - h, y - h // 2))

    def _scroll(self, delta: int) -> None:
        lay = self.line_layout
        top = max(0, lay.height - self.size.height)
        row = max(0, min(top, self.scroll_row + delta))
        if row != self.scroll_row:
            self.scroll_row = row
            self.refresh()

    def hidden_rows(self) -> bool:
        """The line is taller than the felt (PgUp/PgDn, or the wheel, scroll it)."""
        h = self.size.height
        return h > 1 and self.line_layout.height > h

    def page(self, direction: int) -> bool:
        """PgUp (-1) or PgDn (1): most of a felt's height; False: nothing moved."""
        before = self.scroll_row
        self._scroll(direction * max(1, self.size.height - 2))
        return self.scroll_row != before

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        event.prevent_default()
        self._scroll(-1)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        event.prevent_default()
        self._scroll(1)

    def on_resize(self, event: events.Resize) -> None:
        self._layout = None
        self.refresh()

    def _style(self, c: Cell) -> Style | None:
        if c.kind in ("tile", "rule"):
            if c.tile in self.last_tiles:
                return TILE_LAST_FACE if c.kind == "tile" else TILE_LAST
            return SPINNER if c.tile is not None and c.tile == self.spinner else TILE
        if c.kind == "turn":
            return TURN
        if c.kind == "end":
            if not self.asking:
                return END
            offered = self.ask_ends is None or c.end in self.ask_ends
            return END_ASK if offered else END_OFF
        return None

    def _paint(self, lay: LineLayout) -> None:
        rows: list[list[tuple[str, Style | None]]] = [
            [(" ", None)] * lay.width for _ in range(lay.height)
        ]
        for c in lay.cells:
            style = self._style(c)
            offered = self.ask_ends is None or c.end in self.ask_ends
            if c.kind == "end" and self.asking and c.end is not None and offered:
                c = Cell(c.x, c.y, self._asked_text(c), c.kind)
            if not 0 <= c.y < lay.height:
                continue
            for i, ch in enumerate(c.text):
                if 0 <= c.x + i < lay.width:
                    rows[c.y][c.x + i] = (ch, style)
        self._rows = rows

    def set_arrows(self, arrows: dict[int, str]) -> None:
        """The arrow each end shows while asking (repainted if they changed)."""
        if arrows != self.arrows:
            self.arrows = dict(arrows)
            if self._layout is not None:
                self._paint(self._layout)
            self.refresh()

    def arrows_for(self, asked: list[int] | tuple[int, ...]) -> dict[int, str]:
        """The arrow key for each asked end, as this felt draws them (see
        :func:`render.end_arrows`)."""
        return end_arrows(end_positions(self.line_layout), asked, self.arms is not None)

    def _asked_text(self, c: Cell) -> str:
        """An end marker while asking: the arrow key that picks it and its number
        (``←4``), the same width as the marker."""
        assert c.end is not None
        n = str(self.ends[c.end]) if c.end < len(self.ends) else ""
        arrow = self.arrows.get(c.end) or "←→↑↓"[c.end]
        text = f"{arrow}{n}"
        if len(text) < len(c.text):
            return text.rjust(len(c.text)) if "◂" in c.text else text.ljust(len(c.text))
        return text

    def render_line(self, y: int) -> Strip:
        lay = self.line_layout
        base = self.rich_style
        y += self.scroll_row
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
        hotspots = self.line_layout.hotspots()
        y += self.scroll_row
        for c in hotspots:
            if c.y == y and c.x <= x < c.x + len(c.text):
                return True, c.end
        return False, None

    def on_click(self, event: events.Click) -> None:
        hit, end = self.end_at(event.x, event.y)
        if hit:
            event.stop()
            self.post_message(self.EndClicked(end))
