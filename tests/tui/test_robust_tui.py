"""Issue 14 in the app: markup in a player's names never crashes a screen, a broken
variants.toml never stops the start menu or a resume, a remembered option the house no
longer lists falls back with a note, damaged history rows are skipped with a note, and a
second window on one home folder opens no table and touches no save."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import first_legal, said_in_passing, settle
from typer.testing import CliRunner

from dominoes_tui import cli, options, store
from dominoes_tui.engine import Resign, load_variants, new_game
from dominoes_tui.store.history import DB_NAME
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.dialogs import RulesScreen
from dominoes_tui.tui.screens.options import ChoiceRow, OptionsScreen
from dominoes_tui.tui.screens.replay import ReplayScreen
from dominoes_tui.tui.screens.start import TABLE_LAYOUTS, StartScreen
from dominoes_tui.tui.screens.stats import StatsScreen
from dominoes_tui.tui.screens.table import TableScreen

SIZE = (100, 32)
ROOT = Path(__file__).resolve().parents[2]
MARKUP = "[/b]"
MARKUP_FILE = (
    '["[/b]"]\nbase = "draw"\ndescription = "[red]unclosed [/b] [link=x]y [/]"\n'
    'house = "[bold]House[/]"\n\n'
    '["[red]x"]\nbase = "classic"\ndescription = "[/]"\n'
)


def home() -> Path:
    return Path(os.environ["DOMINOES_TUI_HOME"])


def menu_app(**kw) -> DominoesApp:
    return DominoesApp(
        start_menu=True, seed=5, level="easy", delay=0, player_factory=first_legal, **kw
    )


def notes(app) -> list[str]:
    return said_in_passing(app)


async def to_house(pilot, name: str) -> None:
    """On the start menu: Tab to the houses and highlight ``name``."""
    screen = pilot.app.screen
    names = list(screen.variants)
    if pilot.app.focused is not screen.query_one("#houses"):
        await pilot.press("tab")
    await pilot.press("home")
    for _ in range(names.index(name)):
        await pilot.press("down")
    await pilot.pause()


# ------------------------------------------------------------------ markup
async def test_markup_in_a_variants_name_and_words_crashes_no_screen() -> None:
    (home() / "variants.toml").write_text(MARKUP_FILE, encoding="utf-8")
    app = menu_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen) and MARKUP in app.screen.variants
        await to_house(pilot, MARKUP)
        note = app.screen.query_one("#start-note").render()
        assert MARKUP in str(note)
        await pilot.press("r")  # the rules of the highlighted house
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.rules.name == MARKUP
        await pilot.press("escape")
        await to_house(pilot, "[red]x")
        await pilot.press("enter")  # its table options
        await pilot.pause()
        assert isinstance(app.screen, OptionsScreen) and app.screen.base.name == "[red]x"
        await pilot.press("escape")
        await to_house(pilot, MARKUP)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, OptionsScreen) and app.screen.base.name == MARKUP
        await pilot.press("s")  # sit down at its table
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.table.rules.name == MARKUP
        app.new_game()  # the houses' list shows every house's words
        await pilot.pause()
        assert isinstance(app.screen, StartScreen) and MARKUP in app.screen.variants
        await pilot.press("escape")
        await pilot.pause()
        assert app._exception is None


def _record_markup_match(variant: str = MARKUP) -> int:
    rules = load_variants()[variant].replace(resign=True)
    g = new_game(rules, 3)
    g.apply(Resign(0))
    info = store.MatchInfo(cpu_level="easy", names=("You", "CPU"), now=lambda: 0.0)
    rec = store.finish_match(g, info)
    assert rec.problem is None
    return rec.history_id


async def open_stats(pilot) -> StatsScreen:
    """Open the statistics and wait until they have read the history (a worker thread, which
    exists only once the screen is mounted: waiting for the workers before then waits for none)."""
    app = pilot.app
    screen = StatsScreen()
    await app.push_screen(screen)
    for _ in range(500):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if screen.stats is not None or screen.problem:
            return screen
    raise AssertionError("the statistics never read the history")


async def test_markup_in_recorded_names_shows_in_statistics_and_replay() -> None:
    (home() / "variants.toml").write_text(MARKUP_FILE, encoding="utf-8")
    mid = _record_markup_match()
    with store.History()._db() as conn:  # an old row with a name nobody checked
        conn.execute("UPDATE matches SET players = ? WHERE id = ?", ('["You", "[/b]CPU"]', mid))
    app = menu_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        screen = await open_stats(pilot)
        assert screen.recent_ids == [mid]
        await pilot.press("enter")  # replay it
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end")
        await pilot.pause()
        assert app._exception is None
    res = CliRunner().invoke(cli.app, ["stats"])
    assert res.exit_code == 0 and MARKUP in res.stdout


# ------------------------------------------------------------------ a broken variants.toml
@pytest.mark.parametrize(
    "text",
    [b'[classic]\ndescription = "caf\xe9"\n', b'[classic]\ntarget = "lots"\n', b"[classic\n"],
    ids=["not-utf8", "bad-value", "bad-toml"],
)
async def test_a_broken_variants_file_still_opens_the_start_menu(text: bytes) -> None:
    path = home() / "variants.toml"
    path.write_bytes(text)
    app = menu_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        builtin = load_variants(include_user=False)
        assert {n for n, r in builtin.items() if r.layout in TABLE_LAYOUTS} <= set(
            app.screen.variants
        )
        said = [n for n in notes(app) if str(path) in n]
        assert len(said) == 1 and "\n" not in said[0]
        await pilot.press("n")  # the built-in houses play
        await pilot.pause()
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)


async def test_resume_plays_a_saved_house_even_when_the_file_broke_since() -> None:
    """A save carries its own rules: ``--resume`` (and Continue) work with a broken file."""
    path = home() / "variants.toml"
    path.write_text('[mine]\nbase = "draw"\ntarget = 50\n', encoding="utf-8")
    rules = load_variants()["mine"]
    game = new_game(rules, 4)
    game.apply(game.legal_actions()[0])
    assert store.autosave(game, store.MatchInfo(cpu_level="easy", names=("You", "CPU"))) is None
    path.write_text("[mine\n", encoding="utf-8")
    app = DominoesApp(resume=True, delay=0, player_factory=first_legal)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.table.rules.name == "mine" and app.table.rules.target == 50
        assert app.resume_problem is None


# ------------------------------------------------------------------ remembered options
def _remember(variant: str, **choices) -> None:
    path = options.options_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({variant: choices}), encoding="utf-8")


@pytest.mark.parametrize(
    "key, remembered, listed",
    [
        ("bonus_first_last", {"6-6": 50, "0-0": 25}, "[{}]"),
        ("full_fish", True, "[false]"),
        ("target", 501, "[101, 201]"),
    ],
)
async def test_a_remembered_choice_the_house_dropped_falls_back_with_a_note(
    key, remembered, listed
) -> None:
    """The player changed their variants.toml after choosing: ←/→ must not crash and the
    house's own value is set, with a note."""
    _remember("classic", **{key: remembered})
    (home() / "variants.toml").write_text(
        f"[classic.options]\n{key} = {listed}\n", encoding="utf-8"
    )
    house = load_variants()["classic"]
    # a new game from the match-over screen (remembered_rules) plays the house's value too
    assert getattr(options.remembered_rules(house), key) == getattr(house, key)
    app = menu_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OptionsScreen)
        assert screen.choices[key] == getattr(house, key)
        row = screen.query_one(f"#opt-{key}", ChoiceRow)
        row.focus()
        for k in ("right", "left", "left", "right"):
            await pilot.press(k)
        await pilot.pause()
        assert app._exception is None
        assert row.value in row.choices
        assert any("no longer offered" in n for n in notes(app))


