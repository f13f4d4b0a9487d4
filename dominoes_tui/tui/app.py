"""The Textual app: one table against the CPU, and the screens around it."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import SystemCommand
from textual.binding import Binding
from textual.message import Message
from textual.notifications import Notify
from textual.screen import Screen

from ..engine import DEFAULT_VARIANT, Rules
from ..engine.rules import load_variants_noted
from ..store import settings as player_settings
from .messages import (
    LeaveTable,
    NewGame,
    OpenSettings,
    OpenStartMenu,
    Quit,
    ResumeMatch,
    SetCoach,
    SettingsChanged,
    StartMatch,
)
from .navigation import NavigatingApp

# Imports inside this module's functions are for start-up speed only: loaded when first
# used, not at startup (the start menu needs none of them; benchmarks/startup.py): the
# store (SQLite), the CPU players, the options model, the dialogs, the table session and
# the table. tests/project/test_startup_imports.py checks it.
if TYPE_CHECKING:
    from datetime import date

    from .. import store
    from ..ai import Player
    from ..engine import Game
    from ..store.player import CoachSetting
    from ..table import Pace
    from ..table.coach import CoachedSession
    from .screens.table import TableScreen

MIN_SIZE = (80, 24)
__all__ = ["DominoesApp", "MIN_SIZE", "SCREEN_COMMANDS", "default_level", "run_app"]

SCREEN_COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("Play the raised tile", "Lay it on the line"),
    "select(-1)": ("Previous tile", "Raise the tile to the left"),
    "select(1)": ("Next tile", "Raise the tile to the right"),
    "draw": ("Draw", "Take a tile from the boneyard"),
    "pass_turn": ("Pass", "Pass your turn"),
    "two_doubles": ("Two doubles", "Lay both doubles at once"),
    "hint": ("Hint", "What Expert would play here, and why"),
    "undo": ("Take back", "Your last move and the replies since (practice, against Easy)"),
    "rules": ("Rules", "This house's rules, with the options in force"),
    "resign": ("Resign", "Give the match up: it counts as a loss"),
    "quit_match": ("Leave the table", "The match is saved for Continue"),
}
"""Ctrl+P: the names the command palette gives a screen's keys (the others show by their
footer description and tooltip; keys hidden from the footer show when they have a tooltip,
like the start menu's Daily deal)."""

PlayerFactory = Callable[[str, int], "Player"]


def default_level() -> str:
    """Medium when it exists (the CPU levels land one by one), else the first level."""
    from ..ai import LEVELS

    return "medium" if "medium" in LEVELS else LEVELS[0]


def gentle_rules(rules: Rules) -> Rules:
    """A newcomer's match (no finished match in the history, or none played with a
    clock yet): the house's rules without its clock or turn limit, which its match-over
    offers for the rematch (offered, not imposed). Anyone who has played with a clock:
    ``rules`` as they are. Reads the history (SQLite)."""
    from .. import options, store

    if options.untimed(rules) == rules or not store.clock_offered():
        return rules
    return options.untimed(rules)


def _make_player(level: str, seed: int) -> Player:
    from ..ai import make_player

    return make_player(level, seed)


