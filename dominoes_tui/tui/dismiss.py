"""What every screen the app lays over another needs: it is dismissed once.

A fast double press (Enter on a button and its key, Esc twice) or a key that arrives
before the screen has finished opening must not close it twice, close the screen
under it, or close it before it is on show.
"""

from __future__ import annotations

from typing import Any

from textual.await_complete import AwaitComplete


class DismissOnce:
    """Mix in before a Textual ``Screen``: :meth:`dismiss` closes it once, and only while
    it is in front; one asked for before the screen has opened waits until it has."""

    _dismissed = False

    def dismiss(self, result: Any = None) -> AwaitComplete:
        screen: Any = self
        if self._dismissed or screen.app.screen is not screen:
            return AwaitComplete.nothing()
        if not screen.is_mounted:  # opened and closed in one burst: after it has opened

            def later() -> None:
                screen.dismiss(result)  # not awaited: a screen may not await its own

            screen.call_later(later)
            return AwaitComplete.nothing()
        self._dismissed = True
        return super().dismiss(result)  # type: ignore[misc]

    def focus_on(self, selector: str) -> None:
        """Focus the widget ``selector`` names, if the screen still has it (a screen closed
        in the same burst that opened it has none by the time it mounts)."""
        screen: Any = self
        for widget in screen.query(selector):
            widget.focus()
            return
