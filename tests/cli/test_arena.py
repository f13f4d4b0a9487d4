"""The arena: duplicate matches, the JSON it prints, reproducibility across processes."""

from __future__ import annotations

import inspect
import json

import pytest
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


def test_a_run_carried_on_from_a_later_deal_plays_the_deals_it_left():
    whole = arena.run("pub-draw", "medium", "easy", matches=4, seed=2, jobs=1)
    first = arena.run("pub-draw", "medium", "easy", matches=2, seed=2, jobs=1)
    rest = arena.run("pub-draw", "medium", "easy", matches=2, seed=2, jobs=1, first_deal=1)
    assert first["detail"]["hands"] != rest["detail"]["hands"]  # another deal
    assert first["detail"]["hands"] + rest["detail"]["hands"] == whole["detail"]["hands"]
    wins = first["a_win_rate"] + rest["a_win_rate"]
    assert wins / 2 == whole["a_win_rate"]


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


# ------------------------------------------------------------------ issue 14
@pytest.mark.parametrize(
    "args, words",
    [
        (["--matches", "0"], "--matches must be from 1"),
        (["--matches", "-3"], "--matches must be from 1"),
        (["--matches", "100000000000"], "--matches must be from 1 to 100,000"),
        (["--jobs", "-1"], "--jobs"),
        (["--jobs", "100000"], "--jobs"),
        (["-o", "target=1000000"], "targets up to 5,000"),
        (["-o", "target=10000000000000"], "target"),
        (["-o", "target=nan"], "target"),
        (["-o", "target=-5"], "target"),
    ],
)
def test_cli_refuses_out_of_range_values_in_one_sentence(args, words, monkeypatch):
    def ran(*a, **k):  # never start the work (10**11 matches would fill the memory)
        raise AssertionError("the arena ran")

    monkeypatch.setattr(arena, "run", ran)
    result = CliRunner().invoke(app, ["arena", "--a", "easy", "--b", "easy", *args])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [x for x in result.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: ") and words in lines[0], lines


def test_the_work_is_made_as_it_is_played(monkeypatch):
    """No list of every task up front: a run's tasks are made one by one as they are played
    (a few ahead), so --matches is bounded by time, never by memory."""
    drawn: list[int] = []
    real = arena._play_pair

    def pair(t):
        drawn.append(t[4])
        return real(t)

    monkeypatch.setattr(arena, "_play_pair", pair)
    given: list = []
    real_map = arena._map

    def spy(tasks, jobs):
        given.append(tasks)
        return real_map(tasks, jobs)

    monkeypatch.setattr(arena, "_map", spy)
    seen: list[int] = []
    arena.run("pub-draw", "easy", "easy", matches=8, seed=1, jobs=1, on_match=seen.append)
    assert drawn == [0, 1, 2, 3] and seen == [2, 4, 6, 8]
    assert inspect.isgenerator(given[0])
    for bad in (0, -2, arena.MAX_MATCHES + 1):
        with pytest.raises(ValueError):
            arena.run("pub-draw", "easy", "easy", matches=bad, jobs=1)


def test_a_huge_target_ends_at_the_cap_with_a_note(monkeypatch):
    monkeypatch.setattr(arena, "MAX_ACTIONS", 300)
    rules = load_variant("draw").replace(target=1_000_000)
    res = arena.run(rules, "easy", "easy", matches=2, seed=3, jobs=1)
    assert res["detail"]["capped"] == 2 and res["matches"] == 2
    assert 0.0 <= res["a_win_rate"] <= 1.0
    assert any("scored by who was ahead" in line for line in arena.report_lines(res))
