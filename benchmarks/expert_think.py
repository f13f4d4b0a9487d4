"""Expert's think time per decision, house by house, on fixed positions (issue 26).

For each of the shipped houses, seeded matches are dealt and played forward by Medium
(a fixed, cheap player); decisions with a real choice (two or more legal actions) are
picked along the way by a seeded draw, ``--positions`` of them a house. On each, a
fresh Expert at its default settings (seeded by the house and the position's index;
no CPU cap, so that the same code makes the same decision) decides, timed in CPU time
of this process (``time.process_time``): what the decision costs on one idle core,
whatever else the machine runs.

    python benchmarks/expert_think.py [--houses classic,draw] [--positions 40]
        [--save benchmarks/results/expert_decisions.json]   # the decisions of the houses run
        [--check benchmarks/results/expert_decisions.json]  # fail unless every one is the same
        [--profile matador]                                 # cProfile over one house
        [--parts matador]        # a decision's pieces, each timed alone (deal, playout, score)

Printed: per house p50 / p95 / max in ms and how many decisions passed 0.3 s and
0.6 s; the total CPU time.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import platform
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dominoes_tui import compiled  # noqa: E402
from dominoes_tui.ai import make_player  # noqa: E402
from dominoes_tui.ai.expert import ExpertPlayer  # noqa: E402
from dominoes_tui.engine import SeatView, load_variants, new_game, seat_view  # noqa: E402

HOUSES = (
    "classic",
    "draw",
    "block",
    "goat",
    "international",
    "international-two",
    "double-first",
    "pub-draw",
    "standard-draw",
    "standard-block",
    "all-fives",
    "matador",
    "mexican-train",
    "chicken-foot",
)
PICK = 0.3
"""The chance that a decision with a choice is taken as a position (spreads them over
the hands of a match)."""


def positions(name: str, count: int) -> list[SeatView]:
    """``count`` views of decisions with a choice in the house ``name``: Medium plays seeded
    matches forward, the decisions taken by a seeded draw."""
    rules = load_variants(include_user=False)[name]
    pick = random.Random(f"{name}-pick")
    out: list[SeatView] = []
    seed = 0
    while len(out) < count:
        seed += 1
        g = new_game(rules, seed)
        players = [make_player("medium", 100 * seed + i) for i in range(rules.players)]
        while g.phase != "match_over" and len(out) < count:
            if g.phase == "hand_over":
                g.apply(g.legal_actions()[0])
                continue
            view = seat_view(g, g.turn)
            if len(view.legal) > 1 and pick.random() < PICK:
                out.append(view)
            g.apply(players[g.turn].choose(view))
    return out


def decide(name: str, i: int, view: SeatView) -> str:
    """Expert's decision (as text) on one position: a fresh Expert seeded by house and index."""
    player = ExpertPlayer(seed=hash_seed(name, i), time_cap=None)
    return repr(player.choose(view))


def hash_seed(name: str, i: int) -> int:
    """A seed from the house and the position's index, the same in every run."""
    return sum(ord(c) * (k + 1) for k, c in enumerate(name)) * 1000 + i


def measure(name: str, views: list[SeatView]) -> tuple[list[float], list[str]]:
    times, moves = [], []
    for i, v in enumerate(views):
        c0 = time.process_time()
        moves.append(decide(name, i, v))
        times.append(time.process_time() - c0)
    return times, moves