class DominoesApp(NavigatingApp):
    """Dominoes against the CPU."""

    TABLE_CSS = Path(__file__).with_name("dominoes.tcss")
    """The table's and the dialogs' styles: read when the first screen other than the start
    menu opens (:meth:`push_screen`), so that the start menu's first frame parses none of
    it (``benchmarks/startup.py``)."""
    TITLE = "Dominoes"
    # Ctrl+P lists the commands of the screen in front (the table's keys) and the app's
    # (get_system_commands); the footers leave its key out (dominoes.tcss)
    ENABLE_COMMAND_PALETTE = True
    COMMAND_PALETTE_BINDING = "ctrl+p"
    BINDINGS = [
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
        # back to the shell (fg returns); the table pauses its clocks meanwhile (R-T-1)
        Binding("ctrl+z", "suspend_process", "Suspend", show=False, priority=True),
        Binding("f1", "how_to_play", "How to play", show=False),
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
        daily: date | None = None,
        untimed_first: bool = False,
    ) -> None:
        """``delay``: seconds before the CPU's move shows (None: from ``speed``; tests use 0).

        ``speed`` (``--speed``) and ``tile_style`` (``--tiles``) given here win over the
        player's remembered pace and tile style (None: the remembered ones).

        ``game`` starts the first table from a set position (tests, puzzles).
        ``start_menu`` opens the start menu first (a bare ``dominoes``).
        ``daily``: ``dominoes play --daily``: that day's deal (``rules``, ``seed`` and
        ``level`` are its own), played beside a saved match without asking about it.
        ``untimed_first``: ``dominoes play`` without a clock flag: a newcomer's first
        match (no finished match in the history) is dealt without the house's clock.
        """
        super().__init__()
        self.daily = daily
        self.untimed_first = untimed_first
        self._start_game = game
        self.resume = resume
        """``dominoes play --resume``: open the autosaved match instead of a new one."""
        self.resume_problem: str | None = None
        """Why ``--resume`` dealt a new game instead (one sentence), if it did."""
        if game is not None:
            rules = game.rules
        # the player's variants.toml may be broken: the built-in houses still play
        self.rules = rules if rules is not None else load_variants_noted()[0][variant]
        self.seed = seed if seed is not None else random.randrange(1, 1_000_000)
        self.level = level or default_level()
        self._tile_style = tile_style
        self._delay = delay
        self._speed = speed
        self.now = now
        self.player_factory = player_factory or _make_player
        self.start_menu = start_menu
        self.menu_seen = False
        """The start menu has been open: leaving a table goes back to it."""
        self._seed_used = False
        self._navigating = False
        self.first_frame_shown = False
        """Textual's Ready came: the first frame is on the screen."""

    def get_default_screen(self) -> Screen[Any]:
        """A bare ``dominoes``: the start menu is the app's first screen itself, made and
        drawn with the app, not pushed over an empty one after it (about a tenth of the
        start's work: benchmarks/startup.py); otherwise Textual's empty screen."""
        if self.start_menu and not self.resume:
            from .screens.start import StartScreen

            self.menu_seen = True
            return StartScreen(self.rules.name, level=self.level)
        return super().get_default_screen()

    def on_notify(self, event: Notify) -> None:
        """A toast raised while the table is in front is said on the table, under the move
        log (:meth:`TableScreen.say`): nothing covers the felt, the hand or the prompt.
        Elsewhere (the menu, a dialog) it stays a toast."""
        if "dominoes_tui.tui.screens.table" not in sys.modules:
            return  # no table yet (the start menu does not load its module)
        from .screens.table import TableScreen

        screen = self.screen
        if isinstance(screen, TableScreen) and screen.is_mounted:
            screen.say_notification(event.notification)
            event.prevent_default()  # not added as a toast

    def on_mount(self) -> None:
        for problem in self.settings_problems:  # said once, this sitting
            self.notify(problem, title="Settings", severity="warning", timeout=10, markup=False)
        if self.resume:
            self.resume_autosave(otherwise=self._first_match)
        elif self.start_menu:
            pass  # the start menu is already the screen (get_default_screen)
        elif self.daily is not None:
            self._first_match()  # the daily deal leaves a saved match alone: nothing to ask
        elif not self.ask_resume_or_new(self._first_match, back="Quit"):
            self._first_match()  # nothing saved: deal at once
        self.check_size()

    def on_ready(self) -> None:
        """The first frame is on the screen: the start menu may now read the history and
        the save (it waits for this; benchmarks/startup.py)."""
        self.first_frame_shown = True
        after = getattr(self.screen, "after_first_frame", None)
        if after is not None:
            after()

    def _first_match(self) -> None:
        """``dominoes play``'s table: the given seed (and position, in tests)."""
        self._seed_used = True
        rules = self.rules
        if self.untimed_first and self._start_game is None and self.daily is None:
            rules = gentle_rules(rules)
        self.start_match(
            rules,
            self.seed,
            self.level,
            game=self._start_game,
            daily=self.daily,
            next_rules=self.rules,
        )

    @property
    def tile_style(self) -> str:
        """``--tiles``, else the player's remembered tile style."""
        if self._tile_style is not None:
            return self._tile_style
        return player_settings.load_settings().tiles

    @property
    def pace(self) -> Pace:
        """How long each CPU move and each forced move of yours stays on show: ``--speed``
        (or a test's delay), else the player's remembered pace."""
        from ..table import Pace

        if self._delay is not None:
            return Pace.from_delay(self._delay)
        if self._speed is not None:
            return Pace.from_speed(self._speed)
        return Pace.named(player_settings.load_settings().pace)

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
        daily: date | None = None,
        next_rules: Rules | None = None,
    ) -> None:
        """Open a fresh table (replacing any other screens); ``name``: the opponent's;
        ``daily``: the daily deal of that day (beside the save slot); ``next_rules``: the
        rematch's, when they differ (a newcomer's untimed first match)."""
        if not self.claim_table():
            return
        from ..table.coach import CoachedSession

        session = CoachedSession(
            rules,
            seed,
            level,
            first_seat=first_seat,
            game=game,
            name=name,
            player_factory=self.player_factory,
            now=self.now,
            pace=self.pace,
            daily=daily,
            next_rules=next_rules,
        )
        self._open_table(session)

    def claim_table(self) -> bool:
        """One live table per home folder: True if this process holds the lock
        (kept until it exits); else the reason is said and no table may open."""
        from .. import store

        problem = store.claim_table()
        if problem is None:
            return True
        self.other_window(problem)
        return False

    def other_window(self, problem: str) -> None:
        """Another dominoes window has its table open: offer to watch its match or quit;
        Back opens the start menu (rules, how to play, statistics) unless it is open."""
        from .screens.dialogs import OtherWindowScreen, WatchScreen

        at_menu = any(type(s).__name__ == "StartScreen" for s in self.screen_stack)

        def answered(answer: str | None) -> None:
            if answer == "quit":
                self.exit()
            elif answer == "watch":
                self.push_screen(WatchScreen(), lambda _: answered(None))
            elif not at_menu:
                self.open_start_menu()

        if isinstance(self.screen, OtherWindowScreen):
            return  # asked already
        self.push_screen(OtherWindowScreen(problem), answered)

    def resume_saved(self, saved: store.SavedGame, say: bool = True) -> str | None:
        """Open the table of a saved match; it waits for a key, clocks stopped.

        None when the table is open (or another window holds the table: said). If the
        table cannot take the match up (a save that passed the store's checks but that
        the table refuses), the save is set aside, nothing is deleted, and the sentence
        saying so is returned (and shown, unless ``say`` is False: the caller says it);
        the caller goes on without it."""
        if not self.claim_table():
            return None
        from ..table.coach import CoachedSession

        try:
            session = CoachedSession.resume(
                saved, player_factory=self.player_factory, now=self.now, pace=self.pace
            )
            # what the table shows first, worked out now: a failure is the save's
            session.seats(), session.lines, session.hand(), session.log(), session.score_parts()
        except Exception as e:  # noqa: BLE001 - a save must never crash the app
            from .. import store

            if type(e) is ValueError and str(e):  # the table's own words (a seat it lacks)
                reason = str(e)[:200]
            else:
                reason = f"the table refused it ({type(e).__name__}: {str(e)[:200]})"
            problem = store.set_aside_autosave(reason, saved.info.match_id)
            if say:
                self.notify(
                    problem, title="Saved game", severity="warning", timeout=15, markup=False
                )
            return problem
        self._open_table(session)
        return None

    def _open_table(self, session: CoachedSession) -> None:
        if self._exit:  # quitting already (a save read meanwhile, then ctrl+c): no table
            return
        self.rules, self.seed, self.level = session.rules, session.seed, session.level
        old = self.table
        if old is not None:
            old.session.leave()  # an unfinished match there is given up (recorded as abandoned)
        while len(self.screen_stack) > 1:
            self.pop_screen()
        from .screens.table import TableScreen

        offer = self._coach(session)
        mine = player_settings.load_settings()
        self.push_screen(
            TableScreen(session, tile_style=self.tile_style, bell=mine.bell, show_log=mine.log)
        )
        if offer:  # never offered yet: once, over the first table
            self.call_after_refresh(self._offer_coach, session)

    # ------------------------------------------------------------ the coach
    def _coach(self, session: CoachedSession) -> bool:
        """The guide at this table if the Coach setting is Guide; True when the first
        table's question has never been answered (it is asked then, once)."""
        from ..store import player

        if session.rounds:  # the coach speaks of a line's open ends: not of trains or feet
            return False
        setting = player.load_player()
        if not setting.asked:
            return True  # quiet until the question is answered
        session.coaching = setting.guide
        return False

    def _apply_coach(self, session: CoachedSession, setting: CoachSetting) -> None:
        """The Coach setting at ``session``'s table, at once: the guide's line, the tips."""
        if session.left or session.match_over:
            return
        session.coaching = setting.guide and not session.rounds
        table = self.table
        if table is not None and table.session is session:
            coach = getattr(table, "coach", None)
            if coach is not None:
                coach.switch(setting.tips)
            if table.is_mounted:
                table.refresh_table()

    def _offer_coach(self, session: CoachedSession) -> None:
        from ..store import player
        from .screens.dialogs import CoachOfferScreen

        def answered(level: str | None) -> None:
            setting = player.set_level(level if level in player.LEVELS else "off")
            self._apply_coach(session, setting)

        if self.table is not None and self.table.session is session:
            self.push_screen(CoachOfferScreen(), answered)

    def on_set_coach(self, message: SetCoach) -> None:
        """The How to play screen's switch: the Coach setting, at the table at once."""
        from ..store import player

        setting = player.set_level(message.level)
        table = self.table
        if table is not None:
            self._apply_coach(table.session, setting)  # type: ignore[arg-type]

    def _load_save(self, then: Callable[[store.LoadResult], None]) -> None:
        """Read the autosave in a thread (a big save takes a while to check and replay:
        never on the UI thread), then call ``then`` with it on the UI thread."""
        from .. import store

        def load() -> None:
            res = store.load_autosave()
            self.call_from_thread(then, res)

        self.run_worker(load, thread=True, group="load-save", exit_on_error=False)

    def resume_autosave(self, otherwise: Callable[[], None]) -> None:
        """Open the autosaved match (``--resume``, or Resume when asked). If there is
        none or it cannot be used (the store has already moved such a file aside), the
        reason is said once the new table is up and ``otherwise`` runs (a new game)."""

        def loaded(res: store.LoadResult) -> None:
            problem = res.problem
            if res.ok and res.saved is not None:
                problem = self.resume_saved(res.saved, say=False)
                if problem is None:
                    return
            problem = problem or "There is no saved game to resume."
            self.resume_problem = f"{problem} A new game is dealt instead."
            otherwise()
            # Said once the new table is up, so the note shows over it.
            self.call_after_refresh(
                self.notify,
                self.resume_problem,
                title="Resume",
                severity="warning",
                timeout=15,
                markup=False,  # the sentence may quote the save's own text
            )

        self._load_save(loaded)

    def exit(self, *args: Any, **kwargs: Any) -> None:
        """Quit; an unfinished match is saved first (with its clocks) for "Continue"."""
        table = self.table
        if table is not None:
            from .screens.table import TableScreen

            for screen in self.screen_stack:  # a practice table may be over the match's
                if isinstance(screen, TableScreen):
                    screen.session.close()
        super().exit(*args, **kwargs)

    def action_command_palette(self) -> None:
        """Ctrl+P: the palette, unless one is open anywhere in the stack (the terminal may
        have shrunk over it) or the terminal is too small (that box is all there is then)."""
        if not self.use_command_palette:
            return
        if "dominoes_tui.tui.screens.dialogs" in sys.modules:
            from .screens.dialogs import TooSmallScreen

            if isinstance(self.screen, TooSmallScreen):
                return
        super().action_command_palette()

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Textual's push_screen; the table's styles are read first unless the screen
        is drawn without them (the start menu)."""
        if not getattr(screen, "WITHOUT_TABLE_CSS", False):
            self.load_table_css()
        return super().push_screen(screen, *args, **kwargs)

    def load_table_css(self) -> None:
        """Read :attr:`TABLE_CSS` into the stylesheet, once."""
        path = str(self.TABLE_CSS)
        if self.stylesheet.has_source(path, ""):
            return
        self.stylesheet.read(self.TABLE_CSS)
        self.stylesheet.reparse()
        self.stylesheet.update(self)

    def post_message(self, message: Message) -> bool:
        """Quit (from any screen) quits at once: keys and clicks queued behind it are
        not played on a closing app."""
        if isinstance(message, Quit) and not self._exit:
            self.exit()
            return True
        return super().post_message(message)

    async def on_event(self, event: events.Event) -> None:
        if self._exit and isinstance(event, events.InputEvent):
            return  # quitting: keys and clicks queued meanwhile go nowhere
        await super().on_event(event)

    def on_unmount(self) -> None:
        """The app is gone (after its last save): the table lock goes too."""
        if "dominoes_tui.store.lock" in sys.modules:  # never taken: nothing to let go
            from .. import store

            store.table_lock().release()

    def open_start_menu(self, houses: bool = False) -> None:
        """The start menu (New game, Continue, Rules, Statistics, Quit) over nothing else;
        ``houses``: with the houses' list in focus (a new game's first step)."""
        from .screens.start import StartScreen

        table = self.table
        over = table.session.info.match_id if table and table.session.match_over else None
        self._park_table()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.menu_seen = True
        self.push_screen(
            StartScreen(self.rules.name, level=self.level, houses=houses, finished=over)
        )

    def _park_table(self) -> None:
        """The table is put away without giving its match up: an unfinished match is
        saved (with its clocks) for Continue, and nothing there moves or saves any more
        (a later match in the save slot gives it up, recorded as left unfinished)."""
        table = self.table
        if table is not None and not table.session.left:
            table.session.close()
            table.session.left = True

    def next_seed(self) -> int:
        """The seed given to the app (``--seed``, tests) for its first match, then fresh ones."""
        if not self._seed_used:
            self._seed_used = True
            return self.seed
        return random.randrange(1, 1_000_000)

    def new_game(self) -> None:
        """A new match (the match-over screen, the command palette), as on the start menu:
        the houses, then the table options. An unfinished match at the table is saved
        and the menu's question asks about it when a house is picked."""
        self.open_start_menu(houses=True)

    def ask_resume_or_new(self, new: Callable[[], None], back: str = "Back") -> bool:
        """A new match is about to start and another one is saved: ask first ("Resume
        the classic match, You 34 – CPU 51, hand 4, or start a new one?"). ``new`` runs
        if the person starts a new one, or if the save turns out unusable; ``back``: what
        Esc does (``"Quit"``: quit). False when there is nothing to ask (no save, or it is
        the table's own match)."""
        from .. import store

        if not store.has_autosave():
            return False
        table = self.table
        if table is not None and store.saved_match_id() == table.session.info.match_id:
            return False  # the match at the table (over, being recorded)

        def answered(answer: str | None) -> None:
            if answer == "resume":
                self.resume_autosave(otherwise=new)
            elif answer == "new":
                new()
            elif back == "Quit":
                self.exit()

        def loaded(res: store.LoadResult) -> None:
            if not (res.ok and res.saved is not None):
                if res.problem:  # set aside by the store: nothing to resume
                    self.notify(
                        res.problem,
                        title="Saved game",
                        severity="warning",
                        timeout=15,
                        markup=False,
                    )
                new()
                return
            from .screens.dialogs import ResumeOrNewScreen
            from .words import saved_summary

            self.push_screen(ResumeOrNewScreen(saved_summary(res.saved), back), answered)

        self._load_save(loaded)  # read in a thread: asked (or ``new``) once it is read
        return True

    # ------------------------------------------------------------ navigation messages
    def _stale(self, message: Message) -> bool:
        """A second activation while a screen is opening, or a message from a screen that
        is no longer in front: ignored."""
        sender = message._sender
        if self._navigating or (isinstance(sender, Screen) and sender is not self.screen):
            return True
        self._navigating = True
        self.call_after_refresh(self._navigated)
        # a refresh callback is lost with a screen closed before it refreshed (a burst of
        # keys): the guard never outlives a second, or every later menu entry is ignored
        self.set_timer(1.0, self._navigated)
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
            daily=message.daily,
            next_rules=message.next_rules,
        )

    def on_resume_match(self, message: ResumeMatch) -> None:
        """Continue on the start menu: if the table cannot take the save up, the menu
        says why (the save is set aside) and stays, without Continue."""
        if self._stale(message):
            return
        unusable = getattr(self.screen, "unusable", None)
        problem = self.resume_saved(message.saved, say=not callable(unusable))
        if problem is not None and callable(unusable):
            unusable(problem)

    def on_open_start_menu(self, message: OpenStartMenu) -> None:
        if not self._stale(message):
            self.open_start_menu()

    def on_new_game(self, message: NewGame) -> None:
        if not self._stale(message):
            self.new_game()

    def practice_options(self) -> dict[str, Any]:
        """A practice deal plays as this app's tables do (its players, clock and pace)."""
        return {
            "player_factory": self.player_factory,
            "now": self.now,
            "pace": self.pace,
            "tile_style": self.tile_style,
        }

    def on_quit(self, message: Quit) -> None:
        self.exit()

    def on_leave_table(self, message: LeaveTable) -> None:
        """``q`` at the table: back to the start menu when the person came from it, else
        quit; asked first, saying the match is saved and how to continue it."""
        table = self.table
        if table is None or self._stale(message):
            return
        from .screens.dialogs import ConfirmScreen

        session = table.session
        saved = bool(session.game.log) and not session.match_over
        to_menu = self.menu_seen if message.to_menu is None else message.to_menu
        if session.daily is not None:  # never saved: the try ends here
            question = "Back to the start menu?" if to_menu else "Leave the table and quit?"
            if saved:
                question += " This try at the daily deal counts as unfinished."
        elif to_menu:
            question = "Back to the start menu?"
            if saved:
                question += " The match is saved: Continue picks it up."
        else:
            question = "Leave the table and quit?"
            if saved:
                question += (
                    " The match is saved: dominoes play --resume (or Continue on the start "
                    "menu) picks it up."
                )

        def done(yes: bool | None) -> None:
            if yes and to_menu:
                self.open_start_menu()
            elif yes:
                self.exit()

        self.push_screen(ConfirmScreen(question), done)

    # ------------------------------------------------------------ help and commands
    def rules_in_view(self) -> Rules:
        """The house the person is looking at: the table's, the start menu's highlighted
        house, the options screen's; else the last one played."""
        for screen in reversed(self.screen_stack):
            rules = getattr(screen, "house_rules", None)
            if isinstance(rules, Rules):
                return rules
            session = getattr(screen, "session", None)
            if session is not None and isinstance(getattr(session, "rules", None), Rules):
                return session.rules
        return self.rules

    def action_how_to_play(self) -> None:
        """F1: how to play this house (F1 again, or Esc, closes it)."""
        from .screens.howto import HowToPlayScreen

        if isinstance(self.screen, HowToPlayScreen):
            self.screen.dismiss(None)
            return
        from ..store import player

        table = self.table
        at_table = table is not None and not table.session.match_over
        coach = player.load_player()
        self.push_screen(HowToPlayScreen(self.rules_in_view(), coach=coach, at_table=at_table))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Ctrl+P: the keys of the screen in front (the table's moves, when they apply
        now), then the app's: new game, how to play, statistics, the start menu, quit."""
        at_menu = type(screen).__name__ == "StartScreen"
        app_commands = [
            ("New game", "Choose a house and start a new match", self.new_game),
            (
                "How to play",
                "Matching, drawing, scoring in this house, the keys (F1)",
                self.action_how_to_play,
            ),
            ("Statistics", "Your record against the CPU", self.show_stats),
            (
                "Settings",
                "Pace, tiles, coach, clock, move log, bell and theme: yours at every house",
                self.show_settings,
            ),
            ("Theme", "The colours: dark felt, light or high contrast", self.search_themes),
            ("Start menu", "Back to the start menu", self._to_menu),
            ("Quit", "Quit the program (an unfinished match is saved)", self.exit),
        ]
        keys = self.key_commands(screen, SCREEN_COMMANDS, {title for title, _, _ in app_commands})
        yield from keys
        titles = {command.title for command in keys}
        for title, help_text, callback in app_commands:
            if title in titles or (at_menu and title == "Start menu"):
                continue
            yield SystemCommand(title, help_text, callback)

    def show_settings(self) -> None:
        from .screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def on_open_settings(self, message: OpenSettings) -> None:
        if not self._stale(message):
            self.show_settings()

    def on_settings_changed(self, message: SettingsChanged) -> None:
        """A setting kept by the Settings screen: the theme now, the table's now too."""
        mine = player_settings.load_settings()
        if message.key == "theme" and self.theme != mine.theme:
            self.theme = mine.theme
        table = self.table
        if table is not None:
            if message.key == "pace":
                table.session.pace = self.pace
            if message.key == "coach":  # the guide's line and the tips, at this table at once
                from ..store import player

                self._apply_coach(table.session, player.load_player())  # type: ignore[arg-type]
            table.apply_settings(tile_style=self.tile_style, bell=mine.bell, show_log=mine.log)

    def show_stats(self) -> None:
        from .screens.stats import StatsScreen

        self.push_screen(StatsScreen())

    def _to_menu(self) -> None:
        if self.table is not None:
            self.post_message(LeaveTable(to_menu=True))
        else:
            self.open_start_menu()

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
                t = self.table
                saved = t is not None and bool(t.session.game.log) and not t.session.match_over
                self.push_screen(TooSmallScreen(w, h, MIN_SIZE, saved=saved))
            else:
                top.show(w, h)
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()


def start_menu() -> None:
    """A bare ``dominoes``: the start menu (``launch.main`` and the CLI's callback)."""
    run_app(start_menu=True)


def run_app(**kwargs: Any) -> None:
    """Run the app in this terminal (``dominoes play``); without one, say so and exit 1."""
    from .terminal import require_terminal

    require_terminal()
    DominoesApp(**kwargs).run()
