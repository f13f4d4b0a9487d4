"""Core rules of every line game, played through Game.apply: RULES.md §3 (R-D, R-M) and §4 (R-O)."""

from __future__ import annotations

import dataclasses

import pytest
from engine_helpers import T, dealt, ids, play, variant

from dominoes_tui.engine import (
    Draw,
    Game,
    IllegalAction,
    NextHand,
    Pass,
    Play,
    Resign,
    Scores,
    VariantError,
    new_game,
    seat_view,
    tiles,
)
from dominoes_tui.engine.opener import find_opener

L, R = 0, 1


# --------------------------------------------------------------------------- R-D
@pytest.mark.parametrize(
    "name, changes",
    [
        ("classic", {}),
        ("goat", {}),
        ("standard-draw", {"set": 9, "players": 4, "hand_size": 5}),
        ("standard-block", {"set": 12, "players": 3, "hand_size": 5}),
    ],
)
def test_R_D_1_deal_hands_and_boneyard(name, changes):
    """R-D-1: the shuffled set gives hand_size tiles to each seat; the rest is the boneyard."""
    r = variant(name, **changes)
    g = new_game(r, seed=3)
    assert [len(g.hand(s)) for s in range(r.players)] == [r.hand_size] * r.players
    assert len(g.boneyard) == r.tile_count - r.players * r.hand_size
    every = sorted(t for s in range(r.players) for t in g.hand(s)) + list(g.boneyard)
    assert sorted(every) == list(range(r.tile_count))
    assert g.invariant_errors() == []
    # the same seed deals the same; another seed shuffles differently
    assert new_game(r, seed=3).hands == g.hands
    assert any(new_game(r, seed=s).hands != g.hands for s in range(4, 8))


def test_R_D_2_a_seat_sees_only_its_hand_counts_and_the_line():
    """R-D-2: the seat view holds its own hand, the line, the boneyard's count and tile counts."""
    r = variant("draw")
    g = Game.from_position(
        r,
        hands=[["6-5", "4-4", "1-0"], ["3-2", "6-6"]],
        boneyard=["5-5", "2-1", "0-0"],
        line=["5-3"],
        turn=0,
    )
    v = seat_view(g, 0)
    assert v.hand == tiles.mask_of(ids(["6-5", "4-4", "1-0"]))
    assert v.hand_counts == (3, 2)
    assert v.boneyard_count == 3
    assert [p.tile for p in v.line] == [T("5-3")]
    assert v.revealed is None and v.last_result is None
    assert set(v.legal) == set(g.legal_actions())
    assert seat_view(g, 1).legal == ()  # not seat 1's turn

    # Change every hidden tile (seat 1's hand, the boneyard's content and order):
    # seat 0's view is exactly the same, so it cannot hold any of them.
    h = Game.from_position(
        r,
        hands=[["6-5", "4-4", "1-0"], ["0-0", "2-1"]],
        boneyard=["6-6", "3-2", "5-5"],
        line=["5-3"],
        turn=0,
    )
    assert seat_view(h, 0) == v
    # ... and a CPU player, which is given only the view, sees nothing else.
    fields = {f.name for f in dataclasses.fields(v)}
    assert "hands" not in fields and "boneyard" not in fields


def test_R_D_2_history_tells_draws_and_passes_not_tiles():
    """R-D-2: the public history says who drew and passed on which ends, never what was drawn."""
    r = variant("draw")
    g = Game.from_position(
        r, hands=[["6-6", "1-0"], ["4-4", "3-3"]], boneyard=["4-0", "5-1"], line=["5-2"], turn=0
    )
    play(g, Draw(), Draw(), Play(T("5-1"), L))
    kinds = [(e.seat, e.kind, e.ends, e.tile) for e in g.events]
    assert kinds == [
        (0, "draw", (5, 2), None),
        (0, "draw", (5, 2), None),
        (0, "play", (5, 2), T("5-1")),
    ]
    v1 = seat_view(g, 1)
    assert v1.hand_counts == (3, 2)
    assert T("4-0") not in tiles.bits(v1.hand)
    assert all(e.tile is None for e in v1.events if e.kind == "draw")


