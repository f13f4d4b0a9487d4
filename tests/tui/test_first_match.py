"""A newcomer's first match is gentle (issue 24): no finished match in the history means
no chess clock and a Medium CPU named as such, by `dominoes play` and by the options
screen (where the untimed first match is said, and not remembered); from the second
match on the house's clock is the default again, offered, not imposed. Headless: what
the store says of a newcomer."""

from __future__ import annotations

import json

import pytest
from conftest import first_legal, play_until, settle, take_turn
from test_replay_stats import cpu_match, info
from test_start_options import focus_row, menu_app, open_options
from textual.widgets import Button
from typer.testing import CliRunner

from dominoes_tui import cli, options, store
from dominoes_tui.engine import load_variant
from dominoes_tui.store import settings
from dominoes_tui.table.words import clock_offer_words
from dominoes_tui.tui import app as tui_app
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.dialogs import CoachOfferScreen, MatchOverScreen

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
async def test_the_rematch_of_a_first_match_offers_the_house_clock() -> None:
    """Offered, not imposed: the rematch is untimed like the first match unless the
    person takes the clock (c on the match-over), and its own rematch offers it again."""
    app = play_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = app.table.session
        assert s.clock is None and s.clock_offered
        same = s.rematch()
        assert same.rules == s.rules and same.next_rules == s.next_rules  # offered again
        again = s.rematch(clock=True).rules
        assert again.clock_minutes == 15 and again.turn_seconds == s.rules.turn_seconds
        assert again.replace(clock_minutes=0) == s.rules  # nothing else changes
        assert s.rematch(clock=True).next_rules is None  # timed: nothing more to offer


def match_over_app(**kw) -> DominoesApp:
    """``dominoes play`` of a single hand, no CPU pause: to its match-over quickly."""
    rules = load_variant("classic", target=0)
    return DominoesApp(rules=rules, seed=5, level="easy", delay=0, player_factory=first_legal, **kw)


@pytest.mark.usefixtures("newcomer")
@pytest.mark.parametrize(("key", "minutes"), [("c", 15), ("r", 0)])
async def test_the_match_over_offers_the_clock_and_the_person_chooses(key, minutes) -> None:
    app = match_over_app(untimed_first=True)
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, lambda a: isinstance(a.screen, MatchOverScreen))
        screen = app.screen
        offer = screen.query_one("#clock-offer")
        said = str(offer.render())
        assert said == clock_offer_words(app.table.session.next_rules)
        assert "c rematches with a clock: 15 min each" in said
        rows = len(offer.render().wrap(offer.content_region.width))
        assert offer.region.area and offer.content_region.height >= rows  # whole at 80x24
        buttons = [b.region for b in screen.query(Button)]
        assert not any(offer.region.overlaps(b) for b in buttons)
        await pilot.press(key)
        await settle(pilot)
        s = app.table.session
        assert s.rules.clock_minutes == minutes and (s.clock is not None) is (minutes > 0)
        assert s.clock_offered is (minutes == 0)  # declined: offered again after this one


async def test_no_offer_after_a_match_with_the_clock() -> None:
    app = match_over_app()
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, lambda a: isinstance(a.screen, MatchOverScreen))
        assert not app.screen.query("#clock-offer") and not app.table.session.clock_offered
        assert not app.screen.check_action("clock", ())
        await pilot.press("c")  # nothing to take: the match-over stays
        await pilot.pause()
        assert isinstance(app.screen, MatchOverScreen)


@pytest.mark.usefixtures("newcomer")
@pytest.mark.parametrize(
    "size", [pytest.param((100, 32), id="100x32"), pytest.param((80, 24), id="80x24")]
)
def test_the_clock_offer_snapshot(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await play_until(pilot, lambda a: isinstance(a.screen, MatchOverScreen))
        await settle(pilot)
        assert pilot.app.screen.query("#clock-offer")

    assert snap_compare(
        match_over_app(untimed_first=True), terminal_size=size, run_before=run_before
    )


@pytest.mark.usefixtures("newcomer")
async def test_a_resumed_first_match_still_offers_the_clock() -> None:
    """The rematch's clock is kept with the save (``MatchInfo.next_timing``): resumed,
    the untimed first match still offers it."""
    app = play_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await take_turn(pilot)
        assert store.load_autosave().saved.info.next_timing == {"clock_minutes": 15}
    app = DominoesApp(resume=True, delay=0, player_factory=first_legal)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = app.table.session
        assert s.waiting_for_key and s.clock is None
        assert s.clock_offered and s.next_rules.clock_minutes == 15
        assert s.rematch(clock=True).rules.clock_minutes == 15


@pytest.mark.usefixtures("newcomer")
async def test_after_an_untimed_match_play_stays_untimed_until_a_clock_is_taken() -> None:
    """A finished match without a clock: ``dominoes play`` still deals without one (its
    match-over offers it); once a match had a clock, the house's is the default."""
    g = cpu_match("classic", 1)
    untimed = type(g).replay(load_variant("classic", clock_minutes=0), g.seed, g.log)
    assert store.finish_match(untimed, info()).problem is None
    assert store.played_a_match() and store.clock_offered()
    app = play_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.table.session.clock is None and app.table.session.clock_offered
    finish_a_match()  # a match with the house's clock
    assert not store.clock_offered()


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
        s = app.table.session  # the second match's clock: offered at the match-over
        assert s.clock_offered and s.rematch(clock=True).rules.clock_minutes == 15
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
        assert app.table.session.rematch(clock=True).rules.clock_minutes == 15
    assert settings.load_settings().clock == 15  # the player's own setting stays