# ------------------------------------------------------------------ damaged history rows
async def test_damaged_history_rows_are_skipped_with_a_note_in_the_app() -> None:
    ids = [_record_markup_match("draw") for _ in range(3)]
    with store.History()._db() as conn:
        conn.execute("UPDATE matches SET log = 'garbage' WHERE id = ?", (ids[1],))
    app = menu_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        screen = await open_stats(pilot)
        assert screen.recent_ids == [ids[2], ids[0]]
        assert any("damaged" in n and str(ids[1]) in n for n in notes(app))
        screen.open_replay(ids[1])  # e.g. a number picked before the row was damaged
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen is screen and app._exception is None
        assert any(f"Match {ids[1]}" in n for n in notes(app))


# ------------------------------------------------------------------ two windows, one home
@pytest.fixture
def other_window():
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "store_lock_holder.py"), str(home())],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert proc.stdout.readline().startswith("held ")
    yield proc
    proc.kill()
    proc.wait(60)


async def test_a_second_window_opens_no_table_and_touches_no_save(other_window) -> None:
    save = store.autosave_path().read_bytes()
    app = menu_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("c")  # Continue: asked to watch or quit instead
        await pilot.pause()
        assert type(app.screen).__name__ == "OtherWindowScreen"
        assert "open in another dominoes window" in app.screen.problem
        await pilot.press("escape")  # back to the menu
        await pilot.press("n")  # New game: asked the same
        await pilot.pause()
        assert type(app.screen).__name__ == "OtherWindowScreen"
        await pilot.press("escape")
        await pilot.press("s")  # the menu's Settings: still no table
        await settle(pilot)
        assert app.table is None and type(app.screen).__name__ == "SettingsScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert app.table is None and isinstance(app.screen, StartScreen)
    assert store.autosave_path().read_bytes() == save
    assert not (home() / DB_NAME).exists() or store.History().matches() == []
    assert other_window.poll() is None


