"""The colour themes: dark felt, light, high contrast (Textual's theme system).

Each theme is a Textual :class:`~textual.theme.Theme` whose ``variables`` name the
table's own colours: ``$felt`` (the table), ``$felt-dark`` (the rails: the seats, the move
log), ``$felt-edge``, ``$bar`` (the message bar), ``$box`` (a dialog), ``$ink``,
``$ink-soft`` and ``$ink-dim`` (text), ``$gold`` (borders, titles), ``$cream`` (what
asks for a key), ``$tile`` and ``$tile-ink`` (a tile and its pips), ``$tile-last`` (the
tile just laid), ``$tile-new``, ``$tile-raised``, ``$tile-dim`` and ``$tile-dim-ink``
(the hand), ``$end`` and ``$end-ask`` (an open end; one you may lay on now), ``$mark``
(whose turn, what to do now), ``$alert`` (a double to satisfy, a matador) and
``$marker`` (a train open to all). ``dominoes.tcss`` uses them, and the widgets that draw
tiles read them here (:func:`table_colors`), so the felt, the tiles and the marks all
follow the theme. The app registers these themes only (the palette's theme picker lists
them) and applies the player's on start (``store.settings``'s ``theme``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache, partial
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter
from textual.theme import BUILTIN_THEMES, Theme, ThemeProvider

from ..store.settings import describe

DARK = "dominoes-dark"
LIGHT = "dominoes-light"
CONTRAST = "dominoes-contrast"

_DARK_COLORS = {
    "felt": "#0f3d2e",
    "felt-dark": "#0a2e22",
    "felt-edge": "#2e5e4b",
    "bar": "#0c3326",
    "box": "#1e2b26",
    "ink": "#e8efe9",
    "ink-soft": "#cfe0d6",
    "ink-dim": "#9fb8ab",
    "gold": "#d9b24a",
    "cream": "#ffe9a8",
    "tile": "#f3ecd8",
    "tile-ink": "#1d1a14",
    "tile-last": "#f7d98b",
    "tile-new": "#cfe3f4",
    "tile-raised": "#fffaf0",
    "tile-hover": "#fff3d0",
    "tile-dim": "#8c8676",
    "tile-dim-ink": "#4a463d",
    "spinner": "#e6c98a",
    "end": "#d9b24a",
    "end-ask": "#ffe066",
    "end-off": "#6f9c84",
    "mark": "#ffe066",
    "alert": "#b03a2e",
    "alert-ink": "#ffffff",
    "marker": "#ff7a5c",
    "pick": "#6b1d14",
    "good": "#7ee07e",
    "warn": "#f0a050",
    "bad": "#ff8f80",
    "partner": "#8fd0ff",
}

_LIGHT_COLORS = {
    "felt": "#cfe3d6",
    "felt-dark": "#b5d1bf",
    "felt-edge": "#6e9b83",
    "bar": "#e6efe8",
    "box": "#f4f7f2",
    "ink": "#10231b",
    "ink-soft": "#23392f",
    "ink-dim": "#4b6457",
    "gold": "#8a5a00",
    "cream": "#5a3a00",
    "tile": "#fffdf6",
    "tile-ink": "#1d1a14",
    "tile-last": "#ffd866",
    "tile-new": "#bcdcf7",
    "tile-raised": "#ffffff",
    "tile-hover": "#fff0c2",
    "tile-dim": "#a9b3ad",
    "tile-dim-ink": "#3d4541",
    "spinner": "#e6c98a",
    "end": "#c99520",
    "end-ask": "#ffcc00",
    "end-off": "#4b6457",
    "mark": "#a33b00",
    "alert": "#b03a2e",
    "alert-ink": "#ffffff",
    "marker": "#c2410c",
    "pick": "#6b1d14",
    "good": "#1e7a32",
    "warn": "#9a4a00",
    "bad": "#b3261e",
    "partner": "#0b5aa8",
}

_CONTRAST_COLORS = {
    "felt": "#000000",
    "felt-dark": "#000000",
    "felt-edge": "#ffffff",
    "bar": "#000000",
    "box": "#000000",
    "ink": "#ffffff",
    "ink-soft": "#ffffff",
    "ink-dim": "#e0e0e0",
    "gold": "#ffff00",
    "cream": "#ffff00",
    "tile": "#ffffff",
    "tile-ink": "#000000",
    "tile-last": "#00ffff",
    "tile-new": "#a0e0ff",
    "tile-raised": "#ffff00",
    "tile-hover": "#e0e0e0",
    "tile-dim": "#5c5c5c",
    "tile-dim-ink": "#ffffff",
    "spinner": "#ffd000",
    "end": "#ffff00",
    "end-ask": "#00ff00",
    "end-off": "#a0a0a0",
    "mark": "#ffff00",
    "alert": "#c000c0",
    "alert-ink": "#ffffff",
    "marker": "#ff8000",
    "pick": "#0000ff",
    "good": "#00ff00",
    "warn": "#ffaa00",
    "bad": "#ff6060",
    "partner": "#00ffff",
}

_BASE = BUILTIN_THEMES["textual-dark"]
THEMES: dict[str, Theme] = {
    # Textual's own dark theme with the table's colours: its buttons, footer and notes
    DARK: replace(_BASE, name=DARK, variables={**_BASE.variables, **_DARK_COLORS}),
    LIGHT: Theme(
        name=LIGHT,
        primary="#2e6b52",
        secondary="#8a5a00",
        accent="#a33b00",
        warning="#a35a00",
        error="#b3261e",
        success="#1e7a32",
        foreground="#10231b",
        background="#cfe3d6",
        surface="#e6efe8",
        panel="#b5d1bf",
        dark=False,
        variables={**_LIGHT_COLORS, "footer-key-foreground": "#8a2c00"},
    ),
    CONTRAST: Theme(
        name=CONTRAST,
        primary="#ffff00",
        secondary="#ffffff",
        accent="#00ffff",
        warning="#ffaa00",
        error="#ff4040",
        success="#00ff00",
        foreground="#ffffff",
        background="#000000",
        surface="#000000",
        panel="#1a1a1a",
        dark=True,
        variables={**_CONTRAST_COLORS, "footer-key-foreground": "#ffff00"},
    ),
}

DEFAULT_COLORS: dict[str, str] = dict(_DARK_COLORS)
"""What ``$felt`` and the others are under a theme that does not name them."""


def table_colors(app: Any) -> dict[str, str]:
    """The current theme's table colours (``"tile"``, ``"tile-ink"``, ``"mark"``…) as
    ``#rrggbb`` strings, for widgets that paint with Rich styles."""
    try:
        variables = app.current_theme.variables
    except Exception:  # noqa: BLE001 - no app yet (a widget drawn on its own): the dark felt
        return DEFAULT_COLORS
    return {**DEFAULT_COLORS, **variables}


