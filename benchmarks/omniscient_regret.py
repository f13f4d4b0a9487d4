"""What Expert's decisions in a game of rounds give away against a search that sees the hands.

A screen for Expert's settings in Chicken Foot and Mexican Train, far cheaper than the arena's
rounds. Positions: Expert's own decisions with a choice in seeded rounds against three Mediums
(Expert at its default in seat 0 or 1, as the arena seats it). On each, an *oracle* values
every move with the true hands of the other seats (the boneyard shuffled in each playout, the
others playing heaviest-first as a Medium does, this seat its search's own playout; the same
random numbers for every move), by the chance to finish the round lowest. A setting's regret
on a position is the oracle's best value less the value of the move the setting chose; its
mean, compared position by position with the default's, says which settings choose closer to
what the hands say. The oracle sees what no player can: a regret of 0 is not reachable, and
the oracle's own future play is the search's playout, not Expert's. A screen, not a bar.

    python benchmarks/omniscient_regret.py --variant chicken-foot --rounds 60 \\
        --setting "" --setting others_greedy=1.0,others_block=0

The oracle's values are cached in ``--cache`` (a JSON file per variant, rounds, seed and
oracle playouts); the positions are played again (seeded, the same every run).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from expert_regret import regrets, settings  # noqa: E402

from dominoes_tui.ai import make_player  # noqa: E402
from dominoes_tui.ai.expert import ExpertPlayer  # noqa: E402
from dominoes_tui.ai.rounds import lowest_chance  # noqa: E402
from dominoes_tui.arena import match_seed  # noqa: E402
from dominoes_tui.engine import (  # noqa: E402
    Play,
    SeatView,
    fast,
    load_variant,
    new_game,
    seat_view,
)


def positions(variant: str, rounds: int, seed: int) -> list[tuple]:
    """Expert's decisions with two or more distinct moves: (view, true hands, boneyard)."""
    rules = load_variant(variant)
    if not rules.is_rounds:
        raise SystemExit(f"{variant!r} is not a game of rounds: Mexican Train or Chicken Foot")
    rules = rules.replace(players=4, rounds=1)
    out = []
    for deal in range(rounds):
        a_seat = deal % 2
        gseed = match_seed(seed, deal // 2)
        g = new_game(rules, gseed)
        players = [
            ExpertPlayer(gseed * 8 + s, time_cap=None)
            if s == a_seat
            else make_player("medium", gseed * 8 + s)
            for s in range(rules.players)
        ]
        while g.phase == "play":
            view = seat_view(g, g.turn)
            if g.turn == a_seat and len(view.legal) > 1:
                root = fast.position(view)
                if len({fast.outcome_key(root, a) for a in view.legal}) > 1:
                    out.append((view, list(g.hands), list(g.boneyard)))
            g.apply(players[g.turn].choose(view))
    return out


def oracle(view: SeatView, hands: list[int], bone: list[int], playouts: int, seed: int) -> dict:
    """Each distinct move's chance to finish lowest, played out on the true hands."""
    root = fast.position(view)
    me = view.seat
    rng = random.Random(seed)
    keys: dict = {}
    for a in view.legal:
        keys.setdefault(fast.outcome_key(root, a), a)
    children = []
    deals = []  # each move's true hands, this seat's as the move leaves it
    for a in keys.values():
        child = root.copy()
        if isinstance(a, Play):
            child.apply(a)
        children.append(child)
        deals.append([child.hands[me] if s == me else h for s, h in enumerate(hands)])
    greedies = [1.0] * view.rules.players
    greedies[me] = 0.75
    wins = [0.0] * len(children)
    written = view.scores.written
    for _ in range(playouts):
        b = list(bone)
        rng.shuffle(b)
        draws = [rng.random() for _ in range(256)]
        for j, child in enumerate(children):
            p = child.copy(deals[j], b)  # the copy takes its own lists
            p.seat_playout(itertools.cycle(draws).__next__, greedies)
            _, after = p.penalties(written)
            wins[j] += lowest_chance(after, me, 0.0)
    by_key = {k: wins[j] / playouts for j, k in enumerate(keys)}
    return {repr(a): by_key[fast.outcome_key(root, a)] for a in view.legal}


def _interval(xs: list[float]) -> tuple[float, float]:
    """The mean of ``xs`` and 1.96 standard errors."""
    return statistics.fmean(xs), 1.96 * statistics.stdev(xs) / len(xs) ** 0.5


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="chicken-foot")
    ap.add_argument("--rounds", type=int, default=60)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--oracle-playouts", type=int, default=3000)
    ap.add_argument("--setting", action="append", default=None)
    ap.add_argument("--cache", type=Path, default=Path("/tmp/omniscient_regret"))
    ap.add_argument("--out", type=Path, default=None, help="each setting's regrets as JSON")
    args = ap.parse_args(argv)
    args.cache.mkdir(parents=True, exist_ok=True)
    f = args.cache / f"{args.variant}-{args.rounds}-{args.seed}-{args.oracle_playouts}.json"
    t0 = time.process_time()
    pos = positions(args.variant, args.rounds, args.seed)  # seeded: the same every run
    if f.exists():
        refs = json.loads(f.read_text())
    else:
        refs = [
            oracle(v, h, b, args.oracle_playouts, 9_000_000 + i) for i, (v, h, b) in enumerate(pos)
        ]
        f.write_text(json.dumps(refs))
    print(f"{len(pos)} positions and their oracle in {time.process_time() - t0:.0f} s CPU")
    base: list[float] | None = None
    results = {}
    for s in args.setting or [""]:
        losses, times = regrets([v for v, _, _ in pos], refs, settings(s), lambda i: 5_000_000 + i)
        n = len(losses)
        line = "{:<40} regret {:.5f} ± {:.5f}".format(s or "default", *_interval(losses))
        if base is None:
            base = losses
        else:
            d = [x - y for x, y in zip(losses, base)]
            line += "  vs first {:+.5f} ± {:.5f}".format(*_interval(d))
        times.sort()
        line += f"  CPU p50/p95 {1000 * times[n // 2]:.0f}/{1000 * times[int(0.95 * n)]:.0f} ms"
        print(line, flush=True)
        results[s or "default"] = losses
    if args.out:
        args.out.write_text(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
