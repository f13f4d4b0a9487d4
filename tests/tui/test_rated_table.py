"""The rating at the table (issue 27): rated or casual said before the first move, a hint
making the match casual, and a rated match's last hand by keys moving the rating on the
match-over screen and in ``dominoes stats --json``."""

from __future__ import annotations

import json
import re

import plotext
import pytest
from conftest import (
    app_at,
    make_app,
    play_by_keys,
    play_until,
    played,
    settle,
)
from pilot_helpers import rig_judges
from store_helpers import play_match, use_levels
from test_daily_stats import idle
from test_replay_stats import Host
from typer.testing import CliRunner

from dominoes_tui import store
from dominoes_tui.ai import review as rv
from dominoes_tui.cli import app as cli
from dominoes_tui.engine import load_variant
from dominoes_tui.store import settings
from dominoes_tui.store.rating import FamilyRating, LevelRatings, Rating, RatingPoint
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.dialogs import MatchOverScreen
from dominoes_tui.tui.screens.options import ChoiceRow, OptionsScreen
from dominoes_tui.tui.screens.stats import RATING_CHART_HEIGHT, StatsScreen, draw_rating
from dominoes_tui.tui.screens.table import TableScreen
from dominoes_tui.tui.strategy_coach import CoachQuestion

SIZE = (80, 24)


async def test_the_table_says_rated_or_casual_before_the_first_move() -> None:
    rated = make_app("classic", seed=5)  # the house's rules (its clock aside), against Easy
    async with rated.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert rated.table.message_text.startswith("Rated match:")
    casual = make_app("classic", seed=5, target=201)
    async with casual.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = casual.table.message_text
        assert text.startswith("Casual: the rules differ from the house's.")


async def test_a_whole_rated_match_by_keys_moves_the_rating() -> None:
    """Matador to 100 (its house's rules, no clock) against Easy, dealt and played out by
    keys from the first move to the match-over screen (seed 2: two hands, the person
    wins): the rating moves up, on the match-over screen and in ``stats --json``."""
    app = make_app("matador", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.table.message_text.startswith("Rated match:")
        await play_until(pilot, lambda a: isinstance(a.screen, MatchOverScreen))
        await settle(pilot)  # the record, then the rating read back
        assert app.table.game.match_result.winner_side == 0
        line = app.screen.query_one("#rating")
        said = str(line.render())
        assert line.display
        m = re.fullmatch(r"Rating 1200 → (\d+) \(two-player line games\)\.", said)
        assert m, said
        after = int(m.group(1))
        assert after > 1200
    result = CliRunner().invoke(cli, ["stats", "--json"])
    assert result.exit_code == 0, result.output
    line_games = json.loads(result.output)["rating"]["families"]["line"]
    assert line_games["matches"] == 1 and line_games["provisional"]
    assert abs(line_games["rating"] - after) <= 0.5 and line_games["uncertainty"] < 350
    (point,) = line_games["history"]
    assert point["before"] == 1200 and abs(point["after"] - after) <= 0.5
    assert point["level"] == "easy" and point["outcome"] == "win"


async def test_a_casual_match_says_why_on_the_match_over() -> None:
    app = app_at(played("classic", seed=11, back=3, target=30))
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, lambda a: isinstance(a.screen, MatchOverScreen))
        said = str(app.screen.query_one("#rating").render())
        assert said == "Casual match, not rated: the rules differ from the house's."


