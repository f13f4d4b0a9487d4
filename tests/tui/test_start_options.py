"""The start menu and the table options (issue 4), by key presses; snapshots of both."""

from __future__ import annotations

import json

import pytest
from conftest import first_legal, focus_row, make_app, settle, settle_and_read

from dominoes_tui import options, store
from dominoes_tui.engine import load_variant, new_game
from dominoes_tui.engine.rules import follow
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.dialogs import RulesScreen
from dominoes_tui.tui.screens.options import OptionsScreen
from dominoes_tui.tui.screens.start import StartScreen, playable_variants
from dominoes_tui.tui.screens.table import TableScreen

SIZE = (100, 32)
SIZES = [pytest.param((100, 32), id="100x32"), pytest.param((80, 24), id="80x24")]


def menu_app(**kw) -> DominoesApp:
    return DominoesApp(
        start_menu=True, seed=5, level="easy", delay=0, player_factory=first_legal, **kw
    )


def menu_entries(app: DominoesApp) -> list[str]:
    menu = app.screen.query_one("#menu")
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)]


async def open_options(pilot, variant: str) -> OptionsScreen:
    """From the start menu: Tab to the houses, walk down to ``variant``, Enter."""
    await settle(pilot)
    names = list(playable_variants())
    if pilot.app.focused is not pilot.app.screen.query_one("#houses"):
        await pilot.press("tab")
    await pilot.press("home")
    for _ in range(names.index(variant)):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, OptionsScreen) and screen.base.name == variant
    return screen


async def test_start_menu_shows_only_what_there_is() -> None:
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        assert menu_entries(app) == [
            "new",
            "daily",
            "howto",
            "rules",
            "settings",
            "quit",
        ]  # no save, no history
        houses = app.screen.query_one("#houses")
        text = str(houses.get_option_at_index(0).prompt)
        assert "classic" in text and load_variant("classic").description in text
        assert houses.option_count == len(playable_variants())


# every control of these houses, one press of → each (the next choice along), each
# control in the first house that has it: tests/table/test_options.py checks every
# house's choices headlessly, this the screen's rows. One app a house: each row is
# changed and put back in turn, the last one changed reaches the table.
CONTROLS: dict[str, list[str]] = {}
for _key, _name in {
    c.key: name
    for name in reversed(("classic", "double-first", "pub-draw", "draw", "standard-draw"))
    for c in options.controls_for(load_variant(name))
    if c.key != "players"
}.items():
    CONTROLS.setdefault(_name, []).append(_key)


@pytest.mark.parametrize("variant", list(CONTROLS))
async def test_each_control_changes_the_game_that_starts(variant: str) -> None:
    base = load_variant(variant)
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_options(pilot, variant)
        for key in CONTROLS[variant]:
            control = next(c for c in options.controls_for(base) if c.key == key)
            now = control.choices.index(getattr(base, key))
            want = control.choices[(now + 1) % len(control.choices)]
            await focus_row(pilot, key)
            await pilot.press("right")
            assert screen.reason is None, key
            assert getattr(screen.rules, key) == want
            # only that setting changed, with the settings the engine says follow from it
            assert set(screen.rules.differences(base)) == set(follow(base, {key: want})), key
            if key != CONTROLS[variant][-1]:
                await pilot.press("left")
                assert screen.rules == base, key
        await pilot.pause()
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert getattr(app.table.game.rules, key) == want
        assert set(app.table.game.rules.differences(base)) == set(follow(base, {key: want}))


async def test_cpu_level_control_sets_the_opponent() -> None:
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_options(pilot, "classic")
        row = await focus_row(pilot, options.LEVEL_KEY)
        assert row.value == "easy"
        await pilot.press("right", "right")
        await pilot.press("s")
        await settle(pilot)
        assert app.table.session.level == "hard" and app.level == "hard"


async def test_opponent_name_control_names_the_cpu_and_is_remembered() -> None:
    """Issue 4, Opponent: the name shows at the table with the level; kept for next time."""
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_options(pilot, "classic")
        row = await focus_row(pilot, options.NAME_KEY)
        assert row.value == "CPU"
        await pilot.press("right")  # Ada
        await pilot.press("s")
        await settle(pilot)
        assert app.table.session.cpu.name == "Ada (Easy)"
        assert "Ada (Easy)" in str(app.table.query_one("#seats").render())
        assert app.table.session.info.names == ("You", "Ada (Easy)")
    assert options.remembered_name("classic") == "Ada"
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_options(pilot, "classic")
        assert (await focus_row(pilot, options.NAME_KEY)).value == "Ada"


