"""Issue 16 around the table: the daily deal (`dominoes play --daily`, the start menu's
entry and your best today), the accuracy chart on the statistics screen and a review
opened from there and from `dominoes replay`, the options screen's Coach row."""

from __future__ import annotations

from datetime import date

import pytest
from conftest import settle
from test_replay_stats import Host, cpu_match, info
from textual.widgets import DataTable
from typer.testing import CliRunner

from dominoes_tui import cli, store
from dominoes_tui.ai import review as rv
from dominoes_tui.engine import load_variant, new_game, seat_view
from dominoes_tui.table import practice as pr
from dominoes_tui.table import review_job
from dominoes_tui.tui import app as tui_app
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.replay import ReplayScreen
from dominoes_tui.tui.screens.review import ReviewScreen
from dominoes_tui.tui.screens.start import StartScreen
from dominoes_tui.tui.screens.stats import StatsScreen, accuracy_label, draw_accuracy, draw_results
from dominoes_tui.tui.screens.table import TableScreen

SIZE = (100, 32)


@pytest.fixture(autouse=True)
def _quick_review(monkeypatch):
    monkeypatch.setattr(review_job, "BUDGET", rv.Budget(deals=20, rounds=1, max_rounds=1))
    review_job.forget_kept()


async def idle(pilot) -> None:
    """Every worker done (the history read, a review), the screen drawn."""
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


@pytest.fixture
def opened(monkeypatch):
    calls: list[dict] = []
    monkeypatch.setattr(tui_app, "run_app", lambda **kw: calls.append(kw))
    return calls


# ------------------------------------------------------------ the daily deal
def test_play_daily_deals_todays_hand(opened) -> None:
    result = CliRunner().invoke(cli.app, ["play", "--daily", "--speed", "2"])
    assert result.exit_code == 0, result.output
    kw = opened[0]
    assert kw["seed"] == pr.daily_seed(date.today())
    assert kw["rules"] == pr.daily_rules() and kw["level"] == pr.DAILY_LEVEL
    assert kw["speed"] == 2
    assert kw["daily"] == date.today()  # played beside a saved match, labelled with its day


@pytest.mark.parametrize(
    "args", [["--seed", "3"], ["--variant", "draw"], ["--level", "easy"], ["--target", "201"]]
)
def test_play_daily_takes_no_other_deal(opened, args) -> None:
    result = CliRunner().invoke(cli.app, ["play", "--daily", *args])
    assert result.exit_code == 2
    assert "--daily plays today's deal as it is: leave out " + args[0] in result.output
    assert not opened


async def test_the_daily_deal_from_the_start_menu() -> None:
    app = DominoesApp(start_menu=True, delay=0, level="easy")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("d")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        s = table.session
        assert s.seed == pr.daily_seed(date.today()) and s.level == pr.DAILY_LEVEL
        assert s.rules.target == 0 and s.rules.name == "classic"


async def test_the_start_menu_says_your_best_today() -> None:
    seed, rules = pr.daily_seed(date.today()), pr.daily_rules()
    g = cpu_match("classic", 1)  # another match, so Statistics (and the lookup) show
    store.finish_match(g, info())
    from dominoes_tui.ai import make_player

    d = new_game(rules, seed)
    players = [make_player("easy", 1), make_player("hard", 2)]
    while not d.is_over:
        d.apply(players[d.turn].choose(seat_view(d, d.turn)))
    store.finish_match(d, info("hard"))
    net = pr.hand_net(rules, d.result, 0)
    app = DominoesApp(start_menu=True, delay=0, level="easy")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        note = str(app.screen.query_one("#start-note").render())
        assert f"Daily deal today:\nbest {pr.net_words(net)}, 1 try" in note


# ------------------------------------------------------------ statistics and replay
def reviewed_history() -> list[int]:
    """Three recorded matches, two of them reviewed (accuracy 50% then 75%)."""
    ids = []
    for seed in (1, 2, 3):
        g = cpu_match("classic", seed)
        ids.append(store.finish_match(g, info()).history_id)
    h = store.History()
    h.save_review(ids[0], 0.5, 10, {"blunder": 1, "mistake": 0, "inaccuracy": 2}, {})
    h.save_review(ids[1], 0.75, 8, {"blunder": 0, "mistake": 1, "inaccuracy": 1}, {})
    return ids


