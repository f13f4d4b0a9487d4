"""Mexican Train (RULES.md §8, R-TR-1…8): every rule played through the engine's API.

Positions are set up with ``TrainsGame.from_position`` (the engine double of round 1 of
a double-12 set is 12-12: a train's first tile shows a 12); places are numbered seat k's
train = k, the Mexican train = players.
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import assert_view_hides_the_rest, play, variant

from dominoes_tui.engine import (
    HAND_OVER,
    MATCH_OVER,
    Draw,
    IllegalAction,
    NextHand,
    Pass,
    Play,
    Scores,
    Stop,
    TrainsGame,
    action_from_json,
    action_to_json,
    new_game,
    replay_game,
    seat_view,
    tiles,
)
from dominoes_tui.engine.trains import place_name

T = tiles.parse
MT = variant("mexican-train")
MEX = 4  # the Mexican train's place with 4 players


def pos(rules=MT, **kw) -> TrainsGame:
    kw.setdefault("boneyard", ())
    return TrainsGame.from_position(rules, **kw)


def hands4(*hs):
    """Four hands: the ones given, the rest padded with a harmless far-away tile each."""
    fill = ["1-0", "2-0", "3-0", "4-0"]
    out = [list(h) for h in hs]
    for i in range(len(out), 4):
        out.append([fill[i]])
    return out


def random_play(g, rng, until=None):
    while g.phase != MATCH_OVER and (until is None or not until(g)):
        g.apply(rng.choice(g.legal_actions()))
        assert g.invariant_errors() == []
    return g


# ------------------------------------------------------------------ R-TR-1
def test_R_TR_1_a_match_is_one_round_per_double_from_12_12_down_to_0_0():
    g = new_game(MT, seed=5)
    assert isinstance(g, TrainsGame) and g.rounds == 13
    engines = []
    rng = random.Random(5)
    while True:
        engines.append(tiles.name(g.engine))
        random_play(g, rng, until=lambda g: g.phase != "play")
        if g.phase == MATCH_OVER:
            break
        g.apply(NextHand())
    assert engines == [f"{n}-{n}" for n in range(12, -1, -1)]
    assert len(g.results) == 13 and g.match_result.reason == "rounds"
    assert g.scores.written == tuple(sum(r.points[s] for r in g.results) for s in range(4))


def test_R_TR_1_the_engine_stands_in_the_hub_before_the_deal():
    for seed in range(20):
        g = new_game(MT, seed)
        e = tiles.BIT[g.engine]
        assert g.engine == T("12-12")
        assert not any(h & e for h in g.hands) and g.engine not in g.boneyard
        assert sum(h.bit_count() for h in g.hands) + len(g.boneyard) == 90
        assert seat_view(g, 0).board.engine == g.engine


@pytest.mark.parametrize(
    "set_, players, each",
    [(12, 2, 15), (12, 3, 15), (12, 4, 15), (12, 5, 12), (12, 6, 12), (12, 7, 10), (12, 8, 10)]
    + [(9, 2, 10), (9, 3, 10), (9, 4, 10), (9, 5, 8), (9, 6, 8), (9, 7, 6), (9, 8, 6)],
)
def test_R_TR_1_tiles_dealt_follow_the_set_and_the_player_count(set_, players, each):
    rules = MT.replace(set=set_, players=players)
    g = new_game(rules, seed=players)
    assert [len(g.hand(s)) for s in range(players)] == [each] * players
    assert len(g.boneyard) == tiles.set_count(set_) - 1 - players * each == rules.boneyard_size


def test_R_TR_1_the_first_player_moves_one_seat_each_round():
    """Seat 0 begins round 1, then the seat after the previous round's first player."""
    for first_seat, want in ((None, [0, 1, 2, 3, 0]), (2, [2, 3, 0, 1, 2])):
        g = new_game(MT.replace(rounds=5), seed=9, first_seat=first_seat)
        got = []
        rng = random.Random(1)
        while True:
            got.append((g.opener, g.turn))
            random_play(g, rng, until=lambda g: g.phase != "play")
            if g.phase == MATCH_OVER:
                break
            g.apply(NextHand())
        assert got == [(s, s) for s in want]


