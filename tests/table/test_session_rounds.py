"""The headless table for Mexican Train and Chicken Foot (issue 15, the table part):
where a tile goes is the engine's (the session asks only when it offers several places),
the round's words, the log naming trains and toes, no rule ID in anything said."""

from __future__ import annotations

import re

from dominoes_tui.engine import Pass, Stop, load_variant, tiles
from dominoes_tui.engine.chicken_foot import ChickenFootGame
from dominoes_tui.engine.trains import TrainsGame
from dominoes_tui.table import Pace, PlaceQuestion, TableSession
from dominoes_tui.table.words import rounds_forced

T = tiles.parse
RULE_ID = re.compile(r"\bR-[A-Z0-9]+(-\d+)?\b")


class FirstLegal:
    level = "easy"
    name = "CPU (Easy)"

    def choose(self, view):
        return view.legal[0]


def session(game) -> TableSession:
    s = TableSession(
        game.rules, 1, "easy", game=game, player_factory=lambda *_: FirstLegal(),
        pace=Pace.from_delay(0), autosave=False,
    )  # fmt: skip
    s.start()
    return s


def trains(**kw) -> TrainsGame:
    rules = load_variant("mexican-train", players=4, rounds=1)
    hands = kw.pop("hands", [["4-3", "5-0"], ["10-1", "6-6"], ["11-1", "5-5"], ["8-1", "1-1"]])
    tr = kw.pop("trains", [["12-4"], ["12-7"], ["12-9"], ["12-10"], ["12-3"]])
    return TrainsGame.from_position(rules, hands, trains=tr, **kw)


def said(s: TableSession) -> list[str]:
    return [str(x) for x in s.lines] + s.log_lines()


def test_a_tile_on_two_trains_is_asked_and_never_chosen_for_the_person() -> None:
    """R-TR-3: your train and the Mexican train both take 4-3: the person says which."""
    s = session(trains())
    assert s.play(T("4-3")) is False
    q = s.question
    assert isinstance(q, PlaceQuestion) and q.places == (0, 4)
    assert "1 your train, 2 the Mexican train" in str(s.prompt)
    s.move_pick(1)
    s.play_selected()  # Enter on the marked place
    assert s.log_lines()[0] == "You played 4-3 on the Mexican train"
    assert not RULE_ID.search(" ".join(said(s)))


def test_one_place_is_never_asked() -> None:
    s = session(trains(hands=[["9-1", "5-0"], ["10-1", "6-6"], ["11-1", "5-5"], ["8-1", "1-1"]],
                       markers=[2]))  # fmt: skip
    assert s.play(T("9-1")) is True and s.question is None
    assert s.log_lines()[0] == "You played 9-1 on North's train"


def test_a_number_out_of_range_says_how_to_answer() -> None:
    s = session(trains())
    s.play(T("4-3"))
    assert s.choose_number(5) is False
    assert "Press 1 to 2" in str(s.note)
    assert s.choose_number(1) is True
    assert s.log_lines()[0] == "You played 4-3 on your train"


def test_an_unsatisfied_double_is_said_and_refuses_elsewhere() -> None:
    """R-TR-4: the 6-6 must be satisfied first; the prompt and the refusal say so."""
    g = trains(hands=[["6-2", "12-5"], ["10-1", "9-9"], ["11-1", "5-5"], ["8-1", "1-1"]],
               trains=[[], ["12-6", "6-6"]])  # fmt: skip
    s = session(g)
    assert "Satisfy the 6-6 on East's train" in str(s.prompt)
    assert s.play(T("12-5")) is False
    assert "6-6 on East's train must be satisfied first" in str(s.note)
    assert s.play(T("6-2")) is True
    assert s.log_lines()[0] == "You played 6-2 on East's train"
    assert s.game.board().pending is None


