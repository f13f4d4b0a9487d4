"""Which class plays each layout, and a match of any house dealt from a seed.

:class:`~.state.Game` plays the line and the spinner and names none of its
subclasses; :class:`~.trains.TrainsGame` (Mexican Train) and
:class:`~.chicken_foot.ChickenFootGame` (Chicken Foot) extend it in their own
modules. This module is the one place that lists them all, as python-chess's
``chess.variant`` lists its boards: :data:`LAYOUTS` maps a ``Rules.layout`` to
the class that plays it, and :func:`new_game` / :func:`replay_game` deal and
replay a match of any house.

>>> from dominoes_tui.engine import load_variant
>>> type(new_game(load_variant("mexican-train"), seed=3)).__name__
'TrainsGame'
>>> g = new_game(load_variant("classic"), seed=7)
>>> replay_game(g.rules, 7, g.log).hands == g.hands
True
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Action
from .chicken_foot import ChickenFootGame
from .rules import Rules
from .state import Game
from .trains import TrainsGame

LAYOUTS: dict[str, type[Game]] = {
    "line": Game,
    "spinner": Game,
    "trains": TrainsGame,
    "chicken_foot": ChickenFootGame,
}
"""``Rules.layout`` -> the class that plays it (every class shares :class:`Game`'s API)."""


def game_class(layout: str) -> type[Game]:
    """The class that plays ``layout`` (ValueError for a layout no class plays).

    >>> game_class("chicken_foot").__name__, game_class("spinner").__name__
    ('ChickenFootGame', 'Game')
    """
    try:
        return LAYOUTS[layout]
    except KeyError:
        raise ValueError(f"no game plays the layout {layout!r}") from None


def new_game(rules: Rules, seed: int = 0, first_seat: int | None = None, rotation: int = 0) -> Game:
    """A match of ``rules`` dealt from ``random.Random(seed)``, by the class of its layout.

    ``first_seat`` and ``rotation`` are :meth:`Game.new`'s; a turned deal
    (``rotation`` not 0) is for the line games only (ValueError otherwise).
    """
    return game_class(rules.layout).new(rules, seed, first_seat, rotation)


def replay_game(
    rules: Rules, seed: int, actions: Iterable[Action], first_seat: int | None = None
) -> Game:
    """The match of ``rules`` reached by ``actions`` from the deal of ``seed``."""
    return game_class(rules.layout).replay(rules, seed, actions, first_seat)
