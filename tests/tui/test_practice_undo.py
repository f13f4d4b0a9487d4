"""Practice you can explore (issue 24): "Practice" on the table the whole hand long,
``u`` taking a move back (practice hands, against Easy; refused against Medium with its
reason), "Play on from here" from the review; snapshots of a practice hand with its
label after a take-back at 80×24 and 100×32."""

from __future__ import annotations

import pytest
from pilot_helpers import settle
from practice_helpers import (
    is_choice,
    near_the_end,
    play_first_legal,
    play_to_a_choice,
    position,
    table_app,
)

from dominoes_tui.ai import review as rv
from dominoes_tui.engine import PLAY
from dominoes_tui.table import review_job
from dominoes_tui.table.play_on import PlayOn
from dominoes_tui.table.words.review import decision_words
from dominoes_tui.tui.screens import review as review_screen
from dominoes_tui.tui.screens.dialogs import HandOverScreen
from dominoes_tui.tui.screens.practice import PracticeOverScreen, PracticeTableScreen
from dominoes_tui.tui.screens.review import ReviewScreen

SIZES = [pytest.param((100, 32), id="100x32"), pytest.param((80, 24), id="80x24")]


def rigged(view, seed):
    """The last legal move is the best (80%), the others about 40%: every choice is marked."""
    legal = list(view.legal)
    return {a: (0.8 if i == len(legal) - 1 else 0.4 + 0.01 * i) for i, a in enumerate(legal)}


@pytest.fixture(autouse=True)
def _rigged(monkeypatch):
    monkeypatch.setattr(review_job, "EVALUATOR", rigged)
    monkeypatch.setattr(review_job, "BUDGET", rv.Budget(rounds=1, max_rounds=1))
    review_job.forget_kept()
    yield
    review_job.forget_kept()


def scores_row(app) -> str:
    return str(app.table.query_one("#scores").render())


async def to_hand_over(pilot) -> None:
    await settle(pilot)
    for _ in range(50):
        if isinstance(pilot.app.screen, HandOverScreen):
            return
        if pilot.app.table.my_turn:
            await play_first_legal(pilot)
        else:
            await settle(pilot)
    raise AssertionError("the hand did not end")


async def open_practice(pilot) -> PracticeTableScreen:
    """The hand-over screen's "Play this deal again" (``a``): the practice table."""
    await to_hand_over(pilot)
    await pilot.press("a")
    await settle(pilot)
    table = pilot.app.table
    assert isinstance(table, PracticeTableScreen)
    return table


async def test_practice_is_labelled_all_through_the_hand_and_has_no_toast() -> None:
    app = table_app(game=near_the_end())
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_practice(pilot)
        assert not [n for n in app._notifications if "Practice" in n.message]
        rows = []
        while table.session.game.phase == PLAY:
            rows.append(scores_row(app))
            if table.my_turn:
                await play_first_legal(pilot)
            else:
                await settle(pilot)
            if isinstance(app.screen, PracticeOverScreen):
                break
        assert len(rows) > 3 and all(r.lstrip().startswith("Practice") for r in rows)


async def test_u_in_practice_takes_the_move_and_the_reply_back() -> None:
    app = table_app(game=near_the_end())
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_practice(pilot)
        before = await play_to_a_choice(pilot, 2)
        s = table.session
        assert position(s.game) != before[-1]
        await pilot.press("u")
        await settle(pilot)
        assert position(s.game) == before[-1] and is_choice(s.game)
        assert table.message_text.startswith("Taken back: your ")
        assert scores_row(app).lstrip().startswith("Practice · 1 undo")
        assert ("u", "take back your last move and the replies since") in table.keys_now()
        assert table.check_action("undo", ())  # on the key line in practice


async def test_u_against_easy_is_counted_on_the_scores_row() -> None:
    app = table_app("easy")
    async with app.run_test(size=(80, 24)) as pilot:
        before = await play_to_a_choice(pilot, 2)
        table = app.table
        assert not table.check_action("undo", ())  # in the help (F1, ?), not the key line
        assert ("u", "take back your last move and the replies since") in table.keys_now()
        await pilot.press("u")
        await settle(pilot)
        assert position(table.session.game) == before[-1]
        assert scores_row(app).rstrip().endswith("1 undo · casual")  # not rated now
        assert table.session.info.undos == 1


