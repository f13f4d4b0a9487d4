"""Chicken Foot (RULES.md §8, R-CF-1…6): every rule played through the engine's API.

Positions: ``ChickenFootGame.from_position`` (round 1 of a double-9 set: 9-9 in the
centre). Places are the layout's lines: the arms 0-3, then each foot's toes in order.
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import RiggedRandom, assert_view_hides_the_rest, play, variant

from dominoes_tui.engine import (
    HAND_OVER,
    MATCH_OVER,
    ChickenFootGame,
    Draw,
    IllegalAction,
    NextHand,
    Pass,
    Play,
    Scores,
    Stop,
    new_game,
    replay_game,
    seat_view,
    tiles,
)

T = tiles.parse
CF = variant("chicken-foot")


def pos(rules=CF, **kw) -> ChickenFootGame:
    kw.setdefault("boneyard", ())
    return ChickenFootGame.from_position(rules, **kw)


def rigged(rules, hands, boneyard, first_seat=None) -> ChickenFootGame:
    """Round 1 dealt as given (``boneyard`` in draw order, the rest after it)."""
    ids = lambda xs: [x if isinstance(x, int) else T(x) for x in xs]  # noqa: E731
    hs = [ids(h) for h in hands]
    bone = ids(boneyard)
    used = {t for h in hs for t in h} | set(bone)
    bone += [t for t in range(rules.tile_count) if t not in used]
    g = new_game(rules, 0, first_seat)
    g.rng = RiggedRandom([[t for h in hs for t in h] + bone[::-1]])
    g.hand_no = 0
    g._start_round()
    return g


def random_play(g, rng, until=None):
    while g.phase != MATCH_OVER and (until is None or not until(g)):
        g.apply(rng.choice(g.legal_actions()))
        assert g.invariant_errors() == []
    return g


FOUR_ARMS = [["9-1"], ["9-2"], ["9-3"], ["9-4"]]


# ------------------------------------------------------------------ R-CF-1
def test_R_CF_1_a_match_is_one_round_per_double_from_the_highest_down():
    g = new_game(CF, seed=2)
    assert isinstance(g, ChickenFootGame) and g.rounds == 10
    doubles = []
    rng = random.Random(3)
    while True:
        random_play(g, rng, until=lambda g: g.phase != "play" or g.centre is not None)
        doubles.append(tiles.name(g.centre))
        random_play(g, rng, until=lambda g: g.phase != "play")
        if g.phase == MATCH_OVER:
            break
        g.apply(NextHand())
    assert doubles == [f"{n}-{n}" for n in range(9, -1, -1)]
    assert g.match_result.reason == "rounds" and len(g.results) == 10


def test_R_CF_1_the_holder_of_the_round_double_plays_it_in_the_centre():
    for seed in range(10):
        g = new_game(CF, seed)
        d = g.round_double
        holder = next((s for s in range(4) if g.hands[s] & tiles.BIT[d]), None)
        if holder is None:
            continue
        assert g.turn == holder and g.legal_actions() == [Play(d)]
        with pytest.raises(IllegalAction, match="goes in the centre: give no place"):
            g.apply(Play(d, 0))
        other = next(t for t in g.hand(holder) if t != d)
        with pytest.raises(IllegalAction, match="opens with 9-9 in the centre"):
            g.apply(Play(other))
        play(g, Play(d))
        b = g.board()
        assert b.centre == d and b.centre_seat == holder and g.turn == (holder + 1) % 4
        assert b.filling == (0, 1, 2, 3) and b.foot == d


def test_R_CF_1_if_nobody_holds_the_round_double_players_draw_in_turn_until_someone_does():
    rules = CF.replace(players=2)
    lows = [t for t in range(rules.tile_count) if tiles.HIGH[t] < 9]
    g = rigged(rules, [lows[:9], lows[9:18]], ["8-8", "7-7", "9-9"], first_seat=1)
    assert g.turn == 1  # seat 1 begins round 1 (first_seat), so it draws first
    assert g.legal_actions() == [Draw()]
    with pytest.raises(IllegalAction, match="draw a tile"):
        g.apply(Pass())
    play(g, Draw())
    assert g.legal_actions() == [Pass()]  # 8-8 is not the round's double
    play(g, Pass(), Draw(), Pass(), Draw())
    assert g.turn == 1 and g.drawn == T("9-9") and g.legal_actions() == [Play(T("9-9"))]
    play(g, Play(T("9-9")))
    assert g.centre_seat == 1 and g.turn == 0
    assert len(g.hand(0)) == 10 and len(g.hand(1)) == 10  # both kept what they drew


@pytest.mark.parametrize(
    "set_, players, each",
    [(9, 2, 9), (9, 3, 7), (9, 4, 7), (9, 5, 6), (9, 6, 6), (9, 7, 5), (9, 8, 5)]
    + [(6, 2, 7), (6, 4, 5), (6, 6, 4), (6, 8, 3), (12, 2, 15), (12, 4, 12), (12, 8, 8)],
)
def test_R_CF_1_tiles_dealt_follow_the_player_count(set_, players, each):
    """R-CF-1 for double-9; double-6 and double-12 are this project's decision."""
    rules = CF.replace(set=set_, players=players)
    g = new_game(rules, seed=players)
    assert [len(g.hand(s)) for s in range(players)] == [each] * players
    assert len(g.boneyard) == tiles.set_count(set_) - players * each == rules.boneyard_size


