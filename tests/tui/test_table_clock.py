"""The chess clock at the table (R-T-1…3), driven by an injected time source: no sleeps.

The table's timer only repaints; these tests move the fake time and call the
table's ``_tick`` themselves, so nothing here waits for real seconds.
"""

from __future__ import annotations

import threading

import pytest
from conftest import play_by_keys, play_until, settle
from textual.widgets import Static

from dominoes_tui.ai import review
from dominoes_tui.engine import Clock, load_variant
from dominoes_tui.store import player
from dominoes_tui.store.settings import settings_path
from dominoes_tui.tui import strategy_coach as tui_coach
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.dialogs import (
    CoachOfferScreen,
    ConfirmScreen,
    HandOverScreen,
    MatchOverScreen,
    RulesScreen,
)
from dominoes_tui.tui.strategy_coach import CoachQuestion
from dominoes_tui.tui.widgets.clock import (
    CRITICAL_STYLE,
    FLAG,
    IDLE,
    LOW_IDLE,
    LOW_RUNNING,
    RUNNING,
    clock_style,
    clock_text,
)

SIZE = (100, 32)


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class SlowCPU:
    """The first legal action, after "thinking" ``seconds`` of fake time (R-T-2)."""

    level = "easy"
    name = "CPU (Easy)"

    def __init__(self, now: FakeTime, seconds: float) -> None:
        self.now, self.seconds = now, seconds
        self.calls = 0

    def choose(self, view):
        self.calls += 1
        self.now.t += self.seconds
        return view.legal[0]


def clock_app(variant: str = "classic", seed: int = 5, think: float = 0.0, **rules) -> DominoesApp:
    now = FakeTime()
    app = DominoesApp(
        rules=load_variant(variant, **rules),
        seed=seed,
        level="easy",
        delay=0,
        now=now,
        player_factory=lambda level, seed: SlowCPU(now, think),
    )
    app.fake = now  # type: ignore[attr-defined]
    return app


def scores(app: DominoesApp) -> str:
    """The seats row (each seat's clock, the turn marker) and the scores row."""
    table = app.table
    return str(table.query_one("#seats").render()) + "\n" + str(table.query_one("#scores").render())


# ------------------------------------------------------------ how it looks
def test_clock_text_marks_the_running_side_and_shows_tenths_under_ten_seconds() -> None:
    now = FakeTime()
    c = Clock(2, 300, now=now)
    c.start(1)
    idle, running = clock_text(c, 0), clock_text(c, 1)
    assert str(idle) == str(running) == "5:00"
    assert idle.spans[0].style == IDLE and running.spans[0].style == RUNNING
    now.t += 300 - 9.46
    assert str(clock_text(c, 1)) == "0:09.5"
    now.t += 10
    assert str(clock_text(c, 1)) == "0:00.0"


def test_clock_text_adds_the_turn_limit_for_the_side_to_move() -> None:
    now = FakeTime()
    c = Clock(2, 300, now=now, turn_seconds=30)
    c.start(0)
    now.t += 0.5
    assert str(clock_text(c, 0)) == "4:59 turn 30s" and str(clock_text(c, 1)) == "5:00"
    assert str(clock_text(None, 0)) == ""


def test_clock_colour_changes_under_a_minute() -> None:
    assert clock_style(61, True) == RUNNING and clock_style(61, False) == IDLE
    assert clock_style(59, True) == LOW_RUNNING and clock_style(59, False) == LOW_IDLE
    assert clock_style(9.9, False) == CRITICAL_STYLE
    assert clock_style(0, False) == FLAG


def test_turn_limit_shows_for_the_side_to_move() -> None:
    now = FakeTime()
    c = Clock(2, 0, turn_seconds=30, now=now)
    c.start(0)
    now.t += 12.5
    assert str(clock_text(c, 0)) == "turn 18s" and str(clock_text(c, 1)) == ""