async def test_the_statistics_chart_accuracy_over_time() -> None:
    ids = reviewed_history()
    app = Host(StatsScreen)
    async with app.run_test(size=SIZE) as pilot:
        await idle(pilot)
        screen = app.screen
        label = str(screen.query_one("#accuracy-label").render())
        assert label.startswith("Accuracy, last 2 reviewed matches\n75% last, 62% on average")
        chart = screen.query_one("#accuracy-chart")
        assert chart.display
        drawn = str(chart.render())  # the axes: percent up the side, match numbers below
        assert "100%" in drawn and "50%" in drawn and "match" in drawn
        assert all(str(i) in drawn for i in ids[:2])
        table = screen.query_one("#recent")
        assert [str(c) for c in table.get_row(str(ids[1]))][-1] == "75%"
        assert [str(c) for c in table.get_row(str(ids[2]))][-1] == "–"


@pytest.mark.parametrize(
    "size", [pytest.param((80, 24), id="80x24"), pytest.param((100, 32), id="100x32")]
)
def test_stats_charts_snapshot(snap_compare, size) -> None:
    """The results and accuracy charts side by side, with their axes and legends."""
    reviewed_history()

    async def run_before(pilot) -> None:
        await idle(pilot)
        table = pilot.app.screen.query_one("#recent", DataTable)
        for _ in range(200):  # the rows are laid out on idle (see test_stats_snapshot)
            if table.row_count == 3 and table.virtual_size.height >= table.row_count:
                break
            await pilot.pause()
        assert table.row_count == 3
        await laid_out(pilot)

    assert snap_compare(Host(StatsScreen), terminal_size=size, run_before=run_before)


async def laid_out(pilot) -> None:
    """Until the charts' sizes and the screen's scrollbars stay the same for three pauses:
    the table's rows can bring a scrollbar a moment later, a column off the charts (a
    loaded machine took the snapshot in between)."""
    screen = pilot.app.screen
    seen: list[tuple] = []
    for _ in range(300):
        await pilot.pause()
        seen.append(
            (
                tuple(w.size for w in screen.query("PlotextPlot")),
                screen.size,
                tuple(
                    (w.show_vertical_scrollbar, w.show_horizontal_scrollbar, w.size)
                    for w in screen.query("VerticalScroll, DataTable")
                ),
            )
        )
        if len(seen) >= 3 and seen[-1] == seen[-2] == seen[-3]:
            return
    raise AssertionError("the statistics screen never settled")


@pytest.mark.parametrize(("column", "value"), [("accuracy", "abc"), ("decisions", 1e999)])
async def test_damaged_review_figures_leave_statistics_open(column, value) -> None:
    ids = reviewed_history()
    with store.History()._db() as conn:
        conn.execute(f"UPDATE matches SET {column} = ? WHERE id = ?", (value, ids[0]))
    app = DominoesApp(start_menu=True, delay=0, level="easy")
    async with app.run_test(size=SIZE) as pilot:
        await idle(pilot)
        assert isinstance(app.screen, StartScreen) and app.screen.has_stats
        await pilot.press("t")
        await idle(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen) and screen.stats is not None
        assert [p.match_id for p in screen.stats.accuracy] == [ids[1]]
        assert screen.problem == f"1 damaged match in the history was skipped (number {ids[0]})."


async def test_no_review_yet_says_how() -> None:
    store.finish_match(cpu_match("classic", 1), info())
    app = Host(StatsScreen)
    async with app.run_test(size=SIZE) as pilot:
        await idle(pilot)
        label = str(app.screen.query_one("#accuracy-label").render())
        assert label.startswith("No match reviewed yet: R reviews the match picked below")
        assert not app.screen.query_one("#accuracy-chart").display


async def test_review_a_match_from_the_statistics_screen() -> None:
    ids = reviewed_history()
    app = Host(StatsScreen)
    async with app.run_test(size=SIZE) as pilot:
        await idle(pilot)
        await pilot.press("R")  # the top row: the latest match, not reviewed yet
        await app.workers.wait_for_complete()
        await pilot.pause()
        await app.workers.wait_for_complete()
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.done
        assert screen.job.record_id == ids[2] and screen.judgements
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        assert len(stats.stats.accuracy) == 3  # kept, and charted
        assert stats.stats.accuracy[-1].match_id == ids[2]


