"""Tiles as small ints.

A tile ``low-high`` (``low <= high``) has the id ``high * (high + 1) // 2 + low``,
so the ids of a double-6 set are 0..27, of a double-9 set 0..54 and of a
double-12 set 0..90, and a smaller set's ids are a prefix of a larger one's.
A hand is a bitmask of tile ids (bit ``t`` set when tile ``t`` is held), which
makes "which of my tiles fit an end showing n" one ``&``.

>>> name(tile(6, 5)), value(tile(6, 5)), is_double(tile(3, 3))
('6-5', 11, True)
>>> names(mask_of([tile(0, 0), tile(2, 1)]))
['0-0', '2-1']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

MAX_PIP = 12
SET_SIZES = (6, 9, 12)

Tile = int
"""A tile id (see the module docstring)."""

LOW: list[int] = []
HIGH: list[int] = []
for _high in range(MAX_PIP + 1):
    for _low in range(_high + 1):
        LOW.append(_low)
        HIGH.append(_high)
VALUE: list[int] = [lo + hi for lo, hi in zip(LOW, HIGH)]
DOUBLE: list[bool] = [lo == hi for lo, hi in zip(LOW, HIGH)]
BIT: list[int] = [1 << t for t in range(len(LOW))]

SUIT_MASK: list[int] = [0] * (MAX_PIP + 1)
"""``SUIT_MASK[n]``: every tile (of the double-12 set) that shows ``n``."""
for _t in range(len(LOW)):
    SUIT_MASK[LOW[_t]] |= BIT[_t]
    SUIT_MASK[HIGH[_t]] |= BIT[_t]

DOUBLES_MASK = sum(BIT[t] for t in range(len(LOW)) if DOUBLE[t])


def tile(a: int, b: int) -> Tile:
    """The id of the tile showing ``a`` and ``b`` (in either order)."""
    lo, hi = (a, b) if a <= b else (b, a)
    if lo < 0 or hi > MAX_PIP:
        raise ValueError(f"no tile {a}-{b}: pips run from 0 to {MAX_PIP}")
    return hi * (hi + 1) // 2 + lo


def set_count(n: int) -> int:
    """How many tiles a double-``n`` set has (28, 55, 91)."""
    return (n + 1) * (n + 2) // 2


def set_mask(n: int) -> int:
    """Every tile of the double-``n`` set as a mask."""
    return (1 << set_count(n)) - 1


def value(t: Tile) -> int:
    return VALUE[t]


def is_double(t: Tile) -> bool:
    return DOUBLE[t]


def ends(t: Tile) -> tuple[int, int]:
    """``(high, low)``."""
    return HIGH[t], LOW[t]


def other_end(t: Tile, n: int) -> int:
    """The half of ``t`` that is not ``n`` (``t`` must show ``n``)."""
    return HIGH[t] if LOW[t] == n else LOW[t]


def name(t: Tile) -> str:
    """``"6-5"``: the high half first."""
    return f"{HIGH[t]}-{LOW[t]}"


def parse(text: str) -> Tile:
    """``"5-6"``, ``"6-5"``, ``"6:5"`` or ``"6|5"`` to a tile id."""
    for sep in "-:|":
        if sep in text:
            a, _, b = text.strip().partition(sep)
            try:
                return tile(int(a), int(b))
            except ValueError:
                break
    raise ValueError(f"{text!r} is not a tile: write it as two numbers like 6-5")


def bits(mask: int) -> Iterator[Tile]:
    """The tile ids in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(tiles: Iterable[Tile]) -> int:
    m = 0
    for t in tiles:
        m |= BIT[t]
    return m


def names(mask: int) -> list[str]:
    return [name(t) for t in bits(mask)]


def pips(mask: int) -> int:
    """Face value of every tile in ``mask``."""
    return sum(VALUE[t] for t in bits(mask))


def fits(t: Tile, n: int) -> bool:
    """Does ``t`` show ``n``?"""
    return LOW[t] == n or HIGH[t] == n
