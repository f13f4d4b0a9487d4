"""Fixtures and a key-presses-only driver for the table's pilot tests."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest
from pilot_helpers import (  # noqa: F401  (the tests import them from here)
    first_legal,
    settle,
    settle_and_read,
)
from rich.console import Console
from table_helpers import act_as_person
from textual.app import App
from textual.css.stylesheet import Stylesheet
from textual.notifications import Notification
from textual.pilot import Pilot
from textual.screen import Screen

from dominoes_tui import store
from dominoes_tui.engine import HAND_OVER, Draw, Game, Pass, Play, PlayDoubles, Stop, load_variant
from dominoes_tui.table import EndQuestion, Pace, PlaceQuestion, TableSession, TouchQuestion
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.dialogs import HandOverScreen, MatchOverScreen
from dominoes_tui.tui.screens.options import ChoiceRow
from dominoes_tui.tui.screens.table import TableScreen

_parse_rules = Stylesheet._parse_rules
_parsed: dict[tuple, list] = {}


def _parse_rules_once(self: Stylesheet, css: str, read_from, *args, **kwargs) -> list:
    """Textual parses every widget's CSS again for each app (about 40 ms an app here); these
    tests start hundreds of apps in a process, so the rules parsed from one CSS text, at one
    place, with one theme's variables, are kept for the next app."""
    key = (css, read_from, args, tuple(kwargs.items()), frozenset(self._variables.items()))
    rules = _parsed.get(key)
    if rules is None:
        rules = _parsed[key] = _parse_rules(self, css, read_from, *args, **kwargs)
    return rules


Stylesheet._parse_rules = _parse_rules_once


_draw_frame = Screen._compositor_refresh
_run_test = App.run_test


def _frame_not_drawn(screen: Screen) -> None:
    """A headless app has no terminal: Textual draws each frame and throws it away. Here the
    top screen's frames are not drawn (the layout, the regions and the mouse-over are still
    worked out); screens below a dialog, and apps with a terminal, as Textual does."""
    app = screen.app
    if not (app.is_headless and not app.is_inline and screen is app.screen):
        _draw_frame(screen)
        return
    screen._compositor._dirty_regions.clear()
    screen._dirty_widgets.clear()
    app._update_mouse_over(screen)


@asynccontextmanager
async def _run_test_drawing_the_last_frame(app: App, *args, **kwargs) -> AsyncIterator[Pilot]:
    async with _run_test(app, *args, **kwargs) as pilot:
        yield pilot
        if app.is_running:  # the last position drawn, whole: a drawing error fails the test
            width, height = app.size
            out = Console(width=width, height=height, file=io.StringIO(), force_terminal=True)
            out.print(
                app.screen._compositor.render_update(
                    full=True, screen_stack=app._background_screens
                )
            )


@pytest.fixture(autouse=True)
def _frames(request, monkeypatch):
    """The pilot tests' frames are not drawn (about 30 % of these tests' CPU went on drawing
    frames a headless app throws away), but each app's last one is, whole, when its test
    ends; snapshots draw their own. A test marked ``frames`` draws every frame, as the
    app does in a terminal: the fuzzers, and the tests of what a frame's drawing works
    out (the line's and the hand's cells the mouse finds, a train scrolled by the wheel)."""
    if request.node.get_closest_marker("frames") is None:
        monkeypatch.setattr(Screen, "_compositor_refresh", _frame_not_drawn)
        monkeypatch.setattr(App, "run_test", _run_test_drawing_the_last_frame)


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(tmp_path))
    # the coach's question was answered already ("No thanks": the coach is off): the
    # question would cover every table; tests/tui/test_around.py and test_coach_panel.py
    # remove this to see it, and tests/tui/test_review_coach.py turns the coach on: its
    # tips and questions would move the others.
    (tmp_path / "settings.json").write_text(
        '{"coach_level": "off", "coach_asked": true}', encoding="utf-8"
    )


@pytest.fixture(autouse=True)
def _levels(test_levels):
    """The tests' own CPU levels' ratings (tests/conftest.py): the options', the stats'
    and the match-over's ratings do not move when the levels are calibrated again."""


@pytest.fixture(autouse=True)
def _played_before(monkeypatch):
    """The player has finished a match before (as the coach was offered already, above):
    tables and options play the house's own clock. A newcomer's untimed first match
    (issue 24) is tested with the ``newcomer`` fixture, which undoes this."""
    monkeypatch.setattr(store, "played_a_match", lambda home=None: True)
    monkeypatch.setattr(store, "clock_offered", lambda home=None: False)


@pytest.fixture
def newcomer(monkeypatch):
    """No finished match in the history (the store's own answers, from the empty home)."""
    monkeypatch.setattr(store, "played_a_match", PLAYED_A_MATCH)
    monkeypatch.setattr(store, "clock_offered", CLOCK_OFFERED)


PLAYED_A_MATCH = store.played_a_match
CLOCK_OFFERED = store.clock_offered

TOAST_SECONDS_LEFT = 1e6
"""What every toast has left in these tests: none expires while a test runs."""


@pytest.fixture(autouse=True)
def _toasts_stay(monkeypatch):
    """A toast stays until it is dismissed or cleared, whatever its timeout: a snapshot
    or a check then shows the same toasts however slowly the machine runs (a six-second
    toast was there or gone by the time a snapshot was taken, under load)."""
    monkeypatch.setattr(Notification, "time_left", property(lambda n: TOAST_SECONDS_LEFT))


def said_in_passing(app) -> list[str]:
    """What is said in passing now: the toasts up, and the table's notes under its move
    log (a toast raised while the table is in front is said there, issue 24)."""
    out = [n.message for n in app._notifications]
    table = app.table
    if table is not None and table.is_mounted:
        out += table.notes
    return out


