"""One live table per home folder: a lock on the autosave slot.

Two game processes on one home folder would share one autosave: the second
would record the first one's live match as abandoned and take its slot. So a
process holds ``autosave.lock`` (an OS file lock: ``flock`` on POSIX,
``msvcrt.locking`` on Windows) from the moment it opens a table until it exits.
The operating system drops the lock when the process ends, however it ends
(kill -9 included), so a dead process's lock is always free. The file itself
stays (it holds the holder's process id, for the message); only the OS lock
on it counts.

What the app calls::

    lock = store.table_lock()          # this process's lock for the home folder
    if not lock.acquire():             # never blocks; True again if already held
        say(lock.problem())            # one sentence; open no table, touch no save
    ...
    lock.release()                     # when the app exits (the OS does it anyway)
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from .paths import data_dir

LOCK_NAME = "autosave.lock"

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


class TableLock:
    """The lock of one home folder, as held (or not) by this process."""

    def __init__(self, home: Path | None = None) -> None:
        self.folder = home if home is not None else data_dir()
        self.path = self.folder / LOCK_NAME
        self.unavailable: str | None = None
        """Why no lock could be taken at all (a read-only home with no lock file): the
        table then opens unlocked, since nothing can be saved there either."""
        self._fd: int | None = None
        self._mutex = threading.Lock()

    @property
    def held(self) -> bool:
        """Does this process hold the lock?"""
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock if no other process holds it; never waits.

        True if this process holds it now (or already did, or no lock can be made at
        all: see :attr:`unavailable`); False if another live process holds it.
        """
        with self._mutex:
            if self._fd is not None:
                return True
            fd = self._open()
            if fd is None:
                return True
            if not _try_lock(fd):
                os.close(fd)
                return False
            try:  # who holds it, for the other process's message
                os.ftruncate(fd, 0)
                os.write(fd, f"{os.getpid()}\n".encode())
            except OSError:
                pass
            self._fd = fd
            return True

    def _open(self) -> int | None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass
        try:
            return os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            pass
        try:  # a read-only home: the lock file may be there to lock all the same
            return os.open(self.path, os.O_RDONLY)
        except OSError as e:
            self.unavailable = e.strerror or str(e)
            return None

    def release(self) -> None:
        """Let the lock go (the OS also does it when the process ends)."""
        with self._mutex:
            fd, self._fd = self._fd, None
        if fd is not None:
            _unlock(fd)
            os.close(fd)

    def holder(self) -> int | None:
        """The process id the holder wrote in the lock file, if it can be read."""
        try:
            text = self.path.read_text("ascii", errors="replace")[:20].strip()
        except OSError:
            return None
        return int(text) if text.isdigit() else None

    def problem(self) -> str:
        """The sentence for the person when :meth:`acquire` said False."""
        pid = self.holder()
        who = f" (process {pid})" if pid else ""
        return (
            f"A match is open in another dominoes window{who}: play it there, "
            "or quit it there first; its save is left as it is."
        )


def _try_lock(fd: int) -> bool:
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # EWOULDBLOCK: another process holds it
            return False
        return True
    try:  # pragma: no cover - Windows
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:  # pragma: no cover
        return False
    return True  # pragma: no cover


def _unlock(fd: int) -> None:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
        else:  # pragma: no cover - Windows
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    except OSError:  # pragma: no cover - closing the file drops it anyway
        pass


_LOCKS: dict[str, TableLock] = {}
_REGISTRY = threading.Lock()


def table_lock(home: Path | None = None) -> TableLock:
    """This process's :class:`TableLock` for ``home`` (default: :func:`data_dir`): the same
    object every call, so every part of the app asks the one lock."""
    folder = home if home is not None else data_dir()
    key = os.path.abspath(folder)
    with _REGISTRY:
        lock = _LOCKS.get(key)
        if lock is None:
            lock = _LOCKS[key] = TableLock(folder)
        return lock


def claim_table(home: Path | None = None) -> str | None:
    """Hold this process's table lock: None when held (a table may open), else the
    sentence to say (another window has its table open; read, abandon and write nothing)."""
    lock = table_lock(home)
    return None if lock.acquire() else lock.problem()
