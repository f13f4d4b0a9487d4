"""The CPU's general playout (spinner, sum-to-seven, fives) against the engine's ``Game``.

Every traced playout is replayed action by action through ``Game``: each action
must be legal there, and the hands, open ends, fives and result must agree.
"""

from __future__ import annotations

import random

import pytest

from dominoes_tui.ai.sim import Table, general_playout, table_of
from dominoes_tui.engine import Game, Play, Scores, load_variant, score_hand, seat_view
from dominoes_tui.engine.fast import deal

RULES = [
    load_variant("all-fives"),
    load_variant("matador"),
    load_variant("international"),
    load_variant("goat"),
    load_variant("standard-draw").replace(players=3, hand_size=5),
    load_variant("standard-draw").replace(players=4, hand_size=5, set=9),
    load_variant("all-fives").replace(players=4, hand_size=5),
]


def _replay(game: Game, trace: list) -> None:
    for step in trace:
        legal = game.legal_actions()
        if step[0] == "play":
            _, t, end, touch = step
            match = [
                a
                for a in legal
                if isinstance(a, Play) and a.tile == t and a.end == end and a.touch == touch
            ]
            assert match, f"{step} not legal in the engine: {legal}"
            game.apply(match[0])
        else:
            kinds = [type(a).__name__.lower() for a in legal]
            assert step[0] in kinds, f"{step} not legal in the engine: {legal}"
            game.apply(legal[kinds.index(step[0])])


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.name}-{r.players}p-d{r.set}")
def test_general_playout_agrees_with_game(rules) -> None:
    rng = random.Random(7)
    for _ in range(60):
        hands, bone = deal(rules, rng)
        seat = rng.randrange(rules.players)
        game = Game.from_position(
            rules,
            [list(_bits(h)) for h in hands],
            boneyard=list(reversed(bone)),
            turn=seat,
        )
        tb = Table([], [], -1, 0, [0] * rules.sides)
        trace: list = []
        domino, last = general_playout(
            rules, hands, bone, tb, seat, 0, rng.random, greedy=0.6, trace=trace
        )
        _replay(game, trace)
        assert game.phase != "play", "the engine's hand goes on after the playout ended"
        res = game.result
        assert res is not None
        assert list(res.hands) == hands
        assert res.fives == tuple(tb.fives)
        before = Scores(tuple(tb.fives), (0,) * rules.sides, 0)
        mine = score_hand(rules, domino, hands, game.first_tile, last, before, tb.fives)
        assert mine.points == res.points and mine.after == res.after


@pytest.mark.parametrize("rules", RULES[:2], ids=lambda r: r.name)
def test_table_of_a_view_matches_the_game(rules) -> None:
    """Mid-hand, the table read from a seat's view continues exactly as the game does."""
    rng = random.Random(3)
    for _ in range(40):
        game = Game.new(rules, rng.randrange(10**6))
        for _ in range(rng.randrange(2, 12)):
            if game.phase != "play":
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.phase != "play":
            continue
        view = seat_view(game, game.turn)
        tb = table_of(view)
        assert tb.ends == list(game.ends) and tb.end_tiles == list(game.end_tiles)
        assert tb.fives == list(game.hand_fives)
        hands = list(game.hands)
        bone = list(game.boneyard)
        trace: list = []
        general_playout(rules, hands, bone, tb, game.turn, game.passes, rng.random, trace=trace)
        _replay(game, trace)
        assert game.phase != "play" and list(game.result.hands) == hands


def _bits(m: int):
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low
