"""The Statistics screen and `dominoes replay`: numbers against the temp history, stepping
with ←/→ to the final position, the CLI's error paths, snapshots at 100×32 and 80×24."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from textual.widgets import DataTable, Static
from typer.testing import CliRunner

from dominoes_tui import cli, store
from dominoes_tui.ai import make_player
from dominoes_tui.engine import (
    HAND_OVER,
    Game,
    NextHand,
    Resign,
    load_variant,
    new_game,
    seat_view,
    tiles,
)
from dominoes_tui.store.history import DB_NAME
from dominoes_tui.tui import replay_app
from dominoes_tui.tui.navigation import NavigatingApp
from dominoes_tui.tui.replay_app import ReplayApp
from dominoes_tui.tui.screens.replay import ReplayScreen
from dominoes_tui.tui.screens.stats import NO_MATCHES, StatsScreen, match_ticks
from dominoes_tui.tui.widgets.hand import HandView
from dominoes_tui.tui.widgets.keybar import KeyBar
from dominoes_tui.tui.widgets.line import LineView

SIZE = (100, 32)
SIZES = [pytest.param((100, 32), id="100x32"), pytest.param((80, 24), id="80x24")]


def cpu_match(variant: str, seed: int, steps: int | None = None, resign: bool = False) -> Game:
    """A match between two Easy CPUs (to the end, or ``steps`` actions; or seat 0 resigns)."""
    game = new_game(load_variant(variant), seed)
    players = [make_player("easy", seed * 10 + s) for s in range(2)]
    while not game.is_over and (steps is None or len(game.log) < steps):
        if game.phase == HAND_OVER:
            game.apply(NextHand())
        else:
            game.apply(players[game.turn].choose(seat_view(game, game.turn)))
    if resign and not game.is_over:
        game.apply(Resign(0))
    return game


def info(level: str = "easy") -> store.MatchInfo:
    """Fixed time, so the durations (and the snapshots) do not move."""
    return store.MatchInfo(cpu_level=level, names=("You", "CPU (Easy)"), now=lambda: 0.0)


def record_some() -> list[tuple[Game, str]]:
    """Five matches in two variants and two levels, one of them abandoned."""
    played = []
    for i, (variant, level) in enumerate(
        [("classic", "easy"), ("draw", "hard"), ("classic", "easy"), ("classic", "hard")]
    ):
        g = cpu_match(variant, seed=i + 1)
        assert store.finish_match(g, info(level)).problem is None
        played.append((g, level))
    g = cpu_match("classic", seed=9, steps=12)
    store.abandon_match(g, info("easy"))
    played.append((g, "easy"))
    return played


class Host(NavigatingApp):
    """An app that shows one screen (as the start menu would push it)."""

    ENABLE_COMMAND_PALETTE = False

    def __init__(self, make_screen) -> None:
        super().__init__()
        self.make_screen = make_screen
        self.closed = False

    def on_mount(self) -> None:
        def closed(_: object) -> None:
            self.closed = True

        self.push_screen(self.make_screen(), closed)


def plain(w: Static) -> str:
    """What a Static shows, as plain text (Rich tables and styled text alike)."""
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(w.content)
    return console.export_text()


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


# ------------------------------------------------------------------ statistics
async def test_stats_screen_numbers_agree_with_the_history() -> None:
    played = record_some()
    app = Host(StatsScreen)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        st = screen.stats
        assert st is not None
        outcomes = [store.outcome_of(g, 0) if g.is_over else "abandoned" for g, _ in played]
        assert st.total.matches == 5
        assert st.total.abandoned == 1
        assert st.total.wins == outcomes.count("win")
        assert st.total.losses == outcomes.count("loss")
        # Shown on screen, as text.
        summary = plain(screen.query_one("#stats-summary", Static))
        assert "5 (4 finished, 1 left unfinished)" in summary
        assert f"{st.total.wins} won" in summary
        # Per variant and level: one row each, with the win rate of those matches.
        table = plain(screen.query_one("#stats-table", Static))
        for g in st.by_variant_level:
            assert g.variant in table and g.cpu_level in table
        easy_classic = next(
            g for g in st.by_variant_level if (g.variant, g.cpu_level) == ("classic", "easy")
        )
        wins = sum(
            1
            for (g, lv), o in zip(played, outcomes)
            if g.rules.name == "classic" and lv == "easy" and o == "win"
        )
        assert easy_classic.matches == 3 and easy_classic.wins == wins
        # Penalty per hand (classic) and points per hand (draw) are shown apart.
        assert "Per hand, classic" in summary and "Per hand, draw" in summary
        # Results over time: a mark per match by its number, the win rate so far a line.
        assert [p.match_id for p in st.results] == [1, 2, 3, 4, 5]
        assert [p.result for p in st.results] == st.recent and st.recent[-1] == "A"
        assert st.results[-1].win_rate == st.total.win_rate  # the unfinished one changes none
        label = plain(screen.query_one("#results-label", Static))
        assert "Results, last 5 matches" in label and "▲ won" in label and "win %" in label
        assert screen.query_one("#results-chart").display
        await pilot.press("escape")
        await pilot.pause()
        assert app.closed and not isinstance(app.screen, StatsScreen)


async def test_stats_screen_lists_recent_matches_and_replays_one() -> None:
    record_some()
    app = Host(StatsScreen)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.recent_ids == [5, 4, 3, 2, 1]  # newest first, by number
        table = screen.query_one("#recent", DataTable)
        assert table.row_count == 5
        await pilot.press("enter")  # the top one: the latest match
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.record.id == 5
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        # Tab to the list, ↓ to the next match, Enter replays that one.
        table.focus()
        await pilot.press("down", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen) and app.screen.record.id == 4


async def test_the_list_read_again_keeps_the_match_picked() -> None:
    """Back from a replay the statistics read the history again: the match picked in the
    list stays picked, also with a match recorded meanwhile (a key pressed while the list is
    read again goes to the match the player picked, not to the top one)."""
    record_some()
    app = Host(StatsScreen)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        table = screen.query_one("#recent", DataTable)
        table.focus()
        await pilot.press("down", "down")
        assert screen.recent_ids[table.cursor_row] == 3
        screen.load()  # as when a replay closes
        await settle(pilot)
        assert screen.recent_ids[table.cursor_row] == 3
        g = cpu_match("draw", seed=7)
        assert store.finish_match(g, info()).problem is None  # match 6, on top
        screen.load()
        await settle(pilot)
        assert screen.recent_ids[:2] == [6, 5] and screen.recent_ids[table.cursor_row] == 3
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen) and app.screen.record.id == 3


async def test_stats_screen_with_nothing_recorded() -> None:
    app = Host(StatsScreen)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert plain(app.screen.query_one("#stats-message", Static)).strip() == NO_MATCHES
        assert not app.screen.query_one("#stats-charts").display


async def test_stats_screen_says_when_the_history_was_set_aside() -> None:
    (store.data_dir() / DB_NAME).write_bytes(b"this is not a database" * 100)
    app = Host(StatsScreen)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.problem is not None and "moved to" in screen.problem
        assert any("moved to" in n.message for n in app._notifications)
        assert plain(screen.query_one("#stats-message", Static)).strip() == NO_MATCHES


def test_charts_name_the_first_and_last_match() -> None:
    assert match_ticks(list(range(1, 21))) == [1, 6, 11, 16, 20]
    assert match_ticks([4, 9]) == [4, 9]


@pytest.mark.parametrize("size", SIZES)
def test_stats_snapshot(snap_compare, size) -> None:
    record_some()

    async def run_before(pilot) -> None:
        await settle(pilot)
        # The recent-matches table lays its rows out on idle; under load that can come
        # after the two pauses of settle(), so wait until its rows are laid out.
        table = pilot.app.screen.query_one("#recent", DataTable)
        for _ in range(200):
            if table.row_count == 5 and table.virtual_size.height >= table.row_count:
                break
            await pilot.pause()
        assert table.row_count == 5
        # The footer's Replay and Review come with the next bindings refresh.
        for _ in range(200):
            await pilot.pause()
            if "Replay" in pilot.app.screen.query_one(KeyBar).render().plain:
                break
        await pilot.pause()

    assert snap_compare(Host(StatsScreen), terminal_size=size, run_before=run_before)


# ------------------------------------------------------------------ replay
def recorded(seed: int = 3) -> tuple[store.MatchRecord, list[store.HandRecord], Game]:
    g = cpu_match("classic", seed=seed)
    store.finish_match(g, info())
    h = store.History()
    rec = h.get(h.latest_id())
    assert rec is not None
    return rec, h.hands(rec.id), g


def shown_text(screen: ReplayScreen, widget_id: str) -> str:
    return plain(screen.query_one(widget_id, Static))


async def test_replay_steps_to_the_final_position() -> None:
    rec, hands, final = recorded()
    app = ReplayApp(rec, hands)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.index == 0 and "The deal" in shown_text(screen, "#rp-step")
        start = new_game(final.rules, final.seed)
        assert screen.game.hands == start.hands
        # Every hand face up: the CPU's tiles are named on the top row.
        cpu_row = shown_text(screen, "#rp-other")
        for t in tiles.bits(start.hands[1]):
            assert tiles.name(t) in cpu_row
        assert screen.query_one(HandView).hand == list(tiles.bits(start.hands[0]))
        # → one action at a time, each position the engine's after that many actions.
        for i in range(1, 6):
            await pilot.press("right")
            assert screen.index == i
            expect = rec.replay(i)
            assert screen.game.hands == expect.hands and screen.game.line == expect.line
            assert screen.query_one(LineView).line == tuple(expect.line)
            assert f"Move {i}/{len(rec.log)}" in shown_text(screen, "#rp-step")
        await pilot.press("left", "left")
        assert screen.index == 3
        # Every action to the end: the score line as it was at each point.
        await pilot.press("home")
        seen_scores = set()
        for _ in range(len(rec.log)):
            await pilot.press("right")
            g = screen.game
            written = g.scores.written
            assert f"You: {written[0]}" in shown_text(screen, "#rp-scores")
            seen_scores.add(tuple(written))
        await pilot.pause()
        assert screen.index == screen.last == len(rec.log)
        assert screen.game.scores.written == final.scores.written == tuple(rec.scores)
        assert screen.game.hands == final.hands and screen.game.line == final.line
        assert len(seen_scores) > 2  # the score line moved as hands were scored
        await pilot.press("right")  # past the end: stays
        assert screen.index == screen.last
        message = shown_text(screen, "#rp-message")
        assert "won the match" in message and f"{len(hands)} hands" in message
        # The move log holds the whole match, hand by hand.
        log = screen.log_lines()
        assert sum(1 for x in log if x.startswith("— hand")) == len(hands) - 1


async def test_replay_jumps_by_hand_and_closes() -> None:
    rec, hands, _ = recorded()
    app = ReplayApp(rec, hands)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("pagedown")
        assert screen.game.hand_no == 2 and isinstance(rec.log[screen.index - 1], NextHand)
        assert "Hand 2 dealt" in shown_text(screen, "#rp-step")
        await pilot.press("pagedown", "pageup")
        assert screen.game.hand_no == 2
        await pilot.press("end")
        assert screen.index == screen.last
        await pilot.press("left")
        # The hand before the last action still holds the tile the last action played.
        assert screen.game.phase == "play"
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code == 0


async def test_replay_of_an_abandoned_match_says_so() -> None:
    g = cpu_match("classic", seed=4, steps=20)
    store.abandon_match(g, info())
    h = store.History()
    rec = h.get(h.latest_id())
    app = ReplayApp(rec, h.hands(rec.id))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end")
        screen = app.screen
        assert screen.index == 20
        scores = shown_text(screen, "#rp-scores")
        assert "left unfinished" in scores
        # its first hand was never finished: still "hand 1 of 1", never "of 0" (issue 12)
        assert f"Hand 1 of {g.hand_no}" in scores and g.hand_no == 1
        await pilot.press("home")
        assert "Hand 1 of 1 " in shown_text(screen, "#rp-scores")


async def test_replay_stops_where_todays_rules_refuse_a_move(monkeypatch) -> None:
    rec, hands, _ = recorded()
    broken = list(rec.log)
    broken[4] = broken[3]  # the same tile twice: the engine refuses it
    rec = store.MatchRecord(**{**rec.__dict__, "log": broken})
    app = ReplayApp(rec, hands)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert screen.last == 4
        await pilot.press("end")
        assert "replays only to move 4" in shown_text(screen, "#rp-message")


@pytest.mark.parametrize("size", SIZES)
def test_replay_snapshot(snap_compare, size) -> None:
    rec, hands, _ = recorded()

    async def run_before(pilot) -> None:
        await pilot.pause()
        await pilot.press(*["right"] * 9)
        await pilot.pause()

    assert snap_compare(ReplayApp(rec, hands), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_replay_end_snapshot(snap_compare, size) -> None:
    rec, hands, _ = recorded()

    async def run_before(pilot) -> None:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()

    assert snap_compare(ReplayApp(rec, hands), terminal_size=size, run_before=run_before)


# ------------------------------------------------------------------ a replay of rounds
def recorded_rounds(players: int = 4, seed: int = 7) -> tuple[store.MatchRecord, list]:
    """A Mexican Train match of two rounds between Easy CPUs, recorded with its seats' names."""
    from store_helpers import play_match

    g = play_match(load_variant("mexican-train", players=players, rounds=2), seed=seed)
    names = ("You", *(f"CPU {i}" for i in range(1, players)))
    store.finish_match(g, store.MatchInfo(cpu_level="easy", names=names, now=lambda: 0.0))
    h = store.History()
    rec = h.get(h.latest_id())
    assert rec is not None
    return rec, h.hands(rec.id)