def test_a_pass_opens_your_train_and_says_so() -> None:
    """R-TR-3: no play and nothing to draw: the table passes for you; your train opens."""
    g = trains(hands=[["5-0"], ["10-1", "6-6"], ["11-1", "5-5"], ["8-1", "1-1"]], boneyard=[])
    assert g.legal_actions() == [Pass()]
    assert "your train is open to all" in rounds_forced(False, g)
    s = session(g)  # with no pause the table passes for the person at once
    assert s.log_lines()[0].startswith("You passed")
    assert s.game.board().trains[0].marker


def test_the_round_and_the_totals_on_the_scores_row() -> None:
    s = session(trains())
    target, sides, stakes = s.score_parts()
    assert target == "Round 1 of 1: engine 12-12"
    assert [name for name, _, _ in sides] == ["You", "East", "North", "West"]
    assert stakes == ["lowest total wins"]


def test_the_foot_is_filled_first_and_its_toes_are_named() -> None:
    """R-CF-3: the 5-5's toes take 5s before anything else."""
    rules = load_variant("chicken-foot", players=4, rounds=1)
    g = ChickenFootGame.from_position(
        rules,
        [["5-0", "1-0", "8-8"], ["5-4", "2-0"], ["5-3", "3-0"], ["6-1", "4-0"]],
        arms=[["9-5", "5-5"], ["9-1"], ["9-2"], ["9-3"]],
    )
    s = session(g)
    assert "Fill the 5-5 (3 to go)" in str(s.prompt)
    assert s.play(T("1-0")) is False and "fits no open place" in str(s.note)
    assert s.play(T("5-0")) is True and s.question is None
    s.run_cpu()
    s.run_cpu()
    log = s.log_lines()
    assert log[:3] == [
        "You played 5-0 on 5-5's first toe",
        "East played 5-4 on 5-5's second toe",
        "North played 5-3 on 5-5's third toe",
    ]
    assert not RULE_ID.search(" ".join(said(s)))


def test_two_arms_that_come_to_the_same_are_not_asked_about() -> None:
    """3-6 fits two arms that both end in 3: either way the felt holds the same ends, so
    the person is not asked which (the search and the review count it one move too)."""
    rules = load_variant("chicken-foot", players=4, rounds=1)
    g = ChickenFootGame.from_position(
        rules,
        [["3-6", "1-0", "8-8"], ["5-4", "2-0"], ["5-3", "7-0"], ["6-1", "4-0"]],
        arms=[["9-3"], ["9-2", "2-3"], ["9-1"], ["9-4"]],
    )
    s = session(g)
    assert s.play(T("3-6")) is True and s.question is None
    assert s.log_lines()[0] == "You played 6-3 on arm 1"


def test_arms_that_differ_are_still_asked_about() -> None:
    """1-3 fits the arm ending in 3 and the one ending in 1: they differ, so it is asked."""
    rules = load_variant("chicken-foot", players=4, rounds=1)
    g = ChickenFootGame.from_position(
        rules,
        [["1-3", "1-0", "8-8"], ["5-4", "2-0"], ["5-3", "7-0"], ["6-1", "4-0"]],
        arms=[["9-3"], ["9-2"], ["9-1"], ["9-4"]],
    )
    s = session(g)
    assert s.play(T("1-3")) is False
    q = s.question
    assert isinstance(q, PlaceQuestion) and q.places == (0, 2)


def test_a_first_turn_run_is_stopped() -> None:
    """R-TR-8: the run goes on until s; the prompt says how."""
    rules = load_variant("mexican-train", players=3, rounds=1, first_turn_run=True)
    g = TrainsGame.from_position(
        rules, [["12-5", "5-4", "9-9"], ["10-1", "6-6"], ["11-1", "5-5"]], first_turns=[0, 1, 2]
    )
    s = session(g)
    assert "a run on your own train" in str(s.prompt)
    assert not s.can(Stop)
    assert "only after laying tiles" in (s.why_not(Stop) or "")
    s.play(T("12-5"))
    assert s.can(Stop) and "s to stop" in str(s.prompt)
    s.play(T("5-4"))
    assert s.stop() is True
    assert s.log_lines()[2] == "You ended the first-turn run"
