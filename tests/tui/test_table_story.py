"""Issue 12 at the table, by keys: the turn shown, the prompt back, the moves seen at
80x24, the keys that apply, the ends named as drawn, a big terminal used, toasts
clear of the hand, the player's pace and tile style."""

from __future__ import annotations

import pytest
from conftest import app_at, first_legal, make_app, play_until, played, press_to_select, settle
from test_table import both_ends_game

from dominoes_tui.engine import Game, Play, load_variant, tiles
from dominoes_tui.store import settings
from dominoes_tui.table import EndQuestion
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.render import DIGITS, PIPS, SMALL_PIPS, UNICODE
from dominoes_tui.tui.screens.table import TableScreen
from dominoes_tui.tui.widgets.hand import HandView
from dominoes_tui.tui.widgets.line import LineView
from dominoes_tui.tui.widgets.log import LogScreen, MoveLog
from dominoes_tui.tui.widgets.message import MessageBar

SMALL = (80, 24)
T = tiles.parse


def app_for(game: Game, **kw) -> DominoesApp:
    return DominoesApp(game=game, seed=1, level="easy", delay=0, player_factory=first_legal, **kw)


def bar(app) -> str:
    """What the message bar shows, row by row."""
    return app.screen.query_one(MessageBar).text


def footer_keys(app) -> set[str]:
    return {b.binding.description for b in app.screen.active_bindings.values() if b.enabled}


# ------------------------------------------------------------------ whose turn, the prompt
async def test_the_resumed_table_says_whose_turn_it_is_after_the_key() -> None:
    """Continue: the welcome back whole at 80x24, then after a key "Your turn" comes back
    and the turn marker is on you."""
    from dominoes_tui import store

    app = make_app("classic", seed=5)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # lead 1-1; the CPU answers
        await settle(pilot)
        app.table.session.close()
    saved = store.load_autosave().saved
    app = DominoesApp(seed=5, level="easy", delay=0, player_factory=first_legal, resume=True)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert app.table.session.waiting_for_key and saved is not None
        assert bar(app) == (
            "Welcome back: the match is as you left it. Press any key to go on (clocks\nstopped)."
        )
        await pilot.press("x")
        await settle(pilot)
        assert bar(app).startswith("Your turn: ")
        assert str(app.screen.query_one("#seats").render()).startswith("▶You")


async def test_the_prompt_stays_after_a_hint_and_after_a_refused_move() -> None:
    app = app_for(both_ends_game())
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        first, second = bar(app).split("\n")
        assert first.startswith("Hint: 6-4") and second.startswith("Your turn: ")
        await press_to_select(pilot, app.table.session.hand().index(T("3-2")))
        await pilot.press("enter")  # 3-2 fits nowhere
        await pilot.pause()
        first, second = bar(app).split("\n")
        assert first.startswith("Not allowed: 3-2 does not fit")
        assert second.startswith("Your turn: 1 of your tiles fits")


async def test_the_turn_marker_moves_and_thinking_keeps_its_place() -> None:
    """No clock, two players: the marker alone says whose turn it is; "thinking…" has a
    fixed slot, so the boneyard never moves."""
    import threading

    class Held:
        level, name = "easy", "CPU (Easy)"
        go = threading.Event()

        def choose(self, view):
            assert self.go.wait(10)
            return view.legal[0]

    held = Held()
    app = DominoesApp(
        rules=load_variant("classic", clock_minutes=0), seed=5, level="easy", delay=0,
        player_factory=lambda *a: held,
    )  # fmt: skip
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        seats = app.screen.query_one("#seats")
        before = str(seats.render())
        assert before.startswith("▶You")
        await pilot.press("enter")  # lead 1-1; the CPU thinks until let go
        await pilot.pause()
        during = str(seats.render())
        assert "▶CPU (Easy)" in during and "thinking…" in during
        assert during.index("Boneyard") == before.index("Boneyard")
        held.go.set()
        await settle(pilot)


# ------------------------------------------------------------------ the moves, seen
async def test_at_80x24_the_log_shows_the_cpus_move_past_the_persons_forced_draws() -> None:
    game = Game.from_position(
        load_variant("classic", clock_minutes=0),
        hands=[["0-0", "0-2", "5-5"], ["6-4", "3-3", "4-4"]],
        boneyard=["6-6", "6-5", "3-4", "1-2", "2-2"],
        line=["6-1"],
        turn=1,
    )
    app = app_for(game)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        log = str(app.screen.query_one(MoveLog).render())
        assert "CPU played 6-4 on the 6" in log
        assert "You drew 3" in log  # three forced draws, one entry
        assert app.screen.query_one(MoveLog).region.width >= 24


