"""The fast path: every layout's playout on bitmasks, for search-based CPU players and benchmarks.

The readable :class:`~dominoes_tui.engine.state.Game` is the reference. This
module plays the same movement rules on bare ints and lists, with no objects
per move, and hands the end of the hand to the one scoring module
(:func:`~dominoes_tui.engine.scoring.score_hand`). Tests replay traced
playouts through ``Game`` action by action to prove the two agree
(``tests/engine/test_fast_differential.py``).

Layouts
-------
- the plain line of matching ends (R-M-1, R-M-4, R-M-5, R-C-3):
  :func:`playout`, the hot loop, on two ints;
- any layout of open ends (:class:`Table`): the line or the spinner with its
  four arms (R-F-1), matching or sum-to-seven ends with Matador's matadors
  (R-MT-1, R-MT-2), All Fives' points scored during play (R-F-2):
  :func:`table_playout`;
- Mexican Train's trains (R-TR-1…8): :class:`TrainsPosition`, :func:`trains_playout`;
- Chicken Foot's centre, arms and feet (R-CF-1…5): :class:`FootPosition`,
  :func:`foot_playout`. These two score a round with
  :func:`~dominoes_tui.engine.scoring.score_round` (penalties, lowest total wins).

Search (Expert, the hint, the review) works on a :class:`Position`: one deal of
a hand in progress with every tile known. :func:`position` reads a seat's view
into the :class:`Position` class of its layout (:data:`LAYOUTS`, a dispatch by
``rules.layout``), so the search never branches on layouts. A new layout adds
a :class:`Position` subclass (``from_view``, ``copy``, ``apply``, ``playout``,
``finish``, ``random_hand``) and one entry in :data:`LAYOUTS`.

The playout policy is uniform over the fitting plays; with ``greedy`` > 0 a
seat plays, with that probability, the heaviest fitting tile (doubles first on
a tie; on a table the fives a play scores come first), the policy the CPU's
search uses. It never draws by choice (``any_time``) and never takes the
optional two-doubles move: those are a player's choices, not rules.
"""

from __future__ import annotations

import random
from abc import ABCMeta, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import tiles
from .actions import Action, Draw, Pass, Play, PlayDoubles, Stop
from .fits import FITS as _FITS
from .fits import TOUCHES as _TOUCHES
from .fits import ends_count, fives_after, fives_points, wild_tiles
from .fits import ends_fit as ends_fit
from .fits import fit_masks as fit_masks
from .fits import touches as touches
from .rules import Rules
from .scoring import HandResult, Scores, score_hand
from .state import _double_order, redeal_needed
from .trains import open_places

if TYPE_CHECKING:  # pragma: no cover
    from .view import SeatView

_SUIT = tiles.SUIT_MASK
_LOW = tiles.LOW
_HIGH = tiles.HIGH
_DOUBLES = tiles.DOUBLES_MASK
_VALUE = tiles.VALUE
_DOUBLE = tiles.DOUBLE
_BIT = tiles.BIT
_PIPS = range(tiles.MAX_PIP + 1)

Rand = Callable[[], float]


# ------------------------------------------------------------------ what fits where


def heaviest(fit: int) -> int:
    """The heaviest tile in the mask ``fit`` (a double first on a tie)."""
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


# ------------------------------------------------------------------ the plain line


def plain_line(rules: Rules) -> bool:
    """A plain line of matching ends and no end scoring: :func:`playout`'s games."""
    return rules.layout == "line" and rules.match_rule == "equal" and rules.end_scoring == "none"


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
    rand: Rand,
    trace: list | None = None,
    greedy: float = 0.0,
) -> tuple[int | None, int]:
    """Play a hand out from a position with a line (ends ``left``, ``right``).

    ``hands`` and ``boneyard`` are changed in place (the boneyard is drawn from
    its end). Returns ``(domino_seat or None if blocked, last tile played or -1)``.
    With ``trace`` a list, each action is appended: ``("play", tile, end)``,
    ``("draw",)`` or ``("pass",)``.
    """
    last = -1
    while True:
        h = hands[turn]
        mask = _SUIT[left] | _SUIT[right]
        fit = h & mask
        if not fit:
            if draws:
                while len(boneyard) > reserve:  # R-M-4: one at a time until one fits
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
                if passes >= players:  # R-M-5
                    return None, last
                turn += 1
                if turn == players:
                    turn = 0
                continue
        passes = 0
        n = fit.bit_count()
        if n > 1:
            if greedy and rand() < greedy:
                fit = 1 << heaviest(fit)
            else:
                k = int(rand() * n)
                while k:
                    fit &= fit - 1
                    k -= 1
        bit = fit & -fit
        t = bit.bit_length() - 1
        lo = _LOW[t]
        hi = _HIGH[t]
        if lo == left or hi == left:
            if (lo == right or hi == right) and rand() < 0.5:
                right = hi if lo == right else lo
                end = 1
            else:
                left = hi if lo == left else lo
                end = 0
        else:
            right = hi if lo == right else lo
            end = 1
        if trace is not None:
            trace.append(("play", t, end))
        h ^= bit
        hands[turn] = h
        last = t
        if not h:
            return turn, last
        turn += 1
        if turn == players:
            turn = 0


# ------------------------------------------------------------------ any table of open ends


@dataclass
class Table:
    """The open ends of a line or spinner layout as plain data.

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

    @classmethod
    def empty(cls, rules: Rules) -> Table:
        return cls([], [], -1, 0, [0] * rules.sides)


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
    """The open ends added up (R-F-2), as ``Game.fives_count`` (:func:`.fits.ends_count`)."""
    return ends_count(tb.ends, tb.end_tiles, tb.laid)


def place(rules: Rules, tb: Table, t: int, end: int | None, touch: int | None, seat: int) -> int:
    """Lay ``t`` (a lead when ``end`` is None) and score fives; returns the points scored.

    ``touch`` None: the one half that fits (R-M-1); R-F-1 opens the spinner's
    arms once both its sides hold a tile; R-F-2 scores a multiple of 5.
    """
    spinner_layout = rules.layout == "spinner"
    if end is None:
        tb.ends = [_HIGH[t], _LOW[t]]
        tb.end_tiles = [t, t]
        tb.laid = 1
        if spinner_layout and _DOUBLE[t]:
            tb.spinner = t
    else:
        ends = tb.ends
        if touch is None:
            touch = _TOUCHES[rules.match_rule][t][ends[end]][0]
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
    scored = fives_points(ends_count(tb.ends, tb.end_tiles, tb.laid))
    if scored:
        tb.fives[rules.side_of(seat)] += scored
    return scored


def table_plays(rules: Rules, tb: Table, fit: int) -> list[tuple[int, int, int | None]]:
    """Every ``(tile, end, touch)`` play of the tiles in ``fit`` (touch None when forced)."""
    tt = _TOUCHES[rules.match_rule]
    out = []
    for t in tiles.bits(fit):
        row = tt[t]
        for e, n in enumerate(tb.ends):
            th = row[n]
            if len(th) == 1:
                out.append((t, e, None))
            elif th:
                out.extend((t, e, h) for h in th)
    return out


def table_playout(
    rules: Rules,
    hands: list[int],
    boneyard: list[int],
    tb: Table,
    turn: int,
    passes: int,
    rand: Rand,
    greedy: float = 0.75,
    trace: list | None = None,
) -> tuple[int | None, int]:
    """Play a hand out on any table of open ends (line or spinner, matching or sum-to-seven, fives).

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
    fives = rules.end_scoring == "fives"
    tt = _TOUCHES[rules.match_rule]
    fitm = _FITS[rules.match_rule]
    last = -1
    if not tb.ends:
        h = hands[turn]
        if rand() < greedy:
            t = heaviest(h)
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
                while len(boneyard) > reserve:  # R-M-4
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
                if passes >= players:  # R-M-5
                    return None, last
                turn += 1
                if turn == players:
                    turn = 0
                continue
        passes = 0
        opts = []
        for t in tiles.bits(fit):
            row = tt[t]
            for e, n in enumerate(tb.ends):
                th = row[n]
                if len(th) == 1:
                    opts.append((t, e, None))
                elif th:
                    opts.extend((t, e, x) for x in th)
        if len(opts) == 1:
            t, e, th = opts[0]
        elif rand() < greedy:
            best_key = -1.0
            t, e, th = opts[0]
            for o in opts:
                key = _VALUE[o[0]] * 2 + _DOUBLE[o[0]] + rand() * 0.5
                if fives:
                    x = o[2]
                    if x is None:
                        x = tt[o[0]][tb.ends[o[1]]][0]
                    key += 6 * fives_after(tb.ends, tb.end_tiles, o[0], o[1], x)
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