@pytest.mark.parametrize("reserve, hand_size, ok", [(1, 13, True), (1, 14, False), (0, 14, False)])
def test_R_D_3_draw_games_leave_reserve_plus_one(reserve, hand_size, ok):
    """R-D-3: a draw game must leave reserve + 1 tiles after the deal, else it does not load."""
    if ok:
        r = variant("classic", reserve=reserve, hand_size=hand_size)
        g = new_game(r, seed=1)
        assert len(g.boneyard) >= r.reserve + 1
        assert g.drawable == len(g.boneyard) - r.reserve >= 1
    else:
        with pytest.raises(VariantError) as e:
            variant("classic", reserve=reserve, hand_size=hand_size)
        assert e.value.key == "hand_size" and "must leave at least" in str(e.value)
        assert "R-" not in str(e.value)  # rule IDs are for tests, never for players
    # a block game may deal every tile
    assert variant("block", hand_size=14).boneyard_size == 0


# --------------------------------------------------------------------------- R-M
def test_R_M_1_a_tile_fits_an_end_showing_its_number():
    """R-M-1: a tile fits an end showing n; its matching half touches, the other half is the new end."""
    r = variant("block")
    g = Game.from_position(
        r, hands=[["3-5", "6-2", "4-4"], ["0-0", "1-1", "1-0"]], line=["6-5"], turn=0
    )
    assert g.ends == [6, 5]
    assert set(g.legal_actions()) == {Play(T("5-3"), R), Play(T("6-2"), L)}
    with pytest.raises(IllegalAction, match="does not fit"):
        g.apply(Play(T("4-4"), L))
    with pytest.raises(IllegalAction, match="fits the right end"):
        g.apply(Play(T("5-3"), L))
    play(g, Play(T("5-3"), R))
    assert g.ends == [6, 3]
    assert (g.line[-1].left, g.line[-1].right) == (5, 3)
    play(g, Pass(), Play(T("6-2"), L))  # seat 1 cannot play: it passes
    assert g.ends == [2, 3]
    assert (g.line[0].left, g.line[0].right) == (2, 6)
    assert [p.tile for p in g.line] == ids(["6-2", "6-5", "5-3"])


def test_R_M_1_wrong_tile_and_not_in_hand_are_refused_with_reasons():
    """R-M-1: illegal plays raise IllegalAction naming why."""
    g = Game.from_position(variant("block"), hands=[["3-5"], ["0-0"]], line=["6-5"], turn=0)
    with pytest.raises(IllegalAction, match="not in your hand"):
        g.apply(Play(T("0-0"), L))
    with pytest.raises(IllegalAction, match="may not pass|fits"):
        g.apply(Pass())


def test_R_M_2_a_tile_fitting_both_ends_goes_where_the_player_chooses():
    """R-M-2: both ends are offered; the engine never picks an end for the player."""
    r = variant("block")
    # a line showing 6 at both ends: 6-2 fits both
    g = Game.from_position(r, hands=[["6-2", "1-1"], ["0-0"]], line=["6-3", "3-6"], turn=0)
    assert g.ends == [6, 6]
    assert {Play(T("6-2"), L), Play(T("6-2"), R)} <= set(g.legal_actions())
    with pytest.raises(IllegalAction, match="fits both ends"):
        g.apply(Play(T("6-2"), None))
    for end, expect in ((L, [2, 6]), (R, [6, 2])):
        h = g.copy()
        play(h, Play(T("6-2"), end))
        assert h.ends == expect


def test_R_M_3_doubles_behave_like_any_tile():
    """R-M-3: a double lies across the line and leaves the same number open."""
    r = variant("draw")
    g = Game.from_position(r, hands=[["3-3", "1-0"], ["3-1", "2-2"]], boneyard=[], line=["5-3"])
    play(g, Play(T("3-3"), R))
    assert g.ends == [5, 3] and g.line[-1].double
    play(g, Play(T("3-1"), R))
    assert g.ends == [5, 1]


