"""The Review screen: every decision the person made, judged, with the position.

Opened (by the app, on :class:`~dominoes_tui.tui.messages.OpenReview`) after a hand
(the hand-over screen's Review, ``R``), for a finished match (the match-over screen,
the statistics screen, ``dominoes replay``) and after a practice hand. What it judges
and how is headless (:mod:`dominoes_tui.table.review_job`: the job, the judging, the hands
kept); here the judging runs in a thread worker, hand by hand, with a progress bar,
and stops when the screen is left.

Each decision shows the line and the person's hand as they were (the table's own
widgets: the tile played raised, the better one starred), the mark, the better
move, why, and the chance to win of every move. The accuracy of the hand and of
the match is kept in the history once the match is recorded
(:func:`~dominoes_tui.tui.review_keep.keep_review`).

``a`` deals the decision's hand again (a practice deal, posted as
:class:`~dominoes_tui.tui.messages.PlayDeal`), ``o`` from the CPU's seat; ``p`` plays
on from the decision's position, the tiles the person had not seen dealt anew
(:mod:`dominoes_tui.table.play_on`).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from ...engine import Action, Game, Play, PlayDoubles, tiles
from ...table.play_on import play_on as play_on_practice
from ...table.play_on import redeal_seed
from ...table.practice import practice
from ...table.review_job import (
    Refused,
    ReviewJob,
    Stopped,
    progress_words,
    run_review,
    why_not_reviewed,
)
from ...table.words.review import (
    best_words,
    decision_words,
    every_move,
    marks_words,
    percent,
    played_within,
    played_words,
    what_words,
    why_words,
)
from ..messages import PlayDeal
from ..review_keep import keep_review
from ..widgets.hand import HandView
from ..widgets.keybar import KeyBar
from ..widgets.line import LineView, last_tiles, lead_index
from ..widgets.menu_list import MenuList

if TYPE_CHECKING:
    from ...ai.review import HandReview, Judgement, MatchReview

SYMBOLS = {"blunder": "??", "mistake": "? ", "inaccuracy": "?!", None: "  "}
MARK_STYLES = {
    "blunder": "bold #ff8f80",
    "mistake": "bold #f0a050",
    "inaccuracy": "#ffe066",
    None: "#7ee07e",
}
"""The dark felt's bad, warn, mark and good (the theme filter gives each theme's own)."""
LIST_ROOM = 19
"""The cells of a row of the list of decisions, with room for its scrollbar (25 at 100
columns and wider)."""
BEST = "★"
"""Marks the better move's tile in the hand."""


# ---------------------------------------------------------------- words
def entry_text(
    j: Judgement, several_hands: bool, names: Sequence[str] = (), width: int = LIST_ROOM
) -> Text:
    """One decision in the list: ``2·3 ?? 6-4 on the 4`` (hand 2, your 3rd move), the
    move in as many words as ``width`` cells (the list's room) hold: ``7-3 North's``
    where ``7-3 North's train`` would not fit."""
    t = Text(no_wrap=True, overflow="ellipsis")
    number = j.mine or j.turn
    where = f"{j.hand}·{number}" if several_hands else f"{number}"
    pad = 4 if several_hands else 2
    t.append(f"{where:>{pad}} ", style="dim")
    t.append(SYMBOLS.get(j.mark, "  "), style=MARK_STYLES.get(j.mark, ""))
    t.append(f" {played_within(j, width - len(t) - 1, names)}")
    t.truncate(width, overflow="ellipsis")
    return t


def detail_lines(j: Judgement, single_hand: bool, names: Sequence[str] = ()) -> list[Text]:
    """The decision judged: the mark, the move played and its chance, the better move,
    why, and every move's chance."""
    what = what_words(single_hand)
    head = Text()
    head.append(f"Hand {j.hand}, {decision_words(j)}: ", style="bold")
    if j.mark:
        head.append(
            f"{j.mark} (−{j.loss * 100:.1f} points of your chance to win {what})",
            style=MARK_STYLES[j.mark],
        )
    elif j.best == j.played:
        head.append("the best move", style=MARK_STYLES[None])
    else:
        head.append(f"within {j.loss * 100:.1f} points of the best", style=MARK_STYLES[None])
    played = Text(f"You played {played_words(j, names)}: {percent(j.win_played)} to win {what}.")
    lines = [head, played]
    if j.best != j.played:
        better = Text()
        # a marked move had a better one; within 3 points, the best is only named
        better.append(f"{'Better' if j.mark else 'Best'} {BEST} ", style="bold #ffe9a8")
        better.append(f"{best_words(j, names)}: {percent(j.win_best)}")
        why = why_words(j, names)
        if why:
            better.append(f": {why}")
        better.append(".")
        lines.append(better)
    moves = every_move(j, names)
    if len(moves) > 1:
        each = " · ".join(f"{w} {percent(v)}" for w, v in moves[:6])
        lines.append(Text(f"Every move: {each}", style="#9fb8ab"))
    return lines


