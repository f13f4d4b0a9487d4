"""Fit Expert's model of the others' plays (issue 13): how sharply they prefer what a score ranks first.

Expert weights each sampled deal by how likely the other seats' plays this hand
were in it (:class:`dominoes_tui.ai.model.PlayModel`): a seat is taken to play
a fitting tile ``t`` with probability proportional to ``exp(beta * score(t))``
(mixed with a uniform choice), ``score`` being the pips, a bonus for a double,
the fives it scores (All Fives), a malus for a matador (Matador). This script
logs the real choices of the arena's players (their whole hand known) and finds
the ``beta`` with the best log-likelihood, per player and game:

    python benchmarks/calibrate_play_model.py --player pimc --variant standard-draw --hands 150
    python benchmarks/calibrate_play_model.py --player hard --variant matador --hands 150
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dominoes_tui.ai import make_player  # noqa: E402
from dominoes_tui.ai.model import PlayModel, _fives_now  # noqa: E402
from dominoes_tui.engine import (  # noqa: E402
    HAND_OVER,
    MATCH_OVER,
    NextHand,
    Play,
    fast,
    load_variant,
    new_game,
    seat_view,
    tiles,
)

BETAS = [0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.7, 1.0, 1.5, 2.0]


def log_choices(variant: str, player: str, opponent: str, hands: int, seed: int) -> list:
    """(scores of the fitting tiles, index of the tile played) for each choice of ``player``."""
    rules = load_variant(variant)
    wild = fast.wild_tiles(rules)
    fives = rules.end_scoring == "fives"
    out = []
    rng = random.Random(seed)
    played_hands = 0

    while played_hands < hands:
        g = new_game(rules, rng.randrange(10**6))
        seats = [
            make_player(player if s % 2 == 0 else opponent, s + 7) for s in range(rules.players)
        ]
        while g.phase != MATCH_OVER and played_hands < hands:
            if g.phase == HAND_OVER:
                played_hands += 1
                g.apply(NextHand())
                continue
            s = g.turn
            view = seat_view(g, s)
            a = seats[s].choose(view)
            plays = {x.tile for x in view.legal if isinstance(x, Play)}
            if s % 2 == 0 and isinstance(a, Play) and len(plays) > 1:
                tb = fast.table_of(view) if fives else None
                feats = []
                ts = sorted(plays)
                for t in ts:
                    sc = tiles.VALUE[t] + PlayModel.DOUBLE * tiles.DOUBLE[t]
                    if wild >> t & 1:
                        sc -= PlayModel.MATADOR
                    if tb is not None:
                        sc += PlayModel.FIVES * _fives_now(rules, tb, t)
                    feats.append(sc)
                out.append((feats, ts.index(a.tile)))
            g.apply(a)
    return out


def loglik(data: list, beta: float, eps: float = 0.1) -> float:
    total = 0.0
    for feats, k in data:
        m = max(feats)
        ex = [math.exp(beta * (f - m)) for f in feats]
        p = (1 - eps) * ex[k] / sum(ex) + eps / len(feats)
        total += math.log(p)
    return total


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--player", default="pimc")
    p.add_argument("--opponent", default="expert")
    p.add_argument("--variant", default="standard-draw")
    p.add_argument("--hands", type=int, default=150)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    data = log_choices(args.variant, args.player, args.opponent, args.hands, args.seed)
    base = loglik(data, 0.0)
    rows = [(b, loglik(data, b)) for b in BETAS]
    best = max(rows, key=lambda r: r[1])
    print(f"{args.player} in {args.variant} (against {args.opponent}): {len(data)} choices")
    for b, ll in rows:
        mark = "  <- best" if b == best[0] else ""
        print(
            f"  beta {b:<5} log-likelihood {ll:9.1f}  ({(ll - base) / len(data):+.3f} a choice){mark}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
