"""The contract every class in ``games.LAYOUTS`` keeps, over random houses, options, deals
and play (Hypothesis, the ``ci`` profile of ``tests/conftest.py``: the same examples each run).

For each layout (line, spinner, Mexican Train's trains, Chicken Foot), played with the
houses of ``variants.toml`` that use it, their options and boolean settings drawn at random:

- a copy equals its original, shares no mutable container with it, and playing the copy
  on (or asking ``why_illegal``) leaves the original as it was;
- the same seed and the same actions (through their JSON form) give the same state, at
  the end of a match and at any point of it, replayed at once or step by step;
- a seat's view holds its own hand and public facts only: dealing the tiles it cannot
  see differently leaves its view unchanged (R-D-2);
- until the match is over every state keeps each tile in exactly one place, there is a
  legal action, every legal action applies, and an action that is not legal is refused
  with a reason (no rule ID in it) and changes nothing; at the end nothing is legal;
- a save (the store's serializer, read back from its bytes) restores the very same game,
  which plays on as the original does.

Rule-specific properties stay with their rules (``test_properties.py``,
``test_properties_rounds.py``, ``test_refusals.py``).
``PROPERTY_EXAMPLES=200`` runs more examples than the default (``HYPOTHESIS_PROFILE=dev``
draws new ones).
"""

from __future__ import annotations

import json
import os
import random

import pytest
from engine_helpers import RULE_ID, assert_view_hides_the_rest, random_rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import state

from dominoes_tui import store
from dominoes_tui.engine import (
    Draw,
    Game,
    IllegalAction,
    NextHand,
    Pass,
    Play,
    PlayDoubles,
    Stop,
    action_from_json,
    action_to_json,
    games,
    load_variants,
    seat_view,
    tiles,
)
from dominoes_tui.store import saves

VARIANTS = load_variants(include_user=False)
HOUSES = {
    layout: sorted(n for n, r in VARIANTS.items() if r.layout == layout) for layout in games.LAYOUTS
}
LAYOUTS = sorted(games.LAYOUTS)
EXAMPLES = int(os.environ.get("PROPERTY_EXAMPLES", "8"))
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
SEEDS = st.integers(0, 2**31 - 1)
MAX_ACTIONS = 20_000


def test_every_layout_has_a_class_and_a_house() -> None:
    """Each layout a variant may name is in the table, and the contract plays each one."""
    from dominoes_tui.engine.rules import PLAYABLE

    assert set(games.LAYOUTS) == set(PLAYABLE["layout"])
    assert all(HOUSES[layout] for layout in LAYOUTS), HOUSES
    for layout, cls in games.LAYOUTS.items():
        assert games.game_class(layout) is cls
        assert isinstance(games.new_game(VARIANTS[HOUSES[layout][0]], 1), cls)
    with pytest.raises(ValueError, match="no game plays the layout 'hex'"):
        games.game_class("hex")


def test_game_new_deals_the_line_games_and_refuses_a_rounds_game_in_a_sentence() -> None:
    for name in ("mexican-train", "chicken-foot"):
        with pytest.raises(ValueError, match="is played in rounds: deal it with new_game"):
            Game.new(VARIANTS[name], 1)
        with pytest.raises(ValueError, match="rotated deals are for the line games only"):
            games.new_game(VARIANTS[name], 1, rotation=1)
    with pytest.raises(ValueError, match="does not play this layout"):
        games.LAYOUTS["trains"].new(VARIANTS["chicken-foot"], 1)
    assert type(Game.new(VARIANTS["classic"], 1)) is Game


def house_rules(name: str, options_seed: int):
    """A house with random options; a rounds game plays one or two rounds (a short match)."""
    rng = random.Random(options_seed)
    rules = random_rules(rng, name)
    if rules.is_rounds:
        rules = rules.replace(rounds=rng.choice([1, 2]))
    return rules


def matches(layout: str):
    """(rules, deal seed, first seat, policy seed) for a match of ``layout``."""
    return st.tuples(st.sampled_from(HOUSES[layout]), SEEDS, SEEDS, SEEDS).map(
        lambda m: _match(layout, *m)
    )


def _match(layout: str, name: str, opt: int, seed: int, pol: int):
    rules = house_rules(name, opt)
    assert rules.layout == layout
    rng = random.Random(pol)
    first_seat = rng.choice([None, rng.randrange(rules.players)])
    return rules, seed, first_seat, pol