# ------------------------------------------------------------------ R-TR-2
def test_R_TR_2_a_train_starts_with_a_tile_showing_the_engines_number():
    g = pos(hands=hands4(["12-5", "5-3"]))
    assert set(g.legal_actions()) == {Play(T("12-5"), 0), Play(T("12-5"), MEX)}
    with pytest.raises(IllegalAction, match="does not fit your train, which takes a 12"):
        g.apply(Play(T("5-3"), 0))


def test_R_TR_2_anyone_may_start_the_mexican_train_on_any_turn():
    g = pos(hands=hands4(["12-5", "9-9"], ["12-7", "7-7"]), trains=[["12-1"], ["12-2"]])
    play(g, Play(T("12-5"), MEX))
    assert [p.tile for p in g.trains[MEX]] == [T("12-5")] and g.train_ends[MEX] == 5
    assert g.turn == 1
    assert Play(T("12-7"), MEX) not in g.legal_actions()  # the Mexican train now takes a 5
    assert g.board().trains[MEX].owner is None and g.board().trains[MEX].public


# ------------------------------------------------------------------ R-TR-3
def test_R_TR_3_one_tile_on_your_own_train_the_mexican_train_or_an_open_train():
    g = pos(
        hands=hands4(["6-1", "6-2"], ["9-9"], ["9-8"], ["9-7"]),
        trains=[["12-6"], ["12-11", "11-6"], ["12-10", "10-6"], ["12-9", "9-6"], ["12-8", "8-6"]],
        markers=[2],
    )
    legal = set(g.legal_actions())
    # own train, seat 2's marked train and the Mexican train; not seats 1 and 3's
    assert legal == {Play(T(t), p) for t in ("6-1", "6-2") for p in (0, 2, MEX)}
    with pytest.raises(IllegalAction, match="player 2's train is closed"):
        g.apply(Play(T("6-1"), 1))
    play(g, Play(T("6-1"), 2))
    assert g.turn == 1 and g.hand(0) == [T("6-2")]  # one tile a turn


def test_R_TR_3_with_no_play_draw_one_tile_and_play_it_if_it_fits():
    g = pos(hands=hands4(["9-8", "9-7"]), boneyard=["12-4", "5-5"])
    assert g.legal_actions() == [Draw()]
    play(g, Draw())
    assert g.drawn == T("12-4") and g.turn == 0
    assert set(g.legal_actions()) == {Play(T("12-4"), 0), Play(T("12-4"), MEX)}
    with pytest.raises(IllegalAction, match="the 12-4 you drew fits: play it"):
        g.apply(Pass())
    with pytest.raises(IllegalAction, match="drawn already"):
        g.apply(Draw())
    play(g, Play(T("12-4"), 0))
    assert g.turn == 1 and g.drawn is None


def test_R_TR_3_a_drawn_tile_that_does_not_fit_is_kept_and_the_marker_goes_on():
    g = pos(hands=hands4(["9-8"], ["12-3"]), boneyard=["7-6"])
    play(g, Draw())
    assert g.legal_actions() == [Pass()]
    play(g, Pass())
    assert g.hand(0) == sorted([T("9-8"), T("7-6")]) and g.turn == 1
    assert g.markers == 1 and g.board().trains[0].marker
    assert Play(T("12-3"), 0) in g.legal_actions()  # seat 1 may now play on seat 0's train


def test_R_TR_3_you_may_not_draw_or_pass_while_a_tile_fits():
    g = pos(hands=hands4(["12-8", "9-9"]), boneyard=["7-6"])
    with pytest.raises(IllegalAction, match="fits, so you may not draw"):
        g.apply(Draw())
    with pytest.raises(IllegalAction, match="fits, so you may not pass"):
        g.apply(Pass())


