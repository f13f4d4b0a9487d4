"""How much chance to win Expert's settings give away per decision, against a long search.

For each house, the positions of ``expert_think.py`` (seeded matches played forward by
Medium, decisions with a choice); on each, a reference search (``--ref-playouts``
playouts, no early stop, its own seed) values every action; each setting's Expert then
decides, and its *regret* is the reference value of the best action minus that of the
action it chose (0 when it chose the reference's best). The mean regret is what the
setting loses per decision, in chance to win the match, to a search many times longer:
a fine measure of strength (the same positions for every setting) beside the duplicate
arena. CPU times of the decisions are printed too (one process, ``time.process_time``).

    python benchmarks/expert_regret.py --houses matador,all-fives --positions 100 \\
        --setting race=0 --setting regret=0.003

A setting is keyword arguments of ``ExpertPlayer`` (``race=0``: no early stop, the old
search; empty: the default). References are cached in ``--cache`` (a folder) by house,
count and reference playouts.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import expert_think  # noqa: E402

from dominoes_tui.ai.expert import ExpertPlayer  # noqa: E402


def settings(text: str) -> dict:
    out: dict = {}
    for item in filter(None, text.split(",")):
        k, _, v = item.partition("=")
        out[k.strip()] = json.loads(v)
    return out


def regrets(
    views: list, refs: list[dict], kw: dict, seed_of: Callable[[int], int]
) -> tuple[list[float], list[float]]:
    """Each view's regret for a fresh ``ExpertPlayer(**kw)`` (seeded ``seed_of(i)``, no CPU cap)
    against ``refs`` (each action's reference value, by its ``repr``), and its CPU seconds."""
    losses, times = [], []
    for i, v in enumerate(views):
        p = ExpertPlayer(seed=seed_of(i), time_cap=None, **kw)
        c0 = time.process_time()
        a = p.choose(v)
        times.append(time.process_time() - c0)
        r = refs[i]
        losses.append(max(r.values()) - r[repr(a)])
    return losses, times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--houses", default="matador,all-fives")
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--ref-playouts", type=int, default=20000)
    ap.add_argument("--setting", action="append", default=None)
    ap.add_argument("--cache", type=Path, default=Path("/tmp/expert_regret"))
    args = ap.parse_args(argv)
    args.cache.mkdir(parents=True, exist_ok=True)
    for house in args.houses.split(","):
        views = expert_think.positions(house, args.positions)
        ref_file = args.cache / f"{house}-{args.positions}-{args.ref_playouts}.json"
        if ref_file.exists():
            refs = json.loads(ref_file.read_text())
        else:
            refs = []
            for i, v in enumerate(views):
                p = ExpertPlayer(
                    seed=7_000_000 + i,
                    time_cap=None,
                    playouts=args.ref_playouts,
                    max_deals=args.ref_playouts,
                    race=0,
                )
                p.choose(v)
                refs.append({repr(a): x for a, x in p.last_values.items()})
            ref_file.write_text(json.dumps(refs))
        for s in args.setting or [""]:
            losses, times = regrets(
                views, refs, settings(s), functools.partial(expert_think.hash_seed, house)
            )
            n = len(views)
            mean = sum(losses) / n
            sd = (sum((x - mean) ** 2 for x in losses) / (n - 1)) ** 0.5
            print(
                f"{house:<14}{s or 'default':<22} regret {mean:.5f} ± {sd / n**0.5:.5f}"
                f"  best {sum(x == 0 for x in losses)}/{n}"
                f"  CPU p50/p95/max {1000 * expert_think.pct(times, 0.5):.0f}"
                f"/{1000 * expert_think.pct(times, 0.95):.0f}/{1000 * max(times):.0f} ms",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
