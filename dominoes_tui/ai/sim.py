"""Simulation for search players: a quick playout policy and the value of a score.

The playout here plays the engine's movement rules (as
:func:`dominoes_tui.engine.fast.playout` does) with a cheap, plausible policy
instead of a uniform one: mostly the heaviest fitting tile (doubles first on a
tie), sometimes a random one. The hand is scored by the engine's one scoring
module, and :func:`match_value` turns the score after it into this seat's
chance of winning the match: a point matters more near the target, the rule of
13's held points and hanging points are counted, a single hand is won or lost.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine import Rules, Scores, tiles
from ..engine.fast import random_hand

_SUIT = tiles.SUIT_MASK
_LOW = tiles.LOW
_HIGH = tiles.HIGH
_VALUE = tiles.VALUE
_DOUBLE = tiles.DOUBLE


def _heaviest(fit: int) -> int:
    """The heaviest tile in ``fit`` (doubles first on a tie)."""
    best = -1
    best_key = -1
    while fit:
        low = fit & -fit
        t = low.bit_length() - 1
        key = _VALUE[t] * 2 + _DOUBLE[t]
        if key > best_key:
            best, best_key = t, key
        fit ^= low
    return best


def playout(
    hands: list[int],
    boneyard: list[int],
    left: int,
    right: int,
    turn: int,
    passes: int,
    players: int,
    reserve: int,
    draws: bool,
    rand: Callable[[], float],
    greedy: float = 0.75,
) -> tuple[int | None, int]:
    """Play a hand out from a position with a line; like ``engine.fast.playout``.

    Each seat plays the heaviest fitting tile with probability ``greedy``,
    otherwise a random fitting tile. ``hands`` and ``boneyard`` change in
    place. Returns ``(domino seat or None if blocked, last tile or -1)``.
    """
    last = -1
    while True:
        h = hands[turn]
        mask = _SUIT[left] | _SUIT[right]
        fit = h & mask
        if not fit:
            if draws:
                while len(boneyard) > reserve:
                    t = boneyard.pop()
                    h |= 1 << t
                    if (1 << t) & mask:
                        break
                hands[turn] = h
                fit = h & mask
            if not fit:
                passes += 1
                if passes >= players:
                    return None, last
                turn += 1
                if turn == players:
                    turn = 0
                continue
        passes = 0
        if fit & (fit - 1):
            if rand() < greedy:
                t = _heaviest(fit)
            else:
                n = fit.bit_count()
                k = int(rand() * n)
                while k:
                    fit &= fit - 1
                    k -= 1
                t = (fit & -fit).bit_length() - 1
        else:
            t = fit.bit_length() - 1
        lo = _LOW[t]
        hi = _HIGH[t]
        if lo == left or hi == left:
            if (lo == right or hi == right) and rand() < 0.5:
                right = hi if lo == right else lo
            else:
                left = hi if lo == left else lo
        else:
            right = hi if lo == right else lo
        h ^= 1 << t
        hands[turn] = h
        last = t
        if not h:
            return turn, last
        turn += 1
        if turn == players:
            turn = 0


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
    )


_TABLES: dict[tuple, tuple[int, list[list[float]]]] = {}


def _points_distribution(rules: Rules) -> tuple[tuple[int, float], ...]:
    """How many points a decided hand moves, as (points, probability) bins.

    Estimated once per rule set from random hands (deterministic seed).
    """
    rng = random.Random(12345)
    sides = rules.sides
    pts: list[int] = []
    for _ in range(1500):
        res = random_hand(rules, rng, Scores.zero(sides))
        p = max(res.pips_part) if res.winner_side is not None else 0
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
