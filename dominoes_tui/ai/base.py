"""The one protocol every CPU player follows: a seat's view in, one action out."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ..engine import Action, SeatView


@runtime_checkable
class Player(Protocol):
    """A CPU player. It sees only ``view`` (R-D-2) and returns one of ``view.legal``."""

    name: str
    level: str

    def choose(self, view: SeatView) -> Action: ...


class RandomPlayer:
    """Easy: a random legal move."""

    level = "easy"

    def __init__(self, seed: int | None = None, name: str = "CPU (Easy)") -> None:
        self.rng = random.Random(seed)
        self.name = name

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal)
