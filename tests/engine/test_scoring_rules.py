"""Scoring, played to the end of a hand through Game.apply: RULES.md §5 (R-C, R-13, R-B, R-2D),
§6 (R-W) and §7 (R-P), with the worked examples (17, 18, 8, 16)."""

from __future__ import annotations

import pytest
from engine_helpers import T, dealt, ids, play, variant

from dominoes_tui.engine import (
    Draw,
    Game,
    IllegalAction,
    NextHand,
    Pass,
    Play,
    PlayDoubles,
    Scores,
    describe_hand,
    tiles,
)
from dominoes_tui.engine.opener import redeal_needed

L, R = 0, 1


def domino(rules, winner_tile, loser_tiles, scores=None, line=("6-5",), **kw):
    """Seat 0 goes out with ``winner_tile`` on the right; seat 1 holds ``loser_tiles``."""
    g = Game.from_position(
        rules, hands=[[winner_tile], loser_tiles], boneyard=[], line=list(line), scores=scores, **kw
    )
    play(g, Play(T(winner_tile), R))
    assert g.result.kind == "domino" and g.result.winner == 0
    return g


def block(rules, hands, scores=None, line=("6-6",), turn=0):
    """Every seat passes in turn (nobody holds a 6 and nothing is drawable): a blocked hand."""
    g = Game.from_position(
        rules, hands=hands, boneyard=[], line=list(line), scores=scores, turn=turn
    )
    while g.phase == "play":
        play(g, Pass())
    assert g.result.kind == "blocked"
    return g


# --------------------------------------------------------------------------- R-C
def test_R_C_1_worked_example_loser_writes_17():
    """R-C-1: you go out; the opponent holds 5-4 and 6-2 and writes 17; the winner writes nothing."""
    g = domino(variant("classic"), "5-3", ["5-4", "6-2"])
    assert g.result.points == (0, 17)
    assert g.scores.written == (0, 17) and g.scores.held == (0, 0)
    assert g.phase == "hand_over"
    text = " ".join(describe_hand(g.rules, g.result, ["You", "CPU"]))
    assert "17" in text


def test_R_C_2_redeal_five_doubles_or_six_of_a_suit():
    """R-C-2: a hand with 5+ doubles or 6-7 tiles of one suit is redealt at once; the game says so."""
    r = variant("classic")
    five_doubles = [
        ["0-0", "1-1", "2-2", "3-3", "4-4", "6-1", "5-2"],
        ["5-5", "6-6", "6-3", "5-3", "4-3", "3-0", "1-0"],
    ]
    six_of_a_suit = [
        ["6-0", "6-1", "6-2", "6-3", "6-4", "6-5", "1-1"],
        ["5-5", "2-2", "5-3", "4-3", "3-0", "1-0", "4-2"],
    ]
    fine = [
        ["0-0", "1-1", "6-1", "5-1", "4-2", "3-1", "2-0"],
        ["5-5", "2-2", "6-3", "5-3", "4-3", "3-0", "1-0"],
    ]
    g = dealt(r, five_doubles, six_of_a_suit, fine)
    assert g.redeals == 2
    assert g.hands == [tiles.mask_of(ids(h)) for h in fine]
    assert not any(redeal_needed(r, h) for h in g.hands)
    assert g.opener == 0 and g.legal_actions() == [Play(T("1-1"))]
    assert g.invariant_errors() == []
    # four doubles and five of a suit are kept
    keep = [
        ["0-0", "1-1", "2-2", "3-3", "6-4", "6-1", "6-2"],
        ["5-5", "6-6", "6-3", "5-3", "4-3", "3-0", "1-0"],
    ]
    assert dealt(r, keep, fine).redeals == 0
    # without the rule, no redeal
    g = dealt(variant("classic", redeal=False), five_doubles, fine)
    assert g.redeals == 0 and redeal_needed(r, g.hands[0])


