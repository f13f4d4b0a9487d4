"""A line for the person (:class:`Sentence`) and how lines fit the message bar."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass


# ---------------------------------------------------------------- what the person reads
@dataclass(frozen=True)
class Sentence:
    """A line for the person: ``lead`` is said with emphasis (the UI styles it by ``tone``).

    ``tone``: ``"prompt"`` (what to do now), ``"note"`` (what just happened),
    ``"question"`` (the table waits for an answer), ``"refusal"`` (a key or move
    that was refused, and why). ``short``: the same said in fewer words, for when
    the whole of it does not fit the room the screen has (never cut mid-sentence).

    >>> str(Sentence("Not allowed:", "hand 1 must be led with 1-1.", "refusal"))
    'Not allowed: hand 1 must be led with 1-1.'
    """

    lead: str = ""
    text: str = ""
    tone: str = "note"
    short: str = ""
    """``text`` in fewer words (empty: there is no shorter way to say it)."""

    def __str__(self) -> str:
        if self.lead and self.text:
            return f"{self.lead} {self.text}"
        return self.lead or self.text

    def shortened(self) -> Sentence:
        """The sentence with its short text (itself if it has none)."""
        if not self.short:
            return self
        return Sentence(self.lead, self.short, self.tone)

    def __bool__(self) -> bool:
        return bool(self.lead or self.text)


NOTHING = Sentence()


SEAT_NAME = re.compile(r"\bCPU (?=\d|\()")
"""The space inside a seat's name of two words (``CPU 2``, ``CPU (Easy)``)."""
_JOINED = "\u2060"
"""Stands for that space while the rows are found (a word joiner: not a space to
textwrap, one character like the space it stands for)."""


def wrap(text: str, width: int) -> list[str]:
    """``text`` in rows of at most ``width`` cells, broken between words (as the message
    line draws it), never inside a seat's name nor at a no-break space (every row is a
    piece of ``text`` as it is).

    >>> wrap("Satisfy the 6-6 on CPU 3's train", 20)
    ['Satisfy the 6-6 on', "CPU 3's train"]
    """
    joined = SEAT_NAME.sub("CPU" + _JOINED, text)
    rows = textwrap.wrap(joined, width=max(width, 1), break_on_hyphens=False) or [""]
    return [r.replace(_JOINED, " ") for r in rows]


def fit_lines(sentences: Sequence[Sentence], width: int, rows: int) -> list[Sentence]:
    """The sentences to show in ``rows`` rows of ``width`` cells, each starting on its
    own row: in full if they fit, else with the later ones (the prompt), then the
    earlier ones (the note) in their short forms. Never cut: a test renders every
    message the table can say and checks the chosen forms fit at 80 columns.

    >>> note = Sentence("", "Hint: " + "a long reason " * 8, "note", "Hint: 6-4 on the 4.")
    >>> prompt = Sentence("", "Your turn: 3 of your tiles fit. ←/→ to choose, Enter to play.",
    ...                   "prompt", "Your turn: 3 fit.")
    >>> [str(s) for s in fit_lines([note, prompt], 78, 2)]
    ['Hint: 6-4 on the 4.', 'Your turn: 3 of your tiles fit. ←/→ to choose, Enter to play.']
    """
    shown = [s for s in sentences if s]
    if not shown:
        return []
    n = len(shown)
    # which sentences take their short form: fewest first, the later ones first
    masks = sorted(
        range(1 << n),
        key=lambda m: (bin(m).count("1"), -sum(i for i in range(n) if m >> i & 1)),
    )
    for mask in masks:
        chosen = [s.shortened() if mask >> i & 1 else s for i, s in enumerate(shown)]
        if sum(len(wrap(str(s), width)) for s in chosen) <= rows:
            return chosen
    return [s.shortened() for s in shown]