async def test_review_from_the_replay() -> None:
    store.finish_match(cpu_match("classic", 4), info())
    h = store.History()
    rec = h.get(h.latest_id())
    app = Host(lambda: ReplayScreen(rec, h.hands(rec.id)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("R")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.done
        assert screen.job.title.startswith(f"Review: Match {rec.id} · classic against Easy")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)


async def test_dominoes_replay_plays_a_hand_again_at_a_real_table() -> None:
    """``dominoes replay`` (its own app), R, then a: the practice table has the app's
    styles (the hand, the line, the log laid out), the player's tiles and pace."""
    from dominoes_tui.store import settings
    from dominoes_tui.table import Pace
    from dominoes_tui.tui.replay_app import ReplayApp
    from dominoes_tui.tui.screens.practice import PracticeTableScreen
    from dominoes_tui.tui.widgets.hand import HandView

    settings.save_settings(settings.PlayerSettings(pace="fast", tiles="unicode"))
    store.finish_match(cpu_match("classic", 4), info())
    h = store.History()
    rec = h.get(h.latest_id())
    app = ReplayApp(rec, h.hands(rec.id))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("R")
        await idle(pilot)
        await pilot.press("a")
        await idle(pilot)
        table = app.screen
        assert isinstance(table, PracticeTableScreen)
        hand = table.query_one(HandView)
        assert hand.size.height >= 3 and hand.region.y > SIZE[1] // 2  # at the bottom
        assert table.query_one("#top").size.height == 2  # the seats row and the scores
        assert table.query_one("#side").outer_size.width == 34  # the move log beside the felt
        assert table.tile_style == "unicode"
        assert table.session.pace == Pace.named("fast")


class Recorder:
    """Stands in for plotext's ``plt``: keeps every call, to read what a chart drew."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple, dict]] = []

    def __getattr__(self, name: str):
        return lambda *args, **kw: self.calls.append((name, args, kw))

    def called(self, name: str) -> list[tuple[tuple, dict]]:
        return [(a, kw) for n, a, kw in self.calls if n == name]


def test_the_accuracy_chart_draws_each_review_by_match_number() -> None:
    from dominoes_tui.store.stats import AccuracyPoint

    points = [AccuracyPoint(i, "", "classic", "easy", acc, 10) for i, acc in ((2, 0.5), (5, 0.8))]
    plt = Recorder()
    draw_accuracy(plt, points)
    assert plt.called("clear_figure")  # drawn again from nothing on every reload
    ((args, _),) = plt.called("scatter")
    assert args == ([2, 5], [50.0, 80.0])
    assert plt.called("ylim") == [((0, 100), {})]
    assert plt.called("xticks") == [(([2, 5], ["2", "5"]), {})]


def test_the_results_chart_marks_each_match_and_the_win_rate() -> None:
    from dominoes_tui.store.stats import ResultPoint

    points = [ResultPoint(1, "W", 1.0), ResultPoint(2, "L", 0.5), ResultPoint(3, "A", 0.5)]
    points.append(ResultPoint(4, "D", 0.5))
    plt = Recorder()
    draw_results(plt, points)
    ((line, _),) = plt.called("plot")
    assert line == ([1, 2, 3, 4], [100.0, 50.0, 50.0, 50.0])
    marks = {kw["marker"]: args for args, kw in plt.called("scatter")}
    assert marks == {"▲": ([1], [100]), "▼": ([2], [0]), "✕": ([3], [0]), "◆": ([4], [50])}


def test_accuracy_label_words() -> None:
    from dominoes_tui.store.stats import AccuracyPoint

    one = [AccuracyPoint(3, "", "classic", "easy", 0.5, 10)]
    assert str(accuracy_label(one)) == "Accuracy, 1 reviewed match\n50% last, 50% on average"


async def test_mexican_train_is_refused_in_a_sentence() -> None:
    from dominoes_tui.table.review_job import ReviewJob

    g = new_game(load_variant("mexican-train"), 3)
    job = ReviewJob(g, (), 0, ("You", "CPU 1", "CPU 2", "CPU 3"), "Review: a train")
    app = Host(lambda: ReviewScreen(job))
    async with app.run_test(size=SIZE) as pilot:
        await idle(pilot)
        screen = app.screen
        assert screen.problem == (
            "The review does not judge Mexican Train yet: it judges the line games and All Fives."
        )
        assert str(screen.query_one("#rv-detail").render()) == screen.problem
        await pilot.press("a")  # no practice deal of it either
        await pilot.pause()
        assert app.screen is screen
