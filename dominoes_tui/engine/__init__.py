"""The rules of dominoes: pure, deterministic from a seed, no UI imports.

>>> from dominoes_tui.engine import Game, load_variant
>>> game = Game.new(load_variant("classic"), seed=1)
>>> action = game.legal_actions()[0]
>>> game.apply(action)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import tiles
from .rules import DEFAULT_VARIANT, Rules, VariantError, load_variant, load_variants

# The rest loads on first use: the start menu needs only the variants (issue 10,
# benchmarks/startup.py); ``from dominoes_tui.engine import Game`` works as before.
_EXPORTS = {
    "actions": (
        "Action",
        "Draw",
        "IllegalAction",
        "NextHand",
        "Pass",
        "Play",
        "PlayDoubles",
        "Resign",
        "TimeOut",
        "action_from_json",
        "action_to_json",
    ),
    "clock": ("Clock", "format_clock"),
    "scoring": ("HandResult", "MatchResult", "Scores", "describe_hand", "score_hand"),
    "state": ("HAND_OVER", "MATCH_OVER", "PLAY", "Event", "Game", "Placed", "wanted_number"),
    "view": ("SeatView", "seat_view"),
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))


if TYPE_CHECKING:
    from .actions import (
        Action,
        Draw,
        IllegalAction,
        NextHand,
        Pass,
        Play,
        PlayDoubles,
        Resign,
        TimeOut,
        action_from_json,
        action_to_json,
    )
    from .clock import Clock, format_clock
    from .scoring import HandResult, MatchResult, Scores, describe_hand, score_hand
    from .state import HAND_OVER, MATCH_OVER, PLAY, Event, Game, Placed, wanted_number
    from .view import SeatView, seat_view

__all__ = [
    "DEFAULT_VARIANT",
    "HAND_OVER",
    "MATCH_OVER",
    "PLAY",
    "Action",
    "Clock",
    "Draw",
    "Event",
    "Game",
    "HandResult",
    "IllegalAction",
    "MatchResult",
    "NextHand",
    "Pass",
    "Placed",
    "Play",
    "PlayDoubles",
    "Resign",
    "Rules",
    "Scores",
    "SeatView",
    "TimeOut",
    "VariantError",
    "action_from_json",
    "action_to_json",
    "describe_hand",
    "format_clock",
    "load_variant",
    "load_variants",
    "score_hand",
    "seat_view",
    "tiles",
    "wanted_number",
]
