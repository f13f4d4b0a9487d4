"""The coach's strategy points, costly patterns and blunder question (issue 16), headless:
``dominoes_tui.table.strategy`` reads positions, no Textual."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace

import pytest

from dominoes_tui.engine import Draw, Game, Play, load_variant, new_game, seat_view, tiles
from dominoes_tui.table import strategy as coach

T = tiles.parse
NAMES = ("You", "CPU")
LOCK_LINE = ["5-1", "1-3", "3-3", "3-0", "0-2", "2-3", "3-4", "4-6", "6-3"]
"""Ends 5 and 3; six 3s on the line: with 5-3 in your hand, every 3 is accounted for."""


def view_of(variant: str, hands, line=(), turn=0, boneyard=None, **changes):
    rules = load_variant(variant).replace(target=0, **changes)
    g = Game.from_position(rules, hands=hands, line=line, turn=turn, boneyard=boneyard)
    return g, seat_view(g, 0)


def test_the_coach_imports_no_ui_library() -> None:
    code = (
        "import json, sys\n"
        "import dominoes_tui.table.strategy, dominoes_tui.table.practice\n"
        "print(json.dumps(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(out.stdout) == []


# ------------------------------------------------------------ the strategy points
def test_think_before_you_block() -> None:
    """5-3 on the 5 leaves 3 and 3 with every 3 laid or in your hand: the game locks."""
    _, v = view_of("block", [["5-3", "6-6"], ["5-5", "2-1"]], LOCK_LINE)
    assert coach.locks(v, Play(T("5-3"), 0))
    assert not coach.locks(v, Play(T("5-3"), 1))
    p = coach.strategy_point(v, NAMES)
    assert p is not None and p.key == "block"
    assert str(p).startswith(
        "Think before you block: 5-3 would block the game. Add up both hands first: "
        "yours would count 12; CPU's 2 tiles count between"
    )


def test_count_to_seven() -> None:
    _, v = view_of("block", [["5-3", "6-6"], ["5-5", "2-1"]], LOCK_LINE)
    p = coach.strategy_point(v, NAMES, skip={"block"})
    assert p is not None and p.key == "seven"
    assert p.text == (
        "all seven 3s are on the table or in your hand: leave a 3 open and CPU cannot follow a 3."
    )


def test_remember_what_they_could_not_play() -> None:
    """The CPU drew on 4 and 1 (R-M-4: it drew because nothing fitted): it holds neither."""
    g, _ = view_of(
        "draw",
        [["1-2", "4-5", "0-0"], ["6-6", "6-5"]],
        ["4-1"],
        turn=1,
        boneyard=["4-4", "3-3"],
    )
    g.apply(Draw())  # draws 4-4, which fits: then plays it
    g.apply(Play(T("4-4"), 0))
    v = seat_view(g, 0)
    assert coach.could_not_play(v, 1) == ("drew", (1, 4))
    p = coach.strategy_point(v, NAMES, skip={"doubles"})
    assert p is not None and p.key == "voids"
    assert str(p) == "Remember what they could not play: CPU drew on 1 and 4: it holds neither."


def test_shed_heavy_tiles() -> None:
    _, v = view_of("block", [["6-5", "6-4", "5-4", "6-2", "0-0"], ["1-1", "2-1"]], ["6-3"], turn=0)
    p = coach.strategy_point(v, NAMES, skip={"block", "seven", "voids"})
    assert p is not None and p.key == "heavy"
    assert p.text == (
        "CPU has 2 tiles left and your hand counts 38; if it goes out every pip counts "
        "for CPU. 6-5 fits now."
    )
    _, penalty = view_of(
        "classic",
        [["6-5", "6-4", "5-4", "6-2", "0-0"], ["1-1", "2-1"]],
        ["6-3"],
        boneyard=[],
    )
    assert "counts against you" in coach.strategy_point(penalty, NAMES, skip={"seven"}).text


def test_play_doubles_early() -> None:
    _, v = view_of("block", [["5-5", "5-1", "2-0", "4-2"], ["1-1", "2-1", "6-6"]], ["5-3"])
    p = coach.strategy_point(v, NAMES)
    assert p is not None and p.key == "doubles"
    assert p.text.startswith("5-5 fits now. A double goes only on its own number")


def test_lead_from_strength() -> None:
    rules = load_variant("block").replace(target=0)
    g = Game.from_position(
        rules,
        hands=[["5-4", "5-1", "5-0", "4-2", "6-1"], ["1-1", "2-1", "6-6", "3-3", "2-2"]],
        turn=0,
        lead="any",
    )
    v = seat_view(g, 0)
    p = coach.strategy_point(v, NAMES)
    assert p is not None and p.key == "lead"
    assert p.text == ("you hold three 5s: lead a 5, and you can follow it when the others cannot.")


def test_keep_variety() -> None:
    _, v = view_of("block", [["3-6", "3-1", "1-1", "1-2", "2-4"], ["0-0", "6-6", "6-5"]], ["3-3"])
    p = coach.strategy_point(v, NAMES, skip={"doubles"})
    assert p is not None and p.key == "variety"
    assert p.text == (
        "the more numbers your hand holds, the more ends you can follow: after 3-1 it "
        "holds 5 different numbers, after 6-3 only 4."
    )


def test_a_point_against_the_raised_tile_names_the_tiles_it_means() -> None:
    """A point that speaks for other tiles than the raised one says which it means."""
    rules = load_variant("block").replace(target=0)
    g = Game.from_position(
        rules,
        hands=[["5-4", "5-1", "5-0", "4-2", "6-1"], ["1-1", "2-1", "6-6", "3-3", "2-2"]],
        turn=0,
        lead="any",
    )
    p = coach.strategy_point(seat_view(g, 0), NAMES)
    assert p is not None and p.key == "lead"
    assert set(p.tiles) == {T("5-4"), T("5-1"), T("5-0")}
    said = "You hold three 5s: lead a 5, and you can follow it when the others cannot."
    assert p.words(T("5-1")) == said  # raised: one of the 5s, nothing to add
    assert p.words(T("6-1")) == f"{said} That means 5-0, 5-1 or 5-4, not the raised 6-1."
    _, v = view_of("block", [["3-6", "3-1", "1-1", "1-2", "2-4"], ["0-0", "6-6", "6-5"]], ["3-3"])
    p = coach.strategy_point(v, NAMES, skip={"doubles"})
    assert p is not None and p.key == "variety" and p.tiles == (T("3-1"),)
    assert p.words(T("6-3")).endswith("That means 3-1, not the raised 6-3.")
    _, v = view_of("block", [["5-5", "5-1", "2-0", "4-2"], ["1-1", "2-1", "6-6"]], ["5-3"])
    p = coach.strategy_point(v, NAMES)
    assert p is not None and p.tiles == (T("5-5"),)
    assert p.words(T("5-1")).endswith("That means 5-5, not the raised 5-1.")


def test_no_point_for_a_forced_move() -> None:
    _, v = view_of("block", [["5-3", "6-6"], ["1-1"]], ["6-4"])  # only 6-6 fits
    assert len(v.legal) == 1
    assert coach.strategy_point(v, NAMES) is None


def test_one_point_a_hand_never_the_same_twice() -> None:
    shown = coach.PointsShown()
    p = coach.Point("doubles", coach.TITLES["doubles"], "…")
    assert shown.allows(1)
    shown.shown(p, 1)
    assert not shown.allows(1) and shown.allows(2)
    assert shown.keys == {"doubles"}


# ------------------------------------------------------------ the question before a blunder
def test_the_question_names_the_heavy_double_and_the_cpus_last_tiles() -> None:
    _, v = view_of("block", [["6-6", "6-1", "1-0"], ["2-2", "3-3"]], ["6-4"])
    played, best = Play(T("6-1"), 0), Play(T("6-6"), 0)
    words = coach.question_words(v, played, best, NAMES)
    assert words == (  # the way forward: the better move, named, and the hint's key
        "6-6 is still in your hand and CPU has 2 tiles left: play 6-1 on the 6 anyway, "
        "or take it back (n) and play 6-6 on the 6? (h shows the hint)"
    )


def test_the_question_before_a_losing_block() -> None:
    _, v = view_of("block", [["5-3", "6-6"], ["5-5", "2-1"]], LOCK_LINE)
    words = coach.question_words(v, Play(T("5-3"), 0), Play(T("5-3"), 1), NAMES)
    assert words.startswith("It blocks the game with your hand counting 12")
    assert words.endswith(
        ": play 5-3 on the 5 anyway, or take it back (n) and play 5-3 on the 3? (h shows the hint)"
    )


def test_the_question_without_a_pattern_still_asks() -> None:
    _, v = view_of("block", [["5-1", "5-2", "4-0"], ["1-1", "2-2", "6-6", "0-0"]], ["5-3"])
    words = coach.question_words(v, Play(T("5-1"), 0), Play(T("5-2"), 0), NAMES)
    assert words == (
        "A better move is there: play 5-1 on the 5 anyway, or take it back (n) and "
        "play 5-2 on the 5? (h shows the hint)"
    )


# ------------------------------------------------------------ after a hand
def test_caught_holding_a_heavy_double() -> None:
    g, _ = view_of("block", [["6-6", "1-0", "3-2"], ["2-4"]], ["4-5"], turn=1)
    start = g.copy()
    acts = [Play(T("2-4"), 1)]
    p = coach.costly_pattern(start, acts, 0, NAMES)
    assert p is not None and p.key == "caught"
    assert p.text == "You were caught holding 6-6 (12 points): play heavy doubles early."


def test_opened_a_number_the_opponent_collects() -> None:
    g, _ = view_of("block", [["1-2", "5-2", "6-6", "3-3"], ["2-4", "2-6", "6-4"]], ["5-1"])
    start = g.copy()
    acts = [
        Play(T("1-2"), 1),  # you open 2 on the right
        Play(T("2-4"), 1),  # the CPU plays on it
        Play(T("5-2"), 0),  # you open 2 on the left
        Play(T("2-6"), 0),  # and again
        Play(T("6-6"), 0),
        Play(T("6-4"), 0),  # the CPU goes out
    ]
    p = coach.costly_pattern(start, acts, 0, NAMES)
    assert p is not None and p.key == "opened"
    assert p.text.startswith(
        "You opened 2s twice and CPU played on them each time: it was collecting 2s."
    )


def test_drew_half_the_boneyard_instead_of_blocking() -> None:
    bone = ["1-1", "2-2", "4-4", "0-0", "2-1", "4-0", "4-1", "4-2", "5-0", "6-0", "6-1", "6-2"]
    g, _ = view_of("draw", [["5-3", "6-6"], ["5-5", "6-5", "5-4"]], LOCK_LINE, boneyard=bone)
    start = g.copy()
    acts = []
    a = Play(T("5-3"), 1)  # not the lock on the left, which won 12 against 30
    while g.phase == "play":
        acts.append(a)
        g.apply(a)
        if g.phase == "play":
            a = g.legal_actions()[0]
    assert g.result.winner_side == 1
    p = coach.costly_pattern(start, acts, 0, NAMES)
    assert p is not None and p.key == "blocking"
    assert p.text == (
        "You drew 6 of the 12 tiles you could draw; earlier, 5-3 would have blocked the "
        "game with your hand counting 12 against 30: add up both hands before you play on."
    )


def test_no_pattern_when_you_won_the_hand() -> None:
    g, _ = view_of("block", [["2-4"], ["6-6", "1-0"]], ["4-5"])
    start = g.copy()
    assert coach.costly_pattern(start, [Play(T("2-4"), 1)], 0, NAMES) is None


@pytest.mark.parametrize("variant", ["classic", "draw", "all-fives", "goat"])
def test_points_and_patterns_never_fail_over_played_matches(variant: str) -> None:
    """Every position of a few CPU matches: a point or None, never an error."""
    from dominoes_tui.ai import make_player
    from dominoes_tui.engine import NextHand

    rules = load_variant(variant)
    names = ("You", "CPU") if rules.players == 2 else ("You", "West", "Partner", "East")
    for seed in (1, 2):
        g = new_game(rules, seed)
        ps = [make_player("medium", seed + s) for s in range(rules.players)]
        start, acts, shown = g.copy(), [], coach.PointsShown()
        while not g.is_over:
            if g.phase == "hand_over":
                coach.costly_pattern(start, acts, 0, names)
                g.apply(NextHand())
                start, acts = g.copy(), []
                continue
            v = seat_view(g, g.turn)
            if g.turn == 0 and shown.allows(g.hand_no):
                p = coach.strategy_point(v, names, skip=shown.keys)
                if p is not None:
                    assert p.key in coach.POINTS and p.text.endswith(".")
                    shown.shown(p, g.hand_no)
            a = ps[g.turn].choose(v)
            acts.append(a)
            g.apply(a)
        assert len(shown.keys) == len(shown.hands)  # never the same point twice


def test_a_view_with_a_replaced_hand_still_reads() -> None:
    _, v = view_of("block", [["5-3", "6-6"], ["5-5", "2-1"]], LOCK_LINE)
    assert coach.unseen_range(replace(v, hand=0), 1)[0] >= 0


def test_the_question_remembers_what_they_could_not_play() -> None:
    g, _ = view_of(
        "draw", [["1-3", "6-2", "5-5"], ["4-4", "3-0"]], ["1-1"], turn=1, boneyard=["6-1", "2-2"]
    )
    g.apply(Draw())  # the CPU has no 1: it draws 6-1 and plays it
    g.apply(Play(T("6-1"), 0))
    v = seat_view(g, 0)
    end_of = {n: i for i, n in enumerate(v.ends)}
    played, best = Play(T("1-3"), end_of[1]), Play(T("6-2"), end_of[6])
    words = coach.question_words(v, played, best, NAMES)
    assert words == (
        "CPU drew on 1, so it holds no 1, and this move leaves no 1 open: play 3-1 on the "
        "1 anyway, or take it back (n) and play 6-2 on the 6? (h shows the hint)"
    )
