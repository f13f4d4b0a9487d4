"""Exact endgame search in one deal: alpha-beta over the perfect-information hand.

Once few tiles remain, Expert stops guessing how the hand goes on in each
sampled deal and works it out: every seat plays its best against the others,
the value at the end being the side's chance to win the match (any leaf value
the caller gives). Moves, their effects and the hand's end come from the
engine's :class:`~dominoes_tui.engine.fast.Position` of the layout, so this
module spells no rule and searches any layout with two sides (two players, or
two teams of partners: a seat maximizes its side's value, the other side
minimizes it).
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Action, Play, fast, tiles

Leaf = Callable[[fast.Position], tuple[float, float]]
"""A finished hand's (value, detail): the search maximizes the value; the detail (e.g. the
points) rides along with it, from the leaf the value came from."""

_VALUE = tiles.VALUE


class NodeBudget(Exception):
    """The search ran past its node budget (the caller falls back to playouts)."""


class Solver:
    """Alpha-beta for ``side`` with leaf values from ``leaf``, at most ``budget`` nodes a solve."""

    def __init__(self, side: int, leaf: Leaf, budget: int = 20_000) -> None:
        self.side = side
        self.leaf = leaf
        self.budget = budget
        self.nodes = 0

    def values(self, root: fast.Position, actions: list[Action]) -> list[tuple[float, float]]:
        """The exact value of each of ``actions`` taken at ``root`` (raises NodeBudget).

        The node count runs on over calls: ``budget`` bounds a whole decision.
        """
        out = []
        for a in actions:
            p = root.copy()
            p.apply(a)
            out.append(self._search(p, -1e9, 1e9))
        return out

    def _search(self, p: fast.Position, alpha: float, beta: float) -> tuple[float, float]:
        self.nodes += 1
        if self.nodes > self.budget:
            raise NodeBudget
        if p.over:
            return self.leaf(p)
        rules = p.rules
        moves = p.moves()
        if len(moves) > 1:  # heavy tiles first: good moves early cut more
            moves.sort(key=lambda m: -_VALUE[m.tile] if isinstance(m, Play) else 0)
        best: tuple[float, float] | None = None
        if rules.side_of(p.turn) == self.side:
            for m in moves:
                q = p.copy()
                q.apply(m)
                r = self._search(q, alpha, beta)
                if best is None or r[0] > best[0]:
                    best = r
                    if r[0] > alpha:
                        alpha = r[0]
                        if alpha >= beta:
                            break
        else:
            for m in moves:
                q = p.copy()
                q.apply(m)
                r = self._search(q, alpha, beta)
                if best is None or r[0] < best[0]:
                    best = r
                    if r[0] < beta:
                        beta = r[0]
                        if alpha >= beta:
                            break
        assert best is not None
        return best
