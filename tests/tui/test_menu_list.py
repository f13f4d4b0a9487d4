"""PgUp/PgDn on a list with no room to lay out its options (found by the pilot fuzz,
issue 14): Textual's OptionList raised KeyError and closed the app; MenuList pages nothing."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import OptionList

from dominoes_tui.tui.widgets.menu_list import MenuList


class ListApp(App[None]):
    CSS = "#box { height: 0; }"

    def __init__(self, cls: type[OptionList]) -> None:
        super().__init__()
        self.cls = cls

    def compose(self) -> ComposeResult:
        yield self.cls(*[f"house {i}" for i in range(14)], id="box")


async def _page(cls: type[OptionList]) -> BaseException | None:
    app = ListApp(cls)
    try:
        async with app.run_test(size=(40, 10)) as pilot:
            box = app.query_one(OptionList)
            box.focus()
            box.highlighted = 6
            await pilot.press("pageup", "pagedown")
            await pilot.pause()
            assert app.is_running
    except Exception as e:  # noqa: BLE001 - what Textual's own list raises
        return e
    return None


@pytest.mark.parametrize("cls", [MenuList])
async def test_paging_a_list_with_no_room_does_nothing(cls) -> None:
    assert await _page(cls) is None


async def test_textuals_own_list_fails_there() -> None:
    """The case is real: without MenuList the same keys raise (if Textual fixes it, this
    test says so and MenuList can go)."""
    assert isinstance(await _page(OptionList), (KeyError, IndexError))