# ------------------------------------------------------------------ a skilled playout policy


@dataclass(frozen=True)
class Style:
    """The weights of the skilled playout policy (:func:`styled_line_playout`,
    :func:`styled_table_playout`), a search player's option beside the default playout.

    With probability ``greedy`` a seat plays the fitting play with the best
    score, otherwise a random one. A play's score: the pips it sheds, ``double``
    for a double (out early), ``follow`` for each tile (up to three) the seat
    keeps that fits the ends it leaves (variety: it can follow next time),
    ``block`` when the next seat has nothing for those ends (it must draw or
    pass), ``fives`` per point it scores (All Fives), minus ``matador`` for
    spending a matador while another tile fits (Matador), plus ``noise`` times
    a random number in [0, 1) (ties and near-ties broken at random). ``block``
    peeks at the next hand; ``void`` only uses what every seat saw: the numbers
    the next seat drew or passed on (the playout's ``voids``, kept up to date as
    it plays).
    """

    greedy: float = 0.9
    double: float = 3.0
    follow: float = 1.5
    block: float = 0.0
    fives: float = 6.0
    matador: float = 6.0
    noise: float = 1.0
    void: float = 0.0
    """Bonus when every end the play leaves is one the next seat has shown it lacks (it
    drew or passed on that number: public knowledge, no peeking)."""


def styled_line_playout(
    hands: list[int],
    boneyard: list[int],
    left: int,
    right: int,
    turn: int,
    passes: int,
    players: int,
    reserve: int,
    draws: bool,
    rand: Rand,
    style: Style | Sequence[Style],
    trace: list | None = None,
    voids: list[int] | None = None,
) -> tuple[int | None, int]:
    """:func:`playout` with the plays chosen by ``style`` (:class:`Style`, or one a seat);
    the same rules. ``voids[s]``: bit ``n`` set if every seat knows ``s`` holds no ``n``
    (changed in place as seats draw and pass)."""
    styles = [style] * players if isinstance(style, Style) else list(style)
    suit, low_, high_, value, double = _SUIT, _LOW, _HIGH, _VALUE, _DOUBLE
    if voids is None:
        voids = [0] * players
    last = -1
    while True:
        st = styles[turn]
        greedy = st.greedy
        wd, wf, wb, wv, noise = st.double, st.follow, st.block, st.void, st.noise
        h = hands[turn]
        mask = suit[left] | suit[right]
        fit = h & mask
        if not fit:
            seen = (1 << left) | (1 << right)
            if draws and len(boneyard) > reserve:
                # the tiles drawn before the last did not fit: only these two are known lacking
                voids[turn] = seen
                while len(boneyard) > reserve:  # R-M-4: one at a time until one fits
                    t = boneyard.pop()
                    h |= 1 << t
                    if trace is not None:
                        trace.append(("draw",))
                    if (1 << t) & mask:
                        break
                hands[turn] = h
                fit = h & mask
            else:
                voids[turn] |= seen
            if not fit:
                if trace is not None:
                    trace.append(("pass",))
                passes += 1
                if passes >= players:  # R-M-5
                    return None, last
                turn += 1
                if turn == players:
                    turn = 0
                continue
        passes = 0
        nxt = turn + 1
        if nxt == players:
            nxt = 0
        if fit & (fit - 1) == 0 and (
            left == right or fit & suit[left] == 0 or fit & suit[right] == 0
        ):
            # one tile, one way to lay it
            t = fit.bit_length() - 1
            end = 0 if (low_[t] == left or high_[t] == left) else 1
        elif rand() < greedy:
            nh = hands[nxt]
            nv = voids[nxt]
            best = -1e9
            t = end = -1
            f = fit
            while f:
                b = f & -f
                f ^= b
                u = b.bit_length() - 1
                lo, hi = low_[u], high_[u]
                base = value[u] + wd * double[u]
                h2 = h ^ b
                for e in (0, 1):
                    n = left if e == 0 else right
                    if lo != n and hi != n:
                        continue
                    if e == 1 and left == right:
                        break
                    v = hi if lo == n else lo
                    m = (suit[v] | suit[right]) if e == 0 else (suit[left] | suit[v])
                    k = (h2 & m).bit_count()
                    key = base + wf * (k if k < 3 else 3) + noise * rand()
                    if wb and not nh & m:
                        key += wb
                    if wv and nv:
                        x = left if e == 1 else right  # the end this play leaves alone
                        if nv >> v & 1 and nv >> x & 1:
                            key += wv
                    if key > best:
                        best, t, end = key, u, e
        else:
            n = fit.bit_count()
            k = int(rand() * n)
            while k:
                fit &= fit - 1
                k -= 1
            t = (fit & -fit).bit_length() - 1
            lo, hi = low_[t], high_[t]
            if lo == left or hi == left:
                end = 1 if (lo == right or hi == right) and rand() < 0.5 else 0
            else:
                end = 1
        lo, hi = low_[t], high_[t]
        if end == 0:
            left = hi if lo == left else lo
        else:
            right = hi if lo == right else lo
        if trace is not None:
            trace.append(("play", t, end))
        h ^= 1 << t
        hands[turn] = h
        last = t
        if not h:
            return turn, last
        turn = nxt


def styled_lead(h: int, fitm: list[int], rand: Rand, style: Style) -> int:
    """The tile a seat leads with ``style``: its best score, the suits it keeps counting."""
    if rand() >= style.greedy:
        ts = list(tiles.bits(h))
        return ts[int(rand() * len(ts))]
    best = -1e9
    t = -1
    for u in tiles.bits(h):
        h2 = h & ~_BIT[u]
        k = (h2 & (fitm[_LOW[u]] | fitm[_HIGH[u]])).bit_count()
        key = _VALUE[u] + style.double * _DOUBLE[u] + style.follow * min(k, 3)
        key += style.noise * rand()
        if key > best:
            best, t = key, u
    return t


def styled_table_playout(
    rules: Rules,
    hands: list[int],
    boneyard: list[int],
    tb: Table,
    turn: int,
    passes: int,
    rand: Rand,
    style: Style | Sequence[Style],
    trace: list | None = None,
    voids: list[int] | None = None,
) -> tuple[int | None, int]:
    """:func:`table_playout` with the plays chosen by ``style`` (:class:`Style`, or one a
    seat); the same rules. ``voids[s]``: bit ``n`` set if every seat knows ``s`` has no
    tile for an open ``n`` (changed in place as seats draw and pass).

    A play's follow and block count the ends it leaves on the line or arm it
    goes on (arms a spinner opens are not counted)."""
    players = rules.players
    reserve = rules.reserve
    draws = rules.drawing != "none"
    fives = rules.end_scoring == "fives"
    tt = _TOUCHES[rules.match_rule]
    fitm = _FITS[rules.match_rule]
    wild = wild_tiles(rules)
    styles = [style] * players if isinstance(style, Style) else list(style)
    if voids is None:
        voids = [0] * players
    last = -1
    if not tb.ends:
        h = hands[turn]
        t = styled_lead(h, fitm, rand, styles[turn])
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
            seen = 0
            for n in tb.ends:
                seen |= 1 << n
            if draws and len(boneyard) > reserve:
                voids[turn] = seen  # the tiles drawn before the last did not fit these
                while len(boneyard) > reserve:  # R-M-4
                    t = boneyard.pop()
                    h |= 1 << t
                    if trace is not None:
                        trace.append(("draw",))
                    if (1 << t) & mask:
                        break
                hands[turn] = h
                fit = h & mask
            else:
                voids[turn] |= seen
            if not fit:
                if trace is not None:
                    trace.append(("pass",))
                passes += 1
                if passes >= players:  # R-M-5
                    return None, last
                turn += 1
                if turn == players:
                    turn = 0
                continue
        passes = 0
        nxt = turn + 1
        if nxt == players:
            nxt = 0
        opts = []
        for t in tiles.bits(fit):
            row = tt[t]
            for e, n in enumerate(tb.ends):
                th = row[n]
                if len(th) == 1:
                    opts.append((t, e, None))
                elif th:
                    opts.extend((t, e, x) for x in th)
        st = styles[turn]
        if len(opts) == 1:
            t, e, th = opts[0]
        elif rand() < st.greedy:
            wd, wf, wb, wfives, wm, noise = (
                st.double,
                st.follow,
                st.block,
                st.fives,
                st.matador,
                st.noise,
            )
            nh = hands[nxt]
            nv = voids[nxt]
            wv = st.void
            spare = fit & ~wild  # a tile that fits and is no matador
            ends = tb.ends
            best = -1e9
            t, e, th = opts[0]
            for o in opts:
                u, oe, x = o
                if x is None:
                    x = tt[u][ends[oe]][0]
                v = _HIGH[u] if _LOW[u] == x else _LOW[u]
                m = fitm[v]
                stuck = nv >> v & 1
                for j, n in enumerate(ends):
                    if j != oe:
                        m |= fitm[n]
                        stuck = stuck and nv >> n & 1
                k = (h & ~_BIT[u] & m).bit_count()
                key = _VALUE[u] + wd * _DOUBLE[u] + wf * (k if k < 3 else 3) + noise * rand()
                if wb and not nh & m:
                    key += wb
                if wv and stuck:
                    key += wv
                if fives:
                    key += wfives * fives_after(tb.ends, tb.end_tiles, u, oe, x)
                if wild >> u & 1 and spare:
                    key -= wm
                if key > best:
                    best = key
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
        turn = nxt


