"""Simulation for search players: a quick playout policy and the value of a score.

Line games play out with the engine's own :func:`dominoes_tui.engine.fast.playout`
under a cheap, plausible policy instead of a uniform one (``greedy``): mostly the
heaviest fitting tile (doubles first on a tie), sometimes a random one. The hand
is scored by the engine's one scoring module, and :func:`match_value` turns the score after it into this seat's
chance of winning the match: a point matters more near the target, the rule of
13's held points and hanging points are counted, a single hand is won or lost.

:func:`general_playout` plays any layout the engine knows besides the line of
matching ends: the spinner with its four arms, Matador's sum-to-seven ends and
matadors, and All Fives' points scored during play (:class:`Table` holds the
open ends; :func:`table_of` reads them from a seat's view). It is slower than
the line playout, so the line games keep theirs; a test replays its traces
through ``Game`` action by action.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..engine import HandResult, Rules, Scores, SeatView, score_hand, tiles
from ..engine.fast import deal, random_hand, supports
from ..engine.fast import heaviest as _heaviest
from ..engine.fast import playout as playout  # the line games' playout, with ``greedy``

_SUIT = tiles.SUIT_MASK
_LOW = tiles.LOW
_HIGH = tiles.HIGH
_VALUE = tiles.VALUE
_DOUBLE = tiles.DOUBLE


# ------------------------------------------------------ any layout (spinner, sum7, fives)

_FIT_EQUAL = tiles.SUIT_MASK
_FIT_SUM7 = tiles.SUM7_MASK
_MATADORS = tiles.MATADORS_MASK


def fit_masks(rules: Rules) -> list[int]:
    """``fit[n]``: the tiles that may go on an open ``n`` under ``rules`` (R-M-1, R-MT-1/2)."""
    return _FIT_SUM7 if rules.match_rule == "sum7" else _FIT_EQUAL


def touches(t: int, n: int, sum7: bool) -> tuple[int, ...]:
    """The halves of ``t`` that may be laid against an open ``n`` (as ``Game._touches``)."""
    lo, hi = _LOW[t], _HIGH[t]
    if sum7:
        if _MATADORS >> t & 1:
            return (hi,) if lo == hi else (hi, lo)
        want = 7 - n
    else:
        want = n
    return (want,) if lo == want or hi == want else ()


@dataclass
class Table:
    """The open ends of any layout as plain data, for the general playout.

    ``ends`` and ``end_tiles`` as ``Game.ends`` and ``Game.end_tiles`` (-1: an
    arm with no tile yet); ``spinner`` the spinner tile or -1; ``laid`` how many
    tiles are on the table; ``fives`` the points each side scored this hand.
    """

    ends: list[int]
    end_tiles: list[int]
    spinner: int
    laid: int
    fives: list[int]

    def copy(self) -> Table:
        return Table(
            list(self.ends), list(self.end_tiles), self.spinner, self.laid, list(self.fives)
        )


def table_of(view: SeatView) -> Table:
    """The :class:`Table` a seat sees (its ``fives`` from this hand's events)."""
    rules = view.rules
    ends = list(view.ends)
    end_tiles: list[int] = []
    if view.line:
        end_tiles = [view.line[0].tile, view.line[-1].tile]
        for arm in view.arms[: len(ends) - 2]:
            end_tiles.append(arm[-1].tile if arm else -1)
    laid = len(view.line) + sum(len(a) for a in view.arms)
    fives = [0] * rules.sides
    for e in view.events:
        if e.scored:
            fives[rules.side_of(e.seat)] += e.scored
    spinner = view.spinner if view.spinner is not None else -1
    return Table(ends, end_tiles, spinner, laid, fives)


def fives_count(tb: Table) -> int:
    """The open ends added up (R-F-2), as ``Game.fives_count``."""
    if tb.laid == 1 and len(tb.ends) == 2:
        return _VALUE[tb.end_tiles[0]]
    total = 0
    for n, t in zip(tb.ends, tb.end_tiles):
        if t >= 0:
            total += 2 * n if _DOUBLE[t] else n
    return total


def place(rules: Rules, tb: Table, t: int, end: int | None, touch: int | None, seat: int) -> int:
    """Lay ``t`` (a lead when ``end`` is None) and score fives; returns the points scored."""
    spinner_layout = rules.layout == "spinner"
    if end is None:
        tb.ends = [_HIGH[t], _LOW[t]]
        tb.end_tiles = [t, t]
        tb.laid = 1
        if spinner_layout and _DOUBLE[t]:
            tb.spinner = t
    else:
        ends = tb.ends
        n = ends[end]
        if touch is None:
            touch = touches(t, n, rules.match_rule == "sum7")[0]
        ends[end] = _HIGH[t] if _LOW[t] == touch else _LOW[t]
        tb.end_tiles[end] = t
        tb.laid += 1
        if spinner_layout:
            sp = tb.spinner
            if sp < 0 and _DOUBLE[t]:
                tb.spinner = sp = t
            if sp >= 0 and len(ends) == 2 and tb.end_tiles[0] != sp and tb.end_tiles[1] != sp:
                v = _HIGH[sp]
                ends += [v, v]
                tb.end_tiles += [-1, -1]
    if rules.end_scoring != "fives":
        return 0
    total = fives_count(tb)
    if total and not total % 5:
        tb.fives[rules.side_of(seat)] += total
        return total
    return 0


def _options(rules: Rules, tb: Table, fit: int, sum7: bool) -> list[tuple[int, int, int | None]]:
    """Every (tile, end, touch) play of the tiles in ``fit`` (touch None when forced)."""
    out = []
    for t in tiles.bits(fit):
        for e, n in enumerate(tb.ends):
            th = touches(t, n, sum7)
            if len(th) == 1:
                out.append((t, e, None))
            elif th:
                out.extend((t, e, h) for h in th)
    return out


def _fives_after(rules: Rules, tb: Table, t: int, e: int, touch: int | None) -> int:
    ends, ets, sp, laid = tb.ends, tb.end_tiles, tb.spinner, tb.laid
    tb2 = Table(list(ends), list(ets), sp, laid, [0] * len(tb.fives))
    tot = place(rules, tb2, t, e, touch, 0)
    return tot


def general_playout(
    rules: Rules,
    hands: list[int],
    boneyard: list[int],
    tb: Table,
    turn: int,
    passes: int,
    rand: Callable[[], float],
    greedy: float = 0.75,
    trace: list | None = None,
) -> tuple[int | None, int]:
    """Play a hand out on any layout (line or spinner, matching or sum-to-seven, fives).

    Each seat plays, with probability ``greedy``, the play worth most now (the
    fives it scores, then the heaviest tile, a double first), otherwise a random
    fitting play. ``hands``, ``boneyard`` and ``tb`` change in place (``tb``
    may be empty: the playout leads). Returns ``(domino seat or None, last tile
    or -1)``. With ``trace`` a list, each action is appended:
    ``("play", tile, end, touch)`` (end None for a lead), ``("draw",)``, ``("pass",)``.
    """
    players = rules.players
    reserve = rules.reserve
    draws = rules.drawing != "none"
    sum7 = rules.match_rule == "sum7"
    fives = rules.end_scoring == "fives"
    fitm = fit_masks(rules)
    last = -1
    if not tb.ends:
        h = hands[turn]
        if rand() < greedy:
            t = _heaviest(h)
        else:
            ts = list(tiles.bits(h))
            t = ts[int(rand() * len(ts))]
        place(rules, tb, t, None, None, turn)
        if trace is not None:
            trace.append(("play", t, None, None))
        h ^= 1 << t
        hands[turn] = h
        last = t
        if not h:
            return turn, last
        turn = (turn + 1) % players
    while True:
        h = hands[turn]
        mask = 0
        for n in tb.ends:
            mask |= fitm[n]
        fit = h & mask
        if not fit:
            if draws:
                while len(boneyard) > reserve:
                    t = boneyard.pop()
                    h |= 1 << t
                    if trace is not None:
                        trace.append(("draw",))
                    if (1 << t) & mask:
                        break
                hands[turn] = h
                fit = h & mask
            if not fit:
                if trace is not None:
                    trace.append(("pass",))
                passes += 1
                if passes >= players:
                    return None, last
                turn += 1
                if turn == players:
                    turn = 0
                continue
        passes = 0
        opts = _options(rules, tb, fit, sum7)
        if len(opts) == 1:
            t, e, th = opts[0]
        elif rand() < greedy:
            best_key = -1.0
            t, e, th = opts[0]
            for o in opts:
                key = _VALUE[o[0]] * 2 + _DOUBLE[o[0]] + rand() * 0.5
                if fives:
                    key += 6 * _fives_after(rules, tb, o[0], o[1], o[2])
                if key > best_key:
                    best_key = key
                    t, e, th = o
        else:
            t, e, th = opts[int(rand() * len(opts))]
        place(rules, tb, t, e, th, turn)
        if trace is not None:
            trace.append(("play", t, e, th))
        h ^= 1 << t
        hands[turn] = h
        last = t
        if not h:
            return turn, last
        turn += 1
        if turn == players:
            turn = 0


def general_random_hand(rules: Rules, rng: random.Random) -> tuple[HandResult, list[int]]:
    """Deal and play one hand on any layout from a random opener; (result, fives per side)."""
    hands, boneyard = deal(rules, rng)
    seat = rng.randrange(rules.players)
    tb = Table([], [], -1, 0, [0] * rules.sides)
    domino, last = general_playout(rules, hands, boneyard, tb, seat, 0, rng.random)
    before = Scores(tuple(tb.fives), (0,) * rules.sides, 0)
    res = score_hand(rules, domino, hands, None, last if last >= 0 else None, before, tb.fives)
    return res, tb.fives


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
    line = supports(rules)
    for _ in range(1500 if line else 600):
        if line:
            res = random_hand(rules, rng, Scores.zero(sides))
            p = max(res.pips_part) if res.winner_side is not None else 0
        else:  # any layout; All Fives moves the fives scored during the hand too
            res, fives = general_random_hand(rules, rng)
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
