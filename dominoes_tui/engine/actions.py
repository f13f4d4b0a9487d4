"""Actions: small immutable values a seat (or the table) applies to a game.

>>> from dominoes_tui.engine import tiles
>>> Play(tiles.parse("6-5"), 1)
Play(tile=26, end=1, touch=None)
"""

from __future__ import annotations

from dataclasses import dataclass

from . import tiles

LEFT, RIGHT = 0, 1
END_NAMES = ("left", "right", "up", "down")


@dataclass(frozen=True, slots=True)
class Play:
    """Lay ``tile`` on open end ``end`` (0 = left, 1 = right, 2 = up, 3 = down; None to lead).

    ``touch`` is the half laid against the end, needed only where the player
    chooses it: a matador in Matador may go either way round (R-MT-2).

    In Mexican Train ``end`` is the train: seat k's train is ``k``, the Mexican
    train is ``players``. In Chicken Foot ``end`` is a line of the layout: the
    centre double's four arms are 0-3, and each later double's three toes are
    appended as they grow (the next three numbers); ``end=None`` lays the round
    double in the centre.
    """

    tile: int
    end: int | None = None
    touch: int | None = None

    def __str__(self) -> str:
        if self.end is None:
            where = "to lead"
        elif self.end < len(END_NAMES):
            where = f"on the {END_NAMES[self.end]}"
        else:
            where = f"on place {self.end}"
        way = "" if self.touch is None else f" ({self.touch} touching)"
        return f"play {tiles.name(self.tile)} {where}{way}"


@dataclass(frozen=True, slots=True, eq=False)
class PlayDoubles:
    """The two-doubles move (R-2D): lay both doubles, each on the end it matches.

    The move is the pair: ``PlayDoubles(a, b) == PlayDoubles(b, a)``, and the game
    always lays the left end's double first and the right end's double last.
    """

    first: int
    second: int

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayDoubles):
            return NotImplemented
        return {self.first, self.second} == {other.first, other.second}

    def __hash__(self) -> int:
        return hash(("doubles", frozenset((self.first, self.second))))

    def __str__(self) -> str:
        return f"play {tiles.name(self.first)} and {tiles.name(self.second)}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Take one tile from the boneyard."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn (only when the rules allow it)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Stop:
    """End a first-turn run in Mexican Train (R-TR-8): lay no more tiles this turn."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class NextHand:
    """Deal the next hand after a hand is over."""

    def __str__(self) -> str:
        return "next hand"


@dataclass(frozen=True, slots=True)
class Resign:
    """``seat`` resigns the match (R-M-6; only where the variant offers it)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} resigns"


@dataclass(frozen=True, slots=True)
class TimeOut:
    """``seat``'s clock ran out: the match is lost on time (R-T-1)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} lost on time"


Action = Play | PlayDoubles | Draw | Pass | Stop | NextHand | Resign | TimeOut
MOVES = (Play, PlayDoubles, Draw, Pass, Stop)


class IllegalAction(ValueError):
    """An action the rules refuse; the message says why, in words for a player."""


def action_to_json(a: Action) -> list:
    """A compact, data-only form for saves and logs: ``["play", 20, 1]``."""
    if isinstance(a, Play):
        return ["play", a.tile, a.end] + ([] if a.touch is None else [a.touch])
    if isinstance(a, PlayDoubles):
        return ["doubles", a.first, a.second]
    if isinstance(a, Draw):
        return ["draw"]
    if isinstance(a, Pass):
        return ["pass"]
    if isinstance(a, Stop):
        return ["stop"]
    if isinstance(a, NextHand):
        return ["next"]
    if isinstance(a, Resign):
        return ["resign", a.seat]
    if isinstance(a, TimeOut):
        return ["timeout", a.seat]
    raise TypeError(f"not an action: {a!r}")


_FORMS: dict[str, tuple[type, int, int]] = {
    "play": (Play, 2, 3),
    "doubles": (PlayDoubles, 2, 2),
    "draw": (Draw, 0, 0),
    "pass": (Pass, 0, 0),
    "stop": (Stop, 0, 0),
    "next": (NextHand, 0, 0),
    "resign": (Resign, 1, 1),
    "timeout": (TimeOut, 1, 1),
}
"""Each form's class and how many fields it takes (at least, at most)."""


def action_from_json(data: object) -> Action:
    """The action of :func:`action_to_json`'s form; ValueError for anything else.

    Every field must be a whole number (``play``'s end may be null, to lead):
    no coercion, so a damaged save or history row is refused, never half-read.

    >>> action_from_json(["play", 20, 1])
    Play(tile=20, end=1, touch=None)
    >>> action_from_json(["play", "6-5"])
    Traceback (most recent call last):
    ...
    ValueError: not an action: ['play', '6-5']
    """
    if not isinstance(data, (list, tuple)) or not data or not isinstance(data[0], str):
        raise ValueError(f"not an action: {data!r}")
    kind, *args = data
    form = _FORMS.get(kind)
    if form is None or not form[1] <= len(args) <= form[2]:
        raise ValueError(f"not an action: {data!r}")
    for i, a in enumerate(args):
        optional = kind == "play" and i == 1
        if not (type(a) is int or (optional and a is None)):
            raise ValueError(f"not an action: {data!r}")
    return form[0](*args)