async def test_a_changed_hand_size_is_casual() -> None:
    """`dominoes play -v draw --hand-size 2 -l easy`: not the house's deal, casual."""
    app = make_app("draw", seed=5, hand_size=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.table.message_text.startswith("Casual: hands of 2 tiles, not the house's 7.")


def coach(level: str) -> None:
    settings.settings_path().write_text(
        json.dumps({"coach_level": level, "coach_asked": True}), encoding="utf-8"
    )


@pytest.mark.parametrize("level", ["guide", "tips"])
async def test_the_coach_on_makes_the_table_casual_before_the_first_move(level) -> None:
    coach(level)
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = app.table.session
        assert app.table.message_text.startswith("Casual: the coach is on.")
        assert s.info.coached and s.score_parts()[2][-1] == "casual"
        assert not app._notifications  # said by the note, not a toast as well


async def test_the_options_say_casual_with_the_coach_on(monkeypatch) -> None:
    coach("tips")
    app = DominoesApp(start_menu=True, delay=0, level="easy")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("n")  # New game: the options of the house picked (classic)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OptionsScreen)
        summary = str(screen.query_one("#summary").render())
        assert "Casual: the coach is on. Set the Coach to Off in Settings for a rated" in summary
        assert "CPU level         ◀ Easy · about 900 ▶" in rows_text(screen)
    coach("off")
    app = DominoesApp(start_menu=True, delay=0, level="easy")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert "Rated match." in str(app.screen.query_one("#summary").render())


def rows_text(screen) -> str:
    return "\n".join(str(r.render()) for r in screen.query(ChoiceRow))


@pytest.fixture
def rigged_judges(monkeypatch):
    yield from rig_judges(monkeypatch, rigged)


async def test_the_coachs_take_back_by_keys_is_counted_and_saved(rigged_judges) -> None:
    """The coach asks before a blunder (rigged judging), n takes it back: counted, the
    match casual, and the count and the coach kept in the save."""
    coach("tips")
    app = make_app("classic", seed=5)
    async with app.run_test(size=(100, 32)) as pilot:

        def ready(a) -> bool:
            t = a.table
            s = t.session
            return isinstance(a.screen, TableScreen) and t.my_turn and rv.is_decision(s.view())

        await play_until(pilot, ready)
        s = app.table.session
        action = s.view().legal[0]  # a blunder, as rigged
        await play_by_keys(pilot, action)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, CoachQuestion)
        await pilot.press("n")  # take it back
        await pilot.pause()
        assert s.info.coach_backs == 1
        assert s.casual_reason == "the coach's take-back was used"
        await play_by_keys(pilot, action)  # the same move: laid
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert action.tile not in s.hand()
    saved = store.load_autosave().saved.info
    assert saved.coach_backs == 1 and saved.coached


def rigged(view, seed):
    """The last legal move is the best (80%); the others about 40%: blunders."""
    legal = list(view.legal)
    return {a: (0.8 if i == len(legal) - 1 else 0.4 + 0.01 * i) for i, a in enumerate(legal)}


async def test_without_the_levels_ratings_nothing_is_rated_and_it_is_said(
    monkeypatch, tmp_path
) -> None:
    """The levels' ratings missing: the table and the options say so in one sentence, the
    statistics say it where the rating would be (no chart), `stats --json` has no rating."""
    use_levels(monkeypatch, tmp_path / "missing.json")
    missing = "The CPU levels' ratings are missing, so no match is rated."
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.table.message_text.startswith(missing)
    store.finish_match(played("draw", seed=5), store.MatchInfo(cpu_level="easy"))
    app = Host(StatsScreen)
    async with app.run_test(size=SIZE) as pilot:
        await idle(pilot)
        screen = app.screen
        assert str(screen.query_one("#rating-label").render()) == f"Rating  {missing}"
        charts = list(screen.query(".rating-chart"))
        assert len(charts) == 3 and not any(p.display for p in charts)
        assert screen.problem == missing
    result = CliRunner().invoke(cli, ["stats", "--json"])
    assert result.exit_code == 0, result.output
    rating = json.loads(result.stdout)["rating"]
    assert rating["families"] == {"line": None, "partners": None, "rounds": None}
    assert rating["problem"] == missing and missing in result.stderr


