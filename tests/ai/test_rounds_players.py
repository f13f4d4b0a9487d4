"""CPU opponents for Mexican Train and Chicken Foot (issue 15): every level plays whole
matches legally from the seat's view, Hard infers what a seat lacks from its draws and
passes, Expert sees only the view, the hint and the review read these games, and the
arena plays them with 3 to 8 seats.

No test here asserts a win rate: strength is measured by benchmarks/rounds_bars.py.
"""

from __future__ import annotations

import json
import os
import random

import pytest
from typer.testing import CliRunner

from dominoes_tui import arena
from dominoes_tui.ai import LEVELS, ExpertPlayer, describe_action, hint, make_player, rounds
from dominoes_tui.ai import review as rv
from dominoes_tui.ai.hard import evaluate
from dominoes_tui.ai.knowledge import sample_world
from dominoes_tui.cli import app
from dominoes_tui.engine import (
    MATCH_OVER,
    ChickenFootGame,
    Draw,
    Game,
    Pass,
    Play,
    Stop,
    TrainsGame,
    determinize,
    fast,
    load_variant,
    new_game,
    seat_view,
    tiles,
)
from dominoes_tui.table.words import review as rw

T = tiles.parse
GAMES = ("mexican-train", "chicken-foot")


def small(level: str, seed: int):
    """A player of ``level`` with a test-sized budget (Expert searches little)."""
    if level == "expert":
        return ExpertPlayer(seed, playouts=40, time_cap=None)
    return make_player(level, seed)


def play_match(rules, levels, seed, max_steps=20_000):
    """Play a whole match; every action a CPU chooses must be one of its view's legal ones."""
    game = new_game(rules, seed)
    players = [small(levels[s % len(levels)], seed * 10 + s) for s in range(rules.players)]
    steps = 0
    while game.phase != MATCH_OVER:
        steps += 1
        assert steps < max_steps, "the match does not end"
        if game.phase == "hand_over":
            game.apply(game.legal_actions()[0])
            continue
        view = seat_view(game, game.turn)
        action = players[game.turn].choose(view)
        assert action in view.legal, (levels, action, view.legal)
        game.apply(action)
        assert game.invariant_errors() == []
    return game


# ---------------------------------------------------------------- every level plays
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_matches_legally(name, level):
    """R-TR-1…8, R-CF-1…6 from the CPU's side: a whole match, every round, only legal moves."""
    rules = load_variant(name).replace(set=6 if name == "chicken-foot" else 9, players=3)
    if name == "mexican-train":
        rules = rules.replace(rounds=4)
    game = play_match(rules, [level, "medium", "hard"], seed=3)
    assert len(game.results) == rules.round_count
    assert game.match_result is not None and game.match_result.winners


CPU_FUZZ_MATCHES = int(os.environ.get("FUZZ_CPU_ROUNDS", "6"))


@pytest.mark.parametrize("name", GAMES)
def test_a_fuzz_of_cpu_rounds_at_every_level(name):
    """Random seats (2-8), sets, first-turn runs and levels: every CPU move is legal.
    ``FUZZ_CPU_ROUNDS=200`` plays more matches than the default."""
    base = load_variant(name)
    rng = random.Random(15)
    for i in range(CPU_FUZZ_MATCHES):
        changes = {"players": rng.randint(2, 8), "set": rng.choice(base.options["set"])}
        changes["rounds"] = rng.randint(1, 2)
        if name == "mexican-train":
            changes["first_turn_run"] = rng.random() < 0.5
        rules = base.replace(**changes)
        levels = [rng.choice(LEVELS) for _ in range(rules.players)]
        play_match(rules, levels, seed=i)


