"""Settings: the player's own settings, the same at every house.

Pace, tiles, coach, the clock of a new match, the move log, the bell on your turn and the
theme, one row each: ↑/↓ choose a row, ←/→ (or Enter, or a click) change it, Esc goes
back. Each change is kept at once in the player's settings file
(:mod:`dominoes_tui.store.settings`; the coach's through :mod:`dominoes_tui.store.player`)
and the app is told (:class:`~..messages.SettingsChanged`) so the theme and the table
follow it now. A house's own rules stay on its table options screen.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from ...store import settings
from ..dismiss import DismissOnce
from ..messages import SettingsChanged
from ..widgets.keybar import KeyBar
from .coach_row import (
    COACH_HELP,
    COACH_LABEL,
    coach_choices,
    coach_value,
    coach_words,
    keep_coach,
)
from .options import ChoiceRow

LABEL_WIDTH = 19
ROOMY = 30
"""From this many rows up, each row shows its explanation under it."""

ROWS = ("pace", "tiles", "coach", "clock", "log", "bell", "theme")
"""The rows, in order (``coach`` is the coach's, the others are ``settings.CHOICES``)."""


class SettingRow(ChoiceRow):
    """One setting: the options screen's row (``Label   ◀ value ▶``; ←/→ or a click
    changes it), Enter too; each change is kept at once by ``on_change``."""

    DEFAULT_CSS = """
    SettingRow {
        color: $ink;
    }
    """

    BINDINGS = [Binding("enter", "step(1)", "Change", show=False)]
    ID_PREFIX = "setting"


class SettingsScreen(DismissOnce, Screen[None]):
    """The player's settings, kept as they change; Esc goes back."""

    DEFAULT_CSS = """
    SettingsScreen {
        background: $felt;
        color: $ink;
        align: center top;
    }
    SettingsScreen #settings-box {
        width: 80;
        max-width: 100%;
        height: 1fr;
        background: $box;
        border: round $gold;
        border-title-color: $cream;
        border-title-style: bold;
        padding: 0 1;
    }
    SettingsScreen #settings-intro {
        height: auto;
        color: $ink-soft;
        margin-bottom: 1;
    }
    SettingsScreen #settings-rows {
        height: auto;
        max-height: 1fr;
    }
    SettingsScreen #settings-help {
        height: 3;
        color: $cream;
        background: $bar;
        padding: 0 1;
        margin-top: 1;
    }
    SettingsScreen.-roomy SettingRow {
        height: 2;
    }
    SettingsScreen.-roomy #settings-help {
        display: none;
    }
    SettingsScreen #settings-buttons {
        height: 3;
        align: center middle;
    }
    """

    BINDINGS = [
        Binding("escape", "back", "Back", tooltip="Back to where you were, the settings kept"),
    ]

    def compose(self) -> ComposeResult:
        box = Vertical(id="settings-box")
        box.border_title = "Settings"
        mine = settings.load_settings()
        with box:
            yield Static(
                "Yours at every house, kept for next time. A house's rules are on its "
                "table options.",
                id="settings-intro",
            )
            with VerticalScroll(id="settings-rows", can_focus=False):
                for key in ROWS:
                    if key == "coach":
                        yield SettingRow(
                            key,
                            COACH_LABEL,
                            COACH_HELP,
                            coach_choices(),
                            coach_value(),
                            coach_words,
                            on_change=self.row_changed,
                        )
                        continue
                    yield SettingRow(
                        key,
                        settings.LABELS[key],
                        settings.HELP[key],
                        settings.CHOICES[key],
                        getattr(mine, key),
                        lambda v, key=key: settings.describe(key, v),
                        on_change=self.row_changed,
                    )
            yield Static(id="settings-help")
            with Vertical(id="settings-buttons"):
                yield Button("Back (Esc)", id="back")
        yield KeyBar()

    def on_mount(self) -> None:
        self.set_class(self.app.size.height >= ROOMY, "-roomy")
        rows = self.query(SettingRow)
        if rows:  # (a screen being taken down as it mounts has none)
            rows.first().focus()
        self.show_help()
        # a theme picked meanwhile in the palette's theme picker: the row says it
        self.app.theme_changed_signal.subscribe(self, self._theme_picked)

    def _theme_picked(self, theme: Any) -> None:
        rows = self.query("#setting-theme")
        if not rows:  # the screen is being taken down
            return
        row = rows.first(SettingRow)
        if settings.offered("theme", theme.name) and row.value != theme.name:
            row.value = theme.name
            row.refresh()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.height >= ROOMY, "-roomy")

    def show_help(self) -> None:
        row = self.focused if isinstance(self.focused, SettingRow) else None
        said = "↑/↓ choose a setting, ←/→ or Enter change it, Esc goes back."
        for help_ in self.query("#settings-help"):  # none on a screen being taken down
            help_.update(f"{row.help_text}\n{said}" if row else said)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.show_help()

    def row_changed(self, row: SettingRow) -> None:
        """Kept at once; the app applies it (the theme, the table)."""
        if row.key == "coach":
            keep_coach(row.value)
        else:
            settings.remember_setting(row.key, row.value)
        self.app.post_message(SettingsChanged(row.key))

    def action_back(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_back()
