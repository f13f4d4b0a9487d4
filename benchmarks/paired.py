"""Two Expert settings compared match by match on the same deals (issue 26's trials).

``benchmarks/expert_trials.py --log FILE`` writes each finished match as a JSON line
(the deal, the seats A held, A's score: 1 a win, 0.5 a draw, 0 a loss). Run with the same
``--seed``, two logs hold the same deals; this prints, for each OTHER log, A's share in
both over the matches they have in common and the mean paired difference with its 95 %
margin (1.96 standard errors; a deal's two matches, seats swapped, are one sample)::

    python benchmarks/paired.py BASE.log OTHER.log [OTHER.log ...]

Logs of several seeds are joined with ``+`` (``base1.log+base2.log other1.log+other2.log``,
in the same order on both sides): the n-th file's deals are kept apart from the others'.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

SET = 1_000_000
"""The deals of the n-th of joined logs are numbered from n * SET."""


def load(path: Path) -> dict[tuple[int, tuple[int, ...]], float]:
    """A log's matches: (deal, A's seats) -> A's score; ``a.log+b.log``: both, apart."""
    out: dict[tuple[int, tuple[int, ...]], float] = {}
    for n, part in enumerate(str(path).split("+")):
        for line in Path(part).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                key = (n * SET + int(row["deal"]), tuple(row["a_seats"]))
                out[key] = float(row["a_score"])
    return out


def paired(base: dict, other: dict) -> tuple[int, float, float, float, float]:
    """(matches in common, other's share, base's share, mean difference, 95 % margin)."""
    keys = [k for k in other if k in base]
    if not keys:
        return 0, math.nan, math.nan, math.nan, math.nan
    mine = sum(other[k] for k in keys) / len(keys)
    theirs = sum(base[k] for k in keys) / len(keys)
    by_deal: dict[int, float] = {}
    for k in keys:
        by_deal[k[0]] = by_deal.get(k[0], 0.0) + other[k] - base[k]
    diffs = list(by_deal.values())
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1))
    per_match = sd / math.sqrt(len(diffs)) / 2  # a deal is two matches
    return len(keys), mine, theirs, mine - theirs, 1.96 * per_match


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("base", type=Path)
    p.add_argument("others", type=Path, nargs="+")
    args = p.parse_args()
    base = load(args.base)
    for path in args.others:
        n, mine, theirs, diff, margin = paired(base, load(path))
        name = "+".join(Path(part).name for part in str(path).split("+"))
        print(
            f"{name:24s} n={n:4d} this {mine:.3f} base {theirs:.3f} diff {diff:+.3f} ± {margin:.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
