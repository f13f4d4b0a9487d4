"""Deals of the hidden tiles weighted by how the other seats played this hand.

:class:`PlayModel` reads a seat's view: each other seat's play is taken as a choice among
the tiles it held then that fitted, a heavier (or, in All Fives, a scoring) tile likelier.
:class:`Deals` draws deals for a search (:mod:`.knowledge`'s :class:`~.knowledge.Dealer`)
and, with a model, keeps them in proportion to how likely the others' plays were in each.
Expert's search (:mod:`.expert`) and the rounds games' search (:mod:`.rounds`) both deal
through it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ..engine import SeatView, fast, fits, tiles
from ..engine.rules import Rules
from .knowledge import Dealer, Knowledge


class Deals:
    """Deals of the tiles ``know`` leaves unseen for a search: unweighted (``beta`` 0), or
    drawn ``pool`` at a time per deal kept and resampled by :class:`PlayModel`'s likelihood
    of the others' plays. The same rng state gives the same deals."""

    def __init__(
        self, view: SeatView, know: Knowledge, beta: float, pool: int, rng: random.Random
    ) -> None:
        self.dealer = Dealer(know)
        self.model = PlayModel(view, know, beta) if beta else None
        self.pool = max(1, pool)
        self.rng = rng

    def take(self, k: int) -> list[tuple[list[int], list[int]]]:
        """``k`` deals: (hands with this seat's left 0, boneyard in draw order)."""
        rng = self.rng
        dealer = self.dealer
        model = self.model
        if model is None or not model.steps:
            out = []
            for _ in range(k):
                world = dealer.world(rng)
                assert world is not None
                out.append(world)
            return out
        drawn = []
        weights = []
        for _ in range(k * self.pool):
            w3 = dealer.slots(rng)
            assert w3 is not None
            drawn.append((w3[0], w3[1]))
            weights.append(model.weight(w3[2]))
        return _resample(drawn, weights, k, rng.random)


def _resample(items: list, weights: list[float], k: int, rand: Callable[[], float]) -> list:
    """``k`` of ``items`` drawn in proportion to ``weights`` (systematic resampling)."""
    total = sum(weights)
    if total <= 0:
        return items[:k]
    step = total / k
    u = rand() * step
    out = []
    acc = 0.0
    i = -1
    for _ in range(k):
        while acc <= u and i + 1 < len(items):
            i += 1
            acc += weights[i]
        # copy: a deal drawn twice is played on twice
        hands, bone = items[i]
        out.append((list(hands), list(bone)))
        u += step
    return out


class PlayModel:
    """How likely the other seats' plays this hand were in one deal of their hidden tiles.

    Each play of another seat is modelled as a choice among the tiles it held then
    that fitted, each tile ``t`` taken with probability proportional to
    ``exp(beta * score(t))`` (mixed with a uniform choice, ``eps``): ``score`` is
    the pips it sheds, ``DOUBLE`` more for a double, ``FIVES`` per point it would
    score at once (All Fives), ``MATADOR`` less for a matador (Matador). A deal in
    which they held a tile they would rather have played is less likely. The
    tiles held at a play are the deal's: those dealt and drawn before it
    (:meth:`~.knowledge.Knowledge.held_before`). Reads the view only.
    """

    DOUBLE = 3.0
    FIVES = 1.5
    MATADOR = 6.0

    def __init__(self, view: SeatView, know: Knowledge, beta: float, eps: float = 0.1) -> None:
        self.know = know
        self.eps = eps
        rules = view.rules
        me = view.seat
        wild = fast.wild_tiles(rules)
        fives = rules.end_scoring == "fives"
        tb: fast.Table | None = fast.Table.empty(rules) if fives else None
        played = [0] * rules.players
        for e in view.events:
            if e.kind == "play" and e.tile is not None:
                played[e.seat] |= tiles.BIT[e.tile]
        lead_any = rules.first_lead == "any" if view.hand_no == 1 else rules.next_lead == "any"
        self.steps: list[tuple[int, int, int, dict[int, float], int]] = []
        for i, e in enumerate(view.events):
            if e.kind == "doubles":
                tb = None  # two doubles at once: the fives are not followed further
            if e.kind != "play" or e.tile is None:
                continue
            if e.seat != me and (e.ends or lead_any):
                fit = fast.ends_fit(rules, e.ends) & (know.unseen | played[e.seat])
                ex = {}
                for t in tiles.bits(fit):
                    s = tiles.VALUE[t] + self.DOUBLE * tiles.DOUBLE[t]
                    if wild >> t & 1:
                        s -= self.MATADOR
                    if tb is not None:
                        s += self.FIVES * _fives_now(rules, tb, t)
                    ex[t] = math.exp(beta * s)
                self.steps.append((e.seat, i, fit, ex, e.tile))
            if tb is not None:
                fast.place(rules, tb, e.tile, e.end, None, e.seat)

    def weight(self, slot_tiles: list[list[int]]) -> float:
        """The likelihood of the others' plays in the deal whose slots hold ``slot_tiles``."""
        know = self.know
        eps = self.eps
        w = 1.0
        for seat, i, fit, ex, t in self.steps:
            opts = know.held_before(seat, i, slot_tiles[seat]) & fit
            if not opts & (opts - 1):
                continue
            total = 0.0
            k = 0
            while opts:
                low = opts & -opts
                total += ex[low.bit_length() - 1]
                opts ^= low
                k += 1
            w *= (1 - eps) * ex[t] / total + eps / k
        return w


def _fives_now(rules: Rules, tb: fast.Table, t: int) -> int:
    """The most ``t`` would score at once on ``tb`` (All Fives), over the ends it fits."""
    if not tb.ends:
        return fits.fives_after(tb.ends, tb.end_tiles, t, None, tiles.HIGH[t])
    best = 0
    for e, n in enumerate(tb.ends):
        for x in fits.touches(rules, t, n):
            best = max(best, fits.fives_after(tb.ends, tb.end_tiles, t, e, x))
    return best