def test_a_first_turn_run_is_laid_and_stopped_by_the_cpu():
    """R-TR-8: with the first-turn run on, each level may lay a run and stop it."""
    rules = load_variant("mexican-train").replace(first_turn_run=True, players=4, rounds=1)
    stops = 0
    for level in LEVELS:
        for seed in range(3):
            g = new_game(rules, seed)
            players = [small(level, seed * 4 + s) for s in range(4)]
            while g.phase == "play":
                view = seat_view(g, g.turn)
                a = players[g.turn].choose(view)
                assert a in view.legal
                stops += isinstance(a, Stop)
                g.apply(a)
    assert stops  # Easy stops at random; the others lay the run while a tile fits


# ---------------------------------------------------------------- Medium
def test_medium_sheds_the_heaviest_tile_and_plays_a_double_it_can_follow():
    rules = load_variant("mexican-train").replace(players=2)
    g = TrainsGame.from_position(
        rules,
        [["12-3", "12-1", "11-11", "11-0", "3-2"], ["1-1", "2-2", "4-4"]],
        trains=[["12-11"], ["12-5"]],
        turn=0,
    )
    view = seat_view(g, 0)
    # 11-11 on its own train (11 showing), then 11-0 follows it: two tiles this turn
    assert make_player("medium", 1).choose(view) == Play(T("11-11"), 0)
    g2 = TrainsGame.from_position(
        rules,
        [["12-3", "12-1", "11-11", "5-2"], ["1-1", "2-2", "4-4"]],
        trains=[["12-11"], ["12-5"]],
        turn=0,
    )
    # no tile to follow 11-11: the heaviest other tile, on its own train on a tie
    assert make_player("medium", 1).choose(seat_view(g2, 0)) == Play(T("12-3"), 2)


# ---------------------------------------------------------------- inference and Hard
def test_a_seat_that_drew_and_passed_on_a_7_holds_no_7():
    """R-TR-3: a seat draws only when nothing fits, and passes when the tile drawn does not:
    it showed it holds no tile for the numbers open to it. Hard leaves it a 7."""
    rules = load_variant("mexican-train").replace(players=2)
    g = TrainsGame.from_position(
        rules,
        [["7-7", "9-8", "3-2"], ["6-5", "5-4", "4-0", "10-10"]],
        boneyard=["1-0", "2-1", "11-3", "12-4"],
        trains=[["12-8"], ["12-7"], ["12-10", "10-7"]],
        turn=1,
    )
    assert g.legal_actions() == [Draw()]
    g.apply(Draw())  # seat 1 holds no 7 (its train and the Mexican train show 7)
    assert g.legal_actions() == [Pass()]
    g.apply(Pass())
    view = seat_view(g, 0)
    know = rounds.infer(view)
    assert know.cannot_hold(1, tiles.SUIT_MASK[7])
    assert 7 in know.voids(1)
    # 9-8 on its own train leaves its 7s for nobody; 7-7 on seat 1's open train (a marker)
    # would be a double the next player showed it cannot satisfy.
    score, why = evaluate(view, know, Play(T("7-7"), 1))
    assert any("cannot satisfy" in w for w in why)
    for world in (sample_world(know, view.hand_counts, random.Random(s)) for s in range(20)):
        assert not world[0][1] & tiles.SUIT_MASK[7]  # Expert's deals honour it too


def test_a_draw_before_the_centre_tells_who_holds_no_round_double():
    """R-CF-1: nobody played the round double first, so nobody was dealt it."""
    rules = load_variant("chicken-foot").replace(players=3)
    for seed in range(200):
        g = new_game(rules, seed)
        if g.legal_actions() == [Draw()]:
            break
    g.apply(Draw())
    if g.legal_actions() == [Pass()]:
        g.apply(Pass())
    seat = g.turn
    view = seat_view(g, seat)
    know = rounds.infer(view)
    d = tiles.BIT[view.board.round_double]
    for s in range(rules.players):
        if s != seat and not (view.board.drew and s == view.turn):
            assert know.cannot_hold(s, d)