def test_R_C_3_the_last_boneyard_tile_is_never_drawn():
    """R-C-3: with reserve 1 and one tile left, a player who cannot play passes."""
    r = variant("classic")
    g = Game.from_position(
        r, hands=[["6-6", "1-0"], ["4-4", "3-3"]], boneyard=["4-0", "5-1"], line=["5-2"]
    )
    assert g.legal_actions() == [Draw()]
    play(g, Draw())
    assert T("4-0") in g.hand(0) and len(g.boneyard) == 1
    assert g.legal_actions() == [Pass()]
    with pytest.raises(IllegalAction, match="last tile may not be drawn"):
        g.apply(Draw())
    play(g, Pass())
    assert g.boneyard == [T("5-1")]


def test_R_C_4_blocked_lighter_wins_heavier_writes_own_total():
    """R-C-4: blocked: the lower hand wins; the other writes their own total."""
    r = variant("classic")
    g = block(r, [["5-4", "3-1"], ["4-3", "2-0", "5-5"]])  # 13 against 19
    assert g.result.winner == 0
    assert g.scores.written == (0, 19)


def test_R_C_4_full_fish_adds_the_winners_pips():
    """R-C-4: with `full_fish` the loser also writes the winner's pips."""
    r = variant("classic", full_fish=True)
    g = block(r, [["5-4", "3-1"], ["4-3", "2-0", "5-5"]])
    assert g.result.full_fish == 13
    assert g.scores.written == (0, 32)


def test_R_C_4_penalty_with_difference_writes_the_difference():
    """R-C-4 (engine decision): penalty scoring with blocked = difference: the heavier writes the
    difference."""
    r = variant("classic", blocked="difference", rule_of_13=False)
    g = block(r, [["5-4", "3-1"], ["4-3", "2-0", "5-5"]])
    assert g.scores.written == (0, 6)


def test_R_C_5_lone_blank_double_counts_ten():
    """R-C-5: a lone 0-0 left in the penalized hand counts lone_blank_double = 10."""
    r = variant("classic", rule_of_13=False)
    g = domino(r, "5-3", ["0-0"])
    assert g.result.counted == (0, 10) and g.result.lone == (1,)
    assert g.scores.written == (0, 10)
    assert any("lone 0-0 counts 10" in s for s in describe_hand(r, g.result, ["A", "B"]))
    # 0-0 beside another tile counts its face value
    g = domino(r, "5-3", ["0-0", "1-0"])
    assert g.scores.written == (0, 1)
    # in a block, the lone 0-0 (10) is heavier than 5-4 (9)
    g = block(r, [["0-0"], ["5-4"]])
    assert g.result.winner == 1 and g.scores.written == (10, 0)


def test_R_C_5_goat_lone_doubles():
    """R-C-5 (goat decision): a lone 0-0 counts 25, a lone 6-6 counts 50."""
    r = variant("goat")
    g = Game.from_position(
        r, hands=[["5-3"], ["6-6"], ["2-1"], ["0-0"]], boneyard=[], line=["4-5"], turn=0
    )
    assert g.ends == [5, 4]
    play(g, Play(T("5-3"), L))
    assert g.result.counted == (0, 50, 3, 25)
    assert g.scores.written == (0, 75)  # pair 1+3 writes its own pips; pair 0+2 wins


def test_R_C_6_match_ends_when_a_score_reaches_the_target_and_that_player_loses():
    """R-C-6: the first score ≥ target ends the match; that player loses."""
    r = variant("classic")
    g = domino(r, "5-3", ["2-1"], scores=Scores((30, 98), (0, 0)))
    assert g.scores.written == (30, 101)
    assert g.phase == "match_over"
    assert g.match_result.loser_side == 1 and g.match_result.winner_side == 0
    assert g.legal_actions() == []
    with pytest.raises(IllegalAction):
        g.apply(NextHand())
    g = domino(r, "5-3", ["1-1"], scores=Scores((30, 98), (0, 0)))
    assert g.scores.written == (30, 100) and g.phase == "hand_over"


