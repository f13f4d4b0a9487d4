"""Hypothesis properties of the line games' scoring over random presets, options, deals and
play: penalty scores never go down, and a match to a target ends past it.

What every layout keeps (copies, replays, views, legal actions, saves) is the contract in
``test_game_contract.py``. ``PROPERTY_EXAMPLES=1000`` runs more examples than the default 40.
"""

from __future__ import annotations

import os
import random

from engine_helpers import random_rules
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_tui.engine import load_variants, new_game

PENALTY = sorted(n for n, r in load_variants(include_user=False).items() if r.scoring == "penalty")

EXAMPLES = int(os.environ.get("PROPERTY_EXAMPLES", "40"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None)


def random_states(rules, seed, policy_seed, limit=20_000):
    """Yield every state of a match played at random (the same Game object, changed)."""
    rng = random.Random(policy_seed)
    g = new_game(rules, seed)
    yield g
    for _ in range(limit):
        if g.phase == "match_over":
            return
        g.apply(rng.choice(g.legal_actions()))
        yield g
    raise AssertionError("the match did not end")


@SETTINGS
@given(st.sampled_from(PENALTY), st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_penalty_scores_never_go_down(name, opt, seed):
    rules = random_rules(random.Random(opt), name)
    if rules.scoring != "penalty":  # a house that offers winner-takes too (R-S-1)
        rules = rules.replace(scoring="penalty")
    assert rules.scoring == "penalty" and rules.target_means == "lose"
    written = None
    for g in random_states(rules, seed, seed + 1):
        if written is not None:
            assert all(a <= b for a, b in zip(written, g.scores.written))
        written = g.scores.written
    if g.match_result.reason == "target":
        assert max(g.scores.written) >= rules.target or rules.target == 0
