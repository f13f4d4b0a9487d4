"""The start menu: New game, Continue, Daily deal, How to play, Rules, Statistics,
Settings, Quit, and the houses to play.

"Continue" is there only when an autosave exists (it says which match it resumes,
once the save is read after the first frame), "Statistics" only once the history
holds a match. Picking a house (Enter on it, or New game) opens its table options
(asking first whether to resume the saved match instead); Start there sits down at
the table. "Daily deal" sits down at the day's deal (the same for everyone; your best
result today is said under the menu).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ... import store
from ...engine import Rules
from ...engine.rules import load_variants_noted
from ..messages import OpenSettings, Quit, ResumeMatch, StartMatch
from ..widgets.keybar import KeyBar
from ..widgets.menu_list import MenuList

if TYPE_CHECKING:
    from collections.abc import Callable

    from .options import Chosen

# Imports marked "start-up speed" inside functions load what a menu entry opens when it
# is chosen: the start menu's first frame needs none of them
# (tests/project/test_startup_imports.py).

MENU = (
    ("new", "New game", "n"),
    ("continue", "Continue", "c"),
    ("daily", "Daily deal", "d"),
    ("howto", "How to play", "h"),
    ("rules", "Rules", "r"),
    ("stats", "Statistics", "t"),
    ("settings", "Settings", "s"),
    ("quit", "Quit", "q"),
)


TABLE_LAYOUTS = ("line", "spinner", "trains", "chicken_foot")
"""The layouts the table plays (the start menu lists only their houses)."""


def playable_variants() -> dict[str, Rules]:
    """The houses the table can play: a plain line or a spinner (2-4 players), Mexican
    Train and Chicken Foot (2-8)."""
    return playable_variants_noted()[0]


def playable_variants_noted() -> tuple[dict[str, Rules], str | None]:
    """:func:`playable_variants`, and one line on what the player's own variants.toml got
    wrong (its mistakes are left out; the built-in houses always play)."""
    variants, note = load_variants_noted()
    return {n: r for n, r in variants.items() if r.layout in TABLE_LAYOUTS}, note


class StartScreen(Screen[None]):
    """The first screen of a bare ``dominoes``."""

    WITHOUT_TABLE_CSS = True
    """Drawn with its own styles only: the app reads the table's when another screen opens."""

    DEFAULT_CSS = """
    StartScreen {
        background: $felt;
        color: $ink;
        layout: vertical;
    }
    StartScreen #start-title {
        height: 3;
        content-align: center middle;
        text-style: bold;
        color: $cream;
        background: $felt-dark;
    }
    StartScreen #start-body {
        height: 1fr;
    }
    StartScreen #menu-box {
        width: 24;
        height: 1fr;
        padding: 0 1;
    }
    StartScreen #menu {
        height: auto;
        border: round $gold;
        background: $box;
    }
    StartScreen #houses {
        width: 1fr;
        height: 1fr;
        border: round $felt-edge;
        border-title-color: $gold;
        background: $box;
        scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;  /* the same wrapping with or without a scrollbar */
    }
    StartScreen #houses:focus, StartScreen #menu:focus {
        border: round $cream;
    }
    StartScreen #start-note {
        height: auto;
        padding: 1 0 0 0;
        color: $ink-soft;
    }
    StartScreen #start-problem {
        height: auto;
        color: $bad;
        padding: 1 0 0 0;
    }
    """

    BINDINGS = [
        Binding(
            "n",
            "choose('new')",
            "New game",
            tooltip="Choose the table options and start a new match",
        ),
        Binding("c", "choose('continue')", "Continue", tooltip="Continue the match you left"),
        Binding(
            "d",
            "choose('daily')",
            "Daily deal",
            show=False,
            tooltip="Today's deal: one classic hand against Hard, the same for everyone",
        ),  # the menu says d
        Binding(
            "h",
            "choose('howto')",
            "How to play",
            tooltip="The basics of the highlighted house, with a drawn example",
        ),
        Binding(
            "r", "choose('rules')", "Rules", tooltip="The highlighted house's rules in plain words"
        ),
        Binding(
            "t", "choose('stats')", "Statistics", tooltip="Your record against the CPU, with charts"
        ),
        Binding(
            "s",
            "choose('settings')",
            "Settings",
            tooltip="Pace, tiles, coach, clock, log, bell, theme",
        ),
        Binding("q", "choose('quit')", "Quit", tooltip="Quit the program"),
        Binding("tab", "app.focus_next", "Switch", show=False),
    ]

    def __init__(
        self,
        variant: str | None = None,
        level: str = "medium",
        houses: bool = False,
        finished: str | None = None,
    ) -> None:
        """``level``: the CPU level the table options start from; ``houses``: the houses'
        list has the focus (a new game's first step, from the match-over screen);
        ``finished``: the match just over at the table (its save, there until it is
        recorded, is nothing to continue)."""
        super().__init__()
        self.level = level
        self.focus_houses = houses
        self.finished = finished
        self.variants, self.variants_note = playable_variants_noted()
        self.variant = variant if variant in self.variants else next(iter(self.variants))
        self.can_continue = store.has_autosave() and (
            finished is None or store.saved_match_id() != finished
        )
        self.saved: store.SavedGame | None = None
        """The saved match, once read (after the first frame): Continue says what it is."""
        self.continues = ""
        """What Continue resumes, in words (``the classic match, You 34 – CPU 51, hand 4``)."""
        self.has_stats = False
        self.problem = ""
        self.daily_words = ""
        """The day's deal and your best at it (read from the history after the first frame)."""
        self.reading_save = False
        """The save is being read (Continue, or New game before the menu had read it). Not
        named ``loading``: that is Textual's own, which covers the screen with a loading
        indicator and takes the focus off the menu (a second Enter then went to the houses)."""
        self.looked = False
        """The history and the save have been looked at (:meth:`after_first_frame`)."""

    @property
    def open(self) -> bool:
        """Still on the screen stack (a worker's answer after the menu went is dropped)."""
        return self.is_mounted and self in self.app.screen_stack

    @property
    def house_rules(self) -> Rules:
        """The highlighted house (F1 explains it)."""
        return self.variants[self.variant]

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static("D O M I N O E S\nagainst the CPU, in the terminal", id="start-title")
        with Horizontal(id="start-body"):
            with Vertical(id="menu-box"):
                yield MenuList(*self._menu_options(), id="menu")
                yield Static(id="start-note")
                yield Static(id="start-problem")
            houses = MenuList(
                *[
                    # the player's own names and words: text, never markup
                    Option(Text.assemble((name, "bold"), "\n", (r.description, "dim")), id=name)
                    for name, r in self.variants.items()
                ],
                id="houses",
            )
            houses.border_title = "Houses: Enter opens the table options"
            yield houses
        yield KeyBar(palette=True)  # the command palette's key shows here only

    def on_mount(self) -> None:
        self.show_note()
        self.query_one("#menu", OptionList).highlighted = 0
        houses = self.query_one("#houses", OptionList)
        houses.highlighted = list(self.variants).index(self.variant)
        (houses if self.focus_houses else self.query_one("#menu", OptionList)).focus()
        if getattr(self.app, "first_frame_shown", True):  # back from a table: soon
            self.call_after_refresh(self.after_first_frame)
        # else the app calls after_first_frame once its first frame is on the screen
        if self.variants_note:
            self.notify(
                self.variants_note,
                title="Your variants",
                severity="warning",
                timeout=20,
                markup=False,
            )

    def after_first_frame(self) -> None:
        """Once the menu is on the screen: look in the history (SQLite) for Statistics and
        the daily deal, and read the save (a replay of its moves) to say what Continue
        resumes; both in threads, neither before the first frame (benchmarks/startup.py)."""
        if self.looked:
            return
        self.looked = True
        self.look_for_stats()
        if self.can_continue:
            self.read_save()

    def menu_items(self) -> list[str]:
        """The menu's entries now: Continue and Statistics only when there is something."""
        shown = {"continue": self.can_continue, "stats": self.has_stats}
        return [key for key, _, _ in MENU if shown.get(key, True)]

    def fill_menu(self, bindings: bool = True) -> None:
        menu = self.query_one("#menu", OptionList)
        keep = menu.highlighted_option.id if menu.highlighted_option else None
        menu.clear_options()
        menu.add_options(self._menu_options())
        items = self.menu_items()
        menu.highlighted = items.index(keep) if keep in items else 0
        self.show_note()
        if bindings:  # Continue or Statistics came or went: their keys in the footer too
            self.refresh_bindings()

    def _menu_options(self) -> list[Option]:
        names = {key: (label, k) for key, label, k in MENU}
        return [Option(self._entry(key, *names[key]), id=key) for key in self.menu_items()]

    MENU_TEXT = 18
    """The cells an entry of the menu has (#menu-box's 24 less its padding, the menu's
    border and an option's padding): what Continue resumes is wrapped to it here, so a
    name stays with its score (``CPU 2: 12``, joined by no-break spaces)."""

    def _entry(self, key: str, label: str, k: str) -> Text:
        t = Text(label)
        t.append(f"  {k}", style="dim")
        if key == "continue" and self.continues:
            from ..widgets.kept import kept_wrap  # start-up speed: after the save is read

            said = kept_wrap(Text(self.continues, style="italic #cfe0d6"), self.MENU_TEXT)
            t.append("\n")
            t.append_text(said)
        return t

    def show_note(self) -> None:
        daily = ("\n\n" + self.daily_words, "#cfe0d6") if self.daily_words else ""
        self.query_one("#start-note", Static).update(
            Text.assemble(
                "House: ", (self.variant, "bold"), "\n", ("Tab: menu ↔ houses", "dim"), daily
            )
        )

    @work(thread=True, group="start-stats", exit_on_error=False)
    def look_for_stats(self) -> None:
        """Statistics appear in the menu once the history holds a match (SQLite: a thread)."""
        try:
            history = store.History()
            matches = history.stats(recent=0).total.matches
        except Exception:  # a broken history must not stop the menu; Statistics stays hidden
            return
        if matches:
            self.app.call_from_thread(self._stats_found)
            self._look_for_daily(history)

    def _look_for_daily(self, history: store.History) -> None:
        """Your tries at today's deal, said under the menu."""
        from datetime import date

        from ...table.practice import daily_from_history  # start-up speed

        try:
            best = daily_from_history(history, date.today())
        except Exception:  # the menu works without it
            return
        if best.best is not None:
            from ...table.practice import net_words  # start-up speed

            tries = f"{best.tries} tr{'ies' if best.tries != 1 else 'y'}"
            words = f"Daily deal today:\nbest {net_words(best.best)}, {tries}"
        elif best.tries:
            words = "Daily deal today:\nnot finished yet"
        else:
            return
        self.app.call_from_thread(self._daily_found, words)

    def _daily_found(self, words: str) -> None:
        self.daily_words = words
        if self.is_mounted:
            self.show_note()

    @work(thread=True, group="start-save", exit_on_error=False)
    def read_save(self) -> None:
        """Read the save (a replay of its moves: a thread) to say what Continue resumes."""
        res = store.load_autosave()
        self.app.call_from_thread(self._save_read, res)

    def _save_read(self, res: store.LoadResult) -> None:
        if res.ok and res.saved is not None and res.saved.info.match_id == self.finished:
            self.can_continue = False  # the match just over: being recorded
            self.saved = None
            if self.open:
                self.fill_menu()
        elif res.ok and res.saved is not None:
            from ..words import saved_summary  # start-up speed

            self.saved = res.saved
            summary = saved_summary(res.saved)
            self.continues = summary[0].upper() + summary[1:]
            if self.open:
                self.fill_menu()
        elif self.open:  # unusable: the store has set it aside; say so
            self.unusable(res.problem)

    def unusable(self, problem: str | None) -> None:
        """The save cannot be resumed (the store has set it aside): say why, once."""
        self.can_continue = False
        self.saved = None
        self.problem = problem or "The saved game is gone."
        # the menu's column is narrow: the save named without its folder there, and the
        # whole sentence (with the folder) in a note
        path = store.autosave_path()
        short = self.problem.replace(store.shown_path(path), path.name)
        if short != self.problem:
            self.notify(
                self.problem, title="Saved game", severity="warning", timeout=20, markup=False
            )
        go_on = "" if len(short) > 140 else "\nChoose New game to start another."  # room
        self.query_one("#start-problem", Static).update(Text(short + go_on))
        self.fill_menu()
        self.query_one("#menu", OptionList).highlighted = 0

    def _stats_found(self) -> None:
        self.has_stats = True
        if self.open:
            self.fill_menu()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters:
            return parameters[0] in self.menu_items()
        return True

    # ------------------------------------------------------------ choices
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "houses" and event.option.id:
            self.variant = event.option.id
            self.show_note()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "houses":
            self.variant = event.option.id or self.variant
            self.action_choose("new")
        elif event.option.id:
            self.action_choose(event.option.id)

    def action_choose(self, what: str) -> None:
        # a second activation (Enter twice, a double click) once the first has opened a
        # screen over this one: ignored
        if what not in self.menu_items() or not self.is_active:
            return
        if what == "new":
            self.new_game()
        elif what == "continue":
            self.resume()
        elif what == "daily":
            if not self._other_window():  # beside a saved match: nothing to give up
                self.play_daily()
        elif what == "howto":
            from ...store import player  # start-up speed
            from .howto import HowToPlayScreen  # start-up speed

            coach = player.load_player()
            self.app.push_screen(HowToPlayScreen(self.variants[self.variant], coach=coach))
        elif what == "rules":
            from .dialogs import RulesScreen  # start-up speed

            self.app.push_screen(RulesScreen(self.variants[self.variant]))
        elif what == "stats":
            from .stats import StatsScreen  # start-up speed

            self.app.push_screen(StatsScreen())
        elif what == "settings":
            self.app.post_message(OpenSettings())
        elif what == "quit":
            self.app.post_message(Quit())

    def _other_window(self) -> bool:
        """Another process has its table open on this home folder: say so and
        offer to watch its match or quit; touch nothing (its save is its own). The menu
        stays for the rules, how to play and statistics. The lock is not kept here."""
        lock = store.table_lock()
        had = lock.held
        if not lock.acquire():
            from .dialogs import OtherWindowScreen, WatchScreen  # start-up speed

            def watched(_: None) -> None:
                self.table_freed()

            def answered(answer: str | None) -> None:
                if answer == "watch":
                    self.app.push_screen(WatchScreen(), watched)
                elif answer == "quit":
                    self.app.post_message(Quit())

            self.app.push_screen(OtherWindowScreen(lock.problem()), answered)
            return True
        if not had:
            lock.release()
        return False

    def table_freed(self) -> None:
        """Back from watching: the other window may have quit, its match saved for
        Continue (read again, as at the start)."""
        can = store.has_autosave() and (
            self.finished is None or store.saved_match_id() != self.finished
        )
        if can != self.can_continue or can:
            self.can_continue, self.saved, self.continues = can, None, ""
            self.fill_menu()
            if can:
                self.read_save()

    def new_game(self, then: Callable[[], None] | None = None) -> None:
        """New game (``then``: the table options): with a match saved, ask first whether
        to resume it instead."""
        then = then or self.open_options
        if self._other_window():
            return
        if not self.can_continue:
            then()
            return
        if self.saved is None:  # not read yet (a key pressed at once): once it is read
            self._load_then(lambda: self._ask_resume_or_new(then))
            return
        self._ask_resume_or_new(then)

    def _ask_resume_or_new(self, then: Callable[[], None]) -> None:
        if not self.can_continue or self.saved is None:  # unusable, or the match just over
            then()
            return
        from ..words import saved_summary  # start-up speed
        from .dialogs import ResumeOrNewScreen  # start-up speed

        def answered(answer: str | None) -> None:
            if answer == "resume":
                self.resume()
            elif answer == "new":
                then()

        self.app.push_screen(ResumeOrNewScreen(saved_summary(self.saved)), answered)

    def open_options(self) -> None:
        from ...ai import LEVELS  # start-up speed
        from .options import OptionsScreen  # start-up speed

        def chosen(choice: Chosen | None) -> None:
            if choice is not None:
                self.app.post_message(
                    StartMatch(
                        choice.rules, choice.level, name=choice.name, next_rules=choice.next_rules
                    )
                )

        base = self.variants[self.variant]
        self.app.push_screen(OptionsScreen(base, tuple(LEVELS), self.level), chosen)

    def play_daily(self) -> None:
        """Sit down at today's deal: the same for everyone."""
        from datetime import date

        from ...table.practice import DAILY_LEVEL, daily_rules, daily_seed  # start-up speed

        today = date.today()
        seed = daily_seed(today)
        self.app.post_message(StartMatch(daily_rules(), DAILY_LEVEL, seed=seed, daily=today))

    def resume(self) -> None:
        """Continue the saved match; an unusable save is set aside and said in one sentence.
        While another process has its table open, nothing is read (its save is its own)."""
        if self._other_window():
            return
        self._load_then(self._resume_read, keep=False)

    def _resume_read(self) -> None:
        if self.saved is not None:
            self.app.post_message(ResumeMatch(self.saved))

    def _load_then(self, then: Callable[[], None], keep: bool = True) -> None:
        """Read the save in a thread (a big one takes a while: never on the UI thread),
        then ``then()``. Activations meanwhile are ignored; ``keep``: a save
        read already will do (else it is read again: the freshest)."""
        if self.reading_save:
            return
        if keep and self.saved is not None:
            then()
            return
        self.reading_save = True

        def load() -> None:
            res = store.load_autosave()
            self.app.call_from_thread(self._loaded, res, then)

        self.run_worker(load, thread=True, group="start-load", exit_on_error=False)

    def _loaded(self, res: store.LoadResult, then: Callable[[], None]) -> None:
        self.reading_save = False
        self._save_read(res)
        if self.is_active:  # not if the person went elsewhere meanwhile
            then()
