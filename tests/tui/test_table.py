"""Pilot tests: the table played by key presses (and one mouse play), fixed seeds, no sleeps."""

from __future__ import annotations

import threading
import time

import pytest
from conftest import app_at, first_legal, make_app, play_until, played, press_to_select, settle

from dominoes_tui.ai import make_player
from dominoes_tui.engine import Game, Play, load_variant, tiles
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.dialogs import (
    ConfirmScreen,
    HandOverScreen,
    MatchOverScreen,
    RulesScreen,
    TooSmallScreen,
)
from dominoes_tui.tui.screens.table import TableScreen
from dominoes_tui.tui.widgets.hand import HandView
from dominoes_tui.tui.widgets.line import LineView

SIZE = (100, 32)


def both_ends_game() -> Game:
    """Ends show 4 and 6; you hold 6-4, which fits both (R-M-2). Untimed (see make_app)."""
    rules = load_variant("classic", clock_minutes=0)
    return Game.from_position(
        rules,
        hands=[["6-4", "3-2", "5-5"], ["0-0", "2-1", "3-3"]],
        line=["4-1", "1-6"],
        turn=0,
    )


async def test_full_hand_classic_by_keys() -> None:
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, lambda a: isinstance(a.screen, HandOverScreen))
        table = app.table
        assert table.game.phase == "hand_over"
        # the keys made the choices conftest.played makes headlessly for the other tests
        assert table.game.log == played("classic", 5, until=lambda g: g.phase == "hand_over").log
        text = str(app.screen.query_one("#breakdown").render())
        assert "went out" in text or "Blocked" in text
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert table.game.hand_no == 2


async def test_full_match_classic_to_match_over() -> None:
    """The match's last hand by keys, from its deal (the hands before it played headlessly:
    test_full_hand_classic_by_keys plays one and goes on to the next by keys)."""
    app = app_at(played("classic", 11, until=lambda g: g.hand_no == 3, target=30))
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, lambda a: isinstance(a.screen, MatchOverScreen))
        g = app.table.game
        assert g.hand_no == 3 and len(g.results) == 3
        assert g.match_result is not None and g.match_result.reason == "target"
        why = str(app.screen.query_one("#why").render())
        assert "reached 30" in why
        await settle(pilot)
        from dominoes_tui import store

        assert store.History().latest_id() is not None  # recorded for `dominoes stats`
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_full_match_double_first_and_rematch() -> None:
    app = app_at(played("double-first", 11, back=3, target=50))  # 3 moves from the end
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, lambda a: isinstance(a.screen, MatchOverScreen))
        g = app.table.game
        assert g.match_result.winner_side is not None
        assert len(g.results) >= 1
        first = app.table.session.first_opener
        # the table opened in the last hand: its opener is the match's first one
        assert first == played("double-first", 11, until=lambda g: True, target=50).opener
        await pilot.press("r")  # rematch: a fresh table, the opener swapped
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.table.game is not g
        assert app.table.game.hand_no == 1
        assert app.table.session.first_opener == 1 - first


async def test_v_on_the_match_over_shows_the_table_as_it_ended() -> None:
    """As between hands: v hides the result to look at the last move, v again shows it."""
    app = app_at(played("double-first", 11, back=3, target=50))
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, lambda a: isinstance(a.screen, MatchOverScreen))
        screen = app.screen
        dialog = screen.query_one("#dialog")
        assert dialog.display
        await pilot.press("v")
        await pilot.pause()
        assert screen.has_class("-peek") and not dialog.display
        assert app.screen is screen  # still the match-over: nothing chosen
        await pilot.press("v")
        await pilot.pause()
        assert dialog.display and not screen.has_class("-peek")


async def test_illegal_attempt_shows_the_engines_reason() -> None:
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        # hand 1 must be led with 1-1 (R-O-2): try another tile
        hand = table.session.hand()
        other = next(t for t in hand if t != tiles.tile(1, 1))
        await press_to_select(pilot, hand.index(other))
        before = list(table.game.log)
        await pilot.press("enter")
        await pilot.pause()
        assert table.game.log == before
        assert "must be led with 1-1" in table.message_text
        # drawing before the lead is refused too, with the engine's words
        await pilot.press("d")
        await pilot.pause()
        assert "you lead: the boneyard is only for a player who cannot play" in table.message_text
        assert table.game.log == before


