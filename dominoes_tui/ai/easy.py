"""Easy: a random legal move."""

from __future__ import annotations

import random

from ..engine import Action, SeatView


class RandomPlayer:
    """Easy: a random legal move (the engine's legal list, so any preset or option)."""

    level = "easy"

    def __init__(self, seed: int | None = None, name: str = "CPU (Easy)") -> None:
        self.rng = random.Random(seed)
        self.name = name

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal)
