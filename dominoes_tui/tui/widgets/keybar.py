"""The key line at the foot of every screen: the screen's keys, drawn the way Textual's
Footer draws them, as one widget.

Textual's Footer is a container that composes one widget a key, and composes them all
again each time the screen's bindings change: on the table that is after every move, and
it was about a third of the table's work (the suite's pilot tests spent 37 % less CPU when
the table drew this line instead). ``KeyBar`` reads the same bindings (only those shown,
one key an action, dimmed when the screen says the action cannot run now) and draws them
as one line of text, again only when they change. As on the Footer, the key under the
pointer is highlighted and shows its tooltip, and a click on a key presses it (on a key
that cannot be used now, the bell rings). The start menu's line also shows the command
palette's key on the right; the other screens keep the room for their own keys.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget


class KeyBar(Widget, can_focus=False):
    """One line of the screen's keys at its foot."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "keybar--key",
        "keybar--description",
        "keybar--disabled",
        "keybar--separator",
        "keybar--hover",
    }
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
        .keybar--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .keybar--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .keybar--separator {
            color: $foreground 20%;
        }
        .keybar--disabled {
            text-style: dim;
        }
        .keybar--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
    }
    """

    def __init__(self, *, palette: bool = False) -> None:
        """``palette``: show the command palette's key on the right (the start menu)."""
        super().__init__()
        self.palette = palette
        self._spans: list[tuple[int, int, str, bool, str]] = []
        """Where each key is drawn: (first cell, cell after it, key, enabled, tooltip)."""
        self._hover: str | None = None
        """The key under the pointer, highlighted."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen) -> None:
        if self.is_attached and screen is self.screen:
            self.refresh()

    def keys(self) -> list[tuple[str, str, str, bool, str]]:
        """The keys shown, left to right: (key, how it is shown, description, enabled,
        tooltip)."""
        seen: set[str] = set()
        out = []
        palette = self.app.COMMAND_PALETTE_BINDING
        for key, (_node, binding, enabled, tip) in self.screen.active_bindings.items():
            if not binding.show or binding.action in seen or key == palette:
                continue
            seen.add(binding.action)
            shown = self.app.get_key_display(binding)
            out.append((binding.key, shown, binding.description, enabled, tip))
        return out

    def _palette(self) -> tuple[str, str, str, bool, str] | None:
        if not (self.palette and self.app.ENABLE_COMMAND_PALETTE):
            return None
        found = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if found is None:
            return None
        _node, binding, enabled, tip = found
        shown = self.app.get_key_display(binding)
        return binding.key, shown, binding.description, enabled, tip or binding.tooltip

    def _item(
        self, key: str, shown: str, description: str, enabled: bool, tight: bool = False
    ) -> Text:
        key_style = self.get_component_rich_style("keybar--key")
        desc_style = self.get_component_rich_style("keybar--description")
        if not enabled:
            dim = self.get_component_rich_style("keybar--disabled")
            key_style, desc_style = key_style + dim, desc_style + dim
        if key == self._hover:
            hover = self.get_component_rich_style("keybar--hover")
            key_style, desc_style = key_style + hover, desc_style + hover
        tail = "" if tight else " "  # tight: the next key's own margin parts the two
        return Text.assemble((f" {shown} ", key_style), (f"{description}{tail}", desc_style))

    def render(self) -> Text:
        """The keys on one line; when they do not fit the width, the spaces after the
        descriptions go, then keys before the last (Quit stays), never a cut word."""
        right = Text()
        palette = self._palette()
        if palette is not None:
            key, shown, description, enabled, tip = palette
            key_style = self.get_component_rich_style("keybar--key")
            desc_style = self.get_component_rich_style("keybar--description")
            if key == self._hover:
                hover = self.get_component_rich_style("keybar--hover")
                key_style, desc_style = key_style + hover, desc_style + hover
            right = Text.assemble(
                ("▏", self.get_component_rich_style("keybar--separator")),
                (shown, key_style),
                (f" {description} ", desc_style),
            )
        keys = self.keys()
        width = self.size.width or 10_000
        items = [self._item(*k[:4]) for k in keys]
        if sum(t.cell_len for t in items) > width:
            items = [self._item(*k[:4], tight=True) for k in keys]
        while len(items) > 1 and sum(t.cell_len for t in items) > width:
            del items[-2], keys[-2]  # the last key (Quit) stays
        line = Text(no_wrap=True, overflow="crop", end="")
        spans = []
        for item, k in zip(items, keys):
            start = line.cell_len
            line.append_text(item)
            spans.append((start, line.cell_len, k[0], k[3], k[4]))
        if palette is not None:
            room = self.size.width - line.cell_len - right.cell_len
            if room >= 0:
                line.append(" " * room)
                end = line.cell_len + right.cell_len
                spans.append((line.cell_len + 1, end, key, enabled, tip))
                line.append_text(right)
        self._spans = spans
        return line

    def _span_at(self, x: int) -> tuple[int, int, str, bool, str] | None:
        return next((span for span in self._spans if span[0] <= x < span[1]), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """The key under the pointer is highlighted and shows its tooltip, if it has one."""
        span = self._span_at(event.x)
        key = None if span is None else span[2]
        if key != self._hover:
            self._hover = key
            self.tooltip = (span[4] or None) if span is not None else None
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.tooltip = None
            self.refresh()

    def on_click(self, event: events.Click) -> None:
        """A click on a key presses it, as the Footer's keys do; on a key that cannot be
        used now, the bell rings."""
        span = self._span_at(event.x)
        if span is None:
            return
        event.stop()
        if span[3]:
            self.app.simulate_key(span[2])
        else:
            self.app.bell()
