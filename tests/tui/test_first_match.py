"""A newcomer's first match is gentle (issue 24): no finished match in the history means
no chess clock and a Medium CPU named as such, by `dominoes play` and by the options
screen (where the untimed first match is said, and not remembered); from the second
match on the house's clock is the default again, offered, not imposed. Headless: what
the store says of a newcomer."""

from __future__ import annotations

import json

import pytest
from conftest import settle
from test_replay_stats import cpu_match, info
from test_start_options import focus_row, menu_app, open_options
from typer.testing import CliRunner

from dominoes_tui import cli, options, store
from dominoes_tui.engine import load_variant
from dominoes_tui.store import settings
from dominoes_tui.tui import app as tui_app
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.dialogs import CoachOfferScreen

SIZE = (80, 24)


def finish_a_match() -> None:
    assert store.finish_match(cpu_match("classic", 1), info()).problem is None


def play_app(**kw) -> DominoesApp:
    """``dominoes play`` with no clock flag (the house's own rules, the default CPU)."""
    return DominoesApp(rules=load_variant("classic"), seed=5, delay=0, untimed_first=True, **kw)


def seats_row(app: DominoesApp) -> str:
    return str(app.table.query_one("#seats").render())


# ------------------------------------------------------------ the store
@pytest.mark.usefixtures("newcomer")
def test_a_newcomer_has_finished_no_match() -> None:
    assert not store.played_a_match()  # no history at all
    g = cpu_match("classic", 2, steps=6)
    assert store.abandon_match(g, info()).problem is None
    assert not store.played_a_match()  # a match left unfinished does not count
    assert store.History().finished_count() == 0
    finish_a_match()
    assert store.played_a_match() and store.History().finished_count() == 1


# ------------------------------------------------------------ dominoes play
@pytest.mark.usefixtures("newcomer")
async def test_the_first_match_has_no_clock_and_a_medium_cpu() -> None:
    app = play_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = app.table.session
        assert s.clock is None and s.rules.clock_minutes == 0 and s.rules.turn_seconds == 0
        assert s.level == "medium"
        row = seats_row(app)
        assert "CPU (Medium)" in row and ":" not in row  # the level named; no time shown


@pytest.mark.usefixtures("newcomer")
async def test_the_rematch_of_a_first_match_has_the_house_clock() -> None:
    app = play_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = app.table.session
        assert s.clock is None
        again = s.rematch().rules
        assert again.clock_minutes == 15 and again.turn_seconds == s.rules.turn_seconds
        assert again.replace(clock_minutes=0) == s.rules  # nothing else changes


@pytest.mark.usefixtures("newcomer")
async def test_the_house_clock_from_the_second_match_on() -> None:
    finish_a_match()
    app = play_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = app.table.session
        assert s.rules.clock_minutes == 15 and s.clock is not None
        assert "15:00" in seats_row(app)


@pytest.mark.usefixtures("newcomer")
async def test_a_clock_asked_for_is_kept_even_in_the_first_match() -> None:
    app = DominoesApp(rules=load_variant("classic", clock_minutes=10), seed=5, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.table.session.clock.seconds == 600


@pytest.mark.usefixtures("newcomer")
async def test_a_newcomer_never_offered_the_coach_meets_no_clock() -> None:
    """The first table of a first-time player: the coach's offer over a table without a
    clock (the issue saw 14:58 → 14:54 before the first move)."""
    store.data_dir().mkdir(parents=True, exist_ok=True)
    (store.data_dir() / "settings.json").write_text("{}", "utf-8")  # never asked
    app = play_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CoachOfferScreen)
        assert app.table.session.clock is None


@pytest.mark.parametrize(
    ("args", "untimed"),
    [
        ([], True),
        (["--clock", "10"], False),
        (["--variant", "double-first", "--turn-limit", "30"], False),
    ],
)
def test_play_leaves_the_clock_to_the_first_match_rule_unless_asked(
    monkeypatch, args, untimed
) -> None:
    calls: list[dict] = []
    monkeypatch.setattr(tui_app, "run_app", lambda **kw: calls.append(kw))
    result = CliRunner().invoke(cli.app, ["play", *args])
    assert result.exit_code == 0, result.output
    assert calls[0]["untimed_first"] is untimed


