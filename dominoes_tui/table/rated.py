"""Rated or casual: what the table says before the first move and when a hint or a
take-back makes the match casual, and how the rating moved when it is over.

The rule is the store's (:func:`dominoes_tui.store.rating.casual_reason`): one function
for the table and the history, asked here with the match's own facts.
"""

from __future__ import annotations

import threading
from datetime import date
from pathlib import Path

from .. import store
from ..engine import Rules
from ..engine.rules import load_variants_noted
from ..store import rating
from .events import Notice
from .shared import entry
from .words import Sentence
from .words.prompts import BAR_WIDTH


class Rated:
    """The session's rated-or-casual part (a part of :class:`~.session.TableSession`)."""

    # the session's, used here
    rules: Rules
    level: str
    info: store.MatchInfo
    practice: bool
    dealt: bool
    daily: date | None
    home: Path | None
    autosave_enabled: bool

    def _init_rated(self) -> None:
        self.info.daily = self.daily is not None
        self.house: Rules | None = load_variants_noted()[0].get(self.rules.name)
        """The variant's own rules (None: it is no longer known)."""
        self.coach_parts: set[str] = set()
        """The coach's parts on at this table now (``"guide"``, ``"tips"``): see
        :meth:`coach_switched`."""
        self.recorded_event = threading.Event()
        """Set once the finished match's record job is done (or was not run)."""

    @property
    def casual_reason(self) -> str | None:
        """Why this match is casual, in a few words (None: it is rated)."""
        return rating.casual_reason(
            self.rules,
            self.level,
            self.house,
            practice=self.practice,
            daily=self.daily is not None,
            undos=self.info.undos,
            hints=self.info.hints,
            coach_backs=self.info.coach_backs,
            coached=self.info.coached,
            coach_on=bool(self.coach_parts),
        )

    @property
    def became_casual(self) -> bool:
        """Casual by what happened at the table (a hint, a take-back, the coach), where
        its rules, level and kind (not practice, not the daily deal) make it a rated
        match. From the match's saved counts, so a resumed match stays casual."""
        fixed = rating.casual_reason(
            self.rules,
            self.level,
            self.house,
            practice=self.practice,
            daily=self.daily is not None,
        )
        return fixed is None and self.casual_reason is not None

    @property
    def before_first_move(self) -> bool:
        """The person has laid no tile yet in this match (the draws and passes the table
        makes for them do not count), and it is not a practice hand."""
        g = self.game  # type: ignore[attr-defined]
        if not self.dealt or self.practice or g.results or g.hand_no != 1 or g.is_over:
            return False  # a table set up at a position (a tool, a test) or resumed
        return not any(e.seat == 0 and e.kind in ("play", "doubles") for e in g.events)

    def rated_note(self) -> Sentence:
        """``Rated match: a hint, a take-back or the coach makes it casual.`` or ``Casual:
        the daily deal.``, said before the first move."""
        why = self.casual_reason
        if why is None:
            problem = rating.shipped_levels().problem
            if problem:
                return Sentence(
                    "", problem, short="Not rated: the CPU levels' ratings are missing."
                )
            return Sentence("Rated match:", "a hint, a take-back or the coach makes it casual.")
        return Sentence("Casual:", f"{why}.", short="not a rated match.")

    def with_rated_note(self, note: Sentence) -> Sentence:
        """``note`` (what the table just did for the person, before their first move: a
        draw, a pass) followed by the rated note: ``You drew 6-4: it fits. Rated match: a
        hint, a take-back or the coach makes it casual.``, shortened to ``… Rated match.``"""
        rated = self.rated_note()
        if not note:
            return rated
        if self.became_casual and (self.info.hints or self.info.undos or self.info.coach_backs):
            return note  # the note under the log said it once: "casual now: a hint …"
        if note.tone != "note":  # a question, a refusal: said alone, as it asks or refuses
            return note
        if self.casual_reason is not None:
            brief = "Casual match."
        elif rated.lead:
            brief = "Rated match."
        else:  # the levels' ratings are missing
            brief = rated.short
        text = f"{note.text} {rated}" if note.text else str(rated)
        short = f"{note.short or note.text} {brief}".strip()
        if len(note.lead) + 1 + len(short) > BAR_WIDTH:  # a long hint: its toast says it
            return note
        return Sentence(note.lead, text, note.tone, short)

    def _turned_casual(self, was_rated: bool) -> None:
        """Say once that the match is casual now, if it was rated."""
        if was_rated and self.casual_reason is not None:
            self._emit(  # type: ignore[attr-defined]
                Notice(f"This match is casual now: {self.casual_reason}.", title="Casual")
            )

    @entry
    def coach_took_back(self) -> None:
        """The person took the move back when the coach asked before a blunder."""
        was = self.casual_reason is None
        self.info.coach_backs += 1
        self._turned_casual(was)

    @entry
    def coach_switched(self, part: str, on: bool) -> None:
        """The coach's ``part`` (``"guide"``: what fits and why; ``"tips"``: the tips and
        the question before a blunder) is on or off at this table now. A match the coach
        was on at is casual, even once it is off again (kept in :attr:`info`, saved and
        recorded)."""
        if self.match_over or self.left:  # type: ignore[attr-defined]
            return
        was = self.casual_reason is None
        if on:
            self.coach_parts.add(part)
            self.info.coached = True
        else:
            self.coach_parts.discard(part)
        if not self.before_first_move:  # before it, the table's rated note says so
            self._turned_casual(was)

    def casual_words(self) -> str:
        """``Casual match, not rated: a hint was used.``; empty for a rated match."""
        why = self.casual_reason
        return f"Casual match, not rated: {why}." if why is not None else ""

    def rating_words(self, timeout: float = 10.0) -> str:
        """How the finished match moved the rating: ``Rating 1312 → 1338 (two-player
        line games).``, or why it was casual, or a sentence why it is not known. Reads
        the history (SQLite): call it off the UI thread, once the match is over."""
        if self.casual_reason is not None:
            return self.casual_words()
        if not self.autosave_enabled:
            return ""
        self.recorded_event.wait(timeout)
        try:
            history = store.History(self.home)
            ratings = history.ratings()
            row = history.id_of(self.info.match_id)
        except store.HistoryError as e:
            return str(e)
        if ratings.problem:
            return ratings.problem
        moved = ratings.moved.get(row) if row is not None else None
        if moved is None:
            why = ratings.casual.get(row) if row is not None else None
            return f"Casual match, not rated: {why}." if why else ""
        family = rating.family_of(self.rules)
        name = rating.FAMILY_NAMES[family].lower() if family else ""
        return f"Rating {moved[0]:.0f} → {moved[1]:.0f} ({name})."
