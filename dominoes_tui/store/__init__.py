"""Never lose a game: autosave and resume, match history, statistics. No UI imports.

Everything lives in :func:`data_dir`: ``$DOMINOES_TUI_HOME`` if set (tests
use a temp folder), else the platform's data folder for ``dominoes-tui``.
Every function takes an optional ``home`` folder instead.

What the app calls, and when
----------------------------
One live table per home folder: before a table opens (a new match or "Continue")::

    lock = store.table_lock()
    if not lock.acquire():                              # another process has a table open
        self.notify(lock.problem()); open nothing, touch no save
    # held until the process exits (lock.release() when the app closes)

Starting a match::

    info = store.MatchInfo(cpu_level=level, names=("You", "CPU"), human_seat=0)
    game = new_game(rules, seed)                        # seed: a whole number

After every applied action (yours or the CPU's), and when the app closes::

    if (err := store.autosave(game, info, clock)):     # atomic; never raises
        self.notify(err, severity="warning")

The start menu ("Continue" shown when ``store.has_autosave()``), and
``dominoes play --resume``::

    res = store.load_autosave()                         # never raises
    if res.ok:
        game, info = res.saved.game, res.saved.info
        clock = res.saved.make_clock()                  # stopped; None without a clock
        # ... on the person's first key: clock.start(game.turn)
        # (game.is_over here: the app died before recording it; call finish_match)
    elif res.found:                                     # unusable: already moved aside
        self.notify(res.problem); offer a new game

CPU players are not saved: make them afresh with ``make_player(info.cpu_level, seed)``.

When the match is over (``game.is_over``)::

    rec = store.finish_match(game, info)                # history row, then deletes the save
    if rec.problem: self.notify(rec.problem)

Quitting the app (or a crash, or a lost SSH session) keeps the autosave for
"Continue"; only starting another match gives the unfinished one up.
"New game" while a match is unfinished (in the app, or a save on disk)::

    store.abandon_match(game, info)                     # the one in memory, or
    store.abandon_autosave()                            # the one on disk

The Statistics screen and ``dominoes stats``::

    h = store.History()
    st = h.stats(recent=20)                             # a Stats; st.to_dict() for JSON
    st.total.win_rate, st.by_variant_level, st.longest_streak, st.recent_values()
    # h.problem: one sentence if a damaged database was just set aside;
    # h.note: one sentence if damaged rows were skipped (after reading);
    # HistoryError (one sentence) if it cannot be opened at all (locked, no permission).
    # A history that cannot be written (read-only home, full disk) is read read-only.
    # A sentence names a file with store.shown_path(path): bytes of a home that are
    # not text show as U+FFFD (never as \\udcff), and the sentence stays one line.

``dominoes replay [ID]``::

    h = store.History()
    rec = h.get(match_id) if match_id else h.get(h.latest_id())
    for game in rec.positions(): ...                    # the deal, then after each action
    h.hands(rec.id)                                     # each hand's points, score line after it
    # An engine whose rules changed since may refuse an old log: positions()
    # then raises IllegalAction, whose text the viewer can show.

Costs, measured: an autosave is a few ms (fsync; 11 ms for a 2,800-action match),
so the main thread may call it; :func:`finish_match` and the history calls touch
SQLite with fsyncs (tens of ms): run them in a thread worker. Every function may
be called from any thread (each opens its own connection).

Saves are JSON (:mod:`.saves`), history is SQLite (:mod:`.history`),
statistics are computed in :mod:`.stats`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

# The submodules load on first use (``store.has_autosave`` does not load SQLite):
# a bare ``dominoes`` opens its start menu sooner (benchmarks/startup.py).
_EXPORTS = {
    "history": (
        "ABANDONED",
        "DB_NAME",
        "DRAW",
        "LOSS",
        "SCHEMA_VERSION",
        "WIN",
        "HandRecord",
        "History",
        "HistoryError",
        "MatchRecord",
        "outcome_of",
    ),
    "lock": ("LOCK_NAME", "TableLock", "claim_table", "table_lock"),
    "paths": (
        "AUTOSAVE_NAME",
        "HOME_ENV",
        "autosave_path",
        "data_dir",
        "has_autosave",
        "shown_path",
    ),
    "saves": (
        "FORMAT_VERSION",
        "LoadResult",
        "MatchInfo",
        "SavedGame",
        "autosave",
        "discard_autosave",
        "load_autosave",
        "make_clock",
        "read_save",
        "save_game",
        "saved_match_id",
        "set_aside_autosave",
        "undo_words",
    ),
    "stats": ("GroupStats", "Stats", "compute_stats"),
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))


if TYPE_CHECKING:
    from ..engine import Game
    from .history import (
        ABANDONED,
        DB_NAME,
        DRAW,
        LOSS,
        SCHEMA_VERSION,
        WIN,
        HandRecord,
        History,
        HistoryError,
        MatchRecord,
        outcome_of,
    )
    from .lock import LOCK_NAME, TableLock, claim_table, table_lock
    from .paths import (
        AUTOSAVE_NAME,
        HOME_ENV,
        autosave_path,
        data_dir,
        has_autosave,
        shown_path,
    )
    from .saves import (
        FORMAT_VERSION,
        LoadResult,
        MatchInfo,
        SavedGame,
        autosave,
        discard_autosave,
        load_autosave,
        make_clock,
        read_save,
        save_game,
        saved_match_id,
        set_aside_autosave,
        undo_words,
    )
    from .stats import GroupStats, Stats, compute_stats


@dataclass(frozen=True)
class Recorded:
    """What recording a match gave: its history row id (None if not recorded) and any problem."""

    history_id: int | None = None
    problem: str | None = None


def _record(game: Game, info: MatchInfo, home: Path | None, abandoned: bool) -> Recorded:
    from .history import History, HistoryError
    from .saves import discard_autosave

    try:
        history = History(home)
        row = history.record(game, info, abandoned=abandoned)
    except HistoryError as e:
        return Recorded(None, str(e))
    except OSError as e:
        return Recorded(None, f"The match history could not be written ({e.strerror}).")
    aside = discard_autosave(home, info.match_id)  # not a newer match's save
    problems = [p for p in (history.problem, aside) if p]
    return Recorded(row, " ".join(problems) or None)


def finish_match(game: Game, info: MatchInfo, home: Path | None = None) -> Recorded:
    """The match is over: add it to the history, then delete the autosave.

    If the history cannot be written the autosave is kept, so the match is
    not lost and a later call records it (a match is recorded once).
    """
    if not game.is_over:
        raise ValueError("the match is not over: use abandon_match")
    return _record(game, info, home, abandoned=False)


def abandon_match(game: Game, info: MatchInfo, home: Path | None = None) -> Recorded:
    """The person leaves this match for good: record it as abandoned, delete the autosave.

    A match with no action taken yet is not recorded (nothing was played).
    """
    if not game.log:
        from .saves import discard_autosave

        return Recorded(problem=discard_autosave(home, info.match_id))
    return _record(game, info, home, abandoned=not game.is_over)


def played_a_match(home: Path | None = None) -> bool:
    """Has the person finished a match here (a newcomer has not: their first match is
    gentle)? No history file: False; a history that cannot be read: True (the house's
    own ways, as for anyone who has played). SQLite: call it off the start menu's
    first frame."""
    from .history import History

    history = History(home)
    if not history.path.exists():
        return False
    try:
        return history.finished_count() > 0
    except Exception:  # noqa: BLE001 - unreadable: not known to be a newcomer
        return True


def clock_offered(home: Path | None = None) -> bool:
    """Is the clock still offered rather than set (a bare ``dominoes play`` deals without
    it, and its match-over offers it)? True until the person has finished a match and
    played one with a clock; a history that cannot be read: False (the house's own ways).
    SQLite: call it off the start menu's first frame."""
    from .history import History

    history = History(home)
    if not history.path.exists():
        return True
    try:
        return history.finished_count() == 0 or not history.played_with_a_clock()
    except Exception:  # noqa: BLE001 - unreadable: not known to be a newcomer
        return False


def abandon_autosave(home: Path | None = None) -> Recorded:
    """Give up the match in the autosave: record it as abandoned (or finished, if it
    was over) and delete it. An unusable save is moved aside and its problem returned."""
    from .saves import load_autosave

    res = load_autosave(home)
    if res.saved is None:
        return Recorded(None, res.problem)
    return abandon_match(res.saved.game, res.saved.info, home)


__all__ = [
    "ABANDONED",
    "AUTOSAVE_NAME",
    "DB_NAME",
    "DRAW",
    "FORMAT_VERSION",
    "HOME_ENV",
    "LOCK_NAME",
    "LOSS",
    "SCHEMA_VERSION",
    "WIN",
    "GroupStats",
    "HandRecord",
    "History",
    "HistoryError",
    "LoadResult",
    "MatchInfo",
    "MatchRecord",
    "Recorded",
    "SavedGame",
    "Stats",
    "TableLock",
    "abandon_autosave",
    "played_a_match",
    "clock_offered",
    "abandon_match",
    "autosave",
    "autosave_path",
    "claim_table",
    "compute_stats",
    "data_dir",
    "discard_autosave",
    "finish_match",
    "has_autosave",
    "load_autosave",
    "make_clock",
    "outcome_of",
    "read_save",
    "save_game",
    "saved_match_id",
    "set_aside_autosave",
    "shown_path",
    "table_lock",
    "undo_words",
]
