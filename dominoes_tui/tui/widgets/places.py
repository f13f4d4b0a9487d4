"""Mexican Train's trains and Chicken Foot's foot, on the felt in place of the line.

Both layouts are drawn as rows, one per place a tile may go (a train; an arm
of the centre or a toe of a foot), under a hub row that names the round's
double and what the layout asks now (a double to satisfy and who must, the foot
being filled). Each row shows its label, its tiles from the hub outward and
its open end (``▸7``: the number it takes). A row longer than the felt shows
its newest tiles and says how many older ones are out of sight (``16 more``);
``[`` and ``]`` (or the mouse wheel over a row) scroll the rows back and forth
in time. With more rows than the felt is tall, PgUp/PgDn (or the wheel) scroll
them, the hub row gives its line to a place first (the scores row names the
round's double), and the rows that matter now (the asked places, the newest
tile) are kept in sight.

No cue is colour alone: the double to satisfy is drawn in brackets
(``[6│6]``), the last tile laid is underlined, the place ↑/↓ marks is in
brackets (``[2▸7]``), and a train open to all has its ``●`` (said in words on
the first one).

While the table asks where a tile goes, each place offered shows the number
that picks it (``1▸7``) and the one ↑/↓ marks is shown bracketed; a click on a
row answers too. The widget draws what the board and the session say; which
places are open is the engine's (the session hands them in).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ...engine import Placed, tiles
from ...engine.chicken_foot import FootBoard
from ...engine.trains import TrainsBoard

TILE = "#1d1a14 on #f3ecd8"
TILE_LAST = "underline #1d1a14 on #f7d98b"
TILE_DOUBLE_OPEN = "bold #ffffff on #b03a2e"
HUB = "bold #1d1a14 on #e6c98a"
END = "bold #1d1a14 on #d9b24a"
END_ASK = "bold #000000 on #ffe066"
END_PICK = "bold #ffe066 on #6b1d14"
CLOSED = "#6f9c84"
LABEL = "bold #e8efe9"
LABEL_DIM = "#9fbfae"
TURN = "bold #ffe066"
MARKER = "bold #ff7a5c"
NOTE = "#ffe9a8"
HOT = "bold #ffe066"
OLDER = "#9fbfae"


@dataclass
class Row:
    """One place on the felt (or the hub row, ``place`` None)."""

    label: Text
    tiles: tuple[Placed, ...] = ()
    end: int | None = None
    """The number the place takes (None: no open end, e.g. a closed line)."""
    place: int | None = None
    closed: str = ""
    """Words instead of an open end (a line that grew a foot)."""
    hot: bool = False
    """The row that matters now (a double to satisfy, a toe of the foot being filled)."""
    note: Text = field(default_factory=Text)
    """Said after the open end when there is room."""
    legend: bool = False
    """The note is a legend (the marker's): said on the first such row it fits on."""


def more_words(n: int) -> str:
    """Tiles of a row out of sight, before the first one shown: ``16 more ``."""
    return f"{n} more "


def _first_shown(faces: Sequence[str], upto: int, room: int) -> int:
    """The first of ``faces[:upto]`` that fits in ``room`` cells, newest kept, with the
    words for the older ones out of sight."""
    first = upto
    used = 0
    while first > 0:
        need = len(faces[first - 1]) + 3  # the face, its margins and a gap
        older = first - 1
        mark = len(more_words(older)) if older else 0
        if used + need + mark > room:
            break
        used += need
        first -= 1
    return first


def tile_text(p: Placed) -> str:
    """A laid tile as its two halves, the touching half first: ``6│3``, ``12│3``."""
    return f"{p.left}│{p.right}"


def _hub(title: str, what: str, double: int, dim: bool = False) -> Text:
    """``Round 3 of 13 · engine 10-10`` (the double as a tile)."""
    hub = Text()
    if title:
        hub.append(f" {title} ·", style=LABEL_DIM)
    hub.append(f" {what} ", style=LABEL)
    hub.append(f" {tiles.name(double)} ", style=("dim " if dim else "") + HUB)
    return hub


def trains_rows(
    board: TrainsBoard, names: Sequence[str], turn: int | None, title: str = ""
) -> tuple[Text, Text, list[Row]]:
    """The hub row, what it says when there is room, and one row per train: seat k's at
    k (labelled with its owner, the marker shown), the Mexican train last; the
    unsatisfied double highlighted with the seat that must satisfy it."""
    hub = _hub(title, "engine", board.engine)
    hub_says = Text()
    if board.pending is not None:
        who = "you" if board.must_satisfy == 0 else names[board.must_satisfy or 0]
        hub_says.append(f"  {tiles.name(board.pending_double)} to satisfy: {who}", style=HOT)
    rows = []
    width = max(len(n) for n in (*names, "Mexican"))
    for k, train in enumerate(board.trains):
        label = Text()
        owner = train.owner
        label.append("▶" if owner is not None and owner == turn else " ", style=TURN)
        name = "Mexican" if owner is None else names[owner]
        label.append(name.ljust(width), style=LABEL if owner is not None else LABEL_DIM)
        label.append(" ●" if train.marker else "  ", style=MARKER)
        note = Text()
        if board.pending == k:
            who = "you" if board.must_satisfy == 0 else names[board.must_satisfy or 0]
            note.append(f" ◂ to satisfy: {who}", style=HOT)
        elif train.marker:  # the marker's legend: said once, where it fits (lines)
            note.append(" ● open to all", style=MARKER)
        rows.append(
            Row(
                label,
                train.tiles,
                train.end,
                k,
                hot=board.pending == k,
                note=note,
                legend=train.marker and board.pending != k,
            )
        )
    return hub, hub_says, rows


def foot_rows(board: FootBoard, title: str = "") -> tuple[Text, Text, list[Row]]:
    """The centre (hub row), what it says when there is room, and one row per arm and
    toe, each foot's toes under the line whose double grew them; the foot being filled
    highlighted."""
    says = Text()
    if board.centre is None:
        says.append("  not laid yet: whoever holds it lays it", style=NOTE)
        return _hub(title, "centre", board.round_double, dim=True), says, []
    hub = _hub(title, "centre", board.centre)
    foot = board.foot
    if foot is not None:
        n = len(board.filling)
        what = "arms" if foot == board.centre else f"{tiles.name(foot)}'s toes"
        says.append(f"  {what}: {n} to go", style=HOT)
    children: dict[int | None, list[int]] = {}
    for i, ln in enumerate(board.lines):
        children.setdefault(ln.parent, []).append(i)
    filling = set(board.filling)
    hot_parent = board.lines[board.filling[0]].parent if board.filling else None
    rows: list[Row] = []

    def add(i: int, depth: int) -> None:
        ln = board.lines[i]
        label = Text("  " * depth)
        hot = i in filling
        if ln.parent is None:
            label.append(f" arm {i + 1}", style=HOT if hot else LABEL)
        else:
            sib = children[ln.parent].index(i) + 1
            label.append(f"└toe {sib}", style=HOT if hot else LABEL_DIM)
        closed = ""
        if ln.closed:
            closed = f"foot {tiles.name(ln.tiles[-1].tile)} ▾"
        rows.append(Row(label, ln.tiles, None if ln.closed else ln.end, i, closed=closed, hot=hot))
        for c in children.get(i, []):
            add(c, depth + 1)

    for i in children.get(None, []):
        add(i, 0)
    if hot_parent is not None:  # the double whose foot is being filled stands out
        for r in rows:
            if r.place == hot_parent:
                r.hot = True
    return hub, says, rows


class PlacesView(Widget):
    """The trains or the foot, as rows (see the module)."""

    DEFAULT_CSS = """
    PlacesView {
        width: 1fr;
        height: 1fr;
    }
    """

    class PlaceClicked(Message):
        """A row (a train, an arm, a toe) was clicked: ``place`` is its number."""

        def __init__(self, place: int) -> None:
            super().__init__()
            self.place = place

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.hub = Text()
        self.hub_says = Text()
        self.rows: list[Row] = []
        self.last: set[int] = set()
        self.asked: tuple[int, ...] = ()
        self.pick = 0
        self.scroll_row = 0
        self.shift: dict[int, int] = {}
        """Per place: how many of its newest tiles are scrolled out of sight (wheel)."""
        self._shown: list[int | None] = []
        self._older: dict[int, int] = {}
        """Per place: its older tiles out of sight as last drawn."""

    def show(
        self,
        hub: Text,
        rows: list[Row],
        *,
        says: Text | None = None,
        set_size: int,
        last: set[int],
        asked: Sequence[int] = (),
        pick: int = 0,
    ) -> None:
        """Show the hub and rows; ``asked``: the places offered for the tile the person
        is placing (numbered in this order), ``pick`` the one ↑/↓ marks; ``says``: what
        the hub row adds when there is room (a double to satisfy, the foot being filled;
        the rows show it too)."""
        self.hub_says = says if says is not None else Text()
        new_tile = last - self.last
        self.hub, self.rows, self.last = hub, rows, set(last)
        self.asked, self.pick = tuple(asked), pick
        if new_tile:
            self.shift = {}
        self._keep_in_sight()
        self.refresh()

    # ------------------------------------------------------------ drawing
    def _row_text(self, row: Row, width: int, note: bool = True) -> Text:
        t = Text(no_wrap=True, overflow="crop")
        t.append_text(row.label)
        t.append(" ")
        end = Text()
        if row.place is not None and row.place in self.asked:
            i = self.asked.index(row.place)
            words = f"{i + 1}▸{row.end if row.end is not None else ''}"
            if i == self.pick:  # the one ↑/↓ marks: in brackets, not by colour alone
                end.append(f"[{words}]", style=END_PICK)
            else:
                end.append(words, style=END_ASK)
        elif row.closed:
            end.append(row.closed, style=CLOSED)
        elif row.end is not None:
            end.append(f"▸{row.end}", style=END)
        faces = [tile_text(p) for p in row.tiles]
        shift = self.shifted(row)
        shown_upto = len(faces) - shift
        newer = f" {shift} newer" if shift else ""
        room = width - t.cell_len - (len(newer) if shift else end.cell_len + 1)
        first = _first_shown(faces, shown_upto, room)
        if row.place is not None:
            self._older[row.place] = first
        if first:
            t.append(more_words(first), style=OLDER)
        for i in range(first, shown_upto):
            p = row.tiles[i]
            face = f" {faces[i]} "
            style = TILE
            if p.tile in self.last:  # underlined as well as tinted: not by colour alone
                style = TILE_LAST
            if row.hot and i == len(row.tiles) - 1 and p.double:
                style = TILE_DOUBLE_OPEN
                face = f"[{faces[i]}]"  # the double to satisfy, in brackets
            t.append(face, style=style)
            t.append(" " if i < shown_upto - 1 else "")
        if shift:
            t.append(newer, style=OLDER)
        elif end.plain:
            t.append(" " if row.tiles else "")
            t.append_text(end)
        if note and row.note.plain and t.cell_len + row.note.cell_len <= width:
            t.append_text(row.note)
        return t

    def older_hidden(self, row: Row, width: int) -> int:
        """How many of ``row``'s older tiles are out of sight at ``width``."""
        self._row_text(row, width)
        return self._older.get(row.place, 0) if row.place is not None else 0

    def shifted(self, row: Row) -> int:
        """How many of ``row``'s newest tiles are scrolled out of sight now."""
        return min(self.shift.get(row.place or 0, 0), max(len(row.tiles) - 1, 0))

    def lines(self, width: int) -> list[tuple[Text, int | None]]:
        """Every row as text fitted to ``width``, with the place it stands for."""
        hub = self.hub.copy()
        if hub.cell_len + self.hub_says.cell_len <= width:
            hub.append_text(self.hub_says)
        out: list[tuple[Text, int | None]] = [(hub, None)]
        legend = False
        for row in self.rows:
            t = self._row_text(row, width, note=not (row.legend and legend))
            legend = legend or (row.legend and t.plain.endswith(row.note.plain))
            out.append((t, row.place))
        for t, _ in out:
            t.truncate(width)
        return out

    def _body(self) -> tuple[int, int]:
        """``(hub rows, place rows)`` the felt's height holds: the hub gives its line to
        a place when the rows do not all fit (the scores row names the round's double)."""
        h = self.size.height
        if h <= 1:
            return 1, 0
        hub = 0 if len(self.rows) + 1 > h and len(self.rows) else 1
        return hub, h - hub

    def hidden_rows(self) -> bool:
        """More places than the felt shows at once (PgUp/PgDn scroll them)."""
        return self.size.height > 1 and len(self.rows) > self._body()[1]

    def hidden_tiles(self) -> bool:
        """A row shows fewer tiles than it holds, older or newer (``[`` and ``]``)."""
        width = max(self.size.width, 10)
        return any(self.shifted(r) or self.older_hidden(r, width) for r in self.rows)

    def _keep_in_sight(self) -> None:
        """Scroll the rows so the asked places, or the newest tile's row, are in sight."""
        h = self.size.height
        _, body = self._body()
        if h <= 1 or len(self.rows) <= body:
            self.scroll_row = 0
            return
        want = [i for i, r in enumerate(self.rows) if r.place in self.asked]
        if not want:
            want = [i for i, r in enumerate(self.rows) if r.hot]
        if not want:
            want = [i for i, r in enumerate(self.rows) if any(p.tile in self.last for p in r.tiles)]
        top = max(0, len(self.rows) - body)
        if want:
            lo, hi = min(want), max(want)
            if lo < self.scroll_row or hi >= self.scroll_row + body:
                self.scroll_row = max(0, min(top, lo - 1))
        self.scroll_row = min(self.scroll_row, top)

    def render(self) -> Text:
        w, h = self.size
        lines = self.lines(max(w, 10))
        hub, body = self._body()
        rows = lines[1 + self.scroll_row : 1 + self.scroll_row + body]
        if self.scroll_row and body > 1:
            more = Text(f"  ▴ {self.scroll_row + 1} more above (PgUp)", style=OLDER)
            rows[0] = (more, None)
        below = len(lines) - 1 - self.scroll_row - body
        if below > 0 and len(rows) == body and body > 1:
            rows[-1] = (Text(f"  ▾ {below + 1} more below (PgDn)", style=OLDER), None)
        shown = lines[:hub] + rows
        self._shown = [p for _, p in shown]
        out = Text("\n").join(t for t, _ in shown)
        out.no_wrap = True
        out.overflow = "crop"
        return out

    def scroll_rows(self, delta: int) -> bool:
        """Scroll the places by ``delta`` rows (PgUp/PgDn, the wheel); False: nothing
        moved (all in sight, or at the end)."""
        _, body = self._body()
        top = max(0, len(self.rows) - body)
        row = max(0, min(top, self.scroll_row + delta))
        moved = row != self.scroll_row
        self.scroll_row = row
        self.refresh()
        return moved

    def page(self, direction: int) -> bool:
        """PgUp (-1) or PgDn (1): a felt's height of places, less one kept in sight."""
        _, body = self._body()
        return self.scroll_rows(direction * max(1, body - 2))

    def shift_tiles(self, delta: int) -> bool:
        """``[`` (older, ``delta`` < 0) or ``]`` (newer): every row that holds more tiles
        than it shows moves by ``delta`` tiles; False: nothing moved."""
        width = max(self.size.width, 10)
        moved = False
        for r in self.rows:
            if r.place is None:
                continue
            now = self.shifted(r)
            if delta < 0 and not self.older_hidden(r, width):
                continue  # nothing older out of sight on this row
            new = max(0, min(len(r.tiles) - 1, now - delta))
            if new != now:
                self.shift[r.place] = new
                moved = True
        self.refresh()
        return moved

    def on_resize(self, event: events.Resize) -> None:
        self._keep_in_sight()
        self.refresh()

    # ------------------------------------------------------------ mouse
    def place_at(self, y: int) -> int | None:
        """The place drawn on row ``y`` of the widget (None: the hub, or nothing)."""
        if 0 <= y < len(self._shown):
            return self._shown[y]
        return None

    def on_click(self, event: events.Click) -> None:
        place = self.place_at(event.y)
        if place is not None:
            event.stop()
            self.post_message(self.PlaceClicked(place))

    def _wheel(self, y: int, delta: int) -> None:
        place = self.place_at(y)
        row = next((r for r in self.rows if r.place == place), None) if place is not None else None
        if self.hidden_rows():  # more rows than room: the wheel scrolls the rows
            self.scroll_rows(delta)
        elif row is not None and place is not None:  # else it scrolls that row back in time
            back = self.shift.get(place, 0) - delta
            self.shift[place] = max(0, min(len(row.tiles) - 1, back))
        self.refresh()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self._wheel(event.y, -1)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self._wheel(event.y, 1)
