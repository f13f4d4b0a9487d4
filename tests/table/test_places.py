"""One vocabulary for places (issue 24): a move is named by the number it goes on, the
arm, the train or the toe, the same on the table, in the hint and in the review."""

from __future__ import annotations

import re

import pytest
from pilot_helpers import FirstLegal
from table_helpers import act_as_person

from dominoes_tui.ai import describe_action, make_player
from dominoes_tui.ai import review as rv
from dominoes_tui.engine import (
    HAND_OVER,
    Draw,
    Game,
    Pass,
    Play,
    load_variant,
    new_game,
    seat_view,
    tiles,
)
from dominoes_tui.engine.chicken_foot import ChickenFootGame
from dominoes_tui.engine.trains import TrainsGame
from dominoes_tui.table import HintAnswer, Pace, TableSession
from dominoes_tui.table.words import (
    distinct_moves,
    move_words,
    ordinal,
    place_data,
    plural,
    same_outcome,
)
from dominoes_tui.table.words import review as rw

T = tiles.parse
NAMES = ("You", "East", "North", "West")
LEFT_RIGHT = re.compile(r"\b(left|right)\b")
"""A line's end said by its side: the words the table no longer uses."""


def line_game() -> Game:
    """Ends 4 and 2; you hold 6-4 and 2-2."""
    return Game.from_position(
        load_variant("classic"), hands=[["6-4", "6-3", "2-2"], ["0-0", "1-1"]], line=["4-2"]
    )


def spinner_game() -> Game:
    """1-1 is the spinner with tiles on both sides: ends 6, 3, 1, 1 (R-F-1)."""
    return Game.from_position(
        load_variant("all-fives"),
        hands=[["6-1", "5-5", "4-2"], ["0-0", "2-0", "2-2"]],
        boneyard=[],
        line=["6-1", "1-1", "1-3"],
        turn=0,
    )


def trains_game() -> TrainsGame:
    """Your train takes 4, North's (with a marker) 9, the Mexican train 3."""
    rules = load_variant("mexican-train", players=4, rounds=1)
    return TrainsGame.from_position(
        rules,
        [["4-3", "9-5"], ["10-1", "6-6"], ["11-1", "5-5"], ["8-1", "1-1"]],
        trains=[["12-4"], ["12-7"], ["12-9"], ["12-10"], ["12-3"]],
        markers=[2],
    )


def foot_game() -> ChickenFootGame:
    """The 5-5 at the end of arm 1 grows a foot: its toes take 5s first (R-CF-3)."""
    rules = load_variant("chicken-foot", players=4, rounds=1)
    return ChickenFootGame.from_position(
        rules,
        [["5-0", "1-0", "8-8"], ["5-4", "2-0"], ["5-3", "3-0"], ["6-1", "4-0"]],
        arms=[["9-5", "5-5"], ["9-1"], ["9-2"], ["9-3"]],
    )


# ---------------------------------------------------------------- move_words
def test_a_line_end_is_named_by_its_number() -> None:
    """R-M-2: a tile goes on an end showing one of its numbers; the end is said by that
    number, as the table's question ("← the 4 or → the 6") says it."""
    g = line_game()
    assert g.ends == [4, 2]
    said = {a: move_words(g, a) for a in g.legal_actions()}
    assert said == {Play(T("6-4"), 0): "6-4 on the 4", Play(T("2-2"), 1): "2-2 on the 2"}
    assert place_data(g, Play(T("6-4"), 0)) == {
        "action": "play",
        "tile": "6-4",
        "end": 0,
        "number": 4,
    }
    lead = new_game(load_variant("classic"), seed=1)
    assert move_words(lead, Play(T("6-6"))) == "6-6 to lead"
    assert place_data(lead, Play(T("6-6")))["lead"] is True
    assert move_words(g, Draw()) == "draw" and move_words(g, Pass()) == "pass"
    assert place_data(g, Draw()) == {"action": "draw"}


