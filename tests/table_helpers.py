"""Helpers for tests that drive a table session (tests/table, tests/tui)."""

from __future__ import annotations

from dominoes_tui.engine import Action, Draw, Pass, Play, PlayDoubles, Stop
from dominoes_tui.table import EndQuestion, PlaceQuestion, TableSession, TouchQuestion


def act_as_person(s: TableSession, action: Action) -> bool:
    """Make ``action`` through the person's own calls, as keys would: the tile, then the
    answers to the table's questions (which end, which place, which way round); a draw,
    a pass, two doubles or a stop by their calls. True when the session took it."""
    if isinstance(action, Play):
        took = s.play(action.tile)
        if isinstance(s.question, EndQuestion):
            took = s.choose_end(action.end)
        if isinstance(s.question, PlaceQuestion):
            took = s.choose_place(action.end)
        if isinstance(s.question, TouchQuestion):
            took = s.choose_touch(action.touch)
        return bool(took)
    if isinstance(action, PlayDoubles):
        return bool(s.two_doubles())
    if isinstance(action, Draw):
        return bool(s.draw())
    if isinstance(action, Pass):
        return bool(s.pass_turn())
    if isinstance(action, Stop):
        return bool(s.stop())
    raise ValueError(f"not a move a person makes at the table: {action}")
