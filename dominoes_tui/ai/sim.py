"""The value of a score for search players: a hand's points as the chance to win the match.

The playouts themselves are the engine's (:mod:`dominoes_tui.engine.fast`: one
per layout, differential-tested against ``Game``). :func:`match_value` turns the
score after a hand into a side's chance of winning the match: a point matters
more near the target, the rule of 13's held points and hanging points are
counted, a single hand is won or lost.
"""

from __future__ import annotations

import random

from ..engine import HandResult, Rules, Scores, fast


def _greedy_random_hand(rules: Rules, rng: random.Random) -> tuple[HandResult, list[int]]:
    """Deal and play one hand from a random opener with the search's policy; (result, fives)."""
    hands, boneyard = fast.deal(rules, rng)
    seat = rng.randrange(rules.players)
    p = fast.position_class(rules).empty(rules, hands, boneyard, seat)
    p.playout(rng.random, 0.75)
    res, _ = p.finish(Scores.zero(rules.sides))
    return res, p.fives()


# ---------------------------------------------------------------- match value

_BINS = 16
_GRID = 120


def _key(rules: Rules) -> tuple:
    """The settings a match value depends on (Rules holds dicts, so it is not hashable)."""
    return (
        rules.set,
        rules.players,
        rules.partners,
        rules.hand_size,
        rules.drawing,
        rules.reserve,
        rules.scoring,
        rules.blocked,
        rules.full_fish,
        rules.lone_blank_double,
        rules.lone_double_six,
        rules.target,
        rules.first_opener,
        rules.first_lead,
        tuple(sorted(rules.bonus_tiles.items())),
        rules.layout,
        rules.match_rule,
        rules.end_scoring,
    )


_TABLES: dict[tuple, tuple[int, list[list[float]]]] = {}


def _points_distribution(rules: Rules) -> tuple[tuple[int, float], ...]:
    """How many points a decided hand moves, as (points, probability) bins.

    Estimated once per rule set from random hands (deterministic seed).
    """
    rng = random.Random(12345)
    sides = rules.sides
    pts: list[int] = []
    line = fast.plain_line(rules)
    for _ in range(1500 if line else 600):
        if line:
            res = fast.random_hand(rules, rng, Scores.zero(sides))
            p = max(res.pips_part) if res.winner_side is not None else 0
        else:  # other layouts; All Fives moves the fives scored during the hand too
            res, fives = _greedy_random_hand(rules, rng)
            p = max(res.pips_part[s] + fives[s] for s in range(sides))
        if p > 0:
            pts.append(p)
    if not pts:
        return ((10, 1.0),)
    pts.sort()
    n = len(pts)
    bins = []
    for i in range(_BINS):
        chunk = pts[i * n // _BINS : (i + 1) * n // _BINS]
        if chunk:
            bins.append((round(sum(chunk) / len(chunk)), len(chunk) / n))
    return tuple(bins)


def _race_table(rules: Rules) -> tuple[int, list[list[float]]]:
    key = _key(rules)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = _build_race_table(rules)
    return table


def _build_race_table(rules: Rules) -> tuple[int, list[list[float]]]:
    """``G[x][y]``: the chance that a counter ``x`` steps from its goal gets there
    before one ``y`` steps away, when each hand moves one of them (even odds)
    by a draw from the points distribution. Coarsened to a grid of ``step``."""
    target = max(1, rules.target)
    step = max(1, -(-target // _GRID))
    size = -(-target // step) + 1
    dist = [(max(1, round(p / step)), q) for p, q in _points_distribution(rules)]
    g = [[0.5] * (size + 1) for _ in range(size + 1)]
    for x in range(1, size + 1):
        gx = g[x]
        for y in range(1, size + 1):
            v = 0.0
            for d, q in dist:
                a = x - d
                b = y - d
                v += q * ((1.0 if a <= 0 else g[a][y]) + (0.0 if b <= 0 else gx[b]))
            gx[y] = 0.5 * v
    return step, g


def _race(rules: Rules, x: float, y: float) -> float:
    if x <= 0:
        return 1.0
    if y <= 0:
        return 0.0
    step, g = _race_table(rules)
    size = len(g) - 1
    i = min(size, max(1, round(x / step)))
    j = min(size, max(1, round(y / step)))
    return g[i][j]


def match_value(rules: Rules, scores: Scores, side: int, result_side: int | None = None) -> float:
    """This side's chance to win the match from ``scores`` (between hands).

    ``result_side`` is for a single-hand match (``target`` 0): the hand's
    winning side (None for a level hand).
    """
    if rules.target == 0:
        if result_side is None:
            return 0.5
        return 1.0 if result_side == side else 0.0
    w = scores.written
    held = scores.held
    t = rules.target
    sides = len(w)
    if rules.target_means == "lose":
        # points until each side reaches the target (and loses); held points
        # count half: they are written with the next big penalty, or cleared.
        rem = [t - w[s] - 0.5 * held[s] for s in range(sides)]
        if w[side] >= t:
            return 0.0
        others = [rem[s] for s in range(sides) if s != side]
        if any(w[s] >= t for s in range(sides) if s != side):
            return 1.0
        # a hanging pot goes to the next hand's loser: half of it to each.
        h = 0.5 * scores.hanging
        return _race(rules, min(others) - h, rem[side] - h)
    need = [t - w[s] for s in range(sides)]
    if need[side] <= 0:
        return 1.0
    others = [need[s] for s in range(sides) if s != side]
    if min(others) <= 0:
        return 0.0
    h = 0.5 * scores.hanging
    return _race(rules, need[side] - h, min(others) - h)
