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


def test_the_log_names_the_place_as_the_question_and_the_review_do() -> None:
    """One function for places (issue 24): the move log says where a tile went in the
    words of the moment it was laid, as the review's ``move_words`` says it, "of 4-4"
    included."""
    from dominoes_tui.table.words import move_words

    for arrow, end, said in (("←", 0, "on the 4 of 4-4"), ("→", 1, "on the 4 of 4-2")):
        game = double_at_one_end()
        before = game.copy()
        s = at(game)
        s.start()
        s.play(T("4-1"))
        assert s.choose_arrow(arrow)
        assert move_words(before, Play(T("4-1"), end)) == f"4-1 {said}"  # the review's
        entry = [e for e in s.log() if e.seat == 0][-1]
        assert entry.what.startswith(f"played 4-1 {said}"), entry.what


def test_a_resumed_match_names_the_places_as_they_were_said() -> None:
    """The log rebuilt from a save (``rebuild``) holds the same words for the hand being
    played as the table that laid the tiles."""
    from dominoes_tui.engine import new_game
    from dominoes_tui.table.resume import rebuild

    rules = load_variant("all-fives", clock_minutes=0)
    s = TableSession(rules, 3, "easy", game=new_game(rules, 3), autosave=False)
    s.start()
    g = s.game
    for _ in range(40):
        if g.phase != "play" or len(s.places) >= 4:
            break
        s._apply(g.legal_actions()[-1], "test")
    assert len(s.places) >= 4
    assert rebuild(g, s.names).places == s.places
