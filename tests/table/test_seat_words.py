"""Issue 25: the seats and scores rows read at once at every seat count, 2 to 8, and
the rounds games say "round" where the line games say "hand".

A name never touches its figures ("CPU 1: 0", "North · 6 tiles · 12-8", never
"CPU 1 0" or "CPU 4 11 12-8"), "thinking…" stands beside the seat that thinks (the
one the turn marker is on), and the round's number is said on the scores row,
never dropped, with every score whole, on one or two lines of 79 cells.
"""

from __future__ import annotations

import random
import re

import pytest

from dominoes_tui.engine import Scores, load_variant
from dominoes_tui.table import TableSession
from dominoes_tui.table.resume import rebuild
from dominoes_tui.table.words import (
    SeatInfo,
    hand_over_line,
    match_summary,
    resume_question,
    round_title,
    seat_names,
    widest_last,
)
from dominoes_tui.tui.widgets.seats import (
    THINKING,
    Boneyard,
    count_words,
    scores_text,
    seat_rows,
    seats_text,
)

ROW = 79
"""The header rows' width at 80 columns."""

RUNS_OF_NUMBERS = re.compile(r"\d+ \d+")
"""Two numbers with only a space between: "CPU 1 0", "11 12-8"."""


def nearest_seat(row: str, seats: list[SeatInfo], at: int) -> int:
    """The seat whose name stands last before position ``at`` of ``row``."""
    before = row[:at]
    return max(seats, key=lambda s: before.rfind(s.name)).seat


def test_count_words_keep_a_name_apart_from_its_tiles() -> None:
    assert count_words("North", 6, "tiles") == "North · 6 tiles"
    assert count_words("North", 1, "tiles") == "North · 1 tile"
    assert count_words("CPU 1", 0, "dot") == "CPU 1 · 0"
    assert count_words("CPU 1", 0, "colon") == "CPU 1: 0"


@pytest.mark.parametrize("players", range(2, 9))
def test_seat_names_at_every_count(players) -> None:
    names = seat_names(players, False)
    assert len(names) == players == len(set(names))
    assert names[0] == "You"


@pytest.mark.parametrize("players", range(5, 9))
@pytest.mark.parametrize("width", [ROW, 99])
def test_many_seats_on_two_rows_read_at_once(players, width) -> None:
    names = seat_names(players, False)
    lasts = ["12-9", "drew 1, passed", "11-7", "passed", "12-7", "10-7", "drew 2, 12-3", "9-5"]
    for thinker in range(1, players):
        seats = [
            SeatInfo(i, n, 11 - i % 4, turn=i == thinker, last=lasts[i])
            for i, n in enumerate(names)
        ]
        rows = seat_rows(seats, width, thinker, Boneyard(5)).plain.split("\n")
        assert len(rows) == 2
        for row in rows:
            assert len(row) <= width, row
            assert not RUNS_OF_NUMBERS.search(row), row
        text = "\n".join(rows)
        for n in names:
            assert n in text
        assert text.count("▶") == 1 and text.count(THINKING) == 1
        row = next(r for r in rows if THINKING in r)
        # beside the seat that thinks, and the turn marker on that same seat
        assert nearest_seat(row, seats, row.index(THINKING)) == thinker
        assert row[row.index("▶") + 1 :].startswith(names[thinker])
        assert "Boneyard" in rows[0] or "Bone" in rows[0]


def test_thinking_keeps_the_row_in_its_form() -> None:
    """Nothing but the thinking seat's own words change when a CPU starts thinking, and
    the boneyard keeps its place."""
    seats = [SeatInfo(0, "You", 7, last="6-3")] + [
        SeatInfo(i, n, 6, turn=i == 2, last="5-5") for i, n in enumerate(("East", "North"), 1)
    ]
    idle = seats_text(seats, ROW, None, Boneyard(9)).plain
    busy = seats_text(seats, ROW, 2, Boneyard(9)).plain
    assert busy.index("Boneyard") == idle.index("Boneyard")  # the boneyard stays put
    said = busy.replace(f" · {THINKING}", " · 5-5")
    assert said.split("Boneyard")[0].rstrip() == idle.split("Boneyard")[0].rstrip()