def summary_text(rv_: MatchReview, hands: Sequence[int], single_hand: bool) -> Text:
    """One hand: ``Hand 2: accuracy 83% (5 of 6 within 3 points)  1 blunder`` (the marks
    there are, or ``no move marked``). Several: the match's figure and marks first, then
    each hand's accuracy in short (``Hands: 1 100% · 2 67% · 3 forced``), so a long match
    still leaves room for the moves."""
    # the marks there are (none: said so), to keep the line short at 80 columns
    marks = marks_words(rv_.counts(), only_some=True) or "no move marked"
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
        background: $felt;
        color: $ink;
        layout: vertical;
    }
    ReviewScreen #rv-title {
        height: auto;
        max-height: 2;
        background: $felt-dark;
        color: $cream;
        text-style: bold;
        padding: 0 1;
    }
    ReviewScreen #rv-status {
        height: auto;
        background: $felt-dark;
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
        background: $box;
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
        background: $bar;
    }
    ReviewScreen #rv-hand {
        height: 8;
    }
    """

    BINDINGS = [
        Binding("escape,q", "close", "Back", tooltip="Close the review and go back"),
        Binding(
            "n", "next_marked(1)", "Next marked", tooltip="Jump to the next move Expert marked"
        ),
        Binding("N", "next_marked(-1)", "Previous", show=False),
        Binding("a", "again(0)", "Deal again", tooltip="Play this deal again from the same seat"),
        Binding("o", "again(1)", "Other seat", tooltip="Play this deal again from the other seat"),
        Binding(
            "p",
            "play_on",
            "Play on from here",
            tooltip="A practice hand from this position, the tiles you had not seen dealt anew",
        ),
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
        yield KeyBar()

    def on_mount(self) -> None:
        self.set_class(self.app.size.width >= 100, "-wide")
        self.query_one("#rv-summary").display = False
        problem = why_not_reviewed(self.job)
        if problem is not None:
            self.show_problem(problem, mounting=True)
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
        app = self.app

        def progress(done: int, total: int) -> None:
            app.call_from_thread(self.show_progress, done, total)

        def on_hand(h: HandReview) -> None:
            app.call_from_thread(self.add_hand, h)

        try:
            result = run_review(self.job, progress, self._stop, on_hand)
        except Stopped:
            return
        except Refused as e:
            app.call_from_thread(self.show_problem, str(e))
            return
        app.call_from_thread(self.finished, result)

    def show_progress(self, done: int, total: int) -> None:
        if not self.is_mounted:
            return
        bar = self.query_one(ProgressBar)
        bar.update(total=max(total, 1), progress=done if total else 1)
        self.query_one("#rv-progress-label", Static).update(progress_words(done, total))

    def add_hand(self, h: HandReview) -> None:
        if not self.is_mounted:
            return
        several = len(self.job.hand_numbers()) > 1
        ol = self.query_one(OptionList)
        first = not self.judgements
        for j in h.judgements:
            room = LIST_ROOM + 6 if self.has_class("-wide") else LIST_ROOM
            text = entry_text(j, several, self.job.names, room)
            option = Option(text, id=str(len(self.judgements)))
            ol.add_option(option)
            self.judgements.append(j)
        if first and self.judgements:
            ol.highlighted = 0
            ol.focus()
            self.refresh_bindings()  # "Play on from here" applies once there is a decision

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
            g = self._positions[move] = self.job.position(move)
        return g

    def show_position(self, j: Judgement | None) -> None:
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
            detail = Text("\n").join(detail_lines(j, self.job.single_hand, self.job.names))
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
            return why_not_reviewed(self.job) is None
        if action == "play_on":
            return why_not_reviewed(self.job) is None and bool(self.judgements)
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
        except ValueError:  # the engine's own words are no player's: one sentence instead
            self.notify(HAND_NOT_DEALT, severity="warning", markup=False)
            return
        self.app.post_message(PlayDeal(p))

    def action_play_on(self) -> None:
        """Play on from the decision shown: a practice hand at its position, from your view,
        the tiles you had not seen dealt anew (never the real hidden hands)."""
        j = self.current
        if j is None:
            return
        job = self.job
        try:
            p = play_on_practice(
                job.start,
                job.actions,
                j.move,
                level=job.level,
                seed=job.seed,
                redeal_seed=redeal_seed(job.seed, j.move),
                seat=job.seat,
                names=job.names,
                mine=j.mine,
            )
        except ValueError:  # the engine's own words are no player's: one sentence instead
            self.notify(NO_PLAY_ON, severity="warning", markup=False)
            return
        self.app.post_message(PlayDeal(p))


HAND_NOT_DEALT = "This hand cannot be dealt again for practice."
NO_PLAY_ON = "This position cannot be played on: the table could not deal it again."


def _tiles_of(a: Action) -> list[int]:
    if isinstance(a, Play):
        return [a.tile]
    if isinstance(a, PlayDoubles):
        return [a.first, a.second]
    return []


__all__ = [
    "ReviewScreen",
    "detail_lines",
    "entry_text",
]
