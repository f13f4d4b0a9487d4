"""The coach (issue 12), headless: whole coached matches of every house the table plays.

While it coaches, the person's turn names the tiles that fit, a forced draw or pass
says why, a refused tile says why with the rule; every coach sentence fits one row of
an 80-column table; it goes on speaking in the next hand (the Coach setting at Guide
is for whole matches), and never as a note.
"""

from __future__ import annotations

import random

import pytest

from dominoes_tui.engine import HAND_OVER, PLAY, load_variant, load_variants, tiles
from dominoes_tui.table import MessageChanged, Notice
from dominoes_tui.table.coach import CoachedSession
from dominoes_tui.table.words import COACH_WIDTH

PLAYED = [n for n, r in load_variants().items() if not r.is_rounds]


def coached_hand(name: str, seed: int) -> tuple[CoachedSession, list[str], list[str]]:
    """One coached hand: the person plays a random legal tile after trying an unfit one."""
    s = CoachedSession(load_variant(name, clock_minutes=0), seed, "easy", autosave=False)
    s.coaching = True
    said: list[str] = []
    notices: list[str] = []

    def hear(events) -> None:
        for e in events:
            if isinstance(e, MessageChanged):
                said.append(str(e.message))
            elif isinstance(e, Notice):
                notices.append(e.text)

    s.subscribe(hear)
    s.start()
    rng = random.Random(seed)
    while s.game.phase == PLAY:
        if s.run_cpu():
            continue
        assert s.my_turn
        said.append(str(s.prompt))
        unfit = [t for t in s.hand() if t not in s.fits()]
        if unfit and s.game.line:
            s.play(rng.choice(unfit))
            said.append(str(s.message))
            assert str(s.message).startswith("Not allowed:")
        legal = [a for a in s.game.legal_actions() if hasattr(a, "tile")]
        if legal:
            a = rng.choice(legal)
            s.play(a.tile, a.end, a.touch)
        elif s.my_turn:
            s.tick()
    assert s.coaching
    return s, said, notices


@pytest.mark.parametrize("name", PLAYED)
def test_a_coached_hand_says_what_fits_in_one_row(name: str) -> None:
    s, said, notices = coached_hand(name, seed=11)
    coach = [t for t in said if t.startswith("Coach:")]
    assert coach, name
    assert any(" fit" in t for t in coach)  # the tiles that fit, by name
    long = [t for t in said if t.startswith(("Coach:", "Not allowed:")) and len(t) > COACH_WIDTH]
    assert long == []
    assert notices == []  # the guide speaks on the prompt line, never in a note
    # the next hand is guided too
    if s.game.phase == HAND_OVER:
        s.next_hand()
        while s.run_cpu():
            pass
        if s.my_turn and len(s.game.legal_actions()) > 1:
            assert str(s.prompt).startswith("Coach:")


def test_the_coach_names_the_tiles_that_fit() -> None:
    s = CoachedSession(load_variant("classic", clock_minutes=0), 5, "easy", autosave=False)
    s.coaching = True
    s.start()
    assert str(s.message) == "Coach: Hand 1: you lead, and must lead 1-1. Enter lays it."
    s.play_selected()
    while s.run_cpu():
        pass
    prompt = str(s.prompt)
    for t in s.fits():
        assert tiles.name(t) in prompt
    assert all(n in prompt for n in map(str, set(s.game.ends)))


def test_the_coach_is_off_unless_asked() -> None:
    s = CoachedSession(load_variant("classic", clock_minutes=0), 5, "easy", autosave=False)
    s.start()
    assert str(s.message) == "Hand 1: you lead, and must lead 1-1."
    s.play_selected()
    while s.run_cpu():
        pass
    assert str(s.prompt).startswith("Your turn")


def test_a_tile_that_fits_both_ends_is_said_so_and_enter_is_no_advice() -> None:
    """Seen in tmux: "Coach: 5-2 fits the open 5" when 5-2 fitted the 2 too (and the hint
    then said 5-2 on the 2), and "Enter plays the raised tile" read as advice to play the
    raised tile, which the coach then questioned. Over many guided turns: every tile that
    fits two ends showing different numbers is said to fit both."""
    both_seen = 0
    for seed in range(1, 30):
        _, said, _ = coached_hand("classic", seed)
        assert not any("raised tile" in t for t in said)
    for seed in range(1, 30):
        s = CoachedSession(load_variant("classic", clock_minutes=0), seed, "easy", autosave=False)
        s.coaching = True
        s.start()
        for _ in range(40):
            if s.game.phase != PLAY:
                break
            if s.run_cpu():
                continue
            g = s.game
            plays = [a for a in g.legal_actions() if hasattr(a, "tile") and a.end is not None]
            numbers: dict[int, set[int]] = {}
            for a in plays:
                numbers.setdefault(a.tile, set()).add(g.ends[a.end])
            prompt = str(s.prompt)
            if len(numbers) <= 3 and prompt.startswith("Coach:"):
                for t, ns in numbers.items():
                    if len(ns) == 2:
                        both_seen += 1
                        assert f"{tiles.name(t)} fits both ends" in prompt or (
                            "both ends" in prompt and tiles.name(t) in prompt
                        ), prompt
            if plays:
                s.play(plays[0].tile, plays[0].end, plays[0].touch)
            else:
                s.tick()
    assert both_seen > 0
