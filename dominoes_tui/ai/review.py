"""Move review: every decision the person made, judged by Expert from their own view.

For a played match (a starting position and its actions) the review replays the
game, and at each turn of the person's seat with a real choice (two moves that
lead to different positions: which tile, which end, drawing when drawing is
optional) it asks Expert's evaluation (:meth:`.expert.ExpertPlayer.evaluate`)
for the value of every legal move **from the person's :class:`SeatView` at that
moment**: never the hidden hands. The value is the chance to win the match
(in a single-hand match: the chance to win that hand, which is the match), as
a fraction 0…1. A move's *loss* is the best value minus its own; the loss
marks it (:data:`THRESHOLDS`): an inaccuracy from 3 points of percentage, a
mistake from 8, a blunder from 15. Accuracy is the share of decisions within
3 points of the best (:func:`accuracy`).

Repeatable: each decision is evaluated from a seed made of the review's seed
and the *view* itself (:func:`view_seed`), so the same position always gets the
same values whether it is reviewed in its match or in its hand alone, and two
deals that look the same from the person's seat get the same marks.

Stable: a decision is evaluated in rounds (:class:`Budget`), each one call of
Expert's evaluation from its own seed; after the first four, while the loss
lies within two standard errors of a threshold (the error estimated from how
the rounds disagree), more rounds are averaged in, up to sixteen. Close calls
get the most deals (figures in ``benchmarks/RESULTS.md``).

Pieces for the screens built on top (no Textual or Rich here):

- :func:`review` / :func:`review_record` / :func:`review_game`: a whole match or
  some of its hands, with a ``progress(done, total)`` callback for a worker;
- :func:`judge` / :func:`check_move`: one decision, e.g. the coach asking before
  a blunder is played;
- :func:`shape` and :func:`reasons`: what a move leaves and Hard's reasons for it,
  the facts the review's why is said from.

The words a player reads (the moves named by their place, why the better move
is better, the report and the JSON of ``dominoes review``) are made from these
figures in :mod:`dominoes_tui.table.words.review`.
"""

from __future__ import annotations

import hashlib
import math
import random
import statistics
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..engine import (
    HAND_OVER,
    MATCH_OVER,
    Action,
    Draw,
    Game,
    HandResult,
    NextHand,
    Pass,
    Resign,
    SeatView,
    TimeOut,
    fast,
    new_game,
    seat_view,
    tiles,
)
from ..engine.fast import plain_line
from .base import after_play
from .expert import ExpertPlayer
from .hard import evaluate as hard_evaluate
from .knowledge import ends_mask, fit_of, infer
from .words import describe_action

if TYPE_CHECKING:
    from ..engine import Rules


class Recorded(Protocol):
    """What the review reads of a recorded match (the store's ``MatchRecord`` is one)."""

    @property
    def seed(self) -> int: ...

    @property
    def first_seat(self) -> int | None: ...

    @property
    def log(self) -> Sequence[Action]: ...

    @property
    def human_seat(self) -> int: ...

    def rules(self) -> Rules: ...


# ---------------------------------------------------------------- thresholds
INACCURACY = 0.03
"""A loss of 3 points of percentage (in the chance to win) or more: an inaccuracy."""
MISTAKE = 0.08
"""8 points or more: a mistake."""
BLUNDER = 0.15
"""15 points or more: a blunder."""
THRESHOLDS: tuple[tuple[float, str], ...] = (
    (BLUNDER, "blunder"),
    (MISTAKE, "mistake"),
    (INACCURACY, "inaccuracy"),
)
"""The marks, worst first: the one place the review's thresholds live."""
MARKS = ("blunder", "mistake", "inaccuracy")
ACCURATE = INACCURACY
"""A decision counts as accurate when its loss is below this (within 3 points of the best)."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: decisions judged so far and in all. It may raise to stop."""
Evaluator = Callable[[SeatView, int], dict[Action, float]]
"""``evaluator(view, seed)``: a value (chance to win, 0…1) per legal action of ``view``."""


def mark_of(loss: float) -> str | None:
    """The mark a loss earns: ``"blunder"``, ``"mistake"``, ``"inaccuracy"`` or None.

    >>> mark_of(0.02), mark_of(0.03), mark_of(0.079), mark_of(0.15)
    (None, 'inaccuracy', 'inaccuracy', 'blunder')
    """
    for limit, name in THRESHOLDS:
        if loss >= limit - 1e-9:
            return name
    return None


