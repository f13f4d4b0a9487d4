"""CPU players: each receives a seat's view (never the game) and returns an action."""

from __future__ import annotations

from .base import Player, RandomPlayer

LEVELS = ("easy",)


def make_player(level: str = "easy", seed: int | None = None) -> Player:
    """A CPU player of ``level`` (see LEVELS), reproducible from ``seed``."""
    if level == "easy":
        return RandomPlayer(seed)
    raise ValueError(f"no CPU level {level!r}; choose one of {', '.join(LEVELS)}")


__all__ = ["LEVELS", "Player", "RandomPlayer", "make_player"]