@pytest.mark.parametrize("size", [SMALL, (100, 32)])
async def test_four_players_show_who_played_what(size) -> None:
    """Each CPU's last move: in the move log beside the felt, each whole on its own line;
    on the seats row too where it has room for every seat's widest move (at 100
    columns; at 80 the row keeps one form all hand long without them, issue 25)."""
    app = app_at(played("goat", 4, until=lambda g: len(g.line) >= 6))
    async with app.run_test(size=size) as pilot:
        await play_until(pilot, lambda a: len(a.table.game.line) >= 6 and a.table.my_turn)
        seats = str(app.screen.query_one("#seats").render())
        log = str(app.screen.query_one(MoveLog).render()).splitlines()
        s = app.table.session
        for seat in s.seats()[1:]:
            assert seat.name in seats
            assert (seat.last in seats) == (size != SMALL), (seat.last, seats)
        assert "North (partner)" in seats
        last_three = [e.text for e in s.log()[-3:]]
        assert [e.split()[0] for e in last_three] == ["East", "North", "West"]
        for text in last_three:  # each CPU move on its own line, whole
            assert text in log


async def test_l_opens_the_whole_match_log() -> None:
    app = app_at(played("classic", 15, until=lambda g: len(g.line) >= 10))
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        text = str(app.screen.query_one("#full-log-text").render())
        for entry in app.table.session.log_lines():
            assert entry in text
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


# ------------------------------------------------------------------ keys that apply now
async def test_only_the_keys_that_apply_show_and_the_others_say_why() -> None:
    app = app_for(both_ends_game())
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        keys = footer_keys(app)
        assert {"Play", "Hint", "Log", "Help", "Quit"} <= keys
        assert not {"Resign", "Two doubles", "Pass", "Draw"} & keys  # classic: no resign
        await pilot.press("r")
        await pilot.pause()
        assert bar(app).split("\n")[0] == (
            "Not now: this house plays every match out; there is no resigning here."
        )
        await pilot.press("right")  # the next key clears it
        assert not bar(app).startswith("Not now")
        await pilot.press("t")
        assert "two doubles in one turn is off" in bar(app)
        await pilot.press("p")
        assert "you hold a tile that fits, so you may not pass" in bar(app)
        await pilot.press("question_mark")
        await pilot.pause()
        keys_text = str(app.screen.query_one("#keys").render())
        assert "Enter" in keys_text and "resign" not in keys_text and " p " not in keys_text


# ------------------------------------------------------------------ the ends, as drawn
def fits_both_drawn_swapped(app) -> bool:
    """The person's turn, a tile that fits both ends (showing different numbers), and the
    snake turned so that the line's left end is not the one drawn on the left."""
    table = app.table
    s = table.session
    g = table.game
    if not s.my_turn or len(g.ends) != 2 or g.ends[0] == g.ends[1]:
        return False
    both = [t for t in s.fits() if len(s.ends_to_ask(t)) == 2]
    return bool(both) and s.end_arrows.get(0, "←") != "←"


async def test_the_end_question_names_ends_by_where_the_felt_draws_them() -> None:
    app = make_app("classic", seed=8)
    async with app.run_test(size=SMALL) as pilot:
        await play_until(pilot, fits_both_drawn_swapped)
        s = app.table.session
        tile = next(t for t in s.fits() if len(s.ends_to_ask(t)) == 2)
        await press_to_select(pilot, s.hand().index(tile))
        await pilot.press("enter")
        await pilot.pause()
        assert s.question == EndQuestion(tile, (0, 1))
        line = app.screen.query_one(LineView)
        where = {c.end: (c.x, c.y) for c in line.line_layout.hotspots()}
        arrows = s.end_arrows
        for end, arrow in arrows.items():
            other = where[1 - end]
            x, y = where[end]
            assert {
                "←": x < other[0],
                "→": x > other[0],
                "↑": y < other[1],
                "↓": y > other[1],
            }[arrow], (end, arrow, where)
        ends = app.table.game.ends
        prompt = bar(app)
        assert f"{arrows[0]} the {ends[0]}" in prompt and f"{arrows[1]} the {ends[1]}" in prompt
        assert arrows[0] != "←"  # the line's left end is not the one drawn on the left
        felt = "\n".join("".join(ch for ch, _ in row) for row in line._rows)
        assert f"{arrows[0]}{ends[0]}" in felt and f"{arrows[1]}{ends[1]}" in felt  # on the felt
        key = {"←": "left", "→": "right", "↑": "up", "↓": "down"}[arrows[0]]
        before = len(app.table.game.log)
        await pilot.press(key)
        await settle(pilot)
        assert app.table.game.log[before] == Play(tile, 0)  # the end that arrow showed


# ------------------------------------------------------------------ the felt and the hand
async def test_a_big_terminal_grows_the_line_and_the_hand(tmp_path, monkeypatch) -> None:
    sizes = {}
    for size in ((80, 24), (160, 48), (200, 50)):
        # A home of its own per size: the match saved by the last size is not asked about.
        home = tmp_path / f"{size[0]}x{size[1]}"
        home.mkdir()
        (home / "settings.json").write_text(
            '{"coach_level": "off", "coach_asked": true}', encoding="utf-8"
        )
        monkeypatch.setenv("DOMINOES_TUI_HOME", str(home))
        app = app_at(played("classic", 15, until=lambda g: len(g.line) >= 8))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            hand = app.screen.query_one(HandView)
            line = app.screen.query_one(LineView)
            sizes[size] = (hand.tile_width, line.line_layout.face)
    assert sizes[(80, 24)][0] == 7
    assert sizes[(160, 48)] == (11, PIPS) and sizes[(200, 50)] == (11, PIPS)
    assert sizes[(80, 24)][1] in (SMALL_PIPS, DIGITS)


