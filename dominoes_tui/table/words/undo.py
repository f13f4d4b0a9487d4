"""The words of a take-back (``u``): what was taken back, and why a take-back is refused.

>>> from dominoes_tui.engine import Draw, load_variant, new_game
>>> g = new_game(load_variant("classic"), 1)
>>> lead = g.legal_actions()[0]
>>> str(taken_back_words(g, lead, 1, "CPU"))
"Taken back: your 2-2 to lead and the CPU's reply. Your move again."
>>> g.apply(lead)
>>> g.apply(g.legal_actions()[0])
>>> play = g.legal_actions()[0]
>>> str(taken_back_words(g, play, 3, "", cpu_only=False))
'Taken back: your 6-2 on the 2 and the 3 moves since. Your move again.'
>>> str(taken_back_words(g, Draw(), 0, "CPU"))
'Taken back: your draw. Your move again.'
>>> str(no_undo_words("medium"))
'No take-backs: against Medium every move stands; u takes a move back in practice hands and against Easy.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine import Action, Draw, Pass, Play, PlayDoubles
from .places import move_words
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


def _move_words(state: Any, action: Action, names: Sequence[str]) -> str:
    """``your 5-4 on the 4``: the move with its place, as the table names it."""
    if isinstance(action, (Play, PlayDoubles, Draw, Pass)):
        return f"your {move_words(state, action, names)}"
    return "your move"


def taken_back_words(
    state: Any,
    action: Action,
    since: int,
    cpu: str,
    cpu_only: bool = True,
    names: Sequence[str] = (),
) -> Sentence:
    """The note after ``u``: the person's move ``action`` (played on ``state``, the game
    just before it) taken back with the ``since`` moves after it (``cpu_only``: all of
    them the one CPU's, ``cpu``, then one is "its reply"; draws count one each);
    ``names``: the seats' names (a train's owner)."""
    move = _move_words(state, action, names)
    if since == 1 and cpu_only and cpu:
        after = f" and the {cpu}'s reply" if cpu.startswith("CPU") else f" and {cpu}'s reply"
    elif since:
        after = f" and the {since} move{'s' * (since != 1)} since"
    else:
        after = ""
    return Sentence("Taken back:", f"{move}{after}. Your move again.", "note", f"{move}.")
