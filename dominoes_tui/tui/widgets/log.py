"""The move log: who did what, where, newest at the bottom, each entry wrapped whole.

It never scrolls: it always ends with the last move (the whole match's log opens
with ``l``, :class:`LogScreen`). Earlier hands are dimmed; each seat's name is
bold, yours in another colour.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from ...table.words import LogEntry, wrap
from .keybar import KeyBar

YOU_STYLE = "bold #ffe9a8"
SEAT_STYLE = "bold #f3ecd8"
NOTE_STYLE = "dim"


NBSP = "\u00a0"
_GLUE = re.compile(r" (the|scoring|drew|and) (\S+)")


def _glued(text: str) -> str:
    """Keep "the 4", "scoring 10" and the last short word on one row (no lone "4"; a
    seat's name is kept whole by :func:`~dominoes_tui.table.words.wrap` itself)."""
    text = _GLUE.sub(lambda m: f" {m.group(1)}{NBSP}{m.group(2)}", text)
    head, sep, last = text.rpartition(" ")
    if sep and len(last) <= 4:
        text = f"{head}{NBSP}{last}"
    return text


def entry_rows(entry: LogEntry, width: int, current: int | None = None) -> list[Text]:
    """One entry's rows: the seat's name bold, the rest wrapped with an indent."""
    old = current is not None and entry.hand_no != current
    name = entry.text[: len(entry.text) - len(entry.what)].rstrip() if entry.what else ""
    glued = _glued(entry.text)
    rows = wrap(glued, width)
    if len(rows) > 1:  # the continuation rows indented by two
        rows = [rows[0]] + [f"  {r}" for r in wrap(glued[len(rows[0]) :].strip(), width - 2)]
    rows = [r.replace(NBSP, " ") for r in rows]
    out = []
    for i, part in enumerate(rows):
        t = Text(style=NOTE_STYLE if old or entry.seat is None else "")
        if i == 0 and name and part.startswith(name):
            t.append(name, style=YOU_STYLE if entry.seat == 0 else SEAT_STYLE)
            t.append(part[len(name) :])
        else:
            t.append(part)
        out.append(t)
    return out


class MoveLog(Widget):
    """Shows the tail of the log; it always ends with the last move."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: list[LogEntry] = []
        self.hand_no: int | None = None

    def show(self, entries: Sequence[LogEntry] | Sequence[str], hand_no: int | None = None) -> None:
        self.entries = [
            e if isinstance(e, LogEntry) else LogEntry(0, None, "note", e) for e in entries
        ]
        self.hand_no = hand_no
        self.refresh()

    @property
    def lines(self) -> list[str]:
        return [e.text for e in self.entries]

    def render(self) -> Text:
        width, height = self.size
        if height <= 0 or width <= 0:
            return Text()
        rows: list[Text] = []
        for e in reversed(self.entries[-height:]):  # whole entries only, newest at the bottom
            more = entry_rows(e, width, self.hand_no)
            if len(rows) + len(more) > height:
                break
            rows = more + rows
        return Text("\n").join(rows)


class LogScreen(ModalScreen[None]):
    """The whole match's move log, hand by hand (``l``); it opens at the latest move."""

    BINDINGS = [Binding("escape,l,q", "close", "Close", tooltip="Close the move log")]

    def __init__(self, entries: Sequence[LogEntry], title: str = "Moves") -> None:
        super().__init__()
        self.entries = list(entries)
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="rules"):
            yield Static(self.title_text, id="dialog-title")
            with VerticalScroll(id="full-log"):
                text = Text()
                for i, e in enumerate(self.entries):
                    if i:
                        text.append("\n")
                    style = NOTE_STYLE if e.seat is None else ""
                    name = e.text[: len(e.text) - len(e.what)] if e.what else ""
                    if name:
                        text.append(name, style=YOU_STYLE if e.seat == 0 else SEAT_STYLE)
                        text.append(e.what, style=style)
                    else:
                        text.append(e.text, style=style)
                yield Static(text or Text("No moves yet."), id="full-log-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#full-log", VerticalScroll).scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
