"""The Statistics screen: your record against the CPU, from the match history.

Pushed from the start menu's "Statistics" item (``app.push_screen(StatsScreen())``);
Escape closes it. The history is read in a thread worker (SQLite), so the screen
opens at once and fills in a moment later.

The accuracy of every reviewed match is charted over time, oldest on the
left, so the person sees whether they are improving; ``R`` reviews the match picked
in the recent matches (its accuracy is then kept and charted).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Sparkline, Static

from ... import store
from ...engine import VariantError
from ...report import FORM_STYLE, per_hand, percent
from ...store import HandRecord, MatchRecord
from ...store.stats import AccuracyPoint, GroupStats, Stats
from ...table.review_job import job_of_record
from ..messages import OpenReplay, OpenReview
from .base import DismissOnce

RESULT_WORDS = {"win": "won", "loss": "lost", "draw": "drawn", "abandoned": "left"}
RESULT_STYLE = {"win": "bold green", "loss": "red", "draw": "yellow", "abandoned": "dim"}
END_WORDS = {
    "target": "target reached",
    "single_hand": "one hand",
    "time": "on time",
    "resign": "resigned",
    "abandoned": "unfinished",
}
NO_MATCHES = "No matches recorded yet: finish a match and your record shows here."


BAR_WIDTH = 2
"""Columns of the form chart per match."""


def form_data(values: Sequence[float], bar_width: int = BAR_WIDTH) -> list[float]:
    """Recent results (0…1) laid out for a :class:`Sparkline` ``bar_width`` columns a match.

    Textual's sparkline scales bars between the smallest and largest value it is
    given, so five wins in a row would all be drawn at the bottom. Each column is
    given as ``[0, 1, value]`` and the chart is exactly ``bar_width`` columns per
    match: every column then holds one triple, the scale is always 0…1, and
    :func:`last` picks the match's own value as the bar.
    """
    return [x for v in values for _ in range(bar_width) for x in (0.0, 1.0, v)]


def last(bucket: Sequence[float]) -> float:
    """The summary of one sparkline column: the match's value (see :func:`form_data`)."""
    return bucket[-1]


ACCURACY_RECENT = 30
"""Reviewed matches in the accuracy chart (the latest)."""
NO_REVIEWS = (
    "No match reviewed yet: R reviews the match picked below (or press R when a "
    "match ends); its accuracy shows here."
)


def accuracy_label(points: Sequence[AccuracyPoint]) -> Text:
    """``Accuracy, last 12 reviewed matches: 71% last, 64% mean (first 58%)``."""
    t = Text()
    n = len(points)
    t.append(f"Accuracy, {'last ' if n > 1 else ''}", "bold #d9b24a")
    t.append(f"{n} reviewed match{'es' if n != 1 else ''}", "bold #d9b24a")
    values = [p.accuracy for p in points]
    mean = sum(values) / n
    t.append(f"  {values[-1]:.0%} last, {mean:.0%} on average", "#cfe0d6")
    if n > 1:
        t.append(f" (the first of these {values[0]:.0%})", "#9fb8ab")
    return t


def summary_text(st: Stats) -> Table:
    """Matches, win rate, points per hand and streaks, as a two-column grid."""
    tot = st.total
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold #d9b24a", no_wrap=True)
    grid.add_column()
    unfinished = f", {tot.abandoned} left unfinished" if tot.abandoned else ""
    grid.add_row("Matches", f"{tot.matches} ({tot.finished} finished{unfinished})")
    draws = f", {tot.draws} drawn" if tot.draws else ""
    grid.add_row("Win rate", f"{percent(tot.win_rate)} ({tot.wins} won, {tot.losses} lost{draws})")
    if tot.per_hand_kind == "mixed":  # penalties and points do not average together
        for g in st.by_variant:
            grid.add_row(f"Per hand, {g.variant}", _per_hand_words(g))
    else:
        grid.add_row("Per hand", _per_hand_words(tot))
    grid.add_row("Longest winning streak", f"{st.longest_streak} (now {st.current_streak})")
    return grid


def _per_hand_words(g: GroupStats) -> str:
    if g.per_hand is None:
        return "–"
    hands = f"{g.hands} hand{'s' * (g.hands != 1)}"
    if g.per_hand_kind == "penalty":
        return f"{g.per_hand:.1f} penalty points against you ({hands})"
    return f"{g.per_hand:.1f} points scored ({hands})"


