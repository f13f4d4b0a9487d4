"""Any table of open ends: the line or the spinner with its arms (R-F-1), matching or
sum-to-seven ends with Matador's matadors (R-MT-1, R-MT-2), All Fives' points (R-F-2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Self

from .. import tiles
from ..actions import Action, Play
from ..fits import FITS as _FITS
from ..fits import TOUCHES as _TOUCHES
from ..fits import ends_count, fives_after, fives_points, wild_tiles
from ..rules import Rules
from ..scoring import HandResult, Scores, hand_outcome, score_hand
from .base import _DOUBLE, _HIGH, _LOW, _VALUE, Position, Rand, Style, heaviest, styled_lead

if TYPE_CHECKING:  # pragma: no cover
    from ..view import SeatView


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
        opts: list[tuple[int, int, int | None]] = []
        for t in tiles.bits(fit):
            row = tt[t]
            for e, n in enumerate(tb.ends):
                halves = row[n]
                if len(halves) == 1:
                    opts.append((t, e, None))
                elif halves:
                    opts.extend((t, e, x) for x in halves)
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
    tile for an open ``n`` (changed in place as seats draw and pass); with partners the
    style's ``partner`` term reads the partner's.

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
    weights = [(s.double, s.follow, s.block, s.fives, s.matador, s.noise, s.void) for s in styles]
    partnered = rules.partners
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
        ends = tb.ends
        opts: list[tuple[int, int, int | None]] = []
        rest = fit
        while rest:  # the fitting tiles, lowest first (as tiles.bits)
            low = rest & -rest
            rest ^= low
            t = low.bit_length() - 1
            row = tt[t]
            for e, n in enumerate(ends):
                halves = row[n]
                if len(halves) == 1:
                    opts.append((t, e, None))
                else:
                    for x in halves:
                        opts.append((t, e, x))
        st = styles[turn]
        if len(opts) == 1:
            t, e, th = opts[0]
        elif rand() < st.greedy:
            wd, wf, wb, wfives, wm, noise, wv = weights[turn]
            wp = st.partner if partnered else 0.0
            nh = hands[nxt]
            nv = voids[nxt]
            pv = voids[turn ^ 2] if wp else 0  # the partner, two seats on (four seats)
            spare = fit & ~wild  # a tile that fits and is no matador
            # what the other ends take, and whether the next seat lacks them all, by end
            others = []
            for oe in range(len(ends)):
                m = 0
                stuck = 1
                pstuck = 1 if pv else 0
                for j, n in enumerate(ends):
                    if j != oe:
                        m |= fitm[n]
                        stuck = stuck and nv >> n & 1
                        pstuck = pstuck and pv >> n & 1
                others.append((m, stuck, pstuck))
            if fives:  # the ends' count (as fits.fives_after adds it) and each end's part
                parts = []
                for n, et in zip(ends, tb.end_tiles):
                    parts.append((2 * n if _DOUBLE[et] else n) if et >= 0 else 0)
                count = sum(parts)
            best = -1e9
            t, e, th = opts[0]
            rest = fit
            while rest:  # every option, in the order of ``opts``: tile, end, half
                low = rest & -rest
                rest ^= low
                u = low.bit_length() - 1
                row = tt[u]
                lo, hi = _LOW[u], _HIGH[u]
                kept = h & ~low
                base = _VALUE[u] + wd * _DOUBLE[u]
                double = _DOUBLE[u]
                matador = wild >> u & 1 and spare
                for oe, n in enumerate(ends):
                    halves = row[n]
                    for x in halves:
                        v = hi if lo == x else lo
                        m, stuck, pstuck = others[oe]
                        m |= fitm[v]
                        k = (kept & m).bit_count()
                        key = base + wf * (k if k < 3 else 3) + noise * rand()
                        if wb and not nh & m:
                            key += wb
                        if wv and stuck and nv >> v & 1:
                            key += wv
                        if pstuck and pv >> v & 1:
                            key -= wp
                        if fives:  # fits.fives_after(ends, tb.end_tiles, u, oe, x), by the count
                            total = count - parts[oe] + (2 * v if double else v)
                            key += wfives * (total if total and not total % 5 else 0)
                        if matador:
                            key -= wm
                        if key > best:
                            best = key
                            t, e, th = u, oe, (x if len(halves) > 1 else None)
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

    def _copy_layout(self, p: Self) -> None:
        p.table = self.table.copy()
        p.fives0 = self.fives0

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

    def _fives_gained(self, before: Scores) -> tuple[list[int], Scores]:
        """The points each side scored for fives from the position on, and ``before`` with
        them written (the hand's scoring starts from there)."""
        gained = [f - f0 for f, f0 in zip(self.table.fives, self.fives0)]
        written = tuple(w + g for w, g in zip(before.written, gained))
        return gained, Scores(written, before.held, before.hanging)

    def finish(self, before: Scores) -> tuple[HandResult, list[int]]:
        gained, start = self._fives_gained(before)
        res = score_hand(self.rules, *self._hand_end(), start, self.table.fives)
        return res, [p + g for p, g in zip(res.points, gained)]

    def outcome(self, before: Scores) -> tuple[Scores, int | None, list[int]]:
        gained, start = self._fives_gained(before)
        after, side, points = hand_outcome(self.rules, *self._hand_end(), start)
        return after, side, [p + g for p, g in zip(points, gained)]
