"""Duplicate matches between two CPU levels, across processes.

Each deal (a match seed) is played twice with the seats swapped, so both
levels get the same tiles; what is left is skill. The win rate of ``a`` comes
with a 95 % confidence interval computed over *deal pairs* (the two matches of
one deal are not independent), by the normal approximation, clipped to [0, 1].

Mexican Train and Chicken Foot (3-8 seats: ``a`` and ``b`` in seats 0 and 1, the
rest at ``others``) are won by the lowest total after the last round, ties
sharing the win (R-TR-6): there ``a``'s score of a match is its share of the win
(1 when alone lowest, 1/k when k seats tie, else 0), so a fair share is one over
the number of seats; ``b``'s share and the penalty per round are reported too.
Think time is measured per move where the player had a real choice (more than
one legal action): forced moves take no thought and would flatter the numbers.
Each move is timed twice: wall-clock (``*_ms_*``: what a person waits on this
machine as loaded now) and the CPU time of the thread that chose
(``detail.*_cpu_ms_*``: what the move costs, the same on a busy machine as on
an idle one of the same speed).
"""

from __future__ import annotations

import math
import multiprocessing as mp
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .ai import make_player
from .engine import HAND_OVER, MATCH_OVER, Game, NextHand, Rules, load_variant, new_game, seat_view

JSON_KEYS = (
    "a",
    "b",
    "variant",
    "matches",
    "a_win_rate",
    "ci95",
    "a_ms_mean",
    "a_ms_p95",
    "b_ms_mean",
    "b_ms_p95",
)

TEAM_KEYS = ("players", "partners", "seats", "a_team", "b_team", "others")
"""Added after ``JSON_KEYS`` for 3 seats or more: who sat where, team sizes, the other seats' level."""

ROUNDS_KEYS = ("lowest_total", "b_win_rate", "fair_share", "rounds", "a_points_per_round")
"""Added last for Mexican Train and Chicken Foot: ``a_win_rate`` and ``b_win_rate`` are the
shares of the win (the lowest total, ties shared), ``fair_share`` one over the seats,
``rounds`` the rounds a match plays, ``a_points_per_round`` a's penalty per round."""


def json_of(res: dict[str, Any]) -> dict[str, Any]:
    """The arena's JSON object: ``JSON_KEYS``, ``TEAM_KEYS`` for 3 seats or more, then
    ``ROUNDS_KEYS`` for the games of rounds."""
    return {k: res[k] for k in JSON_KEYS + TEAM_KEYS + ROUNDS_KEYS if k in res}


MAX_ACTIONS = 20_000
"""A match still on after this many actions is stopped and scored by who is ahead (a
huge target); the report says how many were (``detail.capped``)."""
MAX_MATCHES = 100_000
"""The most matches one run plays (each match's think times are kept for the summary)."""
MAX_JOBS = 256
"""The most processes one run starts."""
MAX_TARGET = 5_000
"""The highest target a run plays to (a match to 5,000 takes some 15,000 actions)."""


@dataclass
class MatchRecord:
    """One match: who won (1, 0.5 for a drawn single hand, 0) and what each player did."""

    deal: int
    a_seats: tuple[int, ...]
    a_score: float
    hands: int
    a_points: int
    b_points: int
    a_ms: list[float] = field(default_factory=list)
    b_ms: list[float] = field(default_factory=list)
    a_cpu: list[float] = field(default_factory=list)
    """CPU milliseconds of each timed move (``time.thread_time``), beside the wall ``a_ms``."""
    b_cpu: list[float] = field(default_factory=list)
    capped: bool = False
    """Stopped at :data:`MAX_ACTIONS` (scored by who was ahead), not played out."""
    b_score: float = 0.0
    """Mexican Train, Chicken Foot: ``b``'s share of the win (``a_score`` is ``a``'s)."""


def match_seed(seed: int, deal: int) -> int:
    """The game seed of deal ``deal`` in an arena run from ``seed``."""
    return seed * 1_000_003 + deal


def seat_levels(rules: Rules, a: str, b: str, a_side: int, others: str | None = None) -> list[str]:
    """The level at each seat when ``a`` sits on side ``a_side`` (0 or 1).

    Two players, or partners: ``a``'s side (a team of two with partners) against
    ``b``'s. Three or more each for themselves (up to 8 in Mexican Train and
    Chicken Foot): ``a`` in seat ``a_side``, ``b`` in the other of seats 0 and 1,
    the remaining seats at ``others`` (default ``b``).
    """
    out = []
    for s in range(rules.players):
        if rules.partners or rules.players == 2:
            out.append(a if rules.side_of(s) == a_side else b)
        elif s == a_side:
            out.append(a)
        elif s < 2 or others is None:
            out.append(b)
        else:
            out.append(others)
    return out


