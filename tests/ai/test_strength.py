"""Issue 13: the pimc yardstick, Expert's exact endgame, and that both read only the seat's view.

No test asserts a win rate: strength is measured by benchmarks/ai_ladder.py and
benchmarks/expert_trials.py (results in benchmarks/RESULTS.md).
"""

from __future__ import annotations

import random

import pytest

from dominoes_tui.ai import (
    ARENA_LEVELS,
    LEVELS,
    ExpertPlayer,
    PimcPlayer,
    evaluate_actions,
    make_player,
)
from dominoes_tui.ai.endgame import Solver
from dominoes_tui.ai.knowledge import infer, sample_world
from dominoes_tui.engine import Game, fast, load_variant, new_game, seat_view

GAMES = [
    load_variant("standard-draw"),
    load_variant("classic"),
    load_variant("international"),
    load_variant("all-fives"),
    load_variant("matador"),
    load_variant("standard-block"),
]


def test_pimc_plays_in_the_arena_not_on_the_menus() -> None:
    assert "pimc" in ARENA_LEVELS and "pimc" not in LEVELS
    assert isinstance(make_player("pimc", 1), PimcPlayer)


def _positions(rules, n: int, seed: int):
    """Games in the middle of a hand with a real choice for the seat to move."""
    rng = random.Random(seed)
    out = []
    tries = 0
    while len(out) < n and tries < 200:
        tries += 1
        g = new_game(rules, rng.randrange(10**6))
        for _ in range(rng.randrange(1, 4 * rules.hand_size)):
            if g.phase != "play":
                break
            g.apply(rng.choice(g.legal_actions()))
        if g.phase == "play" and len(g.legal_actions()) > 1:
            out.append(g)
    return out


def _redeal(g: Game, seat: int, rng: random.Random) -> Game:
    """The hidden tiles dealt again consistently with ``seat``'s view (its inferred voids)."""
    view = seat_view(g, seat)
    hands, bone = sample_world(infer(view), view.hand_counts, rng)
    h = g.copy()
    for s in range(g.players):
        if s != seat:
            h.hands[s] = hands[s]
    h.boneyard = list(bone)
    assert h.invariant_errors() == []
    return h


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: r.name)
@pytest.mark.parametrize("level", ["expert", "pimc"])
def test_choices_depend_only_on_the_seats_view(rules, level) -> None:
    """The same choice and values when the hidden tiles are re-dealt consistently with the view."""
    rng = random.Random(9)
    for g in _positions(rules, 3, seed=len(rules.name)):
        seat = g.turn
        h = _redeal(g, seat, rng)
        v1, v2 = seat_view(g, seat), seat_view(h, seat)
        assert v1 == v2
        if level == "expert":
            p1 = ExpertPlayer(5, playouts=120, time_cap=None, endgame=12)
            p2 = ExpertPlayer(5, playouts=120, time_cap=None, endgame=12)
        else:
            p1, p2 = PimcPlayer(5, deals=20), PimcPlayer(5, deals=20)
        assert p1.choose(v1) == p2.choose(v2)
        assert p1.last_values == p2.last_values


def _minimax(p: fast.Position, side: int, leaf):
    if p.over:
        return leaf(p)
    vals = []
    for m in p.moves():
        q = p.copy()
        q.apply(m)
        vals.append(_minimax(q, side, leaf))
    pick = max if p.rules.side_of(p.turn) == side else min
    return pick(vals, key=lambda r: r[0])