def states(rules, seed, first_seat, policy_seed):
    """Every state of a match played at random to its end (the same game object, changed)."""
    rng = random.Random(policy_seed)
    g = games.new_game(rules, seed, first_seat)
    yield g
    for _ in range(MAX_ACTIONS):
        if g.is_over:
            return
        g.apply(rng.choice(g.legal_actions()))
        yield g
    raise AssertionError("the match did not end")


def played(rules, seed, first_seat, policy_seed) -> Game:
    *_, g = states(rules, seed, first_seat, policy_seed)
    return g


def by_layout(test):
    """Run ``test(layout, match, data)`` for every layout, on matches of that layout."""

    @pytest.mark.parametrize("layout", LAYOUTS)
    @SETTINGS
    @given(data=st.data())
    def run(layout, data):
        test(layout, data.draw(matches(layout), label="match"), data)

    run.__name__ = test.__name__
    run.__doc__ = test.__doc__
    return run


# ------------------------------------------------------------------ copies
def _mutables(x, path: str, seen: dict[int, str]) -> dict[int, str]:
    """Every mutable container reachable from ``x`` (by identity), with where it was found."""
    if isinstance(x, (list, dict, set, bytearray)):
        if id(x) in seen:
            return seen
        seen[id(x)] = path
        items = x.items() if isinstance(x, dict) else enumerate(x)
        for k, v in items:
            _mutables(v, f"{path}[{k!r}]", seen)
    elif hasattr(x, "__dataclass_fields__"):
        for name in x.__dataclass_fields__:
            _mutables(getattr(x, name, None), f"{path}.{name}", seen)
    return seen


def shared(a: Game, b: Game) -> list[str]:
    """The mutable containers reachable from both games (the rules are frozen, shared)."""
    slots = [n for cls in type(a).__mro__ for n in getattr(cls, "__slots__", ())]
    ours: dict[int, str] = {}
    theirs: dict[int, str] = {}
    for name in slots:
        if name not in ("rules", "rng"):
            _mutables(getattr(a, name), name, ours)
            _mutables(getattr(b, name), name, theirs)
    assert a.rng is not b.rng, "a copy shares the random generator"
    return sorted(ours[i] for i in set(ours) & set(theirs))


@by_layout
def test_a_copy_is_independent_of_its_original(layout, m, data):
    rules, seed, first_seat, pol = m
    end = played(*m)
    k = data.draw(st.integers(0, len(end.log)), label="at")
    g = games.replay_game(rules, seed, end.log[:k], first_seat)
    before = state(g)
    rng = random.Random(pol + 1)
    for _ in range(2):
        c = g.copy()
        assert type(c) is type(g)
        assert state(c) == before
        assert shared(g, c) == []
        while not c.is_over:
            c.apply(rng.choice(c.legal_actions()))
        for a in g.legal_actions():
            assert g.why_illegal(a) is None
        assert state(g) == before, "playing on a copy changed the original"


# ------------------------------------------------------------------ replays
@by_layout
def test_the_same_seed_and_actions_give_the_same_state(layout, m, data):
    rules, seed, first_seat, _ = m
    g = played(*m)
    log = [action_from_json(json.loads(json.dumps(action_to_json(a)))) for a in g.log]
    assert log == g.log
    assert state(games.replay_game(rules, seed, log, first_seat)) == state(g)
    k = data.draw(st.integers(0, len(log)), label="prefix")
    step = games.new_game(rules, seed, first_seat)
    for a in log[:k]:
        step.apply(a)
    assert state(games.replay_game(rules, seed, log[:k], first_seat)) == state(step)


