"""Around the table (issue 12): what a new player meets before and after a match.

Pilot tests by key presses: the resume-or-new question (start menu, ``dominoes play``,
the match-over screen), Continue's description, ``q`` back to the start menu, the
too-small box, the options screen's reset and rows, How to play (F1 and the menu), the
coached first hand, the command palette; the plurals; and snapshots at 80×24 and 100×32
of How to play, the start menu with Continue's description and the question.
"""

from __future__ import annotations

import pytest
from conftest import (
    first_legal,
    focus_row,
    make_app,
    play_until,
    settle,
    settle_and_read,
    take_turn,
)
from textual.command import CommandList, CommandPalette

from dominoes_tui import options, store
from dominoes_tui.engine import NextHand, load_variant, load_variants, new_game, tiles
from dominoes_tui.store import player, settings
from dominoes_tui.store.stats import GroupStats
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.howto import how_to_play, how_to_play_text
from dominoes_tui.tui.screens.dialogs import (
    CoachOfferScreen,
    ConfirmScreen,
    ResumeOrNewScreen,
    TooSmallScreen,
)
from dominoes_tui.tui.screens.howto import HowToPlayScreen
from dominoes_tui.tui.screens.options import ChoiceRow, OptionsScreen
from dominoes_tui.tui.screens.start import StartScreen
from dominoes_tui.tui.screens.stats import _per_hand_words
from dominoes_tui.tui.screens.table import TableScreen
from dominoes_tui.tui.strategy_coach import coach_of

SIZE = (100, 32)
SIZES = [pytest.param((100, 32), id="100x32"), pytest.param((80, 24), id="80x24")]


def menu_app(**kw) -> DominoesApp:
    return DominoesApp(
        start_menu=True, seed=5, level="easy", delay=0, player_factory=first_legal, **kw
    )


def save_a_match(moves: int = 3, hand: int = 1, seed: int = 3) -> store.MatchInfo:
    """An unfinished classic match in the save slot: ``moves`` into ``hand``."""
    g = new_game(load_variant("classic", clock_minutes=0), seed)
    while g.hand_no < hand:
        g.apply(g.legal_actions()[0] if g.phase == "play" else NextHand())
    for _ in range(moves):
        g.apply(g.legal_actions()[0])
    info = store.MatchInfo(cpu_level="easy", names=("You", "Ada (Easy)"))
    assert store.autosave(g, info) is None
    return info


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


def menu_entries(app: DominoesApp) -> list[str]:
    menu = app.screen.query_one("#menu")
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)]


# ------------------------------------------------------------ resume or new
async def test_continue_says_what_it_resumes() -> None:
    save_a_match()
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle_and_read(pilot)
        menu = app.screen.query_one("#menu")
        prompt = str(menu.get_option("continue").prompt)
        assert "The classic match, You: 0 – Ada: 0, hand 1" in " ".join(prompt.split())


def save_many_seats() -> tuple[str, ...]:
    """A six-seat Mexican Train saved in its second round, the seats' totals written."""
    rules = load_variant("mexican-train", players=6, rounds=3, clock_minutes=0)
    g = new_game(rules, 3)
    while g.hand_no < 2:
        g.apply(g.legal_actions()[0] if g.phase == "play" else NextHand())
    names = ("You", *(f"CPU {i}" for i in range(1, 6)))
    assert store.autosave(g, store.MatchInfo(cpu_level="easy", names=names)) is None
    assert any(g.scores.written)
    return tuple(f"{name}: {x}" for name, x in zip(names, g.scores.written))


@pytest.mark.parametrize("size", SIZES)
async def test_a_name_stays_with_its_score(size) -> None:
    """Issue 25: Continue's words on the start menu and the resume question wrap between
    seats, never inside one ("… – CPU" / "2: 12" read as two things)."""
    pieces = save_many_seats()
    app = menu_app()
    async with app.run_test(size=size) as pilot:
        await settle_and_read(pilot)
        prompt = str(app.screen.query_one("#menu").get_option("continue").prompt)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ResumeOrNewScreen)
        question = text_of(app.screen, "#dialog-title")
    for said in (prompt, question):
        rows = [" ".join(row.split()) for row in said.split("\n")]
        for piece in pieces:
            assert any(piece in row for row in rows), (piece, rows)
    assert len(question.split("\n")) > 1  # it did wrap


