"""Issue 24, one teacher at the table: the coach's tip in its own panel under the move
log (never over the line, the hand, the prompt, the clocks or a dialog's buttons, and
never over another screen), gone with its position; the one question at the first table
(Guide / Tips / No thanks), asked once, and "No thanks" silencing the coach for a whole
match; the first matches' allowance counting finished matches only. Snapshots of the
panel with a tip at 80×24 and 100×32.

The coach's look at each move is rigged (every move worth the same: never a blunder),
so no question comes unless a test asks for one, and Expert never runs here.
"""

from __future__ import annotations

import pytest
from conftest import make_app, play_until, press_to_select, settle, take_turn
from pilot_helpers import rig_judges
from textual.geometry import Region
from textual.widgets import Button, Static

from dominoes_tui.ai import review as rv
from dominoes_tui.engine import Play
from dominoes_tui.store import player, settings
from dominoes_tui.table.strategy import Point
from dominoes_tui.table.words import move_words
from dominoes_tui.tui import strategy_coach as tui_coach
from dominoes_tui.tui.messages import LeaveTable
from dominoes_tui.tui.screens.dialogs import CoachOfferScreen, HandOverScreen, MatchOverScreen
from dominoes_tui.tui.screens.settings import SettingRow, SettingsScreen
from dominoes_tui.tui.screens.table import TableScreen
from dominoes_tui.tui.strategy_coach import CoachQuestion, coach_of

SIZES = [pytest.param((100, 32), id="100x32"), pytest.param((80, 24), id="80x24")]
ONE_ROUND = rv.Budget(rounds=1, max_rounds=1)


def even(view, seed):
    """Every move as good as another: the coach never asks."""
    return dict.fromkeys(view.legal, 0.5)


@pytest.fixture(autouse=True)
def _never_a_blunder(monkeypatch):
    yield from rig_judges(monkeypatch, even)


def first_table() -> None:
    """A new player: nothing kept (tests/tui/conftest.py wrote the coach off)."""
    settings.settings_path().write_text("{}", encoding="utf-8")


def tips() -> None:
    player.set_level("tips")


def panel(app):
    return app.table.query_one("#coach-panel")


def panel_text(app) -> str:
    p = panel(app)
    return str(p.render()) if p.display else ""


async def until_a_tip(pilot) -> None:
    """Take turns until the coach panel shows a tip on the person's turn."""

    def shown(app) -> bool:
        t = app.table
        return (
            isinstance(app.screen, TableScreen)
            and t.my_turn
            and not t.busy
            and coach_of(t.session).tip_words() is not None
        )

    await play_until(pilot, shown)
    await pilot.pause()


def coach_words_on_screen(app) -> list[str]:
    """Every widget in front whose words are the coach's tip (the panel, or anything else
    that would carry the tip's text: a toast, a note)."""
    coach = coach_of(app.table.session)
    said = coach.last_point and coach.tip and coach.tip[1].text[:30].lower()
    out = []
    for w in app.screen.walk_children(with_self=False):
        if not w.display or not w.region.area:
            continue
        text = str(w.render()) if hasattr(w, "render") else ""
        if text.startswith("Coach:") or (said and said in text.lower()):
            out.append(w.id or type(w).__name__)
    return out


