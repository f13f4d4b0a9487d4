"""The screens one screen opens over another: the Review, a replay and a practice deal.

A screen posts :class:`~.messages.OpenReview`, :class:`~.messages.OpenReplay` or
:class:`~.messages.PlayDeal`; the app pushes the screen (screens never import each other
to push one). :class:`~.app.DominoesApp` and the replay app of ``dominoes replay`` are
both a :class:`NavigatingApp`.
"""

from __future__ import annotations

from typing import Any

from textual.app import App

from .messages import OpenReplay, OpenReview, PlayDeal


class NavigatingApp(App[None]):
    """An app that opens the Review, a replay and a practice deal when a screen asks.

    The screens are imported when first opened: the start menu's first frame loads none
    of them (start-up speed, tests/project/test_startup_imports.py)."""

    def practice_options(self) -> dict[str, Any]:
        """How a practice table plays here: the player's pace and tiles (settings)."""
        from ..store.settings import load_settings  # start-up speed: read when a deal is played
        from ..table import Pace  # start-up speed: the table session loads the engine

        mine = load_settings()
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