def test_a_spinners_arm_is_named_with_its_number() -> None:
    """R-F-1: the spinner's up and down arms, named as the felt draws them."""
    g = spinner_game()
    said = [move_words(g, a) for a in g.legal_actions()]
    assert said == ["6-1 on the 6", "6-1 on the up arm's 1", "6-1 on the down arm's 1"]
    assert move_words(g, Play(T("6-1"), 2), brief=True) == "6-1 up arm's 1"
    assert place_data(g, Play(T("6-1"), 2)) == {
        "action": "play",
        "tile": "6-1",
        "end": 2,
        "number": 1,
        "arm": "up",
    }
    # the view says it as the game does
    view = seat_view(g, 0)
    assert [move_words(view, a) for a in view.legal] == said


def test_trains_are_named_by_their_owner() -> None:
    """R-TR-3, R-TR-4: your train, a train with a marker, the Mexican train."""
    g = trains_game()
    said = {a: move_words(g, a, NAMES) for a in g.legal_actions()}
    assert said == {
        Play(T("4-3"), 0): "4-3 on your train",
        Play(T("4-3"), 4): "4-3 on the Mexican train",
        Play(T("9-5"), 2): "9-5 on North's train",
    }
    # North reads its own train as "your train"
    assert move_words(g, Play(T("9-5"), 2), NAMES, viewer=2) == "9-5 on your train"
    assert move_words(g, Play(T("4-3"), 4), NAMES, brief=True) == "4-3 Mexican train"
    assert place_data(g, Play(T("9-5"), 2)) == {
        "action": "play",
        "tile": "9-5",
        "train": 2,
        "owner": 2,
        "number": 9,
    }
    assert place_data(g, Play(T("4-3"), 4))["owner"] is None


def test_a_toe_is_named_by_its_double_and_its_place_in_the_foot() -> None:
    """R-CF-3: a foot's three toes, in the order they are filled."""
    g = foot_game()
    (first,) = g.legal_actions()
    assert move_words(g, first, NAMES) == "5-0 on 5-5's first toe"
    g.apply(first)
    (second,) = g.legal_actions()
    assert move_words(g, second, NAMES) == "5-4 on 5-5's second toe"
    assert place_data(g, second) == {
        "action": "play",
        "tile": "5-4",
        "line": 5,
        "toe": 2,
        "of": "5-5",
        "number": 5,
    }
    assert move_words(g, second, NAMES, brief=True) == "5-4 5-5 toe 2"
    assert move_words(g, Play(T("9-4"), 1), NAMES) == "9-4 on arm 2"


def test_two_ends_showing_one_number_are_told_apart_only_when_they_differ() -> None:
    """R-M-2, R-F-2: in All Fives a double at an end counts both halves, so 4-1 on the
    4-4 and on the other 4 are two moves, told by the tile each end lies on; on a plain
    line they are one move, said once."""
    line = ["4-4", "4-0", "0-2", "2-4"]
    hands = [["4-1", "5-5"], ["0-0", "1-0"]]
    fives = Game.from_position(load_variant("all-fives"), hands=hands, line=line)
    assert fives.ends == [4, 4]
    assert [move_words(fives, a) for a in distinct_moves(fives)] == [
        "4-1 on the 4 of 4-4",
        "4-1 on the 4 of 4-2",
    ]
    plain = Game.from_position(load_variant("classic"), hands=hands, line=line)
    assert [move_words(plain, a) for a in plain.legal_actions()] == ["4-1 on the 4"] * 2
    assert [move_words(plain, a) for a in distinct_moves(plain)] == ["4-1 on the 4"]


def test_placements_with_the_same_outcome_are_one_move() -> None:
    """R-M-2: 6-3 on either of two ends showing 3 makes the same game; the spinner's two
    empty arms showing 1 are alike too (the engine's outcome key)."""
    g = Game.from_position(
        load_variant("draw"), hands=[["6-3", "3-0", "1-1"], ["0-0", "1-0"]], line=["3-1", "1-3"]
    )
    assert g.ends == [3, 3] and len(g.legal_actions()) == 4
    assert distinct_moves(g) == [Play(T("3-0"), 0), Play(T("6-3"), 0)]
    assert same_outcome(g, Play(T("6-3"), 0), Play(T("6-3"), 1))
    assert not same_outcome(g, Play(T("6-3"), 0), Play(T("3-0"), 0))
    s = spinner_game()
    assert distinct_moves(s) == [Play(T("6-1"), 0), Play(T("6-1"), 2)]


