"""The player's own settings, remembered between sittings (no UI, no game rules).

One small JSON object in ``settings.json``, beside the remembered table options
(``DOMINOES_TUI_HOME`` if set, else the platform's config folder for
``dominoes-tui``). Reading never raises (a missing or broken file reads as
empty); writing is atomic (temp file, fsync, replace) and never raises either: a
folder that cannot be written only means nothing is remembered.

Keys in use: ``coach`` (True: coach the person's next hand; False: off; absent: the
table has never offered it). ``remember("coach", False)``; ``get("coach")``.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

COACH = "coach"


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


def remember(key: str, value: Any) -> None:
    """Keep ``key = value`` (the other settings stay as they are)."""
    try:
        data = load()
        data[key] = value
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
