"""Run the fuzz of ``tests/engine/test_fuzz.py`` in one process and print its figures.

    FUZZ_MATCHES=100000 python tests/fuzz_report.py

Plays the same matches as the test (the same configurations, seeds and checks, saves
and loads at random points included), goes on past a failure, and prints the matches,
actions, save round trips, failures and time taken.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent / "engine"))

import test_fuzz as fuzz  # noqa: E402
from engine_helpers import run_match  # noqa: E402


def main() -> None:
    trips = 0

    def counted(game, rng):
        nonlocal trips
        out = fuzz.save_and_load(game, rng)
        trips += out is not game
        return out

    t0 = time.perf_counter()
    matches = actions = player = 0
    failures: list[str] = []
    for shard in range(fuzz.SHARDS):
        for i, rules, seed in fuzz.configs(shard):
            try:
                game = run_match(rules, seed, policy_seed=i, between=counted)
            except Exception as e:  # noqa: BLE001 - report it, go on
                failures.append(f"match {i}: {rules.name} seed {seed}: {e!r}")
                continue
            matches += 1
            actions += len(game.log)
            player += rules.name.startswith("player-")
        print(
            f"shard {shard}: {matches} matches, {actions} actions, "
            f"{time.perf_counter() - t0:.0f} s",
            flush=True,
        )
    took = time.perf_counter() - t0
    print(
        f"{matches + len(failures)} matches ({player} player-defined), {actions} actions, "
        f"{trips} save round trips, {len(failures)} failures, {took:.0f} s "
        f"({actions / took:.0f} actions/s, one process)"
    )
    for f in failures[:20]:
        print(f)


if __name__ == "__main__":
    main()
