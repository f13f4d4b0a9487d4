"""How long a whole match's review takes, and how stable its marks are.

For each variant, one match is played (the person's seat by Medium, the CPU's by
Hard: Medium makes the kind of mistakes a review should find), then reviewed
with the default budget (``dominoes_tui.ai.review.DEFAULT_BUDGET``), timed. The
same match is reviewed again with another review seed: the *stability* is how
often a decision gets the same mark (or none) under both seeds, and how far
its loss moves (points of percentage).

    python benchmarks/review_speed.py [--variants classic,draw] [--seed 3] [--json]

Bar (issue 16): a whole match reviews in well under 30 s on this machine. ``seconds``
is wall-clock time (it grows when other work shares the core), ``cpu s`` the
process's own CPU time (what the review costs on an idle core).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from dataclasses import asdict, replace

from dominoes_tui import compiled  # noqa: E402
from dominoes_tui.ai import make_player
from dominoes_tui.ai.review import DEFAULT_BUDGET, Budget, review
from dominoes_tui.engine import Game, load_variants, new_game, seat_view

VARIANTS = ("classic", "draw", "block", "double-first", "all-fives", "matador", "international")


def play_match(rules, seed: int) -> Game:
    players = [make_player("medium", seed)] + [
        make_player("hard", seed + 1 + i) for i in range(rules.players - 1)
    ]
    g = new_game(rules, seed)
    while g.phase != "match_over":
        if g.phase == "hand_over":
            g.apply(g.legal_actions()[0])
            continue
        g.apply(players[g.turn].choose(seat_view(g, g.turn)))
    return g


def measure(rules, seed: int, budget: Budget) -> dict:
    g = play_match(rules, seed)
    start = new_game(rules, seed)
    t0, c0 = time.perf_counter(), time.process_time()
    a = review(start, g.log, 0, budget=budget)
    seconds = time.perf_counter() - t0
    cpu = time.process_time() - c0
    b = review(start, g.log, 0, budget=replace(budget, seed=budget.seed + 1))
    ja, jb = a.judgements, b.judgements
    diffs = [abs(x.loss - y.loss) * 100 for x, y in zip(ja, jb)]
    n = len(ja)
    return {
        "variant": rules.name,
        "seed": seed,
        "hands": len(a.hands),
        "decisions": n,
        "seconds": round(seconds, 2),
        "cpu_seconds": round(cpu, 2),
        "ms_per_decision": round(1000 * seconds / max(1, n), 1),
        "rounds": sum(j.rounds for j in ja),
        "marked": sum(1 for j in ja if j.mark),
        "same_mark": round(sum(x.mark == y.mark for x, y in zip(ja, jb)) / max(1, n), 4),
        "same_accuracy": a.accuracy == b.accuracy,
        "accuracy": a.accuracy,
        "accuracy_other_seed": b.accuracy,
        "loss_diff_mean": round(statistics.mean(diffs), 2) if diffs else 0.0,
        "loss_diff_p90": round(sorted(diffs)[int(0.9 * (n - 1))], 2) if diffs else 0.0,
        "loss_diff_max": round(max(diffs), 2) if diffs else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--seed", type=int, default=3, help="The matches' deal seed.")
    ap.add_argument("--deals", type=int, default=DEFAULT_BUDGET.deals)
    ap.add_argument("--general-deals", type=int, default=DEFAULT_BUDGET.general_deals)
    ap.add_argument("--rounds", type=int, default=DEFAULT_BUDGET.rounds)
    ap.add_argument("--max-rounds", type=int, default=DEFAULT_BUDGET.max_rounds)
    ap.add_argument("--z", type=float, default=DEFAULT_BUDGET.z)
    ap.add_argument("--margin", type=float, default=DEFAULT_BUDGET.margin)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    budget = Budget(
        deals=args.deals,
        general_deals=args.general_deals,
        rounds=args.rounds,
        max_rounds=args.max_rounds,
        z=args.z,
        margin=args.margin,
    )
    variants = load_variants()
    rows = [measure(variants[v], args.seed, budget) for v in args.variants.split(",")]
    if args.json:
        print(json.dumps({"command": " ".join(sys.argv), "budget": asdict(budget), "rows": rows}))
        return 0
    print(
        f"Python {platform.python_version()} on {platform.machine()}, one core; {budget};"
        f" {compiled.status()}"
    )
    head = (
        f"{'variant':<14}{'hands':>6}{'decis.':>7}{'seconds':>9}{'cpu s':>7}{'ms/dec':>8}{'rounds':>7}"
        f"{'marked':>7}{'same mark':>10}{'acc a/b':>12}{'|dloss| mean/p90/max':>22}"
    )
    print(head)
    for r in rows:
        acc = f"{r['accuracy']:.0%}/{r['accuracy_other_seed']:.0%}"
        loss = f"{r['loss_diff_mean']:.2f}/{r['loss_diff_p90']:.2f}/{r['loss_diff_max']:.2f}"
        print(
            f"{r['variant']:<14}{r['hands']:>6}{r['decisions']:>7}{r['seconds']:>9.1f}{r['cpu_seconds']:>7.1f}"
            f"{r['ms_per_decision']:>8.0f}{r['rounds']:>7}{r['marked']:>7}"
            f"{r['same_mark']:>10.0%}{acc:>12}{loss:>22}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
