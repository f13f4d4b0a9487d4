"""CPU strength and think time in Mexican Train and Chicken Foot (issue 15).

Bars: in 4-player single-round matches (``rounds = 1``) of Mexican Train
(double-12) and Chicken Foot (double-9), the level seated against three Mediums
has the lowest total (ties shared) in at least 40 % of at least 400 rounds for
Expert and 32 % for Hard (a fair share is 25 %). Each deal is played twice with
the level and one Medium swapping seats 0 and 1 (``dominoes arena``'s duplicate
matches); the 95 % interval is over deal pairs.

Think time: Expert in seat 0 of 8-player Mexican Train on double-12 against
seven Mediums; every move with a real choice timed (wall clock and CPU), the
load average recorded before and after: p95 at most 1 s, no move over 2 s.

    python benchmarks/rounds_bars.py                      # the four bars, 400 matches each
    python benchmarks/rounds_bars.py --bars hard --matches 1000
    python benchmarks/rounds_bars.py --think --rounds 12  # Expert's think time, 8 seats
    python benchmarks/rounds_bars.py --table              # the table from saved results

Results merge into ``benchmarks/results/rounds_bars.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dominoes_tui import arena  # noqa: E402
from dominoes_tui.engine import new_game

RESULTS = Path(__file__).resolve().parent / "results" / "rounds_bars.json"
BARS = {
    ("mexican-train", "expert"): 0.40,
    ("mexican-train", "hard"): 0.32,
    ("chicken-foot", "expert"): 0.40,
    ("chicken-foot", "hard"): 0.32,
}
MIN_MATCHES = 400
P95_BAR_MS = 1000.0
MAX_BAR_MS = 2000.0


def load(path: Path = RESULTS) -> dict:
    return json.loads(path.read_text()) if path.exists() else {}


def save(results: dict, path: Path = RESULTS) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")


def run_bar(variant: str, level: str, matches: int, seed: int, jobs: int) -> dict:
    from dominoes_tui.engine import load_variant

    rules = load_variant(variant).replace(players=4, rounds=1)
    t0 = time.time()
    load0 = os.getloadavg()[0]
    res = arena.run(rules, level, "medium", matches, seed, jobs, others="medium")
    res["seconds"] = round(time.time() - t0, 1)
    res["load"] = [round(load0, 2), round(os.getloadavg()[0], 2)]
    res["command"] = (
        f"dominoes arena -v {variant} --a {level} --b medium --others medium "
        f"-o players=4 -o rounds=1 -n {matches} --seed {seed} -j {jobs}"
    )
    return res


def think(rounds: int, seed: int) -> dict:
    """Expert in seat 0 of 8-player double-12 Mexican Train against seven Mediums."""
    from dominoes_tui.ai import make_player
    from dominoes_tui.engine import load_variant, seat_view

    rules = load_variant("mexican-train").replace(players=8, set=12, rounds=1)
    wall: list[float] = []
    cpu: list[float] = []
    loads = [os.getloadavg()[0]]
    for r in range(rounds):
        g = new_game(rules, seed * 1000 + r)
        players = [make_player("expert" if s == 0 else "medium", r * 8 + s) for s in range(8)]
        while g.phase == "play":
            view = seat_view(g, g.turn)
            w0, c0 = time.perf_counter(), time.process_time()
            a = players[g.turn].choose(view)
            w, c = time.perf_counter() - w0, time.process_time() - c0
            if g.turn == 0 and len(view.legal) > 1:
                wall.append(w * 1000)
                cpu.append(c * 1000)
            g.apply(a)
        loads.append(os.getloadavg()[0])

    def pct(xs: list[float], q: float) -> float:
        ys = sorted(xs)
        return round(ys[min(len(ys) - 1, max(0, int(q * len(ys) + 0.999999) - 1))], 1)

    return {
        "rounds": rounds,
        "moves": len(wall),
        "wall_ms": {
            "mean": round(sum(wall) / len(wall), 1),
            "p95": pct(wall, 0.95),
            "max": round(max(wall), 1),
        },
        "cpu_ms": {
            "mean": round(sum(cpu) / len(cpu), 1),
            "p95": pct(cpu, 0.95),
            "max": round(max(cpu), 1),
        },
        "load": {"min": round(min(loads), 2), "max": round(max(loads), 2), "cores": os.cpu_count()},
        "command": f"python benchmarks/rounds_bars.py --think --rounds {rounds} --seed {seed}",
    }


def table(results: dict) -> list[str]:
    out = [
        "| game | level vs 3 Medium | matches | lowest total (ties shared) | 95% CI | bar | met | "
        "p95 / max think |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (variant, level), bar in BARS.items():
        res = results.get(f"{variant}/{level}")
        if res is None:
            out.append(f"| {variant} | {level} | - | not run | | {bar:.0%} | | |")
            continue
        low, high = res["ci95"]
        enough = res["matches"] >= MIN_MATCHES
        ok = res["a_win_rate"] >= bar and enough
        d = res["detail"]
        out.append(
            f"| {variant} | {level} | {res['matches']} | {res['a_win_rate']:.1%} | "
            f"{low:.1%}-{high:.1%} | {bar:.0%} | {'yes' if ok else 'NO'} | "
            f"{res['a_ms_p95']:.0f} / {d['a_ms_max']:.0f} ms |"
        )
    th = results.get("think")
    if th:
        w, c, ld = th["wall_ms"], th["cpu_ms"], th["load"]
        ok = w["p95"] <= P95_BAR_MS and w["max"] <= MAX_BAR_MS
        out.append("")
        out.append(
            f"Expert, 8 players double-12, {th['moves']} moves with a choice in {th['rounds']} rounds: "
            f"wall p95 {w['p95']:.0f} ms, max {w['max']:.0f} ms, mean {w['mean']:.0f} ms; "
            f"CPU p95 {c['p95']:.0f} ms, max {c['max']:.0f} ms; load average {ld['min']}-{ld['max']} "
            f"on {ld['cores']} cores; p95 <= 1 s and max <= 2 s: {'met' if ok else 'NOT met'}"
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--bars", default="expert,hard", help="levels to measure (expert,hard)")
    ap.add_argument("--variants", default="mexican-train,chicken-foot")
    ap.add_argument("--matches", type=int, default=MIN_MATCHES)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--think", action="store_true", help="measure Expert's think time only")
    ap.add_argument("--rounds", type=int, default=12, help="rounds for --think")
    ap.add_argument("--table", action="store_true", help="print the table of saved results")
    args = ap.parse_args()
    results = load()
    if args.think:
        results["think"] = think(args.rounds, args.seed)
        save(results)
    elif not args.table:
        for variant in args.variants.split(","):
            for level in args.bars.split(","):
                res = run_bar(variant, level, args.matches, args.seed, args.jobs)
                results[f"{variant}/{level}"] = res
                save(results)
                print("\n".join(arena.report_lines(res)), flush=True)
    print("\n".join(table(results)))


if __name__ == "__main__":
    main()
