"""RULES.md §8: All Fives (R-F) and Matador (R-MT), played through the engine."""

from __future__ import annotations

import pytest
from engine_helpers import T, play, variant

from dominoes_tui.engine import (
    Draw,
    Game,
    IllegalAction,
    NextHand,
    Pass,
    Play,
    Scores,
    describe_hand,
    new_game,
    seat_view,
)
from dominoes_tui.engine.explain import explain
from dominoes_tui.engine.scoring import round_to_5

# ------------------------------------------------------------------ All Fives


def fives(**changes):
    return variant("all-fives", **changes)


def test_R_F_1_a_led_double_is_the_spinner_and_opens_four_arms():
    """R-F-1: the spinner takes its two sides first; then up and down open too."""
    g = Game.from_position(fives(), [["5-5", "5-0", "2-2"], ["5-3", "6-5", "1-1"]], turn=0)
    play(g, Play(T("5-5")))
    assert g.spinner == T("5-5") and g.ends == [5, 5]
    play(g, Play(T("5-3"), 1))
    assert g.ends == [5, 3]  # one side holds a tile: still two ends
    with pytest.raises(IllegalAction):
        g.apply(Play(T("5-0"), 2))  # no up arm yet
    play(g, Play(T("5-0"), 0))
    assert g.ends == [0, 3, 5, 5]  # both sides hold a tile: four arms
    legal = g.legal_actions()
    assert Play(T("6-5"), 2) in legal and Play(T("6-5"), 3) in legal
    play(g, Play(T("6-5"), 2))
    assert g.ends == [0, 3, 6, 5] and [p.tile for p in g.arms[0]] == [T("6-5")]
    view = seat_view(g, 0)
    assert view.spinner == T("5-5") and view.arms[0][0].tile == T("6-5")
    assert not view.unseen & (1 << T("6-5"))


def test_R_F_1_the_first_double_played_later_is_the_spinner():
    """R-F-1: with a single led, the first double played is the spinner."""
    g = Game.from_position(fives(), [["6-3", "3-0", "2-0"], ["3-3", "4-1", "2-2"]], turn=0)
    play(g, Play(T("6-3")), Play(T("3-3"), 1))
    assert g.spinner == T("3-3") and g.ends == [6, 3]  # its outer side is still bare
    play(g, Play(T("3-0"), 1))
    assert g.ends == [6, 0, 3, 3]
    assert g.fives_count() == 6  # 6 + 0; the empty arms count nothing


def test_R_F_2_a_multiple_of_five_on_the_ends_scores_at_once():
    """R-F-2: after a play, ends adding up to a multiple of 5 score for the player."""
    g = Game.from_position(fives(), [["6-4", "4-1", "2-0"], ["4-0", "5-5", "6-3"]], turn=0)
    play(g, Play(T("6-4")))  # a lone lead counts both halves: 10
    assert g.scores.written == (10, 0) and g.events[-1].scored == 10
    play(g, Play(T("4-0"), 1))  # 6 + 0
    assert g.scores.written == (10, 0) and g.events[-1].scored == 0
    play(g, Play(T("2-0"), 1))  # 6 + 2
    play(g, Play(T("6-3"), 0))  # 3 + 2 = 5
    assert g.scores.written == (10, 5) and g.events[-1].scored == 5


def test_R_F_2_doubles_at_an_end_count_both_halves_the_spinner_until_flanked():
    """R-F-2: a double at the end of an arm counts both halves; the spinner too while bare."""
    g = Game.from_position(fives(), [["5-5", "6-1", "2-0"], ["5-0", "3-2", "4-4"]], turn=0)
    play(g, Play(T("5-5")))  # 10
    play(g, Play(T("5-0"), 1))  # the spinner's bare side counts both halves: 10 + 0
    assert g.scores.written == (10, 10)
    g = Game.from_position(
        fives(), [["6-6", "2-0"], ["4-0", "3-1"]], line=["6-5", "5-5", "5-3"], turn=0
    )
    assert g.ends == [6, 3, 5, 5] and g.fives_count() == 9  # flanked spinner: arms count 0
    play(g, Play(T("6-6"), 0))  # 12 + 3 = 15
    assert g.scores.written == (15, 0) and g.events[-1].scored == 15


def test_R_F_3_domino_scores_the_pips_rounded_to_five():
    """R-F-3: 0-2 -> 0, 3-7 -> 5, 8-12 -> 10; a 1-2 left scores 5, a 1-1 left scores 0."""
    assert [round_to_5(p) for p in (0, 2, 3, 7, 8, 12, 13)] == [0, 0, 5, 5, 10, 10, 15]
    for left, scored in ((["2-1", "1-0"], 5), (["1-1"], 0), (["2-1"], 5)):
        g = Game.from_position(fives(), [["6-2"], left], line=["4-6"], turn=0)
        play(g, Play(T("6-2"), 0))  # ends 2 and 4: no fives
        assert g.result.kind == "domino" and g.result.points == (scored, 0)
    lines = describe_hand(g.rules, g.result, ["You", "CPU"])
    assert "You scores 5 (3 pips, to the nearest 5)." in lines[-1]


def test_R_F_3_blocked_the_lighter_hand_scores_rounded_and_level_scores_nothing():
    """R-F-3: blocked: the lighter hand scores the others' pips, rounded; level: nothing."""
    r = fives(drawing="none")
    g = Game.from_position(r, [["1-0"], ["4-4", "2-1"]], boneyard=[], line=["6-6"], turn=0)
    play(g, Pass(), Pass())
    assert g.result.kind == "blocked" and g.result.winner == 0
    assert g.result.points == (10, 0)  # 11 -> 10
    g = Game.from_position(r, [["2-1"], ["3-0"]], boneyard=[], line=["6-6"], turn=0)
    play(g, Pass(), Pass())
    assert g.result.winner is None and g.result.points == (0, 0)


