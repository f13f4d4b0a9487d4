"""Pure drawing helpers: tiles as text, and the snake layout of the line of play.

Nothing here imports Textual; the widgets turn these shapes into styled cells.

>>> hand_tile_rows(6, 5, 6)[0]
' ●   ● '
>>> [p.text for p in line_tile_cells(6, 5, 6)]
[' 6│5 ']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine import Placed, tiles, wanted_number

# Which of the nine cells (row-major 3x3) hold a pip, for 0..6.
_PIPS: dict[int, tuple[int, ...]] = {
    0: (),
    1: (4,),
    2: (0, 8),
    3: (0, 4, 8),
    4: (0, 2, 6, 8),
    5: (0, 2, 4, 6, 8),
    6: (0, 3, 6, 2, 5, 8),
}
PIP = "●"
HAND_TILE_WIDTH = 7
HAND_TILE_HEIGHT = 7
COMPACT_TILE_WIDTH = 4


def digits(set_size: int) -> int:
    """How many characters a number of this set needs (1 for double-6 and -9, else 2)."""
    return 1 if set_size <= 9 else 2


def half_rows(n: int, set_size: int, width: int = HAND_TILE_WIDTH) -> list[str]:
    """One half of a hand tile: three rows of pips (double-6) or the number centred."""
    if set_size <= 6:
        cells = _PIPS[n]
        rows = []
        for r in range(3):
            row = [" "] * width
            for c in range(3):
                if r * 3 + c in cells:
                    row[1 + c * (width - 3) // 2] = PIP
            rows.append("".join(row))
        return rows
    return [" " * width, str(n).center(width), " " * width]


def hand_tile_rows(top: int, bottom: int, set_size: int) -> list[str]:
    """A tile standing up in the hand: top half, divider, bottom half (7 rows)."""
    rule = "─" * HAND_TILE_WIDTH
    return half_rows(top, set_size) + [rule] + half_rows(bottom, set_size)


def compact_tile_rows(top: int, bottom: int, set_size: int) -> list[str]:
    """A small standing tile with numbers, for a hand too long for pips (3 rows)."""
    w = COMPACT_TILE_WIDTH - 1
    return [str(top).center(w), "─" * w, str(bottom).center(w)]


def unicode_tile(top: int, bottom: int, vertical: bool = True) -> str | None:
    """The Unicode domino glyph for a double-6 tile, or None for larger sets."""
    if top > 6 or bottom > 6:
        return None
    base = 0x1F063 if vertical else 0x1F031
    return chr(base + top * 7 + bottom)


# ----------------------------------------------------------------- the line


@dataclass(frozen=True, slots=True)
class Cell:
    """A run of text at ``(x, y)`` in the line's own coordinates."""

    x: int
    y: int
    text: str
    kind: str = "tile"
    """``"tile"``, ``"rule"`` (a double's divider), ``"turn"`` (a bend), ``"end"``."""
    tile: int | None = None
    end: int | None = None


def line_tile_cells(
    a: int, b: int, set_size: int, x: int = 0, y: int = 0, across: bool = True
) -> list[Cell]:
    """A tile lying in the line, ``a`` on the left and ``b`` on the right.

    A double lies ``across``: its halves above and below the line, its divider on it.
    """
    d = digits(set_size)
    t = tiles.tile(a, b)
    if a == b and across:
        w = d + 2
        return [
            Cell(x, y - 1, str(a).center(w), "tile", t),
            Cell(x, y, "─" * w, "rule", t),
            Cell(x, y + 1, str(b).center(w), "tile", t),
        ]
    return [Cell(x, y, f" {a:>{d}}│{b:<{d}} ", "tile", t)]


def line_tile_width(double: bool, set_size: int, across: bool = True) -> int:
    d = digits(set_size)
    return d + 2 if double and across else 2 * d + 3


def end_marker_text(n: int, facing_right: bool, sum7: bool = False) -> str:
    """The chip at an open end, pointing the way the line runs there: ``◂4`` or ``4▸``.

    In Matador (``sum7``) it also says what fits there (R-MT-1/2):

    >>> end_marker_text(5, True, sum7=True), end_marker_text(0, False, sum7=True)
    ('5▸needs 2', 'matador◂0')
    """
    if sum7:
        want = wanted_number("sum7", n)
        need = "matador" if want is None else f"needs {want}"
        return f"{n}▸{need}" if facing_right else f"{need}◂{n}"
    return f"{n}▸" if facing_right else f"◂{n}"