def hands_said(text: str, names: list[str]) -> dict[str, list[str]]:
    """The tiles said after each name in the replay's rows of hands (``CPU 1: 6-3 12-8``)."""
    flat = " ".join(text.split()).replace("▶", "")
    out = {}
    for name in names:
        after = flat.split(f"{name}: ", 1)[1]
        words = after.split()
        tiles_ = []
        for w in words:
            if w == "out" and not tiles_:
                break
            if not (w[0].isdigit() and "-" in w):
                break
            tiles_.append(w)
        out[name] = tiles_
    return out


@pytest.mark.parametrize("players", [4, 8])
@pytest.mark.parametrize("size", SIZES)
async def test_a_replay_of_rounds_says_every_hand_whole(size, players) -> None:
    """Issue 25: the replay's seats read as the table's ("CPU 1: 0-0 2-2", never "CPU 1
    0-0"), every hand whole at 80x24 (over as many lines as it takes, nothing cut); the
    scores row is the table's ("CPU 1: 0"); it says round, never hand, in Mexican Train."""
    rec, hands = recorded_rounds(players)
    app = ReplayApp(rec, hands)
    width, height = size
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        names = list(screen.names)
        for keys in ([], ["right"] * 7, ["pagedown"], ["end"]):
            await pilot.press(*keys)
            await pilot.pause()
            g = screen.game
            rows = shown_text(screen, "#rp-other").rstrip("\n").split("\n")
            assert all(len(row.rstrip()) <= width for row in rows), rows
            other = screen.query_one("#rp-other", Static)
            assert other.size.height == len(rows)  # every row in sight
            said = hands_said("\n".join(rows), names[1:])
            for seat in range(1, players):
                assert said[names[seat]] == tiles.names(g.hands[seat]), names[seat]
            scores = shown_text(screen, "#rp-scores")
            for side in range(players):
                assert f"{names[side]}: {g.scores.written[side]}" in " ".join(scores.split())
            said_words = " ".join(
                shown_text(screen, w) for w in ("#rp-step", "#rp-message", "#rp-scores")
            )
            assert " hand" not in said_words.lower().replace("hand is", ""), said_words
        assert screen.hands_up == (height < 32 or players > 4)
        if screen.hands_up:  # the person's hand in words with the others', in full
            assert hands_said(shown_text(screen, "#rp-other"), ["You"])["You"] == tiles.names(
                screen.game.hands[0]
            )
        message = shown_text(screen, "#rp-message")
        assert "2 rounds in" in message
        assert any(line == "— round 1 over —" for line in screen.log_lines())
        keys = {b.binding.description for b in screen.active_bindings.values() if b.enabled}
        assert "Round" in keys and "Hand" not in keys


