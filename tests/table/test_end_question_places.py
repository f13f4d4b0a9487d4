"""The table's "which end?" question speaks the places' one vocabulary (issue 24).

Two ends showing the same number that make different games are named as the move's
words name them ("on the 4 of 4-4"), so the two choices read differently; placements
with the same outcome are one choice, and a tile whose placements are all one outcome
is laid without a question (R-M-2, R-F-1, R-F-2).
"""

from __future__ import annotations

from dominoes_tui.engine import Game, Play, load_variant, tiles
from dominoes_tui.table import EndQuestion, TableSession
from dominoes_tui.table.words import hint_words

T = tiles.parse


def at(game: Game) -> TableSession:
    return TableSession(game.rules, 1, "easy", game=game, autosave=False)


def double_at_one_end() -> Game:
    """All Fives, both ends show 4: 4-4 at the left, 2-4 at the right; 4-1 scores
    differently on each (a double counts both halves, R-F-2)."""
    return Game.from_position(
        load_variant("all-fives", clock_minutes=0),
        hands=[["4-1", "5-5"], ["0-0", "1-0"]],
        line=["4-4", "4-0", "0-2", "2-4"],
        turn=0,
    )


def test_two_ends_showing_one_number_are_named_by_the_tile_they_lie_on() -> None:
    s = at(double_at_one_end())
    s.start()
    assert not s.play(T("4-1")) and s.question == EndQuestion(T("4-1"), (0, 1))
    prompt = s.prompt
    assert prompt.text == "← the 4 of 4-4 or → the 4 of 4-2?  Esc: other tile"
    assert prompt.short == "← 4 of 4-4, → 4 of 4-2?  Esc: other tile"
    s.play_selected()  # Enter: how to answer, in the same words
    assert "press ← the 4 of 4-4 or → the 4 of 4-2" in s.note.text
    assert s.choose_arrow("←")
    assert s.game.log[0] == Play(T("4-1"), 0)  # on the double


def test_a_spinners_two_empty_arms_are_one_choice() -> None:
    """R-F-1: the up and down arms beside 1-1 both show 1 and make the same game: the
    question is between the 6 and one arm, never between the two arms."""
    game = Game.from_position(
        load_variant("all-fives", clock_minutes=0),
        hands=[["6-1", "5-5", "4-2"], ["0-0", "2-0", "2-2"]],
        boneyard=[],
        line=["6-1", "1-1", "1-3"],
        turn=0,
    )
    s = at(game)
    s.start()
    assert not s.play(T("6-1")) and s.question == EndQuestion(T("6-1"), (0, 2))
    assert s.prompt.text == "← the 6 or ↑ the up arm's 1?  Esc: other tile"


def test_a_tile_whose_places_are_one_move_is_laid_without_a_question() -> None:
    """R-F-1: 2-1 fits only the two empty arms (alike): laid at once, on the up arm."""
    game = Game.from_position(
        load_variant("all-fives", clock_minutes=0),
        hands=[["2-1", "5-5", "4-4"], ["0-0", "2-0", "2-2"]],
        boneyard=[],
        line=["6-1", "1-1", "1-3"],
        turn=0,
    )
    s = at(game)
    s.start()
    assert len([a for a in game.legal_actions() if getattr(a, "tile", None) == T("2-1")]) == 2
    assert s.play(T("2-1")) and s.question is None
    assert s.game.log[0] == Play(T("2-1"), 2)


def test_a_hint_on_a_long_place_keeps_its_short_form_to_one_row() -> None:
    """The place told by its tile and a matador's way round make a long head: the short
    form then keeps the move and the odds only."""
    why = "sheds 12 pips; they had no 3 when they drew (63% to win the match)"
    hint = hint_words(f"x: {why}", "5-2 on the 0 of 4-0 (5 touching)", "←")
    assert hint.short == "Hint: 5-2 on the 0 of 4-0 (5 touching) (←) (63% to win the match)."
    assert hint_words(f"x: {why}", "6-4 on the 4", "→").short == (
        "Hint: 6-4 on the 4 (→): sheds 12 pips (63% to win the match)."
    )
