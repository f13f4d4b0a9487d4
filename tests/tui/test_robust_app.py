"""Issue 14 in the app, second round: a save that fails at the table is set aside and
the player goes on; a double activation opens one screen; a second window gets a proper
choice; loading saves never blocks the screen."""

from __future__ import annotations

from conftest import first_legal, said_in_passing, settle, settle_and_read

from dominoes_tui import store
from dominoes_tui.engine import Resign, load_variant
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.start import StartScreen

SIZE = (100, 32)


def menu_app(**kw) -> DominoesApp:
    return DominoesApp(
        start_menu=True, seed=5, level="easy", delay=0, player_factory=first_legal, **kw
    )


def notes(app) -> list[str]:
    return said_in_passing(app)


def saved_match(players: int = 2, human_seat: int = 0) -> store.MatchInfo:
    rules = load_variant("classic") if players == 2 else load_variant("international")
    g = new_game(rules, 3)
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    from dominoes_tui.store.saves import default_names

    names = default_names(rules.players, human_seat)
    info = store.MatchInfo(cpu_level="easy", names=names, human_seat=human_seat)
    assert store.autosave(g, info) is None
    return info


def record_a_match() -> None:
    g = new_game(load_variant("double-first"), 3)
    g.apply(Resign(0))
    info = store.MatchInfo(cpu_level="easy", names=("You", "CPU"), human_seat=0)
    assert not store.finish_match(g, info).problem


def screens_named(app, name: str) -> list:
    return [s for s in app.screen_stack if type(s).__name__ == name]


# ------------------------------------------------------------------ double activation
import pytest  # noqa: E402

from dominoes_tui.engine import new_game  # noqa: E402

OPENS = {
    "new": "OptionsScreen",
    "stats": "StatsScreen",
    "rules": "RulesScreen",
    "howto": "HowToPlayScreen",
}


@pytest.mark.parametrize("entry", list(OPENS))
async def test_a_menu_entry_activated_twice_at_once_opens_one_screen(entry) -> None:
    """Enter pressed twice quickly (both handled before the screen opens): one screen."""
    record_a_match()
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle_and_read(pilot)
        start = app.screen
        assert isinstance(start, StartScreen) and entry in start.menu_items()
        start.action_choose(entry)
        start.action_choose(entry)
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app._exception is None
        assert len(screens_named(app, OPENS[entry])) == 1
        assert type(app.screen).__name__ == OPENS[entry]


# ------------------------------------------------------------------ a save the table refuses
def _table_refuses(monkeypatch) -> None:
    """A save that passes the store's checks but that the table cannot take up."""

    def boom(*args, **kwargs):
        raise ValueError("no such seat")

    monkeypatch.setattr("dominoes_tui.table.session.rebuild", boom)


def _set_aside(info: store.MatchInfo) -> list:
    """The save is no longer in the slot (a new match's may be), but kept beside it."""
    assert store.saved_match_id() != info.match_id
    kept = list(store.autosave_path().parent.glob("autosave.json.corrupt-*"))
    assert len(kept) == 1 and info.match_id in kept[0].read_text("utf-8")
    return kept


async def test_continue_on_a_save_the_table_refuses_sets_it_aside(monkeypatch) -> None:
    from dominoes_tui.tui.screens.options import OptionsScreen

    info = saved_match()
    _table_refuses(monkeypatch)
    app = menu_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle_and_read(pilot)
        await pilot.press("c")  # Continue
        await settle(pilot)
        assert app._exception is None
        start = app.screen
        assert isinstance(start, StartScreen) and app.table is None
        problem = str(start.query_one("#start-problem").render())
        assert "could not be resumed" in problem and "no such seat" in problem
        assert "continue" not in start.menu_items()
        _set_aside(info)
        await pilot.press("n")  # the player goes on
        await pilot.pause()
        assert isinstance(app.screen, OptionsScreen)
    assert store.History().matches() == []  # never recorded as abandoned