def test_R_M_4_until_playable_draws_one_at_a_time_until_a_tile_fits():
    """R-M-4: with no fitting tile the player must draw, one at a time, until one fits."""
    r = variant("draw")
    g = Game.from_position(
        r,
        hands=[["6-6", "1-0"], ["4-4", "3-3"]],
        boneyard=["2-2", "4-0", "5-1", "0-0"],
        line=["5-2"],
        turn=0,
    )
    assert g.legal_actions() == [Draw()]
    with pytest.raises(IllegalAction, match="must draw"):
        g.apply(Pass())
    play(g, Draw())  # 2-2 fits the right end
    assert T("2-2") in g.hand(0)
    with pytest.raises(IllegalAction, match="may not draw"):
        g.apply(Draw())
    assert Draw() not in g.legal_actions()
    assert g.legal_actions() == [Play(T("2-2"), R)]
    play(g, Play(T("2-2"), R))
    # seat 1 draws 4-0: still nothing fits, so it draws again; 5-1 fits
    play(g, Draw())
    assert g.legal_actions() == [Draw()]
    play(g, Draw(), Play(T("5-1"), L))
    assert g.turn == 0 and len(g.boneyard) == 1


def test_R_M_4_no_drawable_tile_left_means_pass():
    """R-M-4: when only `reserve` tiles are left, a player who cannot play passes."""
    r = variant("pub-draw", reserve=2)
    g = Game.from_position(
        r, hands=[["6-6", "1-0"], ["4-4", "3-3"]], boneyard=["2-2", "5-1"], line=["5-2"]
    )
    assert g.drawable == 0
    assert g.legal_actions() == [Pass()]
    with pytest.raises(IllegalAction, match="may not be drawn"):
        g.apply(Draw())
    play(g, Pass())
    assert g.turn == 1


def test_R_M_4_any_time_may_draw_while_holding_a_fitting_tile():
    """R-M-4: `any_time` lets a player draw before playing even with a fitting tile."""
    r = variant("double-first")
    g = Game.from_position(
        r, hands=[["5-1", "6-6"], ["4-4", "3-3"]], boneyard=["0-0", "1-1"], line=["5-2"]
    )
    legal = g.legal_actions()
    assert Play(T("5-1"), L) in legal and Draw() in legal
    play(g, Draw(), Draw())
    assert g.hand(0) == ids(["0-0", "1-1", "5-1", "6-6"])
    assert g.legal_actions() == [Play(T("5-1"), L)]  # the boneyard is empty now


def test_R_M_4_block_game_passes_and_never_draws():
    """R-M-4: `none`: a player who cannot play passes, even with tiles in the boneyard."""
    r = variant("block")
    g = Game.from_position(r, hands=[["6-6", "1-0"], ["4-4", "5-3"]], line=["5-2"])
    assert len(g.boneyard) > 0
    assert g.legal_actions() == [Pass()]
    with pytest.raises(IllegalAction, match="no drawing"):
        g.apply(Draw())
    play(g, Pass(), Play(T("5-3"), L))


def test_R_M_5_hand_ends_at_domino():
    """R-M-5: a player playing their last tile ends the hand (domino)."""
    g = Game.from_position(variant("block"), hands=[["5-3"], ["4-4", "0-1"]], line=["6-5"])
    play(g, Play(T("5-3"), R))
    assert g.phase == "hand_over"
    assert g.result.kind == "domino" and g.result.winner == 0
    with pytest.raises(IllegalAction, match="hand is over"):
        g.apply(Pass())
    assert g.legal_actions() == [NextHand()]


@pytest.mark.parametrize("players", [2, 3])
def test_R_M_5_a_pass_by_every_seat_in_turn_is_a_block(players):
    """R-M-5: a pass by every seat in turn with no drawable tile blocks the hand."""
    r = variant("standard-draw", players=players, hand_size=5)
    hands = [["4-4", "0-1"], ["3-3", "0-3"], ["1-1", "3-1"]][:players]
    g = Game.from_position(r, hands=hands, boneyard=[], line=["6-5", "5-2"], turn=0)
    for _ in range(players - 1):
        play(g, Pass())
        assert g.phase == "play"
    play(g, Pass())
    assert g.phase == "hand_over" and g.result.kind == "blocked"


