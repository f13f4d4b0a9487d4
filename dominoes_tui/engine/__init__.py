"""The rules of dominoes: pure, deterministic from a seed, no UI imports.

>>> from dominoes_tui.engine import Game, load_variant
>>> game = Game.new(load_variant("classic"), seed=1)
>>> action = game.legal_actions()[0]
>>> game.apply(action)
"""

from . import tiles
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
from .rounds import RoundsGame
from .rules import DEFAULT_VARIANT, Rules, VariantError, load_variant, load_variants
from .scoring import HandResult, MatchResult, Scores, describe_hand, score_hand, score_round
from .state import HAND_OVER, MATCH_OVER, PLAY, Event, Game, Placed, game_class, wanted_number
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
    "describe_hand",
    "determinize",
    "format_clock",
    "game_class",
    "load_variant",
    "load_variants",
    "score_hand",
    "score_round",
    "seat_view",
    "tiles",
    "wanted_number",
]
