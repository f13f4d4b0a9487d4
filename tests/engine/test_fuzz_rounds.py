"""Fuzz Mexican Train and Chicken Foot: rounds played with random legal actions
over every set, player count (2-8), first-turn run and match length, each checked by
``run_match`` after every action (every tile in one place, the layout hangs together,
scores never go down, hidden tiles stay hidden, illegal plays refused and changing
nothing, the match ends, the log replays through its JSON form).

At least 160 rounds of each game by default (a few seconds);
``FUZZ_ROUNDS=2000`` (the default before) or ``FUZZ_ROUNDS=50000 python -m pytest tests/engine/test_fuzz_rounds.py -n 2`` runs more.
"""

from __future__ import annotations

import os
import random

import pytest
from engine_helpers import run_match, variant

ROUNDS = int(os.environ.get("FUZZ_ROUNDS", "160"))
SHARDS = 4  # per game, spread over pytest-xdist workers
GAMES = ("mexican-train", "chicken-foot")


def configs(name: str, shard: int):
    """Matches of ``name`` whose rounds add up to at least ROUNDS over the shards."""
    base = variant(name)
    i = shard
    total = 0
    while total < ROUNDS // SHARDS + 1:
        rng = random.Random(f"{name}-{i}")
        changes = {
            "players": rng.randint(2, 8),
            "set": rng.choice(base.options["set"]),
            "rounds": rng.choice([1, 1, 1, 1, 2, 3, 0]),
            "resign": rng.random() < 0.1,
        }
        if name == "mexican-train":
            changes["first_turn_run"] = rng.random() < 0.5
        rules = base.replace(**changes)
        total += rules.round_count
        yield i, rules, rng.randrange(2**32)
        i += SHARDS


@pytest.mark.parametrize("shard", range(SHARDS))
@pytest.mark.parametrize("name", GAMES)
def test_random_rounds_keep_every_invariant(name, shard):
    played = 0
    for i, rules, seed in configs(name, shard):
        try:
            game = run_match(rules, seed, policy_seed=i, view_every=25)
        except Exception as e:  # say which match, to reproduce it
            raise AssertionError(
                f"{name} match {i}: seed {seed}, {rules.players} players, double-{rules.set}, "
                f"{rules.round_count} rounds, first_turn_run {rules.first_turn_run}: {e!r}"
            ) from e
        assert game.match_result is not None
        if game.match_result.reason != "resign":  # a resignation ends a match early
            assert len(game.results) == rules.round_count
        played += len(game.results)
    assert played >= ROUNDS // SHARDS // 2