# ------------------------------------------------------------------ dealing and leading


def deal(rules: Rules, rng: random.Random) -> tuple[list[int], list[int]]:
    """R-D-1 with R-C-2's redeal: hands as masks and the boneyard as a list."""
    n, hs, players = rules.tile_count, rules.hand_size, rules.players
    while True:
        pool = list(range(n))
        rng.shuffle(pool)
        hands = []
        for i in range(players):
            m = 0
            for t in pool[i * hs : (i + 1) * hs]:
                m |= 1 << t
            hands.append(m)
        if not rules.redeal or not any(redeal_needed(rules, h) for h in hands):
            return hands, pool[players * hs :]


def opener_and_lead(rules: Rules, hands: list[int], rng: random.Random) -> tuple[int, int]:
    """The first hand's opener (R-O-1…3, R-O-5) and a tile they may lead, chosen at random."""
    if rules.first_opener == "random":
        seat = rng.randrange(rules.players)
        h = hands[seat]
        if rules.first_lead == "double_if_held" and h & _DOUBLES:
            h &= _DOUBLES
        choices = list(tiles.bits(h))
        return seat, choices[int(rng.random() * len(choices))]
    from .state import find_opener

    if rules.first_opener != "highest_tile":
        for d in _double_order(rules, rules.first_opener):
            b = 1 << d
            for s, h in enumerate(hands):
                if h & b:
                    if rules.first_lead == "that_tile":
                        return s, d
                    return s, _random_lead(rules, h, rng)
    seat, t = find_opener(rules, hands, rules.first_opener)
    if rules.first_lead == "that_tile":
        return seat, t
    return seat, _random_lead(rules, hands[seat], rng)


def _random_lead(rules: Rules, h: int, rng: random.Random) -> int:
    if rules.first_lead == "double_if_held" and h & _DOUBLES:
        h &= _DOUBLES
    choices = list(tiles.bits(h))
    return choices[int(rng.random() * len(choices))]


# ------------------------------------------------------------------ positions for search


def trailing_passes(view: SeatView) -> int:
    """How many seats passed in a row just before now (R-M-5 blocks at ``players``)."""
    passes = 0
    for e in reversed(view.events):
        if e.kind != "pass":
            break
        passes += 1
    return passes


def _lead_of(view: SeatView) -> int | None:
    """The tile that led this hand (for R-B's first-tile bonus)."""
    for e in view.events:
        if e.kind == "play" and not e.ends:
            return e.tile
    return view.line[0].tile if view.line else None


def _last_of(view: SeatView) -> int:
    """The last tile played this hand, or -1."""
    for e in reversed(view.events):
        if e.kind == "play" and e.tile is not None:
            return e.tile
        if e.kind == "doubles" and e.second is not None:
            return e.second
    return -1


class Position(metaclass=ABCMeta):
    """One deal of a hand in progress with every tile known: what search plays out.

    ``hands`` (masks) and ``boneyard`` (drawn from its end) are one deal of the
    hidden tiles; the layout's open ends are the subclass's. ``turn`` is the
    seat to move, ``passes`` the passes in a row, ``first`` / ``last`` the tiles
    led and last played (R-B), ``domino`` the seat that went out once ``over``.
    """

    __slots__ = ("rules", "hands", "boneyard", "turn", "passes", "first", "last", "over", "domino")

    rules: Rules
    hands: list[int]
    boneyard: list[int]
    turn: int
    passes: int
    first: int | None
    last: int
    over: bool
    domino: int | None

    @classmethod
    def from_view(
        cls, view: SeatView, hands: list[int] | None = None, boneyard: list[int] | None = None
    ) -> Position:
        """The position ``view`` shows (its seat to move); ``hands`` / ``boneyard``: one deal
        of the hidden tiles (default: only this seat's hand known, an empty boneyard)."""
        p = cls.__new__(cls)
        p.rules = view.rules
        if hands is None:
            hands = [0] * view.rules.players
            hands[view.seat] = view.hand
        p.hands = hands
        p.boneyard = boneyard if boneyard is not None else []
        p.turn = view.seat if view.turn is None else view.turn
        p.passes = trailing_passes(view)
        p.first = _lead_of(view)
        p.last = _last_of(view)
        p.over = False
        p.domino = None
        p._read_layout(view)
        return p

    @abstractmethod
    def _read_layout(self, view: SeatView) -> None:
        """Every layout has its own."""

    def copy(self, hands: list[int] | None = None, boneyard: list[int] | None = None) -> Position:
        """A copy to play on; with ``hands`` / ``boneyard`` the copy takes copies of those."""
        p = self.__class__.__new__(self.__class__)
        p.rules = self.rules
        p.hands = list(self.hands if hands is None else hands)
        p.boneyard = list(self.boneyard if boneyard is None else boneyard)
        p.turn = self.turn
        p.passes = self.passes
        p.first = self.first
        p.last = self.last
        p.over = self.over
        p.domino = self.domino
        self._copy_layout(p)
        return p

    @abstractmethod
    def _copy_layout(self, p: Position) -> None:
        """Every layout has its own."""

    def apply(self, action: Action) -> None:
        """The seat to move takes ``action`` (one of the legal actions; not checked here)."""
        seat = self.turn
        players = self.rules.players
        if isinstance(action, Play):
            t = action.tile
            self.hands[seat] &= ~_BIT[t]
            if action.end is None:
                self.first = t
            self._lay(action, seat)
            self.last = t
            self.passes = 0
            if not self.hands[seat]:
                self.over, self.domino = True, seat
            self.turn = (seat + 1) % players
        elif isinstance(action, PlayDoubles):
            self.hands[seat] &= ~(_BIT[action.first] | _BIT[action.second])
            self._lay_doubles(action, seat)
            self.last = action.second
            self.passes = 0
            if not self.hands[seat]:
                self.over, self.domino = True, seat
            self.turn = (seat + 1) % players
        elif isinstance(action, Draw):
            self.hands[seat] |= _BIT[self.boneyard.pop()]
            self.passes = 0
        elif isinstance(action, Pass):
            self.passes += 1
            if self.passes >= players:  # R-M-5
                self.over, self.domino = True, None
            self.turn = (seat + 1) % players
        else:  # pragma: no cover - NextHand, Resign, TimeOut are not moves of a hand
            raise ValueError(f"{action!r} is not a move within a hand")

    def _lay(
        self, action: Play, seat: int
    ) -> None:  # pragma: no cover - the rounds layouts never call it
        raise ValueError("this layout lays its tiles in its own apply")

    def moves(self) -> list[Action]:
        """The seat to move's moves as the playout allows them, for exact search.

        Every play, one per outcome (a tile on either of two ends alike is one
        play); with none, a draw where the rules draw (R-M-4), else a pass. The
        player's own choices (a draw by choice, the two-doubles move) are not here.
        """
        plays = self._plays(self.hands[self.turn])
        if plays:
            return plays
        rules = self.rules
        if rules.drawing != "none" and len(self.boneyard) > rules.reserve:
            return [Draw()]
        return [Pass()]

    def _plays(
        self, hand: int
    ) -> list[Action]:  # pragma: no cover - the rounds layouts never call it
        raise ValueError("this layout lists its moves in its own moves")

    @abstractmethod
    def layout_key(self) -> tuple:
        """The open layout as a hashable value: equal keys, equal futures for the same hands."""

    def _lay_doubles(self, action: PlayDoubles, seat: int) -> None:
        raise ValueError("this layout has no two-doubles move")

    @abstractmethod
    def playout(self, rand: Rand, greedy: float = 0.0, trace: list | None = None) -> None:
        """Play the hand out to its end with the playout policy (see the module docstring).

        With ``trace`` a list, each action is appended as a tuple: ``("play", tile,
        end, ...)`` (end None for a lead), ``("draw",)``, ``("pass",)``.
        """

    def styled_playout(
        self,
        rand: Rand,
        style: Style | Sequence[Style],
        trace: list | None = None,
        voids: list[int] | None = None,
    ) -> None:
        """Play the hand out with the skilled policy ``style`` (:class:`Style`, or one a
        seat) where the layout has one (the line, the spinner, Matador), else with
        :meth:`playout` (the first style's ``greedy``). ``voids[s]``: the numbers seat
        ``s`` is publicly known to lack, as a bit mask (a copy is kept up to date)."""
        first = style if isinstance(style, Style) else style[0]
        self.playout(rand, first.greedy, trace)

    def fives(self) -> list[int]:
        """Points each side scored during play this hand (All Fives); zeros elsewhere."""
        return [0] * self.rules.sides

    def finish(self, before: Scores) -> tuple[HandResult, list[int]]:
        """Score the finished hand; ``before``: the scores when this position was read.

        Returns the result and the points each side gained from the position on
        (the result's points plus fives scored in the rest of the hand).
        """
        res = score_hand(
            self.rules,
            self.domino,
            self.hands,
            self.first,
            self.last if self.last >= 0 else None,
            before,
        )
        return res, list(res.points)

    @classmethod
    def random_hand(cls, rules: Rules, rng: random.Random, scores: Scores) -> HandResult:
        """Deal, lead (the first hand's opener rules) and play one hand at random; score it."""
        hands, boneyard = deal(rules, rng)
        seat, t = opener_and_lead(rules, hands, rng)
        p = cls.empty(rules, hands, boneyard, seat)
        p.apply(Play(t))
        if not p.over:
            p.playout(rng.random)
        return p.finish(scores)[0]

    @classmethod
    def empty(cls, rules: Rules, hands: list[int], boneyard: list[int], turn: int) -> Position:
        """A hand dealt and not led yet, ``turn`` to lead."""
        p = cls.__new__(cls)
        p.rules = rules
        p.hands = hands
        p.boneyard = boneyard
        p.turn = turn
        p.passes = 0
        p.first = None
        p.last = -1
        p.over = False
        p.domino = None
        p._empty_layout()
        return p

    @abstractmethod
    def _empty_layout(self) -> None:
        """Every layout has its own."""


