"""Fuzz: thousands of random matches over every preset, every boolean setting and every value
of the presets' options lists, each checked by ``run_match`` (tiles in one place, scores never
go down, hidden tiles stay hidden, illegal actions refused, the match ends, the log replays).

``FUZZ_MATCHES=100000 python -m pytest tests/unit/test_fuzz.py -n 2`` runs the long version.
"""

from __future__ import annotations

import os
import random

import pytest
from engine_helpers import BOOL_SETTINGS, random_rules, run_match

from dominoes_tui.engine import load_variants

MATCHES = int(os.environ.get("FUZZ_MATCHES", "2000"))
PRESETS = sorted(load_variants(include_user=False))
SHARDS = 8  # spread over pytest-xdist workers


def configs(shard: int):
    for i in range(shard, MATCHES, SHARDS):
        rng = random.Random(i)
        yield i, random_rules(rng, PRESETS[i % len(PRESETS)]), rng.randrange(2**32)


@pytest.mark.parametrize("shard", range(SHARDS))
def test_random_matches_keep_every_invariant(shard):
    for i, rules, seed in configs(shard):
        try:
            game = run_match(rules, seed, policy_seed=i)
        except Exception as e:  # say which match, to reproduce it
            raise AssertionError(
                f"match {i}: {rules.name} seed {seed} changes "
                f"{rules.differences(load_variants(include_user=False)[rules.name])}: {e!r}"
            ) from e
        assert game.match_result is not None


def test_the_fuzz_covers_every_preset_boolean_and_option_value():
    """The configurations fuzzed include every preset, both values of each boolean setting
    (where the preset allows it) and each value of every options list."""
    want: set[tuple[str, str, object]] = set()
    variants = load_variants(include_user=False)
    for name, r in variants.items():
        for key, values in r.options.items():
            for v in values:
                try:
                    r.replace(**{key: v})
                except ValueError:
                    continue
                want.add((name, key, repr(v)))
        for key in BOOL_SETTINGS:
            for v in (False, True):
                try:
                    r.replace(**{key: v})
                except ValueError:
                    continue
                want.add((name, key, repr(v)))
    got = set()
    for shard in range(SHARDS):
        for _, rules, _ in configs(shard):
            for name, key, v in want:
                if rules.name == name:
                    value = getattr(rules, key)
                    value = dict(value) if key == "bonus_first_last" else value
                    if repr(value) == v:
                        got.add((name, key, v))
    assert want - got == set()