async def test_new_game_on_the_menu_asks_before_giving_the_saved_match_up() -> None:
    info = save_a_match()
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle_and_read(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ResumeOrNewScreen)
        question = " ".join(text_of(app.screen, "#dialog-title").split())
        assert question == "Resume the classic match, You: 0 – Ada: 0, hand 1, or start a new one?"
        assert "counts as left unfinished" in text_of(app.screen, "#resume-note")
        await pilot.press("escape")  # back: nothing changes
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert store.saved_match_id() == info.match_id
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("r")  # resume it
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.table.session.info.match_id == info.match_id
    assert store.History().matches() == []  # nothing given up


async def test_new_game_on_the_menu_goes_on_to_the_options_when_asked() -> None:
    save_a_match()
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle_and_read(pilot)
        await pilot.press("tab", "enter")  # a house: the same question first
        await pilot.pause()
        assert isinstance(app.screen, ResumeOrNewScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, OptionsScreen) and app.screen.base.name == "classic"


async def test_new_game_without_a_save_asks_nothing() -> None:
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle_and_read(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, OptionsScreen)


async def test_dominoes_play_asks_before_dealing_over_a_saved_match() -> None:
    """``dominoes play`` without --resume: resume or new; Esc quits (nothing lost)."""
    info = save_a_match()
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeOrNewScreen)
        assert "Quit (Esc)" in str(app.screen.query_one("#back").label)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.table.session.info.match_id == info.match_id

    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code == 0 and app.table is None
    assert store.saved_match_id() == info.match_id


async def test_dominoes_play_new_deals_the_given_seed() -> None:
    save_a_match()
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.table.game.seed == 5


