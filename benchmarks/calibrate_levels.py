"""The CPU levels' ratings (issue 27): duplicate arena matches between the levels, fitted
with openskill, written to ``dominoes_tui/data/level_ratings.json`` (the package ships it).

    python benchmarks/calibrate_levels.py --matches 24 --seed 27 --jobs 1

For each family of games (:data:`dominoes_tui.store.rating.FAMILIES`) one house is played:
``draw`` for the two-player line games, ``international`` for the partners' games (two
of a level against two of another), ``mexican-train`` at 4 seats for the rounds games
(one level at one seat, the other at the three others). Each pair of :data:`PAIRS` plays
``--matches`` duplicate matches (:func:`dominoes_tui.arena.play_match`: each deal twice,
the seats swapped). Each match is one openskill game between the two levels (a win, a
loss or a draw: a match the arena scores level counts halfway); the levels' ratings are
fitted from every match, in :data:`ORDERS` shuffled orders averaged, then shifted so
that Easy sits at :data:`EASY_AT` (the scale is openskill's, as the player's rating).

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

from dominoes_tui import arena  # noqa: E402
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
                if rules.is_rounds:  # a's share of the win against b's (ties share it)
                    res = 1.0 if r.a_score > r.b_score else 0.0 if r.a_score < r.b_score else 0.5
                else:
                    res = r.a_score
                out.append((a, b, res))
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
    args = p.parse_args(argv)
    changes: dict[str, dict] = {}
    for o in args.option:
        fam, _, kv = o.partition(":")
        k, _, v = kv.partition("=")
        changes.setdefault(fam, {})[k] = json.loads(v)
    t0 = time.perf_counter()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    levels: dict[str, dict] = {}
    games: dict[str, dict] = {}
    for family in args.families.split(","):
        rules = load_variant(HOUSES[family])
        if changes.get(family):
            rules = rules.replace(**changes[family])
        counts = dict(o.split("=", 1) for o in args.family_matches)
        matches = int(counts.get(family, args.matches))
        results = play(family, rules, PAIRS, matches, args.seed, args.jobs)
        fitted = fit(results, args.seed)
        levels[family] = {lv: {"rating": mu, "spread": sd} for lv, (mu, sd) in fitted.items()}
        games[family] = {
            "house": HOUSES[family],
            "changes": changes.get(family, {}),
            "matches": len(results),
        }
        print(family, {lv: v["rating"] for lv, v in levels[family].items()}, flush=True)
    argv_words = argv if argv is not None else sys.argv[1:]
    data = {
        "format": rating.CALIBRATION_FORMAT,
        "levels": levels,
        "games": games,
        "command": "python benchmarks/calibrate_levels.py " + " ".join(argv_words),
        "wall_s": round(time.perf_counter() - t0),
        "load": load,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({data['wall_s']} s, load {load})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
