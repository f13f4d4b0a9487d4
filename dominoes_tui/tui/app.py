"""The Textual app: one table against the CPU, and the screens around it."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen

from ..engine import DEFAULT_VARIANT, Rules
from ..engine.rules import load_variants_noted
from .messages import NewGame, OpenStartMenu, PlayDeal, Quit, ResumeMatch, StartMatch

# Loaded when first used, not at startup (the start menu needs none of them; issue 10,
# benchmarks/startup.py): the store (SQLite), the CPU players, the options model, the
# dialogs, the table session and the table. tests/unit/test_startup_imports.py checks it.
if TYPE_CHECKING:
    from .. import store
    from ..ai import Player
    from ..engine import Game
    from ..table import Pace, TableSession
    from .screens.table import TableScreen

MIN_SIZE = (80, 24)
__all__ = ["DominoesApp", "MIN_SIZE", "default_level", "run_app"]

PlayerFactory = Callable[[str, int], "Player"]


def default_level() -> str:
    """Medium when it exists (the CPU levels land one by one), else the first level."""
    from ..ai import LEVELS

    return "medium" if "medium" in LEVELS else LEVELS[0]


def _make_player(level: str, seed: int) -> Player:
    from ..ai import make_player

    return make_player(level, seed)


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
        speed: float = 1.0,
        tile_style: str = "box",
        delay: float | None = None,
        player_factory: PlayerFactory | None = None,
        now: Callable[[], float] = time.monotonic,
        game: Game | None = None,
        start_menu: bool = False,
        resume: bool = False,
    ) -> None:
        """``delay``: seconds before the CPU's move shows (None: from ``speed``; tests use 0).

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
        # the player's variants.toml may be broken: the built-in houses still play (issue 14)
        self.rules = rules if rules is not None else load_variants_noted()[0][variant]
        self.seed = seed if seed is not None else random.randrange(1, 1_000_000)
        self.level = level or default_level()
        self.tile_style = tile_style
        self._delay = delay
        self._speed = speed
        self.now = now
        self.player_factory = player_factory or _make_player
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
    def pace(self) -> Pace:
        """How long each CPU move and each forced move of yours stays on show."""
        from ..table import Pace

        if self._delay is not None:
            return Pace.from_delay(self._delay)
        return Pace.from_speed(self._speed)

    @property
    def table(self) -> TableScreen | None:
        # No table screen exists before its module is loaded (and quitting need not load it).
        if "dominoes_tui.tui.screens.table" not in sys.modules:
            return None
        from .screens.table import TableScreen

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
        if not self.claim_table():
            return
        from ..table import TableSession

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

    def claim_table(self) -> bool:
        """One live table per home folder (issue 14): True if this process holds the lock
        (kept until it exits); else the reason is said and no table may open."""
        from .. import store

        lock = store.table_lock()
        if lock.acquire():
            return True
        self.notify(lock.problem(), title="Another window", severity="warning", markup=False)
        return False

    def resume_saved(self, saved: store.SavedGame) -> None:
        """Open the table of a saved match; it waits for a key, clocks stopped."""
        if not self.claim_table():
            return
        from ..table import TableSession

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
        from .screens.table import TableScreen

        self.push_screen(TableScreen(session, tile_style=self.tile_style))

    def resume_autosave(self) -> bool:
        """Open the autosaved match (``--resume``); False, with the reason said, if there is
        none or it cannot be used (the store has already moved such a file aside)."""
        from .. import store

        res = store.load_autosave()
        if res.ok and res.saved is not None:
            self.resume_saved(res.saved)
            return True
        problem = res.problem or "There is no saved game to resume."
        self.resume_problem = f"{problem} A new game is dealt instead."
        # Said once the new table is up, so the note shows over it.
        self.call_after_refresh(
            self.notify,
            self.resume_problem,
            title="Resume",
            severity="warning",
            timeout=15,
            markup=False,  # the sentence may quote the save's own text
        )
        return False

    def exit(self, *args: Any, **kwargs: Any) -> None:
        """Quit; an unfinished match is saved first (with its clocks) for "Continue"."""
        table = self.table
        if table is not None:
            from .screens.table import TableScreen

            for screen in self.screen_stack:  # a practice table may be over the match's
                if isinstance(screen, TableScreen):
                    screen.session.close()
        super().exit(*args, **kwargs)

    def on_unmount(self) -> None:
        """The app is gone (after its last save): the table lock goes too."""
        if "dominoes_tui.store.lock" in sys.modules:  # never taken: nothing to let go
            from .. import store

            store.table_lock().release()

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
        from ..ai import LEVELS
        from ..options import remembered_rules
        from .screens.dialogs import NewGameScreen

        def chosen(choice: tuple[str, str] | None) -> None:
            if choice is None:
                t = self.table
                if t is not None and t.session.match_over:
                    t.show_result()  # back to the match-over screen
                return
            variant, level = choice
            # the options last chosen for that house on the options screen, if any
            rules = remembered_rules(load_variants_noted()[0][variant])
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

    def on_play_deal(self, message: PlayDeal) -> None:
        """A hand played again (a practice deal, issue 16) over the screens there are."""
        from .screens.practice import open_practice

        open_practice(
            self,
            message.practice,
            replace=message.replace,
            player_factory=self.player_factory,
            now=self.now,
            pace=self.pace,
            tile_style=self.tile_style,
        )

    def on_quit(self, message: Quit) -> None:
        self.exit()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        w, h = self.size
        small = w < MIN_SIZE[0] or h < MIN_SIZE[1]
        if not small and "dominoes_tui.tui.screens.dialogs" not in sys.modules:
            return  # nothing to say, and no TooSmallScreen can be up before dialogs load
        from .screens.dialogs import TooSmallScreen

        top = self.screen
        if small:
            if not isinstance(top, TooSmallScreen):
                self.push_screen(TooSmallScreen(w, h, MIN_SIZE))
            else:
                top.show(w, h)
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()


def run_app(**kwargs: Any) -> None:
    """Run the app in this terminal (``dominoes play``); without one, say so and exit 1."""
    from .terminal import require_terminal

    require_terminal()
    DominoesApp(**kwargs).run()
