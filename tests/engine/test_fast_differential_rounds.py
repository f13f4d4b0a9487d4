"""Differential test: the fast Mexican Train and Chicken Foot playouts (engine/fast/)
against the readable games, action by action.

The same seed deals the same round on both paths; from the deal, and from positions part
way through a round (after random legal actions, a double to satisfy, a draw to play, a
first-turn run under way), every action of a traced playout is legal in ``Game`` and
both reach the same hands, boneyard, end and score.
"""

from __future__ import annotations

import random

import pytest

from dominoes_tui.engine import (
    Draw,
    Pass,
    Play,
    Scores,
    Stop,
    fast,
    load_variants,
    new_game,
    score_round,
    seat_view,
    tiles,
)

VARIANTS = load_variants(include_user=False)
ROUNDS_PER_CASE = 150


def to_action(step):
    kind = step[0]
    if kind == "play":
        return Play(step[1], step[2])
    return {"draw": Draw(), "pass": Pass(), "stop": Stop()}[kind]


def rules_for(name: str, rng: random.Random):
    r = VARIANTS[name]
    changes = {"players": rng.randint(2, 8), "set": rng.choice(r.options["set"])}
    if r.layout == "trains":
        changes["first_turn_run"] = rng.random() < 0.5
    return r.replace(**changes)


POSITION = {"trains": (fast.trains_position, fast.trains_playout)}
POSITION["chicken_foot"] = (fast.foot_position, fast.foot_playout)


def replay_trace(g, trace, name, seed):
    for step in trace:
        a = to_action(step)
        legal = g.legal_actions()
        assert a in legal, f"{name} seed {seed}: fast played {a}; Game allows {legal}"
        g.apply(a)


@pytest.mark.parametrize("name", ["mexican-train", "chicken-foot"])
def test_a_fast_round_from_the_deal_agrees_with_game(name):
    for i in range(ROUNDS_PER_CASE):
        rng = random.Random(i)
        rules = rules_for(name, rng)
        round_no = rng.randint(1, rules.round_count)
        seed = 1000 * i + 7
        first_seat = rng.choice([None, rng.randrange(rules.players)])
        g = new_game(rules, seed, first_seat)
        if round_no > 1:  # a later round (its double, its first player), dealt afresh
            g.hand_no = round_no - 1
            g.rng = random.Random(seed)
            g._start_round()
        deal = fast.trains_deal if rules.layout == "trains" else fast.foot_deal
        pos = deal(rules, random.Random(seed), round_no, first_seat)
        assert pos.hands == g.hands and pos.boneyard == g.boneyard and pos.turn == g.turn
        to_pos, playout = POSITION[rules.layout]
        assert _fields(to_pos(g)) == _fields(pos)
        trace: list = []
        domino = playout(pos, rng.random, trace, greedy=rng.choice([0.0, 0.5, 1.0]))
        replay_trace(g, trace, name, seed)
        assert g.phase in ("hand_over", "match_over")
        assert g.result.kind == ("blocked" if domino is None else "domino")
        assert g.hands == pos.hands and g.boneyard == pos.boneyard
        assert g.result == score_round(rules, domino, pos.hands, Scores.zero(rules.sides))


def _fields(pos) -> tuple:
    """Every field of a position, its Position base's included (compiled by mypyc, a class
    lists them all in ``__mypyc_attrs__``, in Python each class its own ``__slots__``)."""
    names = getattr(type(pos), "__mypyc_attrs__", None)
    if names is None:
        names = [f for cls in type(pos).__mro__ for f in getattr(cls, "__slots__", ())]
    assert names
    return tuple(getattr(pos, f) for f in names)


@pytest.mark.parametrize("name", ["mexican-train", "chicken-foot"])
def test_a_fast_playout_from_any_position_in_a_round_agrees_with_game(name):
    """From positions after random legal actions: mid-turn draws, unsatisfied doubles,
    feet being filled, markers, runs under way; some seats playing out with ``ready`` or
    ``block``."""
    seen = set()
    for i in range(ROUNDS_PER_CASE):
        rng = random.Random(10_000 + i)
        rules = rules_for(name, rng)
        seed = rng.randrange(2**32)
        g = new_game(rules, seed)
        for _ in range(rng.randrange(120)):
            if g.phase != "play":
                break
            g.apply(rng.choice(g.legal_actions()))
        if g.phase != "play":
            continue
        if g.drawn is not None:
            seen.add("drawn")
        if getattr(g, "pending", None) is not None:
            seen.add("pending")
        if getattr(g, "filling", None) and g.centre is not None:
            seen.add("filling")
        if getattr(g, "run", 0) >= 1:
            seen.add("run")
        to_pos, playout = POSITION[rules.layout]
        pos = to_pos(g)
        twin = pos.copy()
        before = g.scores
        trace: list = []
        ready, block = (
            rng.choice([None, [rng.choice([0.0, 0.8, 1.0]) for _ in range(rules.players)]])
            for _ in range(2)
        )
        greedy = rng.choice([0.0, 0.7])
        domino = playout(pos, rng.random, trace, greedy=greedy, ready=ready, block=block)
        assert _fields(twin) != _fields(pos) or not trace  # the copy was not touched
        replay_trace(g, trace, name, seed)
        assert g.result.kind == ("blocked" if domino is None else "domino")
        assert g.hands == pos.hands and g.boneyard == pos.boneyard
        assert g.result == score_round(rules, domino, pos.hands, before)
    want = {"drawn", "pending", "run"} if name == "mexican-train" else {"drawn", "filling"}
    assert want <= seen


