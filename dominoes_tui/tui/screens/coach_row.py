"""The Coach row, one setting shown in two places: the Settings screen and the table
options (the same choices, words and help). Read and written through
:mod:`dominoes_tui.store.player`, here only; a change is kept at once and the app
applies it to an open table (:class:`~..messages.SettingsChanged`)."""

from __future__ import annotations

from ...store.player import LEVELS, load_player, set_level
from ...table.words import COACH_HELP, coach_level_words

COACH_KEY = "coach"
"""The row's key (its id: ``setting-coach`` on Settings, ``opt-coach`` on the options)."""
COACH_LABEL = "Coach"
__all__ = [
    "COACH_HELP",
    "COACH_KEY",
    "COACH_LABEL",
    "coach_choices",
    "coach_value",
    "coach_words",
    "keep_coach",
]


def coach_choices() -> tuple[str, ...]:
    return LEVELS


def coach_value() -> str:
    return load_player().level


def coach_words(mode: str) -> str:
    return coach_level_words(mode, load_player().finished)


def keep_coach(mode: str) -> None:
    set_level(mode)