class LinePosition(Position):
    """The plain line of matching ends: two ints, played out by :func:`playout`."""

    __slots__ = ("left", "right")

    left: int
    right: int

    def _read_layout(self, view: SeatView) -> None:
        self.left, self.right = (view.ends[0], view.ends[1]) if view.ends else (-1, -1)

    def _empty_layout(self) -> None:
        self.left = self.right = -1

    def _copy_layout(self, p: Position) -> None:
        p.left = self.left  # type: ignore[attr-defined]
        p.right = self.right  # type: ignore[attr-defined]

    @property
    def ends(self) -> tuple[int, ...]:
        return () if self.left < 0 else (self.left, self.right)

    def _lay(self, action: Play, seat: int) -> None:
        t = action.tile
        if action.end is None:
            self.left, self.right = _HIGH[t], _LOW[t]
        elif action.end == 0:
            self.left = _HIGH[t] if _LOW[t] == self.left else _LOW[t]
        else:
            self.right = _HIGH[t] if _LOW[t] == self.right else _LOW[t]

    def layout_key(self) -> tuple:
        ends = (self.left, self.right) if self.left <= self.right else (self.right, self.left)
        return (tuple((n, False) for n in ends), -1, ())

    def _plays(self, hand: int) -> list[Action]:
        left, right = self.left, self.right
        if left < 0:
            return [Play(t) for t in tiles.bits(hand)]
        out: list[Action] = []
        for t in tiles.bits(hand & (_SUIT[left] | _SUIT[right])):
            lo, hi = _LOW[t], _HIGH[t]
            if lo == left or hi == left:
                out.append(Play(t, 0))
                if left != right and (lo == right or hi == right):
                    out.append(Play(t, 1))
            else:
                out.append(Play(t, 1))
        return out

    def _lay_doubles(self, action: PlayDoubles, seat: int) -> None:
        pass  # a double on each end leaves both ends showing what they showed (R-2D)

    def playout(self, rand: Rand, greedy: float = 0.0, trace: list | None = None) -> None:
        if self.over:
            return
        rules = self.rules
        if self.left < 0:  # lead: the heaviest tile with probability greedy, else any
            h = self.hands[self.turn]
            if rand() < greedy:
                t = heaviest(h)
            else:
                ts = list(tiles.bits(h))
                t = ts[int(rand() * len(ts))]
            self.apply(Play(t))
            if trace is not None:
                trace.append(("play", t, None))
            if self.over:
                return
        domino, last = playout(
            self.hands,
            self.boneyard,
            self.left,
            self.right,
            self.turn,
            self.passes,
            rules.players,
            rules.reserve,
            rules.drawing != "none",
            rand,
            trace,
            greedy,
        )
        if last >= 0:
            self.last = last
        self.over, self.domino = True, domino

    def styled_playout(
        self,
        rand: Rand,
        style: Style | Sequence[Style],
        trace: list | None = None,
        voids: list[int] | None = None,
    ) -> None:
        if self.over:
            return
        rules = self.rules
        if self.left < 0:
            lead = style if isinstance(style, Style) else style[self.turn]
            t = styled_lead(self.hands[self.turn], _SUIT, rand, lead)
            self.apply(Play(t))
            if trace is not None:
                trace.append(("play", t, None))
            if self.over:
                return
        domino, last = styled_line_playout(
            self.hands,
            self.boneyard,
            self.left,
            self.right,
            self.turn,
            self.passes,
            rules.players,
            rules.reserve,
            rules.drawing != "none",
            rand,
            style,
            trace,
            None if voids is None else list(voids),
        )
        if last >= 0:
            self.last = last
        self.over, self.domino = True, domino

    @classmethod
    def random_hand(cls, rules: Rules, rng: random.Random, scores: Scores) -> HandResult:
        hands, boneyard = deal(rules, rng)
        seat, t = opener_and_lead(rules, hands, rng)
        hands[seat] &= ~(1 << t)
        players = rules.players
        if not hands[seat]:
            domino, last = seat, t
        else:
            domino, last = playout(
                hands,
                boneyard,
                _HIGH[t],
                _LOW[t],
                (seat + 1) % players,
                0,
                players,
                rules.reserve,
                rules.drawing != "none",
                rng.random,
            )
            if last < 0:
                last = t
        return score_hand(rules, domino, hands, t, last, scores)


