"""The statistics as Rich tables and charts, for ``dominoes stats`` and the Statistics screen
(Rich only; no Textual)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from .store.history import MatchRecord
from .store.rating import FAMILY_NAMES, Ratings
from .store.stats import LETTERS, GroupStats, Stats
from .table.words.log import hand_word
from .table.words.places import percent

FORM_STYLE = {"W": "bold green", "L": "red", "D": "yellow", "A": "dim"}
BARS = "▁▄█"


def per_hand(g: GroupStats) -> str:
    if g.per_hand is None:
        return "–"
    word = "penalty" if g.per_hand_kind == "penalty" else "points"
    return f"{g.per_hand:.1f} {word}"


# ---------------------------------------------------------------- hands or rounds
def deal_unit(units: Iterable[str]) -> str:
    """What a column of deals is called: ``hand`` (the line games), ``round`` (Mexican
    Train, Chicken Foot) or ``hand/round`` when its rows have both.

    >>> deal_unit(["hand", "hand"]), deal_unit(["round"]), deal_unit(["hand", "round"])
    ('hand', 'round', 'hand/round')
    >>> deal_unit(["hand or round"]), deal_unit([])
    ('hand/round', 'hand')
    """
    said = {w for u in units for w in u.split(" or ")}
    if said == {hand_word(True)}:
        return hand_word(True)
    return "hand/round" if hand_word(True) in said else hand_word(False)


def deals_header(unit: str) -> tuple[str, str]:
    """The deals column's header and its short form: ``Hands``/``H``, ``Rounds``/``R``,
    ``Hands/rounds``/``H/R``."""
    full = "/".join(f"{w}s" for w in unit.split("/")).capitalize()
    return full, "/".join(w[0].upper() for w in unit.split("/"))


def deals_count(g: GroupStats) -> str:
    """A group's deals in words: ``11 hands``, ``1 round``, ``12 hands and rounds``."""
    if g.unit == "hand or round":
        return f"{g.hands} hands and rounds"
    return f"{g.hands} {g.unit}{'s' * (g.hands != 1)}"


# ---------------------------------------------------------------- columns that fit
Column = tuple[str, str, int, bool]
"""A table column: its header, a shorter header, its priority (the lowest is left out
first when the width is short) and whether it is right-aligned."""


def fit_columns(
    columns: Sequence[Column],
    rows: Sequence[Sequence[str | Text]],
    width: int,
    gap: int = 2,
    quiet: Collection[str] = ("Drawn", "Left", "Unfinished", "Accuracy"),
) -> list[tuple[int, str]]:
    """The columns that fit ``width`` (by index, with the header to show), decided from
    the width and the cells: all with their headers if they fit, else without the
    ``quiet`` columns that say nothing here (every cell 0 or –: no draws), else with the
    short headers, else the lowest priorities left out one by one. ``gap``: columns between two.

    >>> cols = [("Variant", "Variant", 9, False), ("How it ended", "Ended", 1, False)]
    >>> rows = [["classic", "target reached"]]
    >>> fit_columns(cols, rows, 40)
    [(0, 'Variant'), (1, 'How it ended')]
    >>> fit_columns(cols, rows, 12)
    [(0, 'Variant')]
    """

    def cell_width(i: int, header: str) -> int:
        return max([len(header), *(Text(str(r[i])).cell_len for r in rows)])

    def total(keep: list[int], short: bool) -> int:
        widths = [cell_width(i, columns[i][1] if short else columns[i][0]) for i in keep]
        return sum(widths) + gap * max(0, len(keep) - 1)

    keep = list(range(len(columns)))
    if total(keep, short=False) <= width:
        return [(i, columns[i][0]) for i in keep]
    said = [
        i
        for i in keep
        if columns[i][0] not in quiet or any(str(r[i]) not in ("0", "–") for r in rows)
    ]
    if said and total(said, short=False) <= width:
        return [(i, columns[i][0]) for i in said]
    keep = said or keep
    while len(keep) > 1 and total(keep, short=True) > width:
        keep.remove(min(keep, key=lambda i: (columns[i][2], -i)))
    return [(i, columns[i][1]) for i in keep]


