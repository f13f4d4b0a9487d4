"""Mexican Train and Chicken Foot: the round, its places, its turns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine import tiles
from ...engine.chicken_foot import FootBoard, line_name
from ...engine.trains import TrainsBoard, place_name
from .sentence import Sentence

# ---------------------------------------------------------------- Mexican Train and Chicken Foot
LOWEST_WINS = "lowest total wins"
"""The rounds games' reminder on the scores row (the first words to go when it is tight)."""


def round_title(game: Any) -> str:
    """``Round 3 of 13: engine 10-10`` (Mexican Train), ``Round 1 of 10: centre 9-9``."""
    what = "engine" if game.rules.layout == "trains" else "centre"
    return f"Round {game.hand_no} of {game.rounds}: {what} {tiles.name(game.round_double)}"


def round_words(game: Any, opener: str | None) -> str:
    """A round's opening words: who begins (None: you). The round's number and double
    are not said here: the scores row says them, once for the whole table.

    >>> from dominoes_tui.engine import load_variant, new_game
    >>> g = new_game(load_variant("mexican-train", players=4), 1)
    >>> round_words(g, "CPU 2"), round_words(g, None)
    ('CPU 2 begins the round.', 'You begin the round.')
    """
    board = game.board()
    if isinstance(board, FootBoard) and board.centre is None:
        d = tiles.name(board.round_double)
        return f"Whoever holds the {d} lays it in the centre; the others draw."
    if opener is None:
        return "You begin the round."
    return f"{opener} begins the round."


def rounds_turn(fitting: int, game: Any, names: Sequence[str]) -> Sentence:
    """The prompt on the person's turn in Mexican Train or Chicken Foot: what the layout
    asks of them (a double to satisfy, a foot to fill, a first-turn run), then the keys."""
    board = game.board()
    fit = "1 of your tiles fits" if fitting == 1 else f"{fitting} of your tiles fit"
    short = f"Your turn: {fitting} {'fits' if fitting == 1 else 'fit'}."
    keys = "←/→ to choose, Enter to play."
    head = "Your turn"
    if isinstance(board, TrainsBoard):
        if board.pending is not None:
            d = tiles.name(board.pending_double)
            head = f"Satisfy the {d} on {place_name(board.pending, board.players, 0, names)}"
        elif board.first_turn_run and board.first_turns[0] and board.run >= 1:
            head, keys = "Your run goes on", "Enter to lay another, s to stop."
        elif board.first_turn_run and board.first_turns[0]:
            head = "Your first turn: a run on your own train"
    elif isinstance(board, FootBoard):
        if board.centre is None:
            head = "You hold the centre double"
        elif board.foot is not None:
            left = len(board.filling)
            head = f"Fill the {tiles.name(board.foot)} ({left} to go)"
    return Sentence("", f"{head}: {fit}. {keys}", "prompt", short)


def rounds_forced(draw: bool, game: Any) -> str:
    """Why the table draws or passes for the person in Mexican Train or Chicken Foot."""
    board = game.board()
    if isinstance(board, FootBoard) and board.centre is None:
        d = tiles.name(board.round_double)
        return f"No {d} in your hand: drawing…" if draw else f"No {d} to lay: you pass."
    nums = " or ".join(str(n) for n in sorted({game.place_end(p) for p in game.places(0)}))
    if draw:
        return f"No {nums} in your hand: drawing…"
    if isinstance(board, TrainsBoard):
        return f"No {nums} to play: you pass, and your train is open to all."
    return f"No {nums} to play: you pass."


def place_question(tile: int, places: Sequence[str], pick: int) -> Sentence:
    """A tile fits several trains, arms or toes: the person says which; they are numbered
    on the layout (1, 2, …), and ↑/↓ move the mark Enter plays on."""
    listed = ", ".join(f"{i + 1} {p}" for i, p in enumerate(places))
    return Sentence(
        f"{tiles.name(tile)} fits {len(places)} places:",
        f"{listed}? Press a number or click; ↑/↓ Enter; Esc: other tile",
        "question",
        f"1-{len(places)} as marked, or ↑/↓ Enter? Esc: other tile",
    )


def no_place(tile: int, game: Any, names: Sequence[str]) -> str:
    """Why ``tile`` goes nowhere now: the places open and the number each takes."""
    board = game.board()
    places = game.places(0)
    if not places:
        return f"{tiles.name(tile)} does not go anywhere now."
    if isinstance(board, TrainsBoard) and board.pending is not None:
        d, train = (
            tiles.name(board.pending_double),
            place_name(board.pending, board.players, 0, names),
        )
        return (
            f"the {d} on {train} must be satisfied first, and {tiles.name(tile)} does not fit it."
        )
    if isinstance(board, TrainsBoard):
        said = [f"{place_name(p, board.players, 0, names)} takes {game.place_end(p)}"
                for p in places]  # fmt: skip
    else:
        said = [f"{line_name(board.lines, p)} takes {game.place_end(p)}" for p in places]
    if len(said) > 3:
        nums = " or ".join(str(n) for n in sorted({game.place_end(p) for p in places}))
        return f"{tiles.name(tile)} fits no open place: they take {nums}."
    return f"{tiles.name(tile)} fits no open place: {'; '.join(said)}."
