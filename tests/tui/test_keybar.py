"""The key line every screen draws at its foot (KeyBar), and the table's styles read when
first needed (the start menu's first frame, benchmarks/startup.py)."""

from __future__ import annotations

from conftest import first_legal, make_app, settle, settle_and_read
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from dominoes_tui import store
from dominoes_tui.engine import Resign, load_variant, new_game
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.howto import HowToPlayScreen
from dominoes_tui.tui.screens.options import OptionsScreen
from dominoes_tui.tui.screens.table import TableScreen
from dominoes_tui.tui.widgets.keybar import KeyBar

SMALL = (80, 24)


def menu_app() -> DominoesApp:
    return DominoesApp(start_menu=True, seed=5, level="easy", delay=0, player_factory=first_legal)


def line(app: DominoesApp) -> str:
    bar = app.screen.query_one(KeyBar)
    return bar.render().plain


async def test_the_key_line_shows_the_menus_keys_and_the_palette_at_80x24() -> None:
    app = menu_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        text = line(app)
        assert text.startswith(" n New game  h How to play  r Rules  s Settings  q Quit ")
        assert text.rstrip().endswith("▏^p palette") and len(text) == 80
        # keys the menu does not offer now (Continue, Statistics) are not shown
        assert "Continue" not in text and "Statistics" not in text


async def test_the_palettes_key_is_highlighted_under_the_pointer_too() -> None:
    app = menu_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        bar = app.screen.query_one(KeyBar)
        at = line(app).index("palette")
        before = bar.render().get_style_at_offset(app.console, at)
        await pilot.hover(KeyBar, offset=(at, 0))
        await pilot.pause()
        assert bar.render().get_style_at_offset(app.console, at) != before


async def test_a_click_on_a_key_presses_it() -> None:
    app = menu_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        x = line(app).index("How to play")
        await pilot.click(KeyBar, offset=(x, 0))
        await pilot.pause()
        assert isinstance(app.screen, HowToPlayScreen)
        await pilot.press("escape")
        await pilot.pause()
        x = line(app).index("New game")
        await pilot.click(KeyBar, offset=(x - 2, 0))  # on the key itself
        await pilot.pause()
        assert isinstance(app.screen, OptionsScreen)


async def test_a_click_between_keys_does_nothing() -> None:
    app = menu_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        x = line(app).index("Quit") + 10  # the empty middle of the line
        await pilot.click(KeyBar, offset=(x, 0))
        await pilot.pause()
        assert app.screen is screen and app.return_code is None


async def test_statistics_and_continue_join_the_key_line_when_they_come() -> None:
    game = new_game(load_variant("double-first"), 3)
    game.apply(Resign(0))
    info = store.MatchInfo(cpu_level="easy", names=("You", "CPU"), human_seat=0)
    assert not store.finish_match(game, info).problem
    assert store.autosave(new_game(load_variant("classic"), 9), info) is None
    app = menu_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle_and_read(pilot)
        text = line(app)
        assert "c Continue" in text and "t Statistics" in text
        x = text.index("Statistics")
        await pilot.click(KeyBar, offset=(x, 0))
        await pilot.pause()
        assert type(app.screen).__name__ == "StatsScreen"


async def test_the_table_styles_are_read_when_the_first_other_screen_opens() -> None:
    app = menu_app()
    css = str(DominoesApp.TABLE_CSS)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert not app.stylesheet.has_source(css)  # the start menu is drawn without them
        await pilot.press("n")
        await pilot.pause()
        assert app.stylesheet.has_source(css)
        await pilot.press("s")  # Start: the table, styled (the felt's green)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.screen.styles.background.hex == "#0F3D2E"


async def test_a_table_opened_without_the_menu_is_styled_too() -> None:
    app = DominoesApp(seed=5, level="easy", delay=0, player_factory=first_legal)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.stylesheet.has_source(str(DominoesApp.TABLE_CSS))
        assert app.screen.styles.background.hex == "#0F3D2E"


class KeysScreen(Screen[None]):
    """Three keys: one always there, one shown but not usable until ``ready``, and Quit."""

    BINDINGS = [
        Binding("a", "go", "Go"),
        Binding("b", "later", "Later", tooltip="Only when it is ready"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.ready = False
        self.done: list[str] = []

    def compose(self) -> ComposeResult:
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "later":
            return True if self.ready else None  # None: shown, dimmed, not usable
        return True

    def action_go(self) -> None:
        self.done.append("go")

    def action_later(self) -> None:
        self.done.append("later")


class KeysApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(KeysScreen())


async def test_a_key_that_cannot_be_used_now_is_dimmed_and_a_click_on_it_rings_the_bell(
    monkeypatch,
) -> None:
    app = KeysApp()
    bells: list[int] = []
    monkeypatch.setattr(app, "bell", lambda: bells.append(1))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, KeysScreen)
        text = line(app)
        assert text.startswith(" a Go  b Later  q Quit ") and "palette" not in text
        bar = app.screen.query_one(KeyBar)
        start = text.index("Later")
        assert bar.render().get_style_at_offset(app.console, start).dim
        assert not bar.render().get_style_at_offset(app.console, text.index("Go")).dim
        await pilot.click(KeyBar, offset=(start, 0))
        await pilot.pause()
        assert bells == [1] and screen.done == []
        await pilot.click(KeyBar, offset=(text.index("Go"), 0))
        await pilot.pause()
        assert screen.done == ["go"]
        # the screen's bindings change: the line is drawn again, the key now usable
        screen.ready = True
        screen.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert not bar.render().get_style_at_offset(app.console, start).dim
        await pilot.click(KeyBar, offset=(start, 0))
        await pilot.pause()
        assert screen.done == ["go", "later"] and bells == [1]


async def test_the_key_under_the_pointer_is_highlighted_and_shows_its_tooltip() -> None:
    app = KeysApp()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        text = line(app)
        before = bar.render()
        await pilot.hover(KeyBar, offset=(text.index("Later"), 0))
        await pilot.pause()
        assert bar.tooltip == "Only when it is ready"
        hovered = bar.render()
        at = text.index("Later")
        assert hovered.plain == before.plain
        assert hovered.get_style_at_offset(app.console, at) != before.get_style_at_offset(
            app.console, at
        )
        assert hovered.get_style_at_offset(app.console, 1) == before.get_style_at_offset(
            app.console, 1
        )  # "a Go" is as it was
        await pilot.hover(KeyBar, offset=(text.index("Go"), 0))  # a key without a tooltip
        await pilot.pause()
        assert bar.tooltip is None


async def test_the_tables_key_line_follows_its_bindings_and_keeps_its_room() -> None:
    app = make_app("classic", seed=5)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        text = line(app)
        assert "⏎ Play" in text and "h Hint" in text and "q Quit" in text
        assert "palette" not in text  # Ctrl+P works, but the line keeps its room
        x = text.index("Log")
        await pilot.click(KeyBar, offset=(x, 0))
        await pilot.pause()
        assert type(app.screen).__name__ == "LogScreen"