def test_R_M_5_a_play_between_passes_is_not_a_block():
    """R-M-5: passes count only in an unbroken round; a play in between resets them."""
    r = variant("standard-block", players=3, hand_size=5)
    g = Game.from_position(
        r, hands=[["4-4", "0-1"], ["2-3", "0-0"], ["1-1", "4-1"]], line=["6-5", "5-2"]
    )
    play(g, Pass(), Play(T("2-3"), R), Pass(), Pass())
    assert g.phase == "play" and g.turn == 1
    play(g, Pass())
    assert g.phase == "hand_over" and g.result.kind == "blocked"


def test_R_M_6_resigning_ends_the_match_as_a_loss():
    """R-M-6: where the preset offers it, resigning ends the match at once as a loss."""
    g = Game.from_position(
        variant("double-first"), hands=[["5-3", "1-1"], ["4-4", "0-1"]], line=["6-5"], turn=0
    )
    g.apply(Resign(1))
    assert g.phase == "match_over"
    assert g.match_result.loser_side == 1 and g.match_result.winner_side == 0
    assert g.match_result.reason == "resign"
    assert g.legal_actions() == []
    with pytest.raises(IllegalAction):
        g.apply(Play(T("5-3"), R))
    c = Game.from_position(variant("classic"), hands=[["5-3"], ["4-4"]], line=["6-5"])
    with pytest.raises(IllegalAction, match="does not offer resigning"):
        c.apply(Resign(0))


# --------------------------------------------------------------------------- R-O
NO_DOUBLE_HANDS = [
    ["1-0", "4-1", "5-2", "6-3", "5-4", "6-0", "3-2"],
    ["2-0", "2-1", "3-1", "4-2", "5-3", "6-4", "6-5"],
]


def test_R_O_1_lowest_double_skips_0_0():
    """R-O-1: `lowest_double`: 1-1 < 2-2 < … < 6-6; 0-0 only if no other double is held."""
    r = variant("draw")
    g = dealt(
        r,
        [
            ["0-0", "6-6", "6-1", "5-1", "4-1", "3-1", "2-0"],
            ["5-5", "2-2", "6-3", "5-3", "4-3", "3-0", "1-0"],
        ],
    )
    assert g.opener == 1 and g.turn == 1
    assert len(g.legal_actions()) == 7  # first_lead = any
    play(g, Play(T("6-3")))
    # only 0-0 among the doubles: its holder leads
    hands = [list(h) for h in NO_DOUBLE_HANDS]
    hands[1][0] = "0-0"
    g = dealt(r, hands)
    assert g.opener == 1


def test_R_O_2_blank_double_is_highest_and_that_tile_is_led():
    """R-O-2: `lowest_double_blank_high`: 1-1 < … < 6-6 < 0-0, and the double itself is led."""
    r = variant("classic")
    g = dealt(
        r,
        [
            ["0-0", "1-1", "6-1", "5-1", "4-2", "3-1", "2-0"],
            ["5-5", "2-2", "6-3", "5-3", "4-3", "3-0", "1-0"],
        ],
    )
    assert g.opener == 0
    assert g.legal_actions() == [Play(T("1-1"))]
    with pytest.raises(IllegalAction, match="must be led with 1-1"):
        g.apply(Play(T("6-1")))
    play(g, Play(T("1-1")))
    assert g.first_tile == T("1-1")
    # 0-0 against 6-6: 6-6 is lower here
    g = dealt(
        r,
        [
            ["0-0", "6-1", "5-1", "4-2", "3-1", "2-0", "4-0"],
            ["6-6", "6-3", "5-3", "4-3", "3-0", "1-0", "5-2"],
        ],
    )
    assert g.opener == 1 and g.legal_actions() == [Play(T("6-6"))]


def test_R_O_3_no_double_lowest_tile_leads():
    """R-O-3: no double dealt, `lowest_*`: lowest value, then lowest high half; that tile led."""
    r = variant("classic", redeal=False)
    g = dealt(r, NO_DOUBLE_HANDS)
    assert g.opener == 0 and g.legal_actions() == [Play(T("1-0"))]
    # 1-2 < 0-3: with 1-0 and 2-0 in the boneyard, the 2-1 holder leads it
    hands = [
        ["3-0", "4-1", "5-2", "6-3", "5-4", "6-0", "3-2"],
        ["4-0", "2-1", "3-1", "4-2", "5-3", "6-4", "6-5"],
    ]
    g = dealt(r, hands)
    assert g.opener == 1 and g.legal_actions() == [Play(T("2-1"))]


