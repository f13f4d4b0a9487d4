"""CPU players: legality on every preset and option, reproducibility, information hiding, hint.

No test here asserts a win rate: strength is measured by benchmarks/ai_ladder.py.
"""

from __future__ import annotations

import dataclasses
import gc
import itertools

import pytest

from dominoes_tui.ai import (
    LEVELS,
    ExpertPlayer,
    GreedyPlayer,
    Player,
    WeightedPlayer,
    hint,
    make_player,
)
from dominoes_tui.engine import (
    HAND_OVER,
    MATCH_OVER,
    Draw,
    Game,
    NextHand,
    Pass,
    Play,
    PlayDoubles,
    Scores,
    SeatView,
    load_variant,
    load_variants,
    new_game,
    seat_view,
    tiles,
)

T = tiles.parse
# The line games; the CPU levels learn Mexican Train and Chicken Foot in their own issue.
VARIANTS = {n: r for n, r in load_variants().items() if not r.is_rounds}


def small(level: str, seed: int):
    """A player of ``level`` with a test-sized budget (Expert searches little)."""
    if level == "expert":
        return ExpertPlayer(seed, playouts=40, time_cap=None)
    return make_player(level, seed)


def play_out(rules, levels, seed, max_hands=2, check=True):
    """Play up to ``max_hands`` hands; every chosen action must be in the view's legal list."""
    game = new_game(rules, seed)
    players = [small(levels[s % len(levels)], seed * 10 + s) for s in range(rules.players)]
    actions = []
    hands = 0
    steps = 0
    while game.phase != MATCH_OVER and steps < 5000:
        steps += 1
        if game.phase == HAND_OVER:
            hands += 1
            if hands >= max_hands:
                break
            game.apply(NextHand())
            continue
        seat = game.turn
        view = seat_view(game, seat)
        action = players[seat].choose(view)
        if check:
            assert action in view.legal, (rules.name, seat, action, view.legal)
        actions.append(action)
        game.apply(action)
    assert steps < 5000
    return actions, game


def option_rules():
    """Every variant, and every variant with each of its options set (one at a time)."""
    for name, rules in VARIANTS.items():
        yield pytest.param(rules, id=name)
        for key, values in rules.options.items():
            if key in ("clock_minutes", "turn_seconds"):
                continue  # the clock belongs to the table, not to the CPU's choice
            for v in values:
                if getattr(rules, key) == v:
                    continue
                try:
                    r = rules.replace(**{key: v})
                except ValueError:
                    continue
                yield pytest.param(r, id=f"{name}-{key}={v}")


@pytest.mark.parametrize("rules", list(option_rules()))
def test_every_level_plays_only_legal_actions(rules):
    """Every level, on every preset and option: the chosen action is always legal."""
    for i, pair in enumerate([("easy", "expert"), ("medium", "hard"), ("expert", "hard")]):
        play_out(rules, pair, seed=3 + i)


def test_special_moves_are_considered():
    """The two-doubles move and drawing by choice (any_time) reach every level's choice."""
    rules = load_variant("classic").replace(two_doubles=True)
    g = Game.from_position(rules, [["3-3", "5-5", "6-1"], ["2-0", "4-1"]], line=["3-5"], turn=0)
    view = seat_view(g, 0)
    assert PlayDoubles(T("3-3"), T("5-5")) in view.legal
    for level in LEVELS:
        assert small(level, 1).choose(view) in view.legal
    # Two doubles shed the most pips: Medium takes them.
    assert GreedyPlayer(1).choose(view) == PlayDoubles(T("3-3"), T("5-5"))

    any_time = load_variant("double-first")
    g = Game.from_position(any_time, [["3-1", "6-6"], ["2-0", "4-1"]], line=["3-5"], turn=0)
    view = seat_view(g, 0)
    assert Draw() in view.legal
    for level in LEVELS:
        assert small(level, 2).choose(view) in view.legal
    # Hard never draws by choice while it can play.
    assert WeightedPlayer(1).choose(view) != Draw()


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_match(level):
    """A player is reproducible from its seed: the same match twice, action for action."""
    rules = load_variant("classic")
    first, _ = play_out(rules, (level, "medium"), seed=11, max_hands=2)
    second, _ = play_out(rules, (level, "medium"), seed=11, max_hands=2)
    assert first == second


