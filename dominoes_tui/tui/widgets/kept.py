"""Text wrapped between words at plain spaces only, so that words the words layer joins
with a no-break space stay on one row (``CPU 2: 12`` never becomes ``CPU`` / ``2: 12``).

Rich and Textual wrap at any whitespace, the no-break space included; the message bar and
the move log wrap with :func:`dominoes_tui.table.words.wrap`, which keeps it. This module
does the same for a styled :class:`~rich.text.Text` and for a Static that shows one.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.widgets import Static

from ...table.words import wrap

__all__ = ["KeptStatic", "kept_wrap"]


def kept_wrap(text: Text, width: int) -> Text:
    """``text`` in rows of at most ``width`` cells, broken at plain spaces (and its own
    line breaks) only, its styles kept.

    >>> kept_wrap(Text("Resume, You: 0 – CPU\\u00a02:\\u00a012 – Ada: 3"), 22).plain.split("\\n")
    ['Resume, You: 0 –', 'CPU\\xa02:\\xa012 – Ada: 3']
    """
    rows: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        plain = line.plain
        pos = 0
        for part in wrap(plain, width) if plain.strip() else [""]:
            start = plain.index(part, pos) if part else pos
            rows.append(line[start : start + len(part)])
            pos = start + len(part)
    return Text("\n").join(rows)


class KeptStatic(Static):
    """A Static whose text is wrapped by :func:`kept_wrap` at its width (again when the
    width changes)."""

    def __init__(self, text: Text, **kwargs: Any) -> None:
        super().__init__(text, **kwargs)
        self.kept = text
        self._wrapped_at = 0

    def keep(self, text: Text) -> None:
        """Show ``text`` (wrapped at the current width)."""
        self.kept = text
        self._wrapped_at = 0
        self._wrap()

    def on_resize(self, event: events.Resize) -> None:
        self._wrap()

    def _wrap(self) -> None:
        width = self.content_size.width
        if width <= 0:
            self.update(self.kept)
        elif width != self._wrapped_at:
            self._wrapped_at = width
            self.update(kept_wrap(self.kept, width))