def fitted_table(
    title: str, columns: Sequence[Column], rows: Sequence[Sequence[str | Text]], width: int
) -> Table:
    """A table of ``rows`` in the columns that fit ``width`` (none is cut: the least
    needed give way, see :func:`fit_columns`), drawn as the Statistics screen draws its
    tables: a rule under the headers, no boxes."""
    t = Table(
        title=title,
        title_justify="left",
        title_style="bold",
        expand=False,
        box=box.SIMPLE_HEAD,
        header_style="bold",
        pad_edge=False,
        show_edge=False,
    )
    # each column pads 1 a side and the box puts 1 between: 3 apart, no edges
    keep = fit_columns(columns, rows, width, gap=3)
    for i, header in keep:
        t.add_column(header, justify="right" if columns[i][3] else "left", no_wrap=True)
    for row in rows:
        t.add_row(*(row[i] for i, _ in keep))
    return t


def form_text(recent: list[str]) -> Text:
    """The last results as coloured letters, oldest first: ``W W L D A``."""
    t = Text()
    for i, r in enumerate(recent):
        if i:
            t.append(" ")
        t.append(r, FORM_STYLE.get(r, ""))
    return t


def sparkline(values: list[float]) -> str:
    """A one-line chart of 0…1 values: ``▁`` loss, ``▄`` draw, ``█`` win."""
    return "".join(BARS[min(2, round(v * 2))] for v in values)


FORM_SCALE = "oldest first"
"""Said after the results, whose letters label the bars under them."""
ACCURACY_SCALE = "oldest first, ▁ 0% to █ 100%"
"""The accuracy sparkline's scale."""


LEVELS = "▁▂▃▄▅▆▇█"


def accuracy_sparkline(values: Sequence[float]) -> str:
    """A one-line chart of accuracies 0…1, oldest first: ``▁`` 0%, ``█`` 100%."""
    top = len(LEVELS) - 1
    return "".join(LEVELS[min(top, max(0, round(v * top)))] for v in values)


def accuracy_words(st: Stats, recent: int = 20) -> Text:
    """The last review's accuracy, the mean over the reviewed matches, and their chart."""
    points = st.accuracy
    if not points:
        return Text("no match reviewed yet (dominoes review N)", style="dim")
    values = [p.accuracy for p in points]
    mean = sum(values) / len(values)
    n = len(values)
    t = Text(f"{values[-1]:.0%} last review, {mean:.0%} over {n} reviewed match{'es' * (n != 1)}")
    shown = values[-recent:] if recent > 0 else []
    if shown:
        t.append(f"\n{accuracy_sparkline(shown)}  ")
        t.append(ACCURACY_SCALE, style="dim")
    return t


def group_columns(label: Sequence[Column], unit: str) -> list[Column]:
    """The columns of a table of groups: ``label`` (variant, CPU level), then the counts,
    the win rate, the deals (``unit``: :func:`deal_unit`) and the points per deal."""
    deals, short = deals_header(unit)
    return [
        *label,
        ("Matches", "Pl.", 7, True),
        ("Won", "W", 6, True),
        ("Lost", "L", 6, True),
        ("Drawn", "D", 2, True),
        ("Unfinished", "Left", 3, True),
        ("Win rate", "Win%", 8, True),
        (deals, short, 4, True),
        (f"Per {unit}", f"Per {unit}", 5, True),
    ]


def _table(
    title: str, groups: list[GroupStats], variant: bool, level: bool, width: int = 200
) -> Table:
    label: list[Column] = [("Variant", "Variant", 9, False)] if variant else []
    label += [("CPU", "CPU", 8, False)] if level else []
    columns = group_columns(label, deal_unit(g.unit for g in groups if g.hands))
    rows = []
    for g in groups:
        # names from files (a player's variants.toml) are text, never markup
        cells: list[str | Text] = [Text(g.variant or "")] if variant else []
        cells += [Text(g.cpu_level or "")] if level else []
        cells += [
            str(g.matches),
            str(g.wins),
            str(g.losses),
            str(g.draws),
            str(g.abandoned),
            percent(g.win_rate),
            str(g.hands),
            per_hand(g),
        ]
        rows.append(cells)
    return fitted_table(title, columns, rows, width)