def play_match(
    rules: Rules, a: str, b: str, seed: int, deal: int, a_side: int, others: str | None = None
) -> MatchRecord:
    """Play deal ``deal`` with ``a`` on scoring side ``a_side`` (0 or 1) and ``b`` on the rest.

    With three or four players each for themselves and ``others`` given, ``b``
    takes only the other of seats 0 and 1 and the rest play at ``others``: a
    match counts as ``a``'s win when ``a`` wins it, its loss when ``b`` does, and
    otherwise by whether ``a`` finished ahead of ``b``.
    """
    gseed = match_seed(seed, deal)
    game = new_game(rules, gseed)
    levels = seat_levels(rules, a, b, a_side, others)
    players = []
    a_seats = []
    b_seats = []
    for s, level in enumerate(levels):
        # Each seat's player seed depends on the deal and the seat only, so the
        # same level on the same seat plays the same way in both matches of a pair.
        players.append(make_player(level, gseed * 8 + s))
        if rules.partners or rules.players == 2 or others is None:
            (a_seats if rules.side_of(s) == a_side else b_seats).append(s)
        elif s == a_side:
            a_seats.append(s)
        elif s < 2:
            b_seats.append(s)
    rec = MatchRecord(deal, tuple(a_seats), 0.0, 0, 0, 0)
    steps = 0
    while game.phase != MATCH_OVER:
        steps += 1
        if steps > MAX_ACTIONS:  # a target too far to reach: stop, score who is ahead
            rec.capped = True
            break
        if game.phase == HAND_OVER:
            _count_hand(rules, game, rec)
            game.apply(NextHand())
            continue
        seat = game.turn
        view = seat_view(game, seat)
        t0 = time.perf_counter()
        c0 = time.thread_time()
        action = players[seat].choose(view)
        cpu = (time.thread_time() - c0) * 1000
        ms = (time.perf_counter() - t0) * 1000
        if len(view.legal) > 1:
            mine = seat in rec.a_seats
            (rec.a_ms if mine else rec.b_ms).append(ms)
            (rec.a_cpu if mine else rec.b_cpu).append(cpu)
        game.apply(action)
    _count_hand(rules, game, rec)
    mr = game.match_result
    a_sides = {rules.side_of(s) for s in rec.a_seats}
    b_sides = {rules.side_of(s) for s in b_seats}
    if rules.is_rounds and not rec.capped:
        # R-TR-6, R-CF-5: the lowest total wins, ties share the win.
        winners = mr.winners if mr is not None else ()
        share = 1.0 / len(winners) if winners else 0.0
        rec.a_score = share if a_sides & set(winners) else 0.0
        rec.b_score = share if b_sides & set(winners) else 0.0
    elif rec.capped:
        rec.a_score = _ahead(rules, game, rec.a_seats, b_seats)
    elif mr is None or mr.winner_side is None:
        rec.a_score = 0.5
    elif mr.winner_side in a_sides:
        rec.a_score = 1.0
    elif mr.winner_side in b_sides:
        rec.a_score = 0.0
    else:  # an ``others`` seat won: did ``a`` finish ahead of ``b``?
        w = game.scores.written
        sign = -1 if rules.target_means == "lose" else 1
        diff = sign * (max(w[s] for s in a_sides) - max(w[s] for s in b_sides))
        rec.a_score = 1.0 if diff > 0 else 0.0 if diff < 0 else 0.5
    return rec


def _ahead(rules: Rules, game: Game, a_seats: Iterable[int], b_seats: Iterable[int]) -> float:
    """1 if ``a``'s side is ahead on the written scores, 0 if behind, 0.5 if level."""
    w = game.scores.written
    a_best = max(w[rules.side_of(s)] for s in a_seats)
    b_best = max(w[rules.side_of(s)] for s in b_seats)
    sign = -1 if rules.target_means == "lose" else 1
    diff = sign * (a_best - b_best)
    return 1.0 if diff > 0 else 0.0 if diff < 0 else 0.5


def _count_hand(rules: Rules, game: Game, rec: MatchRecord) -> None:
    res = game.result
    if res is None:
        return
    rec.hands += 1
    a_sides = {rules.side_of(s) for s in rec.a_seats}
    if rules.is_rounds:  # each for themselves: a's seat and b's seat only
        a_seat = rec.a_seats[0]
        rec.a_points += res.points[a_seat]
        rec.b_points += res.points[1 - a_seat]
        return
    for side, p in enumerate(res.points):
        p += res.fives[side] if res.fives else 0  # All Fives: the points scored during play
        if side in a_sides:
            rec.a_points += p
        else:
            rec.b_points += p


