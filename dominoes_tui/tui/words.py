"""The table's words, for the screens: they live in :mod:`dominoes_tui.table.words`
(pure, tested without Textual); the screens import them from here or there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..table.words import (
    LogEntry,
    Sentence,
    log_entries,
    log_lines,
    match_summary,
    pips_text,
    saved_side_names,
    score_text,
    second_person,
    target_text,
)

if TYPE_CHECKING:
    from .. import store

__all__ = [
    "LogEntry",
    "Sentence",
    "log_entries",
    "log_lines",
    "pips_text",
    "saved_summary",
    "score_text",
    "second_person",
    "target_text",
]


def saved_summary(saved: store.SavedGame) -> str:
    """``the classic match, You 34 – CPU 51, hand 4``: what Continue resumes."""
    g, info = saved.game, saved.info
    sides = saved_side_names(g.rules, info.names, info.cpu_level)
    return match_summary(g.rules, g.hand_no, g.scores, sides)
