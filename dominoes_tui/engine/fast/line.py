"""The plain line of matching ends (R-M-1, R-M-4, R-M-5, R-C-3): the hot loop on two ints."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Self

from .. import tiles
from ..actions import Action, Play, PlayDoubles
from ..rules import Rules
from ..scoring import HandResult, Scores, score_hand
from .base import (
    _DOUBLE,
    _HIGH,
    _LOW,
    _SUIT,
    _VALUE,
    Position,
    Rand,
    Style,
    deal,
    heaviest,
    opener_and_lead,
    styled_lead,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..view import SeatView


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
    partners: bool = False,
) -> tuple[int | None, int]:
    """:func:`playout` with the plays chosen by ``style`` (:class:`Style`, or one a seat);
    the same rules. ``voids[s]``: bit ``n`` set if every seat knows ``s`` holds no ``n``
    (changed in place as seats draw and pass); ``partners``: seats two apart play for one
    side (the style's ``partner`` term)."""
    styles = [style] * players if isinstance(style, Style) else list(style)
    suit, low_, high_, value, double = _SUIT, _LOW, _HIGH, _VALUE, _DOUBLE
    if voids is None:
        voids = [0] * players
    last = -1
    while True:
        st = styles[turn]
        greedy = st.greedy
        wd, wf, wb, wv, noise = st.double, st.follow, st.block, st.void, st.noise
        wp = st.partner if partners else 0.0
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
            pv = voids[turn ^ 2] if wp else 0  # the partner, two seats on (four seats)
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
                    if pv:
                        x = left if e == 1 else right
                        if pv >> v & 1 and pv >> x & 1:
                            key -= wp
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


class LinePosition(Position):
    """The plain line of matching ends: two ints, played out by :func:`playout`."""

    __slots__ = ("left", "right")

    left: int
    right: int

    def _read_layout(self, view: SeatView) -> None:
        self.left, self.right = (view.ends[0], view.ends[1]) if view.ends else (-1, -1)

    def _empty_layout(self) -> None:
        self.left = self.right = -1

    def _copy_layout(self, p: Self) -> None:
        p.left = self.left
        p.right = self.right

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
            rules.partners,
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
        domino: int | None
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
