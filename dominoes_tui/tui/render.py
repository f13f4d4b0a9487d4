"""Pure drawing helpers: tile faces as text, and where the line of play goes on the felt.

Nothing here imports Textual; the widgets turn these shapes into styled cells.

One face for a tile everywhere on the table: pips (``●``) in the hand and on the
line wherever they fit, digits only where space demands it, and the Unicode domino
glyphs in both the hand and the line with ``--tiles unicode``. The line's face comes
from the felt's size alone (:func:`line_style`: the biggest face a whole set's line
fits folded in), so a line keeps its look from its first tile to its last and a
bigger window shows bigger tiles; a long line folds, its doubles standing across
wherever there is room.

>>> hand_tile_rows(6, 5, 6)[0]
' ●   ● '
>>> [c.text for c in line_tile_cells(6, 5, 6)]
[' 6│5 ']
>>> [c.text for c in line_tile_cells(6, 5, 6, face=SMALL_PIPS)]
[' ● ● │ ● ● ', ' ● ● │  ●  ', ' ● ● │ ● ● ']
>>> [c.text for c in line_tile_cells(6, 5, 6, face=NARROW_PIPS)]
['● ●│● ●', '● ●│ ● ', '● ●│● ●']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

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
BIG_TILE_WIDTH = 11
BIG_TILE_HEIGHT = 11
COMPACT_TILE_WIDTH = 4


def digits(set_size: int) -> int:
    """How many characters a number of this set needs (1 for double-6 and -9, else 2)."""
    return 1 if set_size <= 9 else 2


def _pip_grid(
    n: int, width: int, cols: Sequence[int], rows: Sequence[int], height: int
) -> list[str]:
    cells = _PIPS[n]
    out = [[" "] * width for _ in range(height)]
    for r in range(3):
        for c in range(3):
            if r * 3 + c in cells:
                out[rows[r]][cols[c]] = PIP
    return ["".join(row) for row in out]


def half_rows(n: int, set_size: int, width: int = HAND_TILE_WIDTH) -> list[str]:
    """One half of a hand tile: three rows of pips (double-6) or the number centred."""
    if set_size <= 6:
        return _pip_grid(n, width, [1 + c * (width - 3) // 2 for c in range(3)], (0, 1, 2), 3)
    return [" " * width, str(n).center(width), " " * width]


def hand_tile_rows(top: int, bottom: int, set_size: int) -> list[str]:
    """A tile standing up in the hand: top half, divider, bottom half (7 rows)."""
    rule = "─" * HAND_TILE_WIDTH
    return half_rows(top, set_size) + [rule] + half_rows(bottom, set_size)


def big_tile_rows(top: int, bottom: int, set_size: int) -> list[str]:
    """A bigger standing tile for a big terminal: 11 wide, 11 tall, pips spaced out."""
    w = BIG_TILE_WIDTH

    def half(n: int) -> list[str]:
        if set_size <= 6:
            return _pip_grid(n, w, (1, 5, 9), (0, 2, 4), 5)
        return [" " * w, " " * w, str(n).center(w), " " * w, " " * w]

    return half(top) + ["─" * w] + half(bottom)


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


# ----------------------------------------------------------------- faces on the line
@dataclass(frozen=True)
class Face:
    """How a tile looks on the line: lying along it, or standing (a double across it,
    a tile on a spinner's up or down arm)."""

    name: str
    half_width: int
    """Pips: each half's width (0: digits or glyphs)."""
    pad: int = 1
    """Pips: the blank columns either side of each half."""

    # A face's rows depend on nothing but its arguments, and a long line asks for the same
    # few thousand times a layout: each is built once (tuples, so no caller can change one).
    @lru_cache(maxsize=4096)  # noqa: B019 (the faces are a handful of module constants)
    def lying(self, a: int, b: int, set_size: int) -> tuple[str, ...]:
        """``a`` on the left, ``b`` on the right."""
        if self.name == "unicode":
            g = unicode_tile(a, b, vertical=False)
            if g is not None:
                return (f" {g} ",)
        if self.half_width and set_size <= 6:
            ha, hb = self._half(a), self._half(b)
            if self.half_width == HAND_TILE_WIDTH:  # the hand's own face, turned
                return tuple(x + "│" + y for x, y in zip(ha, hb))
            p = " " * self.pad
            return tuple(f"{p}{x}{p}│{p}{y}{p}" for x, y in zip(ha, hb))
        d = digits(set_size)
        if self.name == "tight":
            return (f"{a:>{d}}│{b:<{d}}",)
        return (f" {a:>{d}}│{b:<{d}} ",)

    @lru_cache(maxsize=4096)  # noqa: B019 (as lying)
    def standing(self, a: int, b: int, set_size: int) -> tuple[str, ...]:
        """``a`` on top, ``b`` below."""
        if self.name == "unicode":
            g = unicode_tile(a, b, vertical=True)
            if g is not None:
                return (f" {g} ",)
        if self.half_width and set_size <= 6:
            ha, hb = self._half(a), self._half(b)
            if self.half_width == HAND_TILE_WIDTH:
                return (*ha, "─" * self.half_width, *hb)
            p = " " * self.pad
            w = self.half_width + 2 * self.pad
            return (*(f"{p}{x}{p}" for x in ha), "─" * w, *(f"{p}{y}{p}" for y in hb))
        w = digits(set_size) + 2
        return (str(a).center(w), "─" * w, str(b).center(w))

    def _half(self, n: int) -> list[str]:
        w = self.half_width
        if w == HAND_TILE_WIDTH:
            return half_rows(n, 6, w)
        return _pip_grid(n, w, (0, w // 2, w - 1), (0, 1, 2), 3)

    @lru_cache(maxsize=64)  # noqa: B019 (as lying)
    def lying_size(self, set_size: int) -> tuple[int, int]:
        rows = self.lying(0, 0, set_size)
        return len(rows[0]), len(rows)

    @lru_cache(maxsize=64)  # noqa: B019 (as lying)
    def standing_size(self, set_size: int) -> tuple[int, int]:
        rows = self.standing(0, 0, set_size)
        return len(rows[0]), len(rows)


DIGITS = Face("digits", 0)
TIGHT = Face("tight", 0)
"""Digits with no padding: the last resort for a very long line (double-12, 4 players)."""
SMALL_PIPS = Face("small pips", 3)
"""Pips in halves three cells wide: an 11x3 tile, a 5x7 double across."""
NARROW_PIPS = Face("narrow pips", 3, pad=0)
"""The same pips with no margin about them: a 7x3 tile, a 3x7 double across."""
PIPS = Face("pips", HAND_TILE_WIDTH)
"""The hand's own face turned on its side: a 15x3 tile, a 7x7 double across."""
UNICODE = Face("unicode", 0)


def has_pips(set_size: int) -> bool:
    """Pips exist only up to 6; larger sets show digits everywhere (hand and line)."""
    return set_size <= 6


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


@lru_cache(maxsize=1024)
def _row_kind(row: str) -> str:
    return "rule" if set(row) == {"─"} else "tile"


def _tile_cells(rows: Sequence[str], x: int, top: int, t: int) -> list[Cell]:
    return [Cell(x, top + i, row, _row_kind(row), t) for i, row in enumerate(rows)]


def line_tile_cells(
    a: int,
    b: int,
    set_size: int,
    x: int = 0,
    y: int = 0,
    across: bool = True,
    face: Face = DIGITS,
) -> list[Cell]:
    """A tile lying in the line, ``a`` on the left and ``b`` on the right, centred on row ``y``.

    A double lies ``across``: standing, its halves above and below the line.
    """
    t = tiles.tile(a, b)
    if a == b and across:
        rows = face.standing(a, b, set_size)
    else:
        rows = face.lying(a, b, set_size)
    return _tile_cells(rows, x, y - (len(rows) - 1) // 2, t)


def line_tile_width(double: bool, set_size: int, across: bool = True, face: Face = DIGITS) -> int:
    if double and across:
        return face.standing_size(set_size)[0]
    return face.lying_size(set_size)[0]


ARROWS = {0: "←", 1: "→", 2: "↑", 3: "↓"}
"""The arrow key that answers for each end of a spinner (its arms leave that way)."""


def end_marker_text(n: int, facing_right: bool, sum7: bool = False, vertical: int = 0) -> str:
    """The chip at an open end, pointing the way the line runs there: ``◂4``, ``4▸``,
    ``▴4`` (an arm going up), ``▾4`` (down).

    In Matador (``sum7``) it also says what fits there (R-MT-1/2):

    >>> end_marker_text(5, True, sum7=True), end_marker_text(0, False, sum7=True)
    ('5▸needs 2', 'matador◂0')
    """
    if vertical:
        return f"{'▴' if vertical < 0 else '▾'}{n}"
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
    face: Face = DIGITS
    """The face every tile of the line is drawn with."""

    def hotspots(self) -> list[Cell]:
        return [c for c in self.cells if c.kind == "end"]


GAP = 1


@dataclass(frozen=True)
class Mode:
    """One way to draw the line: a face, doubles across or in line, rows this far apart."""

    face: Face
    across: bool
    pitch: int
    room: bool = False
    """Doubles in line, each standing across instead wherever the felt about it is free
    (every tile keeps a lying tile's room in the row, so none moves for it)."""


@dataclass(frozen=True, slots=True)
class _Item:
    outer: int
    inner: int
    width: int
    end: int | None = None
    """0..3 for an end marker, None for a tile."""
    double: bool = False
    tile: int = -1


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


def modes(set_size: int, width: int, height: int, tile_style: str, sum7: bool) -> list[Mode]:
    """Every way to draw the line, best first: the biggest face first, each with its
    doubles across (rows as far apart as there is room for) before doubles in line.

    Matador's doubles lie endwise (R-MT-3), so never across. Which of these the line
    takes is :func:`line_style`'s choice, made from the felt's size alone.
    """
    if tile_style == "unicode" and has_pips(set_size):
        out = [] if sum7 else [Mode(UNICODE, True, 2)]
        return out + [Mode(UNICODE, False, 2), Mode(UNICODE, False, 1)]
    faces = [PIPS, SMALL_PIPS, NARROW_PIPS] if has_pips(set_size) else []
    out = []
    for face in faces:  # rows of pips never touch: a felt row between them
        lie, stand = face.lying_size(set_size)[1], face.standing_size(set_size)[1]
        if not sum7:
            out += [Mode(face, True, p) for p in range(stand + 1, lie + 1, -1)]
        out += [Mode(face, False, lie + 2, room=not sum7), Mode(face, False, lie + 1, not sum7)]
    if not sum7:
        out += [Mode(DIGITS, True, 3), Mode(DIGITS, True, 2)]
    room = not sum7
    out += [Mode(DIGITS, False, 2, room), Mode(DIGITS, False, 1, room), Mode(TIGHT, False, 1, room)]
    return out


REFERENCE_TILES = 28
"""The line a style must hold folded on the felt to be chosen: a whole double-six set
(longer than nearly every hand's line of the bigger sets too), one tile in four a
double, the lead a third of the way along."""


def _reference_line(set_size: int) -> list[Placed]:
    top = min(set_size, 9)  # the widest numbers of the set
    return [
        Placed(i, top, top) if i % 4 == 2 else Placed(i, top, (top + 1 + i) % (top + 1))
        for i in range(REFERENCE_TILES)
    ]


@lru_cache(maxsize=128)
def line_style(set_size: int, width: int, height: int, tile_style: str, sum7: bool) -> int:
    """Which of :func:`modes` a line on a felt this size starts from: the biggest face
    in which the reference line fits folded (its doubles across wherever there is room).

    Chosen from the size alone, never from the line's length, so a line keeps one look
    from its first tile to its last; the next modes of the same face only fold its rows
    closer. The index returned is the first mode of that face and way of laying doubles.
    """
    ladder = modes(set_size, width, height, tile_style, sum7)
    ref = _reference_line(set_size)
    ends = (ref[0].left, ref[-1].right)
    for mode in ladder:
        lay = _snake(ref, len(ref) // 3, ends, set_size, width, height, mode, sum7)
        if lay.fits:
            return next(j for j, m in enumerate(ladder) if m.face == mode.face)
    return len(ladder) - 1


def layout_line(
    line: Sequence[Placed],
    lead_index: int | None,
    ends: Sequence[int],
    set_size: int,
    width: int,
    height: int,
    arms: Sequence[Sequence[Placed]] | None = None,
    sum7: bool = False,
    tile_style: str = "box",
) -> LineLayout:
    """The line laid in the style the felt's size gives it (:func:`line_style`).

    ``arms`` (the spinner's up and down arms, R-F-1) lays the line as a cross
    about the spinner, which ``lead_index`` then names: the up and down arms
    leave it vertically. ``sum7`` writes what each open end needs on its marker
    (Matador).
    """
    ladder = modes(set_size, width, height, tile_style, sum7)
    lay = LineLayout(width, height, fits=False)
    # The style's own modes first (its rows folded closer and closer); the smaller ones
    # after it only when even the folded line cannot fit the felt at all, and then the
    # whole line takes the smaller face.
    for mode in ladder[line_style(set_size, width, height, tile_style, sum7) :]:
        lay = _layout(line, lead_index, ends, set_size, width, height, mode, arms, sum7)
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
    tile_style: str = "box",
) -> LineLayout:
    """As :func:`layout_line`; a line too long for ``height`` is laid out taller, in its
    smallest mode, for the widget to scroll (its ``height`` is then more than asked)."""
    lay = layout_line(line, lead_index, ends, set_size, width, height, arms, sum7, tile_style)
    if lay.fits:
        return lay
    # Not even the smallest face fits the felt folded: the whole line in it, to scroll.
    smallest = modes(set_size, width, height, tile_style, sum7)[-1]
    tall = max(height, lay.needed)
    for _ in range(200):
        lay = _layout(line, lead_index, ends, set_size, width, tall, smallest, arms, sum7)
        if lay.fits:
            return lay
        tall = max(tall + 1, lay.needed)
    return lay


def _layout(
    line: Sequence[Placed],
    lead_index: int | None,
    ends: Sequence[int],
    set_size: int,
    width: int,
    height: int,
    mode: Mode,
    arms: Sequence[Sequence[Placed]] | None = None,
    sum7: bool = False,
) -> LineLayout:
    if not line:
        lay = LineLayout(width, height, face=mode.face)
        text = " lead here "
        x = max(0, (width - len(text)) // 2)
        lay.cells.append(Cell(x, height // 2, text, "end", None, None))
        lay.needed = 1
        return lay
    if lead_index is None or not 0 <= lead_index < len(line):
        lead_index = len(line) // 2
    if arms is not None:
        return _cross(line, lead_index, arms, ends, set_size, width, height, mode, sum7)
    return _snake(line, lead_index, ends, set_size, width, height, mode, sum7)


def _marker(n: int, end: int, sum7: bool) -> _Item:
    return _Item(n, n, len(end_marker_text(n, True, sum7)), end)


def _tile_items(
    placed: Sequence[Placed], outward_right: bool, set_size: int, mode: Mode
) -> list[_Item]:
    out = []
    for p in placed:
        w = line_tile_width(p.double, set_size, mode.across, mode.face)
        if outward_right:
            out.append(_Item(p.right, p.left, w, None, p.double, p.tile))
        else:
            out.append(_Item(p.left, p.right, w, None, p.double, p.tile))
    return out


def _heights(set_size: int, mode: Mode) -> tuple[int, int]:
    """Half-heights about a row's centre: of a lying tile, and of the row's tallest item."""
    lie = mode.face.lying_size(set_size)[1]
    tall = mode.face.standing_size(set_size)[1] if mode.across else lie
    return (lie - 1) // 2, (max(lie, tall) - 1) // 2


def _place_cells(
    it: _Item, x: int, y: int, facing_right: bool, set_size: int, mode: Mode, sum7: bool
) -> list[Cell]:
    if it.end is not None:
        return [Cell(x, y, end_marker_text(it.outer, facing_right, sum7), "end", None, it.end)]
    a, b = (it.inner, it.outer) if facing_right else (it.outer, it.inner)
    return line_tile_cells(a, b, set_size, x, y, mode.across, mode.face)


def _finish(lay: LineLayout) -> LineLayout:
    """Check the cells: inside the felt and never on top of each other."""
    seen: set[tuple[int, int]] = set()
    top = min((c.y for c in lay.cells), default=0)
    bottom = max((c.y for c in lay.cells), default=0)
    lay.needed = max(lay.needed, bottom - min(top, 0) + 1)
    for c in lay.cells:
        for i in range(len(c.text)):
            xy = (c.x + i, c.y)
            if not (0 <= xy[0] < lay.width and 0 <= xy[1] < lay.height) or xy in seen:
                lay.fits = False
                return lay
            seen.add(xy)
    return lay


def _snake(
    line: Sequence[Placed],
    lead_index: int,
    ends: Sequence[int],
    set_size: int,
    width: int,
    height: int,
    mode: Mode,
    sum7: bool,
) -> LineLayout:
    """Lay ``line`` as a snake that starts at the lead in the middle and turns at the edges.

    The right arm runs right, turns down and comes back; the left arm runs
    left, turns up and comes back, as on a real table. Doubles lie across.
    The open ends get markers (``kind="end"``, ``end`` 0..1) that a click can hit.
    """
    lay = LineLayout(width, height, face=mode.face)
    margin = 2
    lo, hi = margin, width - 1 - margin
    lead = line[lead_index]
    lw = line_tile_width(lead.double, set_size, mode.across, mode.face)
    lead_x = max(lo, (width - lw) // 2)
    right_items = _tile_items(line[lead_index + 1 :], True, set_size, mode)
    right_items.append(_marker(ends[1], 1, sum7))
    left_items = _tile_items(list(reversed(line[:lead_index])), False, set_size, mode)
    left_items.append(_marker(ends[0], 0, sum7))
    rights, rbends = _lay_arm(right_items, lead_x + lw + GAP, lo, hi, True, 1)
    lefts, lbends = _lay_arm(left_items, lead_x - 1 - GAP, lo, hi, False, -1)
    placed = rights + lefts
    bends = rbends + lbends
    down = max((r for _, r, _, _ in placed), default=0)
    up = -min((r for _, r, _, _ in placed), default=0)
    rows = up + 1 + down
    _, half = _heights(set_size, mode)
    if mode.room:  # room above the first row and below the last for a double to stand
        tall = (mode.face.standing_size(set_size)[1] - 1) // 2
        if (rows - 1) * mode.pitch + 2 * tall + 1 <= height:
            half = tall
    used = (rows - 1) * mode.pitch + 2 * half + 1
    lay.fits = used <= height
    lay.needed = used
    top = max(0, (height - used) // 2)
    center_y = top + half + up * mode.pitch

    def y_of(row: int) -> int:
        return center_y + row * mode.pitch

    lay.cells += line_tile_cells(
        lead.left, lead.right, set_size, lead_x, center_y, mode.across, mode.face
    )
    for x, row, it, facing_right in placed:
        lay.cells += _place_cells(it, x, y_of(row), facing_right, set_size, mode, sum7)
    for x, r0, r1, on_right in bends:
        y0, y1 = sorted((y_of(r0), y_of(r1)))
        lay.cells += _bend(x, y0, y1, right_side=on_right)
    if not lay.fits:
        return lay
    if mode.room:
        doubles = {p.tile: p.left for p in line if p.double}
        lay.cells = _stand_doubles(lay.cells, doubles, set_size, mode.face, width, height)
    return _finish(lay)


def _stand_doubles(
    cells: list[Cell], doubles: dict[int, int], set_size: int, face: Face, width: int, height: int
) -> list[Cell]:
    """Each double laid in line stands across it instead where the felt about it is free
    (inside the felt, on no other tile, bend or marker), centred in its place in the row.
    ``doubles``: the pips of each double, by tile."""
    taken = {(c.x + i, c.y) for c in cells for i in range(len(c.text))}
    by_tile: dict[int, list[Cell]] = {}
    for c in cells:
        if c.tile in doubles:
            by_tile.setdefault(c.tile, []).append(c)
    out = [c for c in cells if c.tile not in doubles]
    for t, own in by_tile.items():
        mine = {(c.x + i, c.y) for c in own for i in range(len(c.text))}
        rows = face.standing(doubles[t], doubles[t], set_size)
        x0 = min(c.x for c in own)
        x = x0 + (len(own[0].text) - len(rows[0])) // 2
        ys = sorted(c.y for c in own)
        top = ys[(len(ys) - 1) // 2] - (len(rows) - 1) // 2
        stand = {(x + i, top + j) for j in range(len(rows)) for i in range(len(rows[0]))}
        inside = all(0 <= cx < width and 0 <= cy < height for cx, cy in stand)
        if inside and not (stand & (taken - mine)):
            taken = (taken - mine) | stand
            out += _tile_cells(rows, x, top, t)
        else:
            out += own
    return out


class _NoRoom(Exception):
    pass


def _run(
    items: Sequence[_Item],
    x: int,
    y: int,
    right: bool,
    step: int,
    xlo: int,
    xhi: int,
    ylo: int,
    yhi: int,
) -> tuple[list[tuple[int, int, _Item, bool]], list[tuple[int, int, int, bool]]]:
    """A snake confined to a box: rows ``step`` apart (downward if positive) between
    ``ylo`` and ``yhi`` (row centres), turning at ``xlo``/``xhi``. Raises _NoRoom."""
    out: list[tuple[int, int, _Item, bool]] = []
    bends: list[tuple[int, int, int, bool]] = []
    for it in items:
        w = it.width
        if right and x + w - 1 > xhi:
            bends.append((xhi + 1, y, y + step, True))
            y += step
            right, x = False, xhi
        elif not right and x - w + 1 < xlo:
            bends.append((xlo - 1, y, y + step, False))
            y += step
            right, x = True, xlo
        if not ylo <= y <= yhi or (right and x + w - 1 > xhi) or (not right and x - w + 1 < xlo):
            raise _NoRoom
        if right:
            out.append((x, y, it, True))
            x += w + GAP
        else:
            out.append((x - w + 1, y, it, False))
            x -= w + GAP
    return out, bends


def _cross(
    line: Sequence[Placed],
    si: int,
    arms: Sequence[Sequence[Placed]],
    ends: Sequence[int],
    set_size: int,
    width: int,
    height: int,
    mode: Mode,
    sum7: bool,
) -> LineLayout:
    """All Fives: the spinner in the middle, a connected cross (R-F-1).

    The left and right arms leave the spinner sideways along its row; the up and
    down arms leave it vertically, their tiles standing, one above the other.
    Where an arm meets the edge of the felt it turns a corner, each into its own
    quarter (left: up-left, up: up-right, right: down-right, down: down-left), so
    no arm ever runs into another.
    """
    lay = LineLayout(width, height, face=mode.face)
    margin = 2
    lo, hi = margin, width - 1 - margin
    face = mode.face
    sp = line[si]
    sw = line_tile_width(sp.double, set_size, mode.across, face)
    sx = max(lo, (width - sw) // 2)
    cy = height // 2
    lie_half, row_half = _heights(set_size, mode)
    sp_rows = len(face.standing(0, 0, set_size)) if sp.double and mode.across else None
    sp_half = (sp_rows - 1) // 2 if sp_rows else lie_half
    col_c = sx + sw // 2
    lw = face.lying_size(set_size)[0]
    band_lo, band_hi = col_c - lw // 2, col_c - lw // 2 + lw - 1  # the vertical arms' column
    band_lo, band_hi = min(band_lo, sx), max(band_hi, sx + sw - 1)
    centre_half = max(sp_half, row_half)
    lay.cells += line_tile_cells(sp.left, sp.right, set_size, sx, cy, mode.across, face)
    try:
        right_items = _tile_items(line[si + 1 :], True, set_size, mode)
        right_items.append(_marker(ends[1], 1, sum7))
        left_items = _tile_items(list(reversed(line[:si])), False, set_size, mode)
        left_items.append(_marker(ends[0], 0, sum7))
        upper = (row_half, cy - centre_half - 1 - row_half)  # row centres above the spinner's row
        lower = (cy + centre_half + 1 + row_half, height - 1 - row_half)
        placed, bends = [], []
        # left: along the spinner's row, then turning up into the upper-left quarter
        p, b = _run(left_items, sx - 1 - GAP, cy, False, -mode.pitch, lo, band_lo - 2, upper[0], cy)
        placed += p
        bends += b
        # right: along the row, then down into the lower-right quarter
        p, b = _run(right_items, sx + sw + GAP, cy, True, mode.pitch, band_hi + 2, hi, cy, lower[1])
        placed += p
        bends += b
        if len(ends) == 4:
            for k, arm in enumerate(arms[:2]):
                cells = _vertical_arm(
                    arm, ends[2 + k], 2 + k, -1 if k == 0 else 1, sp_half, cy, col_c,
                    (band_lo, band_hi), (lo, hi), upper if k == 0 else lower, height,
                    set_size, mode, sum7,
                )  # fmt: skip
                lay.cells += cells
        for x, y, it, facing_right in placed:
            lay.cells += _place_cells(it, x, y, facing_right, set_size, mode, sum7)
        for x, y0, y1, on_right in bends:
            a, c = sorted((y0, y1))
            lay.cells += _bend(x, a, c, right_side=on_right)
    except _NoRoom:
        lay.fits = False
        lay.needed = height + 1
        return lay
    return _finish(lay)


def _vertical_arm(
    arm: Sequence[Placed],
    n: int,
    end: int,
    up: int,
    sp_half: int,
    cy: int,
    col_c: int,
    band: tuple[int, int],
    edges: tuple[int, int],
    rows: tuple[int, int],
    height: int,
    set_size: int,
    mode: Mode,
    sum7: bool,
) -> list[Cell]:
    """An up (``up=-1``) or down (``up=1``) arm: tiles standing one above the other
    out of the spinner, the marker at its tip; where the felt ends, the arm turns
    the corner into its quarter (up: right, down: left) and runs on as a snake."""
    face = mode.face
    out: list[Cell] = []
    edge = cy + up * (sp_half + 1)  # the first free row beyond the spinner
    lo, hi = edges
    band_lo, band_hi = band
    i = 0
    last_outer_y: int | None = None
    last_span = (band_lo, band_hi)
    while i < len(arm):
        p = arm[i]
        if p.double and mode.across:  # a double lies across the arm
            rows_ = face.lying(p.left, p.right, set_size)
        else:
            inner, outer = p.left, p.right
            rows_ = (
                face.standing(outer, inner, set_size)
                if up < 0
                else face.standing(inner, outer, set_size)
            )
        h = len(rows_)
        top = edge - h + 1 if up < 0 else edge
        bottom = top + h - 1
        outer_y = top if up < 0 else bottom
        # the tip's row must be able to take the corner (the next tile may turn there)
        if (up < 0 and outer_y < rows[0]) or (up > 0 and outer_y > rows[1]):
            break
        w = len(rows_[0])
        out += _tile_cells(rows_, col_c - w // 2, top, p.tile)
        last_outer_y = outer_y
        last_span = (col_c - w // 2, col_c - w // 2 + w - 1)
        edge = top - 1 if up < 0 else bottom + 1
        i += 1
    rest = list(arm[i:])
    if arm and i == 0:  # the arm must leave the spinner vertically: a smaller face will
        raise _NoRoom
    marker_text = end_marker_text(n, True, sum7, vertical=up)
    if not rest:  # the marker at the tip, if there is a row for it
        if 0 <= edge <= height - 1:
            out.append(Cell(col_c - len(marker_text) // 2, edge, marker_text, "end", None, end))
            return out
    # turn the corner: up arms run right above the spinner's row, down arms left below it
    items = _tile_items(rest, up < 0, set_size, mode) + [_marker(n, end, sum7)]
    if last_outer_y is None:  # nothing stood: start beside the column, nearest the centre
        y0 = rows[1] if up < 0 else rows[0]
        step = -mode.pitch if up < 0 else mode.pitch
    else:
        y0 = last_outer_y
        step = mode.pitch if up < 0 else -mode.pitch  # back towards the spinner's row
        if not rows[0] <= y0 + step <= rows[1]:
            step = -step
    # the corner's tile lies against the last standing one; later rows keep clear of the column
    if up < 0:
        x0 = last_span[1] + 1 + GAP if last_outer_y is not None else band_lo
        placed, bends = _run(items, x0, y0, True, step, band_hi + 2, hi, rows[0], rows[1])
    else:
        x0 = last_span[0] - 1 - GAP if last_outer_y is not None else band_hi
        placed, bends = _run(items, x0, y0, False, step, lo, band_lo - 2, rows[0], rows[1])
    for x, y, it, facing_right in placed:
        out += _place_cells(it, x, y, facing_right, set_size, mode, sum7)
    for x, y0_, y1_, on_right in bends:
        a, c = sorted((y0_, y1_))
        out += _bend(x, a, c, right_side=on_right)
    return out


def _bend(x: int, y0: int, y1: int, right_side: bool) -> list[Cell]:
    top, bottom = ("╮", "╯") if right_side else ("╭", "╰")
    cells = [Cell(x, y0, top, "turn"), Cell(x, y1, bottom, "turn")]
    cells += [Cell(x, y, "│", "turn") for y in range(y0 + 1, y1)]
    return cells


def end_positions(lay: LineLayout) -> dict[int, tuple[int, int]]:
    """Where each open end's marker is (its middle cell), by end."""
    return {c.end: (c.x + len(c.text) // 2, c.y) for c in lay.hotspots() if c.end is not None}


def end_arrows(
    positions: dict[int, tuple[int, int]], asked: Sequence[int], spinner: bool
) -> dict[int, str]:
    """The arrow key that picks each asked end, as the felt shows it.

    A spinner's arms leave it left, right, up and down: their arrows. On a line,
    the end drawn further left gets ←, the other →; one above the other
    (a snake that wrapped) ↑ and ↓.

    >>> end_arrows({0: (40, 2), 1: (10, 6)}, [0, 1], spinner=False)
    {0: '→', 1: '←'}
    >>> end_arrows({0: (12, 2), 1: (13, 6)}, [0, 1], spinner=False)
    {0: '↑', 1: '↓'}
    """
    if spinner or len(asked) != 2 or any(e not in positions for e in asked):
        return {e: ARROWS.get(e, str(e)) for e in asked}
    a, b = asked
    (xa, ya), (xb, yb) = positions[a], positions[b]
    if abs(xa - xb) >= 4 or ya == yb:
        return {a: "←", b: "→"} if xa <= xb else {a: "→", b: "←"}
    return {a: "↑", b: "↓"} if ya < yb else {a: "↓", b: "↑"}


def render_plain(lay: LineLayout) -> str:
    """The layout as plain text (for tests and debugging)."""
    grid = [[" "] * lay.width for _ in range(lay.height)]
    for c in lay.cells:
        for i, ch in enumerate(c.text):
            if 0 <= c.y < lay.height and 0 <= c.x + i < lay.width:
                grid[c.y][c.x + i] = ch
    return "\n".join("".join(r).rstrip() for r in grid)