def test_R_TR_3_the_marker_comes_off_when_the_owner_plays_on_their_own_train():
    g = pos(hands=hands4(["12-8", "8-1"]), markers=[0, 2])
    play(g, Play(T("12-8"), MEX))
    assert g.markers == 0b101  # playing elsewhere leaves it on
    g = pos(hands=hands4(["12-8", "8-1"]), markers=[0, 2])
    play(g, Play(T("12-8"), 0))
    assert g.markers == 0b100 and not g.board().trains[0].marker


def test_R_TR_3_with_the_boneyard_empty_a_player_who_cannot_play_passes():
    g = pos(hands=hands4(["9-8"], ["12-3"]), boneyard=())
    assert g.legal_actions() == [Pass()]
    play(g, Pass())
    assert g.markers == 1 and g.turn == 1


# ------------------------------------------------------------------ R-TR-4
def test_R_TR_4_a_double_is_followed_by_one_more_tile_from_the_same_player():
    g = pos(hands=hands4(["5-5", "5-3", "5-1", "12-9"]), trains=[["12-5"]])
    play(g, Play(T("5-5"), 0))
    assert g.turn == 0 and g.pending == 0
    b = g.board()
    assert b.pending == 0 and b.pending_double == T("5-5") and b.must_satisfy == 0
    # the next tile goes on the double, nowhere else
    assert set(g.legal_actions()) == {Play(T("5-3"), 0), Play(T("5-1"), 0)}
    with pytest.raises(IllegalAction, match="double 5-5 on your train must be satisfied"):
        g.apply(Play(T("12-9"), MEX))
    play(g, Play(T("5-3"), 0))
    assert g.pending is None and g.turn == 1


def test_R_TR_4_whoever_is_to_move_must_satisfy_the_double():
    g = pos(
        hands=hands4(["6-6", "9-9"], ["6-2", "12-1"], ["4-4"]),
        trains=[["12-6"], [], [], [], []],
        boneyard=["8-8"],
    )
    play(g, Play(T("6-6"), 0))
    assert g.legal_actions() == [Draw()]  # cannot satisfy: draw one
    play(g, Draw(), Pass())  # 8-8 does not fit the double: pass, marker on
    assert g.turn == 1 and g.pending == 0 and g.markers == 1
    assert seat_view(g, 1).board.must_satisfy == 1
    assert g.legal_actions() == [Play(T("6-2"), 0)]  # not 12-1 on seat 1's own train
    with pytest.raises(IllegalAction, match="must be satisfied first"):
        g.apply(Play(T("12-1"), 1))
    play(g, Play(T("6-2"), 0))
    assert g.pending is None and g.turn == 2


def test_R_TR_4_a_player_who_cannot_satisfy_draws_and_plays_the_tile_on_the_double_if_it_fits():
    g = pos(hands=hands4(["9-9"], ["12-1"]), trains=[["12-6", "6-6"]], boneyard=["6-3"])
    assert g.pending == 0
    play(g, Draw())
    assert g.legal_actions() == [Play(T("6-3"), 0)]
    play(g, Play(T("6-3"), 0))
    assert g.pending is None and g.turn == 1


def test_R_TR_4_the_double_players_extra_play_is_a_fresh_turn_with_its_own_draw():
    """A double laid from a drawn tile: the player plays again, drawing once more if stuck."""
    g = pos(hands=hands4(["9-9", "8-1"]), trains=[["12-6"]], boneyard=["6-6", "3-2"])
    play(g, Draw(), Play(T("6-6"), 0))
    assert g.turn == 0 and g.pending == 0 and g.legal_actions() == [Draw()]
    play(g, Draw(), Pass())
    assert g.turn == 1 and g.markers == 1