def _play_pair(args: tuple[Rules, str, str, int, int, str | None]) -> list[MatchRecord]:
    rules, a, b, seed, deal, others = args
    return [play_match(rules, a, b, seed, deal, side, others) for side in (0, 1)]


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    k = min(len(ys) - 1, max(0, math.ceil(q * len(ys)) - 1))
    return ys[k]


def summarize(
    records: list[MatchRecord],
    a: str,
    b: str,
    variant: str,
    rules: Rules | None = None,
    others: str | None = None,
) -> dict[str, Any]:
    """The arena's numbers: ``JSON_KEYS`` first, then (3-4 seats) the teams, then detail."""
    n = len(records)
    pairs: dict[int, list[float]] = {}
    for r in records:
        pairs.setdefault(r.deal, []).append(r.a_score)
    means = [sum(v) / len(v) for v in pairs.values()]
    rate = sum(r.a_score for r in records) / n if n else 0.0
    k = len(means)
    if k > 1:
        mu = sum(means) / k
        var = sum((x - mu) ** 2 for x in means) / (k - 1)
        half = 1.96 * math.sqrt(var / k)
    else:
        half = 0.5
    low, high = max(0.0, rate - half), min(1.0, rate + half)
    a_ms = [x for r in records for x in r.a_ms]
    b_ms = [x for r in records for x in r.b_ms]
    a_cpu = [x for r in records for x in r.a_cpu]
    b_cpu = [x for r in records for x in r.b_cpu]
    hands = sum(r.hands for r in records) or 1
    out: dict[str, Any] = {
        "a": a,
        "b": b,
        "variant": variant,
        "matches": n,
        "a_win_rate": round(rate, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "a_ms_mean": round(sum(a_ms) / len(a_ms), 2) if a_ms else 0.0,
        "a_ms_p95": round(_percentile(a_ms, 0.95), 2),
        "b_ms_mean": round(sum(b_ms) / len(b_ms), 2) if b_ms else 0.0,
        "b_ms_p95": round(_percentile(b_ms, 0.95), 2),
    }
    if rules is not None and rules.players > 2:
        levels = seat_levels(rules, a, b, 0, others)
        out["players"] = rules.players
        out["partners"] = rules.partners
        out["seats"] = levels  # the first match of a deal; the second swaps a and b
        out["a_team"] = levels.count(a) if rules.partners else 1
        out["b_team"] = levels.count(b) if rules.partners else 1
        out["others"] = None if rules.partners else (others or b)
    if rules is not None and rules.is_rounds:
        out["lowest_total"] = True
        out["b_win_rate"] = round(sum(r.b_score for r in records) / n, 4) if n else 0.0
        out["fair_share"] = round(1 / rules.players, 4)
        out["rounds"] = rules.round_count
        out["a_points_per_round"] = round(sum(r.a_points for r in records) / hands, 2)
    out["detail"] = {
        "deals": k,
        "hands": hands,
        "a_points_per_hand": round(sum(r.a_points for r in records) / hands, 2),
        "b_points_per_hand": round(sum(r.b_points for r in records) / hands, 2),
        "a_ms_max": round(max(a_ms), 2) if a_ms else 0.0,
        "b_ms_max": round(max(b_ms), 2) if b_ms else 0.0,
        "a_cpu_ms_mean": round(sum(a_cpu) / len(a_cpu), 2) if a_cpu else 0.0,
        "a_cpu_ms_p95": round(_percentile(a_cpu, 0.95), 2),
        "a_cpu_ms_max": round(max(a_cpu), 2) if a_cpu else 0.0,
        "b_cpu_ms_mean": round(sum(b_cpu) / len(b_cpu), 2) if b_cpu else 0.0,
        "b_cpu_ms_p95": round(_percentile(b_cpu, 0.95), 2),
        "b_cpu_ms_max": round(max(b_cpu), 2) if b_cpu else 0.0,
        "a_moves_timed": len(a_ms),
        "b_moves_timed": len(b_ms),
        "capped": sum(r.capped for r in records),
    }
    return out


def run(
    variant: str | Rules,
    a: str,
    b: str,
    matches: int = 400,
    seed: int = 1,
    jobs: int = 1,
    on_match: Callable[[int], None] | None = None,
    others: str | None = None,
    first_deal: int = 0,
) -> dict[str, Any]:
    """Play ``matches`` matches (rounded up to whole deal pairs) and summarize them.

    ``on_match(n)`` is called as matches finish (n finished so far), e.g. for a
    progress bar. ``others``: the level of seats beyond the first two in a 3-4
    player game without partners (default: ``b``'s level). ``first_deal``: the deals are
    numbered from here (a long run carried on where an earlier one stopped: the same deals).
    """
    if not 1 <= matches <= MAX_MATCHES:
        raise ValueError(f"matches must be from 1 to {MAX_MATCHES:,}, not {matches}")
    rules = load_variant(variant) if isinstance(variant, str) else variant
    deals = -(-matches // 2)
    tasks = (
        (rules, a, b, seed, d, others) for d in range(first_deal, first_deal + deals)
    )  # made as played
    records: list[MatchRecord] = []
    for recs in _map(tasks, jobs):
        records.extend(recs)
        if on_match is not None:
            on_match(len(records))
    records.sort(key=lambda r: (r.deal, r.a_seats))
    return summarize(records, a, b, rules.name, rules, others)


def _map(tasks: Iterable, jobs: int) -> Iterator[list[MatchRecord]]:
    """Play ``tasks`` on ``jobs`` processes, a few at a time: never more than ``4 * jobs``
    are handed out ahead (``Pool.imap`` would read every task up front)."""
    if jobs <= 1:
        for t in tasks:
            yield _play_pair(t)
        return
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    with ctx.Pool(jobs) as pool:
        ahead: deque = deque()
        for t in tasks:
            ahead.append(pool.apply_async(_play_pair, (t,)))
            if len(ahead) >= 4 * jobs:
                yield ahead.popleft().get()
        while ahead:
            yield ahead.popleft().get()


def report_lines(res: dict[str, Any]) -> list[str]:
    """The arena's result in words, one line a fact."""
    d = res["detail"]
    low, high = res["ci95"]
    who = f"{res['a']} vs {res['b']}"
    if res.get("partners"):
        who = f"a team of {res['a_team']} {res['a']} vs a team of {res['b_team']} {res['b']}"
    elif res.get("players", 2) > 2:
        who = (
            f"{res['a']} vs {res['b']} with {res['players'] - 2} more seat"
            f"{'s' * (res['players'] > 3)} at {res['others']}"
        )
    if res.get("lowest_total"):
        rounds = res["rounds"]
        lines = [
            f"{res['variant']}: {who}, {res['matches']} matches of {rounds} round"
            f"{'s' * (rounds > 1)} ({d['deals']} deals, each played twice with a and b swapped)",
            f"{res['a']} has the lowest total in {res['a_win_rate']:.1%} of matches, ties shared "
            f"(95% CI {low:.1%} to {high:.1%}); {res['b']} in {res['b_win_rate']:.1%}; "
            f"a fair share is {res['fair_share']:.1%}",
            f"penalty per round (lowest total wins): {res['a']} {d['a_points_per_hand']}, "
            f"{res['b']} {d['b_points_per_hand']}",
        ]
    else:
        lines = [
            f"{res['variant']}: {who}, {res['matches']} matches "
            f"({d['deals']} deals, each played twice with the seats swapped)",
            f"{res['a']} wins {res['a_win_rate']:.1%} of matches (95% CI {low:.1%} to {high:.1%})",
            f"points per hand: {res['a']} {d['a_points_per_hand']}, "
            f"{res['b']} {d['b_points_per_hand']}"
            " (penalty scoring: points written against; winner-takes: points scored)",
        ]
    lines += [
        f"think time per move with a choice: {res['a']} mean {res['a_ms_mean']} ms, "
        f"p95 {res['a_ms_p95']} ms, max {d['a_ms_max']} ms; {res['b']} mean {res['b_ms_mean']} ms, "
        f"p95 {res['b_ms_p95']} ms, max {d['b_ms_max']} ms (wall clock)",
    ]
    if "a_cpu_ms_mean" in d:
        lines.append(
            f"CPU time per move with a choice: {res['a']} mean {d['a_cpu_ms_mean']} ms, "
            f"p95 {d['a_cpu_ms_p95']} ms, max {d['a_cpu_ms_max']} ms; {res['b']} mean "
            f"{d['b_cpu_ms_mean']} ms, p95 {d['b_cpu_ms_p95']} ms, max {d['b_cpu_ms_max']} ms"
        )
    if res.get("players", 2) > 2:
        lines.append("seats: " + ", ".join(f"{i} {lv}" for i, lv in enumerate(res["seats"])))
    if d.get("capped"):
        lines.append(
            f"note: {d['capped']} match{'es' * (d['capped'] > 1)} reached {MAX_ACTIONS:,} actions "
            "without reaching the target and were scored by who was ahead"
        )
    return lines
