"""The arena: duplicate matches, the JSON it prints, reproducibility across processes."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from dominoes_tui import arena
from dominoes_tui.cli import app
from dominoes_tui.engine import load_variant


def test_each_deal_is_played_twice_with_the_seats_swapped():
    rules = load_variant("pub-draw")
    first = arena.play_match(rules, "medium", "easy", 3, 0, 0)
    second = arena.play_match(rules, "medium", "easy", 3, 0, 1)
    assert first.a_seats == (0,) and second.a_seats == (1,)
    assert first.deal == second.deal
    assert first.hands >= 1 and first.a_score in (0.0, 0.5, 1.0)


def test_partners_sit_together():
    rules = load_variant("goat")
    rec = arena.play_match(rules, "medium", "easy", 1, 0, 1)
    assert rec.a_seats == (1, 3)


def test_summary_keys_and_interval():
    res = arena.run("pub-draw", "medium", "easy", matches=6, seed=2, jobs=1)
    assert tuple(res)[: len(arena.JSON_KEYS)] == arena.JSON_KEYS
    assert res["matches"] == 6 and res["detail"]["deals"] == 3
    low, high = res["ci95"]
    assert 0.0 <= low <= res["a_win_rate"] <= high <= 1.0
    assert res["a_ms_p95"] >= 0 and res["b_ms_mean"] >= 0


def test_processes_do_not_change_the_result():
    one = arena.run("classic", "hard", "medium", matches=4, seed=5, jobs=1)
    two = arena.run("classic", "hard", "medium", matches=4, seed=5, jobs=2)
    for key in ("a_win_rate", "ci95", "matches"):
        assert one[key] == two[key]
    assert one["detail"]["hands"] == two["detail"]["hands"]
    assert one["detail"]["a_points_per_hand"] == two["detail"]["a_points_per_hand"]


def test_cli_json_has_exactly_the_keys_of_the_issue():
    result = CliRunner().invoke(
        app,
        [
            "arena",
            "--variant",
            "pub-draw",
            "--a",
            "hard",
            "--b",
            "easy",
            "--matches",
            "4",
            "--seed",
            "1",
            "--jobs",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert list(data) == [
        "a",
        "b",
        "variant",
        "matches",
        "a_win_rate",
        "ci95",
        "a_ms_mean",
        "a_ms_p95",
        "b_ms_mean",
        "b_ms_p95",
    ]
    assert data["a"] == "hard" and data["b"] == "easy" and data["variant"] == "pub-draw"
    assert len(data["ci95"]) == 2


def test_cli_words_and_options():
    result = CliRunner().invoke(
        app,
        [
            "arena",
            "-v",
            "pub-draw",
            "--a",
            "medium",
            "--b",
            "easy",
            "-n",
            "2",
            "-j",
            "1",
            "-o",
            "reserve=2",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "medium wins" in result.output and "95% CI" in result.output


def test_cli_refuses_an_unknown_level():
    result = CliRunner().invoke(app, ["arena", "--a", "godlike", "-n", "2"])
    assert result.exit_code == 2
    assert "no CPU level" in result.output
