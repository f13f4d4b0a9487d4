"""The player's own settings, whatever the house: the strategy coach at the table.

Kept in ``player.json`` beside the table options (``options.json``): the strategy
coach's setting (``strategy_coach``) and how many matches it has coached
(``strategy_coached``). It is ``"auto"`` for a new player: on for their first
:data:`AUTO_MATCHES` matches, then off; ``"on"`` and ``"off"`` are the person's own
choice (the options screen's Strategy coach row).

Reading never raises (a damaged or unreadable file gives the defaults); writing
never raises either (a folder that cannot be written only means nothing is kept).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

from .paths import write_atomic

FILE_NAME = "player.json"
COACH_KEY = "strategy_coach"
COACHED_KEY = "strategy_coached"
COACH_MODES = ("auto", "on", "off")
AUTO_MATCHES = 3
"""A new player's coach is on for this many finished matches (``"auto"``)."""
COACH_WORDS = {
    "auto": f"On for your first {AUTO_MATCHES} matches",
    "on": "On",
    "off": "Off",
}


@dataclass(frozen=True)
class PlayerSettings:
    coach: str = "auto"
    """``"auto"``, ``"on"`` or ``"off"``."""
    coached: int = 0
    """Matches finished with the coach on (``"auto"`` turns it off after AUTO_MATCHES)."""

    @property
    def coach_on(self) -> bool:
        """Is the coach at the next table?"""
        return self.coach == "on" or (self.coach == "auto" and self.coached < AUTO_MATCHES)

    def coach_words(self) -> str:
        """The setting in words, with how many coached matches are left in ``"auto"``."""
        if self.coach != "auto":
            return COACH_WORDS[self.coach]
        left = max(0, AUTO_MATCHES - self.coached)
        if not left:
            return f"Was on for your first {AUTO_MATCHES} matches"
        return f"{COACH_WORDS['auto']} ({left} to go)"


def player_path() -> Path:
    """``player.json``, in the folder that holds ``options.json``."""
    from ..options import options_path

    return options_path().parent / FILE_NAME


def load_player(path: Path | None = None) -> PlayerSettings:
    """The player's settings (the defaults if there is no file or it cannot be read)."""
    path = path or player_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return PlayerSettings()
    if not isinstance(data, dict):
        return PlayerSettings()
    coach = data.get(COACH_KEY)
    coached = data.get(COACHED_KEY)
    return PlayerSettings(
        coach=coach if coach in COACH_MODES else "auto",
        coached=coached if type(coached) is int and 0 <= coached < 10**6 else 0,
    )


def save_player(settings: PlayerSettings, path: Path | None = None) -> None:
    """Keep ``settings`` (atomic; never raises)."""
    path = path or player_path()
    try:
        data = {COACH_KEY: settings.coach, COACHED_KEY: settings.coached}
        write_atomic(path, (json.dumps(data, indent=2) + "\n").encode())
    except OSError:
        pass


def set_coach(mode: str, path: Path | None = None) -> PlayerSettings:
    """Set the coach to ``mode`` (``"auto"``, ``"on"``, ``"off"``) and keep it."""
    if mode not in COACH_MODES:
        raise ValueError(f"the coach is one of {', '.join(COACH_MODES)}, not {mode!r}")
    settings = replace(load_player(path), coach=mode)
    save_player(settings, path)
    return settings


def count_coached_match(path: Path | None = None) -> PlayerSettings:
    """A match the coach was at has ended: one fewer to go in ``"auto"``."""
    settings = load_player(path)
    settings = replace(settings, coached=settings.coached + 1)
    save_player(settings, path)
    return settings
