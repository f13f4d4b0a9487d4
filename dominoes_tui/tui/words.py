"""The table's words, for the screens: they live in :mod:`dominoes_tui.table.words`
(pure, tested without Textual); the screens import them from here or there."""

from __future__ import annotations

from ..table.words import (
    LogEntry,
    Sentence,
    log_entries,
    log_lines,
    pips_text,
    score_text,
    second_person,
    target_text,
)

__all__ = [
    "LogEntry",
    "Sentence",
    "log_entries",
    "log_lines",
    "pips_text",
    "score_text",
    "second_person",
    "target_text",
]
