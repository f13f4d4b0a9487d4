"""The CPU levels' ratings (issue 27): duplicate arena matches between the levels, fitted
with openskill, written to ``dominoes_tui/data/level_ratings.json`` (the package ships it).

    python benchmarks/calibrate_levels.py --matches 24 --seed 27 --jobs 1

For each family of games (:data:`dominoes_tui.store.rating.FAMILIES`) one house is played:
``draw`` for the two-player line games, ``international`` for the partners' games (two
of a level against two of another), ``mexican-train`` at 4 seats for the rounds games
(one level at one seat, the other at the three others). Each pair of :data:`PAIRS` plays
``--matches`` duplicate matches (:func:`dominoes_tui.arena.play_match`: each deal twice,
the seats swapped). Each match is one openskill game between the two levels (a win, a
loss or a draw: a match the arena scores level counts halfway; in the rounds games the
one level's seat against the other's seat beside it, by their totals, so that one seat
against three is not read as a loss whenever a third seat wins); the levels' ratings are
fitted from every match of one run, in :data:`ORDERS` shuffled orders averaged, then
shifted so that Easy sits at :data:`EASY_AT` (the scale is openskill's, as the player's).

**Runs.** Every match's result is appended to
``benchmarks/results/level_ratings_matches.jsonl`` with the number of the run that
played it; each run starts with a line of its own (``"kind": "run"``: its number, when
it started, the git commit and whether the tree had changes, how the search ran, the
command, each family's house). ``--fit-only`` fits again from that file without
playing: for each family the latest run that played it (``--run N``: that run), never
a mix of runs, so the matches of an Expert since changed are not fitted with the new
ones. The data file says for each family which run its ratings come from, with that
run's commit and search. It is written after each family (the families not played
keep their ratings in it).

``--option KEY=VALUE`` (JSON) changes a family's house for the run, e.g.
``--option rounds:rounds=1`` (one round of Mexican Train instead of 13: the budget).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from openskill.models import PlackettLuce  # noqa: E402

from dominoes_tui import (
    arena,  # noqa: E402
    compiled,  # noqa: E402
)
from dominoes_tui.engine import load_variant  # noqa: E402
from dominoes_tui.store import rating  # noqa: E402

HOUSES = {"line": "draw", "partners": "international", "rounds": "mexican-train"}
"""The house each family is calibrated at."""
LEVELS = ("easy", "medium", "hard", "expert", "pimc")
PAIRS = (
    ("medium", "easy"),
    ("hard", "medium"),
    ("expert", "hard"),
    ("pimc", "expert"),
    ("hard", "easy"),
    ("expert", "medium"),
    ("pimc", "hard"),
)
"""Neighbours, and one level apart (Expert and pimc are slow: no pair of both with Easy)."""
ORDERS = 50
"""Shuffled orders of the matches whose fitted ratings are averaged (openskill rates a
stream of games; the average takes the order's luck out)."""
EASY_AT = 900.0
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "dominoes_tui" / "data" / "level_ratings.json"
MATCHES = Path(__file__).resolve().parent / "results" / "level_ratings_matches.jsonl"
RUN = "run"
"""The ``kind`` of a run's first line in the matches file (a match's line has none)."""

Result = tuple[str, str, float]
"""One match: level a, level b, a's result (1, 0.5 or 0)."""


# ------------------------------------------------------------------ the matches file
def read_rows(path: Path) -> list[dict[str, Any]]:
    """Every line of the matches file (none if there is no file yet)."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def runs(rows: Iterable[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Each run's own line, by its number."""
    return {r["run"]: r for r in rows if r.get("kind") == RUN}


def next_run(rows: Iterable[dict[str, Any]]) -> int:
    """The number of a new run: one more than any in the file (1 for the first)."""
    return max((int(r["run"]) for r in rows if "run" in r), default=0) + 1


def recorded(
    rows: Iterable[dict[str, Any]], family: str, run: int | None = None
) -> tuple[int | None, list[Result]]:
    """The matches of ``family`` in one run, in the order played: run ``run``, or (None)
    the latest run that played this family; (None, []) if none did. A line without a
    run's number is refused (the file predates runs: number its runs first)."""
    mine = [r for r in rows if r.get("kind") != RUN and r["family"] == family]
    if any("run" not in r for r in mine):
        raise SystemExit(f"{MATCHES.name}: matches of {family} without a run number")
    if run is None:
        run = max((r["run"] for r in mine), default=None)
    return run, [(r["a"], r["b"], float(r["result"])) for r in mine if r["run"] == run]


def git_commit(root: Path = ROOT) -> tuple[str | None, bool | None]:
    """The commit checked out at ``root`` and whether the tree has changes (None, None if
    git cannot tell)."""
    try:
        sha = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True
        )
        status = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
        )
    except OSError:
        return None, None
    if sha.returncode or status.returncode:
        return None, None
    return sha.stdout.strip(), bool(status.stdout.strip())