def test_R_C_7_level_block_hangs_adds_up_and_joins_the_next_penalty():
    """R-C-7: a level block writes nothing; the total hangs, adds up, joins the next penalty
    (whoever takes it) before the rule of 13 looks at it."""
    r = variant("classic")
    g = block(r, [["4-3"], ["5-2"]])  # 7 and 7
    assert g.result.winner is None
    assert g.scores == Scores((0, 0), (0, 0), 14)
    g = block(r, [["3-1"], ["2-2"]], scores=g.scores)  # 4 and 4: adds up
    assert g.scores == Scores((0, 0), (0, 0), 22)
    g = domino(r, "5-3", ["1-0"], scores=g.scores)  # 1 + 22 hanging = 23 ≥ 13: written
    assert g.result.hanging_in == 22 and g.result.points == (0, 23)
    assert g.scores == Scores((0, 23), (0, 0), 0)


def test_R_C_7_hanging_points_go_to_either_player():
    """R-C-7: the hanging points join the next penalty whoever takes it."""
    r = variant("classic")
    g = Game.from_position(
        r,
        hands=[["6-4"], ["5-3"]],
        boneyard=[],
        line=["6-5"],
        turn=1,
        scores=Scores((20, 0), (0, 0), 8),
    )
    play(g, Play(T("5-3"), R))
    assert g.scores == Scores((38, 0), (0, 0), 0)


def test_R_C_7_nobody_ignores_a_level_block():
    """R-C-7 counterpart / R-W-4: with blocked_tie = nobody nothing hangs."""
    r = variant("classic", blocked_tie="nobody")
    g = block(r, [["4-3"], ["5-2"]])
    assert g.scores == Scores.zero(2)


# ---------------------------------------------------------------------------
def test_R_13_1_small_penalties_are_held_while_written_is_zero():
    """R-13-1: with 0 written, a penalty under 13 is held (+N), not written; held points add up."""
    r = variant("classic")
    g = domino(r, "5-3", ["4-1"])
    assert g.scores == Scores((0, 0), (0, 5))
    g = domino(r, "5-3", ["3-1"], scores=g.scores)
    assert g.scores == Scores((0, 0), (0, 9))
    text = " ".join(describe_hand(r, g.result, ["You", "CPU"]))
    assert "held" in text
    # once something is written, small penalties are written
    g = domino(r, "5-3", ["3-1"], scores=Scores((0, 20), (0, 0)))
    assert g.scores == Scores((0, 24), (0, 0))


def test_R_13_2_thirteen_or_more_writes_the_held_points_too():
    """R-13-2: taking 13 or more in one hand writes it together with the held points."""
    r = variant("classic")
    g = domino(r, "5-3", ["6-4", "2-1"], scores=Scores((0, 0), (0, 9)))  # 13
    assert g.scores == Scores((0, 22), (0, 0))
    assert any("held before" in s for s in describe_hand(r, g.result, ["A", "B"]))


def test_R_13_3_the_opponent_starting_to_hold_clears_held_points():
    """R-13-3: when the opponent starts holding points, the first player's held points clear."""
    r = variant("classic")
    g = Game.from_position(
        r,
        hands=[["2-1"], ["5-3"]],
        boneyard=[],
        line=["6-5"],
        turn=1,
        scores=Scores((0, 0), (0, 9)),
    )
    play(g, Play(T("5-3"), R))  # seat 0 takes 3: starts holding
    assert g.scores == Scores((0, 0), (3, 0))
    assert any("cleared" in s for s in describe_hand(r, g.result, ["A", "B"]))
    # holding more (not starting) does not clear again; nothing to clear anyway
    g = domino(r, "5-3", ["1-0"], scores=Scores((0, 0), (3, 4)))
    assert g.scores == Scores((0, 0), (3, 5))


