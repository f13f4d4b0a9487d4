"""The clock (R-T-1…3): a pure model driven by an injected now(), and losing on time in Game."""

from __future__ import annotations

import pytest
from engine_helpers import T, variant

from dominoes_tui.ai import make_player
from dominoes_tui.engine import Clock, Game, IllegalAction, Play, TimeOut, format_clock, seat_view


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def test_R_T_1_only_the_side_to_move_runs():
    """R-T-1: each player has clock_minutes for the match; only the side to move runs."""
    now = FakeTime()
    r = variant("classic", clock_minutes=15)
    c = Clock(players=2, seconds=r.clock_minutes * 60, now=now)
    c.start(0)
    now.advance(10)
    assert c.remaining(0) == 890 and c.remaining(1) == 900
    c.start(1)
    now.advance(25)
    assert c.remaining(0) == 890 and c.remaining(1) == 875
    assert c.flagged() is None


def test_R_T_1_the_clock_stops_between_hands_and_when_paused():
    """R-T-1: the clock stops while a hand is over or the game is paused or saved."""
    now = FakeTime()
    c = Clock(players=2, seconds=60, now=now)
    c.start(0)
    now.advance(5)
    c.stop()  # hand over / pause / save
    now.advance(1000)
    assert c.remaining_all() == [55, 60]
    # restored from a save with the remaining times
    c2 = Clock(players=2, seconds=60, now=now, remaining=c.remaining_all())
    c2.start(1)
    now.advance(7)
    assert c2.remaining_all() == [55, 53]


def test_R_T_1_reaching_zero_loses_the_match():
    """R-T-1: a clock at 0 flags that seat, and the game records the loss on time."""
    now = FakeTime()
    c = Clock(players=2, seconds=30, now=now)
    c.start(1)
    now.advance(31)
    assert c.remaining(1) == 0 and c.flagged() == 1
    r = variant("classic", clock_minutes=5)
    g = Game.from_position(r, hands=[["5-3", "1-1"], ["4-4", "2-0"]], line=["6-5"], turn=1)
    g.apply(TimeOut(c.flagged()))
    assert g.phase == "match_over"
    assert g.match_result.loser_side == 1 and g.match_result.reason == "time"
    assert g.match_result.winner_side == 0


def test_R_T_1_no_clock_no_time_loss():
    """R-T-1: without a clock (or with only a per-turn limit, R-T-3) nobody loses on time."""
    for r in (variant("classic", clock_minutes=0), variant("double-first", turn_seconds=30)):
        g = Game.from_position(r, hands=[["5-3"], ["4-4"]], line=["6-5"])
        with pytest.raises(IllegalAction, match="clock"):
            g.apply(TimeOut(0))
    assert Clock(players=2, seconds=0).flagged() is None


def test_R_T_2_cpu_thinking_is_charged_to_the_cpu_clock():
    """R-T-2: while the CPU thinks its own clock runs, not the person's."""
    now = FakeTime()
    r = variant("classic", clock_minutes=5)
    g = Game.from_position(
        r, hands=[["4-4", "2-0"], ["5-3", "1-1"]], boneyard=[], line=["6-5"], turn=1
    )
    c = Clock(players=2, seconds=300, now=now)
    cpu = make_player("easy", seed=1)
    c.start(g.turn)
    think_start = now()
    action = cpu.choose(seat_view(g, 1))
    now.advance(4.5)  # the time the CPU took
    g.apply(action)
    c.start(g.turn)
    assert now() - think_start == 4.5
    assert c.remaining(1) == 295.5 and c.remaining(0) == 300


def test_R_T_3_turn_limit_runs_out_and_the_easy_cpu_plays_for_the_player():
    """R-T-3: when turn_seconds run out, the Easy CPU plays that turn for the player."""
    now = FakeTime()
    r = variant("double-first", turn_seconds=30)
    g = Game.from_position(
        r, hands=[["5-3", "6-1", "2-2"], ["4-4", "2-0"]], boneyard=[], line=["6-5"], turn=0
    )
    c = Clock(players=2, seconds=0, turn_seconds=r.turn_seconds, now=now)
    assert not c.enabled
    c.start(0)
    now.advance(29)
    assert c.turn_remaining() == 1 and not c.turn_expired()
    now.advance(1)
    assert c.turn_expired()
    action = make_player("easy", seed=3).choose(seat_view(g, 0))
    assert action in g.legal_actions()
    g.apply(action)
    assert g.turn == 1 and action in (Play(T("5-3"), 1), Play(T("6-1"), 0))
    c.start(1)  # a new seat: a new turn
    assert c.turn_remaining() == 30
    now.advance(10)
    c.new_turn()
    assert c.turn_remaining() == 30
    assert Clock(players=2, seconds=60).turn_remaining() is None


def test_format_clock():
    assert format_clock(899.9) == "14:59"
    assert format_clock(9.44) == "0:09.4"


def test_R_T_3_a_pause_does_not_refill_the_turn_limit():
    """R-T-1/R-T-3 (engine fix): pausing (help, menu) stops the clocks within the turn;
    starting the same seat again continues the turn; stop() ends the turn."""
    now = FakeTime()
    c = Clock(players=2, seconds=60, turn_seconds=30, now=now)
    c.start(0)
    now.advance(20)
    c.pause()
    now.advance(500)
    assert c.remaining(0) == 40 and c.turn_remaining() == 10
    c.start(0)
    now.advance(10)
    assert c.turn_expired() and c.remaining(0) == 30
    c.stop()  # the hand is over: the next start is a new turn even for the same seat
    c.start(0)
    assert c.turn_remaining() == 30
    c.pause()
    c.start(1)  # another seat after a pause: a new turn
    assert c.turn_remaining() == 30
