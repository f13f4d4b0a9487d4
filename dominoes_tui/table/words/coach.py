"""The coach (a first hand's guide): what fits, and why a tile was refused."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import Rules, tiles, wanted_number
from ...store.player import AUTO_MATCHES
from .sentence import Sentence

# The coach (a first hand's guide): what fits, and why a tile was refused.
# Each of its sentences fits one row of an 80-column table (COACH_WIDTH).
COACH_WIDTH = 76


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def coach_fits(fits: Sequence[tuple[int, int]], most: int = 3) -> str:
    """``6-4 and 4-2 fit the open 4, 3-1 the open 1``: ``fits`` is (tile, the number
    of an open end it fits), once for each number a tile fits; a tile that fits two
    ends is said once ("fits both ends"), never under one end only.

    >>> coach_fits([(tiles.tile(6, 4), 4), (tiles.tile(4, 2), 4), (tiles.tile(1, 3), 1)])
    '6-4 and 4-2 fit the open 4, 3-1 the open 1'
    >>> coach_fits([(tiles.tile(6, 4), 4), (tiles.tile(4, 2), 4)], most=1)
    '6-4 fits the open 4 (and 1 more)'
    >>> coach_fits([(tiles.tile(5, 2), 5), (tiles.tile(5, 2), 2), (tiles.tile(5, 5), 5)])
    '5-2 fits both ends, 5-5 the open 5'
    """
    numbers: dict[int, list[int]] = {}
    for tile, n in fits:
        if n not in numbers.setdefault(tile, []):
            numbers[tile].append(n)
    by_place: dict[str, list[str]] = {}
    for tile, ns in list(numbers.items())[:most]:
        place = (
            f"the open {ns[0]}"
            if len(ns) == 1
            else "both ends"
            if len(ns) == 2
            else f"{len(ns)} ends"
        )
        by_place.setdefault(place, []).append(tiles.name(tile))
    parts = []
    for i, (place, names) in enumerate(by_place.items()):
        verb = "" if i else (" fits" if len(names) == 1 else " fit")
        parts.append(f"{_and(names)}{verb} {place}")
    more = len(numbers) - min(most, len(numbers))
    return ", ".join(parts) + (f" (and {more} more)" if more > 0 else "")


def coach_rule(rules: Rules) -> str:
    """What makes a tile fit, in one short sentence."""
    if rules.match_rule == "sum7":
        return "Touching numbers add up to 7; a matador goes anywhere."
    return "A tile fits an end that shows one of its numbers."


def _fitted(lead: str, forms: Sequence[str], tone: str) -> Sentence:
    """The first of ``forms`` that fits one row (else the last, the shortest)."""
    for text in forms:
        if len(lead) + 1 + len(text) <= COACH_WIDTH:
            return Sentence(lead, text, tone)
    return Sentence(lead, forms[-1], tone)


def coach_turn(rules: Rules, fits: Sequence[tuple[int, int]]) -> Sentence:
    """The coach on the person's turn: the tiles that fit (as many as one row holds).

    >>> from dominoes_tui.engine import load_variant
    >>> str(coach_turn(load_variant("classic"), [(tiles.tile(6, 4), 4), (tiles.tile(1, 3), 1)]))
    'Coach: 6-4 fits the open 4, 3-1 the open 1. ←/→ to choose, Enter to play.'
    """
    n = len({tile for tile, _ in fits})
    keys = " ←/→ to choose, Enter to play."
    forms = [f"{coach_fits(fits, 3)}.{keys}"]
    forms += [f"{coach_fits(fits, most)}." for most in (3, 2, 1)]
    forms.append(f"{n} of your tiles fit: the bright ones.{keys}")
    return _fitted("Coach:", forms, "prompt")


def coach_lead(words: str) -> Sentence:
    """The coach when the person lays the hand's first tile (``words``: the table's)."""
    return _fitted("Coach:", [f"{words} Enter lays it.", words], "prompt")


def coach_forced(draw: bool, ends: Sequence[int], rules: Rules) -> Sentence:
    """The coach when nothing fits: the table draws or passes for the person."""
    wanted = sorted({w for n in set(ends) if (w := wanted_number(rules.match_rule, n)) is not None})
    shows = f"shows {' or '.join(map(str, wanted))}" if wanted else "fits"
    if draw:
        forms = [
            f"none of your tiles {shows}: the table draws for you until one fits.",
            "none of your tiles fits: the table draws for you until one does.",
        ]
    else:
        forms = [
            f"none of your tiles {shows}, and nothing is left to draw: you pass.",
            "none of your tiles fits, and nothing is left to draw: you pass.",
        ]
    return _fitted("Coach:", forms, "prompt")


def coach_refusal(reason: str, rules: Rules) -> Sentence:
    """A refused move in the engine's words, with the coach's rule when the row has room
    (the coach's prompt below names the tiles that fit)."""
    why = reason.rstrip(".") + "."
    return _fitted("Not allowed:", [f"{why} {coach_rule(rules)}", why], "refusal")


COACH_GUIDE = "what fits and why, and tips"
"""What the coach's Guide gives (the one description: Settings, F1, the first question)."""
COACH_TIPS = "a tip a hand, a question before a costly move"
"""What the coach's Tips gives."""
COACH_CHANGE = "Settings (s on the start menu) or F1 change it."
"""Where the Coach setting is changed."""
COACH_RATED = "Set the Coach to Off in Settings for a rated match."
"""Said beside "Casual: the coach is on." where the next match is chosen (its options)."""
COACH_HELP = f"Guide: {COACH_GUIDE}. Tips: a tip a hand. Off: no coach."
"""The Settings screen's line under the Coach row (one line at 80 columns)."""
COACH_LEVELS_TEXT = f"Guide gives {COACH_GUIDE}; Tips gives {COACH_TIPS}."
"""The levels in one sentence (the How to play screen)."""


def coach_level_words(level: str, finished: int) -> str:
    """The Coach setting in a few words (the Settings row's value, the F1 screen's line):
    ``level`` ``"auto"`` says how many of a new player's guided matches are left.

    >>> coach_level_words("auto", 1), coach_level_words("auto", 2)
    ('Guide (2 matches to go), then Tips', 'Guide (1 match to go), then Tips')
    >>> coach_level_words("auto", 3), coach_level_words("off", 0)
    ('Tips (after 3 guided matches)', 'Off')
    """
    if level != "auto":
        return {"guide": "Guide", "tips": "Tips"}.get(level, "Off")
    left = max(0, AUTO_MATCHES - finished)
    if not left:
        return f"Tips (after {AUTO_MATCHES} guided matches)"
    return f"Guide ({left} match{'es' if left > 1 else ''} to go), then Tips"


COACH_QUESTION = "New to dominoes? A coach can sit beside you."
COACH_CHOICES = (
    f"Guide: {COACH_GUIDE} (your first {AUTO_MATCHES} matches).\n"
    f"Tips: {COACH_TIPS}.\n"
    f"No thanks: no coach. {COACH_CHANGE}"
)
"""The first table's one question about the coach (asked once): its three answers."""
