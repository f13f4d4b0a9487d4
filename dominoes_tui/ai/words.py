"""CPU players' moves in short words, for messages about a move (a refused one, the hint's
reason as the search gives it). What a player reads names a move by its place, the
table's way: :func:`dominoes_tui.table.words.move_words` ("6-4 on the 4")."""

from __future__ import annotations

from ..engine import Action, Play, PlayDoubles, SeatView, tiles
from ..engine.actions import END_NAMES
from . import rounds


def describe_action(a: Action, view: SeatView | None = None) -> str:
    """Short words for an action: ``"6-6 on the left"``, ``"draw"``.

    With ``view``, the end is left out when both ends show the same number.
    """
    if view is not None and view.rules.is_rounds:  # Mexican Train, Chicken Foot
        return rounds.describe(view, a)
    if isinstance(a, Play):
        same = view is not None and len(set(view.ends)) == 1
        arm = " arm" if a.end is not None and a.end >= 2 else ""
        where = "" if a.end is None or same else f" on the {END_NAMES[a.end]}{arm}"
        way = "" if a.touch is None else f" ({a.touch} touching)"
        return f"{tiles.name(a.tile)}{where}{way}"
    if isinstance(a, PlayDoubles):
        return f"{tiles.name(a.first)} and {tiles.name(a.second)}"
    return str(a)