async def test_match_over_new_game_asks_nothing_about_its_own_match() -> None:
    """The finished match is not a saved one to resume: straight to the houses."""
    app = make_app("double-first", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await take_turn(pilot)
        await pilot.press("r", "y")  # resign
        await settle(pilot)
        await app.workers.wait_for_complete()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.focused is app.screen.query_one("#houses")
        assert app.screen.variant == "double-first"  # the house just played, highlighted


async def test_a_match_just_over_is_not_offered_while_it_is_recorded() -> None:
    """Match over, New game at once: its save may still be there (the history is written
    off the UI thread); the menu offers no Continue for it."""
    info = save_a_match()
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle_and_read(pilot)
        assert "continue" in menu_entries(app)
        app.push_screen(StartScreen("classic", finished=info.match_id))
        await settle_and_read(pilot)
        assert "continue" not in menu_entries(app)


# ------------------------------------------------------------ leaving the table
async def test_q_at_the_table_goes_back_to_the_start_menu_it_came_from() -> None:
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle_and_read(pilot)
        await pilot.press("n", "s")  # New game, Start
        await settle(pilot)
        await take_turn(pilot)
        match_id = app.table.session.info.match_id
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert text_of(app.screen, "#dialog-title") == (
            "Back to the start menu? The match is saved: Continue picks it up."
        )
        await pilot.press("y")
        await settle_and_read(pilot)
        assert isinstance(app.screen, StartScreen)
        assert app.is_running
        assert menu_entries(app)[:2] == ["new", "continue"]
        assert store.saved_match_id() == match_id
        await pilot.press("c")  # and Continue picks it up
        await settle(pilot)
        assert app.table.session.info.match_id == match_id
    assert store.History().matches() == []  # never given up


async def test_q_at_a_table_opened_from_the_shell_quits_and_says_how_to_continue() -> None:
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await take_turn(pilot)
        await pilot.press("q")
        await pilot.pause()
        question = text_of(app.screen, "#dialog-title")
        assert question.startswith("Leave the table and quit? The match is saved:")
        assert "dominoes play --resume" in question
        await pilot.press("n")  # no: still at the table
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_code == 0
    assert store.has_autosave()


async def test_the_too_small_box_says_how_to_leave_and_q_quits() -> None:
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await take_turn(pilot)  # a move: there is a match to keep
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "q or Esc quits (the match is saved)." in text_of(app.screen, "#too-small")
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_esc_in_the_too_small_box_quits_too() -> None:
    app = menu_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert text_of(app.screen, "#too-small").endswith("q or Esc quits.")
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code == 0


async def test_ctrl_p_with_the_palette_under_the_too_small_box_opens_no_second_one() -> None:
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert CommandPalette.is_open(app)
        await pilot.resize_terminal(60, 20)  # the terminal shrinks with the palette open
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.pause()
        assert app._exception is None and app.return_code is None  # still running
        assert isinstance(app.screen, TooSmallScreen)
        palettes = [s for s in app.screen_stack if isinstance(s, CommandPalette)]
        assert len(palettes) == 1
        await pilot.resize_terminal(*SIZE)  # bigger again: the palette it had is back
        await pilot.pause()
        await pilot.pause()
        assert app.screen is palettes[0]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_the_theme_picker_opened_while_the_palette_closes_is_a_screen_of_its_own() -> None:
    """Picked from the palette on a busy machine, the theme picker may open while the palette
    is still in the stack (seen in the long fuzz: two screens of one id crashed the app)."""
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert CommandPalette.is_open(app)
        app.search_themes()  # the palette not gone yet
        await pilot.pause()
        palettes = [s for s in app.screen_stack if isinstance(s, CommandPalette)]
        assert len(palettes) == 2 and app._exception is None
        assert app.screen.id == "theme-palette"
        app.search_themes()  # chosen twice in a burst: one picker
        await pilot.pause()
        assert sum(isinstance(s, CommandPalette) for s in app.screen_stack) == 2
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app._exception is None


async def test_ctrl_p_in_the_too_small_box_opens_nothing() -> None:
    app = make_app("classic", seed=5)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and not CommandPalette.is_open(app)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


# ------------------------------------------------------------ the options screen
async def open_options(pilot, variant: str) -> OptionsScreen:
    await settle_and_read(pilot)
    names = list(pilot.app.screen.variants)
    await pilot.press("tab", "home", *["down"] * names.index(variant), "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, OptionsScreen)
    return pilot.app.screen


async def test_reset_to_the_house_rules_asks_first() -> None:
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_options(pilot, "classic")
        assert str(screen.query_one("#reset").label) == "Reset to the house's rules (x)"
        await pilot.press("right")  # target 201
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "target 201 (house: 101)" in text_of(app.screen, "#dialog-title").lower()
        await pilot.press("n")  # no: kept
        await pilot.pause()
        assert screen.rules.target == 201
        await pilot.press("x", "y")
        await pilot.pause()
        assert screen.rules == load_variant("classic")


def test_target_offers_only_the_house_values_and_single_hand_where_it_has_one() -> None:
    for name, base in load_variants().items():
        target = next((c for c in options.controls_for(base) if c.key == "target"), None)
        if target is None:
            continue
        assert target.choices == tuple(base.options["target"]), name
        single = "single hand" in target.help
        assert single == (0 in target.choices), name
    assert "single hand" in options.describe_value("target", 0)


async def test_the_name_row_is_there_only_for_one_opponent() -> None:
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_options(pilot, "standard-draw")
        name_row = screen.query_one(f"#opt-{options.NAME_KEY}", ChoiceRow)
        assert name_row.display
        await focus_row(pilot, "players")
        await pilot.press("right")  # 3 players: East and West, no name to choose
        await pilot.pause()
        assert not name_row.display
        assert screen.rules.players == 3 and screen.rules.hand_size == 5  # R-D-4
        await pilot.press("right")  # 4 players
        await pilot.pause()
        assert not name_row.display and screen.rules.hand_size == 5
        await pilot.press("right")  # back to 2
        await pilot.pause()
        assert name_row.display and screen.rules.hand_size == 7


# ------------------------------------------------------------ how to play
def test_how_to_play_for_every_house_is_short_and_says_how_it_scores() -> None:
    """Every house (Mexican Train and Chicken Foot too): matching, drawing or passing,
    scoring in this house, the keys; no rule IDs; a drawn line for the line games."""
    for name, rules in load_variants().items():
        text = how_to_play_text(rules)
        titles = [t for t, _ in how_to_play(rules)]
        assert titles[0] == "Match the ends" and titles[-1] == "Keys", name
        assert "Scoring" in text, name
        assert "Ctrl+P" in text and "F1" in text, name
        assert "u take back (practice, Easy)" in text, name  # the table takes back anywhere
        assert len(text.split()) < 330, (name, len(text.split()))
        if not rules.is_rounds:
            assert "◂3" in text and "6▸" in text, name  # the example line
            assert ("draws for you" in text) == rules.draws, name
            assert ("passes for you" in text) != rules.draws, name
    assert "to 101 or more loses" in how_to_play_text(load_variant("classic"))
    assert "Rule of 13" in how_to_play_text(load_variant("classic"))
    assert "multiple of 5" in how_to_play_text(load_variant("all-fives"))
    assert "adds up to 7" in how_to_play_text(load_variant("matador"))
    assert "with North" in how_to_play_text(load_variant("goat"))


async def test_f1_explains_the_house_at_the_table_and_closes_again() -> None:
    app = make_app("all-fives", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HowToPlayScreen)
        assert app.screen.rules.name == "all-fives"
        assert "spinner" in str(app.screen.query_one("#howto-text").render())
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_how_to_play_from_the_start_menu_explains_the_highlighted_house() -> None:
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle_and_read(pilot)
        assert "howto" in menu_entries(app)
        await pilot.press("tab", "down")  # draw
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HowToPlayScreen) and app.screen.rules.name == "draw"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f1")  # F1 too, on the menu
        await pilot.pause()
        assert isinstance(app.screen, HowToPlayScreen) and app.screen.rules.name == "draw"


# ------------------------------------------------------------ the coach
async def test_the_coach_is_asked_once_and_guide_coaches_the_match() -> None:
    # a first-time player: nothing kept, so the first table asks its one question
    settings.settings_path().write_text("{}", encoding="utf-8")
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CoachOfferScreen)
        session = app.table.session
        assert not session.coaching and not coach_of(session).enabled  # quiet till answered
        await pilot.press("g")
        await settle(pilot)
        setting = player.load_player()
        assert setting.asked and setting.level == "auto" and setting.guide
        assert session.coaching and coach_of(session).enabled  # the guide, and the tips
        assert session.message.lead == "Coach:"  # the lead: 1-1 here
        await pilot.press("enter")
        await settle(pilot)
        shown = str(app.screen.query_one("#message").render())
        assert shown.startswith("Coach:") and "fit" in shown
        fits = session.fits()
        unfit = next(i for i, t in enumerate(session.hand()) if t not in fits)
        while session.selected != unfit:
            await pilot.press("right")
        await pilot.press("enter")  # a tile that does not fit: why, and what would
        await pilot.pause()
        said = str(session.message)
        assert said.startswith("Not allowed:") and "does not fit" in said
        coach = str(session.prompt)  # and under it, the coach names what would go
        assert coach.startswith("Coach:") and any(tiles.name(t) in coach for t in fits)
        # the hand ends: the guide goes on for the match (Guide is for whole matches)

        from dominoes_tui.tui.screens.dialogs import HandOverScreen

        await play_until(pilot, lambda a: isinstance(a.screen, HandOverScreen))
        assert session.coaching

    app = make_app("classic", seed=6)  # asked once: not again
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")  # (a new match, not the saved one)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.table.session.coaching  # still Guide: no match finished yet


