"""The start menu's key line: the screen's keys, drawn the way Textual's Footer draws them,
as one widget.

Textual's Footer is a container that composes one widget a key, and composes them again
each time the screen's bindings change: on the start menu that was about a quarter of
the work before the first frame (``benchmarks/startup.py``). ``KeyBar`` reads
the same bindings (only those shown, one key an action, dimmed when the screen says the
action cannot run now) and draws them as one line of text; a click on a key presses it,
as the Footer does. The command palette's key sits on the right.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey  # the class the Footer composes (not exported)


class KeyBar(Widget, can_focus=False):
    """One line of the screen's keys at its foot."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "keybar--key",
        "keybar--description",
        "keybar--disabled",
        "keybar--separator",
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
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._spans: list[tuple[int, int, str]] = []
        """Where each key is drawn: (first cell, cell after it, key)."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen) -> None:
        if self.is_attached and screen is self.screen:
            self.refresh()

    def keys(self) -> list[tuple[str, str, str, bool]]:
        """The keys shown, left to right: (key, how it is shown, description, enabled)."""
        seen: set[str] = set()
        out = []
        palette = self.app.COMMAND_PALETTE_BINDING
        for key, (_node, binding, enabled, _tip) in self.screen.active_bindings.items():
            if not binding.show or binding.action in seen or key == palette:
                continue
            seen.add(binding.action)
            out.append(
                (binding.key, self.app.get_key_display(binding), binding.description, enabled)
            )
        return out

    def _palette(self) -> tuple[str, str, str, bool] | None:
        if not self.app.ENABLE_COMMAND_PALETTE:
            return None
        found = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if found is None:
            return None
        _node, binding, enabled, _tip = found
        return binding.key, self.app.get_key_display(binding), binding.description, enabled

    def _item(
        self, key: str, shown: str, description: str, enabled: bool, tight: bool = False
    ) -> Text:
        key_style = self.get_component_rich_style("keybar--key")
        desc_style = self.get_component_rich_style("keybar--description")
        if not enabled:
            dim = self.get_component_rich_style("keybar--disabled")
            key_style, desc_style = key_style + dim, desc_style + dim
        tail = "" if tight else " "  # tight: the next key's own margin parts the two
        return Text.assemble((f" {shown} ", key_style), (f"{description}{tail}", desc_style))

    def render(self) -> Text:
        """The keys on one line; when they do not fit the width, the spaces after the
        descriptions go, then keys before the last (Quit stays), never a cut word."""
        right = Text()
        palette = self._palette()
        if palette is not None:
            key, shown, description, _enabled = palette
            right = Text.assemble(
                ("▏", self.get_component_rich_style("keybar--separator")),
                (shown, self.get_component_rich_style("keybar--key")),
                (f" {description} ", self.get_component_rich_style("keybar--description")),
            )
        keys = self.keys()
        width = self.size.width or 10_000
        items = [self._item(*k) for k in keys]
        if sum(t.cell_len for t in items) > width:
            items = [self._item(*k, tight=True) for k in keys]
        while len(items) > 1 and sum(t.cell_len for t in items) > width:
            del items[-2], keys[-2]  # the last key (Quit) stays
        line = Text(no_wrap=True, overflow="crop", end="")
        spans = []
        for item, k in zip(items, keys):
            start = line.cell_len
            line.append_text(item)
            spans.append((start, line.cell_len, k[0]))
        if palette is not None:
            room = self.size.width - line.cell_len - right.cell_len
            if room >= 0:
                line.append(" " * room)
                spans.append((line.cell_len + 1, line.cell_len + right.cell_len, key))
                line.append_text(right)
        self._spans = spans
        return line

    def key_at(self, x: int) -> str | None:
        """The key drawn at cell ``x`` of the line, if any."""
        return next((key for start, end, key in self._spans if start <= x < end), None)

    def on_click(self, event: events.Click) -> None:
        """A click on a key presses it, as the Footer's keys do."""
        key = self.key_at(event.x)
        if key is not None:
            event.stop()
            self.app.simulate_key(key)


class KeyFooter(Footer):
    """Textual's Footer, for the screens whose keys change as they are used (the table,
    the dialogs): each key it composes is made in the footer's own style at once.

    A new key starts compact and is then bound to the footer's style; each of the two
    changes worked out the key's CSS again, and the footer composes its keys anew at every
    change of bindings: that was a tenth of a table's work. Setting the key's style before
    it mounts leaves nothing to change.
    """

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget
