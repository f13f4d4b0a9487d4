"""How to play (F1 anywhere, and the start menu's entry): the house's basics, short.

The words are :func:`dominoes_tui.tui.howto.how_to_play`'s. ``c`` switches the coach
for the hand at the table (or the next one); Esc, F1 or q closes.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ...engine import Rules
from ..howto import KEY, how_to_play
from ..messages import SetCoach
from .base import DismissOnce


class HowToPlayScreen(DismissOnce, ModalScreen[None]):
    """The basics of one house for a first-time player, with a drawn example line."""

    BINDINGS = [
        Binding("escape,q,f1", "close", "Close", tooltip="Close how to play and go back"),
        Binding(
            "c", "coach", "Coach on/off", tooltip="Turn the coach for your first hands on or off"
        ),
    ]

    def __init__(self, rules: Rules, coach: bool = False, at_table: bool = False) -> None:
        """``coach``: whether the coach is on; ``at_table``: a hand is being played (the
        coach then speaks at once)."""
        super().__init__()
        self.rules = rules
        self.coach = coach
        self.at_table = at_table

    def compose(self) -> ComposeResult:
        r = self.rules
        with Vertical(id="dialog", classes="how-to-play"):
            # the house's name only: its ``house`` (the rules' source) is not the player's
            yield Static(Text(f"How to play: {r.name}"), id="dialog-title")
            with VerticalScroll(id="howto-scroll"):
                yield Static(self.body(), id="howto-text")
            yield Static(self.coach_text(), id="howto-coach")
        yield Footer()

    def on_mount(self) -> None:
        if not self.is_active:  # closed again before it opened (a quick Esc): nothing to do
            return
        self.query_one("#howto-scroll", VerticalScroll).focus()  # ↑/↓, PgUp/PgDn scroll

    def body(self) -> Text:
        t = Text()
        for i, (title, words) in enumerate(how_to_play(self.rules)):
            if i:
                t.append("\n\n")
            t.append(title, style="bold #d9b24a")
            t.append("\n")
            t.append_text(words)
        return t

    def coach_text(self) -> Text:
        t = Text("Coach ")
        t.append("on" if self.coach else "off", style="bold #7ee07e" if self.coach else "bold")
        t.append(": for one hand it names the tiles that fit and says why a move is refused. ")
        t.append("c", style=KEY)
        t.append(" turns it " + ("off." if self.coach else "on."))
        return t

    def action_close(self) -> None:
        self.dismiss(None)

    def action_coach(self) -> None:
        self.coach = not self.coach
        self.app.post_message(SetCoach(self.coach))
        self.query_one("#howto-coach", Static).update(self.coach_text())
