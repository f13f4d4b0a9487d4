"""Helpers for the store tests: play matches with CPU players, compare whole game states."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from dominoes_tui.ai import make_player
from dominoes_tui.engine import (
    HAND_OVER,
    Game,
    NextHand,
    Resign,
    Rules,
    TimeOut,
    new_game,
    seat_view,
)
from dominoes_tui.store import rating


def cpu_step(game: Game, players: list) -> None:
    """One action: the next hand between hands, else the seat to move's CPU choice."""
    if game.phase == HAND_OVER:
        game.apply(NextHand())
    else:
        game.apply(players[game.turn].choose(seat_view(game, game.turn)))


def play_match(rules: Rules, seed: int, steps: int | None = None, players_seed: int = 0) -> Game:
    """A match played by Easy players from ``seed``, to the end or for ``steps`` actions."""
    game = new_game(rules, seed)
    players = [make_player("easy", players_seed * 10 + s) for s in range(rules.players)]
    while not game.is_over and (steps is None or len(game.log) < steps):
        cpu_step(game, players)
    return game


def random_walk(
    rules: Rules, seed: int, steps: int, rng: random.Random, stop_between_hands: bool = False
) -> Game:
    """Any reachable state: random legal actions, now and then a resignation or a flag fall.

    ``stop_between_hands`` stops at the first hand over, before the next deal.
    """
    game = new_game(rules, seed, first_seat=rng.choice([None, *range(rules.players)]))
    for _ in range(steps):
        if game.is_over or (stop_between_hands and game.phase == HAND_OVER):
            break
        actions = list(game.legal_actions())
        if rng.random() < 0.02:  # a resignation or a flag fall, where the rules have them
            sudden = rng.choice([Resign, TimeOut])(rng.randrange(rules.players))
            if game.why_illegal(sudden) is None:
                actions = [sudden]
        game.apply(rng.choice(actions))
    return game


def state(game: Game) -> dict[str, Any]:
    """Every field of the game (the random generator by its state), for equality."""
    slots = [n for cls in type(game).__mro__ for n in getattr(cls, "__slots__", ())]
    out = {name: getattr(game, name) for name in slots if name != "rng"}
    out["rng"] = game.rng.getstate()
    return out


TEST_LEVELS = Path(__file__).parent / "level_ratings.json"
"""The tests' own CPU levels' ratings (round numbers, Easy < Medium < Hard < Expert)."""


def use_levels(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """The CPU levels' ratings are read from ``path`` (a missing file: none) instead of
    the shipped ``data/level_ratings.json``, until the test ends."""
    monkeypatch.setattr(rating, "CALIBRATION", path)
    rating.shipped_levels.cache_clear()
