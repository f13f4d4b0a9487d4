"""Textual's OptionList, safe to page before it has room to lay its options out.

An OptionList measures its options only once it has a size; PgUp/PgDn pressed while it has
none (a window resized too small, a list filled again in the same burst of keys) raised a
KeyError inside Textual and closed the app. Found by tests/tui/test_pilot_fuzz.py.
"""

from __future__ import annotations

from textual.widgets import OptionList


class MenuList(OptionList):
    """An OptionList whose page keys do nothing while no option has been laid out."""

    def action_page_up(self) -> None:
        try:
            super().action_page_up()
        except (KeyError, IndexError):  # no lines yet: nothing to page through
            pass

    def action_page_down(self) -> None:
        try:
            super().action_page_down()
        except (KeyError, IndexError):
            pass
