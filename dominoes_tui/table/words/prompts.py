"""What the person reads at the table: prompts, questions, refusals, hints."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ...engine import Play, Rules, tiles, wanted_number
from ...engine.actions import END_NAMES
from .places import Ends, play_place
from .sentence import Sentence

RESUMED = "Welcome back: the match is as you left it. Press any key to go on (clocks stopped)."
BAR_WIDTH = 78
"""The message bar's room for one row at 80 columns: a hint's short form fits it."""
END_KEYS = ("←", "→", "↑", "↓")
"""The key that picks each end (left, right, up, down) when a tile fits several."""


def times_words(redeals: int) -> str:
    return "once" if redeals == 1 else f"{redeals} times"


def redeal_words(redeals: int) -> str:
    """Said at the start of a hand that was redealt (R-C-2)."""
    return f"Redealt {times_words(redeals)}: a hand had 5 doubles or 6 of one suit. "


def redeal_toast(redeals: int) -> str:
    """R-C-2: the table says so."""
    return f"The tiles were redealt {times_words(redeals)}."


def lead_words(hand_no: int, leads: Sequence[int], hand_size: int, leader: str | None) -> str:
    """``Hand 1: you lead, and must lead 1-1.``; ``leader``: the CPU seat's name, or None
    when the person leads."""
    words = f"Hand {hand_no}: "
    if leader is not None:
        return words + f"{leader} leads."
    if len(leads) == 1:
        return words + f"you lead, and must lead {tiles.name(leads[0])}."
    if len(leads) < hand_size:
        return words + f"you lead, with one of {', '.join(tiles.name(t) for t in leads)}."
    return words + "you lead."


def needs_words(match_rule: str, ends: Sequence[int]) -> str:
    """Matador: ``5 needs 2, 0 needs ★`` for the open ends (R-MT-1, R-MT-2)."""
    shown = sorted(set(ends))
    wants = {n: wanted_number(match_rule, n) for n in shown}
    return ", ".join(f"{n} needs {'★' if w is None else w}" for n, w in wants.items())


def your_turn(fitting: int, rules: Rules, ends: Sequence[int]) -> Sentence:
    """The prompt on the person's turn, with its short form (``Your turn: 2 fit.``)."""
    fit = "1 of your tiles fits" if fitting == 1 else f"{fitting} of your tiles fit"
    keys = "←/→ to choose, Enter to play."
    short = f"Your turn: {fitting} {'fits' if fitting == 1 else 'fit'}."
    if rules.match_rule == "sum7":  # R-MT-1: what each open end needs
        fit, keys = f"{fit}: {needs_words(rules.match_rule, ends)}", "←/→, Enter."
    return Sentence("", f"Your turn: {fit}. {keys}", "prompt", short)


def forced_words(draw: bool, ends: Sequence[int]) -> str:
    """Why the table draws or passes for the person (R-M-4)."""
    nums = " or ".join(str(n) for n in sorted(set(ends)))
    if draw:
        return f"No {nums} in your hand: drawing…"
    return f"No {nums} to play and nothing to draw: you pass."


def drew_words(tile: int, fits: bool) -> str:
    return f"You drew {tiles.name(tile)}" + (": it fits." if fits else ".")


TURN_LIMIT = "Your time for the turn ran out: the Easy CPU played it for you."


def _arrow(end: int, arrows: dict[int, str] | None) -> str:
    if arrows and end in arrows:
        return arrows[end]
    return END_KEYS[end] if isinstance(end, int) and end < len(END_KEYS) else str(end)


def end_key(end: int, arrows: dict[int, str] | None = None) -> str:
    """The key that picks ``end`` when a tile fits several, as the felt draws it."""
    return _arrow(end, arrows)


Places = Mapping[int, str] | None
"""Each end a tile may go on in words, as :func:`~.places.play_place` says it
(``{0: "on the 6 of 6-6", 1: "on the 6 of 6-2"}``); None: by the number it shows."""


def end_words(
    end: int,
    ends: Sequence[int],
    arrows: dict[int, str] | None = None,
    places: Places = None,
) -> str:
    """``← the 4``, ``↑ the up arm's 1``, ``← the 6 of 6-6``: the key that picks an end
    (as the screen draws it) and the place, as the move's words name it."""
    if places and end in places:
        return f"{_arrow(end, arrows)} {places[end].removeprefix('on ')}"
    if isinstance(end, int) and end >= 2:
        return f"{_arrow(end, arrows)} the {END_NAMES[end]} arm's {ends[end]}"
    return f"{_arrow(end, arrows)} the {ends[end]}"


def _ordered(ask: Sequence[int], arrows: dict[int, str] | None) -> list[int]:
    return sorted(ask, key=lambda e: "←→↑↓".find(_arrow(e, arrows)) % 9)


def ends_question(
    ask: Sequence[int],
    ends: Sequence[int],
    arrows: dict[int, str] | None = None,
    places: Places = None,
) -> str:
    return " or ".join(end_words(e, ends, arrows, places) for e in _ordered(ask, arrows))


