"""The player's own settings, remembered between sittings (no UI, no game rules).

One small JSON object in ``settings.json``, beside the remembered table options
(``DOMINOES_TUI_HOME`` if set, else the platform's config folder for
``dominoes-tui``). Reading never raises (a missing or broken file reads as
empty, or as the defaults); writing is atomic (temp file, fsync, replace) and
never raises either: a folder that cannot be written only means nothing is
remembered. Each key is written without touching the others.

Keys in use:

- ``pace`` and ``tiles``: how fast the CPU's moves show and how tiles are drawn, the
  same at every house (:class:`PlayerSettings`, the options screen's Player group);
- ``coach``: True: coach the person's next hand; False: off; absent: the table has
  never offered it (``remember("coach", False)``; ``get("coach")``);
- ``strategy_coach`` and ``strategy_coached``: the strategy coach (``"auto"``, ``"on"``
  or ``"off"``) and how many matches it has been at (:mod:`dominoes_tui.store.player`).

>>> PlayerSettings().pace, PlayerSettings().tiles
('normal', 'box')
>>> describe("pace", "slow"), describe("tiles", "unicode")
('slow: each CPU move shows for about 2 s', 'Unicode domino glyphs')
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
GROUP = "Player"
"""The options screen's group for these settings."""

_WORDS = {
    "pace": {
        "slow": "slow: each CPU move shows for about 2 s",
        "normal": "normal: about 1 s a move",
        "fast": "fast: about a third of a second",
    },
    "tiles": {"box": "pips and box lines", "unicode": "Unicode domino glyphs"},
}
LABELS = {"pace": "Pace", "tiles": "Tiles"}
HELP = {
    "pace": "How long each CPU move stays on show: slow, normal or fast.",
    "tiles": "Tiles in your hand and on the line: pips, or Unicode domino glyphs.",
}
CHOICES = {"pace": PACES, "tiles": TILE_STYLES}


@dataclass(frozen=True)
class PlayerSettings:
    pace: str = "normal"
    tiles: str = "box"

    def with_(self, key: str, value: str) -> PlayerSettings:
        return replace(self, **{key: value})


def describe(key: str, value: str) -> str:
    return _WORDS.get(key, {}).get(value, str(value))


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


def load_settings() -> PlayerSettings:
    """The remembered pace and tile style (the defaults for anything missing or unreadable)."""
    data = load()
    out = PlayerSettings()
    for key, choices in CHOICES.items():
        value = data.get(key)
        if value in choices:
            out = out.with_(key, value)
    return out


def save_settings(settings: PlayerSettings) -> None:
    """Remember ``settings`` (the coach's and any other key stay); never raises."""
    remember_all(asdict(settings))
