"""Hypothesis properties of Mexican Train and Chicken Foot over random settings, deals and play:
a determinized game built from a seat's view and a guess of the hidden tiles shows that seat
the very same view and plays on, also through the fast playout.

What every layout keeps (copies, replays, views, legal actions, saves) is the contract in
``test_game_contract.py``. ``PROPERTY_EXAMPLES=1000`` runs more examples than the default 40.
"""

from __future__ import annotations

import os
import random

from engine_helpers import variant
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_tui.engine import (
    Draw,
    Pass,
    Play,
    Stop,
    determinize,
    fast,
    new_game,
    seat_view,
    tiles,
)
from dominoes_tui.engine.fast.trains import hand_rows, rows_hand

EXAMPLES = int(os.environ.get("PROPERTY_EXAMPLES", "40"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None)


@st.composite
def round_rules(draw):
    name = draw(st.sampled_from(["mexican-train", "chicken-foot"]))
    base = variant(name)
    changes = {
        "players": draw(st.integers(2, 8)),
        "set": draw(st.sampled_from(base.options["set"])),
        "rounds": draw(st.sampled_from([1, 2])),
    }
    if name == "mexican-train":
        changes["first_turn_run"] = draw(st.booleans())
    return base.replace(**changes)


matches = st.tuples(round_rules(), st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))


def states(rules, seed, policy_seed, limit=20_000):
    """Every state of a match played at random (the same game object, changed)."""
    rng = random.Random(policy_seed)
    g = new_game(rules, seed, rng.choice([None, rng.randrange(rules.players)]))
    yield g
    for _ in range(limit):
        if g.phase == "match_over":
            return
        g.apply(rng.choice(g.legal_actions()))
        yield g
    raise AssertionError("the match did not end")


def guess(view, rng):
    """Hidden tiles dealt at random with the counts the view shows."""
    hidden = list(tiles.bits(view.unseen))
    rng.shuffle(hidden)
    board = view.board
    d = getattr(board, "round_double", None)
    if getattr(board, "centre", 0) is None and d in hidden:
        # R-CF-1: before the centre the round double is its dealt holder's, who moves
        # first; once someone has drawn, nobody was dealt it: it is in the boneyard.
        hidden.remove(d)
        if view.events:
            hidden.append(d)
        else:
            at = sum(view.hand_counts[s] for s in range(view.turn) if s != view.seat)
            hidden.insert(at, d)
    hands = []
    for s, n in enumerate(view.hand_counts):
        if s == view.seat:
            hands.append(view.hand)
        else:
            hands.append(tiles.mask_of(hidden[:n]))
            hidden = hidden[n:]
    drawn = None
    if view.board.drew and view.turn != view.seat:
        drawn = next(tiles.bits(hands[view.turn]))
    return hands, hidden, drawn


@SETTINGS
@given(matches, st.integers(0, 2**32 - 1))
def test_a_determinized_game_shows_the_seat_its_own_view_and_plays_on(m, guess_seed):
    """``determinize``: what a CPU searches from (a view plus guessed hidden tiles)."""
    rules, seed, pol = m
    rng = random.Random(guess_seed)
    for i, g in enumerate(states(rules, seed, pol)):
        if g.phase != "play" or i % 9:
            continue
        seat = g.turn if rng.random() < 0.7 else rng.randrange(rules.players)
        v = seat_view(g, seat)
        hands, bone, drawn = guess(v, rng)
        d = determinize(v, hands, bone, drawn)
        assert d.invariant_errors() == []
        assert seat_view(d, seat) == v
        if seat == g.turn:
            assert d.legal_actions() == list(v.legal)
        to_pos, playout = (
            (fast.trains_position, fast.trains_playout)
            if rules.layout == "trains"
            else (fast.foot_position, fast.foot_playout)
        )
        trace: list = []
        playout(to_pos(d), rng.random, trace)
        for step in trace:
            a = (
                Play(step[1], step[2])
                if step[0] == "play"
                else {"draw": Draw(), "pass": Pass(), "stop": Stop()}[step[0]]
            )
            assert a in d.legal_actions()
            d.apply(a)
        assert d.phase != "play"


@SETTINGS
@given(st.integers(0, 2**91 - 1))
def test_a_hands_rows_give_back_its_mask(hand):
    """The Mexican Train playout plays hands of up to 91 bits as rows of small ints: row n
    has bit j for each tile n-j held, and the mask comes back from them whole."""
    rows = [0] * 26  # a second seat's rows after the first: hand_rows keeps to its own
    assert hand_rows(hand, rows, 13) == hand.bit_count()
    assert rows[:13] == [0] * 13
    for n in range(13):
        assert rows[13 + n] == sum(1 << j for j in range(13) if hand >> tiles.tile(n, j) & 1)
    assert rows_hand(rows, 13) == hand