def test_R_F_4_lead_by_lot_then_the_winner_leads_any_tile():
    """R-F-4: the first hand is led by lot, later hands by the winner; 7 tiles; 250."""
    r = fives()
    assert (r.first_opener, r.next_opener, r.hand_size, r.target) == ("random", "winner", 7, 250)
    assert {new_game(r, seed).opener for seed in range(40)} == {0, 1}
    assert len(new_game(r, 3).legal_actions()) == 7  # any tile may lead
    g = Game.from_position(r, [["6-2"], ["2-1", "1-0"]], line=["4-6"], turn=0)
    play(g, Play(T("6-2"), 0), NextHand())
    assert g.opener == 0 and g.turn == 0 and len(g.legal_actions()) == 7


def test_R_F_the_match_ends_when_the_hand_takes_a_side_to_250():
    r = fives()
    g = Game.from_position(
        r, [["6-2"], ["2-1", "1-0"]], line=["4-6"], turn=0, scores=Scores((246, 0), (0, 0), 0)
    )
    play(g, Play(T("6-2"), 0))
    assert g.phase == "match_over" and g.scores.written == (251, 0)
    assert g.match_result.winner_side == 0 and g.match_result.reason == "target"


def test_all_fives_rules_in_words():
    text = " ".join(explain(fives()))
    assert "spinner" in text and "multiple of 5" in text and "nearest 5" in text


# -------------------------------------------------------------------- Matador


def matador(**changes):
    return variant("matador", **changes)


def test_R_MT_1_touching_ends_add_up_to_seven():
    """R-MT-1: an open 5 takes a 2."""
    g = Game.from_position(matador(), [["6-2", "5-5"], ["1-0", "4-4"]], line=["5-3"], turn=0)
    assert g.legal_actions() == [Play(T("6-2"), 0)]  # its 2 against the 5
    play(g, Play(T("6-2"), 0))
    assert g.ends == [6, 3] and (g.line[0].left, g.line[0].right) == (6, 2)
    with pytest.raises(IllegalAction, match="does not fit the left end"):
        g.apply(Play(T("4-4"), 0))  # 4 + 6 = 10
    play(g, Play(T("4-4"), 1))  # 4 + 3 = 7
    assert g.ends == [6, 4] and g.invariant_errors() == []


def test_R_MT_2_matadors_go_anywhere_either_way_and_alone_on_a_blank():
    """R-MT-2: 0-0, 6-1, 5-2, 4-3 go on any end at any time; only they go on a blank."""
    g = Game.from_position(matador(), [["6-1", "0-0", "6-6"], ["3-2", "4-4"]], line=["3-0"], turn=0)
    assert g.ends == [3, 0]
    on_blank = {a for a in g.legal_actions() if isinstance(a, Play) and a.end == 1}
    assert on_blank == {Play(T("6-1"), 1, 6), Play(T("6-1"), 1, 1), Play(T("0-0"), 1)}
    assert all(a.tile != T("6-6") for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="either way round"):
        g.apply(Play(T("6-1"), 0))
    play(g, Play(T("6-1"), 0, 1))  # on the 3, its 1 touching: the 6 opens
    assert g.ends == [6, 0] and g.invariant_errors() == []
    assert g.legal_actions() == [Draw()]  # 3-2 and 4-4: no 1, no matador


def test_R_MT_3_doubles_count_one_number_in_play_and_full_pips_in_hand():
    """R-MT-3: a double laid counts as one number; left in a hand it counts its pips."""
    g = Game.from_position(matador(), [["3-3", "1-0"], ["5-5", "2-0"]], line=["6-4"], turn=0)
    play(g, Play(T("3-3"), 1))  # 3 + 4 = 7
    assert g.ends == [6, 3] and g.line[-1].double
    g = Game.from_position(matador(), [["4-3"], ["5-5", "2-2"]], line=["6-1"], turn=0)
    play(g, Play(T("4-3"), 1, 3))
    assert g.result.kind == "domino" and g.result.points == (14, 0)


def test_R_MT_4_draw_until_playable_two_stay_and_the_lightest_wins_a_block():
    """R-MT-4: draw until playable, two tiles stay; blocked: the lightest hand scores."""
    r = matador()
    assert (r.drawing, r.reserve, r.target, r.scoring) == ("until_playable", 2, 100, "winner_takes")
    g = Game.from_position(
        r, [["5-5", "6-6"], ["4-4", "2-2"]], boneyard=["3-1", "1-1", "6-5"], line=["1-0"], turn=0
    )
    assert g.legal_actions() == [Play(T("6-6"), 0)]  # 6 + 1 = 7
    g = Game.from_position(
        r, [["5-5", "3-3"], ["4-4", "2-2"]], boneyard=["3-1", "1-1", "6-5"], line=["1-0"], turn=0
    )
    assert g.legal_actions() == [Draw()]
    play(g, Draw())  # 3-1 does not fit either
    assert g.legal_actions() == [Pass()]  # the last two stay in the boneyard
    play(g, Pass(), Pass())
    assert g.result.kind == "blocked" and g.result.winner == 1
    assert g.result.points == (0, 20)  # 10 + 6 + 4


def test_matador_rules_in_words():
    text = " ".join(explain(matador()))
    assert "add up to 7" in text and "matador" in text
