"""Navigation: what a screen asks the app to do (the app owns navigation).

Screens post these (``self.post_message(StartMatch(...))``); :class:`DominoesApp`
handles them (the screens a screen opens, the Review, a replay and a practice deal:
:class:`~dominoes_tui.tui.navigation.NavigatingApp`, which the replay app shares). No screen imports the app module: settings a screen needs (the
tile style, the pace) are passed to it.

A navigation message from a screen that is no longer in front when the app
handles it is ignored (a second Enter while the first one's screen is opening).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from datetime import date

    from .. import store
    from ..engine import Game, Rules
    from ..table import MatchSetup
    from ..table.practice import Practice
    from ..table.review_job import ReviewJob


@dataclass
class StartMatch(Message):
    """Sit down at a new table (replacing any other screens).

    ``seed`` None: the app's next seed (``--seed`` for its first match, then fresh).
    ``game``: start from a set position (tests, puzzles).
    ``daily``: the daily deal of that day (never asks about the saved match).
    """

    rules: Rules
    level: str
    seed: int | None = None
    first_seat: int | None = None
    name: str | None = None
    game: Game | None = None
    daily: date | None = None
    """That day's daily deal: played beside a saved match (no question about it)."""
    next_rules: Rules | None = None
    """The rematch's rules, when they differ (a newcomer's untimed first match)."""

    @classmethod
    def from_setup(cls, setup: MatchSetup) -> StartMatch:
        return cls(
            setup.rules,
            setup.level,
            setup.seed,
            setup.first_seat,
            setup.name,
            daily=setup.daily,
            next_rules=setup.next_rules,
        )


@dataclass
class ResumeMatch(Message):
    """Open the table of a saved match (it waits for a key, clocks stopped)."""

    saved: store.SavedGame


@dataclass
class OpenStartMenu(Message):
    """The start menu, over nothing else."""


@dataclass
class NewGame(Message):
    """A new match (the match-over screen, the command palette): the houses on the start
    menu, then the table options; an unfinished match is asked about first."""


@dataclass
class Quit(Message):
    """Quit the app (an unfinished match is saved for Continue)."""


@dataclass
class PlayDeal(Message):
    """Play a hand of a match again (a practice deal) on a table of its own, over the
    screens there are; leaving it comes back to them. ``replace``: instead of the practice
    table in front (another try from its result screen)."""

    practice: Practice
    replace: bool = False


@dataclass
class LeaveTable(Message):
    """``q`` at the table: the app asks, then goes back to the start menu (when the match
    was started from it, or ``to_menu``) or quits; the match is saved either way."""

    to_menu: bool | None = None


@dataclass
class SetCoach(Message):
    """Set the Coach (``"guide"``, ``"tips"``, ``"off"``; remembered): at the table at once."""

    level: str


@dataclass
class OpenReview(Message):
    """The Review screen for ``job``, over the screens there are (closing it comes back)."""

    job: ReviewJob


@dataclass
class OpenReplay(Message):
    """Step through a recorded match (its hands as recorded), over the screens there are;
    a match that cannot be replayed is said in a note instead."""

    record: store.MatchRecord
    hands: Sequence[store.HandRecord] = field(default_factory=tuple)


@dataclass
class OpenSettings(Message):
    """The Settings screen (the player's own settings), over the screens there are."""


@dataclass
class SettingsChanged(Message):
    """The player changed a setting (kept already): the app applies it now (the theme,
    and the table's tiles, pace, bell and move log)."""

    key: str
