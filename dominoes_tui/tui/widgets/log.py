"""The move log: the newest moves that fit, wrapped, newest at the bottom."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget


class MoveLog(Widget):
    """Shows the tail of the log; it never scrolls, so it always ends with the last move."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[str] = []

    def show(self, lines: Sequence[str]) -> None:
        self.lines = list(lines)
        self.refresh()

    def render(self) -> Text:
        width, height = self.size
        if height <= 0 or width <= 0:
            return Text()
        rows: list[tuple[str, str]] = []
        for line in self.lines:
            style = "dim" if line.startswith("—") else ""
            for part in textwrap.wrap(line, width=width, subsequent_indent="  ") or [""]:
                rows.append((part, style))
        text = Text()
        for i, (part, style) in enumerate(rows[-height:]):
            if i:
                text.append("\n")
            text.append(part, style=style)
        return text
