"""A move in as many words as a narrow row holds (:func:`move_words_within`, issue 24):
the review list's rows read whole at 80 columns instead of being cut."""

from __future__ import annotations

from dominoes_tui.engine import Game, Play, load_variant, tiles
from dominoes_tui.engine.trains import TrainsGame
from dominoes_tui.table.words import move_words, move_words_within

T = tiles.parse
NAMES = ("You", "East", "North", "West")


def test_a_train_in_fewer_words() -> None:
    """R-TR-3: "North's train" → "North's", "the Mexican train" → "Mexican"."""
    g = TrainsGame.from_position(
        load_variant("mexican-train", players=4, rounds=1),
        [["4-3", "9-5", "4-1"], ["10-1", "6-6"], ["11-1", "5-5"], ["8-1", "1-1"]],
        trains=[["12-4"], ["12-7"], ["12-9"], ["12-10"], ["12-3"]],
        markers=[2],
    )
    mexican, north, own = Play(T("4-3"), 4), Play(T("9-5"), 2), Play(T("4-1"), 0)
    assert move_words_within(g, mexican, 30, NAMES) == "4-3 Mexican train"
    assert move_words_within(g, mexican, 11, NAMES) == "4-3 Mexican"
    assert move_words_within(g, north, 11, NAMES) == "9-5 North's"
    assert move_words_within(g, own, 11, NAMES) == "4-1 yours"


def test_line_ends_and_arms_in_fewer_words() -> None:
    """R-M-2, R-F-1: "on the 4" → "on 4"; an end told by its tile → "on 4-4"; an arm."""
    fives = Game.from_position(
        load_variant("all-fives"),
        hands=[["4-1", "5-5"], ["0-0", "1-0"]],
        line=["4-4", "4-0", "0-2", "2-4"],
    )
    on_double = Play(T("4-1"), 0)
    assert move_words(fives, on_double, brief=True) == "4-1 on the 4 of 4-4"
    assert move_words_within(fives, on_double, 19) == "4-1 on the 4 of 4-4"
    assert move_words_within(fives, on_double, 11) == "4-1 on 4-4"
    spinner = Game.from_position(
        load_variant("all-fives"),
        hands=[["6-1", "5-5"], ["0-0", "2-0"]],
        line=["6-1", "1-1", "1-3"],
    )
    assert move_words_within(spinner, Play(T("6-1"), 2), 11) == "6-1 up arm"
    assert move_words_within(spinner, Play(T("6-1"), 0), 11) == "6-1 on 6"


def test_a_matadors_way_round_goes_last() -> None:
    """R-MT-2: the way round is kept while it fits, then left to the detail."""
    g = Game.from_position(
        load_variant("matador"), hands=[["5-2", "6-6"], ["1-1", "2-2"]], line=["0-4", "4-3"]
    )
    play = Play(T("5-2"), 0, 5)
    assert move_words_within(g, play, 30) == "5-2 on the 4 (5 touching)"
    assert move_words_within(g, play, 21) == "5-2 on 4 (5 touching)"
    assert move_words_within(g, play, 20) == "5-2 on 4"
    assert move_words_within(g, play, 11) == "5-2 on 4"
