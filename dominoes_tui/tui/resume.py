"""What a resumed table needs besides the game: the move log of the hands already played.

A save holds the seed and the moves, not the table's words; the log of earlier
hands is rebuilt by replaying the moves, with the same lines the table wrote
while they were played (``log_lines``, the hand-over rule, the redeal note).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Game, NextHand
from .words import log_lines


def redeal_line(redeals: int) -> str:
    """The log's note for a hand dealt more than once (the table writes the same)."""
    times = "once" if redeals == 1 else f"{redeals} times"
    return f"Redealt {times} (R-C-2)"


@dataclass(frozen=True)
class Rebuilt:
    old_log: list[str]
    """The log lines of every hand before the current one, then the current hand's
    redeal note if it was redealt (what the table's log holds before its moves)."""
    first_opener: int
    """Who opened the match's first hand (a rematch may swap it)."""


def rebuild(game: Game, names: Sequence[str]) -> Rebuilt:
    """Replay ``game``'s moves from its seed and collect the earlier hands' log lines."""
    g = Game.new(game.rules, game.seed, game.first_seat)
    first_opener = g.opener
    old: list[str] = []
    for action in game.log:
        if isinstance(action, NextHand):
            if g.redeals:
                old.append(redeal_line(g.redeals))
            old += log_lines(g.events, names)
            old.append(f"— hand {g.hand_no} over —")
        g.apply(action)
    if g.redeals:
        old.append(redeal_line(g.redeals))
    return Rebuilt(old, first_opener)
