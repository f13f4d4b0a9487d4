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
fitted from every match, in :data:`ORDERS` shuffled orders averaged, then shifted so
that Easy sits at :data:`EASY_AT` (the scale is openskill's, as the player's rating).

Every match's result is appended to ``benchmarks/results/level_ratings_matches.jsonl``;
``--fit-only`` fits the ratings again from that file without playing. The data file is
written after each family (the families not played keep their ratings in it).

``--option KEY=VALUE`` (JSON) changes a family's house for the run, e.g.
``--option rounds:rounds=1`` (one round of Mexican Train instead of 13: the budget).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

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
OUT = Path(__file__).resolve().parent.parent / "dominoes_tui" / "data" / "level_ratings.json"
MATCHES = Path(__file__).resolve().parent / "results" / "level_ratings_matches.jsonl"


def recorded(family: str) -> list[tuple[str, str, float]]:
    """Every match of ``family`` in :data:`MATCHES` (``--fit-only``)."""
    out = []
    for line in MATCHES.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["family"] == family:
            out.append((row["a"], row["b"], float(row["result"])))
    return out


def play(
    family: str, rules, pairs, matches: int, seed: int, jobs: int
) -> list[tuple[str, str, float]]:
    """Every match of every pair as (a, b, a's result: 1, 0.5 or 0)."""
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
                with MATCHES.open("a") as f:
                    f.write(json.dumps({"family": family, "a": a, "b": b, "result": res}) + "\n")
                n += 1
                wins += res
        took = time.perf_counter() - t0
        print(f"{family}: {a} vs {b}: {wins:g}/{n} ({took:.0f} s)", flush=True)
    return out


def fit(results: list[tuple[str, str, float]], seed: int) -> dict[str, tuple[float, float]]:
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


def main(argv: list[str] | None = None) -> int:
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
    args = p.parse_args(argv)
    changes: dict[str, dict] = {}
    for o in args.option:
        fam, _, kv = o.partition(":")
        k, _, v = kv.partition("=")
        changes.setdefault(fam, {})[k] = json.loads(v)
    t0 = time.perf_counter()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    out = Path(args.out)
    try:
        data = json.loads(out.read_text(encoding="utf-8"))
        if data.get("format") != rating.CALIBRATION_FORMAT:
            raise ValueError
    except (OSError, ValueError):
        data = {"format": rating.CALIBRATION_FORMAT, "levels": {}, "games": {}}
    argv_words = argv if argv is not None else sys.argv[1:]
    MATCHES.parent.mkdir(parents=True, exist_ok=True)
    for family in args.families.split(","):
        rules = load_variant(HOUSES[family])
        if changes.get(family):
            rules = rules.replace(**changes[family])
        counts = dict(o.split("=", 1) for o in args.family_matches)
        matches = int(counts.get(family, args.matches))
        if args.fit_only:
            results = recorded(family)
        else:
            results = play(family, rules, PAIRS, matches, args.seed, args.jobs)
        fitted = fit(results, args.seed)
        data["levels"][family] = {
            lv: {"rating": mu, "spread": sd} for lv, (mu, sd) in fitted.items()
        }
        game = {"house": HOUSES[family], "changes": changes.get(family, {})}
        data["games"][family] = game | {
            "matches": len(results),
            "command": "python benchmarks/calibrate_levels.py " + " ".join(argv_words),
            "load": load,
            "wall_s": round(time.perf_counter() - t0),
            "machine": f"{platform.machine()}, {os.cpu_count()} cores",
            "search": compiled.status(),
        }
        data["command"] = data["games"][family]["command"]
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(family, {lv: v["rating"] for lv, v in data["levels"][family].items()}, flush=True)
    print(f"wrote {out} ({round(time.perf_counter() - t0)} s, load {load})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
