"""The levels' calibration script's bookkeeping (``benchmarks/calibrate_levels.py``, issue
27): each run is numbered with its commit and search status, and ``--fit-only`` fits one
run (each family's latest, or ``--run N``), never old matches mixed with new ones. The
arena is replaced by a scripted one: no match is played here."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "calibrate_levels.py"
SHIPPED = Path(__file__).resolve().parents[2] / "benchmarks" / "results"


@pytest.fixture
def cal():
    spec = importlib.util.spec_from_file_location("calibrate_levels", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def scripted(monkeypatch, cal, winner: dict[tuple[str, str], float]) -> None:
    """The arena: each deal pair gives two matches, a's result ``winner[(a, b)]`` (1 if
    not named: the first level of a pair wins)."""

    def fake_map(tasks, jobs):
        for _rules, a, b, _seed, _deal, _ in tasks:
            res = winner.get((a, b), 1.0)
            yield [SimpleNamespace(a_score=res, a_points=0, b_points=0)] * 2

    monkeypatch.setattr(cal.arena, "_map", fake_map)


def run(cal, tmp_path: Path, *args: str) -> dict:
    out = tmp_path / "levels.json"
    argv = ["--families", "line", "--matches", "4", "--out", str(out), *args]
    assert cal.main(argv, matches_file=tmp_path / "matches.jsonl") == 0
    return json.loads(out.read_text(encoding="utf-8"))


def test_each_run_is_numbered_and_fit_only_fits_the_latest(monkeypatch, cal, tmp_path) -> None:
    scripted(monkeypatch, cal, {})  # run 1: the stronger level always wins
    first = run(cal, tmp_path)
    scripted(monkeypatch, cal, {("expert", "hard"): 0.0, ("pimc", "expert"): 0.0})
    second = run(cal, tmp_path)  # run 2: an Expert that loses to Hard
    rows = [json.loads(x) for x in (tmp_path / "matches.jsonl").read_text().splitlines()]
    heads = [r for r in rows if r.get("kind") == "run"]
    assert [h["run"] for h in heads] == [1, 2]
    assert all(h["search"] and "commit" in h and h["command"] for h in heads)
    assert {r["run"] for r in rows if "family" in r} == {1, 2}
    assert second["games"]["line"]["run"] == 2 and second["games"]["line"]["matches"] == 28
    assert first["levels"]["line"] != second["levels"]["line"]

    again = run(cal, tmp_path, "--fit-only")  # the latest run only: run 2's ratings
    assert again["levels"]["line"] == second["levels"]["line"]
    assert again["games"]["line"]["run"] == 2 and again["games"]["line"]["matches"] == 28
    older = run(cal, tmp_path, "--fit-only", "--run", "1")
    assert older["levels"]["line"] == first["levels"]["line"]
    assert older["games"]["line"]["run"] == 1
    lines = (tmp_path / "matches.jsonl").read_text().splitlines()
    assert len(lines) == len(rows)  # a fit plays nothing and numbers no run


def test_a_matches_line_without_a_run_is_refused(cal) -> None:
    rows = [{"family": "line", "a": "medium", "b": "easy", "result": 1.0}]
    with pytest.raises(SystemExit, match="without a run number"):
        cal.recorded(rows, "line")


def test_the_recorded_matches_are_numbered_runs(cal) -> None:
    """The shipped matches file: every match in a numbered run, each run described."""
    rows = cal.read_rows(SHIPPED / "level_ratings_matches.jsonl")
    heads = cal.runs(rows)
    assert sorted(heads) == list(range(1, len(heads) + 1))  # 1, 2, ... with none missing
    for family in ("line", "partners", "rounds"):
        number, results = cal.recorded(rows, family)
        assert number in heads and family in heads[number]["houses"] and results