@pytest.mark.parametrize("side", [7, -1])
async def test_a_damaged_seat_in_the_history_is_set_aside_on_the_statistics(side) -> None:
    """A Mexican Train row whose person sits at no seat of the table (7) or at none (-1):
    set aside and said, the statistics and `stats --json` still show (no traceback)."""
    house = load_variant("mexican-train")
    for seed in (1, 2):
        g = play_match(house.replace(rounds=1), seed=seed)
        store.finish_match(g, store.MatchInfo(cpu_level="easy", names=()))
    with store.History()._db() as conn:
        conn.execute("UPDATE matches SET settings = ?", (json.dumps(house.to_dict()),))
        conn.execute("UPDATE matches SET human_side = ? WHERE id = 1", (side,))
    said = "1 damaged match in the history was skipped (number 1)."
    result = CliRunner().invoke(cli, ["stats", "--json"])
    assert result.exit_code == 0, result.output
    rounds = json.loads(result.stdout)["rating"]["families"]["rounds"]
    assert [p["match_id"] for p in rounds["history"]] == [2] and said in result.stderr
    app = Host(StatsScreen)
    async with app.run_test(size=SIZE) as pilot:
        await idle(pilot)
        screen = app.screen
        assert screen.problem == said
        assert screen.query_one("#rating-chart-rounds").display


def chart_text(fr: FamilyRating, levels: LevelRatings, width: int = 76) -> list[str]:
    """The rating chart as the screen draws it (its height), without colours."""
    draw_rating(plotext, fr, levels)
    plotext.plotsize(width, RATING_CHART_HEIGHT)
    plotext.theme("clear")
    return re.sub(r"\x1b\[[0-9;]*m", "", plotext.build()).splitlines()


def test_the_rating_chart_numbers_its_axis_and_starts_at_the_start() -> None:
    """The audit's case: 1024 after one loss, Easy 900 and Medium 1191 around it. The y
    axis reads in numbers (the levels named beside theirs, the person's own), the start
    (1200) is plotted, and the latest point is not drawn on Medium's line."""
    levels = LevelRatings(
        {
            "line": {
                "easy": (900, 99),
                "medium": (1191, 99),
                "hard": (1798, 99),
                "expert": (2241, 99),
            }
        }
    )
    fr = FamilyRating("line", Rating(), [RatingPoint(3, "", "easy", "loss", 1200, 1024)])
    rows = chart_text(fr, levels)
    labelled = {row.split("┤")[0].split("├")[0].strip(): i for i, row in enumerate(rows)}
    assert {"Easy 900", "Medium 1191", "you 1024"} <= set(labelled)
    assert "Hard 1798" not in labelled  # further off: named in the words above the chart
    assert labelled["Easy 900"] > labelled["you 1024"] > labelled["Medium 1191"]
    marks = [i for i, row in enumerate(rows) for ch in row if ch == "●"]
    assert len(marks) == 2 and marks[0] < labelled["Medium 1191"]  # the start: 1200
    assert marks[1] == labelled["you 1024"]
    assert "start" in rows[-2] and "3" in rows[-2] and "rated match" in rows[-1]


async def test_each_family_played_rated_has_its_chart() -> None:
    """Two families played rated: a chart each, with its levels; the third family in the
    one line of those not played yet."""
    for variant, seed in (("draw", 1), ("draw", 2), ("international", 3)):
        store.finish_match(played(variant, seed=seed), store.MatchInfo(cpu_level="easy"))
    app = Host(StatsScreen)
    async with app.run_test(size=SIZE) as pilot:
        await idle(pilot)
        screen = app.screen
        shown = [p.id for p in screen.query(".rating-chart") if p.display]
        assert shown == ["rating-chart-line", "rating-chart-partners"]
        line = str(screen.query_one("#rating-label-line").render())
        assert line.startswith("Two-player line games: ")
        assert "CPU levels here: Easy 900 · Medium 1150 · Hard 1500 · Expert 1900" in line
        partners = str(screen.query_one("#rating-label-partners").render())
        assert "Easy 950 · Medium 1250 · Hard 1550 · Expert 1850" in partners
        rest = str(screen.query_one("#rating-rest").render())
        assert rest.startswith("Mexican Train and Chicken Foot: no rated match yet")
        for text in (line, partners, rest):  # a rating and its spread never broken
            assert not re.search(r"\d\n±|±\n\d", text.replace("\u00a0", " "))
