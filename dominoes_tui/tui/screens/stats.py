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
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static
from textual_plotext import PlotextPlot

from ... import store
from ...engine import VariantError
from ...engine.levels import LEVELS
from ...report import (
    Column,
    deal_unit,
    deals_count,
    deals_header,
    fit_columns,
    per_hand,
    percent,
)
from ...store import HandRecord, MatchRecord
from ...store.rating import FAMILIES, FAMILY_NAMES, FamilyRating, LevelRatings, Rating, Ratings
from ...store.stats import AccuracyPoint, GroupStats, ResultPoint, Stats
from ...table.review_job import job_of_record
from ...table.words import hand_word
from ..dismiss import DismissOnce
from ..messages import OpenReplay, OpenReview
from ..widgets.keybar import KeyBar

RESULT_WORDS = {"win": "won", "loss": "lost", "draw": "drawn", "abandoned": "left"}
RESULT_STYLE = {"win": "bold green", "loss": "red", "draw": "yellow", "abandoned": "dim"}
END_WORDS = {
    "target": "target reached",
    "single_hand": "one hand",
    "time": "on time",
    "resign": "resigned",
    "abandoned": "unfinished",
    "rounds": "rounds played",
}
NO_MATCHES = "No matches recorded yet: finish a match and your record shows here."


WIN_COLOUR = (92, 194, 106)
LOSS_COLOUR = (192, 57, 43)
DRAW_COLOUR = (217, 178, 74)
LEFT_COLOUR = (159, 184, 171)
LINE_COLOUR = (255, 233, 168)
RESULT_MARKS = {"W": ("▲", WIN_COLOUR, 100), "D": ("◆", DRAW_COLOUR, 50)}
RESULT_MARKS |= {"L": ("▼", LOSS_COLOUR, 0), "A": ("✕", LEFT_COLOUR, 0)}
"""A match's mark in the results chart: its shape (it reads without colour), colour and
height in percent (won at the top, lost or left at the bottom, drawn halfway)."""