class TablePosition(Position):
    """Any table of open ends (:class:`Table`: the spinner, Matador, All Fives' points)."""

    __slots__ = ("table", "fives0")

    table: Table
    fives0: list[int]

    def _read_layout(self, view: SeatView) -> None:
        self.table = table_of(view)
        self.fives0 = list(self.table.fives)

    def _empty_layout(self) -> None:
        self.table = Table.empty(self.rules)
        self.fives0 = list(self.table.fives)

    def _copy_layout(self, p: Position) -> None:
        p.table = self.table.copy()  # type: ignore[attr-defined]
        p.fives0 = self.fives0  # type: ignore[attr-defined]

    @property
    def ends(self) -> tuple[int, ...]:
        return tuple(self.table.ends)

    def _lay(self, action: Play, seat: int) -> None:
        place(self.rules, self.table, action.tile, action.end, action.touch, seat)

    def _plays(self, hand: int) -> list[Action]:
        tb = self.table
        if not tb.ends:
            return [Play(t) for t in tiles.bits(hand)]
        tt = _TOUCHES[self.rules.match_rule]
        fitm = _FITS[self.rules.match_rule]
        mask = 0
        for n in tb.ends:
            mask |= fitm[n]
        out: list[Action] = []
        seen = set()
        for t in tiles.bits(hand & mask):
            row = tt[t]
            for e, n in enumerate(tb.ends):
                th = row[n]
                if not th:
                    continue
                et = tb.end_tiles[e]
                kind = -1 if et < 0 else _DOUBLE[et]
                for x in th:
                    key = (t, n, kind, x)
                    if key not in seen:  # alike ends: one outcome
                        seen.add(key)
                        out.append(Play(t, e, x if len(th) > 1 else None))
        return out

    def layout_key(self) -> tuple:
        tb = self.table
        ends = sorted((n, t >= 0 and bool(_DOUBLE[t])) for n, t in zip(tb.ends, tb.end_tiles))
        return (tuple(ends), tb.spinner, tuple(tb.fives))

    def playout(self, rand: Rand, greedy: float = 0.0, trace: list | None = None) -> None:
        if self.over:
            return
        domino, last = table_playout(
            self.rules,
            self.hands,
            self.boneyard,
            self.table,
            self.turn,
            self.passes,
            rand,
            greedy,
            trace,
        )
        if last >= 0:
            self.last = last
        self.over, self.domino = True, domino

    def styled_playout(
        self,
        rand: Rand,
        style: Style | Sequence[Style],
        trace: list | None = None,
        voids: list[int] | None = None,
    ) -> None:
        if self.over:
            return
        domino, last = styled_table_playout(
            self.rules,
            self.hands,
            self.boneyard,
            self.table,
            self.turn,
            self.passes,
            rand,
            style,
            trace,
            None if voids is None else list(voids),
        )
        if last >= 0:
            self.last = last
        self.over, self.domino = True, domino

    def fives(self) -> list[int]:
        return list(self.table.fives)

    def finish(self, before: Scores) -> tuple[HandResult, list[int]]:
        fives = self.table.fives
        gained = [f - f0 for f, f0 in zip(fives, self.fives0)]
        written = tuple(w + g for w, g in zip(before.written, gained))
        res = score_hand(
            self.rules,
            self.domino,
            self.hands,
            self.first,
            self.last if self.last >= 0 else None,
            Scores(written, before.held, before.hanging),
            fives,
        )
        return res, [p + g for p, g in zip(res.points, gained)]


LAYOUTS: dict[str, type[Position]] = {
    "line": TablePosition,
    "spinner": TablePosition,
}
"""Each layout's :class:`Position` (a plain line of matching ends takes :class:`LinePosition`)."""


def position_class(rules: Rules) -> type[Position]:
    """The :class:`Position` class that plays ``rules``' layout (ValueError if none does)."""
    if plain_line(rules):
        return LinePosition
    cls = LAYOUTS.get(rules.layout)
    if cls is None:
        raise ValueError(f"the fast path does not play the {rules.layout!r} layout yet")
    return cls


def supports(rules: Rules) -> bool:
    """Does the fast path play these rules' layout?"""
    return plain_line(rules) or rules.layout in LAYOUTS


def position(
    view: SeatView, hands: list[int] | None = None, boneyard: list[int] | None = None
) -> Position:
    """The :class:`Position` of ``view`` for its layout (one deal: ``hands``, ``boneyard``)."""
    return position_class(view.rules).from_view(view, hands, boneyard)


def outcome_key(position: Position, action: Action) -> tuple:
    """Actions with equal keys reach the same position from ``position`` (a tile on either
    of two ends showing the same number, Chicken Foot's lines alike): the one rule by which
    the search values such moves once and the review counts a decision."""
    if not isinstance(action, Play):
        return (type(action).__name__,)
    p = position.copy()
    p.apply(action)
    return ("play", action.tile, p.layout_key(), p.turn)


def random_hand(rules: Rules, rng: random.Random, scores: Scores | None = None) -> HandResult:
    """Deal, lead and play one first hand at random (uniform policy), and score it."""
    cls = position_class(rules)
    return cls.random_hand(rules, rng, scores or Scores.zero(rules.sides))


# =====================================================================================
# Mexican Train and Chicken Foot (RULES.md §8): positions and playouts on bare ints.
#
# A position is a small object of plain lists and ints, the layout's Position
# (registered in LAYOUTS at the end of the module): read from a seat's view by
# ``position(view, hands, boneyard)``, or from a game with ``trains_position(game)`` /
# ``foot_position(game)``; the playout plays the round out
# from it in place and returns the seat that went out, or None if the round was
# blocked; ``engine.scoring.score_round(rules, that, position.hands, scores)``
# scores it. The policy is uniform over every (tile, place) the rules allow, or
# with ``greedy`` the heaviest such tile (doubles first on a tie) with that
# probability; a first-turn run always goes on while a tile fits. A test replays
# traced playouts through ``Game`` action by action: ``("play", tile, place)``
# (place None: Chicken Foot's centre), ``("draw",)``, ``("pass",)``, ``("stop",)``.
# =====================================================================================