async def test_resume_flag_on_a_save_the_table_refuses_deals_a_new_game(monkeypatch) -> None:
    from dominoes_tui.tui.screens.table import TableScreen

    info = saved_match()
    _table_refuses(monkeypatch)
    app = DominoesApp(resume=True, seed=4, delay=0, player_factory=first_legal)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert app._exception is None
        assert isinstance(app.screen, TableScreen) and app.table.session.seed == 4
        assert "could not be resumed" in app.resume_problem
        said = [n for n in notes(app) if "could not be resumed" in n]
        assert len(said) == 1 and "new game is dealt" in said[0]
    _set_aside(info)
    assert store.History().matches() == []


async def test_resume_asked_by_play_on_a_save_the_table_refuses(monkeypatch) -> None:
    """``dominoes play`` asks "resume or new?"; Resume on a save the table refuses."""
    from dominoes_tui.tui.screens.table import TableScreen

    info = saved_match()
    _table_refuses(monkeypatch)
    app = DominoesApp(seed=4, level="easy", delay=0, player_factory=first_legal)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert app._exception is None
        assert isinstance(app.screen, TableScreen) and app.table.session.seed == 4
        assert any("could not be resumed" in n for n in notes(app))
    _set_aside(info)


# ------------------------------------------------------------------ saves read off the UI thread
@pytest.fixture
def loads_on_ui_thread(monkeypatch) -> list[str]:
    """Every ``store.load_autosave`` made on the UI (main) thread, by whom."""
    import threading
    import traceback

    import dominoes_tui.store.saves as saves

    real = saves.load_autosave
    seen: list[str] = []

    def spy(*args, **kwargs):
        if threading.current_thread() is threading.main_thread():
            seen.append(traceback.format_stack(limit=3)[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(store, "load_autosave", spy)
    monkeypatch.setattr(saves, "load_autosave", spy)
    return seen


async def test_continue_reads_the_save_off_the_ui_thread(loads_on_ui_thread) -> None:
    from dominoes_tui.tui.screens.table import TableScreen

    info = saved_match()
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")  # at once, before the menu has read the save
        await settle(pilot)
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.table.session.info.match_id == info.match_id
    assert loads_on_ui_thread == []


async def test_new_game_reads_the_save_off_the_ui_thread(loads_on_ui_thread, monkeypatch) -> None:
    from dominoes_tui.tui.screens.dialogs import ResumeOrNewScreen

    saved_match()
    # New game before the menu has read the save (on a slow disk): it reads it itself
    monkeypatch.setattr(StartScreen, "read_save", lambda self: None)
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # at once, before the menu has read the save
        await app.workers.wait_for_complete()
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ResumeOrNewScreen)
    assert loads_on_ui_thread == []


@pytest.mark.parametrize("resume", [True, False], ids=["--resume", "play-asks"])
async def test_play_reads_the_save_off_the_ui_thread(loads_on_ui_thread, resume) -> None:
    from dominoes_tui.tui.screens.table import TableScreen

    info = saved_match()
    app = DominoesApp(resume=resume, seed=4, level="easy", delay=0, player_factory=first_legal)
    async with app.run_test(size=SIZE) as pilot:
        await settle_and_read(pilot)
        if not resume:
            await pilot.press("r")  # Resume
            await settle(pilot)
            await app.workers.wait_for_complete()
            await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.table.session.info.match_id == info.match_id
    assert loads_on_ui_thread == []


# ------------------------------------------------------------------ closed once
async def test_a_dialog_closed_twice_at_once_closes_only_itself() -> None:
    """Esc twice (or Enter on a button and its key) before the first has been handled:
    the screen under it stays."""
    from dominoes_tui.tui.screens.dialogs import ConfirmScreen, RulesScreen

    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        start = app.screen
        rules = RulesScreen(load_variant("classic"))
        app.push_screen(rules)
        await pilot.pause()
        rules.action_close()
        rules.action_close()
        await pilot.pause()
        assert app.screen is start and app._exception is None
        answers = []
        confirm = ConfirmScreen("Sure?")
        app.push_screen(confirm, answers.append)
        await pilot.pause()
        confirm.action_answer(True)
        confirm.action_answer(False)
        await pilot.pause()
        assert app.screen is start and answers == [True]


async def test_a_dialog_closed_before_it_has_opened_closes_after() -> None:
    from dominoes_tui.tui.screens.howto import HowToPlayScreen

    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        start = app.screen
        howto = HowToPlayScreen(load_variant("classic"))
        app.push_screen(howto)
        howto.dismiss(None)  # in the same burst as the key that opened it
        await pilot.pause()
        await pilot.pause()
        assert app.screen is start and app._exception is None


# ------------------------------------------------------------------ a second window
@pytest.fixture
def other_window():
    """A real second process holding this home folder's table (a match saved there)."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(
        [sys.executable, str(root / "tests" / "store_lock_holder.py"), str(store.data_dir())],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=root,
    )
    assert proc.stdout.readline().startswith("held ")
    yield proc
    proc.kill()
    proc.wait(60)


async def test_a_second_window_offers_to_watch_or_quit_and_keeps_the_menu(other_window) -> None:
    from dominoes_tui.tui.screens.dialogs import OtherWindowScreen, RulesScreen, WatchScreen

    save = store.autosave_path().read_bytes()
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle_and_read(pilot)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, OtherWindowScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r")  # the menu stays usable: Rules
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("w")  # watch the other window's match
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        watch = app.screen
        assert isinstance(watch, WatchScreen)
        said = str(watch.query_one("#watch-text").render())
        assert "classic" in said and "You" in said and not watch.closed_there
        other_window.stdin.write("release\n")  # the other window quits its table
        other_window.stdin.flush()
        assert other_window.stdout.readline().startswith("released")
        watch.look()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert watch.closed_there
        assert "Continue on the menu picks it up" in str(watch.query_one("#watch-text").render())
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen) and "continue" in start.menu_items()
        assert app._exception is None
    assert store.autosave_path().read_bytes() == save  # watched, never touched


async def test_a_second_window_quits_when_asked(other_window) -> None:
    from dominoes_tui.tui.screens.dialogs import OtherWindowScreen

    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, OtherWindowScreen)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0 and app._exception is None


async def test_play_in_a_second_window_asks_instead_of_a_blank_screen(other_window) -> None:
    """``dominoes play`` (no start menu): no table can open; the same question, and Back
    gives the start menu."""
    from dominoes_tui.tui.screens.dialogs import OtherWindowScreen

    app = DominoesApp(seed=4, level="easy", delay=0, player_factory=first_legal)
    async with app.run_test(size=SIZE) as pilot:
        await settle_and_read(pilot)
        if type(app.screen).__name__ == "ResumeOrNewScreen":
            await pilot.press("n")
            await settle(pilot)
        assert isinstance(app.screen, OtherWindowScreen) and app.table is None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


# ------------------------------------------------------------------ the human seat
@pytest.mark.parametrize("players, seat", [(2, 1), (4, 2)])
async def test_a_save_seating_you_elsewhere_is_never_played_from_seat_0(players, seat) -> None:
    """A save whose human seat is not the table's (another tool wrote it): the table
    cannot seat you there, so it is set aside with its sentence, rather than dealing
    you that seat's CPU hand and recording the result from the wrong side."""
    info = saved_match(players=players, human_seat=seat)
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle_and_read(pilot)
        await pilot.press("c")
        await settle_and_read(pilot)
        assert app.table is None and isinstance(app.screen, StartScreen)
        problem = str(app.screen.query_one("#start-problem").render())
        assert f"seats you at seat {seat + 1} of {players}" in problem
        assert app._exception is None
    assert store.saved_match_id() != info.match_id
    kept = list(store.autosave_path().parent.glob("autosave.json.corrupt-*"))
    assert len(kept) == 1 and info.match_id in kept[0].read_text("utf-8")
    assert store.History().matches() == []


async def test_a_toast_stays_however_slowly_the_test_runs() -> None:
    """The tui tests give toasts no timeout (conftest): one raised a minute ago, as on a
    busy machine, is still there for the checks and the snapshots."""
    from textual.widgets._toast import Toast

    app = menu_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        app.notify("A six-second note", timeout=6)
        await pilot.pause()
        [note] = [n for n in app._notifications if n.message == "A six-second note"]
        note.raised_at -= 60
        app._refresh_notifications()
        await pilot.pause()
        await pilot.pause()
        assert not note.has_expired and "A six-second note" in notes(app)
        assert any(t._notification is note for t in app.screen.query(Toast))
        app.clear_notifications()  # cleared: gone at once
        await pilot.pause()
        assert notes(app) == []