async def test_both_ends_question_never_chooses() -> None:
    """R-M-2: a tile fitting both ends makes the table ask; ← and → answer."""
    for key, end in (("left", 0), ("right", 1)):
        app = DominoesApp(
            game=both_ends_game(), seed=1, level="easy", delay=0, player_factory=first_legal
        )
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            table = app.table
            await press_to_select(pilot, table.session.hand().index(tiles.tile(6, 4)))
            await pilot.press("enter")
            await pilot.pause()
            assert table.session.question.tile == tiles.tile(6, 4)
            assert "fits both ends" in table.message_text
            assert table.game.log == []  # nothing played yet
            await pilot.press(key)
            await settle(pilot)
            assert table.game.log[0] == Play(tiles.tile(6, 4), end)


async def test_both_ends_question_can_be_cancelled() -> None:
    app = DominoesApp(
        game=both_ends_game(), seed=1, level="easy", delay=0, player_factory=first_legal
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        await press_to_select(pilot, table.session.hand().index(tiles.tile(6, 4)))
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert table.session.question is None and table.game.log == []


@pytest.mark.frames  # the cells the mouse finds are worked out as they are drawn
async def test_mouse_play_click_tile_then_end() -> None:
    app = DominoesApp(
        game=both_ends_game(), seed=1, level="easy", delay=0, player_factory=first_legal
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        hand_view = app.screen.query_one(HandView)
        i = table.session.hand().index(tiles.tile(6, 4))
        x0, _ = hand_view._spans[i]
        await pilot.click(HandView, offset=(x0 + 2, 4))
        await pilot.pause()
        assert table.selected == i
        line = app.screen.query_one(LineView)
        right = next(c for c in line.line_layout.hotspots() if c.end == 1)
        await pilot.click(LineView, offset=(right.x, right.y))
        await settle(pilot)
        assert table.game.log[0] == Play(tiles.tile(6, 4), 1)


class SlowPlayer:
    """A CPU that thinks until the test lets it go."""

    level = "easy"
    name = "CPU (Slow)"

    def __init__(self) -> None:
        self.go = threading.Event()
        self.inner = make_player("easy", 1)

    def choose(self, view):
        assert self.go.wait(10)
        return self.inner.choose(view)


async def test_a_key_is_answered_while_the_cpu_thinks() -> None:
    slow = SlowPlayer()
    game = both_ends_game()
    game.apply(Play(tiles.tile(6, 4), 1))
    app = DominoesApp(
        game=game, seed=1, level="easy", delay=0, player_factory=lambda level, s: slow
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.table
        assert table.session.thinking and table.game.turn == 1
        before = table.selected
        await pilot.press("right")
        assert table.selected != before  # answered at once
        await pilot.press("enter")
        assert "CPU (Slow)'s turn" in table.message_text
        await pilot.press("question_mark")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        slow.go.set()
        await settle(pilot)
        assert not table.session.thinking
        assert table.game.turn == 0 or table.game.phase != "play"


async def test_quit_asks_first() -> None:
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_code == 0


async def test_hint_selects_a_tile() -> None:
    app = DominoesApp(
        game=both_ends_game(), seed=1, level="easy", delay=0, player_factory=first_legal
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        table = app.table
        assert table.message_text.startswith("Hint:")
        assert table.session.hand()[table.selected] == tiles.tile(6, 4)


async def test_redeal_is_announced() -> None:
    """R-C-2: seed 220 deals a hand that must be redealt; the table says so."""
    app = make_app("classic", seed=220)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        assert table.game.redeals > 0
        assert "Redealt" in table.message_text or any(
            "Redealt" in x for x in table.session.log_lines()
        )


async def test_too_small_terminal_says_how_big() -> None:
    app = make_app("classic", seed=5)
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small").render())
        assert "80×24" in text and "70×20" in text
        await pilot.resize_terminal(100, 32)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)


async def test_forced_draws_come_one_at_a_time() -> None:
    """R-M-4: with nothing that fits you draw tile by tile; each draw is logged on its own."""
    rules = load_variant("classic")
    game = Game.from_position(
        rules,
        hands=[["0-0", "0-2"], ["3-3", "4-4", "5-5"]],
        boneyard=["1-1", "2-1", "6-5", "6-6", "3-4"],
        line=["6-1"],
        turn=0,
    )
    app = DominoesApp(game=game, seed=1, level="easy", delay=0, player_factory=first_legal)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        draws = [e for e in table.game.events if e.kind == "draw" and e.seat == 0]
        assert len(draws) == 1  # 1-1 fits the 1: one draw, then your choice
        assert table.my_turn
        assert "You drew 1-1" in table.message_text


async def test_two_doubles_move_by_key() -> None:
    """R-2D: ends 3 and 5, holding 3-3 and 5-5: t lays both in one turn."""
    rules = load_variant("classic", two_doubles=True)
    game = Game.from_position(
        rules,
        hands=[["3-3", "5-5", "6-1"], ["0-0", "2-1", "4-4"]],
        line=["3-2", "2-5"],
        turn=0,
    )
    app = DominoesApp(game=game, seed=1, level="easy", delay=0, player_factory=first_legal)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert type(app.table.game.log[0]).__name__ == "PlayDoubles"
        assert "two doubles" in str(app.screen.query_one("#log").render())


async def test_resign_where_offered() -> None:
    """R-M-6: double-first offers resigning; it ends the match as a loss at once."""
    app = make_app("double-first", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, MatchOverScreen)
        assert "You resigned" in str(app.screen.query_one("#why").render())


async def test_new_game_from_the_match_over_screen() -> None:
    app = make_app("double-first", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r", "y")
        await settle(pilot)
        await pilot.press("n")  # the same flow as the start menu: houses, then options
        await pilot.pause()
        assert type(app.screen).__name__ == "StartScreen"
        assert app.focused.id == "houses"
        await pilot.press("home", "enter")  # the first house in the list
        await pilot.pause()
        assert type(app.screen).__name__ == "OptionsScreen"
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.table.game.hand_no == 1 and app.table.rules.name == "classic"


async def test_held_points_and_hanging_show_in_the_score_row() -> None:
    """R-13-1: held points are spelled out ("5 held": "+N" is for points just scored in
    All Fives); R-C-7: hanging points are shown."""
    from dominoes_tui.engine import Scores

    game = Game.from_position(
        load_variant("classic"),
        hands=[["6-4", "3-2"], ["0-0", "2-1"]],
        line=["4-1"],
        turn=0,
        scores=Scores((0, 12), (5, 0), 7),
    )
    app = DominoesApp(game=game, seed=1, level="easy", delay=0, player_factory=first_legal)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        row = str(app.screen.query_one("#scores").render())
        assert "You: 0 (5 held)" in row and "CPU: 12" in row and "7 hanging" in row
        assert "+5" not in row


async def test_resizing_lays_the_line_out_again() -> None:
    app = app_at(played("classic", 15, until=lambda g: len(g.line) >= 12))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        line = app.screen.query_one(LineView)
        wide = line.line_layout
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        narrow = line.line_layout
        assert (narrow.width, narrow.height) == tuple(line.size) != (wide.width, wide.height)
        assert narrow.fits
        assert len([c for c in narrow.cells if c.tile is not None]) >= 12


async def test_the_cpus_move_waits_for_its_pace_then_shows() -> None:
    """The screen ticks the session with a timer when the CPU's move is due (the
    session's time is a fake one here: the move waits until the test moves it on)."""

    class HeldTime:
        """Stands still until released, then runs (from a later point) as real time."""

        held = True

        def __call__(self) -> float:
            return 1000.0 if self.held else 2000.0 + time.monotonic()

    now = HeldTime()
    app = DominoesApp(
        rules=load_variant("classic", clock_minutes=0),  # the held time would flag a clock
        seed=5,
        level="easy",
        delay=0.2,
        now=now,
        player_factory=first_legal,
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle_workers(pilot)
        table = app.table
        await pilot.press("enter")  # lead 1-1
        await settle_workers(pilot)
        assert table.session.pending == "cpu" and len(table.game.log) == 1
        assert "thinking…" in str(app.screen.query_one("#seats").render())
        now.held = False  # the pause is over; later ones run on real time
        await settle(pilot)
        assert len(table.game.log) > 1 and not table.busy
        log = str(app.screen.query_one("#log").render())
        assert log.splitlines()[-1].startswith("CPU ") or "CPU " in log.splitlines()[-2]


async def settle_workers(pilot) -> None:
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
