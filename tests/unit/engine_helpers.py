"""Helpers for building positions in engine tests (no seed-hunting).

``Game.from_position`` sets up a hand in progress; :func:`dealt` goes through
the engine's own deal (redeal check, opener rules) with the hands given, for
the rules that act at the deal (R-D, R-C-2, R-O).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from dominoes_tui.engine import Game, Rules, load_variants, tiles
from dominoes_tui.engine.actions import Action

T = tiles.parse


def ids(names: Sequence[str | int]) -> list[int]:
    return [n if isinstance(n, int) else T(n) for n in names]


class RiggedRandom(random.Random):
    """A Random whose first shuffles produce the given tile orders."""

    def __init__(self, orders: Sequence[list[int]], seed: int = 0) -> None:
        super().__init__(seed)
        self.orders = [list(o) for o in orders]

    def shuffle(self, x, *args, **kwargs) -> None:  # noqa: D401 - same as random.shuffle
        if self.orders:
            order = self.orders.pop(0)
            assert sorted(order) == sorted(x), "a rigged deal must use the whole set"
            x[:] = order
        else:
            super().shuffle(x)


def deal_order(
    rules: Rules, hands: Sequence[Sequence[str | int]], boneyard: Sequence[str | int] | None = None
) -> list[int]:
    """The shuffled pool that deals ``hands``; ``boneyard`` in draw order (rest: id order)."""
    hs = [ids(h) for h in hands]
    assert all(len(h) == rules.hand_size for h in hs), "each hand needs hand_size tiles"
    used = {t for h in hs for t in h}
    if boneyard is None:
        bone = [t for t in range(rules.tile_count) if t not in used]
    else:
        bone = ids(boneyard)
    pool = [t for h in hs for t in h] + list(reversed(bone))  # the boneyard is drawn from its end
    return pool


def dealt(rules: Rules, *deals, seed: int = 0, first_seat: int | None = None) -> Game:
    """A new match whose first deals are ``deals`` (each ``hands`` or ``(hands, boneyard)``)."""
    orders = []
    for d in deals:
        if isinstance(d, tuple):
            orders.append(deal_order(rules, *d))
        else:
            orders.append(deal_order(rules, d))
    g = Game.new(rules, seed, first_seat)
    g.rng = RiggedRandom(orders, seed)
    g.hand_no = 0
    g._deal()
    return g


def play(game: Game, *actions: Action) -> Game:
    """Apply ``actions`` in turn, checking each is among the legal actions first."""
    for a in actions:
        legal = game.legal_actions()
        assert a in legal, f"{a} is not legal here: {legal}"
        game.apply(a)
        assert game.invariant_errors() == []
    return game


_VARIANTS: dict[str, Rules] | None = None


def variant(name: str, **changes) -> Rules:
    """A shipped preset (the user's file is never read), with ``changes``."""
    global _VARIANTS
    if _VARIANTS is None:
        _VARIANTS = load_variants(include_user=False)
    r = _VARIANTS[name]
    return r.replace(**changes) if changes else r
