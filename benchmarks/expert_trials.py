"""Expert trials: duplicate matches between configured players (issue 13's measurements).

A player is a level of the arena, optionally with settings of its class after a colon:

    python benchmarks/expert_trials.py --variant standard-draw --a expert:endgame=0 --b pimc \\
        --matches 100 --seed 11 --jobs 2

``expert:endgame=0,greedy=0.9`` is an ExpertPlayer(endgame=0, greedy=0.9); ``pimc:deals=200``
a PimcPlayer(deals=200); a value is JSON (``style={"greedy":1,"double":5}``). The run is :func:`dominoes_tui.arena.run` (the same duplicate
matches and confidence interval as ``dominoes arena``); the result is printed as the
arena's lines and appended as one JSON line to ``benchmarks/results/expert_trials.jsonl``.
"""

from __future__ import annotations

import argparse
import importlib
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
from dominoes_tui.ai import _CLASSES, make_player  # noqa: E402
from dominoes_tui.engine import load_variant  # noqa: E402

OUT = Path(__file__).resolve().parent / "results" / "expert_trials.jsonl"


def _parse(spec: str) -> tuple[str, dict]:
    level, _, rest = spec.partition(":")
    kwargs: dict = {}
    for item in filter(None, _split(rest)):
        k, _, v = item.partition("=")
        kwargs[k] = json.loads(v)
    return level, kwargs


def _split(text: str) -> list[str]:
    """Split at commas outside braces: ``style={"greedy":1,"double":5},model=1.0``."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        depth += (ch in "{[") - (ch in "}]")
        cur += ch
    out.append(cur)
    return out


def factory(specs: dict[str, str]):
    """A make_player that knows the configured specs by name."""

    def make(level: str, seed: int | None = None):
        spec = specs.get(level)
        if spec is None:
            return make_player(level, seed)
        base, kwargs = _parse(spec)
        module, cls = _CLASSES[base]
        return getattr(importlib.import_module(f"dominoes_tui.ai.{module}"), cls)(seed, **kwargs)

    return make


_LOG: dict = {}


def _logged_play_pair(task):
    """arena's ``_play_pair`` that also appends each match (deal, seats, a's score, hands, a's
    longest move in CPU ms) to the ``--log`` file: the progress of a long run."""
    recs = _LOG["play"](task)
    with _LOG["path"].open("a") as f:
        for r in recs:
            row = {
                "deal": r.deal,
                "a_seats": r.a_seats,
                "a_score": r.a_score,
                "hands": r.hands,
                "a_cpu_max": max(r.a_cpu, default=0.0),
            }
            f.write(json.dumps(row) + "\n")
    return recs


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="standard-draw")
    p.add_argument("--a", required=True)
    p.add_argument("--b", required=True)
    p.add_argument("--others", default=None)
    p.add_argument("--matches", type=int, default=100)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--option", action="append", default=[], help="key=value rule changes")
    p.add_argument(
        "--first-deal",
        type=int,
        default=0,
        help="number the deals from here (carry on a run that stopped: its --log has the rest)",
    )
    p.add_argument("--note", default="")
    p.add_argument(
        "--log",
        default=None,
        help="append each finished match as a JSON line to this file (progress of long runs)",
    )
    args = p.parse_args(argv)
    rules = load_variant(args.variant)
    if args.option:
        rules = rules.replace(
            **{k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
        )
    names = {args.a: args.a, args.b: args.b}
    arena.make_player = factory(names)  # the worker processes are forked with it
    if args.log:
        _LOG.update(play=arena._play_pair, path=Path(args.log))
        arena._play_pair = _logged_play_pair  # a module-level function: picklable for --jobs
    t0 = time.perf_counter()
    res = arena.run(
        rules,
        args.a,
        args.b,
        args.matches,
        args.seed,
        args.jobs,
        others=args.others,
        first_deal=args.first_deal,
    )
    res["wall_s"] = round(time.perf_counter() - t0, 1)
    res["command"] = "python benchmarks/expert_trials.py " + " ".join(
        a if " " not in a else repr(a) for a in (argv if argv is not None else sys.argv[1:])
    )
    res["load"] = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    res["machine"] = f"{platform.machine()}, {os.cpu_count()} cores"
    res["search"] = compiled.status()
    res["note"] = args.note
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("a") as f:
        f.write(json.dumps(res) + "\n")
    print("\n".join(arena.report_lines(res)))
    print(f"({res['wall_s']} s, load {res['load']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
