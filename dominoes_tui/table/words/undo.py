"""The words of a take-back (``u``): what was taken back, and why a take-back is refused.

>>> from dominoes_tui.engine import Draw, Play, tiles
>>> str(taken_back_words(Play(tiles.tile(5, 4), 1), 1, "CPU"))
"Taken back: your 5-4 and the CPU's reply. Your move again."
>>> str(taken_back_words(Draw(), 0, "CPU"))
'Taken back: your draw. Your move again.'
>>> str(taken_back_words(Play(tiles.tile(6, 6), 0), 3, "", cpu_only=False))
'Taken back: your 6-6 and the 3 moves since. Your move again.'
>>> str(no_undo_words("medium"))
'No take-backs: against Medium every move stands; u takes a move back in practice hands and against Easy.'
"""

from __future__ import annotations

from ...engine import Action, Draw, Pass, Play, PlayDoubles, tiles
from .sentence import Sentence

PRACTICE_LABEL = "Practice"
"""The scores row's first words all through a practice hand (with its take-backs)."""

UNDO_KEY_WORDS = "take back your last move (practice, against Easy)"
"""What ``u`` does, for the help's list of keys."""

NOTHING_TO_TAKE_BACK = Sentence(
    "Nothing to take back:", "you have made no move in this hand yet.", "refusal"
)
HAND_IS_OVER = Sentence("Nothing to take back:", "the hand is over.", "refusal")


def no_undo_words(level: str) -> Sentence:
    """``u`` in a match where moves stand (against Medium, Hard, Expert)."""
    return Sentence(
        "No take-backs:",
        f"against {level.title()} every move stands; u takes a move back in practice "
        "hands and against Easy.",
        "refusal",
        f"against {level.title()} every move stands.",
    )


def _move_words(action: Action) -> str:
    if isinstance(action, Play):
        return f"your {tiles.name(action.tile)}"
    if isinstance(action, PlayDoubles):
        return f"your {tiles.name(action.first)} and {tiles.name(action.second)}"
    if isinstance(action, Draw):
        return "your draw"
    if isinstance(action, Pass):
        return "your pass"
    return "your move"


def taken_back_words(action: Action, since: int, cpu: str, cpu_only: bool = True) -> Sentence:
    """The note after ``u``: the person's move ``action`` taken back with the ``since``
    moves after it (``cpu_only``: all of them the one CPU's, ``cpu``, then one is "its
    reply"; draws count one each)."""
    move = _move_words(action)
    if since == 1 and cpu_only and cpu:
        after = f" and the {cpu}'s reply" if cpu.startswith("CPU") else f" and {cpu}'s reply"
    elif since:
        after = f" and the {since} move{'s' * (since != 1)} since"
    else:
        after = ""
    return Sentence("Taken back:", f"{move}{after}. Your move again.", "note", f"{move}.")