async def test_no_thanks_is_remembered_and_f1_changes_the_coach() -> None:
    settings.settings_path().write_text("{}", encoding="utf-8")
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert player.load_player().now == "off" and player.load_player().asked
        session = app.table.session
        assert not session.coaching and not coach_of(session).enabled
        await pilot.press("f1")
        await pilot.pause()
        said = str(app.screen.query_one("#howto-coach").render())
        assert said.startswith("Coach: Off. c changes it to Tips")
        await pilot.press("c")
        await pilot.pause()
        said = str(app.screen.query_one("#howto-coach").render())
        assert said.startswith("Coach: Tips") and "changes it to Guide" in said
        assert coach_of(session).enabled and not session.coaching  # tips only
        await pilot.press("c")
        await pilot.press("escape")
        await settle(pilot)
        assert session.coaching and player.load_player().level == "guide"
        assert str(session.message).startswith("Coach:")


# ------------------------------------------------------------ the command palette
async def palette_hits(pilot, title: str, tries: int = 500) -> None:
    """Wait, event by event (no clock), until the open palette's list shows ``title``
    highlighted first."""
    palette = pilot.app.screen
    assert isinstance(palette, CommandPalette)
    hits = palette.query_one(CommandList)
    for _ in range(tries):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if hits.option_count and title in str(hits.get_option_at_index(0).prompt):
            if hits.highlighted is not None:
                return
    raise AssertionError(f"the palette never listed {title!r}")


async def test_the_command_palette_lists_the_tables_and_the_apps_commands() -> None:
    app = make_app("classic", seed=5, two_doubles=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in ("Play the raised tile", "Hint", "Rules", "Leave the table"):
            assert title in titles
        for title in ("New game", "How to play", "Statistics", "Start menu", "Quit"):
            assert title in titles
        assert "Pass" not in titles  # only what applies now
        assert_described(app.get_system_commands(app.screen))
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"how to play")
        await palette_hits(pilot, "How to play")  # the search has found it: no fixed wait
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HowToPlayScreen)


