"""Issue 12: no instruction is ever cut at 80 columns.

Every sentence the table can put in its message bar (the session's prompts and
notes, the engine's refusals, the hints, the keys' refusals) is gathered by
playing matches of every house through the person's own calls, trying every
refused move and key on the way; each must be shown whole in the bar at 80
columns: two rows of 78 cells, the note on one, the prompt on the other (a
prompt with no note beside it, the resume message, may take both). The two
header rows (the seats, the scores and stakes) must fit 79 cells with nothing
that matters left out.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from dominoes_tui.engine import Draw, Pass, Play, PlayDoubles, Resign, load_variant, tiles
from dominoes_tui.options import CPU_NAMES, cpu_display_name
from dominoes_tui.table import EndQuestion, HintAnswer, Sentence, TableSession, TouchQuestion
from dominoes_tui.table.words import (
    RESUMED,
    TURN_LIMIT,
    drew_words,
    fit_lines,
    forced_words,
    wrap,
)
from dominoes_tui.tui.widgets.seats import Boneyard, scores_text, seats_text

BAR = 78
"""The message bar's width at 80 columns (a cell of padding each side)."""
ROW = 79
"""The header rows' width at 80 columns."""

HOUSES = [
    ("classic", {}),
    ("classic", {"bonus_first_last": {"6-6": 50, "0-0": 25}, "two_doubles": True}),
    ("draw", {}),
    ("block", {}),
    ("goat", {}),
    ("international", {}),
    ("international-two", {}),
    ("double-first", {"turn_seconds": 30}),
    ("pub-draw", {"reserve": 2}),
    ("standard-draw", {"players": 3}),
    ("standard-draw", {"players": 4, "set": 12}),
    ("standard-block", {"set": 9}),
    ("all-fives", {}),
    ("all-fives", {"players": 4}),
    ("matador", {}),
]


class Longest:
    """A CPU with the longest name the options offer, playing the first legal move."""

    level = "expert"

    def __init__(self) -> None:
        self.name = cpu_display_name(max(CPU_NAMES, key=len), "expert")

    def choose(self, view):
        return view.legal[0]


def rows(s: Sentence) -> int:
    """Rows of the bar the sentence needs in its shortest form."""
    return min(len(wrap(str(s), BAR)), len(wrap(str(s.shortened()), BAR)))


def messages(variant: str, overrides: dict, seed: int) -> Iterator[tuple[str, Sentence]]:
    """``("note" | "prompt", sentence)`` for everything a match of this house says."""
    rules = load_variant(variant, **overrides)
    s = TableSession(rules, seed, "expert", autosave=False, player_factory=lambda *a: Longest())
    rng = random.Random(seed)
    s.start()
    for _ in range(400):
        if s.match_over or s.game.hand_no > 2:
            return
        note, prompt = s.lines
        yield "note", note
        yield "prompt", prompt
        g = s.game
        if s.cpu_request is not None:
            s.run_cpu()
            continue
        if g.phase == "hand_over":
            s.next_hand()
            continue
        if not s.my_turn:
            continue
        # every refusal the engine and the keys can say here
        for what in (Pass, PlayDoubles, Draw, Resign):
            s.refuse(what)
            yield "note", s.lines[0]
        yield "note", s.note if s.play_selected() is None else s.lines[0]
        hand = s.hand()
        ends = list(range(len(g.ends))) or [None]
        for t in hand:
            for end in ends:
                why = g.why_illegal(Play(t, end))
                if why:
                    yield (
                        "note",
                        Sentence("Not allowed:", why, "refusal").__class__(
                            "Not allowed:", why, "refusal", _short(why)
                        ),
                    )
        for a in (Draw(), Pass()):
            why = g.why_illegal(a)
            if why:
                yield "note", Sentence("Not allowed:", why, "refusal", _short(why))
        # (a refused two-doubles move is said by the key's own words: s.refuse above)
        # a hint, said as the felt shows it
        legal = g.legal_actions()
        request = s.request_hint()
        if request is not None:
            a = rng.choice(legal)
            words = "6-6 on the right: sheds 12 pips; they had no 3 when they drew (63% to win the match)"
            s.hint_answer(HintAnswer(request.token, a, words))
            yield "note", s.lines[0]
        # the questions, answered wrong first
        action = rng.choice(legal)
        if isinstance(action, Play):
            s.play(action.tile)
            q = s.question
            if isinstance(q, EndQuestion):
                yield "prompt", s.lines[1]
                s.play_selected()  # Enter: how to answer
                yield "note", s.lines[0]
                wrong = next((e for e in range(4) if e not in q.ends), None)
                if wrong is not None:
                    s.choose_end(wrong)
                    yield "note", s.lines[0]
                s.choose_end(action.end)
            if isinstance(s.question, TouchQuestion):
                yield "prompt", s.lines[1]
                s.choose_touch(action.touch)
        elif isinstance(action, PlayDoubles):
            s.two_doubles()
        elif isinstance(action, Draw):
            s.draw()
        else:
            s.pass_turn()


