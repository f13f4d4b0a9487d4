"""Issue 16 at the table: the Review screen (from the hand-over screen, its progress, a
marked move), the coach's question before a blunder (confirmed, taken back), strategy
points, and a practice deal (the same hands, from the other seat); snapshots of the
Review screen, the coach's question and a practice hand's result at 80×24 and 100×32.

The judging is rigged (:func:`rigged`: the last legal move is worth 80%, the others
about 40%) so marks do not move when Expert changes; the real evaluation is
tested in tests/ai/test_review.py.
"""

from __future__ import annotations

import dataclasses

import pytest
from conftest import app_at, make_app, play_by_keys, play_until, played, settle
from pilot_helpers import rig_judges

from dominoes_tui import store
from dominoes_tui.ai import review as rv
from dominoes_tui.engine import HAND_OVER, Play, hand_start, tiles
from dominoes_tui.store import player, settings
from dominoes_tui.table import review_job
from dominoes_tui.table.words import move_words, ordinal
from dominoes_tui.table.words import review as rw
from dominoes_tui.tui import strategy_coach as tui_coach
from dominoes_tui.tui.screens import review as review_mod
from dominoes_tui.tui.screens.dialogs import HandOverScreen, MatchOverScreen
from dominoes_tui.tui.screens.practice import PracticeOverScreen, PracticeTableScreen
from dominoes_tui.tui.screens.review import ReviewScreen
from dominoes_tui.tui.screens.table import TableScreen
from dominoes_tui.tui.strategy_coach import CoachQuestion, coach_of

SIZES = [pytest.param((100, 32), id="100x32"), pytest.param((80, 24), id="80x24")]
ONE_ROUND = rv.Budget(rounds=1, max_rounds=1)


def rigged(view, seed):
    """The last legal move is the best (80%); the others about 40%: blunders."""
    legal = list(view.legal)
    return {a: (0.8 if i == len(legal) - 1 else 0.4 + 0.01 * i) for i, a in enumerate(legal)}


@pytest.fixture(autouse=True)
def _rigged(monkeypatch):
    yield from rig_judges(monkeypatch, rigged)


def coach_on() -> None:
    player.set_level("tips")


def new_player() -> None:
    """The coach as for a new player who answered Guide at the first table ("auto": the
    guide and tips for the first 3 finished matches)."""
    settings.settings_path().write_text(
        '{"coach_level": "auto", "coach_asked": true}', encoding="utf-8"
    )


def hand_over(app) -> bool:
    return isinstance(app.screen, HandOverScreen)


def near_hand_over(seed: int = 5, **overrides):
    """The table of ``make_app("classic", seed)``, opened 3 moves before hand 1 is over."""
    return app_at(
        played("classic", seed, until=lambda g: g.phase == HAND_OVER, back=3, **overrides)
    )


async def open_review(pilot) -> ReviewScreen:
    app = pilot.app
    await play_until(pilot, hand_over)
    await pilot.press("R")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    await app.workers.wait_for_complete()
    await pilot.pause()
    return screen


# ------------------------------------------------------------ the Review screen
async def test_review_from_the_hand_over_screen_shows_a_marked_move(monkeypatch) -> None:
    seen: list[tuple[int, int]] = []
    show = ReviewScreen.show_progress

    def spy(self, done: int, total: int) -> None:
        seen.append((done, total))
        show(self, done, total)

    monkeypatch.setattr(ReviewScreen, "show_progress", spy)
    app = near_hand_over()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_review(pilot)
        assert screen.done and screen.problem is None
        total = seen[0][1]
        assert total == len(screen.judgements) >= 2
        assert seen[0] == (0, total) and seen[-1] == (total, total)  # the progress bar's steps
        marked = [j for j in screen.judgements if j.mark]
        assert marked and all(j.hand == 1 for j in screen.judgements)
        j = screen.current
        assert j is marked[0] and j.mark == "blunder"
        detail = str(screen.query_one("#rv-detail").render())
        assert f"Hand 1, your {ordinal(j.mine)} move: blunder" in detail
        assert f"You played {rw.played_words(j)}: 40% to win the match." in detail
        assert f"Better ★ {rw.best_words(j)}: 80%" in detail
        close = dataclasses.replace(j, mark=None, loss=0.01)  # within 3 points: not "better"
        close_words = " ".join(str(t) for t in review_mod.detail_lines(close, False))
        assert "within 1.0 points of the best" in close_words
        assert f"Best ★ {rw.best_words(j)}" in close_words and "Better" not in close_words
        summary = str(screen.query_one("#rv-summary").render())
        assert f"Hand 1: accuracy 0% (0 of {total} within 3 points)" in summary
        # the position at that moment: the hand held then, the tile played raised
        hand = screen.query_one("#rv-hand").hand
        assert j.played.tile in hand and screen.query_one("#rv-hand").selected is not None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)