def match_ticks(ids: Sequence[int], most: int = 5) -> list[int]:
    """At most ``most`` match numbers for the x axis, the first and last among them.

    >>> match_ticks([3, 4, 5, 7, 9, 10, 12, 13])
    [3, 5, 9, 12, 13]
    >>> match_ticks([7])
    [7]
    """
    if len(ids) <= most:
        return list(ids)
    step = -(-(len(ids) - 1) // (most - 1))
    picked = list(ids[::step])
    if picked[-1] != ids[-1]:
        picked = [*picked[: most - 1], ids[-1]]
    return picked


def _axes(plt: Any, ids: Sequence[int]) -> None:
    """Both charts: match numbers along the bottom, 0-100 % up the side."""
    plt.ylim(0, 100)
    plt.yticks([0, 50, 100], ["0%", "50%", "100%"])
    ticks = match_ticks(ids)
    plt.xticks(ticks, [str(t) for t in ticks])
    lo, hi = ids[0], ids[-1]
    plt.xlim(lo - 0.5, hi + 0.5) if lo != hi else plt.xlim(lo - 1, hi + 1)
    plt.xlabel("match")


def draw_results(plt: Any, points: Sequence[ResultPoint]) -> None:
    """Each match's result (a mark per match) and the win rate so far (a line), over time."""
    plt.clear_figure()
    ids = [p.match_id for p in points]
    line = [(p.match_id, 100 * p.win_rate) for p in points if p.win_rate is not None]
    if line:
        plt.plot([x for x, _ in line], [y for _, y in line], marker="braille", color=LINE_COLOUR)
    for letter, (mark, colour, height) in RESULT_MARKS.items():
        xs = [p.match_id for p in points if p.result == letter]
        if xs:
            plt.scatter(xs, [height] * len(xs), marker=mark, color=colour)
    _axes(plt, ids)


def draw_accuracy(plt: Any, points: Sequence[AccuracyPoint]) -> None:
    """The accuracy of each reviewed match, over time."""
    plt.clear_figure()
    ids = [p.match_id for p in points]
    values = [100 * p.accuracy for p in points]
    if len(points) > 1:
        plt.plot(ids, values, marker="braille", color=LINE_COLOUR)
    plt.scatter(ids, values, marker="●", color=WIN_COLOUR)
    _axes(plt, ids)


LEVEL_COLOUR = (120, 150, 138)
RATING_CHART_HEIGHT = 12
"""The rating chart's rows: 8 of plot, its frame, the match numbers and "rated match"."""
RATING_PLOT_ROWS = RATING_CHART_HEIGHT - 4


def rating_range(values: Sequence[float], levels: Sequence[float]) -> tuple[float, float]:
    """The rating chart's y range: the person's ratings over time, and the levels nearest
    below and above the latest (the ones they play between now), with a margin; the
    levels further off are named in the text above the chart.

    >>> rating_range([1200, 1024], [900, 1191, 1798, 2241])
    (885.0, 1215.0)
    >>> rating_range([1200, 1300], [900, 1191])
    (1176.0, 1315.0)
    """
    latest = values[-1]
    below = [v for v in levels if v <= latest]
    above = [v for v in levels if v >= latest]
    lo = min([*values, max(below)] if below else values)
    hi = max([*values, min(above)] if above else values)
    pad = max(15.0, round((hi - lo) * 0.05)) if hi > lo else 50.0
    return lo - pad, hi + pad


def round_ticks(lo: float, hi: float, most: int = 4) -> list[int]:
    """Round numbers between ``lo`` and ``hi`` for the y axis: multiples of 50, 100,
    200, 250 or 500, at most ``most``.

    >>> round_ticks(875, 1225)
    [900, 1000, 1100, 1200]
    >>> round_ticks(1175.5, 1315.5)
    [1200, 1250, 1300]
    """
    for step in (50, 100, 200, 250, 500, 1000):
        first = -(-int(lo) // step) * step
        ticks = list(range(first, int(hi) + 1, step))
        if len(ticks) <= most:
            return ticks
    return []


def rating_ticks(
    lo: float, hi: float, you: float, levels: dict[str, float], rows: int = RATING_PLOT_ROWS
) -> list[tuple[float, str]]:
    """The y axis' ticks, one a row: the levels in range by name and number (``Medium
    1191``: their lines), the person's latest rating (``you 1024``) where no level's
    line is, then round numbers a row away from those.

    >>> rating_ticks(885, 1215, 1024, {"easy": 900, "medium": 1191, "hard": 1798})
    [(900, 'Easy 900'), (1191, 'Medium 1191'), (1024, 'you 1024')]
    >>> rating_ticks(1150, 1850, 1380, {"medium": 1237, "hard": 1777})
    [(1237, 'Medium 1237'), (1777, 'Hard 1777'), (1380, 'you 1380'), (1600.0, '1600')]
    """

    def row(v: float) -> int:
        return round((v - lo) / (hi - lo) * (rows - 1))

    named = [(v, f"{lv.capitalize()} {round(v)}") for lv, v in levels.items() if lo <= v <= hi]
    named.append((you, f"you {round(you)}"))
    taken: set[int] = set()
    out = []
    for v, label in named:
        if row(v) not in taken:
            taken.add(row(v))
            out.append((v, label))
    for n in round_ticks(lo, hi):  # a plain number a row away from any other label
        if not {row(n) - 1, row(n), row(n) + 1} & taken:
            taken.add(row(n))
            out.append((float(n), str(n)))
    return out


def draw_rating(plt: Any, fr: FamilyRating, levels: LevelRatings) -> None:
    """A family's rating over time: where a new player starts (1200), then the rating
    after each rated match; the CPU levels it sits between as faint lines, the y axis
    numbered (the levels named beside their numbers, the person's latest rating too)."""
    plt.clear_figure()
    points = fr.history
    values = [points[0].before, *(p.after for p in points)] if points else [fr.rating.value]
    xs = list(range(len(values)))  # 0: the start, then each rated match in turn
    known = {lv: r[0] for lv, r in levels.levels.get(fr.family, {}).items() if lv in LEVELS}
    lo, hi = rating_range(values, list(known.values()))
    for value in known.values():
        if lo <= value <= hi:
            plt.hline(value, color=LEVEL_COLOUR)
    if len(values) > 1:
        plt.plot(xs, values, marker="braille", color=LINE_COLOUR)
    plt.scatter(xs, values, marker="●", color=WIN_COLOUR)
    plt.ylim(lo, hi)
    ticks = rating_ticks(lo, hi, values[-1], known)
    plt.yticks([v for v, _ in ticks], [label for _, label in ticks])
    labels = ["start", *(str(p.match_id) for p in points)]
    shown = match_ticks(xs)
    plt.xticks(shown, [labels[i] for i in shown])
    plt.xlim(-0.5, xs[-1] + 0.5) if xs[-1] else plt.xlim(-1, 1)
    plt.xlabel("rated match")


def wrap_whole(t: Text, width: int) -> Text:
    r"""``t`` in rows of at most ``width`` cells, broken only at plain spaces: a no-break
    space (``1200\u00a0±\u00a0350``) keeps its words on one row, where the terminal's
    wrapping would break at any space.

    >>> wrap_whole(Text("ab cd\u00a0±\u00a0ef gh"), 8).plain.split("\n")
    ['ab', 'cd\xa0±\xa0ef', 'gh']
    """
    plain = t.plain
    breaks: list[int] = []
    start, space = 0, -1
    for i, ch in enumerate(plain):
        if ch == "\n":
            start, space = i + 1, -1
            continue
        if ch == " ":
            space = i
        if cell_len(plain[start : i + 1]) > width and space > start:
            breaks.append(space)
            start, space = space + 1, -1
    if not breaks:
        return t
    out = Text()
    last = 0
    for b in breaks:
        out.append_text(t[last:b])
        out.append("\n")
        last = b + 1
    out.append_text(t[last:])
    return out


RATED_RULE = "rated: the house's rules, no hint, take-back or coach"
"""What makes a match rated, beside the rating's title."""


def rating_title(ratings: Ratings) -> Text:
    """``Rating  (rated: …)``, and the problem in one sentence when there is no rating."""
    t = Text()
    t.append("Rating", "bold #d9b24a")
    if ratings.problem:
        t.append(f"  {ratings.problem}", "#cfe0d6")
        return t
    t.append(f"  ({RATED_RULE})", "#9fb8ab")
    return t


def family_label(ratings: Ratings, family: str) -> Text:
    """A family played rated: its rating in words (kept in one piece: ``1200 ± 350``),
    and the levels' ratings there."""
    t = Text()
    t.append(f"{FAMILY_NAMES[family]}: ", "bold")
    words = ratings.families[family].words(ratings.levels)
    t.append(words.replace(" ± ", "\u00a0±\u00a0"), "#cfe0d6")
    known = ratings.levels.levels.get(family, {})
    t.append("\nCPU levels here: ", "#9fb8ab")
    t.append(
        " · ".join(f"{lv.capitalize()} {round(known[lv][0])}" for lv in LEVELS if lv in known),
        "#9fb8ab",
    )
    return t


def unplayed_label(ratings: Ratings) -> Text:
    """The families with no rated match yet, in one line (empty if every one has one)."""
    rest = [FAMILY_NAMES[f] for f, fr in ratings.families.items() if not fr.rating.matches]
    t = Text()
    if rest:
        start = Rating()
        t.append(f"{', '.join(rest)}: no rated match yet ", "#cfe0d6")
        new = f"{round(start.value)}\u00a0±\u00a0{round(start.uncertainty)}"
        t.append(f"(a new player is {new})", "#9fb8ab")
    return t


def chart(widget_id: str) -> PlotextPlot:
    """A chart on the felt: the screen's colours (its CSS), not the app theme's surface."""
    plot = PlotextPlot(id=widget_id)
    plot.theme = "clear"
    return plot


def results_label(points: Sequence[ResultPoint]) -> Text:
    """Two lines over the chart: ``Results, last 5 matches`` and its legend."""
    n = len(points)
    t = Text()
    t.append(
        f"Results, {'last ' if n > 1 else ''}{n} match{'es' if n != 1 else ''}\n", "bold #d9b24a"
    )
    for letter, words in (("W", "won"), ("D", "drawn"), ("L", "lost"), ("A", "left")):
        mark, colour, _ = RESULT_MARKS[letter]
        t.append(mark, "rgb({},{},{})".format(*colour))
        t.append(f" {words} ", "#cfe0d6")
    t.append("—", "rgb({},{},{})".format(*LINE_COLOUR))
    t.append(" win %", "#cfe0d6")
    return t


ACCURACY_RECENT = 30
"""Reviewed matches in the accuracy chart (the latest)."""
NO_REVIEWS = (
    "No match reviewed yet: R reviews the match picked below (or press R when a "
    "match ends); its accuracy shows here."
)


def accuracy_label(points: Sequence[AccuracyPoint]) -> Text:
    """Two lines over the chart: ``Accuracy, last 12 reviewed matches`` and
    ``71% last, 64% on average, first 58%``."""
    t = Text()
    n = len(points)
    t.append(f"Accuracy, {'last ' if n > 1 else ''}", "bold #d9b24a")
    t.append(f"{n} reviewed match{'es' if n != 1 else ''}\n", "bold #d9b24a")
    values = [p.accuracy for p in points]
    mean = sum(values) / n
    t.append(f"{values[-1]:.0%} last, {mean:.0%} on average", "#cfe0d6")
    if n > 1:
        t.append(f", first {values[0]:.0%}", "#9fb8ab")
    return t


def summary_text(st: Stats) -> Table:
    """Matches, win rate, points per hand (per round in Mexican Train and Chicken Foot)
    and streaks, as a two-column grid."""
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
            grid.add_row(f"Per {g.unit}, {g.variant}", _per_hand_words(g))
    else:
        grid.add_row(f"Per {tot.unit}", _per_hand_words(tot))
    grid.add_row("Longest winning streak", f"{st.longest_streak} (now {st.current_streak})")
    return grid


def _per_hand_words(g: GroupStats) -> str:
    if g.per_hand is None:
        return "–"
    hands = deals_count(g)
    if g.per_hand_kind == "penalty":
        return f"{g.per_hand:.1f} penalty points against you ({hands})"
    return f"{g.per_hand:.1f} points scored ({hands})"


def variant_level_columns(unit: str = "hand") -> list[Column]:
    """The columns of the screen's "By variant and CPU level" (``unit``: what its deals are
    called, :func:`~dominoes_tui.report.deal_unit`); at 80 columns the least needed give way.
    The CLI's tables have their own, wider set (:func:`dominoes_tui.report.group_columns`)."""
    return [
        ("Variant", "Variant", 9, False),
        ("CPU", "CPU", 8, False),
        ("Played", "Pl.", 7, True),
        ("Won", "W", 6, True),
        ("Lost", "L", 6, True),
        ("Drawn", "D", 2, True),
        ("Left", "Left", 3, True),
        ("Win %", "Win%", 8, True),
        (f"Per {unit}", f"Per {unit}", 5, True),
    ]


def _group_row(g: GroupStats, all_levels: bool = False) -> list[str | Text]:
    return [
        Text("all", style="dim") if all_levels else Text(g.variant or ""),
        Text(g.cpu_level or ""),
        str(g.matches),
        str(g.wins),
        str(g.losses),
        str(g.draws),
        str(g.abandoned),
        percent(g.win_rate),
        per_hand(g),
    ]


def groups_table(st: Stats, width: int = 200) -> Table:
    """Win rate and points per hand (or round) for each variant and CPU level played, in
    the columns that fit ``width`` (none is cut: the least needed give way)."""
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
    rows = [_group_row(g) for g in st.by_variant_level]
    levels = [_group_row(g, all_levels=True) for g in st.by_level]
    if len(st.by_variant_level) <= 1:
        levels = []
    columns = variant_level_columns(deal_unit(g.unit for g in st.by_variant_level if g.hands))
    # each column pads 1 a side and the box puts 1 between: 3 apart, an edge each side
    keep = fit_columns(columns, rows + levels, width - 2, gap=3)
    for i, header in keep:
        right = columns[i][3]
        t.add_column(header, justify="right" if right else "left", no_wrap=True)
    for row in rows:
        t.add_row(*(row[i] for i, _ in keep))
    for row in levels:
        t.add_row(*(row[i] for i, _ in keep), style="dim")
    return t


def recent_columns(unit: str = "hand") -> list[Column]:
    """The recent matches' columns (``unit``: what their deals are called, ``Hands``,
    ``Rounds`` or ``Hands/rounds``); at 80 columns the least needed give way."""
    return [
        ("N", "N", 9, True),
        ("Variant", "Variant", 8, False),
        ("CPU", "CPU", 5, False),
        ("Result", "Result", 9, False),
        ("Score", "Score", 7, False),
        (*deals_header(unit), 3, True),
        ("How it ended", "Ended", 2, False),
        ("Accuracy", "Acc.", 4, True),
    ]


def recent_row(m: MatchRecord) -> list[str | Text]:
    """One recent match's cells, in the order of :func:`recent_columns`."""
    return [
        str(m.id),
        Text(m.variant),  # a name from the player's files: text, not markup
        Text(m.cpu_level),
        Text(RESULT_WORDS.get(m.outcome, m.outcome), style=RESULT_STYLE.get(m.outcome, "")),
        m.score_words(),
        str(m.hands),
        END_WORDS.get(m.end_reason, m.end_reason) + (f" · {m.undo_words}" if m.undos else ""),
        percent(m.accuracy) if m.accuracy is not None else "–",
    ]


class StatsScreen(DismissOnce, Screen[None]):
    """Matches, win rates by variant and CPU level, points per hand or round, streaks,
    recent form."""

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
    StatsScreen #stats-charts, StatsScreen #stats-rating {
        height: auto;
        margin-top: 1;
    }
    StatsScreen #rating-label, StatsScreen .rating-family, StatsScreen #rating-rest {
        height: auto;
    }
    StatsScreen .rating-family {
        margin-top: 1;
    }
    StatsScreen #stats-results, StatsScreen #stats-accuracy {
        width: 1fr;
        height: auto;
    }
    StatsScreen #stats-results {
        margin-right: 2;
    }
    StatsScreen #results-label, StatsScreen #accuracy-label {
        height: auto;
    }
    StatsScreen PlotextPlot {
        height: 9;  /* 5 rows of plot, its frame, the match numbers and "match" */
        background: $felt-dark;
        color: $ink-soft;
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
        Binding("escape,q", "close", "Back", tooltip="Back to where you came from"),
        Binding(
            "enter",
            "replay",
            "Replay",
            key_display="⏎",
            tooltip="Step through the highlighted match, every hand face up",
        ),
        Binding(
            "R", "review", "Review", tooltip="Expert judges your moves in the highlighted match"
        ),
        Binding(
            "pageup",
            "scroll(-5)",
            "Scroll",
            key_display="PgUp/PgDn",
            tooltip="Scroll the page up or down",
        ),
        Binding("pagedown", "scroll(5)", "Scroll", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.recent_ids: list[int] = []
        """The match numbers in the recent-matches table, top row first."""
        self.stats: Stats | None = None
        """The numbers shown, once loaded (None while loading or if the history failed)."""
        self.problem: str | None = None
        self.recent: list[MatchRecord] = []
        """The recent matches listed (newest first)."""
        self.covered = False
        """Another screen (a review, a replay) is over this one: read again when back."""
        self.ratings: Ratings | None = None
        """The ratings shown, once loaded."""

    def compose(self) -> ComposeResult:
        yield Static("Statistics: your record against the CPU", id="stats-title")
        with VerticalScroll(id="stats-body"):
            yield Static("Reading the match history…", id="stats-message")
            yield Static(id="stats-summary")
            with Vertical(id="stats-rating"):
                yield Static(id="rating-label")
                for family in FAMILIES:  # one chart for each family played rated
                    yield Static(id=f"rating-label-{family}", classes="rating-family")
                    plot = chart(f"rating-chart-{family}").add_class("rating-chart")
                    plot.styles.height = RATING_CHART_HEIGHT
                    yield plot
                yield Static(id="rating-rest")
            with Horizontal(id="stats-charts"):
                with Vertical(id="stats-results"):
                    yield Static(id="results-label")
                    yield chart("results-chart")
                with Vertical(id="stats-accuracy"):
                    yield Static(id="accuracy-label")
                    yield chart("accuracy-chart")
            yield Static(id="stats-table")
            yield Static(id="recent-label")
            yield DataTable(id="recent", cursor_type="row", show_cursor=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#stats-charts").display = False
        self.query_one("#stats-rating").display = False
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
        try:
            ratings: Ratings | None = h.ratings()
        except store.HistoryError:
            ratings = None
        said = (h.problem, h.note, ratings.problem if ratings else None)
        problem = " ".join(dict.fromkeys(x for x in said if x)) or None  # damaged rows skipped
        self.app.call_from_thread(self.show_stats, st, problem, recent, ratings)

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
        self,
        st: Stats,
        problem: str | None = None,
        recent: Sequence[MatchRecord] = (),
        ratings: Ratings | None = None,
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
        if ratings is not None:
            self.show_rating(ratings)
        self.query_one("#stats-charts").display = True
        self.query_one("#results-label", Static).update(results_label(st.results))
        plot = self.query_one("#results-chart", PlotextPlot)
        draw_results(plot.plt, st.results)
        plot.refresh()
        self.show_accuracy(st.accuracy)
        self.recent = list(recent)
        self.show_tables()

    def body_width(self) -> int:
        """The columns the tables have: the screen's, less the padding and scroll bar."""
        return self.app.size.width - 4

    def show_tables(self) -> None:
        """The tables in the columns that fit the width (again when it changes)."""
        assert self.stats is not None
        self.query_one("#stats-table", Static).update(groups_table(self.stats, self.body_width()))
        self.show_recent(self.recent)

    def on_resize(self, event: events.Resize) -> None:
        if self.stats is not None and self.stats.total.matches:
            self.show_tables()
            if self.ratings is not None:
                self.show_rating(self.ratings)  # its words wrapped to the new width

    def show_rating(self, ratings: Ratings) -> None:
        """The rating of each family played rated, its history charted; the others in one
        line; or, without the levels' ratings, the one sentence why there is none."""
        self.ratings = ratings
        width = self.body_width()
        self.query_one("#stats-rating").display = True
        self.query_one("#rating-label", Static).update(wrap_whole(rating_title(ratings), width))
        for family in FAMILIES:
            label = self.query_one(f"#rating-label-{family}", Static)
            plot = self.query_one(f"#rating-chart-{family}", PlotextPlot)
            fr = ratings.families.get(family)
            played = not ratings.problem and fr is not None and bool(fr.history)
            label.display = plot.display = played
            if played:
                assert fr is not None
                label.update(wrap_whole(family_label(ratings, family), width))
                draw_rating(plot.plt, fr, ratings.levels)
                plot.refresh()
        rest = self.query_one("#rating-rest", Static)
        rest.display = not ratings.problem
        rest.update(wrap_whole(unplayed_label(ratings), width))

    def show_accuracy(self, points: Sequence[AccuracyPoint]) -> None:
        """The accuracy of the reviewed matches over time, oldest on the left."""
        label = self.query_one("#accuracy-label", Static)
        plot = self.query_one("#accuracy-chart", PlotextPlot)
        points = list(points)[-ACCURACY_RECENT:]
        if not points:
            label.update(Text(NO_REVIEWS, style="#9fb8ab"))
            plot.display = False
            return
        label.update(accuracy_label(points))
        plot.display = True
        draw_accuracy(plot.plt, points)
        plot.refresh()

    def show_recent(self, recent: Sequence[MatchRecord]) -> None:
        """The last matches by number, for ``dominoes replay ID``; Enter replays one here."""
        self.recent_ids = [m.id for m in recent]
        self.refresh_bindings()  # Replay and Review show once there is a match to pick
        if not recent:
            return
        label = Text()
        label.append("Recent matches", "bold #d9b24a")
        label.append("  (Enter replays the top one, R reviews it; Tab then ↑↓ picks", "#9fb8ab")
        label.append(" another; or `dominoes replay N`)", "#9fb8ab")
        self.query_one("#recent-label", Static).update(label)
        table = self.query_one("#recent", DataTable)
        picked = self._picked(table)  # read again (back from a replay): the same match stays picked
        table.clear(columns=True)
        rows = [recent_row(m) for m in recent]
        columns = recent_columns(deal_unit(hand_word(m.is_rounds) for m in recent))
        keep = fit_columns(columns, rows, self.body_width() - 2)  # cells pad 1 a side
        for i, header in keep:
            right = columns[i][3]
            table.add_column(Text(header, justify="right" if right else "left"), key=header)
        for m, row in zip(recent, rows):
            cells = []
            for i, _header in keep:
                right = columns[i][3]
                cell = row[i] if isinstance(row[i], Text) else Text(row[i])
                if right:
                    cell.justify = "right"
                cells.append(cell)
            table.add_row(*cells, key=str(m.id))
        table.display = True
        if picked is not None and picked in self.recent_ids:
            table.move_cursor(row=self.recent_ids.index(picked))

    @staticmethod
    def _picked(table: DataTable) -> int | None:
        """The match under the recent list's cursor (None if the list is empty)."""
        if not table.row_count:
            return None
        row = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return int(row) if row is not None else None

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
