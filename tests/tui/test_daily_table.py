"""The daily deal beside a saved match at the table (issue 24): `dominoes play --daily`
and the menu's Daily deal ask nothing about the saved match, the table says it is the
daily deal, "Try again (r)" deals the same daily again (a try counted with the others),
and the saved match is there afterwards, byte for byte; snapshots of the daily's table
with its label at 80×24 and 100×32."""

from __future__ import annotations

from datetime import date

import pytest
from conftest import first_legal, play_until, settle, settle_and_read

from dominoes_tui import store
from dominoes_tui.engine import load_variant, new_game
from dominoes_tui.table import practice as pr
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.dialogs import (
    ConfirmScreen,
    DailyOverScreen,
    ResumeOrNewScreen,
)
from dominoes_tui.tui.screens.start import StartScreen
from dominoes_tui.tui.screens.table import TableScreen

SIZE = (100, 32)
SIZES = [pytest.param((100, 32), id="100x32"), pytest.param((80, 24), id="80x24")]
DAY = date(2026, 12, 2)


def save_a_match() -> bytes:
    """An unfinished classic match in the save slot (3 moves in); the file's bytes."""
    g = new_game(load_variant("classic", clock_minutes=0), 3)
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    info = store.MatchInfo(cpu_level="easy", names=("You", "Ada (Easy)"))
    assert store.autosave(g, info) is None
    return store.autosave_path().read_bytes()


def daily_app(day: date = DAY) -> DominoesApp:
    """``dominoes play --daily`` on ``day``, with the test CPU and no pause."""
    return DominoesApp(
        rules=pr.daily_rules(),
        seed=pr.daily_seed(day),
        level=pr.DAILY_LEVEL,
        delay=0,
        player_factory=first_legal,
        daily=day,
    )


def scores_row(app: DominoesApp) -> str:
    return str(app.table.query_one("#scores").render())


def over(app: DominoesApp) -> bool:
    return isinstance(app.screen, DailyOverScreen)


async def test_play_daily_beside_a_save_asks_nothing_and_tries_again() -> None:
    before = save_a_match()
    app = daily_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)  # no "Resume … or start a new one?"
        assert not any(isinstance(s, ResumeOrNewScreen) for s in app.screen_stack)
        assert scores_row(app).startswith(" Daily deal 2026-12-02 · You: 0 · ")
        first = app.table.session
        hand, boneyard = list(first.game.hands), list(first.game.boneyard)  # as dealt
        await play_until(pilot, over)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert store.autosave_path().read_bytes() == before
        screen = app.screen
        assert str(screen.query_one("#rematch").label) == "Try again (r)"
        assert screen.active_bindings["r"].binding.description == "Try again"
        await pilot.press("r")
        await settle(pilot)
        again = app.table.session
        assert again is not first and again.daily == DAY and again.level == pr.DAILY_LEVEL
        assert again.game.hands == hand and again.game.boneyard == boneyard  # the same tiles
        assert scores_row(app).startswith(" Daily deal 2026-12-02 · You: 0 · ")
        await play_until(pilot, over)
        await app.workers.wait_for_complete()
        await pilot.pause()
    seeds = [m.seed for m in store.History().matches()]
    assert seeds == [pr.daily_seed(DAY)] * 2  # two tries at the same deal, both recorded
    assert pr.daily_from_history(store.History(), DAY).tries == 2
    assert store.autosave_path().read_bytes() == before  # the saved match, untouched


async def test_the_menus_daily_beside_a_save_then_continue() -> None:
    before = save_a_match()
    saved_id = store.saved_match_id()
    app = DominoesApp(start_menu=True, seed=5, level="easy", delay=0, player_factory=first_legal)
    async with app.run_test(size=SIZE) as pilot:
        await settle_and_read(pilot)
        assert isinstance(app.screen, StartScreen)
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)  # straight to the deal: nothing asked
        today = date.today()
        assert app.table.session.daily == today
        assert f"Daily deal {today.isoformat()}" in scores_row(app)
        await play_until(pilot, over)
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("n")  # New game: the menu, with the saved match to continue
        await settle_and_read(pilot)
        menu = app.screen.query_one("#menu")
        said = " ".join(str(menu.get_option("continue").prompt).split())  # wrapped by the menu
        assert "The classic match, You: 0 – Ada: 0" in said
        assert store.autosave_path().read_bytes() == before
        await pilot.press("c")
        await settle_and_read(pilot)
        table = app.table
        assert table.session.info.match_id == saved_id and table.session.daily is None
        assert len(table.game.log) == 3


async def test_leaving_the_daily_mid_hand_keeps_the_save() -> None:
    before = save_a_match()
    app = daily_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the lead (or the first move the table raised)
        await settle(pilot)
        assert app.table.game.log
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        question = str(app.screen.query_one("#dialog-title").render())
        assert "counts as unfinished" in question and "saved" not in question
        await pilot.press("y")
        await pilot.pause()
    assert store.autosave_path().read_bytes() == before
    assert [m.outcome for m in store.History().matches()] == ["abandoned"]


@pytest.mark.parametrize("size", SIZES)
def test_daily_table_beside_a_save_snapshot(snap_compare, size) -> None:
    save_a_match()

    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter")  # the first move, so the table is under way
        await settle(pilot)

    assert snap_compare(daily_app(), terminal_size=size, run_before=run_before)
