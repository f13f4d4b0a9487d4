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
from textual.message import Message
from textual.screen import Screen

from .. import store
from ..ai import LEVELS, Player, make_player
from ..engine import DEFAULT_VARIANT, Game, Rules, load_variant
from ..options import remembered_rules
from ..table import BASE_DELAY, Pace, TableSession
from .messages import NewGame, OpenStartMenu, Quit, ResumeMatch, StartMatch
from .screens.dialogs import NewGameScreen, TooSmallScreen
from .screens.table import TableScreen

MIN_SIZE = (80, 24)
__all__ = ["BASE_DELAY", "DominoesApp", "MIN_SIZE", "default_level", "run_app"]

PlayerFactory = Callable[[str, int], Player]


def default_level() -> str:
    """Medium when it exists (the CPU levels land one by one), else the first level."""
    return "medium" if "medium" in LEVELS else LEVELS[0]


class DominoesApp(App[None]):
    """Dominoes against the CPU."""

    CSS_PATH = Path(__file__).with_name("dominoes.tcss")
    TITLE = "Dominoes"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
        # back to the shell (fg returns); the table pauses its clocks meanwhile (R-T-1)
        Binding("ctrl+z", "suspend_process", "Suspend", show=False, priority=True),
    ]

    def __init__(
        self,
        variant: str = DEFAULT_VARIANT,
        *,
        rules: Rules | None = None,
        seed: int | None = None,
        level: str | None = None,
        speed: float | None = None,
        tile_style: str | None = None,
        delay: float | None = None,
        player_factory: PlayerFactory | None = None,
        now: Callable[[], float] = time.monotonic,
        game: Game | None = None,
        start_menu: bool = False,
        resume: bool = False,
    ) -> None:
        """``delay``: seconds before the CPU's move shows (None: from ``speed``; tests use 0).

        ``speed`` (``--speed``) and ``tile_style`` (``--tiles``) given here win over the
        player's remembered pace and tile style (None: the remembered ones).

        ``game`` starts the first table from a set position (tests, puzzles).
        ``start_menu`` opens the start menu first (a bare ``dominoes``).
        """
        super().__init__()
        self._start_game = game
        self.resume = resume
        """``dominoes play --resume``: open the autosaved match instead of a new one."""
        self.resume_problem: str | None = None
        """Why ``--resume`` dealt a new game instead (one sentence), if it did."""
        if game is not None:
            rules = game.rules
        self.rules = rules if rules is not None else load_variant(variant)
        self.seed = seed if seed is not None else random.randrange(1, 1_000_000)
        self.level = level or default_level()
        self._tile_style = tile_style
        self._pace: Pace | None = None
        if delay is not None:
            self._pace = Pace.from_delay(delay)
        elif speed is not None:
            self._pace = Pace.from_speed(speed)
        self.now = now
        self.player_factory = player_factory or make_player
        self.start_menu = start_menu
        self._seed_used = False
        self._navigating = False

    def on_mount(self) -> None:
        if self.start_menu and not self.resume:
            self.open_start_menu()
        elif not (self.resume and self.resume_autosave()):
            self._seed_used = True
            self.start_match(self.rules, self.seed, self.level, game=self._start_game)
        self.check_size()

    @property
    def tile_style(self) -> str:
        """``--tiles``, else the player's remembered tile style."""
        if self._tile_style is not None:
            return self._tile_style
        from ..settings import load_settings

        return load_settings().tiles

    @property
    def pace(self) -> Pace:
        """How long each CPU move and each forced move of yours stays on show: ``--speed``
        (or a test's delay), else the player's remembered pace."""
        if self._pace is not None:
            return self._pace
        from ..settings import load_settings

        return Pace.named(load_settings().pace)

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
        name: str | None = None,
    ) -> None:
        """Open a fresh table (replacing any other screens); ``name``: the opponent's."""
        session = TableSession(
            rules,
            seed,
            level,
            first_seat=first_seat,
            game=game,
            name=name,
            player_factory=self.player_factory,
            now=self.now,
            pace=self.pace,
        )
        self._open_table(session)

    def resume_saved(self, saved: store.SavedGame) -> None:
        """Open the table of a saved match; it waits for a key, clocks stopped."""
        session = TableSession.resume(
            saved, player_factory=self.player_factory, now=self.now, pace=self.pace
        )
        self._open_table(session)

    def _open_table(self, session: TableSession) -> None:
        self.rules, self.seed, self.level = session.rules, session.seed, session.level
        old = self.table
        if old is not None:
            old.session.leave()  # an unfinished match there is given up (recorded as abandoned)
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(TableScreen(session, tile_style=self.tile_style))

    def resume_autosave(self) -> bool:
        """Open the autosaved match (``--resume``); False, with the reason said, if there is
        none or it cannot be used (the store has already moved such a file aside)."""
        res = store.load_autosave()
        if res.ok and res.saved is not None:
            self.resume_saved(res.saved)
            return True
        problem = res.problem or "There is no saved game to resume."
        self.resume_problem = f"{problem} A new game is dealt instead."
        # Said once the new table is up, so the note shows over it.
        self.call_after_refresh(
            self.notify, self.resume_problem, title="Resume", severity="warning", timeout=15
        )
        return False

    def exit(self, *args: Any, **kwargs: Any) -> None:
        """Quit; an unfinished match is saved first (with its clocks) for "Continue"."""
        table = self.table
        if table is not None:
            table.session.close()
        super().exit(*args, **kwargs)

    def open_start_menu(self) -> None:
        """The start menu (New game, Continue, Rules, Statistics, Quit) over nothing else."""
        from .screens.start import StartScreen

        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(StartScreen(self.rules.name, level=self.level))

    def next_seed(self) -> int:
        """The seed given to the app (``--seed``, tests) for its first match, then fresh ones."""
        if not self._seed_used:
            self._seed_used = True
            return self.seed
        return random.randrange(1, 1_000_000)

    def new_game(self) -> None:
        def chosen(choice: tuple[str, str] | None) -> None:
            if choice is None:
                t = self.table
                if t is not None and t.session.match_over:
                    t.show_result()  # back to the match-over screen
                return
            variant, level = choice
            # the options last chosen for that house on the options screen, if any
            rules = remembered_rules(load_variant(variant))
            self.start_match(rules, random.randrange(1, 1_000_000), level)

        self.push_screen(NewGameScreen(self.rules.name, tuple(LEVELS), self.level), chosen)

    # ------------------------------------------------------------ navigation messages
    def _stale(self, message: Message) -> bool:
        """A second activation while a screen is opening, or a message from a screen that
        is no longer in front: ignored."""
        sender = message._sender
        if self._navigating or (isinstance(sender, Screen) and sender is not self.screen):
            return True
        self._navigating = True
        self.call_after_refresh(self._navigated)
        return False

    def _navigated(self) -> None:
        self._navigating = False

    def on_start_match(self, message: StartMatch) -> None:
        if self._stale(message):
            return
        seed = message.seed if message.seed is not None else self.next_seed()
        self.start_match(
            message.rules,
            seed,
            message.level,
            first_seat=message.first_seat,
            game=message.game,
            name=message.name,
        )

    def on_resume_match(self, message: ResumeMatch) -> None:
        if not self._stale(message):
            self.resume_saved(message.saved)

    def on_open_start_menu(self, message: OpenStartMenu) -> None:
        if not self._stale(message):
            self.open_start_menu()

    def on_new_game(self, message: NewGame) -> None:
        if not self._stale(message):
            self.new_game()

    def on_quit(self, message: Quit) -> None:
        self.exit()

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