def test_R_O_3_no_double_heaviest_tile_leads():
    """R-O-3: `highest_*`: highest value, then highest high half (6-3 > 5-4); that tile led."""
    r = variant("standard-draw")
    g = dealt(r, NO_DOUBLE_HANDS)
    assert g.opener == 1 and g.legal_actions() == [Play(T("6-5"))]
    hands = [
        ["1-0", "4-1", "5-2", "6-3", "2-0", "6-0", "3-2"],
        ["5-4", "2-1", "3-1", "4-2", "5-3", "4-0", "3-0"],
    ]
    g = dealt(r, hands)  # 6-5, 6-4 in the boneyard: 6-3 beats 5-4
    assert g.opener == 0 and g.legal_actions() == [Play(T("6-3"))]
    # the order itself, through the function the game uses
    hs = [tiles.mask_of(ids(h)) for h in (["6-3", "5-3"], ["5-4", "1-0"])]
    assert find_opener(r, hs, "highest_tile") == (0, T("6-3"))
    assert find_opener(r, hs, "lowest_double") == (1, T("1-0"))


def test_R_O_3_highest_double_leads_highest_double():
    """R-O-3/R-O-2 counterpart: `highest_double` finds 6-6 down to 0-0 first."""
    r = variant("pub-draw")
    g = dealt(
        r,
        [
            ["0-0", "5-5", "6-1", "5-1", "4-2", "3-1", "2-0"],
            ["4-4", "2-2", "6-3", "5-3", "4-3", "3-0", "1-0"],
        ],
    )
    assert g.opener == 0 and len(g.legal_actions()) == 7  # first_lead any


def test_R_O_4_winner_leads_the_next_hand_any_tile():
    """R-O-4: `winner`: the previous hand's winner leads, any tile."""
    r = variant("pub-draw")
    g = Game.from_position(
        r, hands=[["4-4", "1-0"], ["5-3"]], boneyard=[], line=["6-5"], turn=0, seed=5
    )
    play(g, Pass(), Play(T("5-3"), R))
    assert g.result.winner == 1 and g.scores.written == (0, 9)
    play(g, NextHand())
    assert g.hand_no == 2 and g.opener == 1 and g.turn == 1
    assert len(g.legal_actions()) == 7


def test_R_O_4_winner_or_last_single_after_a_block():
    """R-O-4: `winner_or_last_single`: after a blocked hand the last non-double player leads."""
    r = variant("classic")
    g = Game.from_position(r, hands=[["3-2", "6-6"], ["4-4"]], boneyard=[], line=["2-1"], turn=1)
    play(g, Pass(), Play(T("3-2"), L), Pass(), Pass())
    assert g.result.kind == "blocked" and g.result.winner == 1  # 8 < 12
    play(g, NextHand())
    assert g.opener == 0  # seat 0 laid 3-2, the last non-double; the winner was seat 1


def test_R_O_4_winner_or_last_single_after_a_domino_is_the_winner():
    """R-O-4: after a domino the winner leads, even when the rule of 13 holds the penalty."""
    r = variant("classic")
    g = Game.from_position(r, hands=[["4-4", "1-0"], ["5-3"]], boneyard=[], line=["6-5"], turn=0)
    play(g, Pass(), Play(T("5-3"), R))
    assert g.scores.written == (0, 0) and g.scores.held == (9, 0)  # rule of 13 holds seat 0's 9
    play(g, NextHand())
    assert g.opener == 1


def test_R_O_4_alternate_openers():
    """R-O-4: `alternate`: the seat after the previous opener leads."""
    r = variant("double-first")
    g = Game.from_position(r, hands=[["5-3"], ["4-4", "0-1"]], boneyard=[], line=["6-5"], turn=0)
    play(g, Play(T("5-3"), R))  # seat 0 wins
    play(g, NextHand())
    assert g.opener == 1
    g2 = Game.from_position(r, hands=[["4-4"], ["5-3", "0-1"]], boneyard=[], line=["6-5"], turn=1)
    play(g2, Play(T("5-3"), R), Pass(), Pass())  # seat 1 opened
    play(g2, NextHand())
    assert g2.opener == 0