# ------------------------------------------------------------------ R-TR-5
def test_R_TR_5_the_round_ends_when_a_player_plays_their_last_tile_even_a_double():
    g = pos(hands=hands4(["5-5"], ["12-1", "9-3"], ["7-7"]), trains=[["12-5"]])
    play(g, Play(T("5-5"), 0))
    assert g.phase == HAND_OVER and g.result.kind == "domino" and g.result.winner == 0
    assert g.pending is None and g.turn is None  # the double need not be satisfied
    assert g.result.counted == (0, 13 + 12, 14, 4)
    assert g.scores.written == (0, 25, 14, 4)


def test_R_TR_5_a_blocked_round_ends_when_nobody_can_play_and_the_boneyard_is_empty():
    g = pos(hands=hands4(["9-8"], ["7-6"], ["5-4"], ["3-2"]), boneyard=())
    for _ in range(4):  # each passes and sets a marker; the markers open nothing that fits
        play(g, Pass())
    assert g.phase == "play", "new markers open trains: the others get another look"
    for _ in range(3):
        play(g, Pass())
    assert g.phase == HAND_OVER and g.result.kind == "blocked"
    assert g.result.counted == (17, 13, 9, 5) and g.result.winner == 3


def test_R_TR_5_a_zero_zero_left_in_a_hand_counts_50_alone_or_not():
    g = pos(hands=[["12-1"], ["0-0"], ["3-2"], ["1-0"]])
    play(g, Play(T("12-1"), 0))
    assert g.result.counted == (0, 50, 5, 1)
    g = pos(hands=[["12-1"], ["0-0", "3-2"], ["4-4"], ["1-0"]])
    play(g, Play(T("12-1"), 0))
    assert g.result.counted == (0, 55, 8, 1)


# ------------------------------------------------------------------ R-TR-6
def test_R_TR_6_after_the_last_round_the_lowest_total_wins():
    rules = MT.replace(rounds=1)
    g = pos(rules, hands=hands4(["12-1"], ["6-6"], ["5-4"], ["0-0"]))
    play(g, Play(T("12-1"), 0))
    assert g.phase == MATCH_OVER
    m = g.match_result
    assert (m.winner_side, m.winners, m.reason) == (0, (0,), "rounds")
    assert g.legal_actions() == []


def test_R_TR_6_players_level_on_the_lowest_total_share_the_win():
    rules = MT.replace(rounds=1)
    before = Scores((9, 0, 0, 30), (0,) * 4)
    g = pos(rules, hands=hands4(["12-1"], ["5-4"], ["6-6"], ["1-0"]), scores=before)
    play(g, Play(T("12-1"), 0))
    m = g.match_result
    assert g.scores.written == (9, 9, 12, 31)
    assert m.winners == (0, 1) and m.winner_side is None and m.loser_side is None


# ------------------------------------------------------------------ R-TR-7
def test_R_TR_7_a_seat_sees_every_train_the_markers_counts_and_the_boneyard_count():
    g = pos(
        hands=hands4(["6-1", "6-2"], ["9-9", "9-8", "9-7"], ["5-5"], ["8-8"]),
        trains=[["12-6"], ["12-11"], [], ["12-10", "10-3"], ["12-4"]],
        markers=[1],
        boneyard=["2-1", "3-1"],
    )
    v = seat_view(g, 2)
    b = v.board
    assert v.hand == tiles.mask_of([T("5-5")]) and v.hand_counts == (2, 3, 1, 1)
    assert v.boneyard_count == 2 and v.rounds == 13 and v.hand_no == 1
    assert [t.owner for t in b.trains] == [0, 1, 2, 3, None]
    assert [t.marker for t in b.trains] == [False, True, False, False, False]
    assert [t.end for t in b.trains] == [6, 11, 12, 3, 4]
    assert [[p.tile for p in t.tiles] for t in b.trains][3] == [T("12-10"), T("10-3")]
    assert b.places_for(0) == g.places(0) == (0, 1, MEX)
    assert b.place_name(2, viewer=2) == "your train" and b.place_name(MEX) == "the Mexican train"
    assert b.place_name(1, 2, ("You", "Ada", "Bruno", "Carmen")) == "Ada's train"
    assert v.unseen == tiles.set_mask(12) & ~(v.hand | b.laid_mask())
    assert b.laid_mask() & tiles.BIT[T("12-12")]
    rng = random.Random(1)
    for seat in range(4):
        assert_view_hides_the_rest(g, seat, rng)