def test_hard_keeps_the_train_it_can_lay_and_sheds_what_that_train_does_not_need():
    """Hard lays 12-6 on its own train (6-4 and 4-1 follow it there), not on the Mexican
    train; 9-2, which that train does not need, is a tile to shed on a public train."""
    rules = load_variant("mexican-train").replace(players=2)
    g = TrainsGame.from_position(
        rules,
        [["12-6", "6-4", "4-1", "9-2"], ["1-1", "2-2", "3-3"]],
        trains=[[], [], []],
        turn=0,
    )
    view = seat_view(g, 0)
    know = rounds.infer(view)
    own, public = Play(T("12-6"), 0), Play(T("12-6"), 2)
    assert {own, public} == set(view.legal)
    assert make_player("hard", 1).choose(view) == own
    assert evaluate(view, know, own)[0] > evaluate(view, know, public)[0]
    assert (
        "takes a tile from the train you could lay on your own" in evaluate(view, know, public)[1]
    )
    g2 = TrainsGame.from_position(
        rules,
        [["12-6", "6-4", "4-1", "9-2"], ["1-1", "2-2", "3-3"]],
        trains=[[], [], ["12-9"]],
        turn=0,
    )
    v2 = seat_view(g2, 0)
    why = evaluate(v2, rounds.infer(v2), Play(T("9-2"), 2))[1]
    assert "sheds a tile your own train does not need" in why


def test_hard_takes_the_marker_off_its_own_train():
    rules = load_variant("mexican-train").replace(players=2)
    g = TrainsGame.from_position(
        rules,
        [["8-5", "9-3", "3-1"], ["1-1", "2-2", "4-4"]],
        trains=[["12-8"], [], ["12-9"]],
        markers=[0],
        turn=0,
    )
    view = seat_view(g, 0)
    a = make_player("hard", 1).choose(view)
    assert a.end == 0
    assert "takes the marker off your train" in evaluate(view, rounds.infer(view), a)[1]


def test_hard_in_chicken_foot_leaves_a_number_the_next_seat_showed_it_lacks():
    """R-CF-4: seat 1 drew and passed with 8, 7, 6 and 5 open, so it holds none of them;
    Hard lays 5-4 to leave a 5 rather than a 4 (the same tile elsewhere) or a 3."""
    rules = load_variant("chicken-foot").replace(players=3)
    g = ChickenFootGame.from_position(
        rules,
        [["5-4", "7-3", "2-2"], ["4-4", "2-1", "0-0"], ["8-4", "1-1", "3-0"]],
        boneyard=["1-0", "6-0", "3-2"],
        arms=[["9-8"], ["9-7"], ["9-6"], ["9-5"]],
        turn=1,
    )
    g.apply(Draw())
    g.apply(Pass())  # the 1-0 drawn fits nowhere
    g.apply(Play(T("8-4"), 0))
    view = seat_view(g, 0)
    assert set(view.legal) == {Play(T("5-4"), 0), Play(T("5-4"), 3), Play(T("7-3"), 1)}
    know = rounds.infer(view)
    assert 5 in know.voids(1)
    assert make_player("hard", 1).choose(view) == Play(T("5-4"), 0)
    why = evaluate(view, know, Play(T("5-4"), 0))[1]
    assert why[0] == "leaves a 5, which the next player showed they lack"