async def test_a_replay_of_rounds_steps_with_the_houses_words() -> None:
    """Each move in the replay's step row is said as the table's log says it ("on CPU 3's
    train", never a line game's "on the down arm"); PgDn is the next round's deal."""
    rec, hands = recorded_rounds()
    app = ReplayApp(rec, hands)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "The deal: You begin the round." in shown_text(screen, "#rp-step")
        seen = set()
        for _ in range(40):
            await pilot.press("right")
            step = shown_text(screen, "#rp-step")
            assert "arm" not in step and "on the " + "1." not in step, step
            seen.add("train" in step)
        assert True in seen
        await pilot.press("pagedown")
        step = shown_text(screen, "#rp-step")
        assert screen.game.hand_no == 2 and "Round 2 dealt:" in step
        assert "begins the round." in step or "You begin the round." in step


@pytest.mark.parametrize("players", [4, 8])
@pytest.mark.parametrize("size", SIZES)
def test_replay_of_rounds_snapshot(snap_compare, size, players) -> None:
    """Mexican Train of four and of eight seats a few moves in: every hand in words at the
    top (the person's too at 80x24, or beyond four seats), the trains, the scores row."""
    rec, hands = recorded_rounds(players)

    async def run_before(pilot) -> None:
        await pilot.pause()
        await pilot.press(*["right"] * 9)
        await pilot.pause()

    assert snap_compare(ReplayApp(rec, hands), terminal_size=size, run_before=run_before)