def parts(name: str, count: int = 3000) -> list[tuple[str, float]]:
    """What one playout of Expert's search costs, piece by piece, on the first positions of
    ``name``: a deal of the hidden tiles, a copy of the position, the styled playout, the
    scoring of the hand and its match value (µs each, CPU time of this process)."""
    from dominoes_tui.ai.expert import DEFAULT_STYLE
    from dominoes_tui.ai.knowledge import Dealer, infer, public_voids
    from dominoes_tui.ai.rounds import lowest_chance
    from dominoes_tui.ai.sim import match_value
    from dominoes_tui.engine import fast

    views = positions(name, 4)
    rng = random.Random(1)
    rows: dict[str, float] = {"deal": 0.0, "copy": 0.0, "playout": 0.0, "score": 0.0, "value": 0.0}
    for view in views:
        root = fast.position(view)
        dealer = Dealer(infer(view))
        voids = public_voids(view)
        style = DEFAULT_STYLE
        rules = view.rules
        side = rules.side_of(view.seat)
        c = time.process_time()
        worlds = [dealer.world(rng) for _ in range(count)]
        rows["deal"] += time.process_time() - c
        c = time.process_time()
        ps = []
        for w in worlds:
            assert w is not None
            hands, bone = w
            hands[view.seat] = view.hand
            ps.append(root.copy(hands, bone))
        rows["copy"] += time.process_time() - c
        c = time.process_time()
        for p in ps:
            if style is None or rules.is_rounds:
                p.playout(rng.random, 0.75)
            else:
                p.styled_playout(rng.random, style, None, voids)
        rows["playout"] += time.process_time() - c
        c = time.process_time()
        if rules.is_rounds:  # the rounds search scores a round without its record
            totals = [p.penalties(view.scores.written)[1] for p in ps]
            rows["score"] += time.process_time() - c
            c = time.process_time()
            for after in totals:
                lowest_chance(after, view.seat, 0.0)
            rows["value"] += time.process_time() - c
            continue
        done = [p.outcome(view.scores) for p in ps]  # as the line search scores a hand
        rows["score"] += time.process_time() - c
        c = time.process_time()
        for after, winner_side, _ in done:
            match_value(rules, after, side, winner_side)
        rows["value"] += time.process_time() - c
    n = count * len(views)
    return [(k, 1e6 * v / n) for k, v in rows.items()]


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--houses", default=",".join(HOUSES))
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--save", type=Path)
    ap.add_argument("--check", type=Path)
    ap.add_argument("--profile")
    ap.add_argument("--parts", help="time a decision's pieces in this house (µs a playout)")
    ap.add_argument("--json", action="store_true", help="Print the per-house figures as JSON.")
    args = ap.parse_args(argv)
    if args.parts:
        print(f"{args.parts}: µs a playout, CPU time; {compiled.status()}")
        for k, us in parts(args.parts):
            print(f"  {k:<8}{us:8.1f}")
        return 0
    if args.profile:
        views = positions(args.profile, args.positions)
        prof = cProfile.Profile()
        prof.enable()
        measure(args.profile, views)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(18)
        return 0
    houses = args.houses.split(",")
    expected = json.loads(args.check.read_text()) if args.check else None
    decisions: dict[str, list[str]] = {}
    rows = []
    print(
        f"Python {platform.python_version()} on {platform.machine()}, CPU time of one process;"
        f" {compiled.status()}"
    )
    print(f"{'house':<18}{'n':>4}{'p50 ms':>8}{'p95 ms':>8}{'max ms':>8}{'>0.3s':>6}{'>0.6s':>6}")
    total = 0.0
    bad = 0
    for name in houses:
        views = positions(name, args.positions)
        times, moves = measure(name, views)
        decisions[name] = moves
        total += sum(times)
        row = {
            "house": name,
            "n": len(times),
            "p50": round(1000 * statistics.median(times)),
            "p95": round(1000 * pct(times, 0.95)),
            "max": round(1000 * max(times)),
            "over_03": sum(t > 0.3 for t in times),
            "over_06": sum(t > 0.6 for t in times),
        }
        rows.append(row)
        diff = ""
        if expected is not None:
            want = expected.get(name)
            if want is not None:
                wrong = [i for i, (a, b) in enumerate(zip(moves, want)) if a != b]
                bad += len(wrong)
                diff = f"  DIFFERENT at {wrong}" if wrong else "  same"
        print(
            f"{name:<18}{row['n']:>4}{row['p50']:>8}{row['p95']:>8}{row['max']:>8}"
            f"{row['over_03']:>6}{row['over_06']:>6}{diff}",
            flush=True,
        )
    print(f"total CPU {total:.1f} s")
    if args.json:
        print(json.dumps(rows))
    if args.save:  # the houses run replace theirs; the others' are kept
        saved = json.loads(args.save.read_text()) if args.save.exists() else {}
        saved.update(decisions)
        args.save.write_text(json.dumps(saved, indent=1) + "\n")
    if expected is not None and bad:
        print(f"{bad} decisions differ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
