"""Issue 14 in the app, second round: a save that fails at the table is set aside and
the player goes on; a double activation opens one screen; a second window gets a proper
choice; loading saves never blocks the screen."""

from __future__ import annotations

from conftest import first_legal, settle

from dominoes_tui import store
from dominoes_tui.engine import Game, Resign, load_variant
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.start import StartScreen

SIZE = (100, 32)


def menu_app(**kw) -> DominoesApp:
    return DominoesApp(
        start_menu=True, seed=5, level="easy", delay=0, player_factory=first_legal, **kw
    )


def notes(app) -> list[str]:
    return [n.message for n in app._notifications]


def saved_match(players: int = 2, human_seat: int = 0) -> store.MatchInfo:
    rules = load_variant("classic") if players == 2 else load_variant("draw", players=players)
    g = Game.new(rules, 3)
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    names = store.saves.default_names(rules.players, human_seat)
    info = store.MatchInfo(cpu_level="easy", names=names, human_seat=human_seat)
    assert store.autosave(g, info) is None
    return info


def record_a_match() -> None:
    g = Game.new(load_variant("double-first"), 3)
    g.apply(Resign(0))
    info = store.MatchInfo(cpu_level="easy", names=("You", "CPU"), human_seat=0)
    assert not store.finish_match(g, info).problem


def screens_named(app, name: str) -> list:
    return [s for s in app.screen_stack if type(s).__name__ == name]


# ------------------------------------------------------------------ double activation
import pytest  # noqa: E402

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
        await settle(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
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
