"""What the table says in passing (issue 24): a match turned casual by a hint or the
coach's take-back, a redeal, a save that failed, a note the app raised while the table
is in front. Said under the move log (``#table-note``), never as a toast over the felt,
the hand, the prompt or the clocks; gone after the person's next move; hidden under a
dialog. Snapshots of the casual note after a hint at 80×24 and 100×32.

The coach's look at each move is rigged (the first legal move a blunder, the last the
best), so the question comes at the pilot's first choice and Expert never runs here.
"""

from __future__ import annotations

import pytest
from conftest import make_app, play_until, settle, take_turn
from pilot_helpers import rig_judges
from test_coach_panel import longest_tip, rigged, tips, until_a_tip

from dominoes_tui import store
from dominoes_tui.tui.screens.table import TableScreen
from dominoes_tui.tui.strategy_coach import CoachQuestion

SIZES = [pytest.param((100, 32), id="100x32"), pytest.param((80, 24), id="80x24")]
HINT = "This match is casual now: a hint was used."
TAKE_BACK = "This match is casual now: the coach's take-back was used."


@pytest.fixture(autouse=True)
def _a_judge_that_asks(monkeypatch):
    yield from rig_judges(monkeypatch, rigged)


def note(app) -> str:
    return app.table.notes_text()


def covers_nothing(app) -> None:
    """The note is drawn whole beside the felt: not over the line, the hand, the message
    line (the prompt), the seats and clocks, nor the screen's edge; no toast anywhere."""
    table = app.table
    panel = table.query_one("#table-note")
    assert panel.display and panel.region.area
    width = panel.content_region.width
    assert panel.content_region.height >= len(panel.render().wrap(width))  # nothing cut
    for name in ("line", "hand", "message", "top"):
        assert not panel.region.overlaps(table.query_one(f"#{name}").region), name
    assert panel.region.right <= app.size.width
    assert not list(app._notifications) and not app.screen.query("Toast")


HINTED = 18
"""A classic seed whose first decision for the person is a real choice (a hint on a forced
move turns nothing casual)."""


async def test_a_hint_turning_the_match_casual_is_said_under_the_log() -> None:
    app = make_app("classic", seed=HINTED)  # the house's rules against Easy: rated
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.table.session.casual_reason is None
        await pilot.press("h")
        await settle(pilot)
        assert note(app) == HINT
        covers_nothing(app)
        await pilot.press("l")  # another screen in front: the note hides under it
        await pilot.pause()
        assert not app.table.query_one("#table-note").display
        await pilot.press("escape")
        await pilot.pause()
        assert note(app) == HINT  # the same position: said still
        await take_turn(pilot)  # the person's next move: gone
        assert note(app) == ""


async def test_the_coach_take_back_says_no_casual_note_where_the_coach_made_it_casual(
    monkeypatch,
) -> None:
    """With the coach on, a match is casual from its start ("Casual: the coach is on"
    before the first move), so its take-back turns nothing casual: no note says so now,
    and nothing is said as a toast over the felt (the audit saw one inside the line's
    region)."""
    tips()
    app = make_app("classic", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.table.session.casual_reason is not None  # the coach is on
        await play_until(pilot, lambda a: isinstance(a.screen, CoachQuestion))
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert "casual now" not in note(app)
        assert not list(app._notifications) and not app.screen.query("Toast")


async def test_a_redeal_is_said_under_the_log() -> None:
    """R-C-2: seed 220 deals a hand that must be redealt; said beside the felt."""
    app = make_app("classic", seed=220)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.table.game.redeals > 0
        assert note(app).startswith("The tiles were redealt")
        covers_nothing(app)


async def test_a_save_that_failed_and_an_apps_note_are_said_under_the_log(monkeypatch) -> None:
    monkeypatch.setattr(
        store, "autosave", lambda *a, **k: "The game could not be saved (No space)."
    )
    app = make_app("classic", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await take_turn(pilot)
        assert "The game could not be saved (No space)." in note(app)
        covers_nothing(app)
        await take_turn(pilot)  # a warning stands for the hand (said once)
        assert note(app).count("could not be saved") == 1
        app.notify("A [b]note[/b] from the app", title="Settings")  # a toast, raised here
        await settle(pilot)
        assert "Settings: A note from the app" in note(app)
        covers_nothing(app)


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_a_note_and_the_longest_tip_both_read_whole(size) -> None:
    """Both need more rows than the side has beside the log: the log gives up its rows
    (one key away: l); neither the note nor the tip is cut."""
    tips()
    app = make_app("classic", seed=5)
    async with app.run_test(size=size) as pilot:
        await until_a_tip(pilot)
        table = app.table
        longest_tip(table)
        table.say(TAKE_BACK)
        table.refresh_table()
        await pilot.pause()
        covers_nothing(app)
        tip = table.query_one("#coach-panel")
        assert tip.display and tip.content_region.height >= len(
            tip.render().wrap(tip.content_region.width)
        )
        assert tip.region.bottom <= table.query_one("#message").region.y
        assert table.has_class("-crowded") is (size == (80, 24))
        assert table.query_one("#log").display is (size != (80, 24))
        await take_turn(pilot)  # the moment has gone: the log has its rows back
        assert not table.has_class("-crowded") and table.query_one("#log").region.area


@pytest.mark.parametrize("size", SIZES)
def test_casual_note_after_a_hint_snapshot(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert note(pilot.app) == HINT

    assert snap_compare(make_app("classic", seed=HINTED), terminal_size=size, run_before=run_before)


async def test_a_hint_on_a_forced_move_turns_nothing_casual() -> None:
    """Seed 5: the person must lead 1-1; a hint there shows the move and the match stays
    rated (no note, no count)."""
    app = make_app("classic", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert app.table.session.casual_reason is None
        assert app.table.session.info.hints == 0
        assert note(app) == ""