@pytest.mark.parametrize(
    "rules",
    [
        load_variant("standard-block"),
        load_variant("international"),
        load_variant("all-fives").replace(drawing="none"),
        load_variant("matador"),
    ],
    ids=lambda r: r.name,
)
def test_endgame_alpha_beta_agrees_with_plain_minimax(rules) -> None:
    """The exact endgame search: alpha-beta gives each root move the minimax value."""
    rng = random.Random(4)
    checked = 0
    for _ in range(80):
        g = new_game(rules, rng.randrange(10**6))
        while g.phase == "play" and sum(h.bit_count() for h in g.hands) > 7:
            g.apply(rng.choice(g.legal_actions()))
        if g.phase != "play":
            continue
        view = seat_view(g, g.turn)
        root = fast.position(view, list(g.hands), list(g.boneyard))
        side = rules.side_of(g.turn)

        def leaf(p, side=side, scores=view.scores):
            res, gained = p.finish(scores)
            net = 2 * gained[side] - sum(gained)
            return float(net), float(net)

        acts = root.moves()
        got = Solver(side, leaf, budget=10**6).values(root, acts)
        for a, r in zip(acts, got):
            q = root.copy()
            q.apply(a)
            assert r[0] == _minimax(q, side, leaf)[0], a
        checked += 1
    assert checked >= 10


def test_expert_solves_the_endgame_exactly_once_the_deal_is_known() -> None:
    """Draw game, boneyard empty: the seat knows every hand, so its one deal is solved exactly
    and Expert's values are the alpha-beta values of the true position (no playout noise)."""
    rules = load_variant("standard-draw")
    rng = random.Random(6)
    checked = 0
    for _ in range(60):
        g = new_game(rules, rng.randrange(10**6))
        while g.phase == "play" and (g.boneyard or sum(h.bit_count() for h in g.hands) > 9):
            g.apply(rng.choice(g.legal_actions()))
        if g.phase != "play" or len(g.legal_actions()) < 2:
            continue
        view = seat_view(g, g.turn)
        expert = ExpertPlayer(1, time_cap=None, endgame=12)
        values = expert.evaluate(view)
        assert expert.last_solved == 1
        assert len({round(v, 6) for v in values.values()}) >= 1
        got = evaluate_actions(view, seed=1)
        assert set(got) == set(view.legal)
        checked += 1
        if checked >= 4:
            break
    assert checked >= 2


def test_evaluate_actions_is_repeatable_and_reads_only_the_view() -> None:
    rules = load_variant("classic")
    rng = random.Random(2)
    for g in _positions(rules, 2, seed=7):
        seat = g.turn
        view = seat_view(g, seat)
        a = evaluate_actions(view, seed=3, playouts=200)
        b = evaluate_actions(seat_view(_redeal(g, seat, rng), seat), seed=3, playouts=200)
        assert a == b
        assert set(a) == set(view.legal)
        assert all(0.0 <= v.win <= 1.0 for v in a.values())


def test_pimc_plays_whole_hands_legally() -> None:
    for rules in GAMES:
        g = new_game(rules, 3)
        players = [PimcPlayer(s, deals=10) for s in range(rules.players)]
        for _ in range(400):
            if g.phase != "play":
                break
            v = seat_view(g, g.turn)
            a = players[g.turn].choose(v)
            assert a in v.legal
            g.apply(a)
        assert g.phase != "play", rules.name


def test_the_play_model_finds_deals_less_likely_where_they_kept_a_heavier_tile() -> None:
    """Issue 13: a seat that played a light 3 when it might have held 6-3 more likely did not."""
    from dominoes_tui.ai.model import PlayModel
    from dominoes_tui.engine import Play, tiles

    T = tiles.parse
    rules = load_variant("block")
    g = Game.from_position(
        rules,
        [["5-5", "4-4", "2-2"], ["3-0", "1-1", "2-0"]],
        line=["3-3"],
        turn=1,
    )
    g.apply(Play(T("3-0"), 0))
    view = seat_view(g, 0)
    know = infer(view)
    model = PlayModel(view, know, beta=1.0)
    assert len(model.steps) == 1
    light = [T("1-1"), T("2-0")]
    heavy = [T("6-3"), T("2-0")]
    assert model.weight([[], heavy]) < 0.2 * model.weight([[], light])
    assert model.weight([[], light]) == 1.0  # 3-0 was its only 3: no choice, no evidence
