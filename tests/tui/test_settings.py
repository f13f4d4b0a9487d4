"""The Settings screen, the themes and the bell (issue 25): the player's own settings,
the same at every house, kept in their settings file."""

from __future__ import annotations

import json

import pytest
from conftest import make_app, said_in_passing, settle
from rich.style import Style

from dominoes_tui.engine import load_variant
from dominoes_tui.store import player, settings
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.options import ChoiceRow, OptionsScreen
from dominoes_tui.tui.screens.review import MARK_STYLES
from dominoes_tui.tui.screens.settings import ROWS, SettingRow, SettingsScreen
from dominoes_tui.tui.screens.start import StartScreen
from dominoes_tui.tui.screens.table import TIP_STYLE, TIP_TITLE_STYLE, TableScreen
from dominoes_tui.tui.themes import CONTRAST, DARK, LIGHT, THEMES, colour_map

SIZE = (80, 24)
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((100, 32), id="100x32")]


def kept() -> dict:
    return json.loads(settings.settings_path().read_text(encoding="utf-8"))


async def menu_up(pilot) -> None:
    for _ in range(100):
        await pilot.pause()
        if isinstance(pilot.app.screen, StartScreen) and pilot.app.first_frame_shown:
            return
    raise AssertionError("no start menu")


# ------------------------------------------------------------ the screen
async def test_every_row_changes_and_is_kept_at_once() -> None:
    app = DominoesApp(start_menu=True)
    async with app.run_test(size=SIZE) as pilot:
        await menu_up(pilot)
        await pilot.press("s")  # the start menu's Settings
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        rows = list(screen.query(SettingRow))
        assert [r.key for r in rows] == list(ROWS)
        assert app.focused is rows[0]
        for i, row in enumerate(rows):
            assert app.focused is row
            before = row.value
            await pilot.press("right")
            await pilot.pause()
            assert row.value != before
            if row.key == "coach":
                assert player.load_player().level == row.value
            else:
                assert kept()[row.key] == row.value
                assert getattr(settings.load_settings(), row.key) == row.value
            await pilot.press("left")  # back again, and once more forward with Enter
            assert (
                kept().get(row.key) if row.key != "coach" else player.load_player().level
            ) == before
            await pilot.press("enter")
            await pilot.pause()
            if i < len(rows) - 1:
                await pilot.press("down")
        assert app.theme == LIGHT  # dark -> light, kept, and applied at once
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
    mine = settings.load_settings()
    assert (mine.pace, mine.tiles, mine.clock, mine.log, mine.bell, mine.theme) == (
        "fast",
        "unicode",
        0,
        False,
        True,
        LIGHT,
    )
    assert player.load_player().level == "auto"  # conftest's "off" -> "auto" (the list wraps)


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_a_new_players_coach_row_reads_whole(size) -> None:
    """A new player's Coach row (its longest value: the guided matches to go) and the
    line under it fit the row: nothing cut at 80 columns."""
    settings.settings_path().write_text("{}", encoding="utf-8")  # a new player
    app = DominoesApp(start_menu=True)
    async with app.run_test(size=size) as pilot:
        await menu_up(pilot)
        await pilot.press("s")
        await pilot.pause()
        row = app.screen.query_one("#setting-coach", SettingRow)
        assert player.load_player().level == "auto"
        text = row.render()
        assert "to go" in text.plain
        width = row.content_region.width
        assert max(line.cell_len for line in text.split("\n")) <= width


async def test_the_options_screen_keeps_the_house_rules_only() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.push_screen(OptionsScreen(load_variant("classic"), ("easy", "hard"), "easy"))
        await pilot.pause()
        keys = {row.key for row in app.screen.query(ChoiceRow)}
        # the player's own settings stay on Settings; the Coach is shown here too (the
        # same setting, issue 24), never kept with the house's options
        assert keys & {"pace", "tiles", "coach", "strategy_coach", "theme", "bell", "log"} == {
            "coach"
        }
        assert "Player" not in {str(s.render()) for s in app.screen.query(".group")}


