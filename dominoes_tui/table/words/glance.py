"""The table at a glance: each seat beside its name, what is at stake."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Rules, tiles


# ---------------------------------------------------------------- the table at a glance
@dataclass(frozen=True)
class SeatInfo:
    """One seat as the table shows it beside its name (any number of seats, any layout).

    ``turn``: the seat to move (its marker); ``last``: what it did last this hand,
    in a few characters (``"6-3"``, ``"passed"``, ``"drew 2…"``); ``partner``: it
    plays with you (said in words at every width); ``revealed``: its tiles, face
    up once the hand is over (None while hidden).
    """

    seat: int
    name: str
    tiles: int
    turn: bool = False
    partner: bool = False
    last: str = ""
    revealed: tuple[str, ...] | None = None


def widest_last(rules: Rules) -> tuple[str, str, int]:
    """The widest a seat can be said beside its name in a house: its last move in full
    (``drew 9, 12-12``) and as the seats row shortens it (``12-12``, ``pass``,
    ``drew…``), and the most tiles a hand can hold (two digits where one draws; the
    deal where one cannot). The row is measured by them, so it keeps one form the whole
    hand long instead of changing as the moves and the counts do.

    >>> from dominoes_tui.engine import load_variant
    >>> widest_last(load_variant("classic"))
    ('drew 9, 6-6', 'drew…', 10)
    >>> widest_last(load_variant("mexican-train"))
    ('drew 9, 12-12', '12-12', 15)
    >>> widest_last(load_variant("all-fives"))
    ('drew 9, 6-6 scored 20', '6-6 scored 20', 10)
    >>> widest_last(load_variant("block"))
    ('passed', 'pass', 7)
    """
    tile = tiles.name(tiles.tile(rules.set, rules.set))
    said = [tile]
    if rules.two_doubles:
        said.append(f"{tile} and {tile}")
    if rules.end_scoring == "fives":
        said = [f"{w} scored 20" for w in said]
    widest = max(said, key=len)
    if not rules.draws:
        return max((widest, "passed"), key=len), max((widest, "pass"), key=len), rules.deal_size
    return f"drew 9, {widest}", max((widest, "pass", "drew…"), key=len), max(10, rules.deal_size)


def hanging_words(points: int) -> str:
    """Points of a level block waiting for the next hand (R-C-7)."""
    return f"{points} hanging"


def bonus_words(tile: int, points: int) -> str:
    """A bonus tile led this hand: its points go to the hand's score (R-B)."""
    return f"{tiles.name(tile)} led: {points} bonus"


def fives_words(total: int, tile: int | None = None, scores: Sequence[int] = ()) -> str:
    """All Fives: the open ends added up, and what the raised tile would score (R-F-2).

    >>> fives_words(15), fives_words(15, tiles.tile(6, 4), [20, 0])
    ('ends 15', 'ends 15 · 6-4 → +20')
    >>> fives_words(12, tiles.tile(2, 1), [0])
    'ends 12 · 2-1 → 0'
    """
    text = f"ends {total}"
    if tile is not None and scores:
        best = max(scores)
        text += f" · {tiles.name(tile)} → {'+' + str(best) if best else '0'}"
    return text