async def test_u_against_medium_says_why_moves_stand() -> None:
    app = table_app("medium")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_a_choice(pilot, 2)
        table = app.table
        before = position(table.session.game)
        assert not table.check_action("undo", ())  # not on the key line
        await pilot.press("u")
        await settle(pilot)
        assert position(table.session.game) == before
        assert table.message_text.startswith("No take-backs: against Medium every move stands")
        assert not any(k == "u" for k, _ in table.keys_now())


async def test_play_on_from_here_opens_the_position_from_your_view() -> None:
    app = table_app(game=near_the_end(back=9))
    async with app.run_test(size=(100, 32)) as pilot:
        await to_hand_over(pilot)
        await pilot.press("R")
        await app.workers.wait_for_complete()
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.done and review.judgements
        j = review.current
        at = review.position(j.move)
        await pilot.press("p")
        await settle(pilot)
        table = app.table
        assert isinstance(table, PracticeTableScreen)
        p = table.practice
        assert isinstance(p, PlayOn) and p.move == j.move
        assert p.mine == j.mine > 0  # the review's count: "your 3rd move", not every seat's
        assert p.title().endswith(f"on from {decision_words(j)}")
        g = table.session.game
        assert g.hands[0] == at.hands[0] and g.line == at.line and g.events == at.events
        assert g.hands[1] != at.hands[1]  # the CPU's tiles dealt anew, not the real ones
        assert table.session.practice and not table.session.autosave_enabled
        assert scores_row(app).lstrip().startswith("Practice")
        assert table.my_turn
        await pilot.press("q")
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)  # back where it was opened


@pytest.mark.parametrize(("key", "target"), [("p", "play_on_practice"), ("a", "practice")])
async def test_a_deal_the_engine_refuses_is_said_in_one_sentence(monkeypatch, key, target):
    """The engine's own error ("seat 1 holds 5 tiles, not 6") never reaches the player."""

    def refused(*args, **kwargs):
        raise ValueError("seat 1 holds 5 tiles, not 6")

    monkeypatch.setattr(review_screen, target, refused)
    app = table_app(game=near_the_end(back=9))
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await to_hand_over(pilot)
        await pilot.press("R")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.screen.current is not None
        await pilot.press(key)
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert said == [review_screen.NO_PLAY_ON if key == "p" else review_screen.HAND_NOT_DEALT]
        assert isinstance(app.screen, ReviewScreen)


@pytest.mark.parametrize("size", SIZES)
def test_practice_after_an_undo_snapshot(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await open_practice(pilot)
        await play_to_a_choice(pilot, 2)
        await pilot.press("u")
        await settle(pilot)
        await pilot.pause()

    assert snap_compare(table_app(game=near_the_end()), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_play_on_from_here_snapshot(snap_compare, size) -> None:
    """The review's marked move, then p: the practice table at that decision, from the
    person's view, labelled on its scores row."""

    async def run_before(pilot) -> None:
        app = pilot.app
        await to_hand_over(pilot)
        await pilot.press("R")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.screen.current is not None
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.table, PracticeTableScreen) and app.table.my_turn
        assert scores_row(app).lstrip().startswith("Practice")
        await pilot.pause()

    app = table_app(game=near_the_end(back=9))
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize(("level", "guided"), [("guide", True), ("tips", False), ("off", False)])
async def test_a_practice_hand_has_the_same_coach_as_a_match(level, guided) -> None:
    """Coach at Guide: the practice table's prompt names what fits and why, as a match's
    does; at Tips or Off it does not (the tips are the table's own coach either way)."""
    from dominoes_tui.store import player
    from dominoes_tui.tui.strategy_coach import coach_of

    player.set_level(level)
    app = table_app(game=near_the_end())
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_practice(pilot)
        s = table.session
        assert s.coaching is guided
        for _ in range(20):
            if s.my_turn and not s.busy:
                break
            await settle(pilot)
        assert s.my_turn
        assert str(s.prompt).startswith("Coach:") is guided
        assert coach_of(s).enabled is (level != "off")
