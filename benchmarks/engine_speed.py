"""Random-playout hands per second per preset, on one core.

Two figures per preset:
- ``hands_per_second``: the fast path (``engine/fast/``: deal, lead, the
  layout's bitmask playout with a uniform random policy, scored by the one
  scoring module), what search-based CPU players use; every layout has one
  (the plain line, the spinner with All Fives' points, Matador's sum-to-seven);
- ``readable_hands_per_second``: the readable API (``Game.legal_actions`` /
  ``Game.apply`` with a random choice), dealing a fresh match per hand.

For Mexican Train and Chicken Foot a hand is a round (the first round, the
set's highest double): ``fast.random_round`` and the readable game; they are
also measured with 8 players (``mexican-train@8``, ``chicken-foot@8``).

    python benchmarks/engine_speed.py [--seconds 2] [--json] [PRESET ...]

Bar (issue 2): the fast path plays >= 20,000 classic hands per second.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time

from dominoes_tui import compiled  # noqa: E402
from dominoes_tui.engine import load_variants, new_game
from dominoes_tui.engine.fast import random_hand, random_round


def _rate(run_batch, seconds: float) -> float:
    run_batch()  # warm up
    n, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        n += run_batch()
    return n / elapsed


def fast_rate(rules, seconds: float) -> float:
    rng = random.Random(1)

    play = random_round if rules.is_rounds else random_hand

    def batch() -> int:
        for _ in range(200):
            play(rules, rng)
        return 200

    return _rate(batch, seconds)


def readable_rate(rules, seconds: float) -> float:
    rng = random.Random(1)
    seed = iter(range(10**9))

    def batch() -> int:
        for _ in range(20):
            g = new_game(rules, next(seed))
            while g.phase == "play":
                g.apply(rng.choice(g.legal_actions()))
        return 20

    return _rate(batch, seconds)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time per preset and path")
    ap.add_argument("--json", action="store_true", help="print JSON")
    ap.add_argument("presets", nargs="*", help="only these presets (e.g. mexican-train@8)")
    args = ap.parse_args(argv)
    results = {}
    variants = load_variants(include_user=False)
    for name in ("mexican-train", "chicken-foot"):
        variants[f"{name}@8"] = variants[name].replace(players=8)
    if args.presets:
        unknown = [n for n in args.presets if n not in variants]
        if unknown:
            ap.error(f"no preset {', '.join(unknown)}; known: {', '.join(variants)}")
        variants = {n: variants[n] for n in args.presets}
    for name, rules in variants.items():
        results[name] = {
            "layout": f"{rules.layout}/{rules.match_rule}/{rules.end_scoring}",
            "hands_per_second": round(fast_rate(rules, args.seconds)),
            "readable_hands_per_second": round(readable_rate(rules, args.seconds / 2)),
        }
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(
        f"Python {platform.python_version()} on {platform.machine()}, one core; {compiled.status()}"
    )
    print(f"{'preset':<18} {'layout':<20} {'fast hands/s':>13} {'readable hands/s':>17}")
    for name, r in results.items():
        print(
            f"{name:<18} {r['layout']:<20} {r['hands_per_second']:>13,} "
            f"{r['readable_hands_per_second']:>17,}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
