"""The one protocol every CPU player follows: a seat's view in, one action out."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..engine import Action, Play, PlayDoubles, SeatView, tiles
from ..engine.fast import place, plain_line, table_of
from .easy import RandomPlayer
from .rounds import after_play as after_play_rounds


@runtime_checkable
class Player(Protocol):
    """A CPU player. It sees only ``view`` (R-D-2) and returns one of ``view.legal``."""

    name: str
    level: str

    def choose(self, view: SeatView) -> Action: ...


def after_play(view: SeatView, action: Action) -> tuple[int, tuple[int, ...]]:
    """This seat's hand and the open ends after ``action`` (a play; else unchanged)."""
    if view.rules.is_rounds:  # Mexican Train, Chicken Foot: the places open to this seat
        return after_play_rounds(view, action)
    hand = view.hand
    ends = view.ends
    rules = view.rules
    if isinstance(action, Play) and not plain_line(rules):
        tb = table_of(view)  # spinner arms, sum-to-seven, a matador either way round
        place(rules, tb, action.tile, action.end, action.touch, view.seat)
        return hand & ~tiles.BIT[action.tile], tuple(tb.ends)
    if isinstance(action, Play):
        t = action.tile
        hand &= ~tiles.BIT[t]
        if not ends:
            return hand, (tiles.HIGH[t], tiles.LOW[t])
        assert action.end is not None  # a play on a line already laid names its end
        e = list(ends)
        e[action.end] = tiles.other_end(t, e[action.end])
        return hand, tuple(e)
    if isinstance(action, PlayDoubles):
        hand &= ~(tiles.BIT[action.first] | tiles.BIT[action.second])
    return hand, ends


def fives_scored(view: SeatView, action: Action) -> int:
    """Points ``action`` scores at once in All Fives (R-F-2); 0 in other games."""
    rules = view.rules
    if rules.end_scoring != "fives" or not isinstance(action, Play):
        return 0
    tb = table_of(view)
    return place(rules, tb, action.tile, action.end, action.touch, view.seat)


def shed(action: Action) -> int:
    """Pips this action takes out of the hand."""
    if isinstance(action, Play):
        return tiles.VALUE[action.tile]
    if isinstance(action, PlayDoubles):
        return tiles.VALUE[action.first] + tiles.VALUE[action.second]
    return 0


__all__ = ["Player", "RandomPlayer", "after_play", "fives_scored", "shed"]