def test_two_seats_say_the_count_in_words() -> None:
    row = seats_text([SeatInfo(0, "You", 7), SeatInfo(1, "CPU", 6, turn=True)], ROW, 1)
    assert "You · 7 tiles" in row.plain and "▶CPU" in row.plain
    assert row.plain.endswith(f"6 tiles · {THINKING}")


def test_a_name_never_touches_its_score() -> None:
    sides = [("You", "47", 0)] + [(f"CPU {i}", str(i), 0) for i in range(1, 8)]
    text = scores_text("Round 2 of 13: engine 11-11", sides, [], ROW, rows=2).plain
    lines = text.split("\n")
    assert len(lines) == 2 and all(len(line) <= ROW for line in lines)
    assert lines[0].startswith(" Round 2 of 13")
    for name, score, _ in sides:
        assert f"{name}: {score}" in text
    assert not RUNS_OF_NUMBERS.search(text)


def test_one_line_when_it_fits() -> None:
    sides = [("You", "4", 0), ("East", "9", 0), ("West", "0", 0)]
    text = scores_text("Round 2 of 13: engine 11-11", sides, ["lowest total wins"], ROW, rows=2)
    assert text.plain == (
        " Round 2 of 13 · engine 11-11 · You: 4 · East: 9 · West: 0 · lowest total wins"
    )


@pytest.mark.parametrize("variant", ["mexican-train", "chicken-foot"])
@pytest.mark.parametrize("players", [5, 8])
def test_a_rounds_match_at_many_seats_reads_at_80_columns(variant, players) -> None:
    """Through two rounds of CPU-chosen moves: the seats rows and the scores lines fit 79
    cells, keep every name and score, the round's number, and no run of numbers."""
    rules = load_variant(variant, players=players, rounds=2)
    s = TableSession(rules, 3, "easy", autosave=False)
    rng = random.Random(3)
    s.start()
    for _ in range(400):
        if s.match_over:
            break
        view = s.view()
        bone = Boneyard(view.drawable, view.boneyard_count - view.drawable)
        cpu = s.game.turn if s.game.turn else 1
        for thinking in (None, cpu):
            rows = seat_rows(s.seats(), ROW, thinking, bone, {}).plain.split("\n")
            assert len(rows) == 2
            for row in rows:
                assert len(row) <= ROW, row
                if s.game.phase == "play":  # (a hand shown face up is tiles in a row)
                    assert not RUNS_OF_NUMBERS.search(row), row
            for seat in s.seats():
                assert seat.name in "\n".join(rows)
        target, sides, stakes = s.score_parts()
        text = scores_text(target, sides, stakes, ROW, rows=2).plain
        assert all(len(line) <= ROW for line in text.split("\n")), text
        assert text.startswith(f" {round_title(s.game).split(':')[0]}")
        for name, score, _ in sides:
            assert f"{name}: {score}" in text
        if s.cpu_request is not None:
            s.run_cpu()
        elif s.game.phase == "hand_over":
            s.next_hand()
        elif s.my_turn:
            s.commit(rng.choice(s.game.legal_actions()))
        else:
            break
    assert s.game.hand_no == 2 or s.match_over  # the first round was played through


def row_form(text: str, seats: list[SeatInfo]) -> tuple:
    """What a seats row's form is, whatever its figures: the boneyard's words and where
    they stand, tiles said in words or not, last moves shown (when a seat has one) and in
    full (when one drew before it laid)."""
    bone = re.search(r"(Boneyard|Bone) \d+[^\n]*", text)
    said = (
        re.sub(r"\d+", "#", bone.group(0)) if bone else "",
        text.index(bone.group(0)) if bone else -1,
        " tile" in text,
    )
    moved = [s for s in seats if s.last]
    if moved:
        # a move as the row says it, in full or short ("pass", "drew…" while drawing)
        laid = [s.last.split(", ")[-1].removeprefix("centre ") for s in moved]
        laid = ["drew" if w.endswith("…") else w.removesuffix("sed") for w in laid]
        said += (any(w in text for w in laid),)
    if any(", " in s.last for s in seats):
        said += (bool(re.search(r"drew \d+, ", text)),)
    return said