def test_ordinals_and_plurals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "102nd",
    ]
    assert plural(1, "unseen tile") == "1 unseen tile"
    assert plural(2, "unseen tile") == "2 unseen tiles"
    assert plural(2, "inaccuracy") == "2 inaccuracies"
    assert plural(0, "point") == "0 points"


# ---------------------------------------------------------------- the review
def rigged(view, seed):
    """Values by tile (the higher, the better), whatever the seed."""
    return {a: (a.tile if isinstance(a, Play) else 0) / 100 for a in view.legal}


def test_the_review_merges_placements_and_names_them_by_place() -> None:
    g = Game.from_position(
        load_variant("draw"), hands=[["6-3", "3-0", "1-1"], ["0-0", "1-0"]], line=["3-1", "1-3"]
    )
    view = seat_view(g, 0)
    j = rv.judge(view, Play(T("3-0"), 1), rv.Budget(rounds=1, max_rounds=1), evaluator=rigged)
    assert j.best.tile == T("6-3")
    moves = rw.every_move(j)
    assert [w for w, _ in moves] == ["6-3 on the 3", "3-0 on the 3"]  # four placements, two moves
    d = rw.judgement_json(j)
    assert d["played"] == "3-0 on the 3" and d["best"] == "6-3 on the 3"
    assert d["played_place"] == {"action": "play", "tile": "3-0", "end": 1, "number": 3}
    assert d["best_place"]["tile"] == "6-3" and d["best_place"]["number"] == 3


def cpu_match(variant: str, seed: int) -> Game:
    rules = load_variant(variant)
    g = new_game(rules, seed)
    players = [make_player("easy", seed * 10 + s) for s in range(rules.players)]
    while not g.is_over:
        if g.phase == HAND_OVER:
            g.apply(g.legal_actions()[0])
        else:
            g.apply(players[g.turn].choose(seat_view(g, g.turn)))
    return g


LINE_GAMES = ("classic", "draw", "block", "all-fives", "matador", "double-first")


@pytest.mark.parametrize("variant", LINE_GAMES)
def test_no_review_text_says_left_or_right_in_a_line_game(variant: str) -> None:
    """The review (`dominoes review`, its JSON, the list of every move) names the ends by
    their numbers and the decisions by the person's own count."""
    g = cpu_match(variant, 3)
    start = new_game(g.rules, g.seed, g.first_seat)
    review = rv.review(start, g.log, 0, budget=rv.Budget(rounds=1, max_rounds=1), evaluator=rigged)
    assert review.judgements
    texts = rw.report_lines(review)
    for j in review.judgements:
        texts += [rw.played_words(j), rw.best_words(j), rw.why_words(j)]
        texts += [w for w, _ in rw.every_move(j)] + [w for w, _ in rw.every_move(j, brief=True)]
        texts += [str(v) for v in rw.judgement_json(j).values() if isinstance(v, str)]
    said = "\n".join(texts)
    assert not LEFT_RIGHT.search(said), LEFT_RIGHT.search(said)
    for h in review.hands:
        assert [j.mine for j in h.judgements] == list(range(1, len(h.judgements) + 1))
    assert "Your 1st move" in said or "No marked moves" in said


@pytest.mark.parametrize("variant", ("classic", "all-fives", "matador"))
def test_no_hint_says_left_or_right_in_a_line_game(variant: str) -> None:
    """Whatever the hint chooses, the table says it by the end's number (and the key
    when the table would ask which end)."""
    s = TableSession(
        load_variant(variant).replace(target=0),
        7,
        "easy",
        player_factory=lambda *_: FirstLegal(),
        pace=Pace.from_delay(0),
        autosave=False,
    )
    s.start()
    hinted = 0
    for _ in range(60):
        if s.game.phase != "play":
            break
        if s.game.turn != 0:
            s.run_cpu()
            continue
        legal = s.game.legal_actions()
        for a in legal:
            reason = f"{describe_action(a, seat_view(s.game, 0))}: sheds 5 pips"
            request = s.request_hint()
            assert request is not None
            assert s.hint_answer(HintAnswer(request.token, a, reason))
            said = str(s.note)
            assert said.startswith(f"Hint: {move_words(s.game, a, s.names)}")
            assert not LEFT_RIGHT.search(said), said
            hinted += 1
        act_as_person(s, legal[0])
    assert hinted > 3
