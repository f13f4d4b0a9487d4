"""The message line under the felt: what just happened, then what to do now.

Two rows: the session's note (a hint, a refused key, a draw) and its prompt
("Your turn: …"), each on its own row, wrapped rather than cut; when both do not
fit, the prompt and then the note take their short forms
(:func:`dominoes_tui.table.words.fit_lines`). Never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from ...table.words import Sentence, fit_lines, wrap

TONE_STYLES = {"refusal": "bold #ff8866", "question": "bold", "prompt": "bold"}
"""How the lead words of a sentence are drawn, by its tone."""
TEXT_STYLES = {"prompt": "#ffe9a8", "note": "#cfe0d6", "refusal": "#ffb59e", "question": "#ffe9a8"}


def sentence_rows(sentences: Sequence[Sentence], width: int, rows: int) -> list[Text]:
    """The rows drawn for ``sentences`` in ``width`` x ``rows`` cells."""
    out: list[Text] = []
    for s in fit_lines(sentences, width, rows):
        plain = str(s)
        lead = len(s.lead)
        pos = 0
        for part in wrap(plain, width):
            start = plain.index(part, pos)
            t = Text(style=TEXT_STYLES.get(s.tone, ""))
            for i, ch in enumerate(part):
                style = TONE_STYLES.get(s.tone, "bold") if start + i < lead else ""
                t.append(ch, style=style)
            out.append(t)
            pos = start + len(part)
    return out[:rows]


class MessageBar(Widget):
    """The note and the prompt, fitted to the bar's rows."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.sentences: tuple[Sentence, ...] = ()

    def show(self, sentences: Sequence[Sentence]) -> None:
        self.sentences = tuple(sentences)
        self.refresh()

    @property
    def rows(self) -> list[Text]:
        width, height = self.content_size
        return sentence_rows(self.sentences, max(width, 1), max(height, 1))

    @property
    def text(self) -> str:
        """What the bar shows, as plain text (one string per row)."""
        return "\n".join(t.plain for t in self.rows)

    def render(self) -> Text:
        return Text("\n").join(self.rows)
