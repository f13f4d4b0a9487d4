"""The ladder in every house (issue 26): Easy < Medium < Hard < Expert, duplicate matches.

For each shipped house and each neighbouring pair of levels (medium:easy, hard:medium,
expert:hard), duplicate matches with :func:`dominoes_tui.arena.run` (each deal twice, the
seats swapped). In the line games the pair plays head to head (partners: two of a level
against two of the other) and the step holds when the upper level's 95 % interval lies
above 50 %. In Mexican Train and Chicken Foot the upper level sits at one of four seats
against three of the lower one, single rounds (``rounds = 1``), and the step holds when
its share of the lowest total (ties shared) lies above the fair 25 %.

    python benchmarks/ladder.py                                    # every house, the defaults
    python benchmarks/ladder.py --houses classic,matador --pairs expert:hard --matches 100
    python benchmarks/ladder.py --table                            # the table from saved results

Results merge into ``benchmarks/results/ladder.json`` keyed by house/a/b.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dominoes_tui import arena, compiled  # noqa: E402
from dominoes_tui.engine import load_variants  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "ladder.json"
PAIRS = ("medium:easy", "hard:medium", "expert:hard")
MATCHES = {"medium:easy": 400, "hard:medium": 400, "expert:hard": 100}
"""Matches a pair by default: Expert's are the costly ones (and its lead the widest)."""


def commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        )
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def run_step(house: str, pair: str, matches: int, seed: int, jobs: int) -> dict:
    rules = load_variants(include_user=False)[house]
    a, b = pair.split(":")
    others = None
    if rules.is_rounds:
        rules = rules.replace(players=4, rounds=1)
        others = b
    t0 = time.perf_counter()
    res = arena.run(rules, a, b, matches, seed, jobs, others=others)
    res["wall_s"] = round(time.perf_counter() - t0, 1)
    fair = 0.25 if rules.is_rounds else 0.5
    res["fair"] = fair
    res["strict"] = res["ci95"][0] > fair
    res["load"] = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    res["machine"] = f"{platform.machine()}, {os.cpu_count()} cores"
    res["search"] = compiled.status()
    res["commit"] = commit()
    res["command"] = (
        f"python benchmarks/ladder.py --houses {house} --pairs {pair} --matches {matches} "
        f"--seed {seed} --jobs {jobs}"
    )
    return res


def table(data: dict) -> str:
    houses = sorted(
        {k.split("/")[0] for k in data}, key=list(load_variants(include_user=False)).index
    )
    lines = ["| house | " + " | ".join(PAIRS) + " |", "|---|" + "---|" * len(PAIRS)]
    for h in houses:
        cells = []
        for pair in PAIRS:
            a, b = pair.split(":")
            r = data.get(f"{h}/{a}/{b}")
            if r is None:
                cells.append("")
                continue
            low, high = r["ci95"]
            mark = "strict" if r["strict"] else "NOT strict"
            cells.append(
                f"{r['a_win_rate']:.1%} ({low:.1%}–{high:.1%}, n {r['matches']}, "
                f"fair {r['fair']:.0%}): {mark}"
            )
        lines.append(f"| {h} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--houses", default=",".join(load_variants(include_user=False)))
    p.add_argument("--pairs", default=",".join(PAIRS))
    p.add_argument("--matches", type=int, default=0, help="0: each pair's default")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", type=Path, default=RESULTS)
    p.add_argument("--table", action="store_true")
    args = p.parse_args(argv)
    data = json.loads(args.out.read_text()) if args.out.exists() else {}
    if not args.table:
        for house in args.houses.split(","):
            for pair in args.pairs.split(","):
                n = args.matches or MATCHES[pair]
                res = run_step(house, pair, n, args.seed, args.jobs)
                a, b = pair.split(":")
                data[f"{house}/{a}/{b}"] = res
                args.out.parent.mkdir(parents=True, exist_ok=True)
                args.out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
                print(
                    f"{house} {pair}: {res['a_win_rate']:.1%} {res['ci95']} "
                    f"{'strict' if res['strict'] else 'NOT strict'} ({res['wall_s']} s)",
                    flush=True,
                )
    print(table(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
