"""The rating at the table (issue 27): rated or casual said before the first move, a hint
making the match casual, and a rated match's last hand by keys moving the rating on the
match-over screen and in ``dominoes stats --json``."""

from __future__ import annotations

import json
import re

from conftest import app_at, make_app, play_until, played, settle
from typer.testing import CliRunner

from dominoes_tui.cli import app as cli
from dominoes_tui.tui.screens.dialogs import MatchOverScreen

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


async def test_a_rated_match_by_keys_moves_the_rating() -> None:
    app = app_at(played("classic", seed=11, back=6))  # the house's rules: 6 moves from the end
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, lambda a: isinstance(a.screen, MatchOverScreen))
        await settle(pilot)  # the record, then the rating read back
        line = app.screen.query_one("#rating")
        said = str(line.render())
        assert line.display
        m = re.fullmatch(r"Rating 1200 → (\d+) \(two-player line games\)\.", said)
        assert m, said
        after = int(m.group(1))
        won = app.table.game.match_result.winner_side == 0
        assert after > 1200 if won else after < 1200
    result = CliRunner().invoke(cli, ["stats", "--json"])
    assert result.exit_code == 0, result.output
    line_games = json.loads(result.output)["rating"]["families"]["line"]
    assert line_games["matches"] == 1 and line_games["provisional"]
    assert abs(line_games["rating"] - after) <= 0.5 and line_games["uncertainty"] < 350
    (point,) = line_games["history"]
    assert point["before"] == 1200 and abs(point["after"] - after) <= 0.5


async def test_a_casual_match_says_why_on_the_match_over() -> None:
    app = app_at(played("classic", seed=11, back=3, target=30))
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, lambda a: isinstance(a.screen, MatchOverScreen))
        said = str(app.screen.query_one("#rating").render())
        assert said == "Casual match, not rated: the rules differ from the house's."