@pytest.mark.parametrize(
    ("args", "minutes", "untimed"),
    [([], 10, True), (["--clock", "5"], 5, False), (["--turn-limit", "30"], 10, False)],
)
def test_play_starts_from_the_settings_clock_unless_a_flag_says(
    monkeypatch, args, minutes, untimed
) -> None:
    """The Settings clock (10) is a new match's; ``--clock`` wins; a newcomer's first
    match stays untimed unless a flag asks (its rematch has the clock: next_rules)."""
    settings.remember_setting("clock", 10)
    calls: list[dict] = []
    monkeypatch.setattr(tui_app, "run_app", lambda **kw: calls.append(kw))
    result = CliRunner().invoke(cli.app, ["play", "--variant", "double-first", *args])
    assert result.exit_code == 0, result.output
    assert calls[0]["rules"].clock_minutes == minutes
    assert calls[0]["untimed_first"] is untimed


# ------------------------------------------------------------ the options screen
@pytest.mark.usefixtures("newcomer")
async def test_the_options_offer_an_untimed_first_match_then_the_house_clock() -> None:
    app = menu_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_options(pilot, "classic")
        row = await focus_row(pilot, "clock_minutes")
        assert row.value == 0
        summary = str(screen.query_one("#summary").render())
        assert "Your first match is untimed" in summary and "(15 min)" in summary
        assert "Differs from the house" not in summary  # the untimed first match is no choice
        await pilot.press("s")
        await settle(pilot)
        assert app.table.session.clock is None
        assert app.table.session.rematch().rules.clock_minutes == 15  # the second match's
    kept = json.loads(options.options_path().read_text("utf-8"))["classic"]
    assert "clock_minutes" not in kept  # not remembered: the next match offers the house's
    finish_a_match()
    app = menu_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_options(pilot, "classic")
        row = await focus_row(pilot, "clock_minutes")
        assert row.value == 15  # offered as the default …
        assert "untimed" not in str(screen.query_one("#summary").render())
        await pilot.press("left")  # … not imposed: the person turns it down
        await pilot.pause()
        assert screen.choices["clock_minutes"] < 15


@pytest.mark.usefixtures("newcomer")
async def test_a_newcomer_who_sets_a_clock_keeps_it() -> None:
    app = menu_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_options(pilot, "classic")
        await focus_row(pilot, "clock_minutes")
        await pilot.press("right")  # from "no clock" to the next clock offered
        await pilot.pause()
        minutes = screen.choices["clock_minutes"]
        assert minutes > 0 and "untimed" not in str(screen.query_one("#summary").render())
        await pilot.press("s")
        await settle(pilot)
        assert app.table.session.clock.seconds == minutes * 60
    kept = json.loads(options.options_path().read_text("utf-8"))["classic"]
    assert kept["clock_minutes"] == minutes


@pytest.mark.usefixtures("newcomer")
async def test_a_newcomers_settings_clock_is_the_next_matchs_not_off() -> None:
    """The Settings clock (15) at a house without one (draw): the first match is untimed,
    the words name the player's clock (not the house's "off"), and the rematch has it."""
    settings.remember_setting("clock", 15)
    app = menu_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_options(pilot, "draw")
        row = await focus_row(pilot, "clock_minutes")
        assert row.value == 0 and screen.untimed == {"clock_minutes"}
        summary = str(screen.query_one("#summary").render())
        assert "from your next one your clock (15 min) is the default" in summary
        assert "off a turn" not in summary and "house's clock" not in summary
        await pilot.press("s")
        await settle(pilot)
        assert app.table.session.clock is None
        assert app.table.session.rematch().rules.clock_minutes == 15
    assert settings.load_settings().clock == 15  # the player's own setting stays