# ------------------------------------------------------------------ R-CF-2
def test_R_CF_2_the_centre_takes_four_tiles_one_on_each_arm_before_any_other_play():
    g = pos(hands=[["9-1", "9-2", "1-5"], ["9-3", "3-3"], ["9-4", "4-2"], ["9-5", "2-2"]])
    assert g.places() == (0,)  # the first empty arm: the arms are all alike
    assert g.legal_actions() == [Play(T("9-1"), 0), Play(T("9-2"), 0)]
    play(g, Play(T("9-1"), 0))
    assert g.board().filling == (1, 2, 3)
    with pytest.raises(IllegalAction, match="four arms before anything else"):
        g.apply(Play(T("3-3"), 0))
    play(g, Play(T("9-3"), 1), Play(T("9-4"), 2))
    play(g, Play(T("9-5"), 3))
    assert g.board().filling == () and g.places() == (0, 1, 2, 3)
    assert [ln.end for ln in g.board().lines] == [1, 3, 4, 5]
    assert Play(T("1-5"), 0) in g.legal_actions() and Play(T("1-5"), 3) in g.legal_actions()


def test_R_CF_2_a_player_without_the_centre_number_draws_while_the_arms_fill():
    g = pos(
        hands=[["5-1", "5-2"], ["9-3", "3-3"], ["2-2"], ["1-0"]],
        arms=[["9-8"]],
        boneyard=["1-1", "9-6"],
    )
    assert g.legal_actions() == [Draw()]  # 5-1 fits nothing: only arms 1-3 may be played
    play(g, Draw(), Pass(), Play(T("9-3"), 1))
    assert g.turn == 2


# ------------------------------------------------------------------ R-CF-3
def test_R_CF_3_a_later_double_takes_three_toes_before_play_goes_anywhere_else():
    g = pos(
        hands=[["4-4", "1-5"], ["4-1", "1-6"], ["4-2", "8-8"], ["4-3", "2-6"]],
        arms=FOUR_ARMS,
        boneyard=["0-0"],
    )
    play(g, Play(T("4-4"), 3))
    b = g.board()
    assert b.lines[3].closed and b.foot == T("4-4") and b.filling == (4, 5, 6)
    assert [ln.parent for ln in b.lines[4:]] == [3, 3, 3]
    assert g.legal_actions() == [Play(T("4-1"), 4)]  # not 1-6 on arm 0
    with pytest.raises(IllegalAction, match="4-4 takes its three toes before anything else"):
        g.apply(Play(T("1-6"), 0))
    play(g, Play(T("4-1"), 4), Play(T("4-2"), 5))
    assert g.legal_actions() == [Play(T("4-3"), 6)]
    play(g, Play(T("4-3"), 6))
    assert g.board().filling == () and g.places() == (0, 1, 2, 4, 5, 6)
    with pytest.raises(IllegalAction, match="ends in a double: play on its toes"):
        g.apply(Play(T("1-5"), 3))


def test_R_CF_3_a_player_who_cannot_play_on_the_foot_draws_and_plays_there_if_it_fits():
    g = pos(
        hands=[["4-4", "5-5"], ["1-6", "2-3"], ["1-0"], ["2-0"]],
        arms=FOUR_ARMS,
        boneyard=["3-4", "6-2"],
    )
    play(g, Play(T("4-4"), 3))
    assert g.legal_actions() == [Draw()]  # 1-6 fits arm 0, but the foot comes first
    play(g, Draw())
    assert g.legal_actions() == [Play(T("4-3"), 4)]
    play(g, Play(T("4-3"), 4))
    assert g.legal_actions() == [Draw()]
    play(g, Draw(), Pass())  # 6-2 does not fit the foot: pass
    assert g.turn == 3 and T("6-2") in g.hand(2)


# ------------------------------------------------------------------ R-CF-4
def test_R_CF_4_a_tile_goes_on_any_arm_or_toe_it_matches_one_tile_a_turn():
    g = pos(
        hands=[["1-2", "6-6"], ["8-8"], ["3-0"], ["4-0"]],
        arms=[["9-1"], ["9-2"], ["9-5", "5-1"], ["9-6", "6-2"]],
    )
    assert set(g.legal_actions()) == {Play(T("1-2"), p) for p in (0, 1, 2, 3)}
    play(g, Play(T("1-2"), 2))
    assert g.turn == 1 and g.board().lines[2].end == 2


def test_R_CF_4_no_play_draw_one_play_it_if_it_fits_else_pass():
    g = pos(
        hands=[["8-8", "7-7"], ["5-5"], ["6-6"], ["2-2"]], arms=FOUR_ARMS, boneyard=["7-6", "3-0"]
    )
    with pytest.raises(IllegalAction, match="draw a tile first"):
        g.apply(Pass())
    play(g, Draw(), Pass())
    assert g.turn == 1 and T("7-6") in g.hand(0)
    play(g, Draw())
    assert g.legal_actions() == [Play(T("3-0"), 2)]
    with pytest.raises(IllegalAction, match="no run to stop"):
        g.apply(Stop())