async def test_leaving_the_review_stops_it(monkeypatch) -> None:
    calls = []

    def slow(view, seed):
        calls.append(seed)
        return rigged(view, seed)

    monkeypatch.setattr(review_job, "EVALUATOR", slow)
    app = near_hand_over()
    async with app.run_test(size=(100, 32)) as pilot:
        await play_until(pilot, hand_over)
        review_job.forget_kept()
        stop_at = []
        original = review_mod.run_review

        def stopping(job, progress=None, stop=None, on_hand=None):
            def step(done, total):
                if done == 1:
                    stop_at.append(done)
                    stop.set()  # as leaving the screen does
                progress(done, total)

            return original(job, step, stop, on_hand)

        monkeypatch.setattr(review_mod, "run_review", stopping)
        await pilot.press("R")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert stop_at == [1] and not screen.done
        # the decision under way when it was told to stop is finished, and no other begun
        total = len(list(rv.decisions(screen.job.start, screen.job.actions, 0, {1})))
        assert len(calls) == 2 < total
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)


async def test_reviews_are_kept_with_the_match_in_the_history() -> None:
    """Hand 1 reviewed at its hand-over: once the match is recorded the history has the
    accuracy of the decisions judged; the whole match reviewed from the match-over screen
    (hand 1 not judged again) replaces it. The strategy coach of a new player ("auto") was
    at the table: the match counts as one of its first three."""
    from dominoes_tui import store

    new_player()  # the coach is on ("auto")
    tui_coach.EVALUATOR = lambda view, seed: dict.fromkeys(view.legal, 0.5)  # never a blunder
    app = near_hand_over(11, target=30)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_review(pilot)
        n = len(screen.judgements)
        await pilot.press("escape")
        await play_until(pilot, lambda a: isinstance(a.screen, MatchOverScreen))
        await app.workers.wait_for_complete()
        await pilot.pause()
        await app.workers.wait_for_complete()
        h = store.History()
        rec = h.matches()[0]
        assert rec.accuracy == 0.0 and h.accuracy()[0].decisions == n
        assert h.hands(rec.id)[0].accuracy == 0.0 and h.hands(rec.id)[1].accuracy is None
        seen = []
        original = review_job.EVALUATOR
        review_job.EVALUATOR = lambda v, seed: seen.append(v.hand_no) or original(v, seed)
        await pilot.press("R")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await app.workers.wait_for_complete()
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.done
        hands = {j.hand for j in screen.judgements}
        assert len(hands) > 1 and 1 not in seen  # hand 1 was kept from its hand-over
        assert h.accuracy()[0].decisions == len(screen.judgements) > n
        assert all(x.accuracy is not None for x in h.hands(rec.id) if x.hand_no in hands)
        # the match's figure first, then each hand's in short: room left for the moves
        summary = str(screen.query_one("#rv-summary").render()).splitlines()
        assert summary[0].startswith("Match: accuracy ") and "within 3 points" in summary[0]
        assert summary[1].startswith("Hands: 1 0% · 2 ")
    assert player.load_player().finished == 1  # counted once


# ------------------------------------------------------------ the coach
async def reach_a_decision(pilot):
    """Play on until the person must choose between moves that differ (not the last one
    legal, which the rigged review likes best)."""

    def ready(app) -> bool:
        t = app.table
        if not isinstance(app.screen, TableScreen) or not t.my_turn:
            return False
        return rv.is_decision(t.session.view())

    await play_until(pilot, ready)
    return pilot.app.table


async def test_the_coach_asks_before_a_blunder_and_takes_it_back() -> None:
    coach_on()
    app = make_app("classic", seed=5)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await reach_a_decision(pilot)
        s = table.session
        assert coach_of(s).enabled
        action = s.view().legal[0]  # a blunder, as rigged
        hand_before = s.hand()
        await play_by_keys(pilot, action)
        await app.workers.wait_for_complete()
        await pilot.pause()
        question = app.screen
        assert isinstance(question, CoachQuestion)
        best = s.view().legal[-1]  # the rigged best: named, with the way forward
        assert f"or take it back (n) and play {tiles.name(best.tile)}" in question.question
        assert question.question.endswith(
            f"anyway, or take it back (n) and play {move_words(s.view(), best, s.names)}? (h shows the hint)"
        )
        assert "Your chance to win the match: 40%" in question.chances
        assert s.hand() == hand_before  # held until answered
        await pilot.press("n")  # take it back
        await pilot.pause()
        assert app.screen is table and s.hand() == hand_before and s.my_turn
        assert str(s.message) == str(tui_coach.TAKEN_BACK)
        # the same move again: the coach asked once, so it is laid
        await play_by_keys(pilot, action)
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert not isinstance(app.screen, CoachQuestion)
        assert action.tile not in s.hand()


