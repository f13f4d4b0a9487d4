"""The review job without a screen: judging a recorded match hand by hand, the hands
judged kept for the program's life, progress through callbacks, stopping, refusals."""

from __future__ import annotations

import random
import threading
from dataclasses import replace

import pytest

from dominoes_tui.ai import review as rv
from dominoes_tui.engine import Game, NextHand, Play, load_variant, new_game
from dominoes_tui.table import review_job
from dominoes_tui.table.review_job import (
    Refused,
    ReviewJob,
    Stopped,
    kept_hands,
    run_review,
    why_not_reviewed,
)

ONE_ROUND = rv.Budget(rounds=1, max_rounds=1)


def rigged(view, seed):
    """The last legal move is the best; the others far behind (blunders)."""
    legal = list(view.legal)
    return {a: (0.8 if i == len(legal) - 1 else 0.4) for i, a in enumerate(legal)}


@pytest.fixture(autouse=True)
def _rigged(monkeypatch):
    calls: list[int] = []

    def counted(view, seed):
        calls.append(view.hand_no)
        return rigged(view, seed)

    monkeypatch.setattr(review_job, "EVALUATOR", counted)
    monkeypatch.setattr(review_job, "BUDGET", ONE_ROUND)
    review_job.forget_kept()
    yield calls
    review_job.forget_kept()


def two_hands(seed: int = 3) -> ReviewJob:
    """Two hands of a classic match, both seats playing a random legal move."""
    start = Game.new(load_variant("classic"), seed)
    g, rng = start.copy(), random.Random(seed)
    while not g.is_over and not (g.phase == "hand_over" and g.hand_no == 2):
        legal = [NextHand()] if g.phase == "hand_over" else g.legal_actions()
        g.apply(rng.choice(legal))
    job = ReviewJob(start, tuple(g.log), 0, ("You", "CPU"), "Review", key="match-1")
    assert job.hand_numbers() == [1, 2]
    return job


def test_a_match_is_judged_hand_by_hand_with_its_progress(_rigged) -> None:
    job = two_hands()
    said: list[tuple[int, int]] = []
    judged: list[int] = []
    result = run_review(
        job, lambda d, t: said.append((d, t)), None, lambda h: judged.append(h.hand)
    )
    total = len(list(rv.decisions(job.start, job.actions, 0)))
    assert total and said[0] == (0, total) and said[-1] == (total, total)
    assert [d for d, _ in said] == sorted(d for d, _ in said)
    assert judged == job.hand_numbers() == [h.hand for h in result.hands]
    assert len(result.judgements) == total
    assert any(j.mark == "blunder" for j in result.judgements)
    assert [h.hand for h in kept_hands("match-1")] == judged
    j = result.judgements[-1]
    before = job.position(j.move)
    assert before.turn == 0 and j.played in before.legal_actions()


def test_hands_judged_before_are_not_judged_again(_rigged) -> None:
    job = two_hands()
    first = run_review(replace(job, hands=frozenset({1})))
    _rigged.clear()
    again = run_review(job)
    assert _rigged and 1 not in _rigged  # only the second hand was judged
    assert again.hands[0] == first.hands[0]


def test_a_stopped_review_stops_at_its_next_decision(_rigged) -> None:
    job = two_hands()
    stop = threading.Event()

    def progress(done: int, total: int) -> None:
        if done == 1:
            stop.set()

    with pytest.raises(Stopped):
        run_review(job, progress, stop)
    assert not kept_hands("match-1")


def test_a_match_todays_rules_refuse_is_said_in_one_sentence() -> None:
    start = Game.new(load_variant("classic"), 3)
    hand = start.hands[start.turn]
    foreign = next(t for t in range(28) if not hand >> t & 1)
    job = ReviewJob(start, (Play(foreign),), start.turn, ("You", "CPU"), "Review")
    with pytest.raises(Refused, match=r"^This match cannot be reviewed: today's rules refuse"):
        run_review(job)


def test_the_rounds_layouts_are_not_judged_and_say_so() -> None:
    for name, house in (("mexican-train", "Mexican Train"), ("chicken-foot", "Chicken Foot")):
        job = ReviewJob(new_game(load_variant(name), 1), (), 0, ("You",) * 4, "Review")
        assert why_not_reviewed(job) == (
            f"The review does not judge {house} yet: it judges the line games and All Fives."
        )