# ---------------------------------------------------------------- Expert
def _mid_round(name: str, seed: int, moves: int, players: int = 4) -> Game:
    rules = load_variant(name).replace(players=players, rounds=1)
    g = new_game(rules, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.phase != "play":
            break
        g.apply(rng.choice(g.legal_actions()))
    while g.phase == "play" and not rv.is_decision(seat_view(g, g.turn)):
        g.apply(g.legal_actions()[0])
    assert g.phase == "play"
    return g


@pytest.mark.parametrize("name", GAMES)
def test_expert_sees_only_the_view(name):
    """The same choice when the hidden tiles are re-dealt consistently with the view."""
    for seed in range(3):
        g = _mid_round(name, seed, 12)
        seat = g.turn
        view = seat_view(g, seat)
        know = rounds.infer(view)
        hands, bone = sample_world(know, view.hand_counts, random.Random(seed + 99))
        hands[seat] = view.hand
        other = determinize(view, hands, bone)
        assert other.hands != g.hands or other.boneyard != g.boneyard
        assert seat_view(other, seat) == view
        a = ExpertPlayer(5, playouts=200, time_cap=None).choose(view)
        b = ExpertPlayer(5, playouts=200, time_cap=None).choose(seat_view(other, seat))
        assert a == b


@pytest.mark.parametrize("name", GAMES)
def test_expert_is_repeatable_and_values_every_legal_move(name):
    g = _mid_round(name, 4, 10)
    view = seat_view(g, g.turn)
    p = ExpertPlayer(9, playouts=200, time_cap=None)
    a = p.choose(view)
    assert a == ExpertPlayer(9, playouts=200, time_cap=None).choose(view)
    assert set(p.last_values) == set(view.legal) and p.last_deals >= rounds.MIN_DEALS
    assert all(0.0 <= c <= 1.0 for c in p.last_chances.values())
    assert max(view.legal, key=p.last_values.__getitem__) == a


@pytest.mark.parametrize("name", GAMES)
def test_the_rounds_search_returns_its_values_and_expert_keeps_them(name):
    """``rounds.expert_values`` reads the view and a seeded generator and returns what it
    found; Expert in a game of rounds keeps that result as its last values."""
    g = _mid_round(name, 6, 10)
    view = seat_view(g, g.turn)
    found = rounds.expert_values(view, random.Random(3), playouts=200)
    again = rounds.expert_values(view, random.Random(3), playouts=200)
    assert found == again and not found.capped
    assert set(found.values) == set(found.chances) == set(view.legal)
    assert found.deals >= rounds.MIN_DEALS
    p = ExpertPlayer(3, playouts=200, time_cap=None)
    p.evaluate(view)
    assert (p.last_values, p.last_chances, p.last_deals) == (
        found.values,
        found.chances,
        found.deals,
    )


def test_expert_goes_out_when_it_can():
    """R-TR-5, R-TR-6: a seat that lays its last tile ends the round with nothing to count,
    the lowest total of a one-round match: Expert values it a sure win."""
    rules = load_variant("mexican-train").replace(players=3, rounds=1)
    g = TrainsGame.from_position(
        rules,
        [["12-5"], ["1-1", "2-2", "4-4"], ["3-3", "6-6", "7-7"]],
        trains=[["12-9", "9-5"], ["12-4"], ["12-8"]],
        markers=[1],
        turn=0,
    )
    view = seat_view(g, 0)
    assert set(view.legal) == {Play(T("12-5"), 0), Play(T("12-5"), 3)}
    p = ExpertPlayer(1, playouts=60, time_cap=None)
    a = p.choose(view)
    assert a in view.legal and set(p.last_chances.values()) == {1.0}
    g.apply(a)
    assert g.phase == MATCH_OVER and g.results[-1].counted[0] == 0


def test_the_chance_of_the_lowest_total():
    """R-TR-6: the lowest total wins, ties share; with rounds to come, a normal spread."""
    assert rounds.lowest_chance((10, 20, 30), 0, 0) == 1.0
    assert rounds.lowest_chance((10, 10, 30), 1, 0) == 0.5
    assert rounds.lowest_chance((40, 10, 30), 0, 0) == 0.0
    assert rounds.lowest_chance((10, 10, 10, 10), 2, 25.0) == pytest.approx(0.25, abs=0.01)
    ahead = rounds.lowest_chance((10, 40, 40), 0, 20.0)
    assert 0.5 < ahead < rounds.lowest_chance((10, 40, 40), 0, 5.0) <= 1.0


# ---------------------------------------------------------------- the Positions
@pytest.mark.parametrize("name", GAMES)
def test_experts_search_asks_the_engine_for_the_layouts_position(name):
    """The search plays the layout's Position (engine.fast.LAYOUTS), never its own rules."""
    g = _mid_round(name, 2, 8)
    view = seat_view(g, g.turn)
    p = fast.position(view)
    assert type(p) is fast.LAYOUTS[view.rules.layout]
    assert p.moves() == list(view.legal)


# ---------------------------------------------------------------- words: hint, review
@pytest.mark.parametrize("name", GAMES)
def test_the_hint_names_the_place_and_why(name):
    g = _mid_round(name, 1, 14)
    view = seat_view(g, g.turn)
    action, why = hint(view, seed=2, playouts=100)
    assert action in view.legal
    assert action == ExpertPlayer(2, playouts=100).choose(view)
    assert why.startswith(describe_action(action, view))
    assert "R-" not in why and "\n" not in why and len(why) < 200
    assert "to end the match lowest" in why


def test_the_hint_for_forced_moves():
    rules = load_variant("mexican-train").replace(players=2)
    g = TrainsGame.from_position(
        rules,
        [["3-2", "4-1"], ["6-5", "5-4"]],
        boneyard=["1-0", "2-1", "11-3", "12-0"],
        trains=[["12-8"], ["12-7"], ["12-10", "10-7"]],
        turn=0,
    )
    view = seat_view(g, 0)
    assert hint(view) == (Draw(), "draw: no tile of yours fits a place open to you")
    g.apply(Draw())  # 1-0 drawn (the boneyard is in draw order): it fits nowhere
    action, why = hint(seat_view(g, 0))
    assert action == Pass() and "1-0 you drew" in why


def test_moves_in_words():
    rules = load_variant("mexican-train").replace(players=3)
    g = TrainsGame.from_position(rules, [["12-5"], ["1-1"], ["3-3"]], turn=0)
    view = seat_view(g, 0)
    assert describe_action(Play(T("12-5"), 0), view) == "12-5 on your train"
    assert describe_action(Play(T("12-5"), 3), view) == "12-5 on the Mexican train"
    assert describe_action(Play(T("12-5"), 1), view) == "12-5 on player 2's train"
    cf = new_game(load_variant("chicken-foot"), 1)
    v = seat_view(cf, cf.turn)
    if v.legal[0] != Draw():
        assert describe_action(v.legal[0], v) == f"{tiles.name(v.legal[0].tile)} in the centre"
    assert describe_action(Stop(), view) == "stop the run"


@pytest.mark.parametrize("name", GAMES)
def test_the_review_judges_these_games(name):
    rules = load_variant(name).replace(players=3, rounds=2)
    g = play_match(rules, ["medium", "hard", "easy"], seed=4)
    review = rv.review_game(
        g, 0, budget=rv.Budget(deals=20, general_deals=12, rounds=1, max_rounds=1)
    )
    assert review.judgements
    for j in review.judgements:
        assert 0 <= j.win_played <= j.win_best <= 1
        assert rw.played_words(j) and "R-" not in rw.why_words(j)
    text = "\n".join(rw.report_lines(review))
    assert "the match" in text  # two rounds: the chance to win the match


# ---------------------------------------------------------------- the arena
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [3, 8])
def test_the_arena_plays_3_to_8_seats_and_shares_the_lowest_total(name, players):
    """R-TR-6: the lowest total wins, ties share; a and b in seats 0 and 1, the rest others."""
    rules = load_variant(name).replace(players=players, rounds=1)
    res = arena.run(rules, "hard", "medium", 4, seed=2, others="easy")
    assert res["matches"] == 4 and res["players"] == players
    assert res["seats"] == ["hard", "medium"] + ["easy"] * (players - 2)
    assert res["lowest_total"] and res["fair_share"] == round(1 / players, 4)
    assert 0 <= res["a_win_rate"] + res["b_win_rate"] <= 1
    assert res["rounds"] == 1 and res["detail"]["hands"] == 4
    text = "\n".join(arena.report_lines(res))
    assert "lowest total" in text and "fair share" in text