async def test_opponent_name_survives_a_resume() -> None:
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_options(pilot, "classic")
        await focus_row(pilot, options.NAME_KEY)
        await pilot.press("right", "right")  # Bruno
        await pilot.press("s")
        await settle(pilot)
        await pilot.press("enter")  # a move, so the match is saved
        await settle(pilot)
        assert app.table.game.log
    res = store.load_autosave()
    assert res.ok and res.saved is not None
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.resume_saved(res.saved)
        await settle(pilot)
        assert app.table.session.cpu.name == "Bruno (Easy)"


def widen_draw_hand_size() -> None:
    """A player's own file lets the draw game offer 14 tiles each (R-V-2: it may widen
    the options), a deal the engine refuses (R-D-3: nothing left to draw)."""
    home = options.options_path().parent
    home.mkdir(parents=True, exist_ok=True)
    (home / "variants.toml").write_text("[draw.options]\nhand_size = [7, 14]\n")


async def test_refused_combination_keeps_start_disabled_and_says_why() -> None:
    widen_draw_hand_size()
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_options(pilot, "draw")
        await focus_row(pilot, "hand_size")
        await pilot.press("right")  # 14 tiles each in a draw game: the engine refuses
        await pilot.pause()
        refused = str(screen.query_one("#refused").render())
        assert refused.startswith("Cannot start: Tiles per hand:") and "boneyard" in refused
        assert "R-" not in refused  # no rule IDs for players
        assert screen.query_one("#start").disabled
        await pilot.press("s")
        await pilot.pause()
        assert app.screen is screen  # Start did nothing
        await pilot.press("right")  # back to 7
        await pilot.pause()
        assert str(screen.query_one("#refused").render()) == ""
        assert not screen.query_one("#start").disabled


async def test_R_D_4_players_set_the_tiles_per_hand() -> None:
    """R-D-4: in the standard rules Players sets the deal: 2 take 7, 3 or 4 take 5; the
    Players row says so, and the game that starts deals it."""
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_options(pilot, "standard-draw")
        row = await focus_row(pilot, "players")
        assert "2 (7 tiles each)" in str(row.render())
        for players, tiles_each in ((3, 5), (4, 5), (2, 7), (3, 5)):
            await pilot.press("right")
            await pilot.pause()
            assert screen.reason is None
            assert (screen.rules.players, screen.rules.hand_size) == (players, tiles_each)
            assert f"{players} ({tiles_each} tiles each)" in str(row.render())
        summary = str(screen.query_one("#summary").render())
        assert "players 3 (house: 2)" in summary and "tiles per hand 5 (house: 7)" in summary
        await pilot.press("s")
        await settle(pilot)
        g = app.table.game
        assert (g.rules.players, g.rules.hand_size) == (3, 5)
        dealt = new_game(g.rules, g.seed)
        assert [len(dealt.hand(s)) for s in range(3)] == [5, 5, 5]


async def test_R_D_4_players_move_a_tiles_per_hand_row_too() -> None:
    """R-D-4: where a house offers both, changing Players sets Tiles per hand to the
    house's deal for that many players; Tiles per hand can then be changed on its own."""
    home = options.options_path().parent
    home.mkdir(parents=True, exist_ok=True)
    (home / "variants.toml").write_text(
        '[mine]\nbase = "standard-draw"\noptions = { players = [2, 3, 4], hand_size = [7, 6, 5] }\n'
    )
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_options(pilot, "mine")
        await focus_row(pilot, "players")
        await pilot.press("right")  # 3 players
        await pilot.pause()
        assert screen.choices["hand_size"] == 5
        assert "◀ 5 ▶" in str(screen.query_one("#opt-hand_size").render())
        row = await focus_row(pilot, "hand_size")
        await pilot.press("left")  # 6 each, the player's own choice
        await pilot.pause()
        assert row.value == 6 and screen.rules.hand_size == 6 and screen.rules.players == 3


async def test_summary_line_and_reset_to_house_rules() -> None:
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_options(pilot, "classic")
        await pilot.press("right")  # target 201
        await focus_row(pilot, "full_fish")
        await pilot.press("right")
        await pilot.pause()
        summary = str(screen.query_one("#summary").render())
        assert "full fish on" in summary and "target 201 (house: 101)" in summary
        await pilot.press("x")  # asked first: reset every setting?
        await pilot.pause()
        assert "Reset every setting" in str(app.screen.query_one("#dialog-title").render())
        await pilot.press("y")
        await pilot.pause()
        assert "house's own rules" in str(screen.query_one("#summary").render())
        assert screen.rules == load_variant("classic")


