"""Nothing a caller passes to ``Game.apply`` or ``action_from_json`` gets past the rules or
crashes them: wrong-typed fields, the cases a player met, a lead naming a half, JSON of
any shape. (Every legal action applies and nothing else does, and a copy shares nothing
with its original, for every layout: ``test_game_contract.py``.)

``PROPERTY_EXAMPLES=1000`` runs more examples than the default.
"""

from __future__ import annotations

import os
import random

import pytest
from engine_helpers import random_rules, variant
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import random_walk, state

from dominoes_tui.engine import (
    Draw,
    Game,
    IllegalAction,
    NextHand,
    Pass,
    Play,
    PlayDoubles,
    Resign,
    TimeOut,
    action_from_json,
    action_to_json,
    load_variants,
    new_game,
    replay_game,
    tiles,
)

PRESETS = sorted(load_variants(include_user=False))
EXAMPLES = int(os.environ.get("PROPERTY_EXAMPLES", "40"))
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
positions = st.tuples(
    st.sampled_from(PRESETS),
    st.integers(0, 2**32 - 1),  # options
    st.integers(0, 2**32 - 1),  # deal
    st.integers(0, 400),  # actions played before
    st.integers(0, 2**32 - 1),  # the walk
)


def position(p) -> Game:
    name, opt, seed, steps, walk = p
    rules = random_rules(random.Random(opt), name)
    return random_walk(rules, seed, steps, random.Random(walk))


# ------------------------------------------------------------------ wrong types
NOT_A_NUMBER = st.one_of(
    st.text(max_size=5),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.lists(st.integers(0, 3), max_size=2),
    st.tuples(st.integers(0, 3)),
    st.just(object()),
    st.decimals(allow_nan=False, allow_infinity=False),
)
SMALL = st.integers(-3, 30)


@st.composite
def wrong_typed_actions(draw):
    """An action with at least one field that is not a whole number (None where allowed)."""
    kind = draw(st.sampled_from(["play", "doubles", "resign", "timeout"]))
    if kind == "play":
        fields = [draw(st.one_of(SMALL, NOT_A_NUMBER)) for _ in range(3)]
        bad = draw(st.integers(0, 2))
        fields[bad] = draw(NOT_A_NUMBER)
        return Play(*fields)
    if kind == "doubles":
        a, b = draw(NOT_A_NUMBER), draw(st.one_of(SMALL, NOT_A_NUMBER))
        return PlayDoubles(*draw(st.permutations([a, b])))
    return (Resign if kind == "resign" else TimeOut)(draw(NOT_A_NUMBER))


@SETTINGS
@given(positions, st.lists(wrong_typed_actions(), min_size=1, max_size=5))
def test_wrong_typed_actions_are_illegal_never_a_type_error(p, actions):
    """``Play("6-5")``, ``Play(1.5)``, ``Play(True, 0)``, ``Resign("0")``: IllegalAction with a
    reason, the game unchanged; never TypeError, never a silent coercion."""
    g = position(p)
    before = state(g)
    for a in actions:
        try:
            g.apply(a)
        except IllegalAction as e:
            assert str(e)
        else:  # pragma: no cover - the failure
            raise AssertionError(f"{a!r} was accepted")
        assert state(g) == before


def test_the_cases_from_the_issue_are_refused_with_a_reason():
    g = new_game(variant("draw"), seed=1)
    t = g.legal_actions()[0].tile
    for a in (Play("6-5"), Play(1.5), Play(True, 0), Play(t, 0.0), Resign("0"), TimeOut(None)):
        try:
            g.apply(a)
        except IllegalAction as e:
            assert "is not an action" in str(e)
        else:  # pragma: no cover
            raise AssertionError(f"{a!r} was accepted")
    assert g.log == []


