"""Mexican Train and Chicken Foot at the table (issue 15, the table part), by keys.

Whole rounds played by keys only; a double satisfied (R-TR-4), a tile laid on
another seat's open train (R-TR-3), a tile that fits two trains asked about by
number, by ↑/↓ Enter and by a click, never asked about with one place; the
foot's toes filled before anything else (R-CF-3); a first-turn run stopped with s
(R-TR-8); the round's words, the seats and totals; ``dominoes play`` opens both.
"""

from __future__ import annotations

import pytest
from conftest import app_at, first_legal, make_app, play_until, played, press_to_select, settle

from dominoes_tui.engine import HAND_OVER, Game, Stop, load_variant, new_game, tiles
from dominoes_tui.engine.chicken_foot import ChickenFootGame
from dominoes_tui.engine.trains import TrainsGame
from dominoes_tui.table import PlaceQuestion
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.dialogs import HandOverScreen, MatchOverScreen
from dominoes_tui.tui.widgets.places import PlacesView

T = tiles.parse


def app_for(game: Game, size_seed: int = 1) -> DominoesApp:
    return DominoesApp(game=game, seed=size_seed, level="easy", delay=0, player_factory=first_legal)


def trains(markers=(), trains_=(), hands=None, **kw) -> TrainsGame:
    rules = load_variant("mexican-train", players=4, rounds=1)
    hands = hands or [["6-2", "12-5", "3-1"], ["10-1", "10-2"], ["11-1", "11-2"], ["8-1", "8-2"]]
    return TrainsGame.from_position(rules, hands, trains=trains_, markers=markers, **kw)


async def choose(pilot, tile: str) -> None:
    hand = pilot.app.table.session.hand()
    await press_to_select(pilot, hand.index(T(tile)))


def log_text(app) -> str:
    return "\n".join(app.table.session.log_lines())


@pytest.mark.parametrize("variant", ["mexican-train", "chicken-foot"])
async def test_a_whole_round_by_keys(variant) -> None:
    """A round from the deal to the match's end, the person's turns taken by keys only
    (Enter, a number where a tile fits several places, s, d, p); the round-over breakdown
    shows every hand's pips."""
    app = make_app(variant, seed=11, players=4, rounds=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda a: isinstance(a.screen, MatchOverScreen))
        g = app.table.game
        assert g.phase == "match_over" and g.match_result.reason == "rounds"
        # the keys made the choices conftest.played makes headlessly for the other tests
        assert g.log == played(variant, 11, players=4, rounds=1).log
        assert "You played" in log_text(app)
        shown = " ".join(str(w.render()) for w in app.screen.query("Static"))
        for seat, name in enumerate(app.table.session.names):
            assert f"counts {g.results[0].counted[seat]}" in shown, name
        assert "lowest total wins" in shown


async def test_two_rounds_hand_over_says_round() -> None:
    """Between rounds: "Round 1: …" and Next round; the second round's words follow."""
    rules = {"players": 3, "rounds": 2}
    app = app_at(played("mexican-train", 4, until=lambda g: g.phase == HAND_OVER, back=3, **rules))
    async with app.run_test(size=(100, 32)) as pilot:
        await play_until(pilot, lambda a: isinstance(a.screen, HandOverScreen))
        title = str(app.screen.query_one("#dialog-title").render())
        assert title.startswith("Round 1:")
        await pilot.press("enter")
        await settle(pilot)
        assert app.table.game.hand_no == 2
        row = app.table._scores_text(99).plain
        assert "Round 2 of 2 · engine 11-11" in row