class TrainsPosition(Position):
    """A Mexican Train round in progress (see ``TrainsGame`` for what each field means).

    ``ends``: the number each train takes (seat k's at k, the Mexican train last);
    ``markers``: bit k, seat k's train is open; ``pending``: the train with an
    unsatisfied double or -1; ``firsts``: bit k, seat k's first turn is to come
    or under way; ``run``: tiles laid this turn in a first-turn run (-1 after a
    draw); ``drawn``: the tile the seat to move just drew, or -1; ``passes``: as
    ``TrainsGame.passes`` (a fresh marker restarts the count, R-TR-5).

    The :class:`Position` of ``layout = "trains"``: :meth:`apply` takes the
    engine's actions (``Play(tile, train)``, ``Draw``, ``Pass``, ``Stop``) with
    ``TrainsGame``'s turn (a double's player plays again, R-TR-4; a first-turn
    run goes on, R-TR-8) and :meth:`moves` lists them as ``legal_actions`` does.
    """

    __slots__ = ("ends", "markers", "pending", "firsts", "run", "drawn", "players", "run_rule")

    ends: list[int]
    markers: int
    pending: int
    firsts: int
    run: int
    drawn: int
    players: int
    run_rule: bool

    def __init__(
        self,
        rules: Rules,
        hands: list[int],
        boneyard: list[int],
        ends: list[int],
        markers: int,
        pending: int,
        firsts: int,
        run: int,
        drawn: int,
        turn: int,
        passes: int,
    ) -> None:
        self.rules = rules
        self.hands = hands
        self.boneyard = boneyard
        self.ends = ends
        self.markers = markers
        self.pending = pending
        self.firsts = firsts
        self.run = run
        self.drawn = drawn
        self.turn = turn
        self.passes = passes
        self.players = len(hands)
        self.run_rule = rules.first_turn_run
        self.first = None
        self.last = -1
        self.over = False
        self.domino = None

    @classmethod
    def from_view(
        cls,
        view: SeatView,
        hands: list[int] | None = None,
        boneyard: list[int] | None = None,
        drawn: int | None = None,
    ) -> TrainsPosition:
        """As :meth:`Position.from_view`; ``drawn``: the tile the seat to move has just
        drawn when that is not the viewer (the view shows only that it drew)."""
        p = super().from_view(view, hands, boneyard)
        if drawn is not None:
            p.drawn = drawn  # type: ignore[attr-defined]
        return p  # type: ignore[return-value]

    def _read_layout(self, view: SeatView) -> None:
        board = view.board
        trains = getattr(board, "trains", None)
        if trains is None:
            raise ValueError("a Mexican Train position needs a view of its trains")
        self.ends = [t.end for t in trains]
        self.markers = sum(1 << k for k, t in enumerate(trains[:-1]) if t.marker)
        self.pending = -1 if board.pending is None else board.pending  # type: ignore[union-attr]
        self.firsts = sum(1 << k for k, f in enumerate(board.first_turns) if f)  # type: ignore[union-attr]
        self.run = board.run  # type: ignore[union-attr]
        self.drawn = -1 if view.drawn is None else view.drawn
        self.passes = board.passes  # type: ignore[union-attr]
        self.players = len(trains) - 1
        self.run_rule = board.first_turn_run  # type: ignore[union-attr]
        self.first, self.last = None, -1  # no first- or last-tile bonus in rounds games

    def _empty_layout(self) -> None:
        """Round 1 dealt: every train takes the set's highest number, every first turn to come."""
        players = self.rules.players
        self.ends = [self.rules.set] * (players + 1)
        self.markers = 0
        self.pending = -1
        self.firsts = (1 << players) - 1
        self.run = 0
        self.drawn = -1
        self.players = players
        self.run_rule = self.rules.first_turn_run

    def _copy_layout(self, p: Position) -> None:
        p.ends = list(self.ends)  # type: ignore[attr-defined]
        p.markers = self.markers  # type: ignore[attr-defined]
        p.pending = self.pending  # type: ignore[attr-defined]
        p.firsts = self.firsts  # type: ignore[attr-defined]
        p.run = self.run  # type: ignore[attr-defined]
        p.drawn = self.drawn  # type: ignore[attr-defined]
        p.players = self.players  # type: ignore[attr-defined]
        p.run_rule = self.run_rule  # type: ignore[attr-defined]

    # -------------------------------------------------------------- the turn
    @property
    def mexican(self) -> int:
        """The place number of the Mexican train (= players)."""
        return self.players

    def restricted(self, seat: int) -> bool:
        """R-TR-8: ``seat`` is on its first turn with the first-turn run on (own train only)."""
        return self.run_rule and bool(self.firsts >> seat & 1)

    def places(self, seat: int | None = None) -> tuple[int, ...]:
        """The trains ``seat`` (default: the seat to move) may play on now (R-TR-3, 4, 8)."""
        s = self.turn if seat is None else seat
        pending = self.pending if self.pending >= 0 else None
        return open_places(self.players, s, self.markers, pending, self.restricted(s))

    def plays(self, mask: int, places: tuple[int, ...] | None = None) -> list[Action]:
        """Every ``Play`` of a tile in ``mask`` on a train of ``places`` it fits, tile by tile."""
        places = self.places() if places is None else places
        ends = [(p, self.ends[p]) for p in places]
        union = 0
        for _, n in ends:
            union |= _SUIT[n]
        out: list[Action] = []
        for t in tiles.bits(mask & union):
            lo, hi = _LOW[t], _HIGH[t]
            out.extend(Play(t, p) for p, n in ends if lo == n or hi == n)
        return out

    def moves(self) -> list[Action]:
        """The seat to move's legal actions, in ``TrainsGame.legal_actions``' order."""
        s = self.turn
        places = self.places(s)
        if self.drawn >= 0:  # R-TR-3: play the tile drawn if it fits, else pass
            return self.plays(_BIT[self.drawn], places) or [Pass()]
        plays = self.plays(self.hands[s], places)
        if self.run >= 1 and self.pending < 0 and self.restricted(s):
            return [*plays, Stop()]  # R-TR-8: more of the run, or stop
        if plays:
            return plays
        return [Draw()] if self.boneyard else [Pass()]

    def _end_turn(self, seat: int) -> None:
        self.firsts &= ~(1 << seat)
        self.turn = seat + 1 if seat + 1 < self.players else 0
        self.drawn = -1
        self.run = 0

    def apply(self, action: Action) -> None:
        """The seat to move takes ``action`` (legal; not checked), as ``TrainsGame.apply``."""
        s = self.turn
        if isinstance(action, Play):
            t, p = action.tile, action.end
            assert p is not None
            n = self.ends[p]
            self.ends[p] = _HIGH[t] if _LOW[t] == n else _LOW[t]
            h = self.hands[s] & ~_BIT[t]
            self.hands[s] = h
            self.passes = 0
            self.drawn = -1
            if p == s:
                self.markers &= ~(1 << s)  # R-TR-3: the marker comes off
            if self.pending == p:
                self.pending = -1  # R-TR-4: satisfied
            if not h:
                self.over, self.domino = True, s  # R-TR-5
                return
            in_run = self.run >= 0 and p == s and self.restricted(s)
            if in_run:
                self.run += 1
            if _DOUBLE[t]:
                self.pending = p  # R-TR-4: the same player plays again
                return
            if not in_run:
                self._end_turn(s)
        elif isinstance(action, Draw):
            self.run = -1
            t = self.boneyard.pop()
            self.hands[s] |= _BIT[t]
            self.drawn = t
            self.passes = 0
        elif isinstance(action, Pass):
            restricted = self.restricted(s)
            fresh = not self.markers >> s & 1
            self.markers |= 1 << s
            if restricted:
                self.passes = 0
            elif fresh:
                self.passes = 1
            else:
                self.passes += 1
            if self.passes >= self.players and not self.boneyard:
                self.over, self.domino = True, None  # R-TR-5: blocked
            else:
                self._end_turn(s)
        elif isinstance(action, Stop):
            self._end_turn(s)
        else:  # pragma: no cover - NextHand, Resign, TimeOut are not moves of a round
            raise ValueError(f"{action!r} is not a move within a round")

    def layout_key(self) -> tuple:
        return (tuple(self.ends), self.markers, self.pending, self.firsts, self.run, self.drawn)

    def playout(self, rand: Rand, greedy: float = 0.0, trace: list | None = None) -> None:
        if self.over:
            return
        self.domino = trains_playout(self, rand, trace, greedy)
        self.over = True

    def finish(self, before: Scores) -> tuple[HandResult, list[int]]:
        """Score the finished round (R-TR-5): every seat's penalty, as ``score_round``."""
        from .scoring import score_round

        res = score_round(self.rules, self.domino, self.hands, before)
        return res, list(res.points)

    @classmethod
    def random_hand(cls, rules: Rules, rng: random.Random, scores: Scores) -> HandResult:
        """Deal round 1 as ``TrainsGame`` does from ``rng`` and play it out at random."""
        return random_round(rules, rng, 1, scores)


def trains_position(game) -> TrainsPosition:
    """The fast position of a Mexican Train ``game`` (a ``TrainsGame`` in play)."""
    if game.rules.layout != "trains" or game.phase != "play":
        raise ValueError("trains_position needs a Mexican Train round in play")
    return TrainsPosition(
        game.rules,
        list(game.hands),
        list(game.boneyard),
        list(game.train_ends),
        game.markers,
        -1 if game.pending is None else game.pending,
        game.first_turns,
        game.run,
        -1 if game.drawn is None else game.drawn,
        game.turn,
        game.passes,
    )


def _heaviest_option(opts: list[tuple[int, int | None]], rand: Callable[[], float]):
    """A (tile, place) of ``opts`` with the heaviest tile (a double first on a tie)."""
    best = -1
    for t, _ in opts:
        key = _VALUE[t] * 2 + _DOUBLE[t]
        if key > best:
            best = key
    opts = [o for o in opts if _VALUE[o[0]] * 2 + _DOUBLE[o[0]] == best]
    return opts[0] if len(opts) == 1 else opts[int(rand() * len(opts))]