def _short(why: str) -> str:
    from dominoes_tui.table.words import refusal

    return refusal(why).short


@pytest.mark.parametrize("variant, overrides", HOUSES)
def test_every_message_of_the_table_is_shown_whole_at_80_columns(variant, overrides) -> None:
    seen: dict[str, set[Sentence]] = {"note": set(), "prompt": set()}
    for seed in range(4):
        for kind, sentence in messages(variant, overrides, seed):
            if sentence:
                seen[kind].add(sentence)
    assert seen["note"] and seen["prompt"]
    for note in seen["note"]:
        assert rows(note) == 1, f"a note needs two rows beside a prompt: {note}"
    for prompt in seen["prompt"]:
        if str(prompt) == RESUMED:
            continue
        assert rows(prompt) == 1, f"a prompt needs two rows beside a note: {prompt}"
    # and the bar picks those forms: note and prompt together, never cut
    for note in seen["note"]:
        for prompt in list(seen["prompt"])[:40]:
            chosen = fit_lines([note, prompt], BAR, 2)
            assert sum(len(wrap(str(c), BAR)) for c in chosen) <= 2, (note, prompt)


def test_the_sentences_said_alone_fit_their_rows() -> None:
    """The resume message takes both rows; the table's fixed words take one."""
    assert len(wrap(RESUMED, BAR)) <= 2
    for words in (TURN_LIMIT, "Looking for a hint…", "Pick a tile first, then click an end."):
        assert len(wrap(words, BAR)) == 1
    for t in range(tiles.set_count(12)):
        assert len(wrap(drew_words(t, True), BAR)) == 1
    for ends in ([12, 11], [12, 11, 10, 9], [0, 0]):
        for draw in (True, False):
            assert len(wrap(forced_words(draw, ends), BAR)) == 1


@pytest.mark.parametrize("variant, overrides", HOUSES)
def test_the_header_rows_fit_80_columns_and_keep_what_matters(variant, overrides) -> None:
    """The seats row keeps every name, the turn marker, the partner in words, each seat's
    tiles and the boneyard's count; the scores row keeps every score and stake whole."""
    from rich.text import Text

    rules = load_variant(
        variant,
        clock_minutes=30 if "clock_minutes" in load_variant(variant).options else 0,
        **overrides,
    )
    s = TableSession(rules, 3, "expert", autosave=False, player_factory=lambda *a: Longest())
    rng = random.Random(3)
    s.start()
    for _ in range(300):
        if s.match_over or s.game.hand_no > 2:
            break
        view = s.view()
        bone = (
            Boneyard(view.drawable, view.boneyard_count - view.drawable)
            if rules.draws
            else Boneyard(view.boneyard_count, 0, draws=False)
        )
        clocks = (
            {seat: Text("29:59") for seat in range(rules.players)} if rules.clock_minutes else {}
        )
        cpu = s.game.turn if s.game.turn else 1
        for thinking in (None, cpu):
            row = seats_text(s.seats(), ROW, thinking, bone, clocks)
            assert row.cell_len <= ROW, row.plain
            for seat in s.seats():
                assert seat.name in row.plain
            if s.game.phase == "play":
                assert row.plain.count("▶") == 1
            if thinking is not None and s.game.phase == "play":  # beside the seat that thinks
                said = "thinking…" if "thinking…" in row.plain else " …"  # " …": tight
                before = row.plain[: row.plain.index(said)]
                nearest = max(s.seats(), key=lambda seat: before.rfind(seat.name))
                assert nearest.seat == thinking, row.plain
            if rules.partners:
                assert "(partner)" in row.plain
            if bone.drawable + bone.kept:
                assert str(bone.drawable) in row.plain
        target, sides, stakes = s.score_parts()
        scores = scores_text(target, sides, stakes, ROW)
        assert scores.cell_len <= ROW, scores.plain
        for name, score, _ in sides:
            assert f"{name}: {score}" in scores.plain  # a name never touches its score
        for words in stakes:
            assert words in scores.plain
        if s.cpu_request is not None:
            s.run_cpu()
        elif s.game.phase == "hand_over":
            s.next_hand()
        elif s.my_turn:
            s.commit(rng.choice(s.game.legal_actions()))