async def test_R_T_4_classic_starts_with_a_15_minute_clock() -> None:
    """R-T-4: classic's table options start at 15 minutes each, and the table runs them."""
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_options(pilot, "classic")
        row = await focus_row(pilot, "clock_minutes")
        assert row.value == 15 and "◀ 15 min ▶" in str(row.render())
        await pilot.press("s")
        await settle(pilot)
        assert app.table.rules.clock_minutes == 15 and app.table.session.clock.seconds == 15 * 60


async def test_custom_clock_minutes() -> None:
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_options(pilot, "classic")
        await focus_row(pilot, "clock_minutes")
        await pilot.press("left", "plus", "plus")  # from the house's 15: 10 minutes, then 12
        await pilot.pause()
        assert screen.choices["clock_minutes"] == 12
        assert "(custom)" in str(screen.focused.render())
        await pilot.press("s")
        await settle(pilot)
        assert app.table.rules.clock_minutes == 12
        assert app.table.session.clock.seconds == 12 * 60


async def test_options_are_remembered_per_variant() -> None:
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_options(pilot, "classic")
        await pilot.press("right", "right")  # target 301
        await focus_row(pilot, "rule_of_13")
        await pilot.press("right")  # off
        await focus_row(pilot, options.LEVEL_KEY)
        await pilot.press("right")  # medium
        await pilot.press("s")
        await settle(pilot)
    saved = json.loads(options.options_path().read_text())
    assert saved["classic"]["target"] == 301 and saved["classic"]["rule_of_13"] is False
    app = menu_app()  # a later run
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_options(pilot, "classic")
        assert screen.choices["target"] == 301 and screen.choices["rule_of_13"] is False
        assert screen.level == "medium"
        assert "rule of 13 off" in str(screen.query_one("#summary").render())
        await pilot.press("escape")
        await pilot.pause()
        screen = await open_options(pilot, "draw")  # another house keeps its own
        assert screen.rules == load_variant("draw")


async def test_rules_entry_explains_the_highlighted_house() -> None:
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("tab", "down")  # draw
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.rules.name == "draw"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_continue_resumes_the_autosave() -> None:
    rules = load_variant("classic")
    game = new_game(rules, 9)
    info = store.MatchInfo(cpu_level="easy", names=("You", "CPU"), human_seat=0)
    assert store.autosave(game, info) is None
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert menu_entries(app)[:2] == ["new", "continue"]
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.table.game.seed == 9


async def test_a_corrupt_save_is_explained_and_a_new_game_offered() -> None:
    path = store.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not json", encoding="utf-8")
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        # the menu reads the save after its first frame (to say what Continue resumes):
        # an unusable one is said at once, and Continue goes away
        await settle_and_read(pilot)
        problem = str(app.screen.query_one("#start-problem").render())
        assert "cannot be used" in problem and len(problem.splitlines()[0]) > 10
        assert "continue" not in menu_entries(app)
        await pilot.press("enter")  # the highlighted entry is New game
        await pilot.pause()
        assert isinstance(app.screen, OptionsScreen)


async def test_statistics_once_a_match_is_recorded() -> None:
    from dominoes_tui.engine import Resign

    game = new_game(load_variant("double-first"), 3)
    game.apply(Resign(0))
    info = store.MatchInfo(cpu_level="easy", names=("You", "CPU"), human_seat=0)
    assert not store.finish_match(game, info).problem
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle_and_read(pilot)
        assert "stats" in menu_entries(app)
        await pilot.press("t")
        await pilot.pause()
        assert type(app.screen).__name__ == "StatsScreen"


async def test_quit_from_the_menu() -> None:
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


