"""What a resumed table needs besides the game: the move log of the hands already played.

A save holds the seed and the moves, not the table's words; the log of earlier
hands is rebuilt by replaying the moves, with the same entries the table wrote
while they were played (``log_entries``, the hand-over line, the redeal note).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Game, NextHand, new_game
from .words import LogEntry, hand_over_line, log_entries, place_words, redeal_line, said_place


@dataclass(frozen=True)
class Rebuilt:
    entries: list[LogEntry]
    """The log of every hand before the current one, then the current hand's redeal
    note if it was redealt (what the table's log holds before this hand's moves)."""
    first_opener: int
    """Who opened the match's first hand (a rematch may swap it)."""
    places: dict[int, str]
    """The current hand's tiles laid on a line's ends, in words (``TableSession.places``)."""


def redeal_entry(hand_no: int, redeals: int) -> LogEntry:
    return LogEntry(hand_no, None, "redeal", redeal_line(redeals))


def hand_over_entry(hand_no: int, rounds: bool = False) -> LogEntry:
    return LogEntry(hand_no, None, "hand_over", hand_over_line(hand_no, rounds))


def rebuild(game: Game, names: Sequence[str]) -> Rebuilt:
    """Replay ``game``'s moves from its seed and collect the earlier hands' log entries."""
    g = new_game(game.rules, game.seed, game.first_seat)
    first_opener = g.opener
    old: list[LogEntry] = []
    places: dict[int, str] = {}
    for action in game.log:
        if isinstance(action, NextHand):
            if g.redeals:
                old.append(redeal_entry(g.hand_no, g.redeals))
            old += log_entries(g.events, names, g.hand_no, place_words(g, names), places)
            old.append(hand_over_entry(g.hand_no, g.rules.is_rounds))
            places = {}
        said = said_place(g, action)
        if said is not None:
            places[said[0]] = said[1]
        g.apply(action)
    if g.redeals:
        old.append(redeal_entry(g.hand_no, g.redeals))
    return Rebuilt(old, first_opener, places)