# ---------------------------------------------------------------- the budget
@dataclass(frozen=True)
class Budget:
    """How hard the review looks at each decision.

    Each round is one call of Expert's evaluation with ``deals`` sampled deals per
    move (``general_deals`` on a spinner or in Matador, whose playouts cost about
    four times as much: the knob to turn if they get slower), each from its own
    seed. ``rounds`` are always run; then, while the loss lies within ``z``
    standard errors of a threshold (the error estimated from how the rounds
    disagree) or within ``margin``, more rounds, up to ``max_rounds``. ``seed``: the
    review's own seed.
    """

    deals: int = 100
    general_deals: int = 100
    rounds: int = 4
    max_rounds: int = 16
    z: float = 2.0
    margin: float = 0.005
    seed: int = 0


DEFAULT_BUDGET = Budget()
QUICK_BUDGET = Budget(deals=50, general_deals=25, rounds=4, max_rounds=4)
"""For a question that must be answered at once (the coach before a move)."""


def view_seed(view: SeatView, seed: int = 0) -> int:
    """A seed made of ``seed`` and everything ``view`` shows (nothing it hides).

    Two views that look the same get the same seed, so the same values.
    """
    public = (
        seed,
        view.rules.name,
        view.seat,
        view.hand,
        view.hand_no,
        view.line,
        view.arms,
        view.ends,
        view.hand_counts,
        view.boneyard_count,
        view.scores,
        view.events,
        view.legal,
    )
    digest = hashlib.blake2b(repr(public).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def expert_evaluator(budget: Budget = DEFAULT_BUDGET) -> Evaluator:
    """Expert's evaluation with the budget's sampled deals per legal move and no
    wall-clock cap (a cap would make the values depend on the machine's load)."""

    def evaluate(view: SeatView, seed: int) -> dict[Action, float]:
        deals = budget.deals if plain_line(view.rules) else budget.general_deals
        root = fast.position(view)
        moves = len({fast.outcome_key(root, a) for a in view.legal})  # Expert values each once
        expert = ExpertPlayer(seed, playouts=deals * moves, time_cap=None)
        return expert.evaluate(view)

    return evaluate


# ---------------------------------------------------------------- results
@dataclass(frozen=True)
class Judgement:
    """One decision of the person's, judged."""

    hand: int
    """The hand's number in the match (1 first)."""
    turn: int
    """The move's number within the hand, every seat's moves counted (1 first)."""
    move: int
    """The move's number in the whole match (1 first), as ``dominoes replay`` counts."""
    played: Action
    best: Action
    win_played: float
    """The chance to win (0…1) after the move played, as Expert values it."""
    win_best: float
    loss: float
    """``win_best - win_played`` (0 when the best move was played)."""
    mark: str | None
    values: tuple[tuple[Action, float], ...] = ()
    """Every legal move's value (legal order), for a screen that lists them."""
    rounds: int = 1
    mine: int = 0
    """The decision's number among the person's own in the hand (1 first): "your 3rd move"."""
    view: SeatView | None = field(default=None, compare=False, repr=False)
    """The seat's view the decision was judged from (the ends and layout a move's
    place is named by)."""

    @property
    def accurate(self) -> bool:
        return self.loss < ACCURATE - 1e-9


def accuracy(judgements: Sequence[Judgement]) -> float | None:
    """The share of ``judgements`` within 3 points of the best; None when there are none."""
    if not judgements:
        return None
    return sum(j.accurate for j in judgements) / len(judgements)


@dataclass(frozen=True)
class HandReview:
    hand: int
    judgements: tuple[Judgement, ...]
    finished: bool = True
    winner_side: int | None = None
    """The side that won the hand (None: level, or not finished)."""
    points: tuple[int, ...] = ()
    """Per side, what the hand wrote (``HandResult.points``); empty if not finished."""

    @property
    def accuracy(self) -> float | None:
        return accuracy(self.judgements)

    @property
    def marked(self) -> list[Judgement]:
        return [j for j in self.judgements if j.mark]


@dataclass(frozen=True)
class MatchReview:
    """The review of a match (or of some of its hands)."""

    variant: str
    seat: int
    """The person's seat."""
    side: int
    single_hand: bool
    """A single-hand match: the values are the chance to win that hand."""
    penalty: bool
    """Penalty scoring: a hand's points are written against a side."""
    players: int
    hands: tuple[HandReview, ...]
    budget: Budget = field(default=DEFAULT_BUDGET)

    @property
    def judgements(self) -> list[Judgement]:
        return [j for h in self.hands for j in h.judgements]

    @property
    def accuracy(self) -> float | None:
        return accuracy(self.judgements)

    def counts(self) -> dict[str, int]:
        """How many decisions got each mark: ``{"blunder": 1, "mistake": 0, ...}``."""
        out = dict.fromkeys(MARKS, 0)
        for j in self.judgements:
            if j.mark:
                out[j.mark] += 1
        return out

    def summary(self) -> dict[str, Any]:
        """The closing object of ``dominoes review --json``."""
        return {
            "summary": True,
            "variant": self.variant,
            "decisions": len(self.judgements),
            "accuracy": _round(self.accuracy),
            "marks": self.counts(),
            "hands": [
                {
                    "hand": h.hand,
                    "decisions": len(h.judgements),
                    "accuracy": _round(h.accuracy),
                    "marks": {m: sum(j.mark == m for j in h.judgements) for m in MARKS},
                }
                for h in self.hands
            ],
        }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


# ---------------------------------------------------------------- decisions
@dataclass(frozen=True)
class Decision:
    """A turn of the person's with a real choice, before it is judged."""

    hand: int
    turn: int
    move: int
    view: SeatView
    played: Action
    mine: int = 0
    """Its number among the person's decisions in the hand (1 first)."""


def is_decision(view: SeatView) -> bool:
    """Whether ``view``'s seat has a real choice: moves that lead to different positions.

    A forced pass or draw, or one tile that fits two ends showing the same number, is not.
    """
    root = fast.position(view)
    return len({fast.outcome_key(root, a) for a in view.legal}) > 1


def decisions(
    start: Game, actions: Sequence[Action], seat: int, hands: Collection[int] | None = None
) -> Iterator[Decision]:
    """The person's decisions along ``actions`` played from ``start`` (a copy is replayed).

    ``hands``: only these hand numbers (default: every hand).
    """
    g = start.copy()
    turn = mine = 0
    for move, a in enumerate(actions, 1):
        if isinstance(a, NextHand):
            g.apply(a)
            turn = mine = 0
            continue
        if g.phase in (HAND_OVER, MATCH_OVER) or isinstance(a, (Resign, TimeOut)):
            g.apply(a)
            continue
        turn += 1
        if g.turn == seat and (hands is None or g.hand_no in hands):
            view = seat_view(g, seat)
            if is_decision(view):
                mine += 1
                yield Decision(g.hand_no, turn, move, view, a, mine)
        g.apply(a)


# ---------------------------------------------------------------- judging
def judge(
    view: SeatView,
    played: Action,
    budget: Budget = DEFAULT_BUDGET,
    *,
    evaluator: Evaluator | None = None,
    hand: int | None = None,
    turn: int = 0,
    move: int = 0,
    mine: int = 0,
) -> Judgement:
    """Judge ``played`` (one of ``view.legal``) against the best move, from ``view`` alone."""
    if played not in view.legal:
        raise ValueError(f"{describe_action(played, view)} is not a legal move here")
    evaluator = evaluator or expert_evaluator(budget)
    base = view_seed(view, budget.seed)
    legal = list(view.legal)
    totals = dict.fromkeys(legal, 0.0)
    samples: list[dict[Action, float]] = []

    def one_round() -> None:
        vals = evaluator(view, random.Random(base + len(samples)).getrandbits(63))
        samples.append(vals)
        for a in legal:
            totals[a] += vals[a]

    for _ in range(max(1, budget.rounds)):
        one_round()
    while len(samples) < budget.max_rounds and _unsure(samples, totals, played, budget):
        one_round()
    rounds = len(samples)
    values = {a: totals[a] / rounds for a in legal}
    top = max(values.values())
    best = played if values[played] >= top else next(a for a in legal if values[a] >= top)
    p = round(_clamp(values[played]), 4)
    q = round(_clamp(values[best]), 4)
    loss = round(max(0.0, q - p), 4)
    return Judgement(
        hand=view.hand_no if hand is None else hand,
        turn=turn,
        move=move,
        played=played,
        best=best,
        win_played=p,
        win_best=q,
        loss=loss,
        mark=mark_of(loss),
        values=tuple((a, round(values[a], 4)) for a in legal),
        rounds=rounds,
        mine=mine,
        view=view,
    )


def check_move(
    view: SeatView,
    action: Action,
    budget: Budget = QUICK_BUDGET,
    *,
    evaluator: Evaluator | None = None,
) -> Judgement:
    """The coach's question before ``action`` is played: its mark and the better move.

    The same as :func:`judge` with a quick budget; ask when ``.mark == "blunder"``.
    """
    return judge(view, action, budget, evaluator=evaluator)


def _clamp(x: float) -> float:
    return min(1.0, max(0.0, x))


def _unsure(
    samples: list[dict[Action, float]], totals: dict[Action, float], played: Action, budget: Budget
) -> bool:
    """Whether the loss so far is too close to a threshold to mark it yet: within
    ``budget.z`` standard errors (estimated from the rounds' spread) or ``budget.margin``."""
    n = len(samples)
    best = max(totals, key=totals.__getitem__)
    loss = _clamp(totals[best] / n) - _clamp(totals[played] / n)
    se = 0.0
    if n > 1:
        each = [v[best] - v[played] for v in samples]
        se = statistics.stdev(each) / math.sqrt(n)
    near = max(budget.margin, budget.z * se)
    return any(abs(loss - limit) < near for limit, _ in THRESHOLDS)


# ---------------------------------------------------------------- what a move leaves
@dataclass(frozen=True)
class Shape:
    """What a move leaves, from the seat's view: for comparing two moves."""

    follow: int
    """Tiles of this seat's that fit the ends left."""
    unseen_fit: int
    """Unseen tiles (theirs or the boneyard's) that fit the ends left."""
    numbers: int
    """Different numbers left in this seat's hand."""
    ends: tuple[int, ...]


def shape(view: SeatView, a: Action) -> Shape:
    """What ``a`` leaves for ``view``'s seat (its hand and the ends after it)."""
    hand, ends = after_play(view, a)
    fit = fit_of(view)
    emask = ends_mask(ends, fit)
    unseen = view.unseen
    numbers = sum(1 for n in range(view.rules.set + 1) if hand & tiles.SUIT_MASK[n])
    return Shape((hand & emask).bit_count(), (unseen & emask).bit_count(), numbers, ends)


def reasons(view: SeatView, a: Action) -> list[str]:
    """Hard's reasons for ``a`` (the hint's), none for a draw or a pass."""
    if isinstance(a, (Draw, Pass)):
        return []
    return hard_evaluate(view, infer(view), a)[1]


# ---------------------------------------------------------------- whole matches
def review(
    start: Game,
    actions: Sequence[Action],
    seat: int,
    *,
    hands: Collection[int] | None = None,
    budget: Budget = DEFAULT_BUDGET,
    progress: Progress | None = None,
    evaluator: Evaluator | None = None,
) -> MatchReview:
    """Review the person at ``seat`` along ``actions`` played from ``start``.

    ``hands``: only these hand numbers (a Review button after one hand);
    ``progress(done, total)`` is called before the first decision and after each.
    """
    found = list(decisions(start, actions, seat, hands))
    total = len(found)
    if progress:
        progress(0, total)
    evaluator = evaluator or expert_evaluator(budget)
    by_hand: dict[int, list[Judgement]] = {}
    for i, d in enumerate(found, 1):
        j = judge(
            d.view,
            d.played,
            budget,
            evaluator=evaluator,
            hand=d.hand,
            turn=d.turn,
            move=d.move,
            mine=d.mine,
        )
        by_hand.setdefault(d.hand, []).append(j)
        if progress:
            progress(i, total)
    results = _hand_results(start, actions)
    numbers = sorted(set(results) | set(by_hand))
    if hands is not None:
        numbers = [n for n in numbers if n in hands]
    rules = start.rules
    reviewed = []
    for n in numbers:
        res = results.get(n)
        reviewed.append(
            HandReview(
                n,
                tuple(by_hand.get(n, ())),
                finished=res is not None,
                winner_side=res.winner_side if res is not None else None,
                points=tuple(res.points) if res is not None else (),
            )
        )
    return MatchReview(
        variant=rules.name,
        seat=seat,
        side=rules.side_of(seat),
        single_hand=rules.target == 0 and rules.round_count <= 1,  # rounds games: a match
        penalty=rules.scoring == "penalty",
        players=rules.players,
        hands=tuple(reviewed),
        budget=budget,
    )


def _hand_results(start: Game, actions: Sequence[Action]) -> dict[int, HandResult | None]:
    """Each hand's number and its result (None: not finished), replaying ``actions``."""
    g = start.copy()
    out: dict[int, HandResult | None] = {g.hand_no: None}
    for a in actions:
        g.apply(a)
        out.setdefault(g.hand_no, None)
        if g.phase in (HAND_OVER, MATCH_OVER) and g.result is not None:
            out[g.hand_no] = g.result
    return out


def review_game(
    game: Game,
    seat: int,
    *,
    hands: Collection[int] | None = None,
    budget: Budget = DEFAULT_BUDGET,
    progress: Progress | None = None,
) -> MatchReview:
    """Review a match dealt by ``Game.new`` (``game.rules``, ``game.seed``,
    ``game.first_seat``) along ``game.log``: e.g. the hand just over at the table."""
    start = new_game(game.rules, game.seed, game.first_seat)
    return review(start, game.log, seat, hands=hands, budget=budget, progress=progress)


def review_record(
    record: Recorded,
    *,
    hands: Collection[int] | None = None,
    budget: Budget = DEFAULT_BUDGET,
    progress: Progress | None = None,
) -> MatchReview:
    """Review a match from the history (``History.get``). Raises VariantError when its
    rules no longer load and IllegalAction when today's rules refuse one of its moves."""
    start = new_game(record.rules(), record.seed, record.first_seat)
    return review(
        start, record.log, record.human_seat, hands=hands, budget=budget, progress=progress
    )
