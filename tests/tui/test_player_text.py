"""What a player reads holds no Python list (``[19, 0, 50, 34]``) and no cut column: the
statistics (with a four-seat match among them), a replay of it, a review and a table of
eight seats, at 80×24 and 100×32, and what ``dominoes stats`` prints, at 80 columns too
(issue 25)."""

from __future__ import annotations

import doctest
import io
import re

import pytest
from rich.console import Console
from store_helpers import play_match
from test_replay_stats import Host
from textual.renderables.blank import Blank
from textual.widgets import DataTable, Static
from typer.testing import CliRunner

from dominoes_tui import cli, report, store
from dominoes_tui.engine import load_variant
from dominoes_tui.store import stats
from dominoes_tui.table.review_job import job_of_record
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens import stats as stats_screen
from dominoes_tui.tui.screens.review import ReviewScreen
from dominoes_tui.tui.screens.stats import StatsScreen

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((100, 32), id="100x32")]
LIST_REPR = re.compile(r"\[\s*-?\d+(\.\d+)?\s*,")
"""A Python list of numbers as ``str`` prints it."""


def info(names: tuple[str, ...]) -> store.MatchInfo:
    return store.MatchInfo(cpu_level="easy", names=names, now=lambda: 0.0)


def record_seats() -> list[int]:
    """A one-hand line game, a four-seat Mexican Train of one round and one left unfinished."""
    ids = []
    g = play_match(load_variant("double-first", target=0, clock_minutes=0), seed=2)
    ids.append(store.finish_match(g, info(("You", "CPU (Easy)"))).history_id)
    four = ("You", "CPU 1", "CPU 2", "CPU 3")
    rules = load_variant("mexican-train", rounds=1, players=4)
    ids.append(store.finish_match(play_match(rules, seed=4), info(four)).history_id)
    store.abandon_match(play_match(rules, seed=5, steps=20), info(four))
    return ids


def texts(screen) -> list[str]:
    """Every line the screen's shown widgets show (cells of the tables included)."""
    out: list[str] = []
    for w in screen.query("*"):
        if not all(n.display for n in w.ancestors_with_self if hasattr(n, "display")):
            continue  # not on the screen
        if isinstance(w, DataTable):
            out += [str(c.label) for c in w.columns.values()]
            out += [str(cell) for key in w.rows for cell in w.get_row(key)]
            continue
        shown = w.content if isinstance(w, Static) else w.render()
        if isinstance(shown, Blank):
            continue
        console = Console(width=max(w.size.width, 20), record=True, file=io.StringIO())
        console.print(shown)
        out += console.export_text().splitlines()
    return out


async def settle(pilot) -> None:
    for _ in range(5):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


def assert_no_list(lines: list[str]) -> None:
    shown = [line for line in lines if LIST_REPR.search(line)]
    assert not shown, shown


@pytest.mark.parametrize("module", [stats_screen, report, stats])
def test_the_statistics_examples(module) -> None:
    """The docstring examples of the column fitting, the chart ticks and the words for
    hands and rounds."""
    result = doctest.testmod(module)
    assert result.attempted and not result.failed


def test_the_scan_finds_a_list() -> None:
    assert_no_list(["47–0–17", "match [3]"])
    with pytest.raises(AssertionError):
        assert_no_list([f"score {[19, 0, 50, 34]}"])


@pytest.mark.parametrize("size", SIZES)
async def test_statistics_read_whole(size) -> None:
    record_seats()
    app = Host(StatsScreen)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        lines = texts(screen)
        assert_no_list(lines)
        table = screen.query_one("#recent", DataTable)
        assert table.row_count == 3
        scores = [str(table.get_row(k)[table.get_column_index("Score")]) for k in table.rows]
        assert any(s.count("–") == 3 for s in scores), scores  # four seats: 47–0–17–12
        # no column cut: the recent matches fit the screen, and nothing ends in "…"
        assert table.virtual_size.width <= table.size.width
        assert not [line for line in lines if "…" in line]
        # Mexican Train's deals are rounds: "per round", and a column of hands and rounds
        said = "\n".join(lines)
        assert "Per round, mexican-train" in said and "(1 round)" in said
        assert "Per hand, double-first" in said
        headers = [str(c.label) for c in table.columns.values()]
        assert ("Hands/rounds" in headers or "H/R" in headers) and "Hands" not in headers


