"""Expert's reading of the others' plays in Chicken Foot (``rounds.read_heaviest``): a seat
that plays heaviest-first, as a Medium does, held no heavier tile that fitted where it
played (R-CF-4: any open line takes a tile; the 0-0 counts 50, R-CF-5)."""

from __future__ import annotations

import pytest

from dominoes_tui import arena
from dominoes_tui.ai import ExpertPlayer, make_player, rounds
from dominoes_tui.ai.knowledge import Knowledge
from dominoes_tui.engine import (
    ChickenFootGame,
    Draw,
    Pass,
    Play,
    load_variant,
    new_game,
    seat_view,
    tiles,
)

T = tiles.parse


def _table() -> ChickenFootGame:
    """Three seats, the 9-9 in the centre with its four arms laid (1, 2, 3 and 4 open);
    seat 1 lays the light 1-0 though its 4-3 fitted too, seat 2 its heaviest."""
    rules = load_variant("chicken-foot").replace(players=3, rounds=1)
    g = ChickenFootGame.from_position(
        rules,
        [["5-5", "6-0", "7-0"], ["1-0", "4-3", "8-8", "7-6"], ["3-2", "6-6", "7-7"]],
        arms=[["9-1"], ["9-2"], ["9-3"], ["9-4"]],
        turn=1,
    )
    g.apply(Play(T("1-0"), 0))
    g.apply(Play(T("3-2"), 2))
    return g


def _forbids_all(know: Knowledge, seat: int, tile: str) -> bool:
    return all(f & tiles.BIT[T(tile)] for f in know.slots[seat])


def test_a_seat_that_laid_a_light_tile_held_no_heavier_one_that_fitted():
    g = _table()
    view = seat_view(g, 0)
    know = rounds.infer(view)
    assert not _forbids_all(know, 1, "8-4")  # the draws and passes tell nothing yet
    read = rounds.read_heaviest(view, know)
    assert read == [1, 2]
    assert _forbids_all(know, 1, "8-4")  # fitted the 4 and counts 12 against the 1-0's 1
    assert _forbids_all(know, 1, "2-0")  # fitted the 2: still heavier
    assert not _forbids_all(know, 1, "0-0")  # counts 50, but no 0 was open then
    assert not _forbids_all(know, 1, "8-7")  # fitted nothing open then
    assert _forbids_all(know, 2, "8-4") and not _forbids_all(know, 2, "1-0")


def test_a_seat_whose_later_play_shows_a_heavier_fitting_tile_is_not_read():
    g = _table()
    g.apply(Play(T("6-0"), 0))
    g.apply(Play(T("4-3"), 3))  # seat 1 held the 4-3 when it laid the 1-0 on the 1
    view = seat_view(g, 0)
    know = rounds.infer(view)
    read = rounds.read_heaviest(view, know)
    assert 1 not in read and 2 in read
    assert not _forbids_all(know, 1, "8-4")


def test_a_heavier_tile_drawn_after_the_play_does_not_unread_the_seat():
    """Seat 1 lays the 1-0, later draws the 3-4 (nothing fits then, R-CF-3) and lays it once a 4
    is open: the 3-4 was not in hand at the 1-0, so seat 1 still reads as heaviest-first, and
    the slots it held then forbid what fitted and counted more."""
    rules = load_variant("chicken-foot").replace(players=3, rounds=1)
    g = ChickenFootGame.from_position(
        rules,
        [["4-8", "8-1", "6-6"], ["1-0", "7-7", "5-5"], ["3-6", "2-4", "7-6"]],
        boneyard=["3-4", "5-0", "6-1", "7-1"],
        arms=[["9-1"], ["9-2"], ["9-3"], ["9-4"]],
        turn=1,
    )
    g.apply(Play(T("1-0"), 0))
    g.apply(Play(T("3-6"), 2))
    g.apply(Play(T("4-8"), 3))  # open: 0, 2, 6, 8
    g.apply(Draw())  # seat 1 draws the 3-4, which fits none of them
    g.apply(Pass())
    g.apply(Play(T("2-4"), 1))
    g.apply(Play(T("8-1"), 3))
    g.apply(Play(T("3-4"), 1))  # heavier than the 1-0, and it would have fitted the 3 or 4
    view = seat_view(g, 0)
    know = rounds.infer(view)
    assert not _forbids_all(know, 1, "5-4")
    assert 1 in rounds.read_heaviest(view, know)
    assert _forbids_all(know, 1, "5-4")  # fitted the 4 at the 1-0 and counts more
    assert not _forbids_all(know, 1, "7-5")  # fitted nothing open at its plays and draw


def test_dealable_says_when_the_slots_leave_no_deal():
    know = Knowledge(
        0, unseen=tiles.BIT[T("1-0")] | tiles.BIT[T("2-0")], slots=[[], [0, 0]], boneyard_count=0
    )
    assert know.dealable()
    know.slots[1][0] = tiles.BIT[T("1-0")] | tiles.BIT[T("2-0")]
    assert not know.dealable()


@pytest.mark.parametrize("deal", range(3))
def test_against_mediums_the_reading_never_rules_out_the_hand_really_held(deal):
    """Rounds of four Mediums, read from seat 0 at each of its decisions: every seat read
    still has its true hand among the deals its slots allow, and the reading narrows them."""
    rules = load_variant("chicken-foot").replace(players=4, rounds=1)
    g = new_game(rules, arena.match_seed(3, deal))
    players = [make_player("medium", s) for s in range(4)]
    narrowed = 0
    while g.phase == "play":
        view = seat_view(g, g.turn)
        if g.turn == 0:
            know = rounds.infer(view)
            before = sum(f.bit_count() for fs in know.slots for f in fs)
            read = rounds.read_heaviest(view, know)
            narrowed += sum(f.bit_count() for fs in know.slots for f in fs) - before
            for s in read:
                alone = Knowledge(-1, g.hands[s], [know.slots[s]], 0)  # its hand, its slots
                assert alone.dealable(), (s, bin(g.hands[s]))
        g.apply(players[g.turn].choose(view))
    assert narrowed > 0


def _values_by(setting: str, *choices: object) -> dict[object, dict]:
    """Expert's values on :func:`_table`'s position from seat 0, for each choice of ``setting``."""
    view = seat_view(_table(), 0)
    return {
        c: ExpertPlayer(1, playouts=60, time_cap=None, **{setting: c}).evaluate(view)
        for c in choices
    }


def test_expert_reads_the_others_in_chicken_foot_and_not_in_mexican_train():
    assert rounds.default_read(load_variant("chicken-foot")) == rounds.READ == 2
    assert rounds.default_read(load_variant("mexican-train")) == 0
    values = _values_by("read", 0, 1, 2, None)
    assert values[None] == values[2]  # the house's default
    assert values[0] != values[1] != values[2]  # the deals read, then the playouts too


def test_expert_lays_its_own_heaviest_nine_times_in_ten_in_chicken_foot_playouts():
    assert rounds.default_greedy(load_variant("chicken-foot")) == rounds.GREEDY == 0.9
    assert rounds.default_greedy(load_variant("mexican-train")) == rounds.TRAINS_GREEDY == 0.75
    values = _values_by("greedy", 0.75, 0.9, None)
    assert values[None] == values[0.9] != values[0.75]
