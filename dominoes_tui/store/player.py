"""The strategy coach's setting, the player's own whatever the house.

Kept in the player's ``settings.json`` (:mod:`dominoes_tui.store.settings`, beside the pace
and the tile style): the strategy coach's setting (``strategy_coach``) and how many
matches it has coached (``strategy_coached``). It is ``"auto"`` for a new player: on
for their first :data:`AUTO_MATCHES` matches, then off; ``"on"`` and ``"off"`` are the
person's own choice (the options screen's Strategy coach row). It is apart from the
first hand's guide (``settings.COACH``), which the table offers once.

Reading never raises (a damaged or unreadable file gives the defaults); writing
never raises either (a folder that cannot be written only means nothing is kept).

>>> CoachSetting().coach_on, CoachSetting(coached=3).coach_on
(True, False)
>>> CoachSetting(coached=1).coach_words()
'On for your first 3 matches (2 to go)'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import settings

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
class CoachSetting:
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


def load_player() -> CoachSetting:
    """The strategy coach's setting (the defaults for anything missing or unreadable)."""
    data = settings.load()
    coach = data.get(COACH_KEY)
    coached = data.get(COACHED_KEY)
    return CoachSetting(
        coach=coach if coach in COACH_MODES else "auto",
        coached=coached if type(coached) is int and 0 <= coached < 10**6 else 0,
    )


def save_player(setting: CoachSetting) -> None:
    """Keep ``setting`` (the other settings stay as they are; never raises)."""
    settings.remember_all({COACH_KEY: setting.coach, COACHED_KEY: setting.coached})


def set_coach(mode: str) -> CoachSetting:
    """Set the coach to ``mode`` (``"auto"``, ``"on"``, ``"off"``) and keep it."""
    if mode not in COACH_MODES:
        raise ValueError(f"the coach is one of {', '.join(COACH_MODES)}, not {mode!r}")
    setting = replace(load_player(), coach=mode)
    save_player(setting)
    return setting


def count_coached_match() -> CoachSetting:
    """A match the coach was at has ended: one fewer to go in ``"auto"``."""
    setting = load_player()
    setting = replace(setting, coached=setting.coached + 1)
    save_player(setting)
    return setting