RESULT_WORDS = {"win": "won", "loss": "lost", "draw": "drawn", "abandoned": "unfinished"}


def recent_table(matches: Sequence[MatchRecord], width: int = 200) -> Table:
    """The last matches by number (newest first): the N that ``dominoes replay N`` takes."""
    deals, short = deals_header(deal_unit(hand_word(m.is_rounds) for m in matches))
    columns: list[Column] = [
        ("N", "N", 9, True),
        ("Ended", "Ended", 2, False),
        ("Variant", "Variant", 8, False),
        ("CPU", "CPU", 5, False),
        ("Result", "Result", 9, False),
        ("Score", "Score", 7, False),
        (deals, short, 3, True),
    ]
    rows = []
    for m in matches:
        result = Text(
            RESULT_WORDS.get(m.outcome, m.outcome), FORM_STYLE.get(LETTERS.get(m.outcome, ""), "")
        )
        rows.append(
            [
                str(m.id),
                Text(m.ended_at[:16].replace("T", " ")),
                Text(m.variant),
                Text(m.cpu_level),
                result + (Text(f" · {m.undo_words}") if m.undos else Text()),
                m.score_words(),
                str(m.hands),
            ]
        )
    return fitted_table("Recent matches (dominoes replay N)", columns, rows, width)


def rating_rows(ratings: Ratings) -> list[tuple[str, str]]:
    """Per family: its name and the person's rating in words (with the level nearest)."""
    return [(FAMILY_NAMES[f], fr.words(ratings.levels)) for f, fr in ratings.families.items()]


def render_stats(
    st: Stats,
    matches: Sequence[MatchRecord] = (),
    ratings: Ratings | None = None,
    width: int = 200,
) -> Group:
    """Everything ``dominoes stats`` prints, ready for ``Console.print``; ``matches``: the
    recent ones to list with their numbers; ``ratings``: the person's ratings; ``width``:
    the terminal's columns (the tables keep the columns that fit, none cut)."""
    tot = st.total
    head = Table.grid(padding=(0, 2))
    head.add_column(style="bold")
    head.add_column()
    head.add_row(
        "Matches",
        f"{tot.matches} ({tot.finished} finished, {tot.abandoned} left unfinished)",
    )
    head.add_row("Win rate", f"{percent(tot.win_rate)} ({tot.wins} won, {tot.losses} lost)")
    head.add_row("Longest winning streak", str(st.longest_streak))
    head.add_row("Current streak", str(st.current_streak))
    form = form_text(st.recent)
    if st.recent:  # each letter over its bar: the letters are the chart's labels
        form.append(f"  {FORM_SCALE}", style="dim")
        form.append("\n" + " ".join(sparkline(st.recent_values())))
    head.add_row(f"Last {len(st.recent)}", form)
    head.add_row("Accuracy", accuracy_words(st, max(len(st.recent), 1)))
    if ratings is not None and not ratings.problem:
        for i, (name, words) in enumerate(rating_rows(ratings)):  # a narrow first column
            head.add_row("" if i else "Rating", f"{name}: {words}")
    parts: list = [head, ""]
    parts.append(_table("By variant", st.by_variant, variant=True, level=False, width=width))
    parts += ["", _table("By CPU level", st.by_level, variant=False, level=True, width=width)]
    if len(st.by_variant_level) > max(len(st.by_variant), len(st.by_level)):
        by_both = _table("By variant and CPU level", st.by_variant_level, True, True, width)
        parts += ["", by_both]
    if matches:
        parts += ["", recent_table(matches, width)]
    return Group(*parts)
