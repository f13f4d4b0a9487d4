"""What fits where, and what the open ends count: the tables every layer reads.

The one place these rules are written (RULES.md R-M-1, R-MT-1, R-MT-2, R-F-2);
the readable :class:`~dominoes_tui.engine.state.Game`, the fast path
(:mod:`dominoes_tui.engine.fast`) and the CPU players read them from here.

- :data:`MATADORS`: Matador's matadors, 0-0 and the tiles adding up to seven;
- :func:`wanted_number`: the number a tile must show to go on an open ``n``
  (``n`` itself, or 7 - n in Matador);
- :data:`TOUCHES` / :func:`touches`: the halves of a tile that may be laid
  against an open ``n`` (a matador either way round); :data:`FITS` /
  :func:`fit_masks`: every tile that goes on an open ``n``, as a mask;
- :func:`ends_count`, :func:`fives_points`, :func:`fives_after`: All Fives'
  count of the open ends and what a play scores.

>>> from dominoes_tui.engine import load_variant
>>> matador = load_variant("matador")
>>> [tiles.name(t) for t in tiles.bits(wild_tiles(matador))]
['0-0', '4-3', '5-2', '6-1']
>>> touches(matador, tiles.tile(5, 2), 3), touches(matador, tiles.tile(4, 1), 3)
((5, 2), (4,))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from . import tiles

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

_LOW = tiles.LOW
_HIGH = tiles.HIGH
_VALUE = tiles.VALUE
_DOUBLE = tiles.DOUBLE
_BIT = tiles.BIT
_PIPS = range(tiles.MAX_PIP + 1)

MATADORS: int = sum(_BIT[t] for t in range(len(_LOW)) if _VALUE[t] == 7 or _VALUE[t] == 0)
"""Matador's matadors (R-MT-2): 0-0 and the tiles adding up to 7 (6-1, 5-2, 4-3), as a mask."""

MATCH_RULES = ("equal", "sum7")


def wanted_number(match_rule: str, n: int) -> int | None:
    """The number a tile must show to go on an open ``n`` (R-M-1).

    In Matador (``sum7``) that is 7 - n (R-MT-1), and None on a blank, where only
    a matador may go (R-MT-2); matadors go on any end whatever this says.

    >>> wanted_number("equal", 5), wanted_number("sum7", 5), wanted_number("sum7", 0)
    (5, 2, None)
    """
    if match_rule == "sum7":
        return 7 - n if 0 < n < 7 else None
    return n


def _touch_table(match_rule: str) -> list[list[tuple[int, ...]]]:
    """``[t][n]``: the halves of tile ``t`` that may be laid against an open ``n``.

    R-M-1 (the tile shows the number the end wants, :func:`wanted_number`),
    R-MT-1 (in Matador that is 7 - n) and R-MT-2 (a matador goes on any end,
    either way round; a blank end takes only a matador).
    """
    out = []
    for t in range(len(_LOW)):
        lo, hi = _LOW[t], _HIGH[t]
        row: list[tuple[int, ...]] = []
        for n in _PIPS:
            if match_rule == "sum7" and MATADORS >> t & 1:
                row.append((hi,) if lo == hi else (hi, lo))
                continue
            want = wanted_number(match_rule, n)
            row.append((want,) if want is not None and (lo == want or hi == want) else ())
        out.append(row)
    return out


TOUCHES: dict[str, list[list[tuple[int, ...]]]] = {r: _touch_table(r) for r in MATCH_RULES}
"""``TOUCHES[match_rule][t][n]``: the halves of ``t`` that may touch an open ``n`` (none:
it does not fit)."""
FITS: dict[str, list[int]] = {
    rule: [sum(_BIT[t] for t in range(len(_LOW)) if table[t][n]) for n in _PIPS]
    for rule, table in TOUCHES.items()
}
"""``FITS[match_rule][n]``: every tile that may go on an open ``n``, as a mask."""


def fit_masks(rules: Rules) -> list[int]:
    """``fit[n]``: every tile that may go on an open ``n`` under ``rules`` (R-M-1, R-MT-1/2)."""
    return FITS[rules.match_rule]


def touches(rules: Rules, t: int, n: int) -> tuple[int, ...]:
    """The halves of ``t`` that may be laid against an open ``n`` (none: it does not fit)."""
    return TOUCHES[rules.match_rule][t][n]


def wild_tiles(rules: Rules) -> int:
    """Tiles that go on any open end whatever it shows (Matador's matadors, R-MT-2); else 0."""
    return _wild_tiles(rules.set, rules.match_rule)


@cache
def _wild_tiles(top: int, match_rule: str) -> int:
    """:func:`wild_tiles` of a set (its highest number) and a match rule, worked out once."""
    m = tiles.set_mask(top)
    for n in range(top + 1):
        m &= FITS[match_rule][n]
    return m


def ends_fit(rules: Rules, ends: Sequence[int]) -> int:
    """Every tile that fits one of ``ends`` (every tile when nothing is laid)."""
    if not ends:
        return tiles.set_mask(rules.set)
    fit = FITS[rules.match_rule]
    m = 0
    for n in ends:
        m |= fit[n]
    return m


def joins(match_rule: str, left: int, left_shows: int, right: int, right_shows: int) -> bool:
    """Do neighbours in a line meet: tile ``left`` showing ``left_shows`` towards tile
    ``right`` showing ``right_shows``? One of them was laid against the other (R-M-1,
    R-MT-1/2), whichever came first."""
    table = TOUCHES[match_rule]
    return right_shows in table[right][left_shows] or left_shows in table[left][right_shows]


# ------------------------------------------------------------------ All Fives (R-F-2)


def ends_count(ends: Sequence[int], end_tiles: Sequence[int], laid: int) -> int:
    """The open ends added up for All Fives (R-F-2).

    ``end_tiles[i]``: the tile at end ``i`` (-1: a spinner's arm with no tile
    yet, which counts 0); a double at an end counts both halves (the spinner
    too while one of its sides is bare); ``laid`` tiles on the table: a lone
    lead counts both its halves.
    """
    if laid == 1 and len(ends) == 2:
        return _VALUE[end_tiles[0]]
    total = 0
    for n, t in zip(ends, end_tiles):
        if t >= 0:
            total += 2 * n if _DOUBLE[t] else n
    return total


def fives_points(total: int) -> int:
    """What a count of the open ends scores: itself if a multiple of 5, else nothing."""
    return total if total and not total % 5 else 0


def fives_after(
    ends: Sequence[int], end_tiles: Sequence[int], t: int, e: int | None, touch: int
) -> int:
    """What laying ``t`` on end ``e``, its half ``touch`` against it, scores in All Fives,
    without laying it (``e`` None: ``t`` leads the hand).

    After a play on a table at least two tiles are down, so the count is the ends'
    own (a spinner's arms opened by this play hold no tile yet and add nothing).
    """
    if e is None:
        return fives_points(_VALUE[t])
    total = 0
    for n, et in zip(ends, end_tiles):
        if et >= 0:
            total += 2 * n if _DOUBLE[et] else n
    old = end_tiles[e]
    if old >= 0:
        n = ends[e]
        total -= 2 * n if _DOUBLE[old] else n
    v = _HIGH[t] if _LOW[t] == touch else _LOW[t]
    total += 2 * v if _DOUBLE[t] else v
    return fives_points(total)