@pytest.mark.parametrize("name", ["mexican-train", "chicken-foot"])
def test_random_round_scores_what_the_game_would(name):
    for i in range(40):
        rules = rules_for(name, random.Random(i))
        res = fast.random_round(rules, random.Random(i))
        assert res.kind in ("domino", "blocked") and len(res.counted) == rules.players
        assert res.after.written == res.counted
    with pytest.raises(ValueError, match="Mexican Train and Chicken Foot"):
        fast.random_round(VARIANTS["classic"], random.Random(0))


@pytest.mark.parametrize("name", ["mexican-train", "chicken-foot"])
def test_the_layouts_position_from_a_view_agrees_with_game_action_by_action(name):
    """``fast.position(view)`` (the layout's Position, LAYOUTS): its moves are the game's
    legal actions; each applied on both paths leaves the same state; the rest of the round,
    played out and traced, replays in Game to the same score (R-TR-3…5, R-TR-8, R-CF-1…5)."""
    seen = set()
    checked = 0
    for i in range(60):
        rng = random.Random(20_000 + i)
        rules = rules_for(name, rng)
        g0 = new_game(rules, rng.randrange(2**32))
        for _ in range(rng.randrange(90)):
            if g0.phase != "play":
                break
            g0.apply(rng.choice(g0.legal_actions()))
        if g0.phase != "play":
            continue
        view = seat_view(g0, g0.turn)
        root = fast.position(view, list(g0.hands), list(g0.boneyard))
        assert type(root) is fast.position_class(rules)
        to_pos, _ = POSITION[rules.layout]
        assert _fields(root) == _fields(to_pos(g0))
        assert root.moves() == list(view.legal)
        for a in view.legal:
            seen.add(type(a).__name__)
            p = root.copy()
            p.apply(a)
            g = g0.copy()
            g.apply(a)
            assert p.hands == g.hands and p.boneyard == g.boneyard, a
            assert p.over == (g.phase != "play"), a
            if not p.over:
                assert _fields(p) == _fields(to_pos(g)), a
                assert p.moves() == g.legal_actions(), a
            trace: list = []
            p.playout(rng.random, greedy=0.6, trace=trace)
            replay_trace(g, trace, name, i)
            assert g.phase != "play" and g.hands == p.hands
            res, gained = p.finish(view.scores)
            assert res == g.result and gained == list(res.points)
            # the searches' scoring without the record reads the readable game's result:
            # the penalties and totals (the rounds search), the scores, winner and points
            want = g.result
            assert p.penalties(view.scores.written) == (want.counted, want.after.written)
            assert p.outcome(view.scores) == (want.after, want.winner_side, list(want.points))
            checked += 1
    assert checked > 100
    assert {"Play", "Draw", "Pass"} <= seen


def _first_play(pos, greedy: list[float], ready: list[float] | None, block=None) -> tuple:
    trace: list = []
    pos.copy().seat_playout(random.Random(1).random, greedy, trace, ready, block)
    return trace[0]


def test_a_ready_seat_keeps_a_tile_to_play_where_the_heaviest_would_leave_none():
    """Seat 0 may lay 12-0 or 0-5 on its own train (showing 0; the Mexican train shows 9):
    the heaviest, 12-0, leaves 0-5 and 5-3, which fit neither 12 nor 9; 0-5 leaves 5-3 for
    its train's 5. The greedy playout lays 12-0, the ready one 0-5; Chicken Foot the same
    with 9-0 and 0-5 on an arm showing 0, the other arms 2."""
    t = tiles.tile
    hands = [tiles.BIT[t(12, 0)] | tiles.BIT[t(0, 5)] | tiles.BIT[t(5, 3)], tiles.BIT[t(1, 1)]]
    rules = VARIANTS["mexican-train"].replace(players=2)
    pos = fast.TrainsPosition.of(rules, hands, [t(4, 4), t(6, 6)], [0, 7, 9], 0, -1, 0, 0, -1, 0, 0)
    assert _first_play(pos, [1.0, 1.0], None)[1] == t(12, 0)
    assert _first_play(pos, [1.0, 1.0], [1.0, 0.0]) == ("play", t(0, 5), 0)

    rules = VARIANTS["chicken-foot"].replace(players=2)
    hands = [tiles.BIT[t(9, 0)] | tiles.BIT[t(0, 5)] | tiles.BIT[t(5, 3)], tiles.BIT[t(1, 1)]]
    pos = fast.FootPosition.of(
        rules, hands, [t(4, 4), t(6, 6)], t(9, 9), 9, [0, 2, 2, 2], [0, 1, 2, 3], [], -1, 0, 0
    )
    assert _first_play(pos, [1.0, 1.0], None)[1] == t(9, 0)
    assert _first_play(pos, [1.0, 1.0], [1.0, 0.0]) == ("play", t(0, 5), 0)


