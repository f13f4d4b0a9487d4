"""The rules of dominoes: pure, deterministic from a seed, no UI imports.

>>> from dominoes_tui.engine import load_variant, new_game
>>> game = new_game(load_variant("classic"), seed=1)
>>> action = game.legal_actions()[0]
>>> game.apply(action)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import tiles
from .rules import DEFAULT_VARIANT, Rules, VariantError, load_variant, load_variants

# The rest loads on first use: the start menu needs only the variants (a fast start,
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
        "Stop",
        "TimeOut",
        "action_from_json",
        "action_to_json",
    ),
    "chicken_foot": ("ChickenFootGame", "FootBoard", "FootLine"),
    "clock": ("Clock", "format_clock"),
    "games": ("game_class", "new_game", "replay_game"),
    "practice": ("deal_again", "hand_start", "hidden_tiles", "redeal_hidden"),
    "rounds": ("RoundsGame",),
    "scoring": (
        "HandResult",
        "MatchResult",
        "Scores",
        "describe_hand",
        "score_hand",
        "score_round",
    ),
    "state": (
        "HAND_OVER",
        "MATCH_OVER",
        "PLAY",
        "Event",
        "Game",
        "Placed",
        "wanted_number",
    ),
    "trains": ("Train", "TrainsBoard", "TrainsGame"),
    "view": ("SeatView", "determinize", "seat_view"),
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
        Stop,
        TimeOut,
        action_from_json,
        action_to_json,
    )
    from .chicken_foot import ChickenFootGame, FootBoard, FootLine
    from .clock import Clock, format_clock
    from .games import game_class, new_game, replay_game
    from .practice import deal_again, hand_start, hidden_tiles, redeal_hidden
    from .rounds import RoundsGame
    from .scoring import HandResult, MatchResult, Scores, describe_hand, score_hand, score_round
    from .state import HAND_OVER, MATCH_OVER, PLAY, Event, Game, Placed, wanted_number
    from .trains import Train, TrainsBoard, TrainsGame
    from .view import SeatView, determinize, seat_view

__all__ = [
    "DEFAULT_VARIANT",
    "HAND_OVER",
    "MATCH_OVER",
    "PLAY",
    "Action",
    "ChickenFootGame",
    "Clock",
    "Draw",
    "Event",
    "FootBoard",
    "FootLine",
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
    "RoundsGame",
    "Rules",
    "Scores",
    "SeatView",
    "Stop",
    "TimeOut",
    "Train",
    "TrainsBoard",
    "TrainsGame",
    "VariantError",
    "action_from_json",
    "action_to_json",
    "deal_again",
    "describe_hand",
    "determinize",
    "format_clock",
    "game_class",
    "hand_start",
    "hidden_tiles",
    "load_variant",
    "load_variants",
    "new_game",
    "redeal_hidden",
    "replay_game",
    "score_hand",
    "score_round",
    "seat_view",
    "tiles",
    "wanted_number",
]