def test_R_O_4_rule_of_13_never_changes_who_leads():
    """R-O-4: the seat that won the hand leads although its opponent's penalty was only held."""
    r = variant("pub-draw", next_opener="winner")
    c = variant("classic", next_opener="winner")
    for rules in (r, c):
        g = Game.from_position(rules, hands=[["5-3"], ["1-0", "0-0"]], boneyard=[], line=["6-5"])
        play(g, Play(T("5-3"), R), NextHand())
        assert g.opener == 0


def test_R_O_5_double_if_held_leads_a_double():
    """R-O-5: the opener holding a double must lead one, any double they choose."""
    r = variant("double-first")
    g = Game.from_position(
        r, hands=[["5-5", "2-2", "6-1"], ["3-3", "1-0"]], lead="double_if_held", turn=0
    )
    assert set(g.legal_actions()) == {Play(T("5-5")), Play(T("2-2"))}
    with pytest.raises(IllegalAction, match="must lead a double"):
        g.apply(Play(T("6-1")))
    play(g, Play(T("2-2")))
    g = Game.from_position(r, hands=[["6-1", "5-0"], ["3-3"]], lead="double_if_held", turn=0)
    assert set(g.legal_actions()) == {Play(T("6-1")), Play(T("5-0"))}


def test_R_O_5_double_if_held_in_a_dealt_first_hand_and_the_next():
    """R-O-5: first_lead and next_lead `double_if_held` (double-first), through the deal."""
    r = variant("double-first")
    hands = [
        ["3-3", "6-6", "6-1", "5-1", "4-2", "3-1", "2-0"],
        ["4-4", "2-2", "6-3", "5-3", "4-3", "3-0", "1-0"],
    ]
    g = dealt(r, hands, hands)
    opener_doubles = {0: {"3-3", "6-6"}, 1: {"4-4", "2-2"}}[g.opener]
    assert {tiles.name(a.tile) for a in g.legal_actions()} == opener_doubles
    first = g.opener
    # finish the hand quickly: put it over by the rules, then check the next lead
    while g.phase == "play":
        g.apply(g.legal_actions()[0])
    play(g, NextHand())
    assert g.opener == (first + 1) % 2
    expect = {0: {"3-3", "6-6"}, 1: {"4-4", "2-2"}}[g.opener]
    assert {tiles.name(a.tile) for a in g.legal_actions()} == expect


def test_R_O_6_level_block_under_winner_previous_opener_leads():
    """R-O-6: after a level block scored `nobody`, the previous opener leads again under `winner`."""
    r = variant("pub-draw")
    for opener in (0, 1):
        g = Game.from_position(r, hands=[["4-4"], ["5-3"]], boneyard=[], line=["1-2"], turn=opener)
        play(g, Pass(), Pass())
        assert g.result.kind == "blocked" and g.result.winner is None
        assert g.scores == Scores.zero(2)
        play(g, NextHand())
        assert g.opener == opener


def test_first_seat_overrides_the_first_opener_rule():
    """A rematch that swaps the opener: `first_seat` opens, free to lead any tile."""
    r = variant("classic")
    g = new_game(r, seed=2, first_seat=1)
    assert g.opener == 1 and len(g.legal_actions()) == 7


def test_why_illegal_and_actions_as_data():
    """Actions are small values that round-trip through JSON; why_illegal gives the reason."""
    from dominoes_tui.engine import (
        PlayDoubles,
        TimeOut,
        action_from_json,
        action_to_json,
    )

    g = Game.from_position(variant("block"), hands=[["3-5"], ["0-0"]], line=["6-5"])
    assert g.why_illegal(Play(T("3-5"), R)) is None
    assert "does not fit" in g.why_illegal(Play(T("3-5"), L))
    assert g.hand(0) == [T("5-3")]  # asking changed nothing
    for a in (Play(3, 1), Play(4), PlayDoubles(0, 2), Draw(), Pass(), NextHand(), Resign(1)):
        assert action_from_json(action_to_json(a)) == a
        assert str(a)
    assert action_from_json(["timeout", 0]) == TimeOut(0)
    with pytest.raises(ValueError, match="not an action"):
        action_from_json(["jump", 1])