ALIASES = {
    "#9fb8ac": "ink-dim",
    "#9fbfae": "ink-dim",
    "#9fc3ae": "ink-dim",
    "#e0c870": "mark",
    "#ffcc66": "mark",
    "#ffa040": "warn",
    "#d9904a": "warn",
    "#ff5f4f": "bad",
    "#ff8866": "bad",
    "#ffb59e": "bad",
    "#f7d98b": "tile-last",
}
"""Other shades the widgets paint with, and the colour each stands for."""


def colour_map(name: str) -> dict[str, str]:
    """``#rrggbb`` of the dark felt → the same thing's colour in theme ``name`` (empty for
    the dark felt itself, and for a theme that names none of the table's colours)."""
    theme = THEMES.get(name)
    if theme is None or name == DARK:
        return {}
    mine = {**DEFAULT_COLORS, **theme.variables}
    out = {hex_: mine[key] for key, hex_ in _DARK_COLORS.items() if key in mine}
    out.update({hex_: mine[key] for hex_, key in ALIASES.items() if key in mine})
    # white and black stay themselves: a theme's own text may be either
    return {k: v for k, v in out.items() if k != v and k not in ("#ffffff", "#000000")}


class ThemeColours(LineFilter):
    """What the widgets paint with Rich styles in the dark felt's colours (a tile, a mark,
    a seat's name) in the theme's colours instead: the app's line filter (CSS colours are
    the theme's already, through the ``$felt``… variables)."""

    def __init__(self) -> None:
        super().__init__(enabled=False)
        self.name = DARK

    def use(self, name: str) -> None:
        self.name = name
        self.enabled = bool(colour_map(name))

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        name = self.name
        return [
            Segment(text, _recolour(name, style), control) if style is not None else seg
            for seg in segments
            for text, style, control in (seg,)
        ]


@lru_cache(4096)
def _recolour(name: str, style: Style) -> Style:
    table = colour_map_cached(name)
    colour, bgcolor = style.color, style.bgcolor
    new_colour = _swap(table, colour)
    new_bg = _swap(table, bgcolor)
    if new_colour is None and new_bg is None:
        return style
    return style + Style(color=new_colour, bgcolor=new_bg)


def _swap(table: dict[str, str], colour: Any) -> str | None:
    if colour is None or colour.triplet is None:
        return None
    return table.get(colour.triplet.hex)


@lru_cache(16)
def colour_map_cached(name: str) -> dict[str, str]:
    return colour_map(name)


class ThemeWords(ThemeProvider):
    """The palette's theme picker (Textual's), naming each theme in the player's words
    ("Dark felt", "High contrast"), as the Settings screen does, not by its id."""

    @property
    def commands(self) -> list[tuple[str, Callable[[], None]]]:
        def use(name: str) -> None:
            self.app.theme = name

        shown = [name for name in THEMES if name in self.app.available_themes]
        return [(theme_words(name), partial(use, name)) for name in shown]


def theme_words(name: str) -> str:
    """A theme as the player reads it: ``Dark felt``."""
    words = describe("theme", name)
    return words[:1].upper() + words[1:]
