"""Saving and loading any reachable state gives back the same state."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from engine_helpers import random_rules
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from store_helpers import random_walk, state

from dominoes_tui import store
from dominoes_tui.engine import Clock, load_variants

VARIANTS = load_variants(include_user=False)


def _rules(name: str, mixed: int | None, clocked: bool):
    """A preset, or (``mixed``) a preset with random values from its options lists."""
    rules = VARIANTS[name] if mixed is None else random_rules(random.Random(mixed), name)
    return rules.replace(clock_minutes=10, turn_seconds=20) if clocked else rules


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(VARIANTS)),
    mixed=st.none() | st.integers(min_value=0, max_value=2**32),
    clocked=st.booleans(),
    seed=st.integers(min_value=0, max_value=2**64),
    walk=st.integers(min_value=0, max_value=2**32),
    steps=st.integers(min_value=0, max_value=300),
    between=st.booleans(),
    times=st.lists(st.floats(min_value=0, max_value=600), min_size=8, max_size=8),
    seat=st.integers(min_value=0, max_value=9),
)
def test_save_then_load_is_the_same_state(
    name, mixed, clocked, seed, walk, steps, between, times, seat
) -> None:
    rules = _rules(name, mixed, clocked)
    game = random_walk(rules, seed, steps, random.Random(walk), between)
    event(f"phase {game.phase}")
    remaining = [round(x, 3) for x in times[: rules.players]]
    clock = Clock(rules.players, 600, 20, now=lambda: 0.0, remaining=remaining)
    info = store.MatchInfo(
        cpu_level="hard",
        names=tuple(f"P{i}" for i in range(rules.players)),
        human_seat=seat % rules.players,
    )
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        assert store.autosave(game, info, clock if clocked else None, home=home) is None
        res = store.load_autosave(home=home)
    assert res.ok, res.problem
    assert state(res.saved.game) == state(game)
    got = res.saved.game
    assert [got.hand(s) for s in range(rules.players)] == [
        game.hand(s) for s in range(rules.players)
    ]
    assert (got.line, got.scores, got.log, got.phase) == (
        game.line,
        game.scores,
        game.log,
        game.phase,
    )
    assert got.invariant_errors() == []
    assert got.legal_actions() == game.legal_actions()
    assert res.saved.clocks == (remaining if clocked else None)
    assert (res.saved.info.names, res.saved.info.human_seat) == (info.names, info.human_seat)