def test_R_13_off_writes_everything():
    """R-13-1 counterpart: with rule_of_13 off, a small penalty is written at once."""
    g = domino(variant("classic", rule_of_13=False), "5-3", ["4-1"])
    assert g.scores == Scores((0, 5), (0, 0))


# --------------------------------------------------------------------------- R-B
BONUS = {"6-6": 50, "0-0": 25}


def test_R_B_bonus_for_the_first_and_last_tile():
    """R-B: the hand's first or last tile named in bonus_first_last adds its points; both count."""
    r = variant("classic", bonus_first_last=BONUS)
    g = Game.from_position(r, hands=[["0-0"], ["2-1"]], boneyard=[], line=["6-6", "6-0"], turn=0)
    play(g, Play(T("0-0"), R))
    assert set(g.result.bonus_tiles) == {T("6-6"), T("0-0")}
    assert g.result.bonus == 75
    assert g.scores.written == (0, 78)  # 3 pips + 75: over 13, so written


def test_R_B_bonus_only_last_and_not_without_the_option():
    """R-B: a bonus tile played last alone counts; without the option no bonus."""
    r = variant("classic", bonus_first_last=BONUS)
    g = Game.from_position(r, hands=[["0-0"], ["2-1"]], boneyard=[], line=["5-0"], turn=0)
    play(g, Play(T("0-0"), R))
    assert g.result.bonus == 25 and g.scores.written == (0, 28)
    g = Game.from_position(
        variant("classic"), hands=[["0-0"], ["2-1"]], boneyard=[], line=["5-0"], turn=0
    )
    play(g, Play(T("0-0"), R))
    assert g.result.bonus == 0 and g.scores.held == (0, 3)


def test_R_B_bonus_hangs_with_a_level_block():
    """R-B: on a level block the bonus hangs with the pips (decision)."""
    r = variant("classic", bonus_first_last=BONUS)
    g = block(r, [["4-3"], ["5-2"]], line=("6-6",))
    assert g.scores.hanging == 14 + 50


def test_R_B_winner_takes_the_bonus_under_winner_takes():
    """R-B (engine decision): under winner_takes the bonus joins the winner's score."""
    r = variant("draw", bonus_first_last=BONUS)
    g = Game.from_position(r, hands=[["0-0"], ["2-1"]], boneyard=[], line=["5-0"], turn=0)
    play(g, Play(T("0-0"), R))
    assert g.scores.written == (28, 0)


# --------------------------------------------------------------------------- R-2D
def test_R_2D_two_doubles_in_one_turn():
    """R-2D: ends show different numbers and the player holds both doubles: lay both at once."""
    r = variant("classic", two_doubles=True)
    g = Game.from_position(
        r, hands=[["3-3", "5-5", "1-0"], ["4-4", "2-1"]], boneyard=[], line=["3-1", "1-5"]
    )
    assert g.ends == [3, 5]
    move = PlayDoubles(T("3-3"), T("5-5"))
    assert move in g.legal_actions()
    play(g, move)
    assert g.ends == [3, 5] and g.turn == 1
    assert g.hand(0) == [T("1-0")]
    assert g.line[0].tile == T("3-3") and g.line[-1].tile == T("5-5")
    assert [e.kind for e in g.events] == ["doubles"]


def test_R_2D_two_doubles_can_go_out():
    """R-2D: laying the last two tiles as two doubles is a domino."""
    r = variant("classic", two_doubles=True)
    g = Game.from_position(r, hands=[["3-3", "5-5"], ["4-1"]], boneyard=[], line=["3-5"])
    play(g, PlayDoubles(T("5-5"), T("3-3")))
    assert g.result.kind == "domino" and g.result.winner == 0
    assert g.scores.held == (0, 5)


