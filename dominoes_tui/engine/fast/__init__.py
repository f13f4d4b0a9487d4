"""The fast path: every layout's playout on bitmasks, for search-based CPU players and benchmarks.

The readable :class:`~dominoes_tui.engine.state.Game` is the reference. This
module plays the same movement rules on bare ints and lists, with no objects
per move, and hands the end of the hand to the one scoring module
(:func:`~dominoes_tui.engine.scoring.score_hand`). Tests replay traced
playouts through ``Game`` action by action to prove the two agree
(``tests/engine/test_fast_differential.py``).

Layouts, one module each
------------------------
- the plain line of matching ends (R-M-1, R-M-4, R-M-5, R-C-3), :mod:`.line`:
  :func:`playout`, the hot loop, on two ints;
- any layout of open ends (:class:`Table`): the line or the spinner with its
  four arms (R-F-1), matching or sum-to-seven ends with Matador's matadors
  (R-MT-1, R-MT-2), All Fives' points scored during play (R-F-2), :mod:`.table`:
  :func:`table_playout`;
- Mexican Train's trains (R-TR-1…8), :mod:`.trains`: :class:`TrainsPosition`,
  :func:`trains_playout`;
- Chicken Foot's centre, arms and feet (R-CF-1…5), :mod:`.foot`: :class:`FootPosition`,
  :func:`foot_playout`. These two share :class:`~.rounds.RoundsPosition` and score a
  round with :func:`~dominoes_tui.engine.scoring.score_round` (penalties, lowest total
  wins).

What every layout shares (:class:`Position`, dealing and leading, :class:`Style`) is in
:mod:`.base`; what fits where and what the ends count, in :mod:`dominoes_tui.engine.fits`.

Search (Expert, the hint, the review) works on a :class:`Position`: one deal of
a hand in progress with every tile known. :func:`position` reads a seat's view
into the :class:`Position` class of its layout (:data:`LAYOUTS`, a dispatch by
``rules.layout``), so the search never branches on layouts. A new layout adds
a module with a :class:`Position` subclass (``from_view``, ``copy``, ``apply``,
``playout``, ``finish``, ``random_hand``) and one entry in :data:`LAYOUTS`.

The playout policy is uniform over the fitting plays; with ``greedy`` > 0 a
seat plays, with that probability, the heaviest fitting tile (doubles first on
a tie; on a table the fives a play scores come first), the policy the CPU's
search uses. It never draws by choice (``any_time``) and never takes the
optional two-doubles move: those are a player's choices, not rules.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..fits import ends_fit, fit_masks, touches, wild_tiles
from ..scoring import HandResult, Scores
from .base import (
    Position,
    Rand,
    Style,
    deal,
    heaviest,
    opener_and_lead,
    outcome_key,
    reached_key,
    styled_lead,
    trailing_passes,
)
from .foot import FootPosition, foot_deal, foot_playout, foot_position
from .line import LinePosition, plain_line, playout, styled_line_playout
from .rounds import RoundsPosition, tile_weights
from .table import (
    Table,
    TablePosition,
    fives_count,
    place,
    styled_table_playout,
    table_of,
    table_playout,
)
from .trains import TrainsPosition, trains_deal, trains_playout, trains_position

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import Rules
    from ..view import SeatView

LAYOUTS: dict[str, type[Position]] = {
    "line": TablePosition,
    "spinner": TablePosition,
    "trains": TrainsPosition,
    "chicken_foot": FootPosition,
}
"""Each layout's :class:`Position` (a plain line of matching ends takes :class:`LinePosition`)."""


def position_class(rules: Rules) -> type[Position]:
    """The :class:`Position` class that plays ``rules``' layout (ValueError if none does)."""
    if plain_line(rules):
        return LinePosition
    cls = LAYOUTS.get(rules.layout)
    if cls is None:
        raise ValueError(f"the fast path does not play the {rules.layout!r} layout yet")
    return cls


def supports(rules: Rules) -> bool:
    """Does the fast path play these rules' layout?"""
    return plain_line(rules) or rules.layout in LAYOUTS


def position(
    view: SeatView, hands: list[int] | None = None, boneyard: list[int] | None = None
) -> Position:
    """The :class:`Position` of ``view`` for its layout (one deal: ``hands``, ``boneyard``)."""
    return position_class(view.rules).from_view(view, hands, boneyard)


def random_hand(rules: Rules, rng: random.Random, scores: Scores | None = None) -> HandResult:
    """Deal, lead and play one first hand at random (uniform policy), and score it."""
    cls = position_class(rules)
    return cls.random_hand(rules, rng, scores or Scores.zero(rules.sides))


def random_round(
    rules: Rules,
    rng: random.Random,
    round_no: int = 1,
    scores: Scores | None = None,
    greedy: float = 0.0,
) -> HandResult:
    """Deal and play one round of Mexican Train or Chicken Foot at random, and score it."""
    cls = LAYOUTS.get(rules.layout)
    if cls is None or not issubclass(cls, RoundsPosition):
        raise ValueError(f"random_round plays Mexican Train and Chicken Foot, not {rules.name!r}")
    return cls.random_round(rules, rng, round_no, scores, greedy)


__all__ = [
    "LAYOUTS",
    "FootPosition",
    "LinePosition",
    "Position",
    "Rand",
    "RoundsPosition",
    "Style",
    "Table",
    "TablePosition",
    "TrainsPosition",
    "deal",
    "ends_fit",
    "fit_masks",
    "fives_count",
    "foot_deal",
    "foot_playout",
    "foot_position",
    "heaviest",
    "opener_and_lead",
    "outcome_key",
    "reached_key",
    "place",
    "plain_line",
    "playout",
    "position",
    "position_class",
    "random_hand",
    "random_round",
    "styled_lead",
    "styled_line_playout",
    "styled_table_playout",
    "supports",
    "table_of",
    "table_playout",
    "tile_weights",
    "touches",
    "trailing_passes",
    "trains_deal",
    "trains_playout",
    "trains_position",
    "wild_tiles",
]
