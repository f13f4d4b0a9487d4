"""Hypothesis properties of the engine, over random presets, options, deals and play.

Every state: each tile in exactly one place; a seat's view holds nothing it may not see;
penalty scores never go down; every match ends; the event log replays to the same state;
the legal actions are exactly the actions ``apply`` accepts.
``PROPERTY_EXAMPLES=1000`` runs more examples than the default 40.
"""

from __future__ import annotations

import os
import random

from engine_helpers import assert_view_hides_the_rest, random_rules, run_match, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_tui.engine import (
    Draw,
    Game,
    IllegalAction,
    Pass,
    Play,
    PlayDoubles,
    RoundsGame,
    Stop,
    load_variants,
    new_game,
    replay_game,
    seat_view,
    tiles,
)

PRESETS = sorted(load_variants(include_user=False))
PENALTY = sorted(n for n, r in load_variants(include_user=False).items() if r.scoring == "penalty")

EXAMPLES = int(os.environ.get("PROPERTY_EXAMPLES", "40"))  # raise it for a long run
SETTINGS = settings(max_examples=EXAMPLES, deadline=None)
matches = st.tuples(
    st.sampled_from(PRESETS),
    st.integers(0, 2**32 - 1),  # options
    st.integers(0, 2**32 - 1),  # deal
    st.integers(0, 2**32 - 1),  # play
)


def rules_for(name: str, options_seed: int):
    return random_rules(random.Random(options_seed), name)


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
@given(matches)
def test_every_tile_is_in_exactly_one_place_in_every_state(m):
    name, opt, seed, pol = m
    for g in random_states(rules_for(name, opt), seed, pol):
        assert g.invariant_errors() == []
        hands = sum(h.bit_count() for h in g.hands)
        laid = len(g.line) + sum(len(a) for a in g.arms)
        if isinstance(g, RoundsGame):  # the trains and the engine, or the centre and its feet
            laid = len(g.laid_tiles()) + g.dead.bit_count()
        assert hands + len(g.boneyard) + laid == g.rules.tile_count


@SETTINGS
@given(matches)
def test_a_seat_view_never_holds_another_seats_hidden_tile(m):
    """R-D-2: during play a seat's view is its own hand plus public facts only."""
    name, opt, seed, pol = m
    rng = random.Random(pol)
    for i, g in enumerate(random_states(rules_for(name, opt), seed, pol)):
        if g.phase != "play" or i % 3:
            continue
        for seat in range(g.players):
            v = seat_view(g, seat)
            assert v.hand == g.hands[seat]
            assert v.revealed is None and v.last_result is None
            assert v.hand_counts == tuple(h.bit_count() for h in g.hands)
            assert v.boneyard_count == len(g.boneyard)
            for e in v.events:  # the history never names a drawn or held tile
                assert (e.tile is None) == (e.kind in ("draw", "pass", "stop"))
            on_line = tiles.mask_of(p.tile for p in v.line)
            on_line |= tiles.mask_of(p.tile for arm in v.arms for p in arm)
            if v.board is not None:
                on_line |= v.board.laid_mask()
            assert v.unseen == tiles.set_mask(g.rules.set) & ~(g.hands[seat] | on_line)
            assert_view_hides_the_rest(g, seat, rng)


@SETTINGS
@given(st.sampled_from(PENALTY), st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_penalty_scores_never_go_down(name, opt, seed):
    rules = rules_for(name, opt)
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


@SETTINGS
@given(matches)
def test_every_match_ends(m):
    name, opt, seed, pol = m
    g = run_match(rules_for(name, opt), seed, pol, view_every=50)
    assert g.phase == "match_over" and g.match_result is not None
    r = g.rules
    if g.match_result.reason == "target" and r.target:
        assert max(g.scores.written) >= r.target


@SETTINGS
@given(matches, st.floats(0, 1))
def test_replaying_the_log_gives_the_same_state(m, where):
    """The seed and the action log replay the match exactly, at the end and at any point."""
    name, opt, seed, pol = m
    rules = rules_for(name, opt)
    *_, g = random_states(rules, seed, pol)
    assert snapshot(replay_game(rules, seed, g.log)) == snapshot(g)
    k = int(where * len(g.log))
    prefix = g.log[:k]
    again = replay_game(rules, seed, prefix)
    step = new_game(rules, seed)
    for a in prefix:
        step.apply(a)
    assert snapshot(again) == snapshot(step)


def candidate_actions(g: Game):
    out = [Draw(), Pass(), Stop()]
    places = 4  # the line's ends, a spinner's arms
    if isinstance(g, RoundsGame):  # every train, or every arm and toe, and one beyond
        places = g.rules.players + 2 if g.rules.layout == "trains" else len(g.lines) + 1
    for t in range(-1, g.rules.tile_count + 1):  # and no tile at all on either side
        out += [Play(t, None)] + [Play(t, e) for e in range(-1, places + 1)]
        halves = {tiles.LOW[t], tiles.HIGH[t], -1, 13} if 0 <= t < g.rules.tile_count else {0}
        # a half named where none is asked for, the lead included (issue 14)
        out += [Play(t, e, h) for e in (None, *range(-1, 5)) for h in halves]
    ds = [tiles.tile(n, n) for n in range(g.rules.set + 1)]
    out += [PlayDoubles(a, b) for a in ds for b in ds if a != b]
    return out


@settings(max_examples=max(1, EXAMPLES * 5 // 8), deadline=None)
@given(matches)
def test_legal_actions_are_exactly_what_apply_accepts(m):
    name, opt, seed, pol = m
    rules = rules_for(name, opt)
    if opt % 2 and rules.layout == "line" and rules.match_rule == "equal":
        rules = rules.replace(two_doubles=True)
    for i, g in enumerate(random_states(rules, seed, pol)):
        # Each position tries a few thousand actions: every ninth of the first hands, every
        # 36th after (a long match has thousands of positions; the later hands are the same
        # kinds of position again, the next hand's lead included).
        if g.phase != "play" or i % (9 if i < 360 else 36):
            continue
        legal = set(g.legal_actions())
        assert len(legal) == len(g.legal_actions()), "an action listed twice"
        for a in candidate_actions(g):
            c = g.copy()
            try:
                c.apply(a)
            except IllegalAction as e:
                assert a not in legal, f"{a} is listed legal but refused: {e}"
                assert str(e)
            else:
                assert a in legal, f"{a} is accepted but not listed legal"