@pytest.mark.parametrize("name", ["block", "goat", "mexican-train", "chicken-foot"])
@pytest.mark.parametrize("seat", [-1, 4, 9, 2**70, 1.0, "0", True])
def test_a_first_seat_not_at_the_table_is_refused_in_a_sentence(name, seat):
    rules = variant(name, players=4)
    with pytest.raises(ValueError, match=r"^the first seat must be a seat at the table, 0 to 3"):
        new_game(rules, seed=1, first_seat=seat)
    with pytest.raises(ValueError, match="the first seat must be a seat at the table"):
        replay_game(rules, 1, [], seat)
    for ok in (None, 0, 3):  # every seat at the table opens a match
        g = new_game(rules, seed=1, first_seat=ok)
        assert g.first_seat == ok and g.legal_actions()


def test_a_lead_naming_a_half_is_refused_not_logged_in_that_form():
    """A lead ``Play(tile, touch=N)`` is not among the legal actions, so it is refused."""
    g = new_game(variant("draw"), seed=1)
    lead = g.legal_actions()[0]
    for half in (tiles.LOW[lead.tile], tiles.HIGH[lead.tile], 3, -1):
        assert g.why_illegal(Play(lead.tile, None, half)) is not None
    g.apply(lead)
    assert g.log == [lead]


def test_next_hand_after_the_match_says_the_match_is_over():
    g = random_walk(variant("draw", target=0), 5, 10_000, random.Random(1))
    assert g.is_over
    for a in (NextHand(), Draw(), Pass(), Resign(0)):
        assert g.why_illegal(a) == "the match is over"


# ------------------------------------------------------------------ copies
def test_why_illegal_on_a_legal_move_keeps_the_all_fives_breakdown():
    """The issue's case: ``why_illegal`` applies the move to a copy; the per-hand fives
    of the original must not move."""
    rules = variant("all-fives") if "all-fives" in PRESETS else None
    assert rules is not None and rules.end_scoring == "fives"
    rng = random.Random(3)
    for seed in range(40):
        g = new_game(rules, seed)
        while not g.is_over:
            for a in g.legal_actions():
                fives = list(g.hand_fives)
                g.why_illegal(a)
                assert g.hand_fives == fives
            g.apply(rng.choice(g.legal_actions()))


# ------------------------------------------------------------------ action_from_json
JSONISH = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(),
        st.text(max_size=8),
        st.sampled_from(["play", "doubles", "draw", "pass", "next", "resign", "timeout"]),
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(), inner)),
    max_leaves=8,
)


@settings(max_examples=max(200, EXAMPLES * 10), deadline=None)
@given(
    st.one_of(
        JSONISH,
        st.tuples(
            st.sampled_from(["play", "doubles", "draw", "pass", "next", "resign", "timeout"]),
            st.lists(st.one_of(st.none(), st.integers(-5, 100), JSONISH), max_size=4),
        ).map(lambda kv: [kv[0], *kv[1]]),
    )
)
def test_action_from_json_gives_a_well_formed_action_or_value_error(data):
    try:
        a = action_from_json(data)
    except ValueError:
        return
    # accepted: it is exactly the form action_to_json writes
    assert action_to_json(a) == list(data)
    assert action_from_json(action_to_json(a)) == a


def test_action_from_json_cases():
    assert action_from_json(["play", 20, 1]) == Play(20, 1)
    assert action_from_json(["play", 20, None]) == Play(20)
    assert action_from_json(["play", 20, 1, 6]) == Play(20, 1, 6)
    assert action_from_json(["resign", 1]) == Resign(1)
    for bad in (
        ["play", "6-5"],
        ["play", 1.5],
        ["play", True, 0],
        ["resign", "0"],
        ["play"],
        ["play", 20],
        ["play", 20, 1, None],
        ["draw", 1],
        ["doubles", 1],
        [],
        "play",
        None,
        {"play": 1},
        [1, 2],
        ["jump", 1],
    ):
        try:
            action_from_json(bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} was read as an action")  # pragma: no cover
