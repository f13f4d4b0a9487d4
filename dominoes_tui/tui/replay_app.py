"""``dominoes replay``: the replay screen on its own, in an app of its own."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from textual.app import SystemCommand
from textual.screen import Screen

from ..store import HandRecord, MatchRecord
from .navigation import NavigatingApp
from .screens.replay import ReplayScreen
from .terminal import require_terminal


class ReplayApp(NavigatingApp):
    """``dominoes replay``: the replay screen on its own; closing it quits."""

    TITLE = "Dominoes replay"
    # Ctrl+P: the replay's keys in words, the themes, quit (the footers leave its key out)
    ENABLE_COMMAND_PALETTE = True
    COMMAND_PALETTE_BINDING = "ctrl+p"
    # the app's own styles: a hand played again sits at a real table
    CSS_PATH = Path(__file__).parent / "dominoes.tcss"

    def __init__(self, record: MatchRecord, hands: Sequence[HandRecord] = ()) -> None:
        super().__init__()
        self.record = record
        self.hands = list(hands)

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(ReplayScreen(self.record, self.hands), lambda _: self.exit())

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Ctrl+P: the replay's keys (a move, a hand or round, the start or end, the
        review), then the themes and quit."""
        ours = [
            ("Theme", "The colours: dark felt, light or high contrast", self.search_themes),
            ("Quit", "Close the replay and go back to the shell", self.exit),
        ]
        keys = self.key_commands(screen, {}, {title for title, _, _ in ours})
        yield from keys
        titles = {command.title for command in keys}
        for title, help_text, callback in ours:
            if title not in titles:
                yield SystemCommand(title, help_text, callback)


def run_replay(record: MatchRecord, hands: Sequence[HandRecord] = ()) -> None:
    """Run the replay in this terminal (``dominoes replay``); without one, say so and exit 1."""
    require_terminal()
    ReplayApp(record, hands).run()