def test_R_2D_refused_on_the_lead_equal_ends_or_without_the_option():
    """R-2D: not on the lead (decision), not with equal ends, not without the option."""
    r = variant("classic", two_doubles=True)
    g = Game.from_position(r, hands=[["3-3", "5-5"], ["4-1"]], lead="any")
    assert not any(isinstance(a, PlayDoubles) for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="lead"):
        g.apply(PlayDoubles(T("3-3"), T("5-5")))
    g = Game.from_position(r, hands=[["3-3", "5-5"], ["4-1"]], boneyard=[], line=["3-6", "6-3"])
    assert not any(isinstance(a, PlayDoubles) for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="two doubles need open ends showing different"):
        g.apply(PlayDoubles(T("3-3"), T("5-5")))
    g = Game.from_position(
        variant("classic"), hands=[["3-3", "5-5"], ["4-1"]], boneyard=[], line=["3-5"]
    )
    assert not any(isinstance(a, PlayDoubles) for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="two-doubles"):
        g.apply(PlayDoubles(T("3-3"), T("5-5")))


# --------------------------------------------------------------------------- R-W
def test_R_W_1_worked_example_winner_scores_18():
    """R-W-1: the winner scores every opponent's pips: 6-4, 3-3, 2-0 = 10 + 6 + 2 = 18."""
    g = domino(variant("draw"), "5-3", ["6-4", "3-3", "2-0"])
    assert g.result.points == (18, 0)
    assert g.scores.written == (18, 0)


def test_R_W_1_three_players_winner_scores_both_opponents():
    """R-W-1: with 3 players the winner scores the pips of every opponent."""
    r = variant("standard-draw", players=3, hand_size=5)
    g = Game.from_position(
        r, hands=[["5-3"], ["6-4"], ["2-0", "1-1"]], boneyard=[], line=["6-5"], turn=0
    )
    play(g, Play(T("5-3"), R))
    assert g.scores.written == (14, 0, 0)


def test_R_W_2_worked_example_difference_8():
    """R-W-2: difference: 5-1 + 2-2 = 10 against 6-5 + 4-3 = 18: the lighter hand scores 8."""
    g = block(variant("pub-draw"), [["5-1", "2-2"], ["6-5", "4-3"]], line=("0-0",))
    assert g.result.side_pips == (10, 18) and g.result.winner == 0
    assert g.scores.written == (8, 0)


def test_R_W_2_difference_to_each_opponent_added_up():
    """R-W-2: with 3-4 players the difference to each opponent, added up."""
    r = variant("standard-block", players=3, hand_size=5)
    g = block(r, [["2-1"], ["5-4"], ["6-5", "1-1"]], line=("0-0",))  # 3, 9, 13
    assert g.scores.written == ((9 - 3) + (13 - 3), 0, 0)


def test_R_W_3_worked_example_total_16():
    """R-W-3: total: the lighter hand scores the opponents' total (6-5, 2-3 left → 16)."""
    g = block(variant("draw"), [["1-1", "2-1"], ["6-5", "3-2"]], line=("0-0",))
    assert g.result.winner == 0
    assert g.scores.written == (16, 0)


def test_R_W_4_level_block_scores_nothing():
    """R-W-4: a level blocked hand scores nothing (`nobody`)."""
    for name in ("draw", "pub-draw", "international-two"):
        g = block(variant(name), [["4-3"], ["5-2"]], line=("0-0",))
        assert g.result.winner is None and g.scores == Scores.zero(2)
        assert g.phase == "hand_over"


def test_R_W_single_hand_target_zero_ends_after_one_hand():
    """Engine decision: target 0 = a single hand decides the match (double-first option)."""
    g = domino(variant("double-first", target=0), "5-3", ["2-1"])
    assert g.phase == "match_over" and g.match_result.winner_side == 0
    assert g.match_result.reason == "single_hand"


def test_R_W_target_reached_wins():
    """R-W / target_means = win: reaching the target wins the match."""
    g = domino(variant("draw"), "5-3", ["6-4"], scores=Scores((95, 50), (0, 0)))
    assert g.phase == "match_over" and g.match_result.winner_side == 0


