"""``dominoes replay``: the replay screen on its own, in an app of its own."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..store import HandRecord, MatchRecord
from .navigation import NavigatingApp
from .screens.replay import ReplayScreen
from .terminal import require_terminal


class ReplayApp(NavigatingApp):
    """``dominoes replay``: the replay screen on its own; closing it quits."""

    TITLE = "Dominoes replay"
    ENABLE_COMMAND_PALETTE = False
    # the app's own styles: a hand played again sits at a real table
    CSS_PATH = Path(__file__).parent / "dominoes.tcss"

    def __init__(self, record: MatchRecord, hands: Sequence[HandRecord] = ()) -> None:
        super().__init__()
        self.record = record
        self.hands = list(hands)

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.record, self.hands), lambda _: self.exit())


def run_replay(record: MatchRecord, hands: Sequence[HandRecord] = ()) -> None:
    """Run the replay in this terminal (``dominoes replay``); without one, say so and exit 1."""
    require_terminal()
    ReplayApp(record, hands).run()
