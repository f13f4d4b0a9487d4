"""A review of the person's decisions, without a UI: the job, the hands judged, the run.

A :class:`ReviewJob` is a recorded match (or some of its hands) and whose decisions to
judge; :func:`run_review` judges it hand by hand with :mod:`dominoes_tui.ai.review`
(Expert, from the person's own view at each moment), reporting its progress through
plain callbacks, and stops when told to. Hands judged in this program are kept (the
evaluation is seeded, so judging them again would give the same) and saved with the
match's history row once it is recorded (:func:`save_kept`). The Review screen only
shows what this says.

>>> from dominoes_tui.engine import load_variant
>>> job = ReviewJob(Game.new(load_variant("classic"), 5), (), 0, ("You", "CPU"), "Review")
>>> job.hand_numbers(), why_not_reviewed(job)
([1], None)
>>> progress_words(0, 12), progress_words(12, 12), progress_words(0, 0)
('Judging decision 1 of 12…', 'Judging decision 12 of 12…', 'Judging…')
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..engine import Action, Game, IllegalAction, VariantError, new_game

if TYPE_CHECKING:
    from ..ai.review import Budget, Evaluator, HandReview, MatchReview
    from ..store import MatchRecord
    from .practice import Practice
    from .session import TableSession

NOT_REVIEWED = {
    "trains": "Mexican Train",
    "chicken_foot": "Chicken Foot",
}
"""The layouts the review does not judge yet, by the name the person knows."""


BUDGET: Budget | None = None
"""The review's budget (None: ``ai.review.DEFAULT_BUDGET``); tests set a small one."""
EVALUATOR: Evaluator | None = None
"""The review's evaluator (None: Expert's); tests set a fixed one."""


# ---------------------------------------------------------------- what to review
@dataclass(frozen=True)
class ReviewJob:
    """A match (or some of its hands) to review, and where it came from."""

    start: Game
    """The match at its deal."""
    actions: tuple[Action, ...]
    seat: int
    """The person's seat."""
    names: tuple[str, ...]
    """A name per seat, for the words ("You", "CPU")."""
    title: str
    hands: frozenset[int] | None = None
    """Only these hands (None: every hand)."""
    key: str | None = None
    """The match's uid (``MatchInfo.match_id`` = ``MatchRecord.uid``): judged hands are
    kept under it for the program's life, and the accuracy saved with its history row."""
    record_id: int | None = None
    """The match's row in the history, when it is known already."""
    level: str = "medium"
    seed: int = 0
    """The CPU players' seed, for a practice deal."""
    over: bool = False
    """The match is over (it is, or will be, recorded)."""
    practice: bool = False
    """A practice hand: nothing is kept."""

    @property
    def rules(self) -> Any:
        return self.start.rules

    @property
    def single_hand(self) -> bool:
        return self.start.rules.target == 0

    def hand_numbers(self) -> list[int]:
        """The hands this job reviews, in order (those the actions reach)."""
        g = self.start.copy()
        seen = [g.hand_no]
        for a in self.actions:
            g.apply(a)
            if g.hand_no != seen[-1]:
                seen.append(g.hand_no)
        return [n for n in seen if self.hands is None or n in self.hands]

    def position(self, move: int) -> Game:
        """The match just before its ``move``-th action (1 first), replayed from the deal."""
        g = self.start.copy()
        for action in self.actions[: move - 1]:
            g.apply(action)
        return g


def job_of_session(session: TableSession, hands: Sequence[int] | None = None) -> ReviewJob:
    """The review of the match at ``session``'s table (``hands``: only those)."""
    g = session.game
    start = new_game(g.rules, g.seed, g.first_seat, getattr(g, "rotation", 0))
    which = "the match" if hands is None else _hands_words(hands)
    return ReviewJob(
        start=start,
        actions=tuple(g.log),
        seat=0,
        names=tuple(session.names),
        title=f"Review: {which} · {g.rules.name} against {session.cpu.name}",
        hands=None if hands is None else frozenset(hands),
        key=session.info.match_id if session.autosave_enabled else None,
        level=session.level,
        seed=session.seed,
        over=g.is_over,
    )


def job_of_practice(
    session: TableSession, practice: Practice, hands: Sequence[int] | None = None
) -> ReviewJob:
    """The review of a practice hand (its game starts at the practice deal)."""
    return ReviewJob(
        start=practice.deal,
        actions=tuple(session.game.log),
        seat=0,
        names=tuple(session.names),
        title=f"Review: {practice.title().lower().replace('practice: ', 'practice, ')}",
        hands=None if hands is None else frozenset(hands),
        level=practice.level,
        seed=practice.seed,
        practice=True,
    )


def job_of_record(record: MatchRecord) -> ReviewJob:
    """The review of a recorded match (rules, seed and moves from the history)."""
    rules = record.rules()
    start = new_game(rules, record.seed, record.first_seat)
    names = list(record.players)
    seat = record.human_seat
    if len(names) != rules.players:  # an old row without names
        names = ["CPU" if rules.players == 2 else f"CPU {s}" for s in range(rules.players)]
        names[seat] = "You"
    return ReviewJob(
        start=start,
        actions=tuple(record.log),
        seat=seat,
        names=tuple(names),
        title=f"Review: {record.heading()}",
        key=record.uid,
        record_id=record.id,
        level=record.cpu_level,
        seed=record.seed,
        over=record.end_reason != "abandoned",
    )


