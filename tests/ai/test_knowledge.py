"""What a seat infers from draws and passes (voids), and deals consistent with it."""

from __future__ import annotations

import random

from dominoes_tui.ai.knowledge import infer, public_voids, sample_slots, sample_world
from dominoes_tui.ai.sim import match_value
from dominoes_tui.engine import (
    Draw,
    Game,
    Pass,
    Play,
    Scores,
    load_variant,
    new_game,
    seat_view,
    tiles,
)

T = tiles.parse


def drew_on_three():
    """Seat 1 draws twice on ends 3|3, then plays the second tile it drew."""
    rules = load_variant("pub-draw")
    g = Game.from_position(
        rules,
        [["6-6", "5-1", "2-0"], ["5-5", "5-4", "6-5"]],
        boneyard=["6-0", "3-1", "4-4", "2-2", "1-1", "0-0", "4-0"],
        line=["3-3"],
        turn=1,
    )
    g.apply(Draw())  # 6-0: no 3
    g.apply(Draw())  # 3-1 fits
    g.apply(Play(T("3-1"), 0))
    return g


def test_a_draw_until_playable_shows_a_void():
    g = drew_on_three()
    know = infer(seat_view(g, 0))
    assert 3 in know.voids(1)
    # The tile drawn and not played (6-0) is not bound by a later void it did not face,
    # but it was drawn while they still lacked a 3: every slot forbids 3s.
    assert all(f & tiles.SUIT_MASK[3] for f in know.slots[1])
    assert len(know.slots[1]) == g.hands[1].bit_count()


def test_tiles_drawn_after_a_pass_are_not_bound_by_it():
    rules = load_variant("pub-draw")
    g = Game.from_position(
        rules,
        [["6-6", "5-1"], ["5-5", "5-4"]],
        boneyard=["2-2", "3-0"],
        line=["3-3"],
        turn=1,
    )
    g.apply(Draw())  # 2-2, no 3
    g.apply(Draw())  # 3-0 fits
    know = infer(seat_view(g, 0))
    slots = know.slots[1]
    assert len(slots) == 4
    assert sum(1 for f in slots if f & tiles.SUIT_MASK[3]) == 3  # held while drawing
    assert 3 not in know.voids(1)  # the last tile drawn may be a 3 (it is)


def test_a_draw_by_choice_says_nothing():
    rules = load_variant("double-first")
    g = Game.from_position(
        rules, [["6-6", "5-1"], ["3-5", "5-4"]], boneyard=["2-2", "4-0"], line=["3-3"], turn=1
    )
    g.apply(Draw())  # any_time: they hold 3-5 and drew anyway
    know = infer(seat_view(g, 0))
    assert 3 not in know.voids(1)
    assert not any(know.slots[1])


def test_a_pass_in_the_block_game_shows_both_ends():
    rules = load_variant("block")
    g = Game.from_position(rules, [["6-6", "5-1"], ["2-2", "4-0"]], line=["3-5"], turn=1)
    g.apply(Pass())
    know = infer(seat_view(g, 0))
    assert {3, 5} <= know.voids(1)


def test_sampled_deals_respect_counts_and_voids():
    g = drew_on_three()
    view = seat_view(g, 0)
    know = infer(view)
    rng = random.Random(0)
    for _ in range(200):
        hands, bone = sample_world(know, view.hand_counts, rng)
        assert hands[0] == 0
        assert hands[1].bit_count() == view.hand_counts[1]
        assert len(bone) == view.boneyard_count
        assert not hands[1] & tiles.SUIT_MASK[3]
        assert not hands[1] & view.hand
        together = hands[1] | tiles.mask_of(bone)
        assert together & ~view.unseen == 0  # (tiles set aside by the position stay unseen)


