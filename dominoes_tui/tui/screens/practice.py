"""Practice deals at the table: a hand of a match played again, then set beside the first.

"Play this deal again" (the hand-over and match-over screens, the review: ``a``,
or ``o`` from the CPU's seat) posts :class:`~..messages.PlayDeal`; the app opens
:func:`open_practice`: a :class:`PracticeTableScreen` over whatever screens are
there, on a table session that saves nothing and records nothing. When the hand is
over, :class:`PracticeOverScreen` shows how it went beside the first time ("this
time −12 points"), and offers another try (from either seat), the review of this
try, or the way back to where the practice was started.

The deal itself is :mod:`dominoes_tui.table.practice` (and the engine's
``deal_again``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...engine import HandResult, describe_hand
from ...store.player import load_player
from ...table import HandOver, MatchOver, TableEvent, TableSession
from ...table.coach import CoachedSession
from ...table.practice import Practice
from ...table.review_job import job_of_practice
from ...table.words import hand_how
from .. import strategy_coach
from ..dismiss import DismissOnce
from ..messages import OpenReview, PlayDeal
from ..widgets.keybar import KeyBar
from ..words import second_person
from .dialogs import ConfirmScreen, hands_text
from .table import TableScreen

if TYPE_CHECKING:
    from ...ai import Player
    from ...table import Pace


def other_rotation(p: Practice) -> int:
    """The other seat's turn: the CPU's (two players) or the next one round; back to
    your own from the last."""
    n = p.rules.players
    return (p.rotation + 1) % n


def other_seat_label(p: Practice) -> str:
    """The button for the other seat: ``CPU's seat``, ``Your seat``, ``Next seat``."""
    n = p.rules.players
    if other_rotation(p) == 0:
        return "Your seat"
    return "CPU's seat" if n == 2 else "Next seat"


class PracticeTableScreen(TableScreen):
    """The table of a practice hand: when the hand is over, its result beside the first."""

    def __init__(self, session: TableSession, practice: Practice, *, tile_style: str = "box"):
        super().__init__(session, tile_style=tile_style)
        self.practice = practice
        self.result: HandResult | None = None
        self._over_shown = False

    # Textual calls TableScreen's own on_mount and on_unmount as well (every class's
    # handler in the MRO): calling them here too would start the table twice. The
    # scores row says "Practice" all through the hand (the session's ``practice``).
    def on_unmount(self) -> None:  # before TableScreen's: the screen stops listening first
        self.session.unsubscribe(self._on_session)
        self.session.leave()  # its CPU stops thinking; nothing is recorded (no autosave)

    def _on_session(self, events: Sequence[TableEvent]) -> None:
        over = any(isinstance(e, (HandOver, MatchOver)) for e in events)
        super()._on_session([e for e in events if not isinstance(e, (HandOver, MatchOver))])
        if over and not self._over_shown:
            self._over_shown = True
            self.result = self.session.game.result
            self.app.push_screen(PracticeOverScreen(self.session, self.practice), self.chosen)

    def show_result(self) -> None:
        self.app.push_screen(PracticeOverScreen(self.session, self.practice), self.chosen)

    def chosen(self, choice: str | None) -> None:
        p = self.practice
        if choice == "again":
            self.app.post_message(PlayDeal(p.again(), replace=True))
        elif choice == "other":
            self.app.post_message(PlayDeal(p.again(other_rotation(p)), replace=True))
        else:
            self.dismiss()

    def action_quit_match(self) -> None:
        def done(yes: bool | None) -> None:
            if yes:
                self.dismiss()

        self.app.push_screen(ConfirmScreen("Leave this practice hand?"), done)


class PracticeOverScreen(DismissOnce, ModalScreen[str]):
    """The practice hand's result beside the first; again, other seat, review, back."""

    DEFAULT_CSS = """
    PracticeOverScreen #comparison {
        height: auto;
        margin-bottom: 1;
    }
    PracticeOverScreen.-peek {
        background: transparent;
    }
    PracticeOverScreen.-peek #dialog {
        display: none;
    }
    """

    BINDINGS = [
        Binding("a", "choose('again')", "Again", tooltip="Play the same deal again"),
        Binding(
            "o", "choose('other')", "Other seat", tooltip="Play the same deal from the other seat"
        ),
        Binding("R", "review", "Review", tooltip="Expert judges your moves in this deal"),
        Binding("escape", "choose('back')", "Back", tooltip="Back to where you came from"),
        Binding(
            "v",
            "peek",
            "Look at the table",
            tooltip="Hide this box and look at the table as it ended",
        ),
    ]

    def __init__(self, table: TableSession, practice: Practice) -> None:
        super().__init__()
        self.table = table
        self.practice = practice

    def compose(self) -> ComposeResult:
        t, p = self.table, self.practice
        res = t.game.result
        with Vertical(id="dialog", classes="hand-over"):
            yield Static(Text(f"{p.title()}: {hand_how(res, t.names)}"), id="dialog-title")
            yield Static(hands_text(t), id="revealed")
            words = describe_hand(t.rules, res, t.side_names) if res else []
            lines = [f"• {second_person(w)}" for w in words]
            pattern = strategy_coach.pattern_text(t)
            if pattern:
                lines.append(f"• Coach: {pattern}")
            yield Static(Text("\n".join(lines)), id="breakdown")
            yield Static(Text(p.outcome_words(res), style="bold #ffe9a8"), id="comparison")
            with Horizontal(id="buttons"):
                yield Button("Again (a)", id="again", variant="primary")
                yield Button(f"{other_seat_label(p)} (o)", id="other")
                yield Button("Review (R)", id="review")
                yield Button("Back (Esc)", id="back")
        yield KeyBar()

    def on_mount(self) -> None:
        self.focus_on("#again")  # not there if a key closed it as it opened

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def action_peek(self) -> None:
        self.toggle_class("-peek")

    def action_review(self) -> None:
        self.app.post_message(OpenReview(job_of_practice(self.table, self.practice)))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "review":
            self.action_review()
        else:
            self.dismiss(event.button.id)


PlayerFactory = Callable[[str, int], "Player"]


def open_practice(
    app: App,
    practice: Practice,
    *,
    replace: bool = False,
    player_factory: PlayerFactory | None = None,
    now: Callable[[], float] | None = None,
    pace: Pace | None = None,
    tile_style: str = "box",
) -> PracticeTableScreen:
    """Push the practice table for ``practice`` (``replace``: instead of the practice
    table in front, for another try)."""
    if replace:
        while isinstance(app.screen, PracticeOverScreen):
            app.pop_screen()
        if isinstance(app.screen, PracticeTableScreen):
            app.pop_screen()
    session = CoachedSession(  # the same coach as a match's: the guide's line, the tips
        practice.rules,
        practice.seed,
        practice.level,
        game=practice.deal.copy(),
        name=practice.name,
        player_factory=player_factory,
        now=now or time.monotonic,
        pace=pace,
        autosave=False,
        practice=True,
    )
    setting = load_player()
    session.coaching = setting.asked and setting.guide and not session.rounds
    screen = PracticeTableScreen(session, practice, tile_style=tile_style)
    app.push_screen(screen)
    return screen