async def test_a_review_reads_without_lists() -> None:
    ids = record_seats()
    rec = store.History().get(ids[0])
    assert rec is not None
    app = Host(lambda: ReviewScreen(job_of_record(rec)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert_no_list(texts(app.screen))


@pytest.mark.parametrize("size", SIZES)
async def test_a_replay_reads_whole_without_lists(size) -> None:
    """The replay of a four-seat Mexican Train at its deal, a few moves in and its end:
    no list, no line wider than the screen, no cell cut to "…"."""
    from dominoes_tui.tui.replay_app import ReplayApp

    ids = record_seats()
    h = store.History()
    rec = h.get(ids[1])
    assert rec is not None and rec.variant == "mexican-train"
    app = ReplayApp(rec, h.hands(rec.id))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for keys in ([], ["right"] * 6, ["end"]):
            await pilot.press(*keys)
            await settle(pilot)
            lines = texts(app.screen)
            assert_no_list(lines)
            assert max(len(line.rstrip()) for line in lines) <= size[0]
            assert not [line for line in lines if "…" in line and "thinking" not in line]


async def test_a_table_of_eight_reads_without_lists() -> None:
    rules = load_variant("mexican-train", players=8, rounds=1)
    app = DominoesApp(rules=rules, seed=5, level="easy", delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert_no_list(texts(app.screen))


def test_the_stats_command_prints_no_list() -> None:
    record_seats()
    res = CliRunner().invoke(cli.app, ["stats"], env={"COLUMNS": "80"})
    assert res.exit_code == 0, res.output
    assert "–" in res.output
    assert_no_list(res.output.splitlines())


@pytest.mark.parametrize("columns", [80, 100])
def test_the_stats_command_cuts_no_cell(columns) -> None:
    """``dominoes stats`` at 80 (and 100) columns: no line wider than the terminal, no
    cell cut to "…" (columns are dropped or their headers shortened instead), the long
    names whole; Mexican Train's deals called rounds; the accuracy's bars with a scale."""
    ids = record_seats()
    rules = load_variant("international-two", clock_minutes=0)
    ids.append(store.finish_match(play_match(rules, seed=3), info(("You", "CPU"))).history_id)
    h = store.History()
    for match_id, accuracy in zip(ids, (0.42, 0.61, 0.87)):
        assert h.save_review(match_id, accuracy, 12, {}, {})
    res = CliRunner().invoke(cli.app, ["stats"], env={"COLUMNS": str(columns)})
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= columns
    assert not [line for line in lines if "…" in line]
    for name in ("international-two", "mexican-train", "double-first"):
        assert any(name in line.split() for line in lines), name
    assert any("Per hand/round" in line for line in lines)  # a house of rounds among hands
    accuracy = next(i for i, line in enumerate(lines) if line.startswith("Accuracy"))
    assert report.ACCURACY_SCALE in lines[accuracy + 1]
    assert "▃" in lines[accuracy + 1] or "▄" in lines[accuracy + 1]


def test_the_stats_command_says_rounds_for_a_house_of_rounds() -> None:
    four = ("You", "CPU 1", "CPU 2", "CPU 3")
    rules = load_variant("chicken-foot", rounds=2, players=4)
    store.finish_match(play_match(rules, seed=4), info(four))
    res = CliRunner().invoke(cli.app, ["stats"], env={"COLUMNS": "80"})
    assert res.exit_code == 0, res.output
    assert "Per round" in res.output and "Rounds" in res.output
    assert "hand" not in res.output.lower().replace("handed", "")