@dataclass
class LineLayout:
    """Where every tile of the line and the end markers go."""

    width: int
    height: int
    cells: list[Cell] = field(default_factory=list)
    fits: bool = True
    """False when the line needs more rows than ``height`` (it is then clipped)."""
    needed: int = 0
    """Rows the layout uses (more than ``height`` when it does not fit)."""

    def hotspots(self) -> list[Cell]:
        return [c for c in self.cells if c.kind == "end"]


GAP = 1


@dataclass(frozen=True, slots=True)
class _Item:
    outer: int
    inner: int
    width: int
    end: int | None = None
    """0..3 for an end marker, None for a tile."""


def _lay_arm(
    items: Sequence[_Item],
    start_x: int,
    lo: int,
    hi: int,
    going_right: bool,
    row_step: int,
    start_row: int = 0,
) -> tuple[list[tuple[int, int, _Item, bool]], list[tuple[int, int, int, bool]]]:
    """Lay one arm outward, turning at the columns ``lo``/``hi``.

    Returns placements ``(x, row, item, facing_right)`` and bends
    ``(x, row_from, row_to, on_the_right)``.
    """
    out: list[tuple[int, int, _Item, bool]] = []
    bends: list[tuple[int, int, int, bool]] = []
    row = start_row
    x = start_x  # the next free column in the direction of travel
    right = going_right
    for it in items:
        w = it.width
        if right and x + w - 1 > hi:
            bends.append((hi + 1, row, row + row_step, True))
            row += row_step
            right, x = False, hi
        elif not right and x - w + 1 < lo:
            bends.append((lo - 1, row, row + row_step, False))
            row += row_step
            right, x = True, lo
        if right:
            out.append((x, row, it, True))
            x += w + GAP
        else:
            out.append((x - w + 1, row, it, False))
            x -= w + GAP
    return out, bends


def layout_line(
    line: Sequence[Placed],
    lead_index: int | None,
    ends: Sequence[int],
    set_size: int,
    width: int,
    height: int,
    arms: Sequence[Sequence[Placed]] | None = None,
    sum7: bool = False,
) -> LineLayout:
    """The best layout that fits: doubles across if there is room, else inline and tighter.

    ``arms`` (the spinner's up and down arms, R-F-1) lays the line as a pinwheel
    around the spinner, which ``lead_index`` then names. ``sum7`` writes what
    each open end needs on its marker (Matador).
    """
    if not sum7:  # R-MT-3: Matador's doubles lie endwise
        lay = _layout(line, lead_index, ends, set_size, width, height, 3, True, arms, sum7)
        if lay.fits:
            return lay
    for row_height in (2, 1):
        lay = _layout(
            line, lead_index, ends, set_size, width, height, row_height, False, arms, sum7
        )
        if lay.fits:
            break
    return lay


def layout_line_tall(
    line: Sequence[Placed],
    lead_index: int | None,
    ends: Sequence[int],
    set_size: int,
    width: int,
    height: int,
    arms: Sequence[Sequence[Placed]] | None = None,
    sum7: bool = False,
) -> LineLayout:
    """As :func:`layout_line`; a line too long for ``height`` is laid out taller, one
    row a line, for the widget to scroll (its ``height`` is then more than asked)."""
    lay = layout_line(line, lead_index, ends, set_size, width, height, arms, sum7)
    if lay.fits:
        return lay
    return _layout(line, lead_index, ends, set_size, width, lay.needed, 1, False, arms, sum7)