def _brief_end(end: int, ends: Sequence[int], arrows: dict[int, str] | None, places: Places) -> str:
    """``← 6``; ``← 6 of 6-6`` where two ends show the same number."""
    if places and end in places and " of " in places[end]:
        return f"{_arrow(end, arrows)} {places[end].removeprefix('on the ')}"
    return f"{_arrow(end, arrows)} {ends[end]}"


def end_question(
    tile: int,
    ask: Sequence[int],
    ends: Sequence[int],
    arrows: dict[int, str] | None = None,
    places: Places = None,
) -> Sentence:
    """R-M-2: the tile fits several ends that differ; the person says which, with the
    arrow key each end shows on the felt."""
    which = "both ends" if len(ask) == 2 else f"{len(ask)} ends"
    brief = ", ".join(_brief_end(e, ends, arrows, places) for e in _ordered(ask, arrows))
    return Sentence(
        f"{tiles.name(tile)} fits {which}:",
        f"{ends_question(ask, ends, arrows, places)}?  Esc: other tile",
        "question",
        f"{brief}?  Esc: other tile",
    )


def end_question_again(
    tile: int,
    ask: Sequence[int],
    ends: Sequence[int],
    arrows: dict[int, str] | None = None,
    places: Places = None,
) -> Sentence:
    """Enter while the table waits for an end: how to answer."""
    which = "both ends" if len(ask) == 2 else f"{len(ask)} ends"
    keys = " or ".join(_arrow(e, arrows) for e in _ordered(ask, arrows))
    return Sentence(
        "",
        f"{tiles.name(tile)} fits {which}: press {ends_question(ask, ends, arrows, places)} "
        "(Esc to choose another tile).",
        "question",
        f"Press {keys} for the end, as the felt shows it (Esc: another tile).",
    )


def wrong_end(
    tile: int,
    end: int,
    ask: Sequence[int],
    ends: Sequence[int],
    arrows: dict[int, str] | None = None,
    places: Places = None,
) -> Sentence:
    where = play_place(Ends(tuple(ends)), Play(tile, end))
    keys = [_arrow(e, arrows) for e in _ordered(ask, arrows)]
    press = " or ".join(keys) if len(keys) < 3 else f"{', '.join(keys[:-1])} or {keys[-1]}"
    return Sentence(
        "",
        f"{tiles.name(tile)} does not go {where}: {ends_question(ask, ends, arrows, places)}",
        "question",
        f"{tiles.name(tile)} does not go {where}: press {press}.",
    )


def way_round_question(tile: int, end: int, n: int, touches: Sequence[int]) -> Sentence:
    """R-MT-2: a matador goes either way round; the person says which half touches."""
    a, b = touches[0], touches[-1]
    place = f"{END_NAMES[end]} arm's {n}" if end >= 2 else str(n)
    return Sentence(
        f"{tiles.name(tile)} on the {place}:",
        f"← {a} touches ({b} open) or → {b} touches ({a} open)?  Esc: back",
        "question",
    )


def refusal(reason: str) -> Sentence:
    """A move the engine refused, in its words (R-D-3); the short form keeps the first
    clause (what is wrong), leaving out the rest (what would do)."""
    head = re.split(r"[;:] ", reason, maxsplit=1)[0]
    return Sentence("Not allowed:", reason, "refusal", head if head != reason else "")


def wait_words(name: str) -> Sentence:
    return Sentence("", f"Wait: it is {name}'s turn.", "refusal")


_PERCENT = re.compile(r" \((\d+% to win [^)]*)\)$")


def hint_words(reason: str, move: str = "", arrow: str = "") -> Sentence:
    """``Hint: 6-4 on the 4 (→): sheds 12 pips; …``: the hinted move in the words the
    table uses for a place (``move``, from :func:`~.places.move_words`; the reason's own
    head when empty) with the key that picks its end (``arrow``: only when the table
    would ask which end), then why; the short form keeps the first reason only.

    >>> hint_words("6-4 on the 4: sheds 10 pips; keeps a 4 (60% to win the match)",
    ...            "6-4 on the 4", "→").short
    'Hint: 6-4 on the 4 (→): sheds 10 pips (60% to win the match).'
    """
    head, _, why = reason.partition(": ")
    if not why:
        head, why = reason, ""
    if move:
        head = move
    if arrow:
        head += f" ({arrow})"
    text = f"Hint: {head}" + (f": {why}" if why else "")
    m = _PERCENT.search(why)
    first = why[: m.start()] if m else why
    first = first.split("; ")[0]
    odds = f" ({m.group(1)})" if m else ""
    short = f"Hint: {head}" + (f": {first}" if first else "") + odds
    if len(short) >= BAR_WIDTH and first:  # a long place ("on the 0 of 4-0 (5 touching)")
        short = f"Hint: {head}{odds}"
    return Sentence("", text, "note", short + ".")


def key_refusal(reason: str) -> Sentence:
    """A key that does not apply now, and why (one line)."""
    head = re.split(r"[;:] ", reason, maxsplit=1)[0]
    return Sentence("Not now:", reason, "refusal", head if head != reason else "")


NO_RESIGN = "this house plays every match out; there is no resigning here."
NO_TWO_DOUBLES = "two doubles in one turn is off at this table."
NO_DRAWING = "there is no boneyard to draw from in this house: pass when you cannot play."
