"""Medium: greedy, the heaviest fitting tile, doubles first on a tie."""

from __future__ import annotations

import random

from ..engine import Action, Play, PlayDoubles, SeatView, tiles
from ..engine.fits import fit_masks
from .base import after_play, shed
from .rounds import medium_key


class GreedyPlayer:
    """Medium: shed the most pips now (a double first on a tie); never draws by choice.

    When the tile fits either end, it goes where it leaves a number this seat
    holds most of; the rest is decided by a seeded coin.
    """

    level = "medium"

    def __init__(self, seed: int | None = None, name: str = "CPU (Medium)") -> None:
        self.rng = random.Random(seed)
        self.name = name

    def choose(self, view: SeatView) -> Action:
        plays = [a for a in view.legal if isinstance(a, (Play, PlayDoubles))]
        if not plays:
            return view.legal[0]  # draw or pass: nothing fits
        if view.rules.is_rounds:  # Mexican Train, Chicken Foot (ai/rounds.py)
            return max(plays, key=lambda a: (*medium_key(view, a), self.rng.random()))
        return max(plays, key=lambda a: (*self._key(view, a), self.rng.random()))

    @staticmethod
    def _key(view: SeatView, a: Action) -> tuple[int, int, int]:
        double = isinstance(a, PlayDoubles) or (isinstance(a, Play) and tiles.DOUBLE[a.tile])
        hand, ends = after_play(view, a)
        fit = fit_masks(view.rules)  # what may follow an open n (the engine's rule)
        mine = sum((hand & fit[n]).bit_count() for n in set(ends))
        return shed(a), int(double), mine
