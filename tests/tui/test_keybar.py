"""The start menu's key line (KeyBar) and the table's styles read when first needed
(issue 10: the start menu's first frame, benchmarks/startup.py)."""

from __future__ import annotations

from conftest import first_legal, settle

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
        await settle(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
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
