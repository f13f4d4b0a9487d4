"""CPU players: each receives a seat's view (never the game) and returns an action."""

from __future__ import annotations

from ..engine import Action, Play, SeatView, tiles
from .base import Player, RandomPlayer

LEVELS = ("easy",)


def make_player(level: str = "easy", seed: int | None = None) -> Player:
    """A CPU player of ``level`` (see LEVELS), reproducible from ``seed``."""
    if level == "easy":
        return RandomPlayer(seed)
    raise ValueError(f"no CPU level {level!r}; choose one of {', '.join(LEVELS)}")


def hint(view: SeatView) -> tuple[Action, str]:
    """What the strongest level would play for ``view``'s seat, and one line of why."""
    plays = [a for a in view.legal if isinstance(a, Play)]
    if not plays:
        a = view.legal[0]
        return a, f"{a}: nothing fits"
    best = max(plays, key=lambda a: (tiles.VALUE[a.tile], tiles.DOUBLE[a.tile]))
    return best, f"{tiles.name(best.tile)}: sheds {tiles.VALUE[best.tile]} pips"


__all__ = ["LEVELS", "Player", "RandomPlayer", "hint", "make_player"]