def trains_playout(
    pos: TrainsPosition,
    rand: Callable[[], float],
    trace: list | None = None,
    greedy: float = 0.0,
) -> int | None:
    """Play a Mexican Train round out from ``pos`` (changed in place): R-TR-2…5, R-TR-8.

    Returns the seat that played its last tile, or None if the round was blocked.
    """
    hands, bone, ends = pos.hands, pos.boneyard, pos.ends
    players = pos.players
    markers, pending, firsts = pos.markers, pos.pending, pos.firsts
    run, drawn, turn, passes = pos.run, pos.drawn, pos.turn, pos.passes
    run_rule = pos.run_rule
    suit, low_, high_, double_ = _SUIT, _LOW, _HIGH, _DOUBLE
    result: int | None = None
    while True:
        s = turn
        restricted = run_rule and bool(firsts >> s & 1)
        places = open_places(players, s, markers, pending if pending >= 0 else None, restricted)
        h = hands[s]
        cand = (1 << drawn) if drawn >= 0 else h
        opts: list[tuple[int, int | None]] = []
        for p in places:
            f = cand & suit[ends[p]]
            while f:
                b = f & -f
                opts.append((b.bit_length() - 1, p))
                f ^= b
        if not opts:
            if run >= 1 and pending < 0 and restricted and drawn < 0:  # the run stops
                if trace is not None:
                    trace.append(("stop",))
            elif drawn < 0 and bone:  # draw one tile (R-TR-3)
                t = bone.pop()
                hands[s] = h | (1 << t)
                drawn = t
                passes = 0
                run = -1
                if trace is not None:
                    trace.append(("draw",))
                continue
            else:  # pass: the marker goes on the player's own train
                if trace is not None:
                    trace.append(("pass",))
                fresh = not markers >> s & 1
                markers |= 1 << s
                if restricted:
                    passes = 0
                elif fresh:
                    passes = 1
                else:
                    passes += 1
                if passes >= players and not bone:  # blocked (R-TR-5)
                    break
            firsts &= ~(1 << s)
            turn = s + 1 if s + 1 < players else 0
            drawn = -1
            run = 0
            continue
        k = len(opts)
        if k == 1:
            t, p = opts[0]
        elif greedy and rand() < greedy:
            t, p = _heaviest_option(opts, rand)
        else:
            t, p = opts[int(rand() * k)]
        n = ends[p]
        ends[p] = high_[t] if low_[t] == n else low_[t]
        h ^= 1 << t
        hands[s] = h
        passes = 0
        drawn = -1
        if p == s:
            markers &= ~(1 << s)
        if pending == p:
            pending = -1
        if trace is not None:
            trace.append(("play", t, p))
        if not h:
            result = s
            break
        in_run = run >= 0 and p == s and restricted
        if in_run:
            run += 1
        if double_[t]:
            pending = p  # the same player plays again, on the double (R-TR-4)
            continue
        if in_run:
            continue
        firsts &= ~(1 << s)
        turn = s + 1 if s + 1 < players else 0
        run = 0
    pos.markers, pos.pending, pos.firsts = markers, pending, firsts
    pos.run, pos.drawn, pos.turn, pos.passes = run, drawn, turn, passes
    return result


def _deal_round(rules: Rules, rng: random.Random, pool: list[int]) -> tuple[list[int], list[int]]:
    """Shuffle ``pool`` and deal ``rules.deal_size`` to each seat, as ``RoundsGame`` does."""
    rng.shuffle(pool)
    hs, players = rules.deal_size, rules.players
    hands = []
    for i in range(players):
        m = 0
        for t in pool[i * hs : (i + 1) * hs]:
            m |= 1 << t
        hands.append(m)
    return hands, pool[players * hs :]


def trains_deal(
    rules: Rules, rng: random.Random, round_no: int = 1, first_seat: int | None = None
) -> TrainsPosition:
    """Round ``round_no``'s deal (R-TR-1), exactly as ``TrainsGame`` deals it from ``rng``."""
    n = rules.set - (round_no - 1)
    engine = tiles.tile(n, n)
    pool = [t for t in range(rules.tile_count) if t != engine]
    hands, bone = _deal_round(rules, rng, pool)
    players = rules.players
    return TrainsPosition(
        rules,
        hands,
        bone,
        [n] * (players + 1),
        0,
        -1,
        (1 << players) - 1,
        0,
        -1,
        ((first_seat or 0) + round_no - 1) % players,
        0,
    )


class FootPosition(Position):
    """A Chicken Foot round in progress (see ``ChickenFootGame``).

    ``double``: the round's double (a tile id); ``centre``: its number once it
    is in the centre, else -1; ``ends``: the number each line takes (arms 0-3,
    then the toes); ``open_lines``: the lines not closed by a foot, in order;
    ``filling``: the empty lines of the foot being filled; ``drawn``: the tile
    the seat to move just drew, or -1.

    The :class:`Position` of ``layout = "chicken_foot"``: :meth:`apply` takes
    the engine's actions (``Play(double)`` to the centre, ``Play(tile, line)``,
    ``Draw``, ``Pass``) and :meth:`moves` lists them as ``legal_actions`` does.
    """

    __slots__ = ("double", "centre", "ends", "open_lines", "filling", "drawn", "players")

    double: int
    centre: int
    ends: list[int]
    open_lines: list[int]
    filling: list[int]
    drawn: int
    players: int

    def __init__(
        self,
        rules: Rules,
        hands: list[int],
        boneyard: list[int],
        double: int,
        centre: int,
        ends: list[int],
        open_lines: list[int],
        filling: list[int],
        drawn: int,
        turn: int,
        passes: int,
    ) -> None:
        self.rules = rules
        self.hands = hands
        self.boneyard = boneyard
        self.double = double
        self.centre = centre
        self.ends = ends
        self.open_lines = open_lines
        self.filling = filling
        self.drawn = drawn
        self.turn = turn
        self.passes = passes
        self.players = len(hands)
        self.first = None
        self.last = -1
        self.over = False
        self.domino = None

    @classmethod
    def from_view(
        cls,
        view: SeatView,
        hands: list[int] | None = None,
        boneyard: list[int] | None = None,
        drawn: int | None = None,
    ) -> FootPosition:
        """As :meth:`Position.from_view`; ``drawn``: the tile the seat to move has just
        drawn when that is not the viewer (the view shows only that it drew)."""
        p = super().from_view(view, hands, boneyard)
        if drawn is not None:
            p.drawn = drawn  # type: ignore[attr-defined]
        return p  # type: ignore[return-value]

    def _read_layout(self, view: SeatView) -> None:
        board = view.board
        lines = getattr(board, "lines", None)
        if lines is None:
            raise ValueError("a Chicken Foot position needs a view of its layout")
        self.double = board.round_double  # type: ignore[union-attr]
        centre = board.centre  # type: ignore[union-attr]
        self.centre = -1 if centre is None else _HIGH[centre]
        self.ends = [ln.end for ln in lines]
        self.open_lines = [i for i, ln in enumerate(lines) if not ln.closed]
        self.filling = list(board.filling)  # type: ignore[union-attr]
        self.drawn = -1 if view.drawn is None else view.drawn
        self.passes = board.passes  # type: ignore[union-attr]
        self.players = self.rules.players
        self.first, self.last = None, -1  # no first- or last-tile bonus in rounds games

    def _empty_layout(self) -> None:
        """Round 1 dealt: the set's highest double still to go in the centre."""
        n = self.rules.set
        self.double = tiles.tile(n, n)
        self.centre = -1
        self.ends = []
        self.open_lines = []
        self.filling = []
        self.drawn = -1
        self.players = self.rules.players

    def _copy_layout(self, p: Position) -> None:
        p.double = self.double  # type: ignore[attr-defined]
        p.centre = self.centre  # type: ignore[attr-defined]
        p.ends = list(self.ends)  # type: ignore[attr-defined]
        p.open_lines = list(self.open_lines)  # type: ignore[attr-defined]
        p.filling = list(self.filling)  # type: ignore[attr-defined]
        p.drawn = self.drawn  # type: ignore[attr-defined]
        p.players = self.players  # type: ignore[attr-defined]

    # -------------------------------------------------------------- the turn
    def places(self) -> tuple[int, ...]:
        """Where a tile may go now: the foot being filled's first empty line, else every
        open line (R-CF-2…4); () before the centre."""
        if self.centre < 0:
            return ()
        return (self.filling[0],) if self.filling else tuple(self.open_lines)

    def plays(self, mask: int, places: tuple[int, ...] | None = None) -> list[Action]:
        """Every ``Play`` of a tile in ``mask`` on a line of ``places`` it fits, tile by tile."""
        places = self.places() if places is None else places
        ends = [(p, self.ends[p]) for p in places]
        union = 0
        for _, n in ends:
            union |= _SUIT[n]
        out: list[Action] = []
        for t in tiles.bits(mask & union):
            lo, hi = _LOW[t], _HIGH[t]
            out.extend(Play(t, p) for p, n in ends if lo == n or hi == n)
        return out

    def moves(self) -> list[Action]:
        """The seat to move's legal actions, in ``ChickenFootGame.legal_actions``' order."""
        s = self.turn
        if self.centre < 0:  # R-CF-1: the round double opens the round
            d = self.double
            if self.drawn >= 0:
                return [Play(d)] if self.drawn == d else [Pass()]
            return [Play(d)] if self.hands[s] >> d & 1 else [Draw()]
        places = self.places()
        if self.drawn >= 0:
            return self.plays(_BIT[self.drawn], places) or [Pass()]
        plays = self.plays(self.hands[s], places)
        if plays:
            return plays
        return [Draw()] if self.boneyard else [Pass()]

    def apply(self, action: Action) -> None:
        """The seat to move takes ``action`` (legal; not checked), as ``ChickenFootGame.apply``."""
        s = self.turn
        if isinstance(action, Play):
            t, p = action.tile, action.end
            h = self.hands[s] & ~_BIT[t]
            self.hands[s] = h
            if p is None:  # R-CF-1, R-CF-2: the centre and its four arms to fill
                n = _HIGH[t]
                self.centre = n
                self.ends = [n, n, n, n]
                self.open_lines = [0, 1, 2, 3]
                self.filling = [0, 1, 2, 3]
            else:
                n = self.ends[p]
                self.ends[p] = _HIGH[t] if _LOW[t] == n else _LOW[t]
                if p in self.filling:
                    self.filling.remove(p)
                if _DOUBLE[t]:  # R-CF-3: a foot of three toes
                    self.open_lines.remove(p)
                    first = len(self.ends)
                    self.ends.extend((n, n, n))
                    toes = [first, first + 1, first + 2]
                    self.open_lines.extend(toes)
                    self.filling = toes
            self.drawn = -1
            self.passes = 0
            if not h:
                self.over, self.domino = True, s  # R-CF-5
            else:
                self.turn = s + 1 if s + 1 < self.players else 0
        elif isinstance(action, Draw):
            t = self.boneyard.pop()
            self.hands[s] |= _BIT[t]
            self.drawn = t
            self.passes = 0
        elif isinstance(action, Pass):
            self.drawn = -1
            if self.centre >= 0:
                self.passes += 1
                if self.passes >= self.players and not self.boneyard:
                    self.over, self.domino = True, None  # R-CF-5: blocked
                    return
            self.turn = s + 1 if s + 1 < self.players else 0
        else:  # pragma: no cover - NextHand, Resign, TimeOut are not moves of a round
            raise ValueError(f"{action!r} is not a move within a round")

    def layout_key(self) -> tuple:
        """Open lines showing the same number are alike: the key keeps their numbers only."""
        filling = self.filling
        open_ends = sorted(self.ends[i] for i in self.open_lines if i not in filling)
        foot = self.ends[filling[0]] if filling else -1
        return (self.centre, tuple(open_ends), len(filling), foot, self.drawn)

    def playout(self, rand: Rand, greedy: float = 0.0, trace: list | None = None) -> None:
        if self.over:
            return
        self.domino = foot_playout(self, rand, trace, greedy)
        self.over = True

    def finish(self, before: Scores) -> tuple[HandResult, list[int]]:
        """Score the finished round (R-CF-5): every seat's penalty, as ``score_round``."""
        from .scoring import score_round

        res = score_round(self.rules, self.domino, self.hands, before)
        return res, list(res.points)

    @classmethod
    def random_hand(cls, rules: Rules, rng: random.Random, scores: Scores) -> HandResult:
        """Deal round 1 as ``ChickenFootGame`` does from ``rng`` and play it out at random."""
        return random_round(rules, rng, 1, scores)