# ------------------------------------------------------------------ views
@by_layout
def test_a_seat_view_hides_what_it_must(layout, m, data):
    """R-D-2: during play a seat's view is its own hand plus public facts only."""
    rules, *_ = m
    rng = random.Random(m[3] + 2)
    every = data.draw(st.integers(3, 9), label="every")
    for i, g in enumerate(states(*m)):
        if g.phase != "play" or i % every:
            continue
        for seat in range(rules.players):
            v = seat_view(g, seat)
            assert v.rules is g.rules and v.seat == seat
            assert v.hand == g.hands[seat]
            assert v.revealed is None and v.last_result is None
            assert v.hand_counts == tuple(h.bit_count() for h in g.hands)
            assert v.boneyard_count == len(g.boneyard)
            assert bool(v.legal) == (g.turn == seat)
            for e in v.events:  # the history never names a drawn or held tile
                assert (e.tile is None) == (e.kind in ("draw", "pass", "stop"))
            laid = tiles.mask_of(p.tile for p in v.line)
            laid |= tiles.mask_of(p.tile for arm in v.arms for p in arm)
            if rules.is_rounds:
                laid |= v.board.laid_mask()
            assert v.unseen == tiles.set_mask(rules.set) & ~(g.hands[seat] | laid)
            assert_view_hides_the_rest(g, seat, rng)


# ------------------------------------------------------------------ legal actions
def candidate_actions(g: Game) -> list:
    """Actions around every legal one: each tile (and none) on each place and one beyond,
    each half named or not, the two-doubles move, drawing, passing, stopping, next hand."""
    n = g.rules.tile_count
    out = [Draw(), Pass(), Stop(), NextHand()]
    if g.rules.is_rounds:  # every train, or every arm and toe, and one beyond
        places = g.rules.players + 2 if g.rules.layout == "trains" else len(g.lines) + 1
    else:
        places = 4  # the line's ends, a spinner's arms
    for t in range(-1, n + 1):
        out += [Play(t, None)] + [Play(t, e) for e in range(-1, places + 1)]
        halves = {tiles.LOW[t], tiles.HIGH[t], -1, 13} if 0 <= t < n else {0}
        out += [Play(t, e, h) for e in (None, *range(-1, 5)) for h in halves]
    ds = [tiles.tile(k, k) for k in range(g.rules.set + 1)]
    out += [PlayDoubles(a, b) for a in ds for b in ds if a != b]
    return out


@by_layout
def test_legal_actions_apply_and_nothing_else_does_until_the_match_is_over(layout, m, data):
    rules, *_ = m
    if rules.layout == "line" and rules.match_rule == "equal" and m[3] % 2:
        m = (rules.replace(two_doubles=True), *m[1:])  # the two-doubles move too (R-2D)
    every = data.draw(st.integers(8, 24), label="every")
    checked = 0
    for i, g in enumerate(states(*m)):
        assert g.invariant_errors() == []
        legal = g.legal_actions()
        if g.is_over:
            assert legal == []
            assert g.why_illegal(NextHand()) == "the match is over"
            break
        assert legal, "no legal action while the match is on"
        assert len(set(legal)) == len(legal), "an action listed twice"
        if i % every and not (i < 3 or g.phase == "hand_over"):
            continue
        checked += 1
        before = state(g)
        refused = g.copy()  # a refusal changes nothing: one copy takes them all
        for a in candidate_actions(g):
            if a in legal:
                continue
            try:
                refused.apply(a)
            except IllegalAction as e:
                assert str(e) and not RULE_ID.search(str(e)), str(e)
            else:
                raise AssertionError(f"{a} is accepted but not listed legal")
        assert state(refused) == before, "refusing an action changed the game"
        for a in legal:
            c = g.copy()
            c.apply(a)
            assert c.log[-1] == a and c.invariant_errors() == []
        assert state(g) == before
    assert checked


# ------------------------------------------------------------------ saves
@by_layout
def test_a_save_restores_the_same_game_which_plays_on_the_same(layout, m, data):
    rules, seed, first_seat, pol = m
    end = played(*m)
    k = data.draw(st.integers(0, len(end.log)), label="at")
    g = games.replay_game(rules, seed, end.log[:k], first_seat)
    info = store.MatchInfo(
        cpu_level="easy",
        names=tuple(["You", *(f"CPU {s}" for s in range(1, rules.players))]),
        human_seat=pol % rules.players,
        now=lambda: 0.0,
    )
    raw = json.dumps(saves.save_dict(g, info), ensure_ascii=False).encode()
    res = saves.restore(raw)
    assert res.ok, res.problem
    loaded = res.saved.game
    assert type(loaded) is type(g)
    assert state(loaded) == state(g), "a save loads back as another game"
    for a in end.log[k:]:
        loaded.apply(a)
    assert state(loaded) == state(end)
