"""The player's own settings, remembered between sittings (no UI, no game rules).

One small JSON object in ``settings.json``, beside the remembered table options
(``DOMINOES_TUI_HOME`` if set, else the platform's config folder for
``dominoes-tui``). Reading never raises (a missing or broken file reads as
empty, or as the defaults); writing is atomic (temp file, fsync, replace) and
never raises either: a folder that cannot be written only means nothing is
remembered. Each key is written without touching the others.

Keys in use:

- the player's own settings, the same at every house (:class:`PlayerSettings`, the
  Settings screen): ``pace`` (how fast the CPU's moves show), ``tiles`` (how tiles are
  drawn), ``clock`` (the clock a new match starts with where the house offers one, or
  ``"house"``: the house's own), ``log`` (the move log beside the felt), ``bell`` (a bell
  when it becomes your turn) and ``theme`` (the colours);
- ``coach_level``, ``coach_finished`` and ``coach_asked``: the one Coach setting (Off,
  Tips, Guide, or a new player's guided first matches), how many finished matches it
  has been at, and whether the first table's question was answered
  (:mod:`dominoes_tui.store.player`). The keys of before, ``coach`` (the first hand's
  guide, :data:`COACH`) and ``strategy_coach``/``strategy_coached``, are only read, to
  carry a player's choice over.

A value that is not one of a setting's choices (a file edited by hand, an older or newer
version's) reads as that setting's default; :func:`load_checked` also says which, once
per value, in one sentence each.

>>> PlayerSettings().pace, PlayerSettings().tiles, PlayerSettings().theme
('normal', 'box', 'dominoes-dark')
>>> describe("pace", "slow"), describe("tiles", "unicode"), describe("clock", 15)
('slow: each CPU move shows for about 2 s', 'Unicode domino glyphs', '15 minutes each')
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

COACH = "coach"

PACES = ("slow", "normal", "fast")
"""How long each CPU move waits before it is laid (``table.PACES`` gives the seconds)."""
TILE_STYLES = ("box", "unicode")
CLOCKS: tuple[str | int, ...] = ("house", 0, 5, 10, 15, 30)
"""The clock a new match starts with: ``"house"`` (the house's own), 0 (none) or minutes
each; a house that offers no clock, or not that one, plays its own."""
THEMES = ("dominoes-dark", "dominoes-light", "dominoes-contrast")
"""The colour themes (``tui/themes.py`` draws them)."""
ON_OFF = (True, False)

_WORDS: dict[str, dict[Any, str]] = {
    "pace": {
        "slow": "slow: each CPU move shows for about 2 s",
        "normal": "normal: about 1 s a move",
        "fast": "fast: about a third of a second",
    },
    "tiles": {"box": "pips and box lines", "unicode": "Unicode domino glyphs"},
    "clock": {"house": "the house's own", 0: "no clock", 5: "5 minutes each"},
    "log": {True: "shown beside the felt", False: "hidden (l shows it)"},
    "bell": {True: "on", False: "off"},
    "theme": {
        "dominoes-dark": "dark felt",
        "dominoes-light": "light",
        "dominoes-contrast": "high contrast",
    },
}
LABELS = {
    "pace": "Pace",
    "tiles": "Tiles",
    "clock": "Clock",
    "log": "Move log",
    "bell": "Bell on your turn",
    "theme": "Theme",
}
HELP = {
    "pace": "How long each CPU move stays on show: slow, normal or fast.",
    "tiles": "Tiles in your hand and on the line: pips, or Unicode domino glyphs.",
    "clock": "The clock a new match starts with, where the house offers it.",
    "log": "The move log beside the felt; l opens the whole log either way.",
    "bell": "The terminal's bell when it becomes your turn.",
    "theme": "The colours of the felt, the tiles and the marks.",
}
CHOICES: dict[str, tuple[Any, ...]] = {
    "pace": PACES,
    "tiles": TILE_STYLES,
    "clock": CLOCKS,
    "log": ON_OFF,
    "bell": ON_OFF,
    "theme": THEMES,
}


@dataclass(frozen=True)
class PlayerSettings:
    """The player's own settings, the same at every house."""

    pace: str = "normal"
    tiles: str = "box"
    clock: str | int = "house"
    """The clock a new match starts with (:data:`CLOCKS`)."""
    log: bool = True
    """The move log beside the felt."""
    bell: bool = False
    """The terminal's bell when it becomes the person's turn."""
    theme: str = "dominoes-dark"

    def with_(self, key: str, value: Any) -> PlayerSettings:
        return replace(self, **{key: value})


def describe(key: str, value: Any) -> str:
    """``value`` of setting ``key`` in words."""
    if key == "clock" and type(value) is int and value not in _WORDS["clock"]:
        return f"{value} minutes each"
    return _WORDS.get(key, {}).get(value, str(value))


def offered(key: str, value: Any) -> bool:
    """Is ``value`` one of setting ``key``'s choices (``True`` is not the number 1)?"""
    return any(type(value) is type(c) and value == c for c in CHOICES[key])


def settings_path() -> Path:
    home = os.environ.get("DOMINOES_TUI_HOME")
    if home:
        return Path(home) / "settings.json"
    import platformdirs

    return Path(platformdirs.user_config_dir("dominoes-tui")) / "settings.json"


def load() -> dict[str, Any]:
    """Every remembered setting (empty if none, or if the file is unreadable)."""
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def get(key: str, default: Any = None) -> Any:
    return load().get(key, default)


def remember_all(values: dict[str, Any]) -> None:
    """Keep every ``key = value`` of ``values`` (the other settings stay as they are)."""
    try:
        data = load()
        data.update(values)
        path = settings_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".settings-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        pass


def remember(key: str, value: Any) -> None:
    """Keep ``key = value`` (the other settings stay as they are)."""
    remember_all({key: value})


def load_checked() -> tuple[PlayerSettings, list[str]]:
    """The player's settings, and one sentence for each value that is not one of its
    setting's choices (it reads as the default)."""
    data = load()
    out = PlayerSettings()
    problems: list[str] = []
    for key in CHOICES:
        if key not in data:
            continue
        value = data[key]
        if offered(key, value):
            out = out.with_(key, value)
        else:
            said = json.dumps(value)[:40]
            problems.append(
                f"Settings: {LABELS[key]} {said} is not one of its choices; "
                f"{describe(key, getattr(out, key))} is used."
            )
    return out, problems


def load_settings() -> PlayerSettings:
    """The player's settings (the defaults for anything missing, unknown or unreadable)."""
    return load_checked()[0]


def save_settings(settings: PlayerSettings) -> None:
    """Remember ``settings`` (the coach's and any other key stay); never raises."""
    remember_all(asdict(settings))


def remember_setting(key: str, value: Any) -> PlayerSettings:
    """Keep one setting (a value it does not offer is refused); the settings now."""
    if key not in CHOICES or not offered(key, value):
        raise ValueError(f"{key} is one of {CHOICES.get(key)}, not {value!r}")
    remember(key, value)
    return load_settings()