def _hands_words(hands: Sequence[int]) -> str:
    hs = sorted(hands)
    if len(hs) == 1:
        return f"hand {hs[0]}"
    return "hands " + ", ".join(str(h) for h in hs)


# ---------------------------------------------------------------- judged hands, kept
_KEPT: dict[tuple[str, int], HandReview] = {}
"""Hands judged in this program, by (match uid, hand number)."""
_KEPT_LOCK = threading.Lock()
MAX_KEPT = 500


def kept_hand(key: str | None, hand: int) -> HandReview | None:
    if key is None:
        return None
    with _KEPT_LOCK:
        return _KEPT.get((key, hand))


def keep_hand(key: str | None, h: HandReview) -> None:
    if key is None:
        return
    with _KEPT_LOCK:
        if len(_KEPT) >= MAX_KEPT:
            _KEPT.pop(next(iter(_KEPT)))
        _KEPT[(key, h.hand)] = h


def kept_hands(key: str) -> list[HandReview]:
    """Every hand of match ``key`` judged in this program, in order."""
    with _KEPT_LOCK:
        return sorted((h for (k, _), h in _KEPT.items() if k == key), key=lambda h: h.hand)


def forget_kept() -> None:
    """Forget every judged hand (tests)."""
    with _KEPT_LOCK:
        _KEPT.clear()


class Stopped(Exception):
    """The review was stopped (its screen was left)."""


class Refused(Exception):
    """Today's rules refuse the recorded match (a move no longer legal, an unknown
    house): its one sentence is ``str(error)``."""


def why_not_reviewed(job: ReviewJob) -> str | None:
    """Why ``job`` is not judged at all (its layout), in one sentence; None: it is."""
    house = NOT_REVIEWED.get(job.rules.layout)
    if house is None:
        return None
    return f"The review does not judge {house} yet: it judges the line games and All Fives."


def progress_words(done: int, total: int) -> str:
    """What the progress bar's label says after ``done`` of ``total`` decisions."""
    return f"Judging decision {min(done + 1, total)} of {total}…" if total else "Judging…"


def run_review(
    job: ReviewJob,
    progress: Callable[[int, int], None] | None = None,
    stop: threading.Event | None = None,
    on_hand: Callable[[HandReview], None] | None = None,
) -> MatchReview:
    """Review ``job`` hand by hand (hands kept from before are not judged again);
    ``progress(done, total)`` over its decisions, ``on_hand`` with each hand judged (or
    kept); raises :class:`Stopped` once ``stop`` is set, :class:`Refused` when today's
    rules refuse the match. Any thread."""
    try:
        return _run(job, progress, stop, on_hand)
    except (IllegalAction, VariantError, ValueError) as e:
        raise Refused(f"This match cannot be reviewed: today's rules refuse it ({e}).") from e


def _run(
    job: ReviewJob,
    progress: Callable[[int, int], None] | None,
    stop: threading.Event | None,
    on_hand: Callable[[HandReview], None] | None,
) -> MatchReview:
    from ..ai import review as rv

    budget = BUDGET or rv.DEFAULT_BUDGET
    numbers = job.hand_numbers()
    todo = [n for n in numbers if kept_hand(job.key, n) is None]
    counts = {n: 0 for n in todo}
    for d in rv.decisions(job.start, job.actions, job.seat, set(todo)):
        counts[d.hand] += 1
    total = sum(counts.values())
    done = 0

    def step(d: int, _t: int) -> None:
        if stop is not None and stop.is_set():
            raise Stopped
        if progress is not None:
            progress(done + d, total)

    step(0, total)
    hands: dict[int, HandReview] = {}
    last: MatchReview | None = None
    for n in numbers:
        h = kept_hand(job.key, n)
        if h is None:
            last = rv.review(
                job.start,
                job.actions,
                job.seat,
                hands={n},
                budget=budget,
                progress=step,
                evaluator=EVALUATOR,
            )
            h = next((x for x in last.hands if x.hand == n), rv.HandReview(n, ()))
            keep_hand(job.key, h)
            done += counts[n]
        hands[n] = h
        if on_hand is not None:
            on_hand(h)
    if last is None:  # every hand was kept: the match's figures without judging
        last = rv.review(
            job.start, job.actions, job.seat, hands=set(), budget=budget, evaluator=EVALUATOR
        )
    return replace(last, hands=tuple(hands[n] for n in numbers))


def review_figures(rv_: MatchReview) -> tuple[float | None, int, dict[str, int], dict]:
    """What ``History.save_review`` keeps of a review."""
    return (
        rv_.accuracy,
        len(rv_.judgements),
        rv_.counts(),
        {h.hand: (h.accuracy, len(h.judgements)) for h in rv_.hands},
    )


def save_kept(key: str, record_id: int | None = None) -> str | None:
    """Keep the hands of match ``key`` judged so far with its history row (found by its
    uid unless ``record_id`` is given). None when saved or when there is nothing to
    keep or no row yet; else one sentence. Any thread (SQLite)."""
    from ..ai.review import MatchReview
    from ..store import History, HistoryError

    hands = kept_hands(key)
    if not hands:
        return None
    rv_ = MatchReview("", 0, 0, False, False, 2, tuple(hands))
    try:
        history = History()
        row = record_id if record_id is not None else history.id_of(key)
        if row is None:
            return None
        acc, n, marks, per_hand = review_figures(rv_)
        history.save_review(row, acc, n, marks, per_hand)
    except HistoryError as e:
        return f"The review's accuracy was not kept: {e}"
    return None
