"""Where the data lives, and the two file operations every store needs.

``DOMINOES_TUI_HOME`` overrides the platform data folder (tests point it at a
temporary folder); otherwise ``platformdirs`` picks it (app name ``dominoes-tui``).
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

APP_NAME = "dominoes-tui"
HOME_ENV = "DOMINOES_TUI_HOME"
AUTOSAVE_NAME = "autosave.json"


def data_dir(create: bool = False) -> Path:
    """The folder for saves and history: ``$DOMINOES_TUI_HOME`` or the platform's data folder.

    Writers create it when they first write (``create=True`` makes it now).
    """
    env = os.environ.get(HOME_ENV)
    folder = Path(env).expanduser() if env else Path(platformdirs.user_data_dir(APP_NAME, False))
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


_UNREADABLE = re.compile("[\ud800-\udfff\x00-\x1f\x7f-\x9f]")


def shown_path(path: os.PathLike[str] | str) -> str:
    """``path`` as a sentence names it: bytes that are not text in the file system's
    encoding (kept as surrogates) and control characters show as U+FFFD, so a home such
    as ``b"/tmp/\\xff"`` reads ``/tmp/\ufffd`` and the sentence stays one line.

    >>> shown_path(os.fsdecode(b"/tmp/caf\\xe9/history.sqlite3"))
    '/tmp/caf\ufffd/history.sqlite3'
    """
    return _UNREADABLE.sub("\ufffd", os.fsdecode(path))


def autosave_path(home: Path | None = None) -> Path:
    """The one autosave slot that "Continue" resumes."""
    return (home if home is not None else data_dir()) / AUTOSAVE_NAME


def has_autosave(home: Path | None = None) -> bool:
    """Is there something for "Continue" (a save file, usable or not; a folder in the slot
    too: Continue then says why it cannot be used)?"""
    try:
        os.stat(autosave_path(home))
    except FileNotFoundError:
        return False
    except OSError:  # cannot even look (no permission): Continue says why when chosen
        return True
    return True


def utc_now() -> datetime:
    return datetime.now(UTC)


def iso(t: datetime) -> str:
    """``2026-11-29T19:54:03Z``: UTC, whole seconds."""
    return t.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so a crash leaves either the old file or the new one.

    A temp file in the same folder is written, flushed and fsynced, then
    ``os.replace``d over ``path``; the folder is fsynced too where the
    platform allows, so the rename itself survives a power cut.
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(folder)


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":  # pragma: no cover - Windows cannot open a folder
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - some file systems refuse
        pass
    finally:
        os.close(fd)


def remove_stale_temps(path: Path, older_than: float = 60.0) -> None:
    """Delete temp files a killed writer of ``path`` left behind (not one being written now)."""
    cutoff = time.time() - older_than
    for p in path.parent.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            if p.stat().st_mtime < cutoff:
                p.unlink()


def set_aside(path: Path, extra_suffixes: tuple[str, ...] = ()) -> Path:
    """Rename ``path`` to ``<name>.corrupt-<timestamp>`` (never over another file); return it.

    ``extra_suffixes`` names companion files moved along with it (SQLite's
    ``-wal`` and ``-shm``).
    """
    stamp = utc_now().strftime("%Y%m%dT%H%M%SZ")
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, aside)
    for suffix in extra_suffixes:
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            with contextlib.suppress(OSError):
                os.replace(companion, aside.with_name(aside.name + suffix))
    return aside