# ------------------------------------------------------------------ the CLI
@pytest.fixture
def opened(monkeypatch):
    calls: list = []
    monkeypatch.setattr(replay_app, "run_replay", lambda rec, hands: calls.append((rec, hands)))
    return calls


def test_cli_replay_with_an_empty_history(opened) -> None:
    result = CliRunner().invoke(cli.app, ["replay"])
    assert result.exit_code == 2
    assert "no matches recorded yet" in result.output
    assert "Traceback" not in result.output and not opened


def test_cli_replay_of_a_missing_id(opened) -> None:
    recorded()
    result = CliRunner().invoke(cli.app, ["replay", "42"])
    assert result.exit_code == 2
    assert "no match 42 in the history; the latest is 1" in result.output
    assert len(result.output.strip().splitlines()) == 1 and not opened


def test_cli_replay_opens_the_latest_or_the_one_asked(opened) -> None:
    recorded(3)
    recorded(5)
    assert CliRunner().invoke(cli.app, ["replay"]).exit_code == 0
    assert CliRunner().invoke(cli.app, ["replay", "1"]).exit_code == 0
    (latest, hands_latest), (first, _) = opened
    assert latest.id == 2 and first.id == 1 and first.seed == 3
    assert [h.hand_no for h in hands_latest] == list(range(1, latest.hands + 1))


def test_cli_replay_of_a_match_whose_rules_no_longer_load(opened) -> None:
    recorded()
    import sqlite3

    with sqlite3.connect(store.data_dir() / DB_NAME) as conn:
        conn.execute('UPDATE matches SET settings = \'{"set": "many"}\'')
    result = CliRunner().invoke(cli.app, ["replay"])
    assert result.exit_code == 2, result.output
    assert "cannot be replayed" in result.output and not opened


def test_cli_stats_lists_the_match_numbers_replay_takes() -> None:
    recorded(3)
    recorded(5)
    result = CliRunner().invoke(cli.app, ["stats"])
    assert result.exit_code == 0, result.output
    assert "Recent matches (dominoes replay N)" in result.output
    rows = [line for line in result.output.splitlines() if "classic" in line and "easy" in line]
    assert [row.split()[0] for row in rows[-2:]] == ["2", "1"]  # newest first, by number