def test_R_TR_7_a_view_of_a_seat_that_drew_shows_its_tile_only_to_itself():
    g = pos(hands=hands4(["9-8"]), boneyard=["7-6"])
    play(g, Draw())
    assert seat_view(g, 0).drawn == T("7-6") and seat_view(g, 0).board.drew
    assert seat_view(g, 1).drawn is None and seat_view(g, 1).board.drew
    assert seat_view(g, 1).events[-1].kind == "draw" and seat_view(g, 1).events[-1].tile is None


# ------------------------------------------------------------------ R-TR-8
RUN = MT.replace(first_turn_run=True)


def test_R_TR_8_the_first_turn_run_is_off_by_default():
    assert MT.first_turn_run is False
    g = pos(hands=hands4(["12-5", "5-3"]), first_turns=[0, 1, 2, 3])
    play(g, Play(T("12-5"), 0))
    assert g.turn == 1


def test_R_TR_8_a_first_turn_may_lay_a_run_on_the_players_own_train_then_stop():
    g = pos(
        RUN, hands=hands4(["12-5", "5-3", "3-1", "1-1"], ["12-2", "9-9"]), first_turns=[0, 1, 2, 3]
    )
    assert g.legal_actions() == [Play(T("12-5"), 0)]  # own train only: not the Mexican train
    with pytest.raises(IllegalAction, match="first turn you may lay tiles on your own train only"):
        g.apply(Play(T("12-5"), MEX))
    play(g, Play(T("12-5"), 0))
    assert g.turn == 0 and g.legal_actions() == [Play(T("5-3"), 0), Stop()]
    play(g, Play(T("5-3"), 0), Play(T("3-1"), 0))
    assert g.board().run == 3
    play(g, Stop())
    assert g.turn == 1 and [p.tile for p in g.trains[0]] == [T("12-5"), T("5-3"), T("3-1")]
    assert g.events[-1].kind == "stop"
    play(g, Play(T("12-2"), 1))  # seat 1's run ends when nothing more fits: only Stop
    assert g.legal_actions() == [Stop()]
    with pytest.raises(IllegalAction, match="stop instead of passing"):
        g.apply(Pass())
    play(g, Stop())


def test_R_TR_8_a_run_through_a_double_satisfies_it_before_stopping():
    g = pos(RUN, hands=hands4(["12-5", "5-5", "5-3", "9-9"]), first_turns=[0, 1, 2, 3])
    play(g, Play(T("12-5"), 0), Play(T("5-5"), 0))
    assert Stop() not in g.legal_actions()
    with pytest.raises(IllegalAction, match="double must be satisfied"):
        g.apply(Stop())
    play(g, Play(T("5-3"), 0))
    assert g.legal_actions() == [Stop()]


def test_R_TR_8_a_first_turn_that_cannot_start_its_own_train_draws_and_plays_nothing_else():
    g = pos(
        RUN,
        hands=hands4(["9-8"], ["12-2", "9-9"]),
        trains=[[], [], [], [], ["12-9"]],
        boneyard=["7-6", "12-3"],
        first_turns=[0, 1, 2, 3],
    )
    assert g.legal_actions() == [Draw()]  # 9-8 fits the Mexican train, but not on this turn
    play(g, Draw())
    assert g.legal_actions() == [Pass()]
    play(g, Pass())
    assert g.markers == 1 and g.turn == 1
    play(g, Play(T("12-2"), 1))  # a run of one: then stop
    play(g, Stop())
    play(g, Draw(), Play(T("12-3"), 2))  # seat 2 draws and starts its train: one tile
    assert g.legal_actions() == [Pass()]  # seat 3: nothing fits, nothing to draw
    play(g, Pass())
    assert Play(T("9-8"), MEX) in g.legal_actions()  # later turns play anywhere legal


