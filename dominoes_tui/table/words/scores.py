"""Scores, the target and second-person forms of a score line."""

from __future__ import annotations

import re
from datetime import date

from ...engine import Rules, Scores, tiles


# ---------------------------------------------------------------- scores
def score_text(rules: Rules, scores: Scores, side: int) -> str:
    """``"12"``, or ``"0 (5 held)"`` with points held under the rule of 13 (R-13-1).

    Held points are spelled out ("+N" is kept for points just scored in All
    Fives); a single-hand match (target 0) has no next hand to hold them for.

    >>> from dominoes_tui.engine import load_variant
    >>> score_text(load_variant("classic"), Scores((0, 12), (5, 0)), 0)
    '0 (5 held)'
    >>> score_text(load_variant("classic", target=0), Scores((0, 12), (5, 0)), 0)
    '0'
    """
    text = str(scores.written[side])
    if held_counts(rules) and scores.held[side]:
        text += f" ({scores.held[side]} held)"
    return text


def held_counts(rules: Rules) -> bool:
    """Whether held points mean anything at this table: the rule of 13 and a next hand."""
    return bool(rules.rule_of_13) and rules.target != 0


def daily_label(day: date) -> str:
    """What the table calls the daily deal of ``day`` (where a match says its target).

    >>> daily_label(date(2026, 12, 2))
    'Daily deal 2026-12-02'
    """
    return f"Daily deal {day.isoformat()}"


def target_text(rules: Rules) -> str:
    if rules.target == 0:
        return "one hand"
    verb = "loses" if rules.target_means == "lose" else "wins"
    return f"{rules.target} {verb}"


def pips_text(mask: int) -> str:
    return " ".join(tiles.names(mask)) or "nothing"


_YOU_FORMS = (
    ("You scores", "You score"),
    ("You writes", "You write"),
    ("You takes", "You take"),
    ("You is ", "You are "),
    ("You's ", "Your "),
    ("You has ", "You have "),
)


_PLURAL = {"scores": "score", "writes": "write", "takes": "take", "is": "are", "has": "have"}
_TEAM = re.compile(r"(\w+ & \w+) (scores|writes|takes|is|has)\b")


def second_person(line: str) -> str:
    """The engine words a hand for third persons; "You scores" reads as "You score",
    and a team of partners takes the plural: "East & West write".

    >>> second_person("You & North writes 27 (27 pips).")
    'You & North write 27 (27 pips).'
    """
    line = _TEAM.sub(lambda m: f"{m.group(1)} {_PLURAL[m.group(2)]}", line)
    for a, b in _YOU_FORMS:
        line = line.replace(a, b)
    return line
