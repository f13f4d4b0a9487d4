"""Issue 7 at the table: All Fives (R-F), Matador (R-MT) and 3-4 players (R-P), by keys."""

from __future__ import annotations

from conftest import first_legal, make_app, play_until, press_to_select, settle

from dominoes_tui.engine import Game, Play, load_variant, new_game, tiles
from dominoes_tui.table import EndQuestion, TouchQuestion
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.dialogs import HandOverScreen, MatchOverScreen
from dominoes_tui.tui.widgets.line import LineView
from dominoes_tui.tui.words import log_lines

SIZE = (100, 32)


def hand_over(app) -> bool:
    return isinstance(app.screen, (HandOverScreen, MatchOverScreen))


def spinner_game() -> Game:
    """1-1 is the spinner with tiles on both sides: four ends 6, 3, 1, 1 (R-F-1).

    You hold 6-1, which fits the left (6), up (1) and down (1) ends; the CPU
    cannot answer it (nothing to draw), so it passes.
    """
    return Game.from_position(
        load_variant("all-fives"),
        hands=[["6-1", "5-5", "4-2"], ["0-0", "2-0", "2-2"]],
        boneyard=[],
        line=["6-1", "1-1", "1-3"],
        turn=0,
    )


def matador_game() -> Game:
    """Ends 5 and 0; you hold 5-2 (a matador: any end, either way round, R-MT-2)."""
    return Game.from_position(
        load_variant("matador"),
        hands=[["5-2", "6-6", "4-4"], ["1-1", "2-2", "3-3"]],
        line=["5-4", "3-0"],
        turn=0,
    )


def app_for(game: Game) -> DominoesApp:
    return DominoesApp(game=game, seed=1, level="easy", delay=0, player_factory=first_legal)


async def test_all_fives_tile_fitting_three_ends_asks_which_and_scores_at_once() -> None:
    """R-F-1, R-F-2, R-M-2: 6-1 fits the 6 and the two empty arms; the arms make the
    same game, so the question is between the 6 and the up arm; ↑ picks it, +15 shows."""
    app = app_for(spinner_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        assert len(table.game.ends) == 4
        await press_to_select(pilot, table.session.hand().index(tiles.tile(6, 1)))
        await pilot.press("enter")
        assert table.session.question == EndQuestion(tiles.tile(6, 1), (0, 2))
        line = app.screen.query_one(LineView)
        assert line.asking and line.ask_ends == {0, 2}
        assert "fits both ends" in table.message_text
        assert "← the 6 or ↑ the up arm's 1" in table.message_text
        await pilot.press("up")
        await settle(pilot)
        played = table.game.events[0]
        assert (played.tile, played.end, played.scored) == (tiles.tile(6, 1), 2, 15)
        assert table.game.scores.written[0] == 15
        assert table.game.events[-1].kind == "pass"
        assert "You: 15 +15" in str(table.query_one("#scores").render())
        assert "You played 6-1 on the up arm's 1, scoring 15" in log_lines(
            table.game.events, table.session.names
        )


async def test_all_fives_hand_by_keys() -> None:
    app = make_app("all-fives", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, hand_over)
        g = app.table.game
        res = g.result
        assert res is not None
        scored = [e for e in g.events if e.scored]
        assert scored, "this deal scores fives during the hand"
        lines = log_lines(g.events, app.table.session.names)
        for e in scored:
            assert any(line.endswith(f", scoring {e.scored}") for line in lines)
        assert sum(res.fives) == sum(e.scored for e in scored)


async def test_matador_either_way_round_is_asked_never_chosen() -> None:
    """R-MT-2: 5-2 fits both ends; on the blank it goes either way round: both asked."""
    app = app_for(matador_game())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        hand = app.screen.query_one("#hand")
        assert hand.marks == {tiles.tile(5, 2)}  # the matador is marked
        line = app.screen.query_one(LineView)
        texts = {c.text for c in line.line_layout.hotspots()}
        assert texts == {"needs 2◂5", "0▸matador"}
        await press_to_select(pilot, table.session.hand().index(tiles.tile(5, 2)))
        await pilot.press("enter")
        assert table.session.question == EndQuestion(tiles.tile(5, 2), (0, 1))
        await pilot.press("right")  # the blank end
        assert table.session.question == TouchQuestion(tiles.tile(5, 2), 1, (5, 2))
        assert "← 5 touches (2 open)" in table.message_text
        assert table.game.events == []  # nothing played for the person
        await pilot.press("escape")
        assert table.session.question is None and table.game.events == []
        await pilot.press("enter", "right", "right")  # 2 touches the blank, 5 opens
        await settle(pilot)
        assert table.game.log[0] == Play(tiles.tile(5, 2), 1, 2)
        laid = next(p for p in table.game.line if p.tile == tiles.tile(5, 2))
        assert (laid.left, laid.right) == (2, 5)


async def test_matador_hand_by_keys() -> None:
    app = make_app("matador", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, hand_over)
        assert app.table.game.result is not None
        assert app.table.game.invariant_errors() == []


async def test_four_player_partners_hand_by_keys() -> None:
    """R-P-1: the CPU seats move in turn; partners marked; team scores."""
    app = make_app("goat", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        seats = str(app.screen.query_one("#seats").render())
        assert "East" in seats and "North (partner)" in seats and "West" in seats
        scores = str(app.screen.query_one("#scores").render())
        assert "You & North: 0" in scores and "East & West: 0" in scores
        await play_until(pilot, hand_over)
        g = table.game
        assert {e.seat for e in g.events} == {0, 1, 2, 3}
        assert g.result is not None and len(g.scores.written) == 2


async def test_three_players_each_for_themselves() -> None:
    app = make_app("standard-block", seed=2, players=3, hand_size=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        seats = str(app.screen.query_one("#seats").render())
        assert "East" in seats and "West" in seats and "partner" not in seats
        await play_until(pilot, hand_over)
        assert len(app.table.game.scores.written) == 3


async def test_a_line_taller_than_its_widget_scrolls() -> None:
    """The snake may use more rows than the felt has; the wheel scrolls it."""
    from textual import events
    from textual.app import App

    from dominoes_tui.ai import make_player
    from dominoes_tui.engine import seat_view

    rules = load_variant("standard-draw", set=12, players=4, hand_size=5)
    g = new_game(rules, 3)
    players = [make_player("easy", 3 + i) for i in range(rules.players)]
    while g.phase == "play" and len(g.line) < 30:
        g.apply(players[g.turn].choose(seat_view(g, g.turn)))

    class Felt(App):
        CSS = "LineView { height: 3; width: 50; }"

        def compose(self):
            yield LineView()

    async with Felt().run_test(size=(80, 10)) as pilot:
        view = pilot.app.query_one(LineView)
        view.show(g.line, None, g.ends, 12, set())
        await pilot.pause()
        assert view.line_layout.height > 3 and view.line_layout.fits
        top = view.line_layout.height - 3
        for _ in range(view.line_layout.height):
            view.post_message(events.MouseScrollDown(view, 1, 1, 0, 0, 0, False, False, False))
        await pilot.pause()
        assert view.scroll_row == top
        view.post_message(events.MouseScrollUp(view, 1, 1, 0, 0, 0, False, False, False))
        await pilot.pause()
        assert view.scroll_row == top - 1, (
            view.scroll_row,
            top,
            view.line_layout.height,
            view.size,
        )