def test_R_TR_8_after_a_draw_the_first_turn_is_one_tile():
    g = pos(RUN, hands=hands4(["9-8", "5-3"]), boneyard=["12-5"], first_turns=[0, 1, 2, 3])
    play(g, Draw(), Play(T("12-5"), 0))
    assert g.turn == 1


# ------------------------------------------------------------------ the API
def test_places_are_numbered_by_seat_with_the_mexican_train_last():
    assert place_name(4, 4) == "the Mexican train"
    assert place_name(0, 4, viewer=0) == "your train"
    g = new_game(MT.replace(players=6), seed=1)
    assert g.mexican == 6 and len(g.trains) == 7
    assert all(isinstance(a, (Play, Draw)) for a in g.legal_actions())


def test_stop_round_trips_through_json_and_replays():
    assert action_from_json(action_to_json(Stop())) == Stop()
    g = new_game(RUN, seed=11)
    rng = random.Random(2)
    random_play(g, rng, until=lambda g: len(g.log) > 300)
    again = replay_game(RUN, 11, [action_from_json(action_to_json(a)) for a in g.log])
    assert again.state_key() == g.state_key()


def test_copies_share_nothing_mutable():
    g = new_game(MT, seed=4)
    random_play(g, random.Random(4), until=lambda g: len(g.log) > 40)
    c = g.copy()
    key = g.state_key()
    random_play(c, random.Random(5), until=lambda g: len(g.log) > 400)
    assert g.state_key() == key
    assert g.copy().state_key() == key


def test_invariant_errors_catch_a_broken_layout():
    """The fuzz's checker can fail: a tile in two places, a broken train, a lost double."""
    g = pos(hands=hands4(["6-1", "6-2"]), trains=[["12-6"]], boneyard=["3-3"])
    assert g.invariant_errors() == []
    bad = g.copy()
    bad.hands[1] |= tiles.BIT[T("6-1")]
    assert any("two places" in e for e in bad.invariant_errors())
    bad = g.copy()
    bad.train_ends[0] = 5
    assert any("open end" in e for e in bad.invariant_errors())
    bad = g.copy()
    bad.pending = 0
    assert any("unsatisfied double" in e for e in bad.invariant_errors())
    bad = g.copy()
    bad.boneyard.pop()
    assert any("missing" in e for e in bad.invariant_errors())


def test_the_round_in_words_and_the_line_games_match_result_unchanged():
    from dominoes_tui.engine import MatchResult, describe_hand

    g = pos(hands=[["12-1"], ["0-0", "3-2"], ["4-4"], ["1-0"]])
    play(g, Play(T("12-1"), 0))
    words = describe_hand(MT, g.result, ["You", "Ada", "Bruno", "Carmen"])
    assert words[0] == "You went out (domino)."
    assert "Ada writes 55 (the 0-0 counts 50); total 55." in words
    assert not any("R-" in w for w in words)
    assert MatchResult(1, 0, "target").winners == (1,)
    assert MatchResult(None, None, "single_hand").winners == ()


def test_a_round_with_tiles_set_aside_deals_every_tile_again_next_round():
    # seat 0 holds one tile, the others one each, the boneyard is empty: the other 87
    # tiles are set aside; 12-5 on seat 0's train ends the round
    g = pos(hands=hands4(["12-5"]), round_no=1)
    assert g.dead and g.invariant_errors() == []
    play(g, Play(T("12-5"), 0))
    assert g.phase == HAND_OVER
    g.apply(NextHand())
    assert g.hand_no == 2 and g.dead == 0
    assert g.invariant_errors() == []
    assert sum(h.bit_count() for h in g.hands) + len(g.boneyard) == MT.tile_count - 1
    random_play(g, random.Random(2), until=lambda g: g.phase != "play")
    assert g.phase in (HAND_OVER, MATCH_OVER) and g.invariant_errors() == []