async def test_the_palette_on_the_start_menu_has_the_apps_commands() -> None:
    app = menu_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle_and_read(pilot)
        commands = list(app.get_system_commands(app.screen))
        titles = [c.title for c in commands]
        assert titles.count("New game") == 1 and "How to play" in titles
        assert "Start menu" not in titles
        assert "Daily deal" in titles  # a key the menu's list shows, not the footer
        assert titles.count("Quit") == 1  # the menu's q, not Textual's ^q as well
        assert_described(commands)


async def test_the_replay_has_a_palette_in_words() -> None:
    """``dominoes replay``'s app has Ctrl+P too: the replay's keys in words (a round in
    Mexican Train), the themes and Quit; the palette opens by its key."""
    from test_replay_stats import recorded_rounds

    from dominoes_tui.tui.replay_app import ReplayApp

    rec, hands = recorded_rounds()
    app = ReplayApp(rec, hands)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        commands = list(app.get_system_commands(app.screen))
        titles = [c.title for c in commands]
        for title in ("Back", "Forward", "Round", "Start", "End", "Review", "Theme", "Quit"):
            assert titles.count(title) == 1, (title, titles)
        assert "Hand" not in titles
        assert_described(commands)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"forward")
        await palette_hits(pilot, "Forward")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.screen.index == 1


def assert_described(commands) -> None:
    """Every palette entry says what it does in words of its own (not "Key: c")."""
    for c in commands:
        words = c.help.rsplit(" (", 1)[0]
        assert words and words != c.title and not c.help.startswith("Key:"), (c.title, c.help)


def test_every_key_a_screen_shows_has_palette_words() -> None:
    """Every screen's keys that reach the palette (shown in the footer, or hidden with a
    tooltip) carry words for it: SCREEN_COMMANDS' or the key's tooltip."""
    import importlib
    import pkgutil

    from textual.screen import Screen

    import dominoes_tui.tui as tui
    from dominoes_tui.tui.app import SCREEN_COMMANDS

    for info in pkgutil.walk_packages(tui.__path__, "dominoes_tui.tui."):
        importlib.import_module(info.name)
    screens: list[type] = []
    todo = [Screen]
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.__module__.startswith("dominoes_tui."):
            screens.append(cls)
    assert len(screens) > 10
    for cls in screens:
        for b in cls.__dict__.get("BINDINGS", []):  # its own (not Textual's palette's)
            if not hasattr(b, "action") or b.action.startswith("app."):
                continue
            if b.action in SCREEN_COMMANDS or not b.show:
                continue
            assert b.tooltip and b.tooltip != b.description, (cls.__name__, b.key, b.description)


# ------------------------------------------------------------ plurals
def test_one_hand_is_one_hand() -> None:
    g = GroupStats(None, None, 1, 1, 1, 0, 0, 0, 1.0, 1, 12.0, "points")
    assert _per_hand_words(g) == "12.0 points scored (1 hand)"
    g = GroupStats(None, None, 2, 2, 1, 1, 0, 0, 0.5, 2, 3.0, "penalty")
    assert _per_hand_words(g).endswith("(2 hands)")


# ------------------------------------------------------------ snapshots
@pytest.mark.parametrize("size", SIZES)
def test_how_to_play_snapshot(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await settle_and_read(pilot)
        await pilot.press("h")
        await pilot.pause()

    assert snap_compare(menu_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_start_menu_with_continue_snapshot(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await settle_and_read(pilot)
        await pilot.pause()

    save_a_match(moves=5, hand=4, seed=13)  # You 44 – Ada 35 (nothing held)
    assert snap_compare(menu_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_resume_or_new_snapshot(snap_compare, size) -> None:
    async def run_before(pilot) -> None:
        await settle_and_read(pilot)
        await pilot.press("n")
        await pilot.pause()

    save_a_match(moves=5, hand=4, seed=13)  # You 44 – Ada 35 (nothing held)
    assert snap_compare(menu_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_resume_many_seats_snapshot(snap_compare, size) -> None:
    """Six seats' totals in the resume question: wrapped between seats, never inside one."""

    async def run_before(pilot) -> None:
        await settle_and_read(pilot)
        await pilot.press("n")
        await pilot.pause()

    save_many_seats()
    assert snap_compare(menu_app(), terminal_size=size, run_before=run_before)