def foot_position(game) -> FootPosition:
    """The fast position of a Chicken Foot ``game`` (a ``ChickenFootGame`` in play)."""
    if game.rules.layout != "chicken_foot" or game.phase != "play":
        raise ValueError("foot_position needs a Chicken Foot round in play")
    closed = game.closed
    return FootPosition(
        game.rules,
        list(game.hands),
        list(game.boneyard),
        game.round_double,
        -1 if game.centre is None else _HIGH[game.centre],
        list(game.line_ends),
        [i for i in range(len(game.lines)) if not closed >> i & 1],
        list(game.filling),
        -1 if game.drawn is None else game.drawn,
        game.turn,
        game.passes,
    )


def foot_playout(
    pos: FootPosition,
    rand: Callable[[], float],
    trace: list | None = None,
    greedy: float = 0.0,
) -> int | None:
    """Play a Chicken Foot round out from ``pos`` (changed in place): R-CF-1…5.

    Returns the seat that played its last tile, or None if the round was blocked.
    """
    hands, bone, ends = pos.hands, pos.boneyard, pos.ends
    open_lines, filling = pos.open_lines, pos.filling
    players = pos.players
    drawn, turn, passes = pos.drawn, pos.turn, pos.passes
    suit, low_, high_, double_ = _SUIT, _LOW, _HIGH, _DOUBLE
    result: int | None = None
    while True:
        s = turn
        h = hands[s]
        if pos.centre < 0:  # R-CF-1: the round double opens the round
            d = pos.double
            if (drawn < 0 and h >> d & 1) or drawn == d:
                h ^= 1 << d
                hands[s] = h
                n = _HIGH[d]
                pos.centre = n
                ends[:] = [n, n, n, n]
                open_lines[:] = [0, 1, 2, 3]
                filling[:] = [0, 1, 2, 3]
                drawn = -1
                passes = 0
                if trace is not None:
                    trace.append(("play", d, None))
                if not h:
                    result = s
                    break
            elif drawn < 0:
                t = bone.pop()
                hands[s] = h | (1 << t)
                drawn = t
                if trace is not None:
                    trace.append(("draw",))
                continue
            else:
                drawn = -1
                if trace is not None:
                    trace.append(("pass",))
            turn = s + 1 if s + 1 < players else 0
            continue
        places = (filling[0],) if filling else open_lines
        cand = (1 << drawn) if drawn >= 0 else h
        opts: list[tuple[int, int | None]] = []
        for p in places:
            f = cand & suit[ends[p]]
            while f:
                b = f & -f
                opts.append((b.bit_length() - 1, p))
                f ^= b
        if not opts:
            if drawn < 0 and bone:  # draw one tile (R-CF-3, R-CF-4)
                t = bone.pop()
                hands[s] = h | (1 << t)
                drawn = t
                passes = 0
                if trace is not None:
                    trace.append(("draw",))
                continue
            if trace is not None:
                trace.append(("pass",))
            drawn = -1
            passes += 1
            if passes >= players and not bone:  # blocked (R-CF-5)
                break
            turn = s + 1 if s + 1 < players else 0
            continue
        k = len(opts)
        if k == 1:
            t, p = opts[0]
        elif greedy and rand() < greedy:
            t, p = _heaviest_option(opts, rand)
        else:
            t, p = opts[int(rand() * k)]
        n = ends[p]
        ends[p] = high_[t] if low_[t] == n else low_[t]
        if filling:
            filling.pop(0)
        if double_[t]:  # R-CF-3: a foot of three toes
            open_lines.remove(p)
            first = len(ends)
            ends.extend((n, n, n))
            toes = [first, first + 1, first + 2]
            open_lines.extend(toes)
            filling[:] = toes
        h ^= 1 << t
        hands[s] = h
        passes = 0
        drawn = -1
        if trace is not None:
            trace.append(("play", t, p))
        if not h:
            result = s
            break
        turn = s + 1 if s + 1 < players else 0
    pos.drawn, pos.turn, pos.passes = drawn, turn, passes
    return result


def foot_deal(
    rules: Rules, rng: random.Random, round_no: int = 1, first_seat: int | None = None
) -> FootPosition:
    """Round ``round_no``'s deal (R-CF-1), exactly as ``ChickenFootGame`` deals it from ``rng``."""
    n = rules.set - (round_no - 1)
    double = tiles.tile(n, n)
    hands, bone = _deal_round(rules, rng, list(range(rules.tile_count)))
    players = rules.players
    turn = ((first_seat or 0) + round_no - 1) % players
    for s, h in enumerate(hands):
        if h >> double & 1:
            turn = s
    return FootPosition(rules, hands, bone, double, -1, [], [], [], -1, turn, 0)


def random_round(
    rules: Rules,
    rng: random.Random,
    round_no: int = 1,
    scores: Scores | None = None,
    greedy: float = 0.0,
) -> HandResult:
    """Deal and play one round of Mexican Train or Chicken Foot at random, and score it."""
    from .scoring import score_round

    if rules.layout == "trains":
        pos: TrainsPosition | FootPosition = trains_deal(rules, rng, round_no)
        domino = trains_playout(pos, rng.random, greedy=greedy)  # type: ignore[arg-type]
    elif rules.layout == "chicken_foot":
        pos = foot_deal(rules, rng, round_no)
        domino = foot_playout(pos, rng.random, greedy=greedy)  # type: ignore[arg-type]
    else:
        raise ValueError(f"random_round plays Mexican Train and Chicken Foot, not {rules.name!r}")
    return score_round(rules, domino, pos.hands, scores or Scores.zero(rules.sides))


LAYOUTS["trains"] = TrainsPosition
LAYOUTS["chicken_foot"] = FootPosition