def test_a_match_record_shares_a_tie():
    rules = load_variant("chicken-foot").replace(players=3, rounds=1)
    shares = []
    for deal in range(30):
        rec = arena.play_match(rules, "medium", "medium", 1, deal, 0, "medium")
        assert rec.a_score in (0.0, 1.0, 0.5, 1 / 3)
        shares.append(rec.a_score + rec.b_score)
    assert all(s <= 1.0 for s in shares)


def test_the_cli_arena_plays_mexican_train_with_its_options():
    res = CliRunner().invoke(
        app,
        ["arena", "-v", "mexican-train", "--a", "hard", "--b", "medium", "-n", "2", "-j", "1"]
        + ["-o", "rounds=1", "-o", "players=5", "--json"],
    )
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["variant"] == "mexican-train" and out["players"] == 5 and out["rounds"] == 1
    assert set(arena.ROUNDS_KEYS) <= set(out)


# ---------------------------------------------------------------- Expert's sampled worlds
def _obliged(name: str, want: str, tries: int = 400) -> list[Game]:
    """Positions at a seat's turn with an obligation under way: a double to satisfy
    (Mexican Train) or a foot to fill (Chicken Foot), or a train with a marker."""
    out = []
    for seed in range(tries):
        rng = random.Random(seed)
        rules = load_variant(name).replace(players=rng.randint(3, 8), rounds=1)
        g = new_game(rules, seed)
        for _ in range(rng.randrange(10, 120)):
            if g.phase != "play":
                break
            g.apply(rng.choice(g.legal_actions()))
            if g.phase != "play":
                break
            if want == "pending" and getattr(g, "pending", None) is not None:
                out.append(g.copy())
                break
            if want == "filling" and g.centre is not None and g.filling:
                out.append(g.copy())
                break
            if want == "marker" and g.markers & ~(1 << g.turn) and g.pending is None:
                out.append(g.copy())
                break
        if len(out) >= 12:
            break
    assert len(out) >= 6, f"too few {want} positions"
    return out