async def test_the_coach_asks_and_the_person_confirms() -> None:
    coach_on()
    app = make_app("classic", seed=5)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await reach_a_decision(pilot)
        s = table.session
        action = s.view().legal[0]
        await play_by_keys(pilot, action)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, CoachQuestion)
        await pilot.press("y")
        await settle(pilot)
        assert action.tile not in s.hand()
        assert app.screen is table or isinstance(app.screen, HandOverScreen)


async def test_the_best_move_is_laid_without_a_question() -> None:
    coach_on()
    app = make_app("classic", seed=5)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await reach_a_decision(pilot)
        s = table.session
        best = s.view().legal[-1]
        assert isinstance(best, Play)
        await play_by_keys(pilot, best)
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert not isinstance(app.screen, CoachQuestion)
        assert best.tile not in s.hand()


async def test_no_coach_when_it_is_off() -> None:
    app = make_app("classic", seed=5)  # tests/tui/conftest.py: the coach is off
    async with app.run_test(size=(100, 32)) as pilot:
        table = await reach_a_decision(pilot)
        coach = coach_of(table.session)
        assert not coach.enabled
        assert table.session.check_move != coach.check  # the first hand's guide's hook only


async def test_a_strategy_point_at_most_once_a_hand(monkeypatch) -> None:
    coach_on()
    shown = []
    original = tui_coach.TableCoach.offer_point

    def offer(coach) -> None:
        before = coach.tip
        original(coach)
        if coach.tip is not None and coach.tip is not before:
            shown.append((coach.session.game.hand_no, coach.tip[1].title))

    monkeypatch.setattr(tui_coach.TableCoach, "offer_point", offer)
    app = make_app("classic", seed=5)
    async with app.run_test(size=(100, 32)) as pilot:
        monkeypatch.setattr(tui_coach, "EVALUATOR", lambda v, s: dict.fromkeys(v.legal, 0.5))
        await play_until(pilot, lambda a: isinstance(a.screen, HandOverScreen))
        await pilot.press("enter")
        await play_until(pilot, lambda a: isinstance(a.screen, HandOverScreen))
    hands = [h for h, _ in shown]
    assert shown, "no strategy point in two hands"
    assert len(hands) == len(set(hands))  # never two in one hand
    assert len({t for _, t in shown}) == len(shown)  # never the same one twice


def test_a_new_player_has_the_coach() -> None:
    settings.settings_path().write_text("{}", encoding="utf-8")  # conftest wrote "off"
    s = player.load_player()
    assert s.now == "guide" and s.tips and not s.asked  # asked at the first table


# ------------------------------------------------------------ practice deals
async def test_play_this_deal_again_from_the_cpus_seat() -> None:
    app = near_hand_over()
    async with app.run_test(size=(100, 32)) as pilot:
        await play_until(pilot, hand_over)
        match = app.table.session
        deal = hand_start(
            type(match.game).new(match.rules, match.seed), match.game.log, match.game.hand_no
        )
        await pilot.press("o")
        await settle(pilot)
        practice = app.table
        assert isinstance(practice, PracticeTableScreen) and practice is not match
        s = practice.session
        dealt = practice.practice.deal
        assert dealt.hands == [deal.hands[1], deal.hands[0]] and dealt.boneyard == deal.boneyard
        assert s.game.log[0] == Play(tiles.parse("1-1"))  # the CPU led 1-1 from your old hand
        assert not s.autosave_enabled
        # mounted once: one coach and one screen listen (a second start would say each
        # strategy point twice)
        owners = [type(getattr(f, "__self__", None)) for f in s._listeners]
        assert owners.count(tui_coach.TableCoach) == 1 and owners.count(PracticeTableScreen) == 1
        await play_until(pilot, lambda a: isinstance(a.screen, PracticeOverScreen))
        over = app.screen
        words = str(over.query_one("#comparison").render())
        assert words.startswith("This time: ")
        assert "The first time the CPU (Easy) made " in words
        assert " with these tiles: " in words  # beside the first result
        await pilot.press("a")  # again, from the same (the CPU's) seat
        await settle(pilot)
        again = app.table
        assert isinstance(again, PracticeTableScreen) and again is not practice
        assert again.practice.deal.hands == dealt.hands and again.practice.rotation == 1
        await pilot.press("q")
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)  # back where the practice began
        assert app.table.session is match


