"""Navigation belongs to the app: screens post messages (tui/messages.py) and the app
opens the next screen. A second activation while a screen is opening is ignored."""

from __future__ import annotations

import threading

from conftest import first_legal, settle, settle_and_read

from dominoes_tui import store
from dominoes_tui.engine import load_variant, new_game
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.messages import OpenStartMenu, StartMatch
from dominoes_tui.tui.screens.start import StartScreen
from dominoes_tui.tui.screens.table import TableScreen

SIZE = (100, 32)


def saved_match() -> store.MatchInfo:
    g = new_game(load_variant("classic"), 3)
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    info = store.MatchInfo(cpu_level="easy", names=("You", "CPU (Easy)"))
    assert store.autosave(g, info) is None
    return info


def menu_app() -> DominoesApp:
    return DominoesApp(start_menu=True, seed=5, level="easy", delay=0, player_factory=first_legal)


async def test_continue_pressed_twice_opens_the_saved_match_once() -> None:
    """Enter twice on Continue: one table, the saved match kept (never abandoned)."""
    info = saved_match()
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        await pilot.press("down", "enter", "enter")  # Continue, twice at once
        await settle(pilot)
        await app.workers.wait_for_complete()
        assert isinstance(app.screen, TableScreen)
        assert [s for s in app.screen_stack if isinstance(s, TableScreen)] == [app.table]
        assert app.table.session.info.match_id == info.match_id
        assert not app.table.session.left  # (the second Enter may wake it: a key)
    assert store.History().matches() == []  # nothing given up
    assert store.saved_match_id() == info.match_id


async def test_a_slow_save_keeps_the_menu_and_a_second_enter_changes_nothing(monkeypatch) -> None:
    """A save that takes a while to read (a long match, a busy machine): while Continue reads
    it the menu keeps the focus (no loading cover over the screen), a second Enter opens
    nothing else, and the saved match opens once it is read."""
    info = saved_match()
    gate = threading.Event()
    armed: list[bool] = []
    real = store.load_autosave

    def held(*args, **kwargs):
        if armed:  # the menu's own look at the save, after its first frame, is not held
            gate.wait(60)
        return real(*args, **kwargs)

    monkeypatch.setattr(store, "load_autosave", held)
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle_and_read(pilot)
        screen = app.screen
        assert isinstance(screen, StartScreen)
        armed.append(True)
        try:
            await pilot.press("down", "enter")  # Continue: the save is being read, held
            await pilot.pause()
            assert app.focused is screen.query_one("#menu")
            await pilot.press("enter")  # again, before it is read
            await pilot.pause()
            assert app.screen is screen
        finally:
            gate.set()
        await settle_and_read(pilot)
        assert isinstance(app.screen, TableScreen)
        assert [s for s in app.screen_stack if isinstance(s, TableScreen)] == [app.table]
        assert app.table.session.info.match_id == info.match_id
    assert store.saved_match_id() == info.match_id


async def test_the_continue_key_twice_opens_one_table() -> None:
    info = saved_match()
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("c", "c")
        await settle(pilot)
        await app.workers.wait_for_complete()
        assert len([s for s in app.screen_stack if isinstance(s, TableScreen)]) == 1
        assert app.table.session.info.match_id == info.match_id
    assert store.History().matches() == []


async def test_screens_ask_the_app_to_navigate_by_messages() -> None:
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.post_message(StartMatch(load_variant("double-first"), "easy", seed=9))
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.table.session.seed == 9 and app.table.rules.name == "double-first"
        app.post_message(OpenStartMenu())
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        assert app.screen_stack[1:] == [app.screen]  # over nothing else


async def test_two_activations_queued_at_once_open_one_table() -> None:
    """Both activations are posted before the app handles the first (a fast double press
    in a busy terminal): the second is ignored, the saved match is not given up."""
    info = saved_match()
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        start = app.screen
        start.action_choose("continue")
        start.action_choose("continue")
        await settle(pilot)
        await app.workers.wait_for_complete()
        assert len([s for s in app.screen_stack if isinstance(s, TableScreen)]) == 1
        assert app.table.session.info.match_id == info.match_id
        assert app.table.session.waiting_for_key and not app.table.session.left
    assert store.History().matches() == []
    assert store.saved_match_id() == info.match_id