# ------------------------------------------------------------------ R-CF-5
def test_R_CF_5_the_round_ends_at_domino_every_player_writes_their_pips_0_0_counts_50():
    g = pos(hands=[["1-5"], ["0-0", "3-2"], ["6-6"], ["8-7"]], arms=FOUR_ARMS)
    play(g, Play(T("1-5"), 0))
    assert g.phase == HAND_OVER and g.result.kind == "domino" and g.result.winner == 0
    assert g.result.counted == (0, 55, 12, 15)


def test_R_CF_5_a_round_is_blocked_when_nobody_can_play_with_the_boneyard_empty():
    g = pos(hands=[["8-8"], ["7-7"], ["6-5"], ["0-0"]], arms=FOUR_ARMS)
    play(g, Pass(), Pass(), Pass())
    assert g.phase == "play"
    play(g, Pass())
    assert g.phase == HAND_OVER and g.result.kind == "blocked"
    assert g.result.counted == (16, 14, 11, 50) and g.result.winner == 2


def test_R_CF_5_after_the_last_round_the_lowest_total_wins_ties_share():
    rules = CF.replace(rounds=1)
    g = pos(
        rules,
        hands=[["1-5"], ["3-2"], ["6-6"], ["8-7"]],
        arms=FOUR_ARMS,
        scores=Scores((5, 0, 0, 0), (0,) * 4),
    )
    play(g, Play(T("1-5"), 0))
    m = g.match_result
    assert g.phase == MATCH_OVER and g.scores.written == (5, 5, 12, 15)
    assert m.winners == (0, 1) and m.winner_side is None and m.reason == "rounds"


# ------------------------------------------------------------------ R-CF-6
def test_R_CF_6_a_seat_sees_the_whole_layout_the_foot_being_filled_and_the_counts():
    g = pos(
        hands=[["4-4", "1-5"], ["4-1", "1-6"], ["3-2", "2-2", "6-6"], ["5-0"]],
        arms=FOUR_ARMS,
        boneyard=["0-0", "8-0"],
    )
    play(g, Play(T("4-4"), 3))
    v = seat_view(g, 2)
    b = v.board
    assert b.centre == T("9-9") and b.round_double == T("9-9") and v.rounds == 10
    assert b.foot == T("4-4") and b.filling == (4, 5, 6) and b.places() == (4,)
    assert [ln.end for ln in b.lines] == [1, 2, 3, 4, 4, 4, 4]
    assert [ln.is_arm for ln in b.lines] == [True] * 4 + [False] * 3
    assert (b.place_name(None), b.place_name(1), b.place_name(5)) == (
        "the centre",
        "arm 2",
        "a toe of the 4-4",
    )
    assert v.hand_counts == (1, 2, 3, 1) and v.boneyard_count == 2
    assert v.unseen == tiles.set_mask(9) & ~(v.hand | b.laid_mask())
    rng = random.Random(0)
    for seat in range(4):
        assert_view_hides_the_rest(g, seat, rng)


def test_copies_share_nothing_and_the_log_replays():
    g = new_game(CF.replace(players=6), seed=8)
    random_play(g, random.Random(8), until=lambda g: len(g.log) > 150)
    c = g.copy()
    key = g.state_key()
    random_play(c, random.Random(9))
    assert g.state_key() == key
    assert replay_game(g.rules, 8, g.log).state_key() == key


def test_invariant_errors_catch_a_broken_foot():
    g = pos(hands=[["4-4", "1-5"], ["4-1"], ["8-8"], ["5-0"]], arms=FOUR_ARMS, boneyard=["2-2"])
    play(g, Play(T("4-4"), 3))
    assert g.invariant_errors() == []
    bad = g.copy()
    bad.lines.pop()
    bad.line_ends.pop()
    bad.line_from.pop()
    assert any("three toes" in e for e in bad.invariant_errors())
    bad = g.copy()
    bad.closed = 0
    assert any("foot" in e for e in bad.invariant_errors())
    bad = g.copy()
    bad.lines[4].append(bad.lines[0][0])
    assert bad.invariant_errors()


def test_a_round_with_tiles_set_aside_deals_every_tile_again_next_round():
    # a few tiles in hand, the boneyard empty: every other tile is set aside, and the
    # round is played out at random (it ends blocked or with a domino)
    g = pos(hands=[["9-1", "1-0"], ["9-2", "2-0"], ["9-3", "3-3"], ["9-4", "5-5"]], turn=0)
    assert g.dead and g.invariant_errors() == []
    random_play(g, random.Random(1), until=lambda g: g.phase != "play")
    assert g.phase == HAND_OVER
    g.apply(NextHand())
    assert g.hand_no == 2 and g.dead == 0
    assert g.invariant_errors() == []
    random_play(g, random.Random(2), until=lambda g: g.phase != "play")
    assert g.phase in (HAND_OVER, MATCH_OVER) and g.invariant_errors() == []
