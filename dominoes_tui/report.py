"""The statistics as Rich tables and charts, for ``dominoes stats`` and the Statistics screen
(Rich only; no Textual)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .store.history import MatchRecord
from .store.rating import FAMILY_NAMES, Ratings
from .store.stats import LETTERS, GroupStats, Stats
from .table.words.places import percent

FORM_STYLE = {"W": "bold green", "L": "red", "D": "yellow", "A": "dim"}
BARS = "▁▄█"


def per_hand(g: GroupStats) -> str:
    if g.per_hand is None:
        return "–"
    word = "penalty" if g.per_hand_kind == "penalty" else "points"
    return f"{g.per_hand:.1f} {word}"


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
    t.append(f"   {accuracy_sparkline(values[-recent:] if recent > 0 else [])}")
    return t


def _table(title: str, groups: list[GroupStats], variant: bool, level: bool) -> Table:
    t = Table(title=title, title_justify="left", expand=False)
    if variant:
        t.add_column("Variant")
    if level:
        t.add_column("CPU")
    for name in ("Matches", "Won", "Lost", "Drawn", "Unfinished", "Win rate", "Hands"):
        t.add_column(name, justify="right")
    t.add_column("Per hand", justify="right")
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
        t.add_row(*cells)
    return t


RESULT_WORDS = {"win": "won", "loss": "lost", "draw": "drawn", "abandoned": "unfinished"}


def recent_table(matches: Sequence[MatchRecord]) -> Table:
    """The last matches by number (newest first): the N that ``dominoes replay N`` takes."""
    t = Table(title="Recent matches (dominoes replay N)", title_justify="left", expand=False)
    t.add_column("N", justify="right")
    for name in ("Ended", "Variant", "CPU", "Result", "Score"):
        t.add_column(name)
    t.add_column("Hands", justify="right")
    for m in matches:
        score = m.score_words()
        t.add_row(
            str(m.id),
            Text(m.ended_at[:16].replace("T", " ")),
            Text(m.variant),
            Text(m.cpu_level),
            Text(
                RESULT_WORDS.get(m.outcome, m.outcome),
                FORM_STYLE.get(LETTERS.get(m.outcome, ""), ""),
            )
            + (Text(f" · {m.undo_words}") if m.undos else Text()),
            score,
            str(m.hands),
        )
    return t


def rating_rows(ratings: Ratings) -> list[tuple[str, str]]:
    """Per family: its name and the person's rating in words (with the level nearest)."""
    return [(FAMILY_NAMES[f], fr.words(ratings.levels)) for f, fr in ratings.families.items()]


def render_stats(
    st: Stats, matches: Sequence[MatchRecord] = (), ratings: Ratings | None = None
) -> Group:
    """Everything ``dominoes stats`` prints, ready for ``Console.print``; ``matches``: the
    recent ones to list with their numbers; ``ratings``: the person's ratings."""
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
    form.append(f"   {sparkline(st.recent_values())}")
    head.add_row(f"Last {len(st.recent)}", form)
    head.add_row("Accuracy", accuracy_words(st, max(len(st.recent), 1)))
    if ratings is not None and not ratings.problem:
        for name, words in rating_rows(ratings):
            head.add_row(f"Rating: {name}", words)
    parts: list = [head, ""]
    parts.append(_table("By variant", st.by_variant, variant=True, level=False))
    parts += ["", _table("By CPU level", st.by_level, variant=False, level=True)]
    if len(st.by_variant_level) > max(len(st.by_variant), len(st.by_level)):
        parts += ["", _table("By variant and CPU level", st.by_variant_level, True, True)]
    if matches:
        parts += ["", recent_table(matches)]
    return Group(*parts)