# ------------------------------------------------------------ at the table
async def test_only_the_side_to_move_runs_and_cpu_thinking_is_charged_to_the_cpu() -> None:
    """R-T-1 and R-T-2."""
    app = clock_app(think=7.0, clock_minutes=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        clock = table.session.clock
        assert table.my_turn and clock.running == 0
        assert "▶You · 7 5:00" in scores(app)  # the turn marker on the seat, its clock
        app.fake.t += 20
        table.tick()
        assert clock.remaining(0) == 280 and clock.remaining(1) == 300
        row = scores(app)
        assert "▶You · 7 4:40" in row and "CPU (Easy) ▮▮▮▮▮▮▮ · 7 5:00" in row
        await pilot.press("enter")  # lead 1-1; the CPU thinks 7 s, then it is our turn again
        await settle(pilot)
        assert table.my_turn and clock.running == 0
        assert clock.remaining(0) == 280
        thought = table.session.cpu.calls  # it drew before it could answer: one think per action
        assert thought >= 1
        assert clock.remaining(1) == 300 - 7 * thought  # on the CPU's own clock


async def test_a_clock_tick_repaints_the_rows_without_laying_the_screen_out(monkeypatch) -> None:
    """The clocks repaint the seats and scores rows five times a second: a tick that changes
    nothing shown changes no row, and a second gone repaints the seats row only (its height
    is fixed: the screen is not laid out again)."""
    app = clock_app(clock_minutes=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        updates: list[tuple[str | None, bool]] = []
        update = Static.update

        def spy(row: Static, *args, **kwargs) -> None:
            updates.append((row.id, kwargs.get("layout", True)))
            update(row, *args, **kwargs)

        monkeypatch.setattr(Static, "update", spy)
        table.tick()
        table.tick()
        assert updates == []  # the same time shown: nothing repainted
        app.fake.t += 1
        table.tick()
        assert updates == [("seats", False)]
        assert "▶You · 7 4:59" in scores(app)


async def test_clock_stops_on_hand_over_and_help() -> None:
    """R-T-1: stopped while the hand is over, on the help screen and on a question."""
    app = clock_app(clock_minutes=5, target=30, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table, clock = app.table, app.table.session.clock
        before = clock.remaining(0)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and clock.running is None
        app.fake.t += 100
        await pilot.press("escape")
        await pilot.pause()
        assert clock.running == 0 and clock.remaining(0) == before
        await pilot.press("q")  # "Leave the table?" is a menu too
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and clock.running is None
        app.fake.t += 100
        await pilot.press("n")
        await pilot.pause()
        assert clock.remaining(0) == before
        await play_until(pilot, lambda a: isinstance(a.screen, HandOverScreen))
        assert clock.running is None
        left = clock.remaining_all()
        app.fake.t += 500  # a long look at the hand-over screen
        table.tick()
        assert clock.remaining_all() == left and table.game.phase == "hand_over"
        await pilot.press("enter")
        await settle(pilot)
        assert clock.running == table.game.turn and clock.remaining_all() == left


async def test_app_suspend_pauses_the_clock() -> None:
    """Ctrl+Z (the app suspended to the shell) stops the clocks; coming back runs them."""
    app = clock_app(clock_minutes=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        clock = app.table.session.clock
        app.app_suspend_signal.publish(app)
        assert clock.running is None
        app.fake.t += 1000
        app.app_resume_signal.publish(app)
        assert clock.running == 0 and clock.remaining(0) == 300


async def test_flag_fall_ends_the_match_at_once() -> None:
    """R-T-1: reaching 0 loses the match, mid-hand: "You lost on time"."""
    app = clock_app(clock_minutes=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        app.fake.t += 59.5
        table.tick()
        assert "▶You · 7 0:00.5" in scores(app)
        app.fake.t += 1
        table.tick()
        await settle(pilot)
        assert isinstance(app.screen, MatchOverScreen)
        m = table.game.match_result
        assert m.reason == "time" and m.loser_side == 0
        assert str(app.screen.query_one("#dialog-title").render()) == "You lost on time"


async def test_cpu_flag_fall_wins_on_time() -> None:
    app = clock_app(clock_minutes=1, think=61.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the CPU now thinks longer than its whole minute
        await settle(pilot)
        app.table.tick()
        await settle(pilot)
        assert isinstance(app.screen, MatchOverScreen)
        assert table_reason(app) == ("time", 1)
        assert str(app.screen.query_one("#dialog-title").render()) == "You win on time!"


def table_reason(app: DominoesApp) -> tuple[str, int]:
    m = app.table.game.match_result
    return m.reason, m.loser_side


async def test_turn_limit_plays_an_easy_move_and_says_so() -> None:
    """R-T-3: double-first's per-turn limit; the help screen does not refill the turn."""
    app = clock_app("double-first", seed=3, turn_seconds=30)
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, lambda a: a.table.my_turn)
        table = app.table
        moves = len(table.game.log)
        app.fake.t += 20
        await pilot.press("question_mark")  # a look at the rules: the turn waits
        await pilot.pause()
        app.fake.t += 100
        await pilot.press("escape")
        await pilot.pause()
        assert 9.9 < table.session.clock.turn_remaining() < 10.1
        assert "turn 10s" in scores(app)
        table.tick()
        assert len(table.game.log) == moves  # not yet
        app.fake.t += 10
        table.tick()
        await settle(pilot)
        assert len(table.game.log) > moves
        assert "ran out" in table.message_text and "Easy" in table.message_text


async def test_resign_asks_first_and_loses_at_once() -> None:
    """R-M-6: where the variant offers it (double-first)."""
    app = clock_app("double-first", seed=3, clock_minutes=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # changed our mind
        await pilot.pause()
        assert app.table.game.match_result is None
        await pilot.press("r", "y")
        await settle(pilot)
        assert isinstance(app.screen, MatchOverScreen)
        assert table_reason(app) == ("resign", 0)


async def test_no_resign_where_the_variant_does_not_offer_it() -> None:
    app = clock_app("classic", clock_minutes=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)


async def test_rematch_swaps_who_opens_and_keeps_the_options() -> None:
    """double-first: a rematch swaps the first player; the clock starts full again."""
    app = clock_app("double-first", seed=3, clock_minutes=10, turn_seconds=60)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        first = app.table.session.first_opener
        await pilot.press("r", "y")
        await settle(pilot)
        await pilot.press("r")  # rematch
        await settle(pilot)
        table = app.table
        assert table.session.first_opener == 1 - first
        assert table.rules.clock_minutes == 10 and table.rules.turn_seconds == 60
        assert table.session.clock.remaining(1 - table.game.turn) == 600


# ------------------------------------------------------------ every dialog holds the clock
DIALOG_KEYS = [
    pytest.param("l", "LogScreen", id="move-log"),
    pytest.param("question_mark", "RulesScreen", id="rules"),
    pytest.param("q", "ConfirmScreen", id="leave"),
    pytest.param("f1", "HowToPlayScreen", id="how-to-play"),
    pytest.param("ctrl+p", "Palette", id="palette"),
]


@pytest.mark.parametrize(("key", "screen"), DIALOG_KEYS)
async def test_the_clock_does_not_move_while_a_dialog_is_up(key: str, screen: str) -> None:
    """Any screen over the table holds both clocks, however long it stays (R-T-1)."""
    app = clock_app(clock_minutes=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table, clock = app.table, app.table.session.clock
        app.fake.t += 3
        before = clock.remaining_all()
        await pilot.press(key)
        await pilot.pause()
        assert type(app.screen).__name__ == screen
        app.fake.t += 600  # longer than the whole clock
        table.tick()
        await pilot.pause()
        assert clock.remaining_all() == before and clock.running is None
        assert table.game.match_result is None  # no flag fell meanwhile
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table and clock.running == 0
        app.fake.t += 2
        assert clock.remaining(0) == before[0] - 2


class HeldCPU:
    """The first legal action, once the test lets it answer (a CPU still thinking)."""

    level = "easy"
    name = "CPU (Easy)"

    def __init__(self) -> None:
        self.go = threading.Event()

    def choose(self, view):
        assert self.go.wait(30), "the test never let the CPU answer"
        return view.legal[0]


async def test_a_turn_that_starts_under_a_dialog_starts_paused() -> None:
    """The CPU's move lands while the move log is open: the person's clock waits for the
    log to close (it used to start under the dialog)."""
    now, cpu = FakeTime(), HeldCPU()
    app = DominoesApp(
        rules=load_variant("classic", clock_minutes=5),
        seed=5,
        level="easy",
        delay=0,
        now=now,
        player_factory=lambda level, seed: cpu,
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table, clock = app.table, app.table.session.clock
        assert table.my_turn
        await pilot.press("enter")  # lead 1-1: the CPU thinks (held)
        await pilot.pause()
        assert table.session.thinking_seat == 1
        await pilot.press("l")
        await pilot.pause()
        cpu.go.set()  # its answer lands under the log
        await settle(pilot)
        assert table.my_turn and clock.running is None
        mine = clock.remaining(0)
        now.t += 120
        table.tick()
        assert clock.remaining(0) == mine
        await pilot.press("escape")
        await pilot.pause()
        assert clock.running == 0 and clock.remaining(0) == mine


async def test_the_coach_offer_holds_the_first_table_clock() -> None:
    """A player never offered the coach (and with a clock): the offer holds it."""
    settings_path().write_text("{}", encoding="utf-8")  # never asked: the question comes
    app = clock_app(clock_minutes=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CoachOfferScreen)
        clock = app.table.session.clock
        app.fake.t += 100
        app.table.tick()
        assert clock.remaining_all() == [300, 300] and clock.running is None
        await pilot.press("n")
        await pilot.pause()
        assert clock.running == 0 and clock.remaining(0) == 300


def rigged(view, seed):
    """The last legal move is the best (80%), the others blunders (about 40%)."""
    legal = list(view.legal)
    return {a: (0.8 if i == len(legal) - 1 else 0.4) for i, a in enumerate(legal)}


async def test_the_coach_looking_and_asking_holds_the_clock(monkeypatch) -> None:
    """The strategy coach's look at a move and its question are not the person's time."""
    monkeypatch.setattr(tui_coach, "EVALUATOR", rigged)
    monkeypatch.setattr(tui_coach, "BUDGET", review.Budget(rounds=1, max_rounds=1))
    player.set_level("tips")
    app = clock_app(clock_minutes=5)
    async with app.run_test(size=SIZE) as pilot:

        def deciding(a: DominoesApp) -> bool:
            t = a.table
            return a.screen is t and t.my_turn and review.is_decision(t.session.view())

        await play_until(pilot, deciding)
        table = app.table
        s, clock = table.session, table.session.clock
        action = s.view().legal[0]  # a blunder, as rigged
        looked = []
        real_look = tui_coach.TableCoach._look

        def look(coach, view, act, token):  # the look, seen with the clock held
            looked.append((clock.running, clock.remaining(0)))
            now_left = clock.remaining(0)
            app.fake.t += 50  # a slow look
            assert clock.remaining(0) == now_left
            real_look(coach, view, act, token)

        monkeypatch.setattr(tui_coach.TableCoach, "_look", look)
        mine = clock.remaining(0)
        await play_by_keys(pilot, action)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, CoachQuestion)
        assert looked == [(None, mine)]
        app.fake.t += 100  # a long think about the question
        table.tick()
        assert clock.remaining(0) == mine and clock.running is None
        await pilot.press("n")  # take it back: the person's turn goes on, the clock runs
        await pilot.pause()
        assert s.my_turn and clock.running == 0 and clock.remaining(0) == mine
