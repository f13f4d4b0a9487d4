"""The table's words: move-log lines from the engine's public events, names, scores.

>>> from dominoes_tui.engine import Event, tiles
>>> log_lines([Event(1, "draw", (4, 6)), Event(1, "draw", (4, 6)),
...            Event(1, "play", (4, 6), tiles.tile(6, 3), 1)], ("You", "CPU"))
['CPU drew 2 and played 6-3 on the right']
>>> log_lines([Event(0, "play", (5, 0), tiles.tile(5, 5), 0, scored=10)], ("You", "CPU"))
['You played 5-5 on the left +10']
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..engine import Event, Rules, Scores, tiles
from ..engine.actions import END_NAMES


def _no(ends: Sequence[int]) -> str:
    nums = sorted(set(ends))
    return "no " + " or ".join(str(n) for n in nums)


def _drew(n: int) -> str:
    return f"drew {n}"


def log_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """One line per turn: draws are gathered into the play or pass that ended them."""
    out: list[str] = []
    draws = 0
    drawer: int | None = None
    for e in events:
        who = names[e.seat]
        if e.kind == "draw":
            if drawer is not None and drawer != e.seat and draws:
                out.append(f"{names[drawer]} {_drew(draws)}")
                draws = 0
            drawer = e.seat
            draws += 1
            continue
        prefix = f"{who} {_drew(draws)} and " if draws and drawer == e.seat else f"{who} "
        draws, drawer = 0, None
        if e.kind == "play":
            if e.end is None:
                line = f"{prefix}led {tiles.name(e.tile)}"
            else:
                where = END_NAMES[e.end] + (" arm" if e.end >= 2 else "")  # a spinner's arm
                line = f"{prefix}played {tiles.name(e.tile)} on the {where}"
            out.append(line + (f" +{e.scored}" if e.scored else ""))  # All Fives, R-F-2
        elif e.kind == "doubles":
            out.append(
                f"{prefix}played two doubles: {tiles.name(e.tile)} and {tiles.name(e.second)}"
            )
        elif e.kind == "pass":
            out.append(f"{prefix}passed: {_no(e.ends)}")
    if draws and drawer is not None:
        out.append(f"{names[drawer]} {_drew(draws)}…")
    return out


def score_text(rules: Rules, scores: Scores, side: int) -> str:
    """``"12"``, or ``"0 +5"`` with points held under the rule of 13."""
    text = str(scores.written[side])
    if rules.rule_of_13 and scores.held[side]:
        text += f" +{scores.held[side]}"
    return text


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