def test_expert_default_is_reproducible_too():
    """Expert at its default setting: same seed, same view, same choice and values."""
    g = new_game(load_variant("pub-draw"), 5)
    view = seat_view(g, g.turn)
    a, b = ExpertPlayer(9, time_cap=None), ExpertPlayer(9, time_cap=None)
    assert a.choose(view) == b.choose(view)
    assert a.last_values == b.last_values


@pytest.mark.parametrize("level", LEVELS)
def test_names_show_the_level(level):
    p = make_player(level, 1)
    assert isinstance(p, Player)
    assert p.level == level
    assert level.capitalize() in p.name and p.name.startswith("CPU")


def test_unknown_level_is_an_error_that_lists_the_levels():
    with pytest.raises(ValueError, match="expert"):
        make_player("grandmaster")


# ---------------------------------------------------------------- information hiding


def _reachable(root, depth=6):
    """Every object reachable from ``root`` through references (bounded)."""
    seen = {id(root): root}
    frontier = [root]
    for _ in range(depth):
        nxt = []
        for obj in frontier:
            for ref in gc.get_referents(obj):
                if isinstance(ref, type) or id(ref) in seen:
                    continue
                seen[id(ref)] = ref
                nxt.append(ref)
        frontier = nxt
    return seen.values()


def test_a_cpu_receives_a_view_that_cannot_reach_the_game():
    """R-D-2: what a CPU receives holds no Game and no other seat's tiles."""
    game = new_game(load_variant("classic"), 4)
    game.apply(game.legal_actions()[0])
    seat = game.turn
    received = []

    class Spy:
        name, level = "spy", "spy"

        def choose(self, view):
            received.append(view)
            return ExpertPlayer(1, playouts=30).choose(view)

    Spy().choose(seat_view(game, seat))
    (view,) = received
    assert isinstance(view, SeatView)
    reached = list(_reachable(view))
    assert not any(isinstance(o, Game) for o in reached)
    other = 1 - seat
    assert not any(o is game.hands for o in reached)
    assert not any(o is game.boneyard for o in reached)
    # The fields hold counts for the others, never their tiles.
    values = [getattr(view, f.name) for f in dataclasses.fields(view)]
    assert game.hands[other] not in [v for v in values if isinstance(v, int)]
    assert view.revealed is None


def test_hidden_tiles_do_not_change_any_choice():
    """Two games that differ only in hidden tiles give the same view, so the same choices."""
    rules = load_variant("pub-draw")
    me = ["6-6", "6-1", "5-3", "2-2", "4-0"]
    line = ["6-5", "5-4"]
    ga = Game.from_position(rules, [me, ["1-1", "3-0", "6-2", "5-5", "0-0", "4-4"]], line=line)
    gb = Game.from_position(rules, [me, ["6-3", "2-0", "1-0", "3-3", "5-0", "4-2"]], line=line)
    assert ga.hands[1] != gb.hands[1]
    va, vb = seat_view(ga, 0), seat_view(gb, 0)
    assert va == vb
    for level in LEVELS:
        assert small(level, 7).choose(va) == small(level, 7).choose(vb)
    assert hint(va, seed=1, playouts=60) == hint(vb, seed=1, playouts=60)


# ---------------------------------------------------------------- hint


def test_hint_is_experts_choice_with_one_line_of_why():
    rules = load_variant("classic")
    g = Game.from_position(
        rules,
        [["6-6", "6-3", "1-0", "2-1"], ["4-4", "5-5", "5-4", "2-0"]],
        line=["3-6"],
        turn=0,
    )
    view = seat_view(g, 0)
    action, why = hint(view, seed=3, playouts=200)
    assert action in view.legal
    assert action == ExpertPlayer(3, playouts=200).choose(view)
    assert why.startswith(tiles.name(action.tile))
    assert "\n" not in why and len(why) < 160