async def test_play_this_deal_again_from_your_own_seat_then_review_it() -> None:
    app = near_hand_over()
    async with app.run_test(size=(100, 32)) as pilot:
        await play_until(pilot, hand_over)
        first = app.table.session.game
        hands_dealt = hand_start(type(first).new(first.rules, first.seed), first.log, 1).hands
        await pilot.press("a")
        await settle(pilot)
        practice = app.table
        assert isinstance(practice, PracticeTableScreen)
        assert practice.session.game.hands == hands_dealt
        await play_until(pilot, lambda a: isinstance(a.screen, PracticeOverScreen))
        words = str(app.screen.query_one("#comparison").render())
        assert "The first time you made " in words
        assert "the same result as the first time" in words  # the same moves, rigged CPU
        await pilot.press("R")
        await app.workers.wait_for_complete()
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.done and review.job.practice
        await pilot.press("escape")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)


# ------------------------------------------------------------ snapshots
@pytest.mark.parametrize("size", SIZES)
def test_review_snapshot(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await open_review(pilot)
        await pilot.pause()

    assert snap_compare(near_hand_over(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_coach_question_snapshot(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        table = await reach_a_decision(pilot)
        s = table.session
        action = s.view().legal[0]
        await play_by_keys(pilot, action)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(pilot.app.screen, CoachQuestion)

    coach_on()
    assert snap_compare(make_app("classic", seed=5), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_practice_over_snapshot(snap_compare, size) -> None:
    """A hand played again from the CPU's seat, over: its result beside the first."""

    async def run_before(pilot) -> None:
        await play_until(pilot, hand_over)
        await pilot.press("o")
        await settle(pilot)
        await play_until(pilot, lambda a: isinstance(a.screen, PracticeOverScreen))
        # the practice's note comes from a store worker: wait for it, then clear the
        # notes (toasts do not time out in tests), so the snapshot never holds one
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(near_hand_over(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", [(100, 32), (80, 24)])
async def test_the_costly_pattern_is_named_after_the_hand(monkeypatch, size) -> None:
    """The coach names what cost a hand: in the hand-over's breakdown, and in the
    match-over's when the terminal has the rows (else not at all: the box fills 24 rows,
    and the coach never speaks in a note over a dialog)."""
    coach_on()
    monkeypatch.setattr(tui_coach, "EVALUATOR", lambda v, s: dict.fromkeys(v.legal, 0.5))
    said = "You were caught holding 6-6 (12 points): play heavy doubles early."
    monkeypatch.setattr(tui_coach, "pattern_text", lambda table: said)
    notes = []

    def noting(app) -> None:
        original = app.notify
        monkeypatch.setattr(
            app,
            "notify",
            lambda m, *a, **k: notes.append((k.get("title"), m)) or original(m, *a, **k),
        )

    app = near_hand_over(11, target=30)
    async with app.run_test(size=size) as pilot:
        noting(app)
        await play_until(pilot, hand_over)
        breakdown = str(app.screen.query_one("#breakdown").render())
        assert f"• Coach: {said}" in breakdown
    store.discard_autosave()  # the next table opens without asking about this one
    app = app_at(played("classic", 11, back=3, target=30))  # 3 moves from the match's end
    async with app.run_test(size=size) as pilot:
        noting(app)
        await play_until(pilot, lambda a: isinstance(a.screen, MatchOverScreen))
        await pilot.pause()
        breakdown = str(app.screen.query_one("#breakdown").render())
        inside = f"• Coach: {said}" in breakdown
        assert inside == (size[1] >= 30)
        assert not [m for t, m in notes if t == "Coach" or said in m]


async def test_the_coach_question_answered_in_the_burst_that_opened_it_closes_once() -> None:
    """A key that answers the question before it has opened (a fast typist, a busy machine):
    answered once, no crash (seen in the long fuzz: its focus looked for a button already
    gone)."""
    app = make_app("classic", seed=5)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        answers: list[str] = []
        app.push_screen(CoachQuestion("Play 6-6 anyway?"), answers.append)
        question = app.screen
        assert isinstance(question, CoachQuestion)
        question.action_answer("play")
        question.action_answer("back")  # a second key of the burst
        await pilot.pause()
        await pilot.pause()
        assert answers == ["play"] and app._exception is None
        assert not isinstance(app.screen, CoachQuestion)