@pytest.mark.parametrize(
    ("name", "want"),
    [("mexican-train", "pending"), ("mexican-train", "marker"), ("chicken-foot", "filling")],
)
def test_experts_sampled_worlds_keep_markers_and_obligations(name, want):
    """R-TR-3, R-TR-4 (markers; a double satisfied before anything else), R-CF-2, R-CF-3
    (a double's toes filled first): in every world Expert deals for the hidden tiles, the
    search's position offers exactly the moves the game would allow there, and each of
    its playouts, traced, replays move by move as legal in that game."""
    for k, g in enumerate(_obliged(name, want)):
        seat = g.turn
        view = seat_view(g, seat)
        know = rounds.infer(view)
        root = fast.position(view)
        rng = random.Random(k)
        for _ in range(4):
            hands, bone = sample_world(know, view.hand_counts, rng)
            hands[seat] = view.hand
            world = determinize(view, hands, bone)
            assert seat_view(world, seat) == view
            for s in range(len(hands)):  # the voids inferred from draws and passes hold
                assert not hands[s] & ~know.possible(s) or s == seat
            p = root.copy(hands, bone)
            assert p.moves() == world.legal_actions() == list(view.legal)
            for a in view.legal:
                q, w = p.copy(), world.copy()
                q.apply(a)
                w.apply(a)
                trace: list = []
                q.playout(rng.random, greedy=0.75, trace=trace)
                for step in trace:
                    b = Play(step[1], step[2]) if step[0] == "play" else None
                    b = b or {"draw": Draw(), "pass": Pass(), "stop": Stop()}[step[0]]
                    assert b in w.legal_actions(), (want, b, w.legal_actions())
                    w.apply(b)
                assert w.phase != "play" and w.hands == q.hands
        if want == "pending":  # only the double's train takes a tile
            assert {a.end for a in view.legal if isinstance(a, Play)} <= {g.pending}
        if want == "marker":  # its own train, the Mexican train and the trains with a marker
            ends = {a.end for a in view.legal if isinstance(a, Play)}
            players = g.rules.players
            assert ends <= {seat, players} | {s for s in range(players) if g.markers >> s & 1}
        a = ExpertPlayer(k, playouts=60, time_cap=None).choose(view)
        assert a in view.legal
