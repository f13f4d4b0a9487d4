"""Differential test: the fast Mexican Train and Chicken Foot playouts (engine/fast.py)
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
    Game,
    Pass,
    Play,
    Scores,
    Stop,
    fast,
    load_variants,
    score_round,
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
        g = Game.new(rules, seed, first_seat)
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
    return tuple(getattr(pos, f) for f in type(pos).__slots__)


@pytest.mark.parametrize("name", ["mexican-train", "chicken-foot"])
def test_a_fast_playout_from_any_position_in_a_round_agrees_with_game(name):
    """From positions after random legal actions: mid-turn draws, unsatisfied doubles,
    feet being filled, markers, runs under way."""
    seen = set()
    for i in range(ROUNDS_PER_CASE):
        rng = random.Random(10_000 + i)
        rules = rules_for(name, rng)
        seed = rng.randrange(2**32)
        g = Game.new(rules, seed)
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
        domino = playout(pos, rng.random, trace, greedy=rng.choice([0.0, 0.7]))
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