def test_a_blocking_seat_leaves_the_next_seat_nothing_where_the_heaviest_would_not():
    """Mexican Train, two seats: seat 0 may lay 12-0 on its train (showing 0) or 9-2 on the
    Mexican train (showing 9); seat 1 holds 9-3, its own train shows 7. The greedy playout
    lays 12-0, which leaves the 9 for 9-3; the blocking one lays 9-2, after which seat 1 has
    nothing to play. Chicken Foot: 9-0 or 0-5 on an arm showing 0 (the others 2), the next
    seat holding 9-1: 0-5 shuts it out."""
    t = tiles.tile
    rules = VARIANTS["mexican-train"].replace(players=2)
    hands = [tiles.BIT[t(12, 0)] | tiles.BIT[t(9, 2)], tiles.BIT[t(9, 3)]]
    pos = fast.TrainsPosition.of(rules, hands, [t(4, 4), t(6, 6)], [0, 7, 9], 0, -1, 0, 0, -1, 0, 0)
    assert _first_play(pos, [1.0, 1.0], None)[1] == t(12, 0)
    assert _first_play(pos, [1.0, 1.0], None, [1.0, 0.0]) == ("play", t(9, 2), 2)

    rules = VARIANTS["chicken-foot"].replace(players=2)
    hands = [tiles.BIT[t(9, 0)] | tiles.BIT[t(0, 5)], tiles.BIT[t(9, 1)]]
    pos = fast.FootPosition.of(
        rules, hands, [t(4, 4), t(6, 6)], t(9, 9), 9, [0, 2, 2, 2], [0, 1, 2, 3], [], -1, 0, 0
    )
    assert _first_play(pos, [1.0, 1.0], None)[1] == t(9, 0)
    assert _first_play(pos, [1.0, 1.0], None, [1.0, 0.0]) == ("play", t(0, 5), 0)


def test_a_greedy_seat_sheds_the_blank_double_first_where_it_counts_50():
    """R-TR-5, R-CF-5: a 0-0 left in hand counts 50, so the greedy playout lays it before
    any heavier-looking tile: Mexican Train, seat 0 may lay 0-0 or 12-0 on its train showing
    0; Chicken Foot, 0-0 or 9-0 on an arm showing 0. With the 0-0 counted as its pips
    (``blank_double_counts`` 0) the 12-0 and 9-0 go first."""
    t = tiles.tile
    mt = VARIANTS["mexican-train"].replace(players=2)
    assert mt.blank_double_counts == 50
    hands = [tiles.BIT[t(12, 0)] | tiles.BIT[t(0, 0)] | tiles.BIT[t(5, 3)], tiles.BIT[t(1, 1)]]
    for rules, first in ((mt, t(0, 0)), (mt.replace(blank_double_counts=0), t(12, 0))):
        pos = fast.TrainsPosition.of(
            rules, list(hands), [t(4, 4), t(6, 6)], [0, 7, 9], 0, -1, 0, 0, -1, 0, 0
        )
        assert _first_play(pos, [1.0, 1.0], None) == ("play", first, 0)

    cf = VARIANTS["chicken-foot"].replace(players=2)
    hands = [tiles.BIT[t(9, 0)] | tiles.BIT[t(0, 0)] | tiles.BIT[t(5, 3)], tiles.BIT[t(1, 1)]]
    for rules, first in ((cf, t(0, 0)), (cf.replace(blank_double_counts=0), t(9, 0))):
        pos = fast.FootPosition.of(
            rules, list(hands), [t(4, 4)], t(9, 9), 9, [0, 2, 2, 2], [0, 1, 2, 3], [], -1, 0, 0
        )
        assert _first_play(pos, [1.0, 1.0], None) == ("play", first, 0)


def test_a_playout_stopped_at_each_turn_of_a_seat_plays_as_one_playout():
    """``FootPosition.play_until``: stopped at one seat's turns and let go on from each, the
    round is played exactly as one playout with the same random numbers (each stop at that
    seat's turn, the round not over), whatever the seats' policies."""
    rules = VARIANTS["chicken-foot"].replace(players=4)
    stops = 0
    for seed in range(200):
        pos = fast.FootPosition.deal(rules, random.Random(seed))
        greedy = [0.9, 0.5, 1.0, 0.0]
        block = [0.0, 0.75, 0.0, 0.75]
        whole = pos.copy()
        whole.seat_playout(random.Random(seed).random, greedy, None, None, block)
        rand = random.Random(seed).random
        seat = (pos.turn + 1 + seed % 3) % 4
        nxt = (seat + 1) % 4
        while pos.play_until(seat, rand, greedy, None, block):
            assert pos.turn == seat and not pos.over
            stops += 1
            if not pos.play_until(nxt, rand, greedy, None, block):
                break
        assert pos.over
        assert (pos.hands, pos.domino, pos.ends) == (whole.hands, whole.domino, whole.ends)
    assert stops > 1000