async def test_settings_and_theme_are_in_the_palette() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Settings")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Theme")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("enter")  # Textual's theme picker, our themes only
        await pilot.pause()
        await pilot.pause()
        assert set(app.available_themes) == set(THEMES)
        # the picker names the themes in words, as the Settings screen does, not by id
        await app.workers.wait_for_complete()
        await pilot.pause()
        listed = [str(o.prompt) for o in app.screen.query_one("CommandList").options]
        listed = [x.plain if hasattr(x, "plain") else x for x in listed]
        assert sorted(listed) == ["Dark felt", "High contrast", "Light"], listed
        await pilot.press(*"contrast")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.theme == CONTRAST
        assert isinstance(app.screen, TableScreen)
        app.push_screen(SettingsScreen())
        await pilot.pause()
        row = app.screen.query_one("#setting-theme", SettingRow)
        assert row.value == CONTRAST
        app.theme = LIGHT  # the theme picker over the Settings screen: its row follows
        await pilot.pause()
        await pilot.pause()
        assert row.value == LIGHT and "light" in str(row.render())
    assert settings.load_settings().theme == LIGHT


async def test_the_kept_theme_is_applied_on_start() -> None:
    settings.remember_setting("theme", CONTRAST)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.theme == CONTRAST and app.has_class(f"-theme-{CONTRAST}")
        assert app.get_css_variables()["felt"] == THEMES[CONTRAST].variables["felt"]
        assert app.screen.styles.background.hex == "#000000"  # the felt follows $felt


async def test_a_bad_setting_is_said_once_and_the_default_used() -> None:
    settings.remember("theme", "solarized")
    settings.remember("pace", 3)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.theme == DARK
        said = said_in_passing(app)  # at the table: under its move log, not as toasts
        assert said == [
            "Settings: Pace 3 is not one of its choices; normal: about 1 s a move is used.",
            'Settings: Theme "solarized" is not one of its choices; dark felt is used.',
        ]
        assert not list(app._notifications)
        app.push_screen(SettingsScreen())  # opening the settings says nothing more
        await pilot.pause()
        assert said_in_passing(app) == said


def test_no_theme_colour_is_changed_twice() -> None:
    """The widgets' own colours are the dark felt's, mapped to the theme's: no theme's own
    colour is one that the map would change again."""
    for name, theme in THEMES.items():
        table = colour_map(name)
        assert not [c for c in theme.variables.values() if table.get(c, c) != c], name
    assert colour_map(DARK) == {}


@pytest.mark.parametrize("theme", [LIGHT, CONTRAST])
def test_the_coachs_tip_and_the_review_marks_follow_the_theme(theme) -> None:
    """The coach's tip and the review's marks paint with the dark felt's colours, which
    the theme filter maps: they read in the light theme too."""
    table = colour_map(theme)
    styles = [*MARK_STYLES.values(), TIP_TITLE_STYLE, TIP_STYLE]
    colours = {Style.parse(s).color.triplet.hex for s in styles}
    assert colours and not [c for c in colours if c not in table], theme


# ------------------------------------------------------------ the table follows
@pytest.mark.parametrize("on", [True, False])
async def test_the_bell_rings_when_it_becomes_your_turn(monkeypatch, on) -> None:
    rings = []
    monkeypatch.setattr(DominoesApp, "bell", lambda self: rings.append(self.table.my_turn))
    settings.remember_setting("bell", on)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        assert table.my_turn and rings == []  # a table that opens on your turn: no bell
        back = 0
        for _ in range(3):
            await pilot.press("enter")  # you lay, the CPU answers (draws, then plays)
            await settle(pilot)
            assert table.game.events[-1].seat == 1  # the CPU's move came between
            back += table.my_turn
        assert back == 3
        await pilot.press("l")  # a repaint that is not a new turn: no bell
        await pilot.pause()
    assert rings == ([True] * back if on else [])


async def test_the_move_log_follows_the_setting_at_once() -> None:
    settings.remember_setting("log", False)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        side = app.screen.query_one("#side")
        assert not side.display and app.screen.query_one("#line").size.width == SIZE[0]
        app.push_screen(SettingsScreen())
        await pilot.pause()
        app.screen.query_one("#setting-log", SettingRow).focus()
        await pilot.press("right")
        await pilot.press("escape")
        await pilot.pause()
        assert side.display and app.screen.query_one("#line").size.width < SIZE[0]
    assert settings.load_settings().log is True


# ------------------------------------------------------------ snapshots
@pytest.mark.parametrize("theme", [DARK, LIGHT, CONTRAST])
def test_table_in_each_theme(snap_compare, theme) -> None:
    settings.remember_setting("theme", theme)

    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter")  # lead 1-1; the CPU answers
        await settle(pilot)

    assert snap_compare(make_app("classic", seed=5), terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_settings_screen(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await menu_up(pilot)
        await pilot.press("s", "down", "down")
        await pilot.pause()

    assert snap_compare(DominoesApp(start_menu=True), terminal_size=size, run_before=run_before)
