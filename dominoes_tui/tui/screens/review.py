"""The Review screen: every decision the person made, judged, with the position.

Opened after a hand (the hand-over screen's Review, ``R``), for a finished match
(the match-over screen, the statistics screen, ``dominoes replay``) and after a
practice hand. The judging is :mod:`dominoes_tui.ai.review`'s (Expert, from the
person's own view at each moment); it runs in a thread worker, hand by hand,
with a progress bar, and stops when the screen is left. Hands already judged in
this program (a hand reviewed at its hand-over, then the whole match) are not
judged again: the evaluation is seeded, so they would come out the same.

Each decision shows the line and the person's hand as they were (the table's own
widgets: the tile played raised, the better one starred), the mark, the better
move, why, and the chance to win of every move. The accuracy of the hand and of
the match is kept in the history once the match is recorded (:func:`keep_review`).

``a`` deals the decision's hand again (a practice deal, :mod:`.practice`), ``o``
from the CPU's seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from ...engine import Action, Game, Play, PlayDoubles, tiles
from ..widgets.hand import HandView
from ..widgets.line import LineView
from ..widgets.menu_list import MenuList

if TYPE_CHECKING:
    from ...ai.review import Budget, Evaluator, HandReview, Judgement, MatchReview
    from ...store import MatchRecord
    from ...table import TableSession
    from ...table.practice import Practice

NOT_REVIEWED = {
    "trains": "Mexican Train",
    "chicken_foot": "Chicken Foot",
}
SYMBOLS = {"blunder": "??", "mistake": "? ", "inaccuracy": "?!", None: "  "}
MARK_STYLES = {
    "blunder": "bold #ff6b5b",
    "mistake": "bold #f0a050",
    "inaccuracy": "#e0d070",
    None: "#7ee07e",
}
BEST = "★"
"""Marks the better move's tile in the hand."""

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


def job_of_session(session: TableSession, hands: Sequence[int] | None = None) -> ReviewJob:
    """The review of the match at ``session``'s table (``hands``: only those)."""
    g = session.game
    start = Game.new(g.rules, g.seed, g.first_seat, getattr(g, "rotation", 0))
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
    start = Game.new(rules, record.seed, record.first_seat)
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


def run_review(
    job: ReviewJob,
    progress: Callable[[int, int], None] | None = None,
    stop: threading.Event | None = None,
    on_hand: Callable[[HandReview], None] | None = None,
) -> MatchReview:
    """Review ``job`` hand by hand (hands kept from before are not judged again);
    ``progress(done, total)`` over its decisions; raises :class:`Stopped` once ``stop``
    is set. Any thread."""
    from ...ai import review as rv

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
    from ...ai.review import MatchReview
    from ...store import History, HistoryError

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


async def keep_review(app: App, key: str, record_id: int | None = None) -> None:
    """Keep match ``key``'s judged hands in the history once it is recorded: wait for the
    store's workers (the record is written by one), then save in a thread."""
    current = getattr(asyncio.current_task(), "get_name", lambda: "")()
    for w in list(app.workers):
        if w.group == "store" and not w.is_finished and w.name != current:
            with contextlib.suppress(Exception):
                await w.wait()
    problem = await asyncio.to_thread(save_kept, key, record_id)
    if problem:
        app.notify(problem, severity="warning", markup=False)


# ---------------------------------------------------------------- words
def percent(x: float | None) -> str:
    return "–" if x is None else f"{x:.0%}"


def what_words(single_hand: bool) -> str:
    return "the hand" if single_hand else "the match"


def entry_text(j: Judgement, several_hands: bool) -> Text:
    """One decision in the list: ``2·7 ?? 5-3 right``."""
    t = Text(no_wrap=True, overflow="ellipsis")
    where = f"{j.hand}·{j.turn}" if several_hands else f"{j.turn}"
    t.append(f"{where:>5} ", style="dim")
    t.append(SYMBOLS.get(j.mark, "  "), style=MARK_STYLES.get(j.mark, ""))
    t.append(f" {_short(j.played_words)}")
    return t


def _short(words: str) -> str:
    return words.replace(" on the ", " ").replace(" arm", "")


