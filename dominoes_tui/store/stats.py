"""Statistics over the match history, from the person's side of the table.

- ``win_rate`` is wins over *finished* matches (abandoned ones are counted
  as matches but are neither won nor lost); None when nothing is finished.
- ``hands`` counts the deals played out: hands in the line games, rounds in Mexican
  Train and Chicken Foot (``rounds`` says how many of them were rounds, so the words
  can say "round" where the house does).
- ``per_hand`` averages, over every hand played, the person's side's points
  in that hand: the penalty written against them in penalty-scored variants
  (lower is better), the points they scored in winner-takes variants (higher
  is better). A group that mixes the two has no average (``"mixed"``).
- The longest winning streak counts consecutive wins in the order played; a
  loss, a draw or an abandoned match ends a streak.
- ``recent`` is the last N outcomes, oldest first, as ``"W"``/``"L"``/``"D"``/
  ``"A"``; :meth:`Stats.recent_values` gives numbers for a sparkline.
- ``accuracy`` is every reviewed match's accuracy (``dominoes review``), oldest
  first: the share of the person's decisions within 3 points of the best move's
  chance to win. Matches never reviewed have none.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

LETTERS = {"win": "W", "loss": "L", "draw": "D", "abandoned": "A"}
VALUES = {"W": 1.0, "D": 0.5, "L": 0.0, "A": 0.0}

SummaryRow = tuple[int, str, str, str, str, int, int, bool]
"""id, variant, scoring, cpu level, outcome, hands, sum of the person's points, and
whether its deals are rounds (Mexican Train, Chicken Foot)."""


@dataclass(frozen=True)
class GroupStats:
    """The numbers for one variant, one CPU level, one pair of them, or everything."""

    variant: str | None
    cpu_level: str | None
    matches: int
    finished: int
    wins: int
    losses: int
    draws: int
    abandoned: int
    win_rate: float | None
    hands: int
    per_hand: float | None
    per_hand_kind: str | None
    """``"penalty"``, ``"points"``, ``"mixed"`` or None (no hands)."""
    rounds: int = 0
    """How many of ``hands`` were rounds (Mexican Train, Chicken Foot): all of them, none,
    or some when the group mixes the houses."""

    @property
    def unit(self) -> str:
        """What the group's deals are called: ``hand``, ``round``, or ``hand or round``
        when it has both (``hand`` when it has none).

        >>> from dataclasses import replace
        >>> g = GroupStats(None, None, 2, 2, 1, 1, 0, 0, 0.5, 9, 4.0, "points")
        >>> g.unit, replace(g, rounds=9).unit, replace(g, rounds=2).unit
        ('hand', 'round', 'hand or round')
        """
        if not self.rounds:
            return "hand"
        return "round" if self.rounds == self.hands else "hand or round"


@dataclass(frozen=True)
class AccuracyPoint:
    """A reviewed match's accuracy (``dominoes review``): the share of the person's
    decisions within 3 points of the best move, with the marks' counts."""

    match_id: int
    ended_at: str
    variant: str
    cpu_level: str
    accuracy: float
    decisions: int
    marks: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ResultPoint:
    """One match in the results chart: its number, its letter (W/L/D/A) and the win rate
    of the finished matches up to it (None before any finished)."""

    match_id: int
    result: str
    win_rate: float | None


@dataclass(frozen=True)
class Stats:
    total: GroupStats
    by_variant: list[GroupStats] = field(default_factory=list)
    by_level: list[GroupStats] = field(default_factory=list)
    by_variant_level: list[GroupStats] = field(default_factory=list)
    longest_streak: int = 0
    current_streak: int = 0
    recent: list[str] = field(default_factory=list)
    accuracy: list[AccuracyPoint] = field(default_factory=list)
    """Every reviewed match's accuracy, oldest first (filled by ``History.stats``)."""
    results: list[ResultPoint] = field(default_factory=list)
    """The matches of ``recent``, oldest first, with the win rate so far (the chart)."""

    def recent_values(self) -> list[float]:
        """``recent`` as numbers for a sparkline: win 1, draw 0.5, loss or abandoned 0."""
        return [VALUES[x] for x in self.recent]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _group(variant: str | None, level: str | None, rows: Sequence[SummaryRow]) -> GroupStats:
    count = {o: 0 for o in LETTERS}
    hands = points = rounds = 0
    kinds = set()
    for _id, _variant, scoring, _level, outcome, n, pts, is_rounds in rows:
        count[outcome] = count.get(outcome, 0) + 1
        if n:
            hands += n
            rounds += n if is_rounds else 0
            points += pts
            kinds.add("penalty" if scoring == "penalty" else "points")
    finished = count["win"] + count["loss"] + count["draw"]
    if not kinds:
        kind, per_hand = None, None
    elif len(kinds) > 1:
        kind, per_hand = "mixed", None
    else:
        kind, per_hand = kinds.pop(), points / hands
    return GroupStats(
        variant=variant,
        cpu_level=level,
        matches=len(rows),
        finished=finished,
        wins=count["win"],
        losses=count["loss"],
        draws=count["draw"],
        abandoned=count["abandoned"],
        win_rate=count["win"] / finished if finished else None,
        hands=hands,
        per_hand=per_hand,
        per_hand_kind=kind,
        rounds=rounds,
    )


def streaks(outcomes: Iterable[str]) -> tuple[int, int]:
    """The longest and the current run of wins in ``outcomes`` (oldest first)."""
    longest = run = 0
    for o in outcomes:
        run = run + 1 if o == "win" else 0
        longest = max(longest, run)
    return longest, run


def compute_stats(rows: Sequence[SummaryRow], recent: int = 20) -> Stats:
    """The statistics of ``rows`` (oldest first), with the last ``recent`` outcomes."""
    rows = sorted(rows)

    def groups(key) -> dict[Any, list[SummaryRow]]:
        out: dict[Any, list[SummaryRow]] = {}
        for r in rows:
            out.setdefault(key(r), []).append(r)
        return dict(sorted(out.items()))

    longest, current = streaks(r[4] for r in rows)
    results = []
    wins = finished = 0
    for r in rows:
        if r[4] in ("win", "loss", "draw"):
            finished += 1
            wins += r[4] == "win"
        rate = wins / finished if finished else None
        results.append(ResultPoint(r[0], LETTERS.get(r[4], "A"), rate))
    return Stats(
        total=_group(None, None, rows),
        by_variant=[_group(v, None, rs) for v, rs in groups(lambda r: r[1]).items()],
        by_level=[_group(None, lv, rs) for lv, rs in groups(lambda r: r[3]).items()],
        by_variant_level=[
            _group(v, lv, rs) for (v, lv), rs in groups(lambda r: (r[1], r[3])).items()
        ],
        longest_streak=longest,
        current_streak=current,
        recent=[LETTERS.get(r[4], "A") for r in rows[-recent:]] if recent > 0 else [],
        results=results[-recent:] if recent > 0 else [],
    )