def test_hint_names_a_void_the_opponent_showed():
    """They drew on a 3: the hint says so when it plays to the 3."""
    rules = load_variant("pub-draw")
    g = Game.from_position(
        rules,
        [["3-1", "6-6", "1-1"], ["5-5", "5-4", "6-5", "6-4"]],
        boneyard=["6-0", "0-0", "2-2", "4-4"],
        line=["3-3"],
        turn=1,
    )
    g.apply(Draw())  # 6-0 does not fit 3: they lack a 3 ...
    g.apply(Draw())  # ... and 0-0 does not either
    g.apply(Draw())
    g.apply(Draw())
    g.apply(Pass())
    view = seat_view(g, 0)
    action, why = hint(view, seed=1, playouts=200)
    assert action in view.legal
    assert "no 3" in why or "cannot follow" in why, why


def test_hint_for_a_forced_move():
    rules = load_variant("pub-draw")
    g = Game.from_position(rules, [["6-6", "5-5"], ["1-0"]], boneyard=["4-4"], line=["2-1"])
    view = seat_view(g, 0)
    assert hint(view) == (Draw(), "draw: nothing fits")


def test_hint_when_it_is_not_your_turn():
    g = new_game(load_variant("classic"), 1)
    other = 1 - g.turn
    with pytest.raises(ValueError):
        hint(seat_view(g, other))


# ---------------------------------------------------------------- levels' character


def test_medium_plays_the_heaviest_tile_doubles_first():
    rules = load_variant("pub-draw")
    g = Game.from_position(rules, [["6-1", "4-3", "1-0"], ["2-2"]], line=["1-3"], turn=0)
    assert GreedyPlayer(0).choose(seat_view(g, 0)).tile in (T("6-1"), T("4-3"))
    g = Game.from_position(rules, [["4-4", "5-3", "1-0"], ["2-2"]], line=["4-3"], turn=0)
    assert GreedyPlayer(0).choose(seat_view(g, 0)).tile == T("4-4")


def test_expert_takes_the_winning_domino():
    rules = load_variant("pub-draw")
    g = Game.from_position(rules, [["6-5"], ["1-1", "2-2"]], line=["5-3"], turn=0)
    view = seat_view(g, 0)
    assert ExpertPlayer(0, playouts=30).choose(view) == Play(T("6-5"), 0)


def test_expert_values_the_match_not_only_pips():
    """Near the target, Expert's values are chances to win the match, in [0, 1]."""
    rules = load_variant("classic")
    g = Game.from_position(
        rules,
        [["6-6", "6-3", "1-0", "2-1"], ["4-4", "5-5", "5-4", "2-0"]],
        line=["3-6"],
        turn=0,
        scores=Scores((95, 20), (0, 0), 0),
    )
    p = ExpertPlayer(2, playouts=100)
    p.choose(seat_view(g, 0))
    assert p.last_values and all(-0.1 <= v <= 1.1 for v in p.last_values.values())


@pytest.mark.parametrize("a,b", itertools.combinations(["easy", "medium", "hard"], 2))
def test_partners_and_three_players_are_playable(a, b):
    for name, extra in (("goat", {}), ("standard-draw", {"players": 3, "hand_size": 5})):
        rules = VARIANTS[name].replace(**extra) if extra else VARIANTS[name]
        play_out(rules, (a, "expert", b), seed=2, max_hands=1)


def test_expert_thinks_within_its_budget():
    """The budget, not the clock, ends Expert's search: deals are bounded, the cap unused."""
    from dominoes_tui.ai.expert import DEFAULT_PLAYOUTS, MAX_DEALS, MIN_DEALS

    g = new_game(load_variant("classic"), 8)
    g.apply(g.legal_actions()[0])
    view = seat_view(g, g.turn)
    p = ExpertPlayer(1, playouts=200)
    p.choose(view)
    if len(view.legal) > 1:
        assert MIN_DEALS <= p.last_deals <= MAX_DEALS
    assert p.capped == 0
    assert ExpertPlayer(1).playouts == DEFAULT_PLAYOUTS