# --------------------------------------------------------------------------- R-P
def test_R_P_1_partners_domino_scores_both_opponents():
    """R-P-1: seats alternate teams; either partner's domino wins for the team; winner_takes scores
    both opponents' pips and not the partner's."""
    r = variant("international")
    assert [r.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    g = Game.from_position(
        r, hands=[["6-6"], ["4-1"], ["5-3"], ["2-0", "1-0"]], boneyard=[], line=["6-5"], turn=2
    )
    play(g, Play(T("5-3"), R))
    assert g.result.winner == 2 and g.result.winner_side == 0
    assert g.scores.written == (5 + 3, 0)


def test_R_P_1_partners_blocked_compares_team_totals():
    """R-P-1: a blocked hand compares the team totals, not single hands."""
    r = variant("international")
    # seat 1 holds the lightest single hand, but team 0 (4 + 5 = 9) is lighter than 1 + 12 = 13
    g = block(r, [["4-0"], ["1-0"], ["5-0"], ["6-6"]], line=("3-3",))
    assert g.result.side_pips == (9, 13)
    assert g.result.winner_side == 0 and g.result.winner in (0, 2)
    assert g.scores.written == (13, 0)


def test_R_P_1_goat_partners_penalty():
    """R-P-1 with penalty scoring (goat): the losing pair writes its own pips."""
    r = variant("goat")
    g = block(r, [["4-0"], ["1-0"], ["5-0"], ["6-6"]], line=("3-3",))
    assert g.scores.written == (0, 1 + 50)  # the lone 6-6 counts 50 in goat (R-C-5)


def test_R_13_3_with_three_players_a_penalty_of_this_hand_is_never_cleared():
    """R-13-3 (engine fix): two seats penalized in one hand both keep what they take; a seat
    starting to hold clears only what the others held before this hand."""
    r = variant(
        "standard-draw",
        players=3,
        hand_size=5,
        scoring="penalty",
        blocked="own_total",
        target_means="lose",
        rule_of_13=True,
        target=101,
    )
    hands = [["5-3"], ["2-1"], ["1-0", "1-1"]]
    g = Game.from_position(r, hands=hands, boneyard=[], line=["6-5"])
    play(g, Play(T("5-3"), R))
    assert g.scores == Scores((0, 0, 0), (0, 3, 3))
    g = Game.from_position(
        r, hands=hands, boneyard=[], line=["6-5"], scores=Scores((0, 0, 0), (4, 5, 0))
    )
    play(g, Play(T("5-3"), R))  # seat 2 starts holding: seat 0's 4 and seat 1's old 5 clear
    assert g.scores == Scores((0, 0, 0), (0, 3, 3))


def test_R_2D_the_move_is_the_pair_either_order():
    """R-2D (engine fix): PlayDoubles(a, b) is the same move as PlayDoubles(b, a); the left
    end's double is laid first and the right end's last, whatever the order given; both
    are the hand's last tiles, so both bonuses count (R-B, R-B-2)."""
    assert (
        PlayDoubles(1, 2) == PlayDoubles(2, 1) and len({PlayDoubles(1, 2), PlayDoubles(2, 1)}) == 1
    )
    r = variant("classic", two_doubles=True, bonus_first_last=BONUS)
    states = []
    for move in (PlayDoubles(T("0-0"), T("6-6")), PlayDoubles(T("6-6"), T("0-0"))):
        g = Game.from_position(r, hands=[["6-6", "0-0"], ["2-1"]], boneyard=[], line=["6-0"])
        assert move in g.legal_actions()
        play(g, move)
        assert g.last_tile == T("0-0") and set(g.result.bonus_tiles) == {T("0-0"), T("6-6")}
        assert g.scores.written == (0, 3 + 25 + 50)
        states.append((g.line, g.events))
    assert states[0] == states[1]