def groups_table(st: Stats) -> Table:
    """Win rate and points per hand for each variant and CPU level played."""
    t = Table(
        title="By variant and CPU level",
        title_justify="left",
        title_style="bold #d9b24a",
        expand=False,
        box=box.SIMPLE_HEAD,
        border_style="#2e5e4b",
        header_style="bold",
        pad_edge=False,
    )
    t.add_column("Variant", no_wrap=True)
    t.add_column("CPU", no_wrap=True)
    for name in ("Played", "Won", "Lost", "Drawn", "Left", "Win %"):
        t.add_column(name, justify="right", no_wrap=True)
    t.add_column("Per hand", justify="right", no_wrap=True)
    for g in st.by_variant_level:
        t.add_row(
            Text(g.variant or ""),  # names from the player's files: text, not markup
            Text(g.cpu_level or ""),
            str(g.matches),
            str(g.wins),
            str(g.losses),
            str(g.draws),
            str(g.abandoned),
            percent(g.win_rate),
            per_hand(g),
        )
    if len(st.by_variant_level) > 1:
        for g in st.by_level:
            t.add_row(
                Text("all", style="dim"),
                Text(g.cpu_level or ""),
                str(g.matches),
                str(g.wins),
                str(g.losses),
                str(g.draws),
                str(g.abandoned),
                percent(g.win_rate),
                per_hand(g),
                style="dim",
            )
    return t


def form_letters(recent: Sequence[str], bar_width: int = BAR_WIDTH) -> Text:
    """One coloured letter per recent match, over its bar in the chart."""
    t = Text()
    for r in recent:
        t.append(r.ljust(bar_width), FORM_STYLE.get(r, ""))
    return t


