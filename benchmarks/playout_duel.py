"""Playout policies head to head (issue 13): which skilled policy plays whole hands best?

Expert's search values a move by playing the hand out; a playout policy that plays
better tends to value moves better. This script deals hands of a game and plays
each twice with the policies swapped (duplicate), every seat of one side with
policy A and the others with B, and prints A's mean net points a hand and its
share of hands won (a level hand counts half). Quick: thousands of hands a second.

    python benchmarks/playout_duel.py --variant standard-draw --a 'greedy=0.9,double=3,follow=1.5' --b greedy0.75 --hands 20000

A policy is ``greedyG`` (the engine's default playout, heaviest tile with
probability G) or ``key=value,...`` settings of :class:`dominoes_tui.engine.fast.Style`.

Mexican Train and Chicken Foot (single rounds, four seats): one seat plays A, the three
others B, each deal played four times (A at every seat); it prints A's share of the rounds
it finished with the lowest count (ties shared; a fair share is 25 %). A policy there is
``greedyG``, ``readyR`` (the heaviest tile that leaves the seat one to play next turn, with
probability R) or ``blockB`` (the heaviest that leaves the next seat none), the engine's
``seat_playout``; else a random tile.

    python benchmarks/playout_duel.py --variant chicken-foot --a block1 --b greedy1 --hands 20000
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dominoes_tui.engine import Play, Scores, fast, load_variant  # noqa: E402

GREEDY_STYLE = "greedy"


def parse(spec: str) -> fast.Style | float:
    if spec.startswith(GREEDY_STYLE) and "=" not in spec:
        return float(spec[len(GREEDY_STYLE) :] or 0.75)
    kw = {}
    for item in filter(None, spec.split(",")):
        k, _, v = item.partition("=")
        kw[k] = float(v)
    return fast.Style(**kw)


def as_style(p: fast.Style | float) -> fast.Style:
    """The engine's default playout as a Style: heaviest tile (a double on a tie) w.p. greedy."""
    if isinstance(p, fast.Style):
        return p
    return fast.Style(
        greedy=p, double=0.5, follow=0.0, block=0.0, fives=6.0, matador=0.0, noise=0.5
    )


def duel(variant: str, a: str, b: str, hands: int, seed: int) -> tuple[float, float]:
    rules = load_variant(variant)
    pa, pb = as_style(parse(a)), as_style(parse(b))
    rng = random.Random(seed)
    cls = fast.position_class(rules)
    zero = Scores.zero(rules.sides)
    net = 0.0
    won = 0.0
    n = 0
    for _ in range(hands):
        h0, b0 = fast.deal(rules, rng)
        seat, t = fast.opener_and_lead(rules, h0, rng)
        for a_side in (0, 1):
            styles = [pa if rules.side_of(s) == a_side else pb for s in range(rules.players)]
            p = cls.empty(rules, list(h0), list(b0), seat)
            p.apply(Play(t))
            if not p.over:
                p.styled_playout(rng.random, styles)
            res, gained = p.finish(zero)
            d = gained[a_side] - gained[1 - a_side]
            if rules.scoring == "penalty":
                d = -d
            net += d
            won += 1.0 if d > 0 else 0.5 if d == 0 else 0.0
            n += 1
    return net / n, won / n


ROUND_POLICIES = ("greedy", "ready", "block")


def parse_round(spec: str) -> tuple[float, float, float]:
    """A rounds policy ``greedyG`` / ``readyR`` / ``blockB`` as (greedy, ready, block)."""
    for i, name in enumerate(ROUND_POLICIES):
        if spec.startswith(name):
            chances = [0.0, 0.0, 0.0]
            chances[i] = float(spec[len(name) :] or 0.75)
            return chances[0], chances[1], chances[2]
    raise SystemExit(f"a policy of a game of rounds is one of {', '.join(ROUND_POLICIES)}: {spec}")


def round_duel(variant: str, a: str, b: str, deals: int, seed: int) -> float:
    """A's share of the lowest count, one seat of A against three of B (see the docstring)."""
    rules = load_variant(variant).replace(players=4, rounds=1)
    pa, pb = parse_round(a), parse_round(b)
    rng = random.Random(seed)
    cls = fast.position_class(rules)
    zero = Scores.zero(rules.sides)
    won = 0.0
    n = 0
    for _ in range(deals):
        state = rng.getstate()
        for me in range(rules.players):
            rng.setstate(state)  # the same deal for A at every seat
            p = cls.deal(rules, rng, 1)
            greedy, ready, block = (
                [pa[k] if s == me else pb[k] for s in range(rules.players)] for k in range(3)
            )
            p.seat_playout(rng.random, greedy, None, ready, block)
            res, _ = p.finish(zero)
            low = min(res.counted)
            if res.counted[me] == low:
                won += 1.0 / res.counted.count(low)
            n += 1
    return won / n


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="standard-draw")
    p.add_argument("--a", required=True)
    p.add_argument("--b", default="greedy0.75")
    p.add_argument("--hands", type=int, default=20000)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    if load_variant(args.variant).is_rounds:
        share = round_duel(args.variant, args.a, args.b, args.hands, args.seed)
        print(f"{args.variant}: one A={args.a} against three B={args.b}: lowest in {share:.1%}")
        return 0
    net, won = duel(args.variant, args.a, args.b, args.hands, args.seed)
    print(
        f"{args.variant}: A={args.a} vs B={args.b}: A nets {net:+.2f} points a hand, wins {won:.1%}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