@pytest.mark.parametrize("size", SIZES)
def test_start_menu_snapshot(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()

    assert snap_compare(menu_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_options_snapshot(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await open_options(pilot, "classic")
        await pilot.press("right")  # target 201
        await focus_row(pilot, "bonus_first_last")
        await pilot.press("right")
        await pilot.pause()

    assert snap_compare(menu_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_options_double_first_snapshot(snap_compare, size) -> None:
    """R-DF-1..3: the rematch swap off, any opening tile, cannot draw when you can play."""

    async def run_before(pilot) -> None:
        await open_options(pilot, "double-first")
        await focus_row(pilot, "rematch_swaps_opener")
        await pilot.press("right")
        await focus_row(pilot, "opening")
        await pilot.press("right")
        await focus_row(pilot, "drawing")
        await pilot.press("right")
        await pilot.pause()

    assert snap_compare(menu_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_options_three_players_snapshot(snap_compare, size) -> None:
    """R-D-4: standard draw with 3 players deals 5 tiles each, and says so."""

    async def run_before(pilot) -> None:
        await open_options(pilot, "standard-draw")
        await focus_row(pilot, "players")
        await pilot.press("right")
        await pilot.pause()

    assert snap_compare(menu_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_options_refused_snapshot(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await open_options(pilot, "draw")
        await focus_row(pilot, "hand_size")
        await pilot.press("right")  # 14 tiles each: refused
        await pilot.pause()

    widen_draw_hand_size()
    assert snap_compare(menu_app(), terminal_size=size, run_before=run_before)


# ------------------------------------------------------------ the same options as flags
@pytest.fixture
def opened(monkeypatch):
    from dominoes_tui.tui import app as tui_app

    calls: list[dict] = []
    monkeypatch.setattr(tui_app, "run_app", lambda **kw: calls.append(kw))
    return calls


def test_play_flags_set_the_same_options(opened) -> None:
    from typer.testing import CliRunner

    from dominoes_tui import cli

    args = ["play", "--variant", "classic", "--target", "201", "--no-rule-of-13"]
    args += ["--full-fish", "--clock", "15", "--bonuses", "--first-double", "--two-doubles"]
    result = CliRunner().invoke(cli.app, args)
    assert result.exit_code == 0, result.output
    rules = opened[0]["rules"]
    base = load_variant("classic")
    assert rules == options.apply_choices(
        base,
        {
            "target": 201,
            "rule_of_13": False,
            "full_fish": True,
            "clock_minutes": 15,
            "bonus_first_last": {"6-6": 50, "0-0": 25},
            "next_lead": "double_if_held",
            "two_doubles": True,
        },
    )


def test_play_flags_for_double_first_and_pub_draw(opened) -> None:
    from typer.testing import CliRunner

    from dominoes_tui import cli

    args = ["play", "-v", "double-first", "--turn-limit", "30", "--drawing", "until_playable"]
    assert CliRunner().invoke(cli.app, args).exit_code == 0
    assert opened[-1]["rules"].turn_seconds == 30
    assert opened[-1]["rules"].drawing == "until_playable"
    args = ["play", "-v", "pub-draw", "--reserve", "2", "--target", "150"]
    assert CliRunner().invoke(cli.app, args).exit_code == 0
    assert opened[-1]["rules"].reserve == 2 and opened[-1]["rules"].target == 150


def test_play_flags_the_engine_refuses_are_one_sentence(opened) -> None:
    from typer.testing import CliRunner

    from dominoes_tui import cli

    # R-V-2: a player's own file may offer 14 tiles; the engine still refuses the deal
    home = options.options_path().parent
    home.mkdir(parents=True, exist_ok=True)
    (home / "variants.toml").write_text("[draw.options]\nhand_size = [7, 14]\n")
    result = CliRunner().invoke(cli.app, ["play", "-v", "draw", "--hand-size", "14"])
    assert result.exit_code == 2 and not opened
    assert "Error: draw: Tiles per hand: a draw game must leave" in result.output
    assert "Traceback" not in result.output and len(result.output.splitlines()) == 1


async def test_new_game_after_a_match_uses_the_remembered_options() -> None:

    from dominoes_tui.tui.screens.dialogs import MatchOverScreen

    options.remember("classic", {"target": 301, "full_fish": True})
    app = make_app("double-first", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r", "y")  # resign: the match is over
        await settle(pilot)
        assert isinstance(app.screen, MatchOverScreen)
        await pilot.press("n")  # the start menu's houses, then the table options
        await pilot.pause()
        assert isinstance(app.screen, StartScreen) and app.focused.id == "houses"
        await pilot.press("home", "enter")  # classic, the first house
        await pilot.pause()
        assert isinstance(app.screen, OptionsScreen)
        await pilot.press("s")
        await settle(pilot)
        rules = app.table.rules
        assert rules.name == "classic" and rules.target == 301 and rules.full_fish