class StatsScreen(DismissOnce, Screen[None]):
    """Matches, win rates by variant and CPU level, points per hand, streaks, recent form."""

    RECENT = 20
    RECENT_ROWS = 10

    DEFAULT_CSS = """
    StatsScreen {
        background: $felt;
        color: $ink;
    }
    StatsScreen #stats-title {
        height: 1;
        width: 1fr;
        background: $felt-dark;
        color: $cream;
        text-style: bold;
        padding: 0 1;
    }
    StatsScreen #stats-body {
        height: 1fr;
        padding: 0 1;
    }
    StatsScreen #stats-summary, StatsScreen #stats-table {
        height: auto;
        margin-top: 1;
    }
    StatsScreen #stats-form {
        height: auto;
        margin-top: 1;
    }
    StatsScreen #form-label {
        height: 1;
    }
    StatsScreen #form-letters {
        height: 1;
        width: auto;
    }
    StatsScreen #form-chart {
        height: 2;
        width: 40;
        background: $felt-dark;
    }
    StatsScreen #form-chart > .sparkline--max-color {
        color: #5cc26a;
    }
    StatsScreen #form-chart > .sparkline--min-color {
        color: #c0392b;
    }
    StatsScreen #stats-accuracy {
        height: auto;
        margin-top: 1;
    }
    StatsScreen #accuracy-label, StatsScreen #accuracy-scale {
        height: auto;
    }
    StatsScreen #accuracy-scale {
        color: $ink-dim;
    }
    StatsScreen #accuracy-chart {
        height: 3;
        width: 40;
        background: $felt-dark;
    }
    StatsScreen #accuracy-chart > .sparkline--max-color {
        color: #5cc26a;
    }
    StatsScreen #accuracy-chart > .sparkline--min-color {
        color: #c0392b;
    }
    StatsScreen #recent-label {
        height: auto;
        margin-top: 1;
    }
    StatsScreen #recent {
        height: auto;
        max-height: 12;
        background: $felt-dark;
    }
    StatsScreen #stats-message {
        height: auto;
        margin-top: 1;
        color: $cream;
    }
    """

    BINDINGS = [
        Binding("escape,q", "close", "Back"),
        Binding("enter", "replay", "Replay", key_display="⏎"),
        Binding("R", "review", "Review"),
        Binding("pageup", "scroll(-5)", "Scroll", key_display="PgUp/PgDn"),
        Binding("pagedown", "scroll(5)", "Scroll", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.recent_ids: list[int] = []
        """The match numbers in the recent-matches table, top row first."""
        self.stats: Stats | None = None
        """The numbers shown, once loaded (None while loading or if the history failed)."""
        self.problem: str | None = None
        self.covered = False
        """Another screen (a review, a replay) is over this one: read again when back."""

    def compose(self) -> ComposeResult:
        yield Static("Statistics: your record against the CPU", id="stats-title")
        with VerticalScroll(id="stats-body"):
            yield Static("Reading the match history…", id="stats-message")
            yield Static(id="stats-summary")
            with Vertical(id="stats-form"):
                yield Static(id="form-label")
                yield Static(id="form-letters")
                yield Sparkline([], summary_function=last, id="form-chart")
            with Vertical(id="stats-accuracy"):
                yield Static(id="accuracy-label")
                yield Sparkline([], summary_function=last, id="accuracy-chart")
                yield Static(id="accuracy-scale")
            yield Static(id="stats-table")
            yield Static(id="recent-label")
            yield DataTable(id="recent", cursor_type="row", show_cursor=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#stats-form").display = False
        self.query_one("#stats-accuracy").display = False
        self.query_one("#recent", DataTable).display = False
        self.load()

    @work(thread=True, exclusive=True, group="stats")
    def load(self) -> None:
        """Read the history off the main thread (SQLite with fsyncs)."""
        try:
            h = store.History()
            st = h.stats(recent=self.RECENT)
        except store.HistoryError as e:
            self.app.call_from_thread(self.show_problem, str(e))
            return
        try:
            recent = h.matches(limit=self.RECENT_ROWS)
        except (store.HistoryError, ValueError):
            recent = []
        problem = " ".join(x for x in (h.problem, h.note) if x) or None  # damaged rows skipped
        self.app.call_from_thread(self.show_stats, st, problem, recent)

    @property
    def open(self) -> bool:
        """Still on the screen stack: a worker's answer after Esc closed it is dropped."""
        return self in self.app.screen_stack

    def show_problem(self, problem: str) -> None:
        if not self.open:
            return
        self.problem = problem
        self.query_one("#stats-message", Static).update(Text(problem))

    def show_stats(
        self, st: Stats, problem: str | None = None, recent: Sequence[MatchRecord] = ()
    ) -> None:
        if not self.open:
            return
        self.stats = st
        if problem:
            self.problem = problem
            self.notify(problem, severity="warning", timeout=10, markup=False)
        message = self.query_one("#stats-message", Static)
        if not st.total.matches:
            message.update(NO_MATCHES)
            return
        message.display = False
        self.query_one("#stats-summary", Static).update(summary_text(st))
        n = len(st.recent)
        label = Text()
        label.append(f"Last {n} match{'es' if n != 1 else ''}", "bold #d9b24a")
        label.append("  (W won · D drawn · L lost · A left unfinished)", "#9fb8ab")
        self.query_one("#form-label", Static).update(label)
        self.query_one("#form-letters", Static).update(form_letters(st.recent))
        chart = self.query_one("#form-chart", Sparkline)
        chart.styles.width = max(1, n * BAR_WIDTH)
        chart.data = form_data(st.recent_values())
        self.query_one("#stats-form").display = True
        self.show_accuracy(st.accuracy)
        self.query_one("#stats-table", Static).update(groups_table(st))
        self.show_recent(recent)

    def show_accuracy(self, points: Sequence[AccuracyPoint]) -> None:
        """The accuracy of the reviewed matches over time, oldest on the left."""
        box = self.query_one("#stats-accuracy")
        box.display = True
        label = self.query_one("#accuracy-label", Static)
        chart = self.query_one("#accuracy-chart", Sparkline)
        scale = self.query_one("#accuracy-scale", Static)
        points = list(points)[-ACCURACY_RECENT:]
        if not points:
            label.update(Text(NO_REVIEWS, style="#9fb8ab"))
            chart.display = False
            scale.display = False
            return
        label.update(accuracy_label(points))
        chart.display = True
        chart.styles.width = max(1, len(points) * BAR_WIDTH)
        chart.data = form_data([p.accuracy for p in points])
        first, latest = points[0], points[-1]
        scale.display = True
        scale.update(
            Text(
                f"matches {first.match_id} to {latest.match_id}, oldest on the left; "
                "a full bar is 100%"
                if len(points) > 1
                else f"match {latest.match_id}; a full bar is 100%"
            )
        )

    def show_recent(self, recent: Sequence[MatchRecord]) -> None:
        """The last matches by number, for ``dominoes replay ID``; Enter replays one here."""
        self.recent_ids = [m.id for m in recent]
        if not recent:
            return
        label = Text()
        label.append("Recent matches", "bold #d9b24a")
        label.append("  (Enter replays the top one, R reviews it; Tab then ↑↓ picks", "#9fb8ab")
        label.append(" another; or `dominoes replay N`)", "#9fb8ab")
        self.query_one("#recent-label", Static).update(label)
        table = self.query_one("#recent", DataTable)
        table.clear(columns=True)
        table.add_columns(
            "N", "Variant", "CPU", "Result", "Score", "Hands", "How it ended", "Accuracy"
        )
        for m in recent:
            you = m.human_side
            other = 1 - you if len(m.scores) == 2 else None
            score = f"{m.scores[you]}–{m.scores[other]}" if other is not None else str(m.scores)
            table.add_row(
                Text(str(m.id), justify="right"),
                Text(m.variant),
                Text(m.cpu_level),
                Text(RESULT_WORDS.get(m.outcome, m.outcome), style=RESULT_STYLE.get(m.outcome, "")),
                score,
                Text(str(m.hands), justify="right"),
                END_WORDS.get(m.end_reason, m.end_reason),
                Text(percent(m.accuracy) if m.accuracy is not None else "–", justify="right"),
                key=str(m.id),
            )
        table.display = True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("replay", "review"):
            return bool(self.recent_ids)
        return True

    def action_replay(self) -> None:
        table = self.query_one("#recent", DataTable)
        if not self.recent_ids or not table.display:
            return
        row = table.cursor_row
        if 0 <= row < len(self.recent_ids):
            self.open_replay(self.recent_ids[row])

    def action_review(self) -> None:
        """Review the match picked in the recent matches."""
        table = self.query_one("#recent", DataTable)
        if not self.recent_ids or not table.display:
            return
        row = table.cursor_row
        if 0 <= row < len(self.recent_ids):
            self.open_review(self.recent_ids[row])

    @work(thread=True, exclusive=True, group="stats-review")
    def open_review(self, match_id: int) -> None:
        """Read one match (SQLite), then review it on the Review screen."""
        try:
            rec = store.History().get(match_id)
        except store.HistoryError as e:
            self.app.call_from_thread(self.notify, str(e), severity="warning", markup=False)
            return
        if rec is not None:
            self.app.call_from_thread(self._push_review, rec)

    def _push_review(self, rec: MatchRecord) -> None:
        try:
            job = job_of_record(rec)
        except VariantError as e:
            self.notify(
                f"Match {rec.id} cannot be reviewed: its rules are not valid today ({e}).",
                severity="warning",
                markup=False,
            )
            return
        self.app.post_message(OpenReview(job))

    def on_screen_suspend(self) -> None:
        self.covered = True

    def on_screen_resume(self) -> None:
        """Back in front (a review may just have kept its accuracy): read the history again."""
        if self.covered:
            self.covered = False
            self.load()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.row_key.value is not None:
            self.open_replay(int(event.row_key.value))

    @work(thread=True, exclusive=True, group="stats-replay")
    def open_replay(self, match_id: int) -> None:
        """Read one match and its hands (SQLite), then step through it on a replay screen."""
        try:
            h = store.History()
            rec = h.get(match_id)
            hands = h.hands(match_id) if rec is not None else []
        except store.HistoryError as e:  # a damaged row says so; the screen stays
            self.app.call_from_thread(self.notify, str(e), severity="warning", markup=False)
            return
        if rec is not None:
            self.app.call_from_thread(self._push_replay, rec, hands)

    def _push_replay(self, rec: MatchRecord, hands: Sequence[HandRecord]) -> None:
        if not self.is_active:  # closed meanwhile, or a replay opened already (Enter twice)
            return
        self.app.post_message(OpenReplay(rec, hands))

    def action_scroll(self, delta: int) -> None:
        body = self.query_one("#stats-body", VerticalScroll)
        body.scroll_relative(y=delta, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