# ------------------------------------------------------------ the panel
async def test_the_tip_is_in_its_panel_and_goes_with_its_position() -> None:
    tips()
    app = make_app("classic", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_a_tip(pilot)
        table = app.table
        coach = coach_of(table.session)
        said = panel_text(app)
        assert said.startswith(f"Coach: {coach.tip[1].title}")
        assert coach.tip[1].text[1:20] in said  # the point's words, whole
        assert not app._notifications  # no toast: the panel is the coach's one place
        assert coach_words_on_screen(app) == ["coach-panel"]  # one copy
        # the whole tip reads in the panel (nothing cut off at 80x24)
        p = panel(app)
        assert p.content_region.height >= len(p.render().wrap(p.content_region.width)) >= 2
        # a move: the position has gone, and the tip with it (one a hand: no new one)
        hand = table.game.hand_no
        await take_turn(pilot)
        await settle(pilot)
        assert table.game.hand_no != hand or panel_text(app) == ""
        assert coach.tip_words() is None or table.game.hand_no != hand


async def test_the_tip_shows_with_the_move_log_hidden() -> None:
    """Move log off (Settings): only the log and its title go; the coach's tip stays."""
    tips()
    settings.remember_setting("log", False)
    app = make_app("classic", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_a_tip(pilot)
        table = app.table
        assert not table.query_one("#log").display and not table.query_one("#log-title").display
        p = panel(app)
        assert p.region.area and panel_text(app).startswith("Coach:")
        await take_turn(pilot)  # the tip gone with its position: the felt has its room back
        await settle(pilot)
        if not panel(app).display:
            assert table.query_one("#line").size.width == 80


async def test_the_settings_coach_row_changes_the_open_table() -> None:
    """The Coach row of Settings over a table: at that table at once, as on the F1 screen."""
    tips()
    app = make_app("classic", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_a_tip(pilot)
        coach = coach_of(app.table.session)
        assert coach.enabled
        app.push_screen(SettingsScreen())
        await pilot.pause()
        row = app.screen.query_one("#setting-coach", SettingRow)
        row.focus()
        while row.value != "off":
            await pilot.press("right")
            await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert player.load_player().level == "off"
        assert not coach.enabled and panel_text(app) == ""
        assert not app.table.session.coaching


async def test_the_tip_never_shows_over_another_screen() -> None:
    tips()
    app = make_app("classic", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_a_tip(pilot)
        assert panel_text(app)
        await pilot.press("l")  # the whole move log over the table
        await pilot.pause()
        assert not panel(app).display and not app._notifications
        await pilot.press("escape")
        await pilot.pause()
        assert panel_text(app)  # back at the same position: the same tip
        app.post_message(LeaveTable(to_menu=True))  # q: the app asks, then the menu
        await pilot.pause()
        assert not panel(app).display  # under the question: hidden
        assert coach_words_on_screen(app) == []


async def test_a_resumed_table_shows_no_old_tip() -> None:
    from dominoes_tui import store

    tips()
    app = make_app("classic", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_a_tip(pilot)
        hand = app.table.game.hand_no
    saved = store.load_autosave().saved
    assert saved is not None
    app = make_app("classic", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")  # resume the saved match
        await settle(pilot)
        table = app.table
        assert table.session.waiting_for_key and not panel(app).display
        await pilot.press("space")  # any key wakes the table
        await settle(pilot)
        coach = coach_of(table.session)
        assert table.game.hand_no != hand or coach.tip is None  # said before the save


# ------------------------------------------------------------ nothing covers the play
def _regions(app) -> dict[str, Region]:
    t = app.table
    out = {name: t.query_one(f"#{name}").region for name in ("line", "hand", "message", "top")}
    out["log"] = t.query_one("#log").region
    return out


async def test_no_coach_text_over_the_line_the_hand_the_prompt_or_the_clocks() -> None:
    """At 80x24, with a clock running: the coach panel's region overlaps none of the
    felt, the hand, the message line (the prompt), the seats and clocks, or the log."""
    tips()
    app = make_app("classic", seed=5, clock_minutes=15)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_a_tip(pilot)
        p = panel(app).region
        assert p.area and panel_text(app)
        for name, region in _regions(app).items():
            assert not p.overlaps(region), name
        assert p.right <= 80 and p.bottom <= app.table.query_one("#message").region.y


BROWSER = (133, 36)
"""The terminal the browser page opens at: ``dominoes serve`` in Chromium's 1200×800 window
(tests/web/test_serve_browser.py), textual-serve's 16px font: the page asks for 133×36."""


async def test_the_coach_panel_in_the_browsers_size() -> None:
    """The browser's page: the tip (the longest the coach says) and a note said in
    passing beside the felt, whole, over none of the line, the hand, the prompt, the
    seats and clocks or the log; no toast."""
    tips()
    app = make_app("classic", seed=5, clock_minutes=15)
    async with app.run_test(size=BROWSER) as pilot:
        await until_a_tip(pilot)
        table = app.table
        longest_tip(table)
        table.say("This match is casual now: a hint was used.")
        table.refresh_table()
        await pilot.pause()
        assert table.has_class("-wide") and not table.has_class("-big")
        note = table.query_one("#table-note")
        for shown in (panel(app), note):
            assert shown.display and shown.region.area
            width = shown.content_region.width
            assert shown.content_region.height >= len(shown.render().wrap(width))  # whole
            for name, region in _regions(app).items():
                assert not shown.region.overlaps(region), name
            assert shown.region.right <= BROWSER[0]
            assert shown.region.bottom <= table.query_one("#message").region.y
        assert panel_text(app).startswith("Coach: Shed heavy tiles")
        assert not list(app._notifications)


def rigged(view, seed):
    """The last legal move is the best (80%), the others about 40%: the first is a
    blunder, and the pilot's turns (the first legal move) are asked about."""
    legal = list(view.legal)
    return {a: (0.8 if i == len(legal) - 1 else 0.4 + 0.01 * i) for i, a in enumerate(legal)}


LONG = (
    "CPU has 1 tile left and your hand counts 61; if it goes out every pip counts against "
    "you. 6-5 fits now."
)


def longest_tip(table) -> None:
    """The coach's tip at its longest (:data:`LONG`), meaning two tiles other than the raised
    one, for the position on the table."""
    hand = table.session.hand()
    meant = tuple(t for t in hand if t != hand[table.selected])[:2]
    coach_of(table.session).tip = (
        table.session.token,
        Point("heavy", "Shed heavy tiles", LONG, meant),
    )


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_the_longest_tip_reads_whole_beside_the_felt(size) -> None:
    """A tip as long as the coach says them (eight rows at 80x24, with the tiles it means
    against the raised one) is drawn whole, under the log and above the prompt."""

    tips()
    app = make_app("classic", seed=5)
    async with app.run_test(size=size) as pilot:
        await until_a_tip(pilot)
        table = app.table
        longest_tip(table)
        coach = coach_of(table.session)
        hand = table.session.hand()
        table.refresh_table()
        await pilot.pause()
        p = panel(app)
        words = coach.tip_words()
        assert "not the raised" in words
        width = p.content_region.width
        rows = len(p.render().wrap(width))  # the panel's words, wrapped as drawn
        assert rows >= (7 if size[0] < 100 else 5) and p.content_region.height >= rows  # whole
        for name, region in _regions(app).items():
            if name != "log":
                assert not p.region.overlaps(region), name
        assert p.region.bottom <= table.query_one("#message").region.y
        # a raised tile that cannot go: the tip does not argue against it
        unfit = [i for i, t in enumerate(hand) if t not in table.session.fits()]
        if unfit:
            await press_to_select(pilot, unfit[0])
            assert "not the raised" not in coach.tip_words()
            assert "not the raised" not in panel_text(app)


async def test_no_coach_text_over_a_dialogs_buttons(monkeypatch) -> None:
    """The question before a costly move and the hand-over screen at 80x24: no coach
    text drawn where their buttons are (the panel is hidden under a dialog; no toast)."""
    tips()
    monkeypatch.setattr(tui_coach, "EVALUATOR", rigged)
    app = make_app("classic", seed=5)
    seen: list[str] = []

    def check(a) -> None:
        buttons = [b.region for b in a.screen.query(Button)]
        assert buttons and all(b.right <= 80 and b.bottom <= 24 for b in buttons)
        assert not panel(a).display and not a._notifications
        for w in a.screen.walk_children(with_self=False):
            if w.display and str(w.render()).startswith("Coach:"):
                assert not any(w.region.overlaps(b) for b in buttons), w

    def asked_then_over(a) -> bool:
        if isinstance(a.screen, CoachQuestion):
            check(a)
            seen.append("question")
            a.screen.dismiss("play")
        elif isinstance(a.screen, HandOverScreen):
            check(a)
            seen.append("hand over")
            return True
        return False

    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, asked_then_over)
    assert "question" in seen and seen[-1] == "hand over"


def no_coach_text_over_the_buttons(a) -> None:
    """The dialog in front: its buttons inside the screen, and nothing that speaks for the
    coach (the panel, a note, a toast, a "Coach:" bullet) drawn where they are."""
    buttons = [b.region for b in a.screen.query(Button)]
    width, height = a.size
    assert buttons and all(b.right <= width and b.bottom <= height for b in buttons)
    table = a.table
    if table is not None:  # hidden under the dialog
        assert not panel(a).display and not table.query_one("#table-note").display
    assert not list(a._notifications) and not a.screen.query("Toast")
    for w in a.screen.walk_children(with_self=False):
        if isinstance(w, Static) and not isinstance(w, Button) and w.display:
            if "coach" in str(w.render()).lower():
                assert not any(w.region.overlaps(b) for b in buttons), w


async def answer_play(pilot) -> None:
    """The coach's question, answered "Play it" (its check first)."""
    no_coach_text_over_the_buttons(pilot.app)
    await pilot.press("y")
    await settle(pilot)


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_no_coach_text_over_the_match_over_and_practice_over_buttons(
    monkeypatch, size
) -> None:
    """Tips on and a question that comes: the match-over dialog (Rematch, Review, New
    game, Quit), then "Deal again" and the practice hand's result (Again, Other seat,
    Review, Back): no coach text where their buttons are."""
    from dominoes_tui.tui.screens.practice import PracticeOverScreen, PracticeTableScreen

    tips()
    monkeypatch.setattr(tui_coach, "EVALUATOR", rigged)
    app = make_app("classic", seed=5, target=0)
    seen: list[str] = []

    async with app.run_test(size=size) as pilot:

        async def until(kind) -> None:
            for _ in range(400):
                if isinstance(app.screen, kind):
                    return
                if isinstance(app.screen, CoachQuestion):
                    seen.append("question")
                    await answer_play(pilot)
                elif isinstance(app.screen, HandOverScreen):
                    await pilot.press("enter")
                    await settle(pilot)
                elif isinstance(app.screen, TableScreen) and app.table.my_turn:
                    await take_turn(pilot)
                else:
                    await settle(pilot)
            raise AssertionError(f"no {kind.__name__}")

        await until(MatchOverScreen)
        no_coach_text_over_the_buttons(app)
        assert [str(b.label) for b in app.screen.query(Button)][-2:] == ["New game (n)", "Quit (q)"]
        await pilot.press("a")  # the same deal again: a practice hand, with the coach
        await settle(pilot)
        assert isinstance(app.table, PracticeTableScreen)
        await until(PracticeOverScreen)
        no_coach_text_over_the_buttons(app)
        assert "Back (Esc)" in [str(b.label) for b in app.screen.query(Button)]
    assert "question" in seen


async def test_no_coach_text_over_the_daily_results_buttons(monkeypatch) -> None:
    from test_daily_table import daily_app, over

    tips()
    monkeypatch.setattr(tui_coach, "EVALUATOR", rigged)
    app = daily_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            if over(app):
                break
            if isinstance(app.screen, CoachQuestion):
                await answer_play(pilot)
            elif isinstance(app.screen, TableScreen) and app.table.my_turn:
                await take_turn(pilot)
            else:
                await settle(pilot)
        assert over(app)
        no_coach_text_over_the_buttons(app)
        assert "Try again (r)" in [str(b.label) for b in app.screen.query(Button)]


async def test_h_in_the_question_takes_the_move_back_and_shows_the_hint(monkeypatch) -> None:
    """The question names the way forward: the better move, and h for the hint."""
    tips()
    monkeypatch.setattr(tui_coach, "EVALUATOR", rigged)
    app = make_app("classic", seed=5)

    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda a: isinstance(a.screen, CoachQuestion))
        question = app.screen
        s = app.table.session
        hand = s.hand()
        best = s.view().legal[-1]
        assert (
            f"take it back (n) and play {move_words(s.view(), best, s.names)}?" in question.question
        )
        assert question.question.endswith("(h shows the hint)")
        assert [str(b.label) for b in question.query(Button)] == [
            "Play it (y)",
            "Take it back (n)",
            "Hint (h)",
        ]
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and s.hand() == hand and s.my_turn
        assert str(s.message).startswith("Hint: ")  # the hint, for the position taken back


@pytest.mark.parametrize("agrees", [False, True])
async def test_no_tip_for_another_move_than_the_questions(monkeypatch, agrees) -> None:
    """The question names the best move: a tip speaking for another tile goes with it;
    one speaking for the best move's tile stays."""
    tips()
    monkeypatch.setattr(tui_coach, "EVALUATOR", rigged)

    def point(view, names, skip=()):
        if len(view.legal) < 2:
            return None  # the tip at the first turn the question can come at
        a = view.legal[-1 if agrees else 0]  # the best move's tile, or the blunder's
        return Point("test", "Play this", "play this tile now.", (a.tile,))

    monkeypatch.setattr(tui_coach, "strategy_point", point)
    app = make_app("classic", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda a: isinstance(a.screen, CoachQuestion))
        coach = coach_of(app.table.session)
        assert isinstance(app.table.session.view().legal[0], Play)
        assert coach.tip is None or coach.tip[0] == app.table.session.token
        assert (coach.tip is not None) is agrees
        await pilot.press("n")  # taken back: the same position, no tip for the blunder
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert (panel_text(app) != "") is agrees


# ------------------------------------------------------------ the one question
async def test_the_question_is_asked_once_in_one_dialog() -> None:
    first_table()
    app = make_app("classic", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CoachOfferScreen)
        labels = [str(b.label) for b in screen.query(Button)]
        assert labels == ["Guide (g)", "Tips (t)", "No thanks (n)"]
        for b in screen.query(Button):  # every answer reads whole at 80x24
            assert b.region.right <= 80 and b.region.bottom <= 23
        assert coach_words_on_screen(app) == []  # nothing else speaks meanwhile
        await pilot.press("t")
        await settle(pilot)
        s = player.load_player()
        assert (s.level, s.asked) == ("tips", True)
        assert coach_of(app.table.session).enabled and not app.table.session.coaching
    app = make_app("classic", seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if not isinstance(app.screen, TableScreen):
            await pilot.press("n")  # a new match, not the saved one
            await settle(pilot)
        assert not isinstance(app.screen, CoachOfferScreen)  # answered: never again
        assert isinstance(app.screen, TableScreen)


async def test_no_thanks_gives_no_coach_text_for_a_whole_match(monkeypatch) -> None:
    """ "No thanks": no guide line, no tip, no question, no Coach bullets after a hand,
    from the first turn to the match's end, with a judge that would ask: at the person's
    turns the move the pilot plays is a blunder to it, and a tip applies."""
    asked: list[object] = []

    def would_ask(view, seed):
        asked.append(view)
        return rigged(view, seed)

    monkeypatch.setattr(tui_coach, "EVALUATOR", would_ask)
    first_table()
    app = make_app("classic", seed=5, target=50)
    said: list[str] = []
    blunders: list[object] = []
    tips_there: list[object] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CoachOfferScreen)
        await pilot.press("n")
        await settle(pilot)
        assert player.load_player().now == "off"
        table = app.table
        session = table.session

        def look(a) -> bool:
            screen = a.screen
            said.extend(str(n.message) for n in a._notifications)
            said.extend(str(line) for line in session.lines)
            if isinstance(screen, TableScreen):
                said.append(panel_text(a))
                view = session.view()
                if session.my_turn and len(view.legal) > 1 and rv.is_decision(view):
                    j = rv.check_move(view, view.legal[0], ONE_ROUND, evaluator=rigged)
                    if j.mark == "blunder":  # the move take_turn plays: a coach would ask
                        blunders.append(view)
                    if tui_coach.strategy_point(view, session.names) is not None:
                        tips_there.append(view)
            if isinstance(screen, (HandOverScreen, MatchOverScreen)):
                said.append(str(screen.query_one("#breakdown").render()))
            assert not isinstance(screen, CoachQuestion)
            return isinstance(screen, MatchOverScreen)

        await play_until(pilot, look)
        assert session.match_over and len(session.game.results) >= 2
    assert blunders and tips_there  # a coach that was on would have spoken
    assert asked == []  # the coach never looked at a move
    assert not [t for t in said if "Coach" in t or "coach" in t]
    assert player.load_player().finished == 0  # the coach was not there to count


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_the_table_options_have_the_same_coach_row_as_settings(size) -> None:
    """The Coach setting on the table options too: the same choices, words and help as
    the Settings row, kept at once; Reset leaves it (the player's, not the house's), and
    the match started there is coached as it says."""
    from test_start_options import menu_app, open_options

    from dominoes_tui.tui.screens.coach_row import COACH_HELP
    from dominoes_tui.tui.screens.options import ChoiceRow, OptionsScreen

    tips()
    app = menu_app()
    async with app.run_test(size=size) as pilot:
        screen = await open_options(pilot, "classic")
        row = screen.query_one("#opt-coach", ChoiceRow)
        assert row.label == "Coach" and row.help_text == COACH_HELP
        assert row.value == "tips" and row.describe("tips") == "Tips"
        assert row.choices == player.LEVELS
        row.focus()
        await pilot.pause()
        row.scroll_visible(animate=False)
        await pilot.pause()
        assert row.region.area and row.region.right <= size[0]  # on the screen, whole
        drawn = str(row.render())
        assert "Coach" in drawn and "Tips" in drawn
        if size[1] < 30:  # its help on the help line
            assert COACH_HELP in str(screen.query_one("#help").render())
        while row.value != "off":
            await pilot.press("right")
            await pilot.pause()
        assert player.load_player().level == "off"  # kept at once, as on Settings
        screen.reset()
        assert row.value == "off"  # the player's setting: not the house's to reset
        while row.value != "guide":
            await pilot.press("left")
            await pilot.pause()
        assert player.load_player().level == "guide"
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and not isinstance(app.screen, OptionsScreen)
        assert app.table.session.coaching and coach_of(app.table.session).enabled


# ------------------------------------------------------------ the first matches
async def test_the_allowance_counts_finished_matches_only() -> None:
    """A new player's Guide: a match left unfinished counts nothing; a match played to
    its end counts one."""
    settings.settings_path().write_text(
        '{"coach_level": "auto", "coach_asked": true}', encoding="utf-8"
    )
    app = make_app("classic", seed=5, target=0)  # a single hand
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.table.session.coaching  # guided
        await take_turn(pilot)
        app.table.session.leave()  # abandoned
        await pilot.pause()
    assert player.load_player().finished == 0
    from dominoes_tui import store

    store.discard_autosave()
    app = make_app("classic", seed=5, target=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda a: isinstance(a.screen, MatchOverScreen))
        await settle(pilot)
    assert player.load_player().finished == 1
    store.discard_autosave()
    app = make_app("classic", seed=6, target=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.table.session.resign()  # given up: not played to its end
        await settle(pilot)
    assert player.load_player().finished == 1


# ------------------------------------------------------------ snapshots
@pytest.mark.parametrize("size", SIZES)
def test_coach_panel_snapshot(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await until_a_tip(pilot)
        assert panel_text(pilot.app)

    tips()
    assert snap_compare(make_app("classic", seed=5), terminal_size=size, run_before=run_before)
