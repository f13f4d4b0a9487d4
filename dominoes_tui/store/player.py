"""The coach's setting, the player's own whatever the house.

One teacher with one setting, kept in the player's ``settings.json``
(:mod:`dominoes_tui.store.settings`, beside the pace and the tile style):

- ``coach_level``: ``"guide"`` (what fits and why, plus tips), ``"tips"`` (a strategy tip
  a hand, a question before a blunder, what cost a hand), ``"off"``, or ``"auto"``, a new
  player's: the guide for their first :data:`AUTO_MATCHES` finished matches, then tips;
- ``coach_finished``: how many matches the coach has seen finished (played to their end,
  not abandoned or resigned): what ``"auto"`` counts;
- ``coach_asked``: the first table has asked the one question (Guide, Tips, No thanks);
  it is not asked again.

The keys of before (``strategy_coach`` ``"auto"``/``"on"``/``"off"``, its count
``strategy_coached``, and the first hand's guide ``coach`` True/False) are read when the
new ones are missing (:func:`migrated`). A bad value gives the default; reading never
raises (a damaged or unreadable file gives the defaults); writing never raises either (a
folder that cannot be written only means nothing is kept).

>>> CoachSetting().now, CoachSetting(finished=3).now, CoachSetting("off").now
('guide', 'tips', 'off')

The setting in a player's words: ``table.words.coach_level_words``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from . import settings

LEVEL_KEY = "coach_level"
FINISHED_KEY = "coach_finished"
ASKED_KEY = "coach_asked"
LEVELS = ("auto", "guide", "tips", "off")
"""The setting's values, in the options screen's order."""
AUTO_MATCHES = 3
"""A new player's coach guides this many finished matches (``"auto"``), then gives tips."""
OLD_MODE_KEY = "strategy_coach"
OLD_COUNT_KEY = "strategy_coached"
OLD_GUIDE_KEY = settings.COACH
_MOST = 10**6


@dataclass(frozen=True)
class CoachSetting:
    level: str = "auto"
    """``"auto"``, ``"guide"``, ``"tips"`` or ``"off"``."""
    finished: int = 0
    """Matches finished with the coach at the table (``"auto"`` guides AUTO_MATCHES)."""
    asked: bool = False
    """The first table's question has been answered (or the setting chosen)."""

    @property
    def now(self) -> str:
        """The coach at the next table: ``"guide"``, ``"tips"`` or ``"off"``."""
        if self.level != "auto":
            return self.level
        return "guide" if self.finished < AUTO_MATCHES else "tips"

    @property
    def tips(self) -> bool:
        """Tips, the question before a blunder and what cost a hand (guide or tips)."""
        return self.now != "off"

    @property
    def guide(self) -> bool:
        """What fits and why, on the prompt line."""
        return self.now == "guide"


def _count(value: Any) -> int | None:
    return value if type(value) is int and 0 <= value < _MOST else None


def migrated(data: dict[str, Any]) -> CoachSetting:
    """The setting from the keys of before: the strategy coach's mode and count, and the
    first hand's guide's flag (True: guide me; False: answered no, or its hand was done).

    >>> migrated({"strategy_coach": "off", "coach": True})
    CoachSetting(level='off', finished=0, asked=True)
    >>> migrated({"strategy_coach": "on", "coach": True}).level
    'guide'
    >>> migrated({"strategy_coach": "auto", "strategy_coached": 3, "coach": False}).level
    'off'
    >>> migrated({})
    CoachSetting(level='auto', finished=0, asked=False)
    """
    mode = data.get(OLD_MODE_KEY)
    guide = data.get(OLD_GUIDE_KEY)
    count = _count(data.get(OLD_COUNT_KEY)) or 0
    answered = guide in (True, False) or mode in ("on", "off")
    if mode == "off":
        level = "off"
    elif mode == "on":
        level = "guide" if guide is True else "tips"
    elif count >= AUTO_MATCHES:  # "auto" had turned itself off
        level = "guide" if guide is True else "off"
    elif guide is True:
        level = "auto"
    elif guide is False:  # the guide was declined (or done): the tips "auto" promised
        level = "tips"
    else:
        level = "auto"
    return CoachSetting(level, count, answered)


def load_player() -> CoachSetting:
    """The coach's setting (the defaults for anything missing or unreadable)."""
    data = settings.load()
    if LEVEL_KEY not in data:
        return migrated(data)
    level = data.get(LEVEL_KEY)
    return CoachSetting(
        level=level if level in LEVELS else "auto",
        finished=_count(data.get(FINISHED_KEY)) or 0,
        asked=data.get(ASKED_KEY) is True,
    )


def save_player(setting: CoachSetting) -> None:
    """Keep ``setting`` (the other settings stay as they are; never raises)."""
    settings.remember_all(
        {LEVEL_KEY: setting.level, FINISHED_KEY: setting.finished, ASKED_KEY: setting.asked}
    )


def set_level(level: str) -> CoachSetting:
    """Set the coach to ``level`` (one of :data:`LEVELS`) and keep it: the question is
    answered."""
    if level not in LEVELS:
        raise ValueError(f"the coach is one of {', '.join(LEVELS)}, not {level!r}")
    setting = replace(load_player(), level=level, asked=True)
    save_player(setting)
    return setting


def count_finished_match() -> CoachSetting:
    """A match the coach was at was played to its end: one fewer to go in ``"auto"``."""
    setting = load_player()
    setting = replace(setting, finished=setting.finished + 1)
    save_player(setting)
    return setting
