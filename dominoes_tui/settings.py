"""The player's own settings, the same at every house: how fast the CPU's moves show
(the pace) and how tiles are drawn (the tile style).

Pure (no Textual). Kept in ``settings.json`` beside the remembered table options
(``DOMINOES_TUI_HOME`` or the config folder), written to a temp file then
replaced; an unreadable file only means the defaults.

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


def load_settings() -> PlayerSettings:
    """The remembered settings (the defaults for anything missing or unreadable)."""
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return PlayerSettings()
    if not isinstance(data, dict):
        return PlayerSettings()
    out = PlayerSettings()
    for key, choices in CHOICES.items():
        value = data.get(key)
        if value in choices:
            out = out.with_(key, value)
    return out


def save_settings(settings: PlayerSettings) -> None:
    """Remember ``settings``; never raises (an unwritable folder only forgets them)."""
    path = settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".settings-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(asdict(settings), f, indent=2)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        pass