async def test_the_app_lets_the_lock_go_when_it_quits() -> None:
    app = menu_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("s")
        await settle(pilot)
        assert store.table_lock().held
    assert not store.table_lock().held  # the app ended: the lock is let go


# ------------------------------------------------------------------ no terminal
def _run(args: list[str], stdin, stdout) -> subprocess.CompletedProcess:
    env = {**os.environ, "DOMINOES_TUI_HOME": str(home())}
    return subprocess.run(
        [sys.executable, "-m", "dominoes_tui.cli", *args],
        env=env,
        cwd=ROOT,
        stdin=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("args", [[], ["play"], ["replay"]], ids=["bare", "play", "replay"])
def test_the_app_commands_need_a_terminal(args, tmp_path) -> None:
    """``dominoes play > log.txt``, cron, CI: one sentence and exit 1, never a hang."""
    import pty

    if args == ["replay"]:
        _record_markup_match("draw")
    out = tmp_path / "out.txt"
    master, slave = pty.openpty()
    try:
        for stdin, stdout in ((slave, out.open("w")), (subprocess.DEVNULL, slave)):
            r = _run(args, stdin, stdout)
            assert r.returncode == 1, r.stderr
            assert "dominoes needs a terminal" in r.stderr and "Traceback" not in r.stderr
            assert len([x for x in r.stderr.splitlines() if x.strip()]) == 1
    finally:
        os.close(master)
        os.close(slave)


# ------------------------------------------------------------------ sentences quoting a file
def _save_with_markup_in_its_rules() -> None:
    game = new_game(load_variants()["draw"], 4)
    game.apply(game.legal_actions()[0])
    assert store.autosave(game, store.MatchInfo(cpu_level="easy", names=("You", "CPU"))) is None
    path = store.autosave_path()
    data = json.loads(path.read_text("utf-8"))
    data["settings"]["drawing"] = "[/b]"
    path.write_text(json.dumps(data), "utf-8")


async def test_a_resume_problem_quoting_markup_is_said_as_text() -> None:
    _save_with_markup_in_its_rules()
    app = DominoesApp(resume=True, delay=0, player_factory=first_legal)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)  # a new game instead
        assert app.resume_problem and "[/b]" in app.resume_problem
        assert any("[/b]" in n for n in notes(app))
        assert app._exception is None


async def test_giving_up_an_unusable_save_quoting_markup_is_said_as_text() -> None:
    _save_with_markup_in_its_rules()
    app = DominoesApp(
        rules=load_variants()["draw"], seed=3, level="easy", delay=0, player_factory=first_legal
    )
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        table = app.table
        table.session.commit(table.game.legal_actions()[0])  # the first save gives up the old one
        await settle(pilot)
        assert any("[/b]" in n for n in notes(app))
        assert app._exception is None
