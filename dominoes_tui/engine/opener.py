"""The deal and opener rules: when a hand is redealt, who leads and with which tile."""

from __future__ import annotations

from collections.abc import Sequence

from . import tiles
from .rules import Rules


def redeal_needed(rules: Rules, hand: int) -> bool:
    """R-C-2: five or more doubles, or six or more tiles of one suit."""
    if (hand & tiles.DOUBLES_MASK).bit_count() >= 5:
        return True
    return any((hand & tiles.SUIT_MASK[n]).bit_count() >= 6 for n in range(rules.set + 1))


def double_order(rules: Rules, kind: str) -> list[int]:
    """The doubles in the order an opener rule looks for them (R-O-1, R-O-2).

    >>> from .rules import load_variant
    >>> [tiles.name(d) for d in double_order(load_variant("classic"), "highest_double")][:2]
    ['6-6', '5-5']
    """
    doubles = [tiles.tile(n, n) for n in range(rules.set + 1)]
    if kind in ("lowest_double", "lowest_double_blank_high"):
        return doubles[1:] + doubles[:1]  # 1-1 < … < N-N < 0-0 (R-O-1, R-O-2)
    return doubles[::-1]  # highest_double: N-N first


def _tile_rank(t: int) -> tuple[int, int]:
    return tiles.VALUE[t], tiles.HIGH[t]


def find_opener(rules: Rules, hands: Sequence[int], kind: str) -> tuple[int, int]:
    """Seat and tile named by an opener rule (R-O-1…3); not for ``random``."""
    held = {t: s for s, h in enumerate(hands) for t in tiles.bits(h)}
    if kind != "highest_tile":
        for d in double_order(rules, kind):
            if d in held:
                return held[d], d
    if kind.startswith("lowest"):
        t = min(held, key=_tile_rank)  # R-O-3: lowest value, then lowest high half
    else:
        t = max(held, key=_tile_rank)  # R-O-3: highest value, then highest high half
    return held[t], t