async def test_the_line_has_the_hands_pips_where_they_fit() -> None:
    """From 100x32 up the line has pips from its first tile (its face comes from the
    felt's size: at 80x24 a whole line of pips would not fit, so it has digits)."""
    app = make_app("classic", seed=5)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        line = app.screen.query_one(LineView)
        assert line.line_layout.face.half_width and line.line_layout.face is not DIGITS
        assert "●" in "".join(c.text for c in line.line_layout.cells)


@pytest.mark.frames  # the line's cells as drawn
async def test_unicode_tiles_in_the_hand_and_on_the_line() -> None:
    app = DominoesApp(
        rules=load_variant("classic", clock_minutes=0), seed=5, level="easy", delay=0,
        player_factory=first_legal, tile_style="unicode",
    )  # fmt: skip
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        line = app.screen.query_one(LineView)
        assert line.line_layout.face is UNICODE
        glyphs = "".join(c.text for c in line.line_layout.cells if c.tile is not None)
        assert chr(0x1F031 + 1 * 7 + 1) in glyphs or chr(0x1F063 + 8) in glyphs
        hand = app.screen.query_one(HandView)
        assert any(ord(ch) >= 0x1F030 for row in hand._rows for ch, _ in row)


@pytest.mark.parametrize("size", [SMALL, (100, 32), (160, 48)])
async def test_toasts_never_cover_the_hand_the_message_or_the_move_log(size) -> None:
    """A note (a redeal, a save that failed) never hides the hand, the prompt, the felt or
    the moves: raised while the table is in front, it is said under the move log, not as
    a toast (issue 24; the coach's tips: tests/tui/test_coach_panel.py)."""
    app = make_app("classic", seed=5)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        app.notify("The tiles were redealt once.", title="Redeal")
        app.notify("A second thing to say, long enough to wrap over two lines here.")
        await pilot.pause()
        await pilot.pause()
        from textual.widgets._toast import Toast

        assert not list(app.screen.query(Toast)) and not list(app._notifications)
        note = app.screen.query_one("#table-note")
        said = str(note.render())
        assert "The tiles were redealt once." in said and "A second thing to say" in said
        assert note.content_region.height >= len(note.render().wrap(note.content_region.width))
        covered = [
            app.screen.query_one(HandView).region,
            app.screen.query_one(MessageBar).region,
            app.screen.query_one(MoveLog).region,
            app.screen.query_one("#line").region,
        ]
        for region in covered:
            assert not note.region.overlaps(region), (note.region, region)


# ------------------------------------------------------------------ the player's settings
async def test_pace_and_tiles_are_player_settings_on_the_settings_screen() -> None:
    from dominoes_tui.tui.messages import StartMatch
    from dominoes_tui.tui.screens.options import OptionsScreen
    from dominoes_tui.tui.screens.settings import SettingRow, SettingsScreen

    app = DominoesApp(seed=5, level="easy", player_factory=first_legal, start_menu=True)

    def chosen(choice) -> None:  # as the start menu does
        app.post_message(StartMatch(choice.rules, choice.level, name=choice.name))

    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.push_screen(SettingsScreen())
        await pilot.pause()
        rows = {r.key: r for r in app.screen.query(SettingRow)}
        assert rows["pace"].value == "normal" and rows["tiles"].value == "box"
        rows["pace"].focus()
        await pilot.press("left")  # normal -> slow
        rows["tiles"].focus()
        await pilot.press("right")  # box -> unicode
        await pilot.press("escape")
        await pilot.pause()
        assert settings.load_settings() == settings.PlayerSettings("slow", "unicode")
        app.push_screen(OptionsScreen(load_variant("classic"), ("easy",), "easy"), chosen)
        await pilot.pause()
        await pilot.press("s")
        await settle(pilot)
        assert app.pace.cpu == 1.8 and app.tile_style == "unicode"
        assert isinstance(app.screen, TableScreen)
        assert app.table.session.pace.cpu == 1.8 and app.table.tile_style == "unicode"


def test_the_move_log_never_parts_a_seats_name() -> None:
    """A row of the move log never ends in "CPU" with the seat's number on the next
    ("CPU 4 played 10-7 on CPU" / "2's train"), at any width the log has."""
    from dominoes_tui.table.words import LogEntry
    from dominoes_tui.tui.widgets.log import entry_rows

    for n in range(1, 8):
        for other in ("CPU 2's train", "the Mexican train", "CPU (Easy)'s train"):
            what = f"played 10-7 on {other}"
            entry = LogEntry(1, n, "play", f"CPU {n} {what}", what=what)
            for width in range(16, 41):
                rows = [r.plain for r in entry_rows(entry, width)]
                assert not any(r.rstrip().endswith("CPU") for r in rows), (width, rows)
                assert " ".join(" ".join(rows).split()) == entry.text
