"""The hint: what Expert would play for a seat, and one line of why, in every game.

Expert (:class:`.expert.ExpertPlayer`) chooses the move from the seat's view;
the reasons are Hard's, in words (:func:`.hard.evaluate` for the line games,
:func:`.rounds.evaluate` for Mexican Train and Chicken Foot), with the chance
the search gave the move.
"""

from __future__ import annotations

from ..engine import Action, Draw, Pass, SeatView, tiles
from . import rounds
from .expert import ExpertPlayer
from .hard import evaluate as line_evaluate
from .knowledge import infer
from .words import describe_action


def hint(view: SeatView, seed: int = 0, playouts: int | None = None) -> tuple[Action, str]:
    """What Expert would play for ``view``'s seat, and one line of why.

    >>> # e.g. (Play(27, 1), "6-6 on the right: sheds 12 pips; they had no 3 when they drew")
    """
    legal = view.legal
    if not legal:
        raise ValueError("it is not this seat's turn: there is nothing to hint")
    board = view.rules.is_rounds  # Mexican Train, Chicken Foot (ai/rounds.py)
    if len(legal) == 1:
        return legal[0], _only_move(view, legal[0], board)
    expert = ExpertPlayer(seed) if playouts is None else ExpertPlayer(seed, playouts=playouts)
    a = expert.choose(view)
    if board:
        _, reasons = rounds.evaluate(view, rounds.infer(view), a)
        reasons = [r for r in reasons if not r.startswith("sheds")] + [
            r for r in reasons if r.startswith("sheds")
        ]
    else:
        _, reasons = line_evaluate(view, infer(view), a)
    why = "; ".join(reasons[:2]) if reasons else "the best chance in the simulations"
    if board:
        chance = expert.last_chances.get(a)
        if chance is not None:
            why += f" ({min(1.0, max(0.0, chance)):.0%} to end the match lowest)"
    else:
        value = expert.last_values.get(a)
        if value is not None:
            what = "the hand" if view.rules.target == 0 else "the match"
            why += f" ({min(1.0, max(0.0, value)):.0%} to win {what})"
    return a, f"{describe_action(a, view)}: {why}"


def _only_move(view: SeatView, a: Action, board: bool) -> str:
    """Why the one legal move is the hint, in words."""
    if isinstance(a, Draw):
        return "draw: no tile of yours fits a place open to you" if board else "draw: nothing fits"
    if isinstance(a, Pass):
        if not board:
            return "pass: nothing fits and there is nothing to draw"
        if view.drawn is not None:
            return f"pass: the {tiles.name(view.drawn)} you drew fits nowhere open to you"
        if not view.boneyard_count and rounds.trains(view):
            return "pass: nothing fits and the boneyard is empty (a marker goes on your train)"
        return "pass: nothing fits and the boneyard is empty"
    return f"{describe_action(a, view)}: the only move"
