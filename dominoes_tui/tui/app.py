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

from .. import store
from ..ai import LEVELS, Player, make_player
from ..engine import DEFAULT_VARIANT, Game, Rules
from ..engine.rules import load_variants_noted
from ..options import remembered_rules
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
        self.delay = delay if delay is not None else BASE_DELAY / max(speed, 0.05)
        self.now = now
        self.player_factory = player_factory or make_player
        self.start_menu = start_menu
        self._seed_used = False

    def on_mount(self) -> None:
        if self.start_menu and not self.resume:
            self.open_start_menu()
        elif not (self.resume and self.resume_autosave()):
            self._seed_used = True
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
        name: str | None = None,
    ) -> None:
        """Open a fresh table (replacing any other screens); ``name``: the opponent's."""
        self.rules, self.seed, self.level = rules, seed, level
        table = TableScreen(
            rules,
            seed,
            level,
            first_seat=first_seat,
            game=game,
            player_factory=self.player_factory,
            name=name,
        )
        self._replace_table(table)

    def claim_table(self) -> bool:
        """One live table per home folder (issue 14): True if this process holds the lock
        (kept until it exits); else the reason is said and no table may open."""
        lock = store.table_lock()
        if lock.acquire():
            return True
        self.notify(lock.problem(), title="Another window", severity="warning", markup=False)
        return False

    def _replace_table(self, table: TableScreen) -> None:
        if not self.claim_table():
            return
        old = self.table
        if old is not None:
            old.leave()  # an unfinished match there is given up (recorded as abandoned)
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(table)

    def resume_saved(self, saved: store.SavedGame) -> None:
        """Open the table of a saved match; it waits for a key, clocks stopped."""
        game, info = saved.game, saved.info
        self.rules, self.seed, self.level = game.rules, game.seed, info.cpu_level
        table = TableScreen(
            game.rules,
            game.seed,
            info.cpu_level,
            player_factory=self.player_factory,
            saved=saved,
        )
        self._replace_table(table)

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
            table.autosave(closing=True)
        super().exit(*args, **kwargs)

    def on_unmount(self) -> None:
        """The app is gone (after its last save): the table lock goes too."""
        store.table_lock().release()

    def open_start_menu(self) -> None:
        """The start menu (New game, Continue, Rules, Statistics, Quit) over nothing else."""
        from .screens.start import StartScreen

        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(StartScreen(self.rules.name))

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
                if t is not None and t.game.phase == "match_over":
                    t.advance()  # back to the match-over screen
                return
            variant, level = choice
            # the options last chosen for that house on the options screen, if any
            rules = remembered_rules(load_variants_noted()[0][variant])
            self.start_match(rules, random.randrange(1, 1_000_000), level)

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
    """Run the app in this terminal (``dominoes play``); without one, say so and exit 1."""
    from .terminal import require_terminal

    require_terminal()
    DominoesApp(**kwargs).run()
