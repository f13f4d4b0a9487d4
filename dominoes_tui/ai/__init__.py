"""CPU players: each receives a seat's view (never the game) and returns an action.

Levels, weakest first (``LEVELS``):

- ``easy``: a random legal move (:mod:`.easy`);
- ``medium``: greedy, the heaviest fitting tile (:mod:`.medium`);
- ``hard``: a weighted one-move evaluation with inference of voids (:mod:`.hard`);
- ``expert``: determinized Monte Carlo search valued for the match (:mod:`.expert`).

Off the menus, for the arena only (``ARENA_LEVELS``): ``pimc``, plain flat Monte
Carlo (:mod:`.pimc`), the yardstick Expert is measured against.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ..engine.levels import ARENA_LEVELS, LEVELS

# Each level's module loads when a player of it is first made (or its class named):
# the start menu lists LEVELS without loading any (a fast start, benchmarks/startup.py).
_CLASSES = {
    "easy": ("easy", "RandomPlayer"),
    "medium": ("medium", "GreedyPlayer"),
    "hard": ("hard", "WeightedPlayer"),
    "expert": ("expert", "ExpertPlayer"),
    "pimc": ("pimc", "PimcPlayer"),
}
_WHERE = {name: module for module, name in _CLASSES.values()} | {
    "Player": "base",
    "ActionValue": "expert",
    "evaluate_actions": "expert",
    "hint": "hints",
    "describe_action": "words",
}

if TYPE_CHECKING:
    from .base import Player
    from .easy import RandomPlayer
    from .expert import ActionValue, ExpertPlayer, evaluate_actions
    from .hard import WeightedPlayer
    from .hints import hint
    from .medium import GreedyPlayer
    from .pimc import PimcPlayer
    from .words import describe_action


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def make_player(level: str = "easy", seed: int | None = None) -> Player:
    """A CPU player of ``level`` (see ARENA_LEVELS), reproducible from ``seed``; named "CPU (Level)"."""
    where = _CLASSES.get(level.lower())
    if where is None:
        raise ValueError(f"no CPU level {level!r}; choose one of {', '.join(ARENA_LEVELS)}")
    cls = getattr(importlib.import_module(f"{__name__}.{where[0]}"), where[1])
    return cls(seed)


__all__ = [
    "ARENA_LEVELS",
    "ActionValue",
    "LEVELS",
    "ExpertPlayer",
    "GreedyPlayer",
    "PimcPlayer",
    "Player",
    "RandomPlayer",
    "WeightedPlayer",
    "describe_action",
    "evaluate_actions",
    "hint",
    "make_player",
]