def detail_lines(j: Judgement, single_hand: bool) -> list[Text]:
    """The decision judged: the mark, the move played and its chance, the better move,
    why, and every move's chance."""
    what = what_words(single_hand)
    head = Text()
    head.append(f"Hand {j.hand}, move {j.turn}: ", style="bold")
    if j.mark:
        head.append(
            f"{j.mark} (−{j.loss * 100:.1f} points of your chance to win {what})",
            style=MARK_STYLES[j.mark],
        )
    elif j.best == j.played:
        head.append("the best move", style=MARK_STYLES[None])
    else:
        head.append(f"within {j.loss * 100:.1f} points of the best", style=MARK_STYLES[None])
    played = Text(f"You played {j.played_words}: {percent(j.win_played)} to win {what}.")
    lines = [head, played]
    if j.best != j.played:
        better = Text()
        # a marked move had a better one; within 3 points, the best is only named
        better.append(f"{'Better' if j.mark else 'Best'} {BEST} ", style="bold #ffe9a8")
        better.append(f"{j.best_words}: {percent(j.win_best)}")
        if j.why:
            better.append(f": {j.why}")
        better.append(".")
        lines.append(better)
    if len(j.values) > 1:
        ranked = sorted(j.values, key=lambda av: -av[1])
        shown = {}
        for a, v in ranked:
            words = _action_words(a, j)
            shown.setdefault(words, v)
        each = " · ".join(f"{w} {percent(v)}" for w, v in list(shown.items())[:6])
        lines.append(Text(f"Every move: {each}", style="#9fb8ab"))
    return lines


def _action_words(a: Action, j: Judgement) -> str:
    if a == j.played:
        return _short(j.played_words)
    if a == j.best:
        return _short(j.best_words)
    from ...ai import describe_action

    return _short(describe_action(a))


def summary_text(rv_: MatchReview, hands: Sequence[int], single_hand: bool) -> Text:
    """One hand: ``Hand 2: accuracy 83% (5 of 6 within 3 points)  1 blunder`` (the marks
    there are, or ``no move marked``). Several: the match's figure and marks first, then
    each hand's accuracy in short (``Hands: 1 100% · 2 67% · 3 forced``), so a long match
    still leaves room for the moves."""
    from ...ai.review import MARKS, PLURALS

    counts = rv_.counts()
    # the marks there are (none: said so), to keep the line short at 80 columns
    marks = (
        " · ".join(f"{counts[m]} {PLURALS[m] if counts[m] != 1 else m}" for m in MARKS if counts[m])
        or "no move marked"
    )
    shown = [h for h in rv_.hands if h.hand in hands]
    t = Text()
    if len(shown) == 1 and len(rv_.hands) == 1:
        h = shown[0]
        n = len(h.judgements)
        ok = sum(j.accurate for j in h.judgements)
        t.append(f"Hand {h.hand}: ", style="bold")
        if n:
            t.append(f"accuracy {percent(h.accuracy)} ({ok} of {n} within 3 points)  ")
        else:
            t.append("every move was forced  ")
        t.append(marks, style="#9fb8ab")
        return t
    n = len(rv_.judgements)
    ok = sum(j.accurate for j in rv_.judgements)
    t.append(f"{'Hand' if single_hand else 'Match'}: ", style="bold")
    if n:
        t.append(f"accuracy {percent(rv_.accuracy)} ({ok} of {n} within 3 points)  ")
    else:
        t.append("every move was forced  ")
    t.append(marks, style="#9fb8ab")
    if shown:
        each = " · ".join(
            f"{h.hand} {percent(h.accuracy) if h.judgements else 'forced'}" for h in shown
        )
        t.append("\nHands: ", style="bold")
        t.append(each)
    return t


