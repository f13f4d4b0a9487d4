"""Around the table: the start menu's Continue, the resume-or-new question."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import Rules, Scores
from .log import hand_word
from .scores import score_text
from .seats import side_names

# ---------------------------------------------------------------- around the table
# The start menu's Continue, the resume-or-new question. Kept apart from the table's
# own words above.
NBSP = "\u00a0"
"""Joins words that must stay on one row (a seat's name and its score): the screens wrap
between words at plain spaces only (``tui/widgets/kept.py``)."""


def score_line(rules: Rules, scores: Scores, names: Sequence[str]) -> str:
    """``You: 34 – CPU: 51`` (held points spelled out); ``names``: one per side. A name
    never touches its score (``CPU 1: 0``, not ``CPU 1 0``), and a name and its score are
    one piece, joined by no-break spaces (never ``CPU`` at a row's end and ``1: 0`` on the
    next).

    >>> from dominoes_tui.engine import load_variant
    >>> line = score_line(load_variant("classic"), Scores((34, 51), (0, 0)), ("You", "CPU 1"))
    >>> line.replace(NBSP, "_")
    'You:_34 – CPU_1:_51'
    """
    return " – ".join(
        f"{name}: {score_text(rules, scores, side)}".replace(" ", NBSP)
        for side, name in enumerate(names)
    )


def saved_side_names(rules: Rules, seat_names: Sequence[str], level: str) -> tuple[str, ...]:
    """The sides of a saved match as the person knows them: ``("You", "Ada")`` (the
    opponent's own name, without its level), or the seats' compass names in pairs."""
    if rules.players == 2 and len(seat_names) == 2:
        cpu = seat_names[1].removesuffix(f" ({level.title()})") or seat_names[1]
        return (seat_names[0], cpu)
    return side_names(rules.players, rules.partners)


def match_summary(rules: Rules, hand_no: int, scores: Scores, sides: Sequence[str]) -> str:
    """What a saved match is: ``the classic match, You: 34 – CPU: 51, hand 4`` (``round
    4`` in the rounds games)."""
    where = f"{hand_word(rules.is_rounds)} {hand_no}"
    return f"the {rules.name} match, {score_line(rules, scores, sides)}, {where}"


def resume_question(summary: str) -> str:
    """``Resume the classic match, You: 34 – CPU: 51, hand 4, or start a new one?``"""
    return f"Resume {summary}, or start a new one?"


NEW_GIVES_UP = "A new game gives the saved match up: it counts as left unfinished."
