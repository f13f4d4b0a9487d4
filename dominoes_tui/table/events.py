"""What the table session tells its listeners: plain dataclasses, no UI.

A listener (the Textual screen, a test, a tool) receives every event of one
session call at once, in order, after the session's state is consistent again
(``TableSession.subscribe``). It renders from the session's state; the events
say what happened and what the UI must do on its side:

- :class:`ThinkingStarted`: run ``event.request`` (``request.run()``) off the UI
  thread, then hand the answer back with ``session.cpu_answer(answer)``;
- :class:`Waiting`: call ``session.tick()`` at ``event.due`` (in the session's time);
- :class:`Background`: run ``event.job()`` off the UI thread (SQLite); it returns
  a sentence to show, or None;
- :class:`HandOver` / :class:`MatchOver`: show the hand's or the match's result,
  then call ``session.next_hand()`` (hand over) or leave the table (match over).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine import Action, HandResult, MatchResult, SeatView
from .words import LogEntry, Sentence

if TYPE_CHECKING:
    from ..ai import Player


# ---------------------------------------------------------------- requests the UI runs
@dataclass(frozen=True)
class CpuAnswer:
    """A CPU seat's choice, handed back to ``TableSession.cpu_answer``."""

    token: int
    action: Action
    problem: str | None = None
    """One sentence when the player failed and the first legal action stands in."""


@dataclass(frozen=True)
class CpuRequest:
    """A CPU seat to move: ``run()`` it in a thread (it may take seconds), give the
    answer back. An answer whose ``token`` is no longer current is dropped."""

    seat: int
    view: SeatView
    token: int
    player: Player = field(repr=False)
    started: float = 0.0
    """When the request was made (the session's time): the move shows ``pace`` after it."""

    def run(self) -> CpuAnswer:
        """Ask the player (any thread). A player that fails must not end the person's
        game: the first legal action stands in, and the answer says why."""
        try:
            return CpuAnswer(self.token, self.player.choose(self.view))
        except Exception as e:  # a CPU bug must not end the person's game
            action = self.view.legal[0]
            return CpuAnswer(self.token, action, f"The CPU stumbled ({e}); it plays {action}.")


@dataclass(frozen=True)
class HintAnswer:
    token: int
    action: Action
    reason: str


@dataclass(frozen=True)
class HintRequest:
    """The person asked for a hint: ``run()`` it in a thread, hand the answer back to
    ``TableSession.hint_answer``. One at a time; a stale answer is dropped."""

    view: SeatView
    token: int

    def run(self) -> HintAnswer:
        from ..ai import hint

        action, reason = hint(self.view)
        return HintAnswer(self.token, action, reason)


# ---------------------------------------------------------------- events
@dataclass(frozen=True)
class TableEvent:
    """The base of every session event."""


@dataclass(frozen=True)
class HandStarted(TableEvent):
    hand_no: int
    opener: int
    redeals: int
    """How many times the hand was dealt again before it could be played (R-C-2)."""


@dataclass(frozen=True)
class TurnStarted(TableEvent):
    """``seat`` is to move (a new seat, or the first move of a hand)."""

    seat: int
    hand_no: int


@dataclass(frozen=True)
class ThinkingStarted(TableEvent):
    """A CPU seat thinks: run ``request`` off the UI thread."""

    request: CpuRequest

    @property
    def seat(self) -> int:
        return self.request.seat


@dataclass(frozen=True)
class ThinkingStopped(TableEvent):
    seat: int


@dataclass(frozen=True)
class ActionApplied(TableEvent):
    """An action went into the game (and the save).

    ``by``: ``"person"`` (a key or click), ``"forced"`` (the person's only move, made
    by the table after a pause), ``"turn_limit"`` (the Easy CPU played the person's
    turn, R-T-3), ``"cpu"``, or ``"table"`` (time out, resign, next hand).
    ``entry``: the move log's entry for it (a draw is gathered into the play or
    pass that ends the turn, so after a draw the entry says "drew 2…").
    """

    seat: int | None
    action: Action
    entry: LogEntry | None
    by: str


@dataclass(frozen=True)
class TakenBack(TableEvent):
    """``u``: the person's move ``action`` and the ``moves`` after it (``moves`` counts
    them all, the person's own included) were taken back; ``undos``: the match's count."""

    action: Action
    moves: int
    undos: int


@dataclass(frozen=True)
class MessageChanged(TableEvent):
    """The line for the person changed (``session.message``: a note, else the prompt)."""

    message: Sentence


@dataclass(frozen=True)
class SelectionChanged(TableEvent):
    """The raised tile in the person's hand, or the newly drawn tiles, changed."""

    selected: int | None


@dataclass(frozen=True)
class HandOver(TableEvent):
    """The hand is over (hands revealed, points written): show it, then ``next_hand()``."""

    result: HandResult | None


@dataclass(frozen=True)
class MatchOver(TableEvent):
    """The match is over (recorded in the history by a :class:`Background` job)."""

    result: MatchResult | None


@dataclass(frozen=True)
class ClockChanged(TableEvent):
    """Which clock runs changed (None: every clock stopped or paused)."""

    running: int | None


@dataclass(frozen=True)
class SaveFailed(TableEvent):
    """The autosave could not be written (said once per distinct problem; play goes on)."""

    problem: str


@dataclass(frozen=True)
class Notice(TableEvent):
    """Something to tell the person in passing (under the move log, never over the felt):
    a redeal, a match turned casual, a CPU that stumbled, a save slot given up that could
    not be recorded."""

    text: str
    title: str = ""
    severity: str = "information"
    """``"information"`` or ``"warning"``."""


@dataclass(frozen=True)
class Background(TableEvent):
    """Work for the store (SQLite, fsyncs) to run off the UI thread: ``job()`` returns
    a sentence to show (a problem), or None. ``what``: ``"record"`` (the finished
    match into the history) or ``"abandon"`` (an unfinished match given up)."""

    job: Callable[[], str | None] = field(repr=False)
    what: str


@dataclass(frozen=True)
class Waiting(TableEvent):
    """Something is due at ``due`` (the session's time): call ``session.tick()`` then.

    ``what``: ``"cpu"`` (a CPU move shows once it has been "thought" long enough to
    read the previous one) or ``"forced"`` (the person's only move: draw or pass).
    """

    due: float
    what: str


@dataclass(frozen=True)
class HintShown(TableEvent):
    action: Action
    reason: str