# ---------------------------------------------------------------- the screen
class ReviewScreen(Screen[None]):
    """Every decision of the person's, judged, with the position shown."""

    DEFAULT_CSS = """
    ReviewScreen {
        background: #0f3d2e;
        color: #e8efe9;
        layout: vertical;
    }
    ReviewScreen #rv-title {
        height: auto;
        max-height: 2;
        background: #0a2e22;
        color: #ffe9a8;
        text-style: bold;
        padding: 0 1;
    }
    ReviewScreen #rv-status {
        height: auto;
        background: #0a2e22;
        padding: 0 1;
    }
    ReviewScreen #rv-progress {
        width: 1fr;
        height: 1;
    }
    ReviewScreen #rv-progress-label {
        width: auto;
        height: 1;
        margin-right: 2;
    }
    ReviewScreen #rv-summary {
        height: auto;
        max-height: 4;
        width: 1fr;
    }
    ReviewScreen #rv-middle {
        height: 1fr;
    }
    ReviewScreen #rv-list {
        width: 22;
        height: 1fr;
        background: #1e2b26;
        border: none;
        scrollbar-size-vertical: 1;
    }
    ReviewScreen.-wide #rv-list {
        width: 28;
    }
    ReviewScreen #rv-line {
        width: 1fr;
        height: 1fr;
    }
    ReviewScreen #rv-detail {
        height: auto;
        max-height: 8;
        padding: 0 1;
        background: #0c3326;
    }
    ReviewScreen #rv-hand {
        height: 8;
    }
    """

    BINDINGS = [
        Binding("escape,q", "close", "Back"),
        Binding("n", "next_marked(1)", "Next marked"),
        Binding("N", "next_marked(-1)", "Previous", show=False),
        Binding("a", "again(0)", "Deal again"),
        Binding("o", "again(1)", "Other seat"),
    ]

    def __init__(self, job: ReviewJob) -> None:
        super().__init__()
        self.job = job
        self.result: MatchReview | None = None
        """The review, once every hand is judged."""
        self.judgements: list[Judgement] = []
        """The decisions judged so far, in order (the list's rows)."""
        self.problem: str | None = None
        self.done = False
        self._stop = threading.Event()
        self._positions: dict[int, Game] = {}

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(Text(self.job.title, no_wrap=True, overflow="ellipsis"), id="rv-title")
        with Horizontal(id="rv-status"):
            yield Static("Judging your moves…", id="rv-progress-label")
            yield ProgressBar(total=None, show_eta=False, id="rv-progress")
            yield Static(id="rv-summary")
        with Horizontal(id="rv-middle"):
            yield MenuList(id="rv-list")
            yield LineView(id="rv-line")
        yield Static(id="rv-detail")
        yield HandView(id="rv-hand")
        yield Footer()

    def on_mount(self) -> None:
        self.set_class(self.app.size.width >= 100, "-wide")
        self.query_one("#rv-summary").display = False
        layout = self.job.rules.layout
        if layout in NOT_REVIEWED:
            self.show_problem(
                f"The review does not judge {NOT_REVIEWED[layout]} yet: it judges the line "
                "games and All Fives.",
                mounting=True,
            )
            return
        self.show_position(None)
        self.judge()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width >= 100, "-wide")

    def on_unmount(self) -> None:
        self._stop.set()  # the worker stops at its next decision

    # ------------------------------------------------------------ the worker
    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def judge(self) -> None:
        from ...engine import IllegalAction, VariantError

        app = self.app

        def progress(done: int, total: int) -> None:
            app.call_from_thread(self.show_progress, done, total)

        def on_hand(h: HandReview) -> None:
            app.call_from_thread(self.add_hand, h)

        try:
            result = run_review(self.job, progress, self._stop, on_hand)
        except Stopped:
            return
        except (IllegalAction, VariantError, ValueError) as e:
            app.call_from_thread(
                self.show_problem, f"This match cannot be reviewed: today's rules refuse it ({e})."
            )
            return
        app.call_from_thread(self.finished, result)

    def show_progress(self, done: int, total: int) -> None:
        if not self.is_mounted:
            return
        bar = self.query_one(ProgressBar)
        bar.update(total=max(total, 1), progress=done if total else 1)
        label = f"Judging decision {min(done + 1, total)} of {total}…" if total else "Judging…"
        self.query_one("#rv-progress-label", Static).update(label)

    def add_hand(self, h: HandReview) -> None:
        if not self.is_mounted:
            return
        several = len(self.job.hand_numbers()) > 1
        ol = self.query_one(OptionList)
        first = not self.judgements
        for j in h.judgements:
            ol.add_option(Option(entry_text(j, several), id=str(len(self.judgements))))
            self.judgements.append(j)
        if first and self.judgements:
            ol.highlighted = 0
            ol.focus()

    def finished(self, result: MatchReview) -> None:
        self.result = result
        self.done = True
        if not self.is_mounted:
            return
        self.query_one("#rv-progress-label").display = False
        self.query_one(ProgressBar).display = False
        summary = self.query_one("#rv-summary", Static)
        summary.update(summary_text(result, self.job.hand_numbers(), self.job.single_hand))
        summary.display = True
        ol = self.query_one(OptionList)
        marked = [i for i, j in enumerate(self.judgements) if j.mark]
        if marked:
            ol.highlighted = marked[0]
        if not self.judgements:
            self.query_one("#rv-detail", Static).update(
                Text("No decisions to judge: every move of yours was forced.")
            )
        ol.focus()
        if self.job.key is not None and self.job.over and not self.job.practice:
            self.app.run_worker(
                keep_review(self.app, self.job.key, self.job.record_id),
                group="review-keep",
            )

    def show_problem(self, problem: str, *, mounting: bool = False) -> None:
        self.problem = problem
        self.done = True
        if not (mounting or self.is_mounted):
            return
        self.query_one("#rv-progress-label").display = False
        self.query_one(ProgressBar).display = False
        self.query_one("#rv-detail", Static).update(Text(problem))

    # ------------------------------------------------------------ showing a decision
    @property
    def current(self) -> Judgement | None:
        ol = self.query_one(OptionList)
        i = ol.highlighted
        if i is None or not 0 <= i < len(self.judgements):
            return None
        return self.judgements[i]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.show_position(self.current)

    def position(self, move: int) -> Game:
        """The match just before its ``move``-th action (1 first)."""
        g = self._positions.get(move)
        if g is None:
            g = self.job.start.copy()
            for a in self.job.actions[: move - 1]:
                g.apply(a)
            self._positions[move] = g
        return g

    def show_position(self, j: Judgement | None) -> None:
        from .replay import last_tiles, lead_index

        g = self.position(j.move) if j is not None else self.job.start
        seat = self.job.seat
        self.query_one(LineView).show(
            g.line,
            lead_index(g),
            g.ends,
            g.rules.set,
            last_tiles(g),
            False,
            arms=g.arms,
            spinner=g.spinner,
            sum7=g.rules.match_rule == "sum7",
        )
        hand = list(tiles.bits(g.hands[seat]))
        fits: set[int] = set()
        played = best = None
        if j is not None:
            for a, _ in j.values or ((j.played, 0.0), (j.best, 0.0)):
                fits.update(_tiles_of(a))
            played = next(iter(_tiles_of(j.played)), None)
            best = next(iter(_tiles_of(j.best)), None) if j.best != j.played else None
        self.query_one(HandView).show(
            hand,
            fits,
            hand.index(played) if played in hand else None,
            set(),
            dim_unfit=j is not None,
            set_size=g.rules.set,
            marks={best} if best is not None else set(),
        )
        if j is not None:
            detail = Text("\n").join(detail_lines(j, self.job.single_hand))
            self.query_one("#rv-detail", Static).update(detail)

    # ------------------------------------------------------------ keys
    def action_close(self) -> None:
        self._stop.set()
        self.dismiss(None)

    def action_next_marked(self, step: int) -> None:
        marked = [i for i, j in enumerate(self.judgements) if j.mark]
        if not marked:
            self.notify("No marked moves here.", timeout=3)
            return
        ol = self.query_one(OptionList)
        i = ol.highlighted if ol.highlighted is not None else -1
        later = [m for m in marked if (m - i) * step > 0]
        ol.highlighted = (later[0] if step > 0 else later[-1]) if later else marked[0]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "again":
            return self.job.rules.layout not in NOT_REVIEWED
        return True

    def hand_shown(self) -> int:
        """The hand of the decision shown (else the job's first hand)."""
        j = self.current if self.judgements else None
        if j is not None:
            return j.hand
        numbers = self.job.hand_numbers()
        return numbers[0] if numbers else 1

    def action_again(self, rotation: int) -> None:
        """Deal the shown decision's hand again (``rotation`` 1: from the CPU's seat)."""
        from ...table.practice import practice
        from ..messages import PlayDeal

        job = self.job
        try:
            p = practice(
                job.start,
                job.actions,
                self.hand_shown(),
                rotation,
                level=job.level,
                seed=job.seed,
                seat=job.seat,
                names=job.names,
            )
        except ValueError as e:
            self.notify(f"This hand cannot be dealt again: {e}.", severity="warning", markup=False)
            return
        self.app.post_message(PlayDeal(p))


def _tiles_of(a: Action) -> list[int]:
    if isinstance(a, Play):
        return [a.tile]
    if isinstance(a, PlayDoubles):
        return [a.first, a.second]
    return []


def open_review(app: App, job: ReviewJob) -> None:
    """Push the Review screen for ``job``."""
    app.push_screen(ReviewScreen(job))


__all__ = [
    "ReviewJob",
    "ReviewScreen",
    "Stopped",
    "detail_lines",
    "entry_text",
    "job_of_practice",
    "job_of_record",
    "job_of_session",
    "keep_review",
    "open_review",
    "run_review",
    "save_kept",
]