def make_app(variant: str = "classic", seed: int = 5, **overrides) -> DominoesApp:
    """An app with no CPU pause and a fixed test CPU, so tests are quick and exact.

    Untimed unless a test asks for a clock (classic's own is 15 minutes, R-T-4): a
    running clock would put real seconds into snapshots; test_table_clock.py drives
    the clock with a fake time source."""
    overrides.setdefault("clock_minutes", 0)
    rules = load_variant(variant, **overrides)
    return DominoesApp(rules=rules, seed=seed, level="easy", delay=0, player_factory=first_legal)


def played(
    variant: str = "classic",
    seed: int = 5,
    until: Callable[[Game], bool] | None = None,
    back: int = 0,
    **overrides,
) -> Game:
    """The game ``make_app(variant, seed, **overrides)`` reaches by :func:`play_until`,
    played headlessly on a :class:`TableSession`: the CPU seats as :class:`FirstLegal`,
    the person by the session's own calls making :func:`take_turn`'s choices, each
    hand-over going on to the next hand; up to the first position where ``until(game)``
    holds (None: the match's end), then ``back`` actions taken back. Mount it with
    :func:`app_at` instead of pressing keys all the way there."""
    overrides.setdefault("clock_minutes", 0)
    rules = load_variant(variant, **overrides)
    s = TableSession(
        rules, seed, "easy", player_factory=first_legal, pace=Pace.from_delay(0), autosave=False
    )
    s.start()
    for _ in range(20_000):
        g = s.game
        if until(g) if until is not None else g.is_over:
            break
        assert not g.is_over, "the match ended before the asked position"
        if s.cpu_request is not None:
            s.run_cpu()
        elif s.pending is not None:
            pass  # a shown move (the CPU's, a forced one): tick lays it
        elif g.phase == HAND_OVER:
            s.next_hand()
        else:
            assert s.my_turn
            _take_turn_headless(s)
        s.tick()
    else:
        raise AssertionError("the game did not reach the asked position")
    game = s.game
    if back:
        game = type(game).replay(rules, seed, game.log[:-back])
    return game


def _take_turn_headless(s: TableSession) -> None:
    """:func:`take_turn`'s choice, made by the session's calls its keys make."""
    act_as_person(s, s.game.legal_actions()[0])


def app_at(game: Game, **kwargs) -> DominoesApp:
    """An app as :func:`make_app` makes it whose table opens on ``game`` (from
    :func:`played` or ``Game.from_position``): the same seed, no CPU pause, the test CPU.
    The session starts there, so the log shows no earlier hand."""
    return DominoesApp(
        game=game, seed=game.seed, level="easy", delay=0, player_factory=first_legal, **kwargs
    )


async def press_to_select(pilot, index: int) -> None:
    """Move the selection to ``index`` with ←/→ presses."""
    table: TableScreen = pilot.app.table
    n = len(table.session.hand())
    cur = table.selected or 0
    delta = (index - cur) % n
    if delta <= n // 2:
        for _ in range(delta):
            await pilot.press("right")
    else:
        for _ in range((n - delta) % n):
            await pilot.press("left")
    assert table.selected == index


async def play_by_keys(pilot, action: Play) -> None:
    """Play ``action`` as a person does: raise its tile, Enter, then answer what the table
    asks (the end by the arrow the felt shows, the train, arm or toe by its number, a
    matador's way round). Waits for nothing after."""
    table: TableScreen = pilot.app.table
    await press_to_select(pilot, table.session.hand().index(action.tile))
    await pilot.press("enter")
    if isinstance(table.session.question, EndQuestion):  # which end: the arrow it shows
        arrow = table.session.end_arrows.get(action.end, "←→↑↓"[action.end])
        await pilot.press({"←": "left", "→": "right", "↑": "up", "↓": "down"}[arrow])
    q = table.session.question
    if isinstance(q, PlaceQuestion):  # which train, arm or toe: the number it shows
        await pilot.press(str(q.places.index(action.end) + 1))
    if isinstance(q, TouchQuestion):  # a matador either way round (R-MT-2)
        await pilot.press("left" if action.touch == q.touches[0] else "right")


async def take_turn(pilot) -> None:
    """Play the person's turn by keys: the first legal action the engine lists."""
    table: TableScreen = pilot.app.table
    legal = table.game.legal_actions()
    action = legal[0]
    if isinstance(action, Play):
        await play_by_keys(pilot, action)
    elif isinstance(action, PlayDoubles):
        await pilot.press("t")
    elif isinstance(action, Draw):
        await pilot.press("d")
    elif isinstance(action, Pass):
        await pilot.press("p")
    elif isinstance(action, Stop):
        await pilot.press("s")
    await settle(pilot)


async def play_until(pilot, done, limit: int = 2000) -> None:
    """Take the person's turns (and press Enter on hand-over) until ``done(app)``."""
    app = pilot.app
    await settle(pilot)
    for _ in range(limit):
        if done(app):
            return
        screen = app.screen
        if isinstance(screen, HandOverScreen):
            await pilot.press("enter")
            await settle(pilot)
        elif isinstance(screen, MatchOverScreen):
            return
        elif isinstance(screen, TableScreen) and screen.my_turn:
            await take_turn(pilot)
        else:
            await settle(pilot)
    raise AssertionError("the game did not reach the expected point")


async def focus_row(pilot, key: str) -> ChoiceRow:
    """Focus the options screen's row of ``key`` (as a click or Tab would; the row's own
    keys are what the tests press), and return it."""
    rows = [r for r in pilot.app.screen.query(ChoiceRow) if r.key == key]
    assert rows, f"no row for {key}"
    rows[0].focus()
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()  # the screen's scroll to the row, done
    assert pilot.app.screen.focused is rows[0]
    return rows[0]
