"""Saving and recording a match: the autosave after each move, the history when it ends."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date
from pathlib import Path

from .. import store
from ..engine import Game
from .events import Background, Notice, SaveFailed
from .shared import entry


class Autosave:
    """The session's saving and recording (a part of :class:`~.session.TableSession`).

    After every applied action the match is saved for Continue; the first save of a
    new match gives up an unfinished one in the slot; the finished match goes to the
    history by a :class:`~.events.Background` job, an abandoned one likewise.
    """

    # the session's, used here (it also gives _emit, _halt and _clock_stop)
    game: Game
    info: store.MatchInfo
    token: int
    left: bool
    daily: date | None
    recorded_event: threading.Event

    def _init_autosave(self, enabled: bool, home: Path | None) -> None:
        self.autosave_enabled = enabled
        """False keeps the store untouched (tools, doctests, practice)."""
        self.home = home
        """The store's folder (None: the usual one)."""
        self.recorded = False
        """The finished match was handed to the history (once)."""
        self._saved_token = 0
        self._owns_save = False
        self._save_error: str | None = None

    def _autosave(self, closing: bool = False) -> None:
        """Save after every applied action, and when the app closes (``closing``).

        The first save of a new match gives up the unfinished match in the save
        slot, if another one is there (recorded as abandoned). A failure is said
        once, never raised.
        """
        g = self.game
        if self.left or not g.log or not self.autosave_enabled:
            return
        if self.daily is not None:  # beside the save slot: a saved match there stays
            return
        if closing:
            if g.is_over:  # recorded (or being recorded): nothing to continue
                return
        elif self.token == self._saved_token:
            return
        self._saved_token = self.token
        home = self.home
        if not self._owns_save:
            self._owns_save = True
            if store.has_autosave(home) and store.saved_match_id(home) != self.info.match_id:
                given_up = store.abandon_autosave(home)
                if given_up.problem:
                    self._emit(Notice(given_up.problem, severity="warning"))
        err = store.autosave(g, self.info, self.clock, home)
        if err and err != self._save_error:
            self._emit(SaveFailed(err))
        self._save_error = err

    def _record_job(self) -> Callable[[], str | None]:
        game, info, home = self.game, self.info, self.home
        enabled = self.autosave_enabled
        done = self.recorded_event

        def record() -> str | None:
            """Add the finished match to the history (SQLite: off the UI thread)."""
            try:
                if not enabled:
                    return None
                return store.finish_match(game, info, home).problem
            finally:
                done.set()

        return record

    @entry
    def close(self) -> None:
        """The app is quitting: an unfinished match is saved (with its clocks) for Continue;
        an unfinished daily deal (never saved) is recorded as an unfinished try, at once."""
        if self.daily is not None:
            g = self.game
            if g.log and not g.is_over and not self.left and self.autosave_enabled:
                store.abandon_match(g, self.info, self.home)
                self.left = True  # recorded once
            return
        self._autosave(closing=True)

    @entry
    def leave(self) -> None:
        """Another match replaces this one: an unfinished match is given up (recorded as
        abandoned, by a :class:`Background` job); nothing moves or saves any more."""
        if self.left:
            return
        self._clock_stop()
        self.left = True
        self._halt()
        game, info, home = self.game, self.info, self.home
        if game.log and not game.is_over and self.autosave_enabled:

            def abandon() -> str | None:
                return store.abandon_match(game, info, home).problem

            self._emit(Background(abandon, "abandon"))
