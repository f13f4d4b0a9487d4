"""The AI ladder: does each CPU level beat the one below it? (issue 5's bars)

Plays duplicate matches with :mod:`dominoes_tui.arena` (the same code as
``dominoes arena``) for each pairing and variant, saves every result as JSON
and prints a Markdown table with each bar met or not.

    python benchmarks/ai_ladder.py                      # everything: 400 matches a pairing
    python benchmarks/ai_ladder.py --pairs expert:hard --variants classic --matches 400
    python benchmarks/ai_ladder.py --table              # the table from saved results
    python benchmarks/ai_ladder.py --pairs expert:pimc --variants standard-draw,classic,international

Results merge into ``benchmarks/results/ai_ladder.json`` keyed by
variant/a/b, so pairings may be run separately (in the background) and
tabled together.

Bars (issue 5): each level beats the one below with the 95 % interval above
50 % over at least 400 duplicate matches, in classic and pub-draw; Expert wins
at least 90 % of matches against Medium and 70 % against Hard; Expert's think
time per move is at most 1.0 s at p95 (moves with a real choice).

Bars (issue 13): Expert against ``pimc`` (flat Monte Carlo, the yardstick; in the
arena only) wins at least 62 % in standard-draw and classic and 60 % in
international (two Experts as partners against two pimc), and 70 % against Hard
in matador and all-fives; its p95 think time stays at most 1 s and no move takes
over 2 s.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dominoes_tui import (
    arena,  # noqa: E402
    compiled,  # noqa: E402
)

RESULTS = Path(__file__).resolve().parent / "results" / "ai_ladder.json"
PAIRS = ("medium:easy", "hard:medium", "expert:hard", "expert:medium", "expert:pimc")
VARIANTS = ("classic", "pub-draw")
MIN_MATCHES = 400
RATE_BARS = {("expert", "medium"): 0.90, ("expert", "hard"): 0.70, ("expert", "pimc"): 0.62}
VARIANT_BARS = {("international", "expert", "pimc"): 0.60}
"""Where a variant's bar differs from the pairing's (issue 13: partners against pimc)."""
P95_BAR_MS = 1000.0
MAX_BAR_MS = 2000.0


def load(path: Path = RESULTS) -> dict:
    if path.exists():
        return json.loads(path.read_text())
    return {}


def save(data: dict, path: Path = RESULTS) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    os.replace(tmp, path)


def verdicts(res: dict) -> list[str]:
    """Each bar that applies to this result: met or not, in words."""
    out = []
    a, b = res["a"], res["b"]
    low = res["ci95"][0]
    enough = res["matches"] >= MIN_MATCHES
    out.append(
        f"CI above 50%: {'met' if low > 0.5 else 'NOT met'}"
        + ("" if enough else f" (only {res['matches']} matches, bar needs {MIN_MATCHES})")
    )
    bar = VARIANT_BARS.get((res["variant"], a, b), RATE_BARS.get((a, b)))
    if bar is not None:
        ok = res["a_win_rate"] >= bar
        out.append(f">= {bar:.0%}: {'met' if ok else 'NOT met'}")
    if a == "expert":
        ok = res["a_ms_p95"] <= P95_BAR_MS
        out.append(f"p95 <= 1 s: {'met' if ok else 'NOT met'}")
        top = res.get("detail", {}).get("a_ms_max")
        if top is not None and b == "pimc":
            out.append(f"max <= 2 s: {'met' if top <= MAX_BAR_MS else 'NOT met'}")
    return out


def table(data: dict) -> str:
    lines = [
        "| variant | a vs b | matches | a wins | 95% CI | a ms mean / p95 | a pts/hand | b pts/hand | bars |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for key in sorted(data, key=lambda k: (k.split("/")[0], _order(k))):
        r = data[key]
        d = r.get("detail", {})
        low, high = r["ci95"]
        lines.append(
            f"| {r['variant']} | {r['a']} vs {r['b']} | {r['matches']} | {r['a_win_rate']:.1%} "
            f"| {low:.1%} to {high:.1%} | {r['a_ms_mean']:.1f} / {r['a_ms_p95']:.1f} "
            f"| {d.get('a_points_per_hand', '')} | {d.get('b_points_per_hand', '')} "
            f"| {'; '.join(verdicts(r))} |"
        )
    return "\n".join(lines)


def _order(key: str) -> int:
    _, a, b = key.split("/")
    pair = f"{a}:{b}"
    return PAIRS.index(pair) if pair in PAIRS else len(PAIRS)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pairs", default=",".join(PAIRS), help="a:b pairings, comma-separated")
    p.add_argument("--variants", default=",".join(VARIANTS))
    p.add_argument("--matches", type=int, default=MIN_MATCHES)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--out", type=Path, default=RESULTS, help="the JSON file results merge into")
    p.add_argument("--table", action="store_true", help="only print the saved results' table")
    args = p.parse_args(argv)
    data = load(args.out)
    if not args.table:
        for variant in args.variants.split(","):
            for pair in args.pairs.split(","):
                a, b = pair.split(":")
                t0 = time.perf_counter()
                res = arena.run(variant, a, b, args.matches, args.seed, args.jobs)
                res["wall_s"] = round(time.perf_counter() - t0, 1)
                res["seed"] = args.seed
                res["jobs"] = args.jobs
                res["machine"] = f"{platform.machine()}, {os.cpu_count()} cores"
                res["search"] = compiled.status()
                res["command"] = (
                    f"python benchmarks/ai_ladder.py --pairs {a}:{b} --variants {variant} "
                    f"--matches {args.matches} --seed {args.seed} --jobs {args.jobs}"
                )
                if args.out != RESULTS:
                    res["command"] += f" --out {args.out}"
                data[f"{variant}/{a}/{b}"] = res
                save(data, args.out)
                print(" | ".join(arena.report_lines(res)), flush=True)
                print("   " + "; ".join(verdicts(res)), f"({res['wall_s']} s)", flush=True)
    print(table(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