def _layout(
    line: Sequence[Placed],
    lead_index: int | None,
    ends: Sequence[int],
    set_size: int,
    width: int,
    height: int,
    row_height: int,
    across: bool,
    arms: Sequence[Sequence[Placed]] | None = None,
    sum7: bool = False,
) -> LineLayout:
    """Lay ``line`` as a snake that starts at the lead in the middle and turns at the edges.

    The right arm runs right, turns down and comes back; the left arm runs
    left, turns up and comes back, as on a real table. Doubles lie across.
    The open ends get markers (``kind="end"``, ``end`` 0..3) that a click can
    hit; before the lead there is one marker in the middle (``end=None``).

    With a spinner (``arms`` given) each of the four arms keeps to its own
    quarter, a pinwheel: left goes up on the left, the up arm leaves the
    spinner upward and runs right, right goes down on the right, the down arm
    leaves it downward and runs left.
    """
    lay = LineLayout(width, height)
    margin = 2
    lo, hi = margin, width - 1 - margin
    if not line:
        text = " lead here "
        x = max(0, (width - len(text)) // 2)
        lay.cells.append(Cell(x, height // 2, text, "end", None, None))
        lay.needed = 1
        return lay
    if lead_index is None or not 0 <= lead_index < len(line):
        lead_index = len(line) // 2
    lead = line[lead_index]
    lw = line_tile_width(lead.double, set_size, across)
    lead_x = max(lo, (width - lw) // 2)

    def marker(n: int, end: int) -> _Item:
        return _Item(n, n, len(end_marker_text(n, True, sum7)), end)

    def tile_items(placed: Sequence[Placed], outward_right: bool) -> list[_Item]:
        out = []
        for p in placed:
            w = line_tile_width(p.double, set_size, across)
            out.append(_Item(p.right, p.left, w) if outward_right else _Item(p.left, p.right, w))
        return out

    right_items = tile_items(line[lead_index + 1 :], True) + [marker(ends[1], 1)]
    left_items = tile_items(list(reversed(line[:lead_index])), False) + [marker(ends[0], 0)]
    bends: list[tuple[int, int, int, bool]]
    if arms is None:
        rights, rbends = _lay_arm(right_items, lead_x + lw + GAP, lo, hi, True, 1)
        lefts, lbends = _lay_arm(left_items, lead_x - 1 - GAP, lo, hi, False, -1)
        placed = rights + lefts
        bends = rbends + lbends
    else:
        right_edge = lead_x + lw - 1
        rights, rbends = _lay_arm(right_items, right_edge + 1 + GAP, right_edge + 3, hi, True, 1)
        lefts, lbends = _lay_arm(left_items, lead_x - 1 - GAP, lo, lead_x - 3, False, -1)
        placed = rights + lefts
        bends = rbends + lbends
        if len(ends) == 4:
            up_items = tile_items(arms[0], True) + [marker(ends[2], 2)]
            down_items = tile_items(arms[1], True) + [marker(ends[3], 3)]
            ups, ubends = _lay_arm(up_items, lead_x, lead_x, hi, True, -1, -1)
            downs, dbends = _lay_arm(down_items, right_edge, lo, right_edge, False, 1, 1)
            # the down arm runs left: its tiles read outward from right to left
            placed += ups + downs
            bends += ubends + dbends
    down = max((r for _, r, _, _ in placed), default=0)
    up = -min((r for _, r, _, _ in placed), default=0)
    rows = up + 1 + down
    if across:  # a double's halves stick out above and below every row
        used, first = rows * row_height, (row_height - 1) // 2
    else:  # tiles one line high, blank lines only between rows
        used, first = rows * row_height - (row_height - 1), 0
    lay.fits = used <= height
    lay.needed = used
    top = max(0, (height - used) // 2)
    center_y = top + up * row_height + first

    def y_of(row: int) -> int:
        return center_y + row * row_height

    lay.cells += line_tile_cells(lead.left, lead.right, set_size, lead_x, center_y, across)
    for x, row, it, facing_right in placed:
        y = y_of(row)
        if it.end is not None:
            text = end_marker_text(it.outer, facing_right, sum7)
            lay.cells.append(Cell(x, y, text, "end", None, it.end))
            continue
        a, b = (it.inner, it.outer) if facing_right else (it.outer, it.inner)
        lay.cells += line_tile_cells(a, b, set_size, x, y, across)
    for x, r0, r1, on_right in bends:
        y0, y1 = sorted((y_of(r0), y_of(r1)))
        lay.cells += _bend(x, y0, y1, right_side=on_right)
    return lay


def _bend(x: int, y0: int, y1: int, right_side: bool) -> list[Cell]:
    top, bottom = ("╮", "╯") if right_side else ("╭", "╰")
    cells = [Cell(x, y0, top, "turn"), Cell(x, y1, bottom, "turn")]
    cells += [Cell(x, y, "│", "turn") for y in range(y0 + 1, y1)]
    return cells


def render_plain(lay: LineLayout) -> str:
    """The layout as plain text (for tests and debugging)."""
    grid = [[" "] * lay.width for _ in range(lay.height)]
    for c in lay.cells:
        for i, ch in enumerate(c.text):
            if 0 <= c.y < lay.height and 0 <= c.x + i < lay.width:
                grid[c.y][c.x + i] = ch
    return "\n".join("".join(r).rstrip() for r in grid)