def start_run(path: Path, command: str, houses: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Append a new run's own line to the matches file and return it."""
    rows = read_rows(path)
    commit, dirty = git_commit()
    head = {
        "kind": RUN,
        "run": next_run(rows),
        "started": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": commit,
        "dirty": dirty,
        "search": compiled.status(),
        "command": command,
        "houses": houses,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "load": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(head) + "\n")
    return head


# ------------------------------------------------------------------ playing and fitting
def play(
    family: str, rules, pairs, matches: int, seed: int, jobs: int, run: int, path: Path = MATCHES
) -> list[Result]:
    """Every match of every pair as (a, b, a's result: 1, 0.5 or 0), each appended to
    ``path`` as it ends, with the run's number."""
    out = []
    for a, b in pairs:
        t0 = time.perf_counter()
        deals = -(-matches // 2)
        tasks = ((rules, a, b, seed, d, None) for d in range(deals))
        n = wins = 0
        for recs in arena._map(tasks, jobs):
            for r in recs:
                if rules.is_rounds:  # a's seat against b's seat beside it: the lower total
                    d = r.b_points - r.a_points
                    res = 1.0 if d > 0 else 0.0 if d < 0 else 0.5
                else:
                    res = r.a_score
                out.append((a, b, res))
                with path.open("a", encoding="utf-8") as f:
                    row = {"run": run, "family": family, "a": a, "b": b, "result": res}
                    f.write(json.dumps(row) + "\n")
                n += 1
                wins += res
        took = time.perf_counter() - t0
        print(f"{family}: {a} vs {b}: {wins:g}/{n} ({took:.0f} s)", flush=True)
    return out


def fit(results: list[Result], seed: int) -> dict[str, tuple[float, float]]:
    """The levels' ratings (display scale) from ``results``: openskill's Plackett-Luce
    model over the matches, averaged over :data:`ORDERS` orders, Easy shifted to 900."""
    model = PlackettLuce()
    rng = random.Random(seed)
    levels = sorted({x for a, b, _ in results for x in (a, b)})
    mus = {lv: 0.0 for lv in levels}
    sigmas = {lv: 0.0 for lv in levels}
    for _ in range(ORDERS):
        order = results[:]
        rng.shuffle(order)
        r = {lv: model.rating(name=lv) for lv in levels}
        for a, b, res in order:
            ranks = [0, 0] if res == 0.5 else [0, 1] if res > 0.5 else [1, 0]
            [[ra], [rb]] = model.rate([[r[a]], [r[b]]], ranks=ranks)
            r[a], r[b] = ra, rb
        for lv in levels:
            mus[lv] += r[lv].mu / ORDERS
            sigmas[lv] += r[lv].sigma / ORDERS
    shift = EASY_AT - rating.shown(mus["easy"]) if "easy" in mus else 0.0
    return {
        lv: (round(rating.shown(mus[lv]) + shift), round(rating.spread(sigmas[lv])))
        for lv in levels
    }


def main(argv: list[str] | None = None, matches_file: Path | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=24, help="matches a pair (whole deal pairs)")
    p.add_argument("--seed", type=int, default=27)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument(
        "--family-matches", action="append", default=[], help="FAMILY=N: another count there"
    )
    p.add_argument("--families", default=",".join(HOUSES))
    p.add_argument("--option", action="append", default=[], help="FAMILY:key=value (JSON)")
    p.add_argument("--out", default=str(OUT))
    p.add_argument("--fit-only", action="store_true", help="fit again from the recorded matches")
    p.add_argument(
        "--run", type=int, help="with --fit-only: fit this run (default: each family's latest)"
    )
    args = p.parse_args(argv)
    if args.run is not None and not args.fit_only:
        p.error("--run picks the recorded run --fit-only fits")
    path = matches_file if matches_file is not None else MATCHES
    changes: dict[str, dict] = {}
    for o in args.option:
        fam, _, kv = o.partition(":")
        k, _, v = kv.partition("=")
        changes.setdefault(fam, {})[k] = json.loads(v)
    t0 = time.perf_counter()
    out = Path(args.out)
    try:
        data = json.loads(out.read_text(encoding="utf-8"))
        if data.get("format") != rating.CALIBRATION_FORMAT:
            raise ValueError
    except (OSError, ValueError):
        data = {"format": rating.CALIBRATION_FORMAT, "levels": {}, "games": {}}
    argv_words = argv if argv is not None else sys.argv[1:]
    command = "python benchmarks/calibrate_levels.py " + " ".join(argv_words)
    families = args.families.split(",")
    houses = {f: {"house": HOUSES[f], "changes": changes.get(f, {})} for f in families}
    head = None if args.fit_only else start_run(path, command, houses)
    counts = dict(o.split("=", 1) for o in args.family_matches)
    for family in families:
        if args.fit_only:
            run, results = recorded(read_rows(path), family, args.run)
            if not results:
                print(f"{family}: no recorded matches (run {args.run or 'any'}): kept as it was")
                continue
            played = runs(read_rows(path)).get(run, {})
        else:
            assert head is not None
            rules = load_variant(HOUSES[family])
            if changes.get(family):
                rules = rules.replace(**changes[family])
            matches = int(counts.get(family, args.matches))
            run = head["run"]
            results = play(family, rules, PAIRS, matches, args.seed, args.jobs, run, path)
            played = head
        fitted = fit(results, args.seed)
        data["levels"][family] = {
            lv: {"rating": mu, "spread": sd} for lv, (mu, sd) in fitted.items()
        }
        house = played.get("houses", {}).get(family, houses.get(family, {}))
        data["games"][family] = {
            **house,
            "matches": len(results),
            "run": run,
            "started": played.get("started"),
            "commit": played.get("commit"),
            "dirty": played.get("dirty"),
            "search": played.get("search"),
            "command": played.get("command", command),
            "machine": played.get("machine"),
            "load": played.get("load"),
            "fitted": command,
        }
        wall = played.get("wall_s") if args.fit_only else round(time.perf_counter() - t0)
        if wall is not None:
            data["games"][family]["wall_s"] = wall
        data["command"] = data["games"][family]["command"]
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(
            family,
            f"run {run}",
            {lv: v["rating"] for lv, v in data["levels"][family].items()},
            flush=True,
        )
    print(f"wrote {out} ({round(time.perf_counter() - t0)} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