@pytest.mark.parametrize(
    ("variant", "players", "width"),
    [
        ("mexican-train", 8, ROW),
        ("mexican-train", 8, 99),
        ("mexican-train", 4, ROW),
        ("chicken-foot", 6, ROW),
        ("all-fives", 2, ROW),
        ("international", 4, ROW),
    ],
)
def test_the_seats_row_keeps_one_form_all_hand_long(variant, players, width) -> None:
    """Issue 25: from turn to turn the seats row keeps its form at a given width (the
    boneyard's words and place, tiles in words or not, the last moves shown or not): it
    is measured at its widest (two-digit counts, the house's widest last move)."""
    rounds = {"rounds": 1} if variant in ("mexican-train", "chicken-foot") else {}
    rules = load_variant(variant, players=players, clock_minutes=0, **rounds)
    s = TableSession(rules, 5, "easy", autosave=False)
    rng = random.Random(5)
    s.start()
    forms: set[tuple] = set()
    widest = widest_last(rules)
    for _ in range(300):
        if s.game.phase != "play":
            break
        view = s.view()
        bone = Boneyard(view.drawable, view.boneyard_count - view.drawable)
        seats = s.seats()
        cpu = s.game.turn or 1
        for thinking in (None, cpu):
            text = seat_rows(seats, width, thinking, bone, {}, widest).plain
            assert all(len(row) <= width for row in text.split("\n")), text
            forms.add(row_form(text, seats)[:2])
            full = row_form(text, seats)
        forms.add(full)
        if s.cpu_request is not None:
            s.run_cpu()
        elif s.pending is not None:
            s.tick()
        elif s.my_turn:
            s.commit(rng.choice(s.game.legal_actions()))
        else:
            break
    assert len(s.game.events) > 10  # a good part of the hand was played
    said = {f[:3] for f in forms if len(f) >= 3}
    assert len({f[:2] for f in forms}) == 1, forms  # the boneyard: one form, one place
    assert len(said) == 1, said
    assert len({f[3] for f in forms if len(f) >= 4}) <= 1, forms
    assert len({f[4] for f in forms if len(f) >= 5}) <= 1, forms


# ------------------------------------------------------------------ the house's words
@pytest.mark.parametrize("variant", ["mexican-train", "chicken-foot"])
def test_the_rounds_games_say_round(variant) -> None:
    """Mexican Train and Chicken Foot say "round" where the line games say "hand": the
    move log's divider (as played and as rebuilt for a resumed match) and the resume
    question's summary."""
    rules = load_variant(variant, players=3, rounds=2)
    s = TableSession(rules, 4, "easy", autosave=False)
    rng = random.Random(4)
    s.start()
    for _ in range(600):
        if s.match_over or s.game.hand_no == 2:
            break
        if s.cpu_request is not None:
            s.run_cpu()
        elif s.game.phase == "hand_over":
            s.next_hand()
        elif s.my_turn:
            s.commit(rng.choice(s.game.legal_actions()))
    assert s.game.hand_no == 2
    log = s.log_lines()
    assert "— round 1 over —" in log
    assert not any("hand" in line for line in log if line.startswith("—"))
    rebuilt = [e.text for e in rebuild(s.game, s.names).entries]
    assert "— round 1 over —" in rebuilt
    summary = match_summary(rules, s.game.hand_no, s.game.scores, s.side_names)
    assert summary.endswith(", round 2") and "hand" not in summary
    question = resume_question(summary).replace("\u00a0", " ")
    assert question.startswith(f"Resume the {rules.name} match, You: ")


def test_the_line_games_say_hand() -> None:
    rules = load_variant("classic")
    summary = match_summary(rules, 4, Scores((34, 51), (0, 0)), ("You", "Ada"))
    assert summary.replace("\u00a0", " ") == "the classic match, You: 34 – Ada: 51, hand 4"
    assert "You\u00a0" not in summary and "You:\u00a034" in summary  # one piece each
    assert hand_over_line(3) == "— hand 3 over —"
