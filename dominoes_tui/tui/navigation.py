"""The screens one screen opens over another: the Review, a replay and a practice deal.

A screen posts :class:`~.messages.OpenReview`, :class:`~.messages.OpenReplay` or
:class:`~.messages.PlayDeal`; the app pushes the screen (screens never import each other
to push one). :class:`~.app.DominoesApp` and the replay app of ``dominoes replay`` are
both a :class:`NavigatingApp`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import partial
from typing import Any

from textual import work
from textual.app import App, SystemCommand
from textual.command import CommandPalette
from textual.screen import Screen

from ..store import settings as player_settings
from .dismiss import DismissOnce
from .messages import OpenReplay, OpenReview, PlayDeal
from .themes import DEFAULT_COLORS, THEMES, ThemeColours, ThemeWords


def safe_palette(**kwargs: Any) -> Screen[None]:
    """Ctrl+P's palette, made safe to close while it is still searching (Esc right after
    typing: Textual's search would look for its list after the list is gone), and closed
    once (Enter on a command it is about to pick by itself)."""
    from textual.css.query import NoMatches

    class Palette(DismissOnce, CommandPalette):
        @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
        async def _gather_commands(self, search_value: str) -> None:
            try:
                await CommandPalette._gather_commands.__wrapped__(self, search_value)  # type: ignore[attr-defined]
            except Exception:
                if not self._gone():
                    raise  # open: a real failure
                # closed meanwhile: nothing left to show the commands in

        def _gone(self) -> bool:
            try:
                return self not in self.app.screen_stack
            except Exception:  # noqa: BLE001 - no app any more (closed before it began)
                return True

        def _action_command_list(self, action: str) -> None:
            try:
                super()._action_command_list(action)
            except (KeyError, IndexError, NoMatches):
                pass  # PgUp/PgDn while the list is being filled: nothing to move to yet

    kwargs.setdefault("id", "--command-palette")
    return Palette(**kwargs)


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
        """A command palette to push, safe to close (:func:`safe_palette`)."""
        return safe_palette(**kwargs)

    def action_command_palette(self) -> None:
        """Ctrl+P: the palette, unless one is open anywhere in the stack."""
        if not self.use_command_palette:
            return
        if any(s.has_class("--textual-command-palette") for s in self.screen_stack):
            return  # one palette at a time: a second one would reuse its widget id
        self.push_screen(self.palette())

    def key_commands(
        self,
        screen: Screen[Any],
        named: Mapping[str, tuple[str, str]],
        ours: Collection[str] = (),
    ) -> list[SystemCommand]:
        """Ctrl+P's entries for the keys of the screen in front that can run now, each
        with its words and key: ``named`` gives an action's title and description, else its
        key's description and tooltip (a key hidden from the footer without a tooltip is
        left out). ``ours``: the titles of the app's own commands, listed after these in
        its words: Textual's keys of the same title (its ^q Quit) are left out."""
        out: list[SystemCommand] = []
        actions: set[str] = set()
        for node, binding, enabled, _tip in screen.active_bindings.values():
            words = named.get(binding.action)
            if not enabled or binding.action in actions or binding.action.startswith("app."):
                continue
            if node is self and (words or (binding.description,))[0] in ours:
                continue  # Textual's own key for a command the app lists in its words
            if words is None and not (binding.description and (binding.show or binding.tooltip)):
                continue  # a hidden key with no words of its own (the menu's Tab)
            key = self.get_key_display(binding)
            title, help_text = words or (binding.description, binding.tooltip)
            actions.add(binding.action)
            out.append(
                SystemCommand(
                    title,
                    f"{help_text or title} ({key})",
                    partial(screen.run_action, binding.action),
                )
            )
        return out

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