async def test_satisfy_the_double_by_keys() -> None:
    """R-TR-4: East's 6-6 is unsatisfied: the table says who must satisfy it, refuses a
    tile elsewhere in words, and lays a 6 on it without asking (one place)."""
    g = trains(trains_=[[], ["12-6", "6-6"]])
    app = app_for(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        felt = str(app.table.query_one(PlacesView).render())
        assert "6-6 to satisfy: you" in felt
        assert "Satisfy the 6-6 on East's train" in app.table.message_text
        await choose(pilot, "12-5")
        await pilot.press("enter")
        assert "must be satisfied first" in app.table.message_text
        assert app.table.session.question is None
        await choose(pilot, "6-2")
        await pilot.press("enter")
        await settle(pilot)
        assert "You played 6-2 on East's train" in log_text(app)


async def test_play_on_an_open_train_by_keys() -> None:
    """R-TR-3: East's marker opens its train: a tile that fits only there goes there."""
    g = trains(markers=[1], trains_=[["12-4"], ["12-7"], ["12-9"], ["12-10"], ["12-3"]],
               hands=[["7-1", "5-0", "2-0"], ["10-1", "6-6"], ["11-1", "5-5"], ["8-1", "1-1"]])  # fmt: skip
    app = app_for(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        row = app.table.query_one(PlacesView).lines(52)[2][0].plain
        assert "East" in row and "●" in row  # the marker shown on East's row
        await choose(pilot, "7-1")
        await pilot.press("enter")
        assert app.table.session.question is None  # one place: never asked
        await settle(pilot)
        assert "You played 7-1 on East's train" in log_text(app)


def two_places() -> TrainsGame:
    """4-3 fits your train (4) and the Mexican train (3)."""
    return trains(trains_=[["12-4"], ["12-7"], ["12-9"], ["12-10"], ["12-3"]],
                  hands=[["4-3", "5-0"], ["10-1", "6-6"], ["11-1", "5-5"], ["8-1", "1-1"]])  # fmt: skip


@pytest.mark.parametrize("how", ["number", "arrows", "click"])
async def test_a_tile_that_fits_two_trains_asks_which(how) -> None:
    """The places are numbered on the felt; a number, ↓ then Enter, or a click answers."""
    app = app_for(two_places())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose(pilot, "4-3")
        await pilot.press("enter")
        q = app.table.session.question
        assert isinstance(q, PlaceQuestion) and q.places == (0, 4)
        assert "4-3 fits 2 places" in app.table.message_text
        view = app.table.query_one(PlacesView)
        felt = str(view.render())
        assert "1▸4" in felt and "2▸3" in felt
        if how == "number":
            await pilot.press("2")
        elif how == "arrows":
            await pilot.press("down", "enter")
        else:
            await pilot.click(PlacesView, offset=(3, view._shown.index(4)))
        await settle(pilot)
        assert "You played 4-3 on the Mexican train" in log_text(app)


async def test_escape_forgets_the_question() -> None:
    app = app_for(two_places())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose(pilot, "4-3")
        await pilot.press("enter", "escape")
        assert app.table.session.question is None
        assert "▸" in str(app.table.query_one(PlacesView).render())
        assert "1▸" not in str(app.table.query_one(PlacesView).render())


async def test_first_turn_run_stops_with_s() -> None:
    """R-TR-8: a first turn may lay a run on your own train; s ends it."""
    rules = load_variant("mexican-train", players=3, rounds=1, first_turn_run=True)
    g = TrainsGame.from_position(
        rules,
        [["12-5", "5-4", "9-9"], ["10-1", "6-6"], ["11-1", "5-5"]],
        first_turns=[0, 1, 2],
    )
    app = app_for(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "a run on your own train" in app.table.message_text
        await choose(pilot, "12-5")
        await pilot.press("enter")
        await choose(pilot, "5-4")
        await pilot.press("enter")
        assert app.table.session.can(Stop)
        await pilot.press("s")
        await settle(pilot)
        assert "You ended the first-turn run" in log_text(app)


def foot_game() -> ChickenFootGame:
    """The 5-5 at the end of arm 1 grows a foot: its three toes come first (R-CF-3)."""
    rules = load_variant("chicken-foot", players=4, rounds=1)
    return ChickenFootGame.from_position(
        rules,
        [["5-0", "1-0", "8-8"], ["5-4", "2-0"], ["5-3", "3-0"], ["6-1", "4-0"]],
        arms=[["9-5", "5-5"], ["9-1"], ["9-2"], ["9-3"]],
    )


async def test_the_foots_toes_by_keys() -> None:
    """The foot being filled is highlighted and counted; a tile elsewhere is refused;
    5-0 goes on its first toe without a question, and the others fill the rest."""
    app = app_for(foot_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        felt = str(app.table.query_one(PlacesView).render())
        assert "5-5's toes: 3 to go" in felt
        assert "└toe 1" in felt and "foot 5-5" in felt
        assert "Fill the 5-5 (3 to go)" in app.table.message_text
        await choose(pilot, "1-0")
        await pilot.press("enter")
        assert "fits no open place" in app.table.message_text
        await choose(pilot, "5-0")
        await pilot.press("enter")
        assert app.table.session.question is None
        await settle(pilot)
        log = log_text(app)
        assert "You played 5-0 on 5-5's first toe" in log
        assert "East played 5-4 on 5-5's second toe" in log
        assert "North played 5-3 on 5-5's third toe" in log


async def test_eight_seats_on_two_rows_at_100x32() -> None:
    """Eight players: every seat's tiles and last move, the turn marker; every train's
    row on the felt with its owner; nothing cut."""
    app = make_app("mexican-train", seed=3, players=8, rounds=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await play_until(pilot, lambda a: len(a.table.session.log()) >= 10)
        seats = app.table._seats_text(99).plain.split("\n")
        assert len(seats) == 2
        for name in app.table.session.names:
            assert any(name in row for row in seats)
        lines = [t.plain for t, _ in app.table.query_one(PlacesView).lines(64)]
        assert len(lines) == 10  # the hub, 8 trains, the Mexican train
        assert all(len(line) <= 64 for line in lines)
        assert lines[-1].lstrip(" ▶").startswith("Mexican")


# ------------------------------------------------------------------ saves, history, replay
def cpu_round(variant: str, seed: int) -> Game:
    """A one-round match of four Easy CPUs, to its end."""
    from dominoes_tui.ai import make_player
    from dominoes_tui.engine import seat_view

    game = new_game(load_variant(variant, players=4, rounds=1), seed)
    players = [make_player("easy", seed * 10 + s) for s in range(4)]
    while not game.is_over:
        game.apply(players[game.turn].choose(seat_view(game, game.turn)))
    return game


@pytest.mark.parametrize("variant", ["mexican-train", "chicken-foot"])
async def test_saved_and_resumed_with_the_layout(variant) -> None:
    """q saves the match; Continue brings the same trains (or foot) and log back."""
    app = make_app(variant, seed=6, players=4, rounds=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda a: len(a.table.session.log()) >= 9)
        before = app.table.game.copy()
        log = log_text(app)
        app.table.session.close()
    again = DominoesApp(seed=6, level="easy", delay=0, player_factory=first_legal, resume=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("x")  # any key wakes the table
        await settle(pilot)
        g = again.table.game
        assert g.board().laid_mask() == before.board().laid_mask()
        assert log_text(again).startswith(log.split("\n")[0])
        rows = [t.plain for t, _ in again.table.query_one(PlacesView).lines(52)]
        assert rows[0].startswith((" engine", " centre"))  # the round: on the scores row
        assert again.table._scores_text(79).plain.startswith(" Round 1 of 1")


@pytest.mark.parametrize("variant", ["mexican-train", "chicken-foot"])
async def test_history_and_replay(variant) -> None:
    """A finished match is recorded; the replay steps it to the end on the same felt."""
    from dominoes_tui import store
    from dominoes_tui.tui.replay_app import ReplayApp
    from dominoes_tui.tui.screens.replay import ReplayScreen

    g = cpu_round(variant, seed=2)
    names = ("You", "East", "North", "West")
    info = store.MatchInfo(cpu_level="easy", names=names, now=lambda: 0.0)
    assert store.finish_match(g, info).problem is None
    h = store.History()
    rec = h.get(h.latest_id())
    assert rec is not None and rec.hands == 1
    app = ReplayApp(rec, h.hands(rec.id))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("end")
        await pilot.pause()
        assert screen.game.board().laid_mask() == g.board().laid_mask()
        felt = str(screen.query_one(PlacesView).render())
        assert "Round 1 of 1" not in felt  # said once, on the scores row
        assert "Round 1 of 1" in screen.scores_text().plain
        assert "the lowest total after the last round" in screen.message_text()
        assert any(" on " in line for line in screen.log_lines())


@pytest.mark.frames  # the wheel scrolls what was drawn
async def test_the_wheel_scrolls_a_long_train_back() -> None:
    """A train longer than the felt shows its newest tiles and how many are hidden; the
    wheel over its row shows older ones."""
    from test_trains_snapshots import busy_trains

    app = app_for(busy_trains())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        view = app.table.query_one(PlacesView)
        north = view._shown.index(2)
        before = view.lines(view.size.width)[north][0].plain
        assert " more " in before and "2│5" in before  # the newest tile, older ones counted
        view._wheel(north, -1)  # the wheel over North's row, toward older tiles
        after = view.lines(view.size.width)[north][0].plain
        assert "2│5" not in after and after.rstrip().endswith("1 newer")


# ------------------------------------------------------------------ nothing hidden without a key
LONG_TRAIN = "12-4 4-9 9-3 3-8 8-2 2-7 7-1 1-6 6-0 0-5 5-11 11-10 10-4 4-7 7-9 9-10".split()


def long_train() -> TrainsGame:
    """East's train of 16 tiles: at 80x24 most of it is out of sight."""
    hands = [["6-2", "12-5", "3-1"], ["10-1", "10-5"], ["11-1", "11-2"], ["8-1", "8-5"]]
    return trains(hands=hands, trains_=[[], LONG_TRAIN])


def place_row(app, place: int) -> str:
    view = app.table.query_one(PlacesView)
    return next(t.plain for t, p in view.lines(view.size.width) if p == place)


async def test_a_long_train_says_how_many_more_and_scrolls_by_keys() -> None:
    """Tiles out of sight are said in words ("N more", not "◂N", which in the line games
    means an open end); [ shows older tiles, ] brings the newest back; the keys are on
    the key bar and under the help's keys while tiles are hidden."""
    app = app_for(long_train())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        row = place_row(app, 1)
        hidden = int(row.split(" more ")[0].split()[-1])
        assert 0 < hidden < len(LONG_TRAIN), row
        assert "9│10" in row and "12│4" not in row and "◂" not in row
        assert app.table.check_action("older", ()) is True
        assert any(key == "[ / ]" for key, _ in app.table.keys_now())
        for _ in range(6):
            await pilot.press("left_square_bracket")
        row = place_row(app, 1)
        assert "12│4" in row and "9│10" not in row, row  # the oldest in sight, the newest not
        assert row.rstrip().endswith("newer")
        for _ in range(6):
            await pilot.press("right_square_bracket")
        assert place_row(app, 1).rstrip().endswith("▸10")


async def test_chicken_foot_rows_out_of_sight_by_keys() -> None:
    """At 80x24 a grown foot has more rows than the felt: the hub row gives its line to
    a place (the scores row names the centre), PgUp/PgDn bring every arm and toe into
    sight, and the key bar shows PgUp/Dn while rows are hidden."""
    game = played(
        "chicken-foot",
        2,
        until=lambda g: g.phase == "play" and g.turn == 0 and len(g.board().lines) >= 13,
        players=4,
        rounds=1,
    )
    app = app_at(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        view = app.table.query_one(PlacesView)
        assert view.hidden_rows()
        assert app.table.check_action("felt", ()) is True
        assert "centre 9-9" in app.table._scores_text(79).plain
        seen: set[int] = set()
        for key in ["pageup"] * 4 + ["pagedown"] * 6:
            await pilot.press(key)
            await pilot.pause()
            text = str(view.render())
            seen |= {p for p in view._shown if p is not None}
            assert "(wheel)" not in text
            assert "more above (PgUp)" in text or "more below (PgDn)" in text
        assert seen == set(range(len(game.board().lines)))


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
@pytest.mark.parametrize("opener", [0, 3])
async def test_the_round_is_said_once(size, opener) -> None:
    """Issue 25: at a round's start the round's number and double are on the scores row
    and nowhere else on the screen (the prompt does not say them again), whoever begins."""
    from test_player_text import texts

    rules = load_variant("mexican-train", players=8, clock_minutes=0)
    app = DominoesApp(
        game=new_game(rules, 1, first_seat=opener),
        seed=1,
        level="easy",
        delay=1e6,  # the opening as the person sees it: the CPU's first move still pending
        player_factory=first_legal,
    )
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        lines = texts(app.screen)
        said = [line for line in lines if "Round 1 of 13" in line]
        assert len(said) == 1, said
        assert any("engine" in line and "12-12" in line for line in lines)  # a row or the hub
        assert "Round" not in app.table.message_text
        said = "Your turn" if opener == 0 else "CPU 3 begins the round."
        assert said in app.table.message_text


@pytest.mark.parametrize("variant", ["mexican-train", "chicken-foot", "classic"])
async def test_f1_lists_the_keys_that_show_what_is_out_of_sight(variant) -> None:
    """Issue 25: F1 at the table names the keys for what the felt hides (PgUp/PgDn its rows
    out of sight; [ and ] the older and newer tiles of a long train or arm, in the rounds
    games), and those keys are the table's."""
    from dominoes_tui.tui.screens.howto import HowToPlayScreen
    from dominoes_tui.tui.screens.table import TableScreen

    rounds = variant != "classic"
    app = make_app(variant, seed=5, **({"players": 4, "rounds": 1} if rounds else {}))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HowToPlayScreen)
        said = " ".join(str(app.screen.query_one("#howto-text").render()).split())
        assert "PgUp/Dn scroll" in said
        assert ("[/] older/newer" in said) == rounds
        keys = {(b.key, b.action) for b in TableScreen.BINDINGS}
        assert {("pageup", "felt(-1)"), ("pagedown", "felt(1)")} <= keys
        assert {("left_square_bracket", "older(-1)"), ("right_square_bracket", "older(1)")} <= keys
