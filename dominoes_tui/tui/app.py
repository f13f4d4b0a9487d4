"""The Textual app: one table against the CPU, and the screens around it."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App
from textual.binding import Binding

from ..ai import LEVELS, Player, make_player
from ..engine import DEFAULT_VARIANT, Game, Rules, load_variant
from .screens.dialogs import NewGameScreen, TooSmallScreen
from .screens.table import TableScreen

MIN_SIZE = (80, 24)
BASE_DELAY = 0.7
"""Seconds the CPU's move waits before it shows, at speed 1."""

PlayerFactory = Callable[[str, int], Player]


def default_level() -> str:
    """Medium when it exists (the CPU levels land one by one), else the first level."""
    return "medium" if "medium" in LEVELS else LEVELS[0]


class DominoesApp(App[None]):
    """Dominoes against the CPU."""

    CSS_PATH = Path(__file__).with_name("dominoes.tcss")
    TITLE = "Dominoes"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+c", "quit", "Quit", show=False, priority=True)]

    def __init__(
        self,
        variant: str = DEFAULT_VARIANT,
        *,
        rules: Rules | None = None,
        seed: int | None = None,
        level: str | None = None,
        speed: float = 1.0,
        tile_style: str = "box",
        delay: float | None = None,
        player_factory: PlayerFactory | None = None,
        now: Callable[[], float] = time.monotonic,
        game: Game | None = None,
    ) -> None:
        """``delay``: seconds before the CPU's move shows (None: from ``speed``; tests use 0).

        ``game`` starts the first table from a set position (tests, puzzles).
        """
        super().__init__()
        self._start_game = game
        if game is not None:
            rules = game.rules
        self.rules = rules if rules is not None else load_variant(variant)
        self.seed = seed if seed is not None else random.randrange(1, 1_000_000)
        self.level = level or default_level()
        self.tile_style = tile_style
        self.delay = delay if delay is not None else BASE_DELAY / max(speed, 0.05)
        self.now = now
        self.player_factory = player_factory or make_player

    def on_mount(self) -> None:
        self.start_match(self.rules, self.seed, self.level, game=self._start_game)
        self.check_size()

    @property
    def table(self) -> TableScreen | None:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    def start_match(
        self,
        rules: Rules,
        seed: int,
        level: str,
        first_seat: int | None = None,
        game: Game | None = None,
    ) -> None:
        """Open a fresh table (replacing any other screens)."""
        self.rules, self.seed, self.level = rules, seed, level
        table = TableScreen(
            rules,
            seed,
            level,
            first_seat=first_seat,
            game=game,
            player_factory=self.player_factory,
        )
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(table)

    def new_game(self) -> None:
        def chosen(choice: tuple[str, str] | None) -> None:
            if choice is None:
                t = self.table
                if t is not None and t.game.phase == "match_over":
                    t.advance()  # back to the match-over screen
                return
            variant, level = choice
            self.start_match(load_variant(variant), random.randrange(1, 1_000_000), level)

        self.push_screen(NewGameScreen(self.rules.name, tuple(LEVELS), self.level), chosen)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        w, h = self.size
        small = w < MIN_SIZE[0] or h < MIN_SIZE[1]
        top = self.screen
        if small:
            if not isinstance(top, TooSmallScreen):
                self.push_screen(TooSmallScreen(w, h, MIN_SIZE))
            else:
                top.show(w, h)
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()


def run_app(**kwargs: Any) -> None:
    """Run the app in this terminal (``dominoes play``)."""
    DominoesApp(**kwargs).run()
