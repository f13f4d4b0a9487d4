"""The screens one screen opens over another: the Review, a replay and a practice deal.

A screen posts :class:`~.messages.OpenReview`, :class:`~.messages.OpenReplay` or
:class:`~.messages.PlayDeal`; the app pushes the screen (screens never import each other
to push one). :class:`~.app.DominoesApp` and the replay app of ``dominoes replay`` are
both a :class:`NavigatingApp`.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.command import CommandPalette

from ..store import settings as player_settings
from .messages import OpenReplay, OpenReview, PlayDeal
from .themes import DEFAULT_COLORS, THEMES, ThemeColours, ThemeWords


class NavigatingApp(App[None]):
    """An app that opens the Review, a replay and a practice deal when a screen asks.

    The screens are imported when first opened: the start menu's first frame loads none
    of them (start-up speed, tests/project/test_startup_imports.py)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._theme_colours = ThemeColours()
        self.settings_problems = self._use_themes()
        """What the player's settings file holds that is not a choice (one sentence each)."""

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._theme_changed)

    def palette(self, **kwargs: Any) -> Any:
        """A command palette to push (the game's app makes its own, safe to close)."""
        return CommandPalette(**kwargs)

    # ------------------------------------------------------------ themes
    def _use_themes(self) -> list[str]:
        """Our themes only (the palette's theme picker lists them), the player's applied;
        what their settings file holds that is not a choice (the app says it once)."""
        for name in list(self.available_themes):
            if name not in THEMES:
                self.unregister_theme(name)
        for theme in THEMES.values():
            self.register_theme(theme)
        mine, problems = player_settings.load_checked()
        self.theme = mine.theme
        self._theme_colours.use(mine.theme)
        return problems

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """``$felt``, ``$tile``… for a theme that names none (tui/themes.py)."""
        return dict(DEFAULT_COLORS)

    def get_line_filters(self) -> Any:
        """Textual's filters, and the one that gives the widgets' own colours the theme's."""
        filters = list(super().get_line_filters())
        if self._theme_colours.enabled:
            filters.append(self._theme_colours)
        return filters

    def _theme_changed(self, theme: Any) -> None:
        """A theme picked (the Settings screen, the palette's theme picker): kept, and the
        table repainted in it."""
        self._theme_colours.use(theme.name)
        kept = player_settings.load_settings().theme
        if player_settings.offered("theme", theme.name) and kept != theme.name:
            player_settings.remember("theme", theme.name)
        self.refresh(repaint=True, layout=True)
        for screen in self.screen_stack:
            screen.refresh(repaint=True)
            for widget in screen.walk_children():
                widget.refresh()

    def search_themes(self) -> None:
        """The palette's theme picker (Textual's), made as safe to close as the palette. It
        has an id of its own: picked from the palette, it may open while the palette is still
        closing (a busy machine), and two screens of one id in the stack is an error; one
        picker at a time (the Theme command chosen twice in a burst opens one)."""
        if any(screen.id == "theme-palette" for screen in self.screen_stack):
            return
        self.push_screen(
            self.palette(
                providers=[ThemeWords], placeholder="Search for themes…", id="theme-palette"
            )
        )

    def practice_options(self) -> dict[str, Any]:
        """How a practice table plays here: the player's pace and tiles (settings)."""
        from ..table import Pace  # start-up speed: the table session loads the engine

        mine = player_settings.load_settings()
        return {"pace": Pace.named(mine.pace), "tile_style": mine.tiles}

    def on_open_review(self, message: OpenReview) -> None:
        from .screens.review import ReviewScreen  # start-up speed (see the class)

        self.push_screen(ReviewScreen(message.job))

    def on_open_replay(self, message: OpenReplay) -> None:
        from .screens.replay import ReplayScreen  # start-up speed (see the class)

        rec = message.record
        if isinstance(self.screen, ReplayScreen) and self.screen.record.id == rec.id:
            return  # this match's replay is in front already (Enter twice)
        try:
            ReplayScreen.check(rec)
        except ValueError as e:
            self.notify(
                f"Match {rec.id} cannot be replayed: {e}.", severity="warning", markup=False
            )
            return
        self.push_screen(ReplayScreen(rec, message.hands))

    def on_play_deal(self, message: PlayDeal) -> None:
        """A hand played again (a practice deal) over the screens there are."""
        from .screens.practice import open_practice  # start-up speed (see the class)

        open_practice(self, message.practice, replace=message.replace, **self.practice_options())
