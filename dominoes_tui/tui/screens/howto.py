"""How to play (F1 anywhere, and the start menu's entry): the house's basics, short.

The words are :func:`dominoes_tui.tui.howto.how_to_play`'s. ``c`` changes the Coach
setting (Off, Tips, Guide), at the table at once; Esc, F1 or q closes.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import Rules
from ...store.player import CoachSetting
from ...table.words import COACH_LEVELS_TEXT, coach_level_words
from ..dismiss import DismissOnce
from ..howto import KEY, how_to_play
from ..messages import SetCoach
from ..widgets.keybar import KeyBar


class HowToPlayScreen(DismissOnce, ModalScreen[None]):
    """The basics of one house for a first-time player, with a drawn example line."""

    BINDINGS = [
        Binding("escape,q,f1", "close", "Close", tooltip="Close how to play and go back"),
        Binding("c", "coach", "Coach", tooltip="Change the coach: Off, Tips or Guide"),
    ]
    NEXT = {"off": "tips", "tips": "guide", "guide": "off"}
    """What ``c`` changes the coach to, from what it is now."""

    def __init__(
        self, rules: Rules, coach: CoachSetting | None = None, at_table: bool = False
    ) -> None:
        """``coach``: the Coach setting; ``at_table``: a hand is being played (the coach
        then speaks at once)."""
        super().__init__()
        self.rules = rules
        self.coach = coach or CoachSetting("off")
        self.at_table = at_table

    def compose(self) -> ComposeResult:
        r = self.rules
        with Vertical(id="dialog", classes="how-to-play"):
            # the house's name only: its ``house`` (the rules' source) is not the player's
            yield Static(Text(f"How to play: {r.name}"), id="dialog-title")
            with VerticalScroll(id="howto-scroll"):
                yield Static(self.body(), id="howto-text")
            yield Static(self.coach_text(), id="howto-coach")
        yield KeyBar()

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
        on = self.coach.now != "off"
        t = Text("Coach: ")
        words = coach_level_words(self.coach.level, self.coach.finished)
        t.append(words, style="bold #7ee07e" if on else "bold")
        t.append(". ")
        t.append("c", style=KEY)
        t.append(f" changes it to {self.NEXT[self.coach.now].capitalize()}. ")
        t.append(COACH_LEVELS_TEXT)
        return t

    def action_close(self) -> None:
        self.dismiss(None)

    def action_coach(self) -> None:
        level = self.NEXT[self.coach.now]
        self.coach = CoachSetting(level, self.coach.finished, asked=True)
        self.app.post_message(SetCoach(level))
        self.query_one("#howto-coach", Static).update(self.coach_text())
