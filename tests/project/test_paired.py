"""``benchmarks/paired.py`` (issue 26's trials): two trial logs compared match by match, a
deal's two matches (seats swapped) one sample, only the matches both logs played."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "paired.py"
LOGS = SCRIPT.parent / "results" / "issue26"


def load_script():
    spec = importlib.util.spec_from_file_location("paired", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write(path: Path, scores: dict[tuple[int, int], float]) -> Path:
    rows = [{"deal": d, "a_seats": [s], "a_score": v} for (d, s), v in scores.items()]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_a_hand_worked_case(tmp_path: Path) -> None:
    paired = load_script()
    base = write(tmp_path / "base.log", {(0, 0): 0, (0, 1): 1, (1, 0): 0, (1, 1): 0.5})
    # deal 0: +1 and 0; deal 1: +1 and +0.5; deal 2 only in this log: left out
    other = write(tmp_path / "other.log", {(0, 0): 1, (0, 1): 1, (1, 0): 1, (1, 1): 1, (2, 0): 1})
    n, mine, theirs, diff, margin = paired.paired(paired.load(base), paired.load(other))
    assert n == 4 and mine == 1.0 and theirs == 0.375 and diff == 0.625
    # the deals' differences 1.0 and 1.5: sd 0.3536, a match's standard error 0.3536/√2/2
    assert math.isclose(margin, 1.96 * (math.sqrt(0.125) / math.sqrt(2) / 2))


def test_the_kept_logs_give_the_figures_in_results() -> None:
    """RESULTS.md quotes Chicken Foot's default at 2,700 playouts against the old 900."""
    paired = load_script()
    n, mine, theirs, diff, margin = paired.paired(
        paired.load(LOGS / "cf-base.log"), paired.load(LOGS / "cf-final.log")
    )
    assert n == 400
    assert f"{mine:.3f} {theirs:.3f} {diff:+.3f} {margin:.3f}" == "0.499 0.458 +0.041 0.045"