def test_the_first_lead_tells_who_lacked_better_doubles():
    """Classic: 4-4 led as the lowest double: nobody held 1-1, 2-2, 3-3 at the deal."""
    rules = load_variant("classic")
    g = new_game(rules, 0)
    led = g.legal_actions()[0]
    opener = g.turn
    g.apply(led)
    view = seat_view(g, 1 - opener)
    know = infer(view)
    order = [T("1-1"), T("2-2"), T("3-3"), T("4-4"), T("5-5"), T("6-6"), T("0-0")]
    better = tiles.mask_of(order[: order.index(led.tile)])
    assert all(f & better == better for f in know.slots[opener])


def test_match_value_reads_the_score_the_way_each_scoring_means_it():
    classic, pub = load_variant("classic"), load_variant("pub-draw")
    even = match_value(classic, Scores((0, 0), (0, 0), 0), 0)
    assert abs(even - 0.5) < 0.02
    # Penalty: points written against you are bad; at the target you have lost.
    assert match_value(classic, Scores((60, 20), (0, 0), 0), 0) < 0.5
    assert match_value(classic, Scores((101, 20), (0, 0), 0), 0) == 0.0
    # Winner takes: points are good; at the target you have won.
    assert match_value(pub, Scores((60, 20), (0, 0), 0), 0) > 0.5
    assert match_value(pub, Scores((100, 20), (0, 0), 0), 0) == 1.0
    # A point counts more near the end than at the start.
    early = match_value(pub, Scores((10, 0), (0, 0), 0), 0) - 0.5
    late = match_value(pub, Scores((90, 80), (0, 0), 0), 0) - match_value(
        pub, Scores((80, 80), (0, 0), 0), 0
    )
    assert late > early
    # A single hand: won or lost.
    single = pub.replace(target=0)
    assert match_value(single, Scores((0, 0), (0, 0), 0), 0, result_side=0) == 1.0


def test_tiles_drawn_after_a_play_were_not_held_at_it():
    """Issue 13: what a seat held at an earlier play leaves out the tiles it drew since."""
    rules = load_variant("pub-draw")
    g = Game.from_position(
        rules,
        [["6-6", "5-1", "2-0"], ["3-4", "1-1", "5-5"]],
        boneyard=["6-0", "3-1", "4-4", "2-2", "1-0", "0-0", "4-0"],
        line=["3-3"],
        turn=1,
    )
    g.apply(Play(T("3-4"), 0))  # event 0: seat 1 plays 3-4 (the line shows 4 and 3)
    g.apply(Play(T("2-0"), 0) if Play(T("2-0"), 0) in g.legal_actions() else Draw())
    while g.turn == 0:
        g.apply(g.legal_actions()[0])
    view = seat_view(g, 0)
    know = infer(view)
    rng = random.Random(1)
    hands, bone, slot_tiles = sample_slots(know, rng)
    assert hands[1] == sum(1 << t for t in slot_tiles[1])
    at_play = know.held_before(1, 0, slot_tiles[1])
    assert at_play & tiles.BIT[T("3-4")]  # the tile played was held when it was played
    later = [b for b in know.born[1] if b >= 0]
    assert not later  # seat 1 drew nothing: everything it holds, it held at event 0
    assert at_play == hands[1] | tiles.BIT[T("3-4")]


def test_sample_slots_deals_as_sample_world():
    g = drew_on_three()
    view = seat_view(g, 0)
    know = infer(view)
    a = sample_world(know, view.hand_counts, random.Random(4))
    b = sample_slots(know, random.Random(4))
    assert a == (b[0], b[1])
    assert len(know.born[1]) == len(know.slots[1])
    # the 3-1 played right after the draws came from the slot of that draw
    assert [(at, t) for _, at, t in know.spent[1]] == [(2, T("3-1"))]
    assert know.spent[1][0][0] == 1


def test_public_voids_follow_draws_and_passes():
    g = drew_on_three()
    voids = public_voids(seat_view(g, 0))
    assert voids[1] == 1 << 3 and voids[0] == 0
    rules = load_variant("block")
    g = Game.from_position(rules, [["6-6", "5-1"], ["2-2", "4-0"]], line=["3-5"], turn=1)
    g.apply(Pass())
    assert public_voids(seat_view(g, 0))[1] == (1 << 3) | (1 << 5)
