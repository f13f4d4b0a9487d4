"""The table session without Textual: whole matches, clocks on a fake time, pacing,
saves, resume, rematch, the CPU and hint requests, and what the person reads.

No Textual import here: the session is driven the way the screen drives it
(``start``, the person's calls, ``run_cpu`` for the CPU thread, ``tick`` for the
timers), with an injected ``now()``.
"""

from __future__ import annotations

import os
import random

import pytest
from table_helpers import act_as_person

from dominoes_tui import store
from dominoes_tui.engine import (
    HAND_OVER,
    Draw,
    Game,
    NextHand,
    Play,
    Resign,
    TimeOut,
    load_variant,
    new_game,
    seat_view,
    tiles,
)
from dominoes_tui.table import (
    AWAY,
    COACH,
    COVERED,
    ActionApplied,
    Background,
    CpuAnswer,
    EndQuestion,
    HandOver,
    HandStarted,
    HintAnswer,
    MatchOver,
    MatchSetup,
    MessageChanged,
    Notice,
    Pace,
    SaveFailed,
    TableSession,
    ThinkingStarted,
    ThinkingStopped,
    TouchQuestion,
    TurnStarted,
    Waiting,
)
from dominoes_tui.table.words import RESUMED, TURN_LIMIT, hand_how, log_entries, match_headline


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class FirstLegal:
    """A CPU that always plays the first legal action (tests do not move with the AI)."""

    level = "easy"
    name = "CPU (Easy)"

    def __init__(self, now: FakeTime | None = None, think: float = 0.0) -> None:
        self.now, self.think = now, think
        self.calls = 0

    def choose(self, view):
        self.calls += 1
        if self.now is not None:
            self.now.t += self.think  # "thinking" takes fake time (R-T-2)
        return view.legal[0]


class Recorder:
    """Listens to a session: every event, and runs its Background jobs inline."""

    def __init__(self, session: TableSession, run_jobs: bool = True) -> None:
        self.events: list = []
        self.problems: list[str] = []
        self.run_jobs = run_jobs
        session.subscribe(self)

    def __call__(self, batch) -> None:
        self.events.extend(batch)
        for e in batch:
            if isinstance(e, Background) and self.run_jobs:
                problem = e.job()
                if problem:
                    self.problems.append(problem)

    def of(self, kind: type) -> list:
        return [e for e in self.events if isinstance(e, kind)]


def session_for(variant: str = "classic", seed: int = 5, **kw) -> TableSession:
    rules = kw.pop("rules", None) or load_variant(variant, **kw.pop("overrides", {}))
    return TableSession(rules, seed, "easy", **kw)


def person_move(s: TableSession, rng: random.Random) -> None:
    """A scripted person: a random legal action, made through the person's own calls
    (the tile, then the answers to the table's questions), as keys would."""
    action = rng.choice(s.game.legal_actions())
    took = act_as_person(s, action)
    assert took or isinstance(action, Play)


def drive(s: TableSession, rng: random.Random, until=lambda s: s.match_over, limit=5000) -> None:
    """Play the table: the CPU inline, the person scripted, the next hand at once."""
    for _ in range(limit):
        if until(s):
            return
        if s.cpu_request is not None:
            assert s.run_cpu()
        elif s.game.phase == HAND_OVER:
            s.next_hand()
        elif s.my_turn:
            person_move(s, rng)
        else:
            raise AssertionError(f"stuck: {s.game.phase}, turn {s.game.turn}, {s.pending}")
    raise AssertionError("the match did not get there")


# ------------------------------------------------------------------ whole matches
@pytest.mark.parametrize(
    "variant, overrides, level",
    [
        ("classic", {"target": 50}, "medium"),
        ("all-fives", {"target": 61}, "hard"),
        ("matador", {}, "medium"),
        ("goat", {}, "medium"),
        ("standard-block", {"players": 3, "hand_size": 5}, "easy"),
        ("double-first", {"two_doubles": True}, "medium"),
    ],
)
def test_a_whole_match_with_a_scripted_person_and_the_real_cpu(
    variant, overrides, level, monkeypatch
) -> None:
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # saved every move; durability is the store's
    rules = load_variant(variant, **overrides)
    s = TableSession(rules, 7, level)
    rec = Recorder(s)
    s.start()
    drive(s, random.Random(7))
    g = s.game
    assert g.is_over and g.match_result is not None
    assert g.invariant_errors() == []
    # every action went through the session's events, in the game's order
    applied = [e.action for e in rec.of(ActionApplied)]
    assert applied == g.log
    assert {e.seat for e in rec.of(ActionApplied) if e.seat is not None} == set(
        range(rules.players)
    )
    assert len(rec.of(HandStarted)) == g.hand_no
    assert len(rec.of(HandOver)) == g.hand_no - 1 + (g.phase == HAND_OVER)
    assert len(rec.of(MatchOver)) == 1
    # the CPU thought once per CPU action, each request answered before the next
    thinks = rec.of(ThinkingStarted)
    cpu_actions = [e for e in rec.of(ActionApplied) if e.by == "cpu"]
    assert len(thinks) == len(cpu_actions) and all(t.seat != 0 for t in thinks)
    assert len(rec.of(ThinkingStopped)) == len(thinks)
    # recorded once in the history, and its save gone
    assert [m.uid for m in store.History().matches()] == [s.info.match_id]
    assert not store.has_autosave() and rec.problems == []
    # the log the screen shows, hand by hand
    lines = s.log_lines()
    assert sum(x.startswith("— hand") for x in lines) == g.hand_no - 1


def test_the_log_entries_say_who_did_what_and_where() -> None:
    s = session_for("classic", seed=5)
    rec = Recorder(s)
    s.start()
    s.play_selected()  # hand 1 is led with 1-1 (R-O-2): the table raised it
    s.run_cpu()
    first = rec.of(ActionApplied)[0]
    assert first.seat == 0 and first.by == "person" and first.action == Play(tiles.tile(1, 1))
    assert first.entry.text == "You led 1-1" and first.entry.kind == "play"
    assert first.entry.tile == tiles.tile(1, 1) and first.entry.end is None
    entries = s.log()
    assert entries[0] == first.entry
    cpu = [e for e in entries if e.seat == 1]
    assert cpu and cpu[0].text.startswith("CPU ")


def test_turns_are_announced_when_the_seat_to_move_changes() -> None:
    s = session_for("goat", seed=4, player_factory=lambda level, seed: FirstLegal())
    rec = Recorder(s)
    s.start()
    drive(s, random.Random(1), until=lambda s: len(s.game.log) >= 8)
    seats = [e.seat for e in rec.of(TurnStarted)]
    assert all(a != b for a, b in zip(seats, seats[1:]))
    assert set(seats) == {0, 1, 2, 3}


# ------------------------------------------------------------------ saves and history
def test_an_autosave_after_every_action(monkeypatch) -> None:
    saved: list[int] = []
    real = store.autosave

    def autosave(game, info, clock=None, home=None):
        saved.append(len(game.log))
        return real(game, info, clock, home)

    monkeypatch.setattr(store, "autosave", autosave)
    s = session_for("classic", seed=11, overrides={"target": 30})
    s.start()
    assert saved == [] and not store.has_autosave()  # nothing played: nothing saved
    drive(s, random.Random(3), until=lambda s: len(s.game.log) >= 12)
    assert saved == list(range(1, len(s.game.log) + 1))
    assert store.load_autosave().saved.game.log == s.game.log
    drive(s, random.Random(3))
    assert saved == list(range(1, len(s.game.log) + 1))  # the next hands too, to the end


def test_the_first_save_gives_up_the_older_match_in_the_slot() -> None:
    old = new_game(load_variant("classic"), 3)
    old.apply(old.legal_actions()[0])
    info = store.MatchInfo(cpu_level="easy", names=("You", "CPU (Easy)"))
    store.autosave(old, info)
    s = session_for("classic", seed=5)
    s.start()
    assert store.saved_match_id() == info.match_id  # kept until the new match is played
    s.play_selected()
    assert store.saved_match_id() == s.info.match_id
    assert [(m.uid, m.outcome) for m in store.History().matches()] == [(info.match_id, "abandoned")]


def test_the_history_is_recorded_once() -> None:
    s = session_for("double-first", seed=3)
    rec = Recorder(s, run_jobs=False)
    s.start()
    assert s.resign()
    jobs = rec.of(Background)
    assert [j.what for j in jobs] == ["record"]
    s.tick()
    s.go_on()
    s.close()
    assert len(rec.of(Background)) == 1  # nothing more to record, however it is poked
    assert jobs[0].job() is None
    assert [(m.uid, m.outcome) for m in store.History().matches()] == [(s.info.match_id, "loss")]
    assert not store.has_autosave()


def test_a_save_that_fails_is_said_once_and_play_goes_on(monkeypatch) -> None:
    monkeypatch.setattr(store, "autosave", lambda *a, **k: "The game could not be saved (full).")
    s = session_for("classic", seed=5)
    rec = Recorder(s)
    s.start()
    drive(s, random.Random(2), until=lambda s: len(s.game.log) >= 6)
    assert [e.problem for e in rec.of(SaveFailed)] == ["The game could not be saved (full)."]


def test_leaving_gives_an_unfinished_match_up() -> None:
    s = session_for("classic", seed=5)
    rec = Recorder(s)
    s.start()
    s.play_selected()
    s.leave()
    assert [j.what for j in rec.of(Background)] == ["abandon"]
    assert [(m.uid, m.outcome) for m in store.History().matches()] == [
        (s.info.match_id, "abandoned")
    ]
    assert s.cpu_request is None and not s.busy
    assert not s.play_selected() and s.game.log == [Play(tiles.tile(1, 1))] + s.game.log[1:]


def test_closing_saves_the_clocks_for_continue() -> None:
    now = FakeTime()
    s = session_for("classic", seed=5, overrides={"clock_minutes": 5}, now=now)
    s.start()
    s.play_selected()
    drive(s, random.Random(1), until=lambda s: s.my_turn)
    now.t += 42
    s.close()
    saved = store.load_autosave().saved
    assert saved.game.log == s.game.log
    assert saved.clocks[0] == pytest.approx(300 - 42)


def test_clock_holds_wait_for_every_one_and_a_turn_under_them_starts_paused() -> None:
    """A dialog over the table, the app away, the coach looking: each holds the clocks
    until it is let go; a turn that starts meanwhile (the CPU's move) starts paused."""
    now = FakeTime()
    s = session_for("classic", seed=5, overrides={"clock_minutes": 5}, now=now, autosave=False)
    s.start()
    assert s.my_turn and s.clock.running == 0
    s.play_selected()  # the lead: the CPU is to move, its clock runs
    assert s.cpu_request is not None and s.clock.running == 1
    s.pause_clocks(COVERED)
    s.pause_clocks(AWAY)
    request = s.cpu_request
    s.cpu_answer(request.run())  # its move lands under the dialog
    drive(s, random.Random(1), until=lambda s: s.my_turn)
    assert s.clock.running is None
    mine = s.clock.remaining(0)
    now.t += 100
    s.resume_clocks(AWAY)  # back from the shell, the dialog still up
    assert s.clock.running is None and s.clock.remaining(0) == mine
    s.resume_clocks(COVERED)
    assert s.clock.running == 0
    now.t += 4
    assert s.clock.remaining(0) == mine - 4
    s.pause_clocks(COACH)
    now.t += 50
    assert s.clock.remaining(0) == mine - 4 and s.clock_holds == {COACH}
    s.resume_clocks(COACH)
    assert s.clock.running == 0 and not s.clock_holds


# ------------------------------------------------------------------ resume
def test_a_resume_waits_for_a_key_with_the_clocks_stopped_then_goes_on() -> None:
    now = FakeTime()
    rules = load_variant("classic", clock_minutes=5)
    a = TableSession(rules, 5, "easy", now=now)
    a.start()
    drive(a, random.Random(4), until=lambda s: s.game.hand_no == 2 and len(s.game.events) >= 2)
    drive(a, random.Random(4), until=lambda s: s.my_turn)
    now.t += 7
    a.close()
    lines, clocks = a.log_lines(), a.clock.remaining_all()

    res = store.load_autosave(now=now)
    b = TableSession.resume(res.saved, now=now)
    rec = Recorder(b)
    b.start()
    assert b.waiting_for_key and str(b.message) == RESUMED
    assert b.log_lines() == lines  # the earlier hand's log, rebuilt
    assert b.info.match_id == a.info.match_id and b.first_opener == a.first_opener
    assert b.clock.running is None and b.clock.remaining_all() == clocks
    now.t += 600  # away from the keyboard: nothing runs, nothing moves
    b.tick()
    assert b.clock.remaining_all() == clocks and b.game.log == a.game.log
    assert not b.play_selected() and not b.draw() and b.game.log == a.game.log
    b.go_on()  # a key
    assert not b.waiting_for_key and b.clock.running == 0
    assert str(b.message).startswith("Your turn: ")  # the prompt comes back
    now.t += 3
    assert b.clock.remaining(0) == pytest.approx(clocks[0] - 3)
    drive(b, random.Random(5), until=lambda s: len(s.game.log) > len(a.game.log) + 2)
    assert store.load_autosave().saved.game.log == b.game.log
    assert rec.of(MessageChanged)[0].message.text == RESUMED


def test_a_resume_on_the_cpus_turn_asks_the_cpu_only_after_the_key() -> None:
    game = new_game(load_variant("classic"), 5)
    while game.turn != 1 or not game.log:
        game.apply(game.legal_actions()[0])
    info = store.MatchInfo(cpu_level="easy", names=("You", "Ada (Easy)"))
    store.autosave(game, info)
    s = TableSession.resume(store.load_autosave().saved)
    assert s.cpu.name == "Ada (Easy)" and s.name == "Ada"
    rec = Recorder(s)
    s.start()
    assert s.cpu_request is None and not rec.of(ThinkingStarted)
    s.go_on()
    assert s.cpu_request is not None and s.cpu_request.seat == 1
    assert s.rematch().name == "Ada"


def test_a_resumed_finished_match_is_recorded_after_the_key() -> None:
    g = new_game(load_variant("classic", target=30), 11)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    info = store.MatchInfo(cpu_level="easy", names=("You", "CPU (Easy)"))
    store.autosave(g, info)
    s = TableSession.resume(store.load_autosave().saved)
    rec = Recorder(s)
    s.start()
    assert not rec.of(MatchOver)
    s.go_on()
    assert len(rec.of(MatchOver)) == 1
    assert [m.uid for m in store.History().matches()] == [info.match_id]
    assert not store.has_autosave()


# ------------------------------------------------------------------ rematch
def test_rematch_swaps_the_opener_where_the_house_does() -> None:
    """double-first: a rematch swaps who opens (and keeps the options and the name)."""
    rules = load_variant("double-first", clock_minutes=10)
    s = TableSession(rules, 3, "easy", name="Ada")
    setup = s.rematch()
    assert setup == MatchSetup(rules, 4, "easy", 1 - s.first_opener, "Ada")
    again = TableSession.from_setup(setup)
    assert again.first_opener == 1 - s.first_opener and again.game.opener == again.first_opener
    assert again.cpu.name == "Ada (Easy)" and again.clock.remaining(0) == 600


def test_rematch_keeps_the_opener_rule_where_the_house_does_not_swap() -> None:
    s = session_for("classic", seed=11)
    assert s.rematch() == MatchSetup(s.rules, 12, "easy", None, None)


# ------------------------------------------------------------------ clocks and pacing
def test_only_the_side_to_move_runs_and_thinking_is_charged_to_the_cpu() -> None:
    """R-T-1, R-T-2."""
    now = FakeTime()
    cpu = FirstLegal(now, think=7.0)
    s = session_for(
        "classic", overrides={"clock_minutes": 5}, now=now, player_factory=lambda *a: cpu
    )
    s.start()
    assert s.clock.running == 0
    now.t += 20
    s.tick()
    assert s.clock.remaining(0) == 280 and s.clock.remaining(1) == 300
    s.play_selected()
    assert s.clock.running == 1
    while s.cpu_request is not None:
        s.run_cpu()
    assert s.my_turn and s.clock.running == 0
    assert s.clock.remaining(1) == 300 - 7 * cpu.calls


def test_a_flag_fall_ends_the_match_at_once() -> None:
    """R-T-1: mid-hand, reaching 0 loses the match."""
    now = FakeTime()
    s = session_for("classic", overrides={"clock_minutes": 1}, now=now)
    rec = Recorder(s)
    s.start()
    assert s.next_deadline() == pytest.approx(now.t + 60)
    now.t += 59.5
    s.tick()
    assert not rec.of(MatchOver)
    now.t += 1
    s.tick()
    m = s.game.match_result
    assert m is not None and (m.reason, m.loser_side) == ("time", 0)
    assert rec.of(ActionApplied)[-1].action == TimeOut(0)
    assert len(rec.of(MatchOver)) == 1 and s.clock.running is None
    assert match_headline(s.rules, m, s.side_names, s.cpu.name) == (
        "You lost on time",
        "Your clock reached 0:00: the match ends at once.",
    )


def test_a_cpu_that_thinks_past_its_time_loses_and_its_late_answer_is_dropped() -> None:
    """R-T-1, R-T-2: the flag falls while the CPU thinks; its answer comes too late."""
    now = FakeTime()
    s = session_for("classic", overrides={"clock_minutes": 1}, now=now)
    s.start()
    s.play_selected()
    request = s.cpu_request
    assert request is not None and s.thinking
    now.t += 61  # the thread is still thinking
    s.tick()
    m = s.game.match_result
    assert (m.reason, m.loser_side) == ("time", 1) and not s.thinking
    assert match_headline(s.rules, m, s.side_names, s.cpu.name) == (
        "You win on time!",
        "CPU's clock reached 0:00: the match ends at once.",
    )
    n = len(s.game.log)
    assert s.cpu_answer(request.run()) is False  # stale: dropped
    assert len(s.game.log) == n


def test_a_stale_cpu_answer_is_dropped_after_a_resignation() -> None:
    s = session_for("double-first", seed=3, player_factory=lambda *a: FirstLegal())
    s.start()
    drive(s, random.Random(1), until=lambda s: s.cpu_request is not None)
    request = s.cpu_request
    assert s.resign()
    assert s.game.log[-1] == Resign(0)
    m = s.game.match_result
    assert match_headline(s.rules, m, s.side_names, s.cpu.name) == (
        "CPU (Easy) wins the match",
        "You resigned.",
    )
    assert not s.cpu_answer(request.run())
    assert s.game.log[-1] == Resign(0)
    assert not s.cpu_answer(CpuAnswer(request.token + 99, request.view.legal[0]))


def test_the_per_turn_limit_plays_the_turn_for_the_person() -> None:
    """R-T-3: the Easy CPU plays the turn; a pause does not refill it; it is said."""
    now = FakeTime()
    s = session_for(
        "double-first",
        seed=3,
        overrides={"turn_seconds": 30},
        now=now,
        player_factory=lambda *a: FirstLegal(),
    )
    rec = Recorder(s)
    s.start()
    drive(s, random.Random(1), until=lambda s: s.my_turn and s.pending is None)
    n = len(s.game.log)
    now.t += 20
    s.pause_clocks()  # the rules screen: the turn waits
    now.t += 100
    s.resume_clocks()
    assert s.clock.turn_remaining() == pytest.approx(10)
    s.tick()
    assert len(s.game.log) == n
    now.t += 10
    s.tick()
    assert len(s.game.log) > n
    assert rec.of(ActionApplied)[-1].by == "turn_limit" and rec.of(ActionApplied)[-1].seat == 0
    assert str(s.message) == TURN_LIMIT
    assert str(s.lines[0]) == TURN_LIMIT
    drive(
        s,
        random.Random(1),
        until=lambda s: s.my_turn and s.pending is None or s.game.phase != "play",
    )
    if s.my_turn:  # said again with "Your turn" until the person's next move
        note, prompt = s.lines
        assert str(note) == TURN_LIMIT and str(prompt).startswith("Your turn: ")


def test_a_cpu_move_stays_pending_until_its_pace_has_passed() -> None:
    now = FakeTime()
    s = session_for("classic", seed=5, now=now, pace=Pace(cpu=0.7, forced=0.42))
    rec = Recorder(s)
    s.start()
    s.play_selected()
    started = now.t
    now.t += 0.1  # it thought a tenth of a second
    s.run_cpu()
    assert s.busy and s.pending == "cpu" and len(s.game.log) == 1
    assert rec.of(Waiting)[-1].due == pytest.approx(started + 0.7)
    assert s.next_deadline() == pytest.approx(started + 0.7)
    now.t = started + 0.69
    s.tick()
    assert len(s.game.log) == 1
    now.t = started + 0.7
    s.tick()
    assert len(s.game.log) == 2 and rec.of(ActionApplied)[-1].by == "cpu"


def test_the_persons_forced_draw_waits_for_its_pace_and_says_why() -> None:
    """R-M-4: nothing fits; the table draws for the person, one tile at a time."""
    rules = load_variant("classic")
    game = Game.from_position(
        rules,
        hands=[["0-0", "0-2"], ["3-3", "4-4", "5-5"]],
        boneyard=["1-1", "2-1", "6-5", "6-6", "3-4"],
        line=["6-1"],
        turn=0,
    )
    now = FakeTime()
    s = TableSession(rules, 1, "easy", game=game, now=now, pace=Pace(cpu=0.7, forced=0.42))
    s.start()
    assert s.pending == "forced" and str(s.message) == "No 1 or 6 in your hand: drawing…"
    now.t += 0.42
    s.tick()
    assert str(s.message) == "You drew 1-1: it fits." and s.pending is None and s.my_turn
    assert s.hand()[s.selected] == tiles.tile(1, 1) and s.new_tiles == {tiles.tile(1, 1)}


# ------------------------------------------------------------------ the person's moves and words
def both_ends() -> TableSession:
    game = Game.from_position(
        load_variant("classic"),
        hands=[["6-4", "3-2", "5-5"], ["0-0", "2-1", "3-3"]],
        line=["4-1", "1-6"],
        turn=0,
    )
    return TableSession(game.rules, 1, "easy", game=game, player_factory=lambda *a: FirstLegal())


def test_a_tile_fitting_both_ends_is_asked_never_chosen() -> None:
    """R-M-2."""
    s = both_ends()
    s.start()
    assert str(s.message) == "Your turn: 1 of your tiles fits. ←/→ to choose, Enter to play."
    assert s.play(tiles.tile(6, 4)) is False
    assert s.question == EndQuestion(tiles.tile(6, 4), (0, 1)) and s.game.log == []
    assert str(s.message) == "6-4 fits both ends: ← the 4 or → the 6?  Esc: other tile"
    assert s.message.lead == "6-4 fits both ends:" and s.message.tone == "question"
    s.choose_end(2)
    assert str(s.message).startswith("6-4 does not go on the up arm")
    s.cancel()
    assert s.question is None and str(s.message).startswith("Your turn")
    s.play(tiles.tile(6, 4))
    assert s.choose_end(1)
    assert s.game.log[0] == Play(tiles.tile(6, 4), 1)


def test_a_matador_either_way_round_is_asked() -> None:
    """R-MT-2."""
    game = Game.from_position(
        load_variant("matador"),
        hands=[["5-2", "6-6", "4-4"], ["1-1", "2-2", "3-3"]],
        line=["5-4", "3-0"],
        turn=0,
    )
    s = TableSession(game.rules, 1, "easy", game=game, player_factory=lambda *a: FirstLegal())
    s.start()
    assert str(s.message) == "Your turn: 1 of your tiles fits: 0 needs ★, 5 needs 2. ←/→, Enter."
    s.play(tiles.tile(5, 2), 1)
    assert s.question == TouchQuestion(tiles.tile(5, 2), 1, (5, 2))
    assert "← 5 touches (2 open)" in str(s.message)
    assert s.choose_touch(2)
    assert s.game.log[0] == Play(tiles.tile(5, 2), 1, 2)


def test_refusals_are_said_in_the_engines_words() -> None:
    s = session_for("classic", seed=5)
    s.start()
    other = next(t for t in s.hand() if t != tiles.tile(1, 1))
    assert not s.play(other)
    assert s.message.tone == "refusal" and s.message.lead == "Not allowed:"
    assert "must be led with 1-1" in str(s.message)
    assert not s.draw() and "the boneyard is only for a player who cannot play" in str(s.message)
    assert s.game.log == []


def test_a_key_on_the_cpus_turn_says_whose_turn_it_is() -> None:
    s = both_ends()
    s.start()
    s.play(tiles.tile(6, 4), 1)
    assert s.thinking and not s.play_selected()
    assert str(s.message) == "Wait: it is CPU (Easy)'s turn."
    s.select(1)  # choosing meanwhile is fine
    drive(s, random.Random(1), until=lambda s: s.my_turn)
    assert not s.thinking and "Wait" not in str(s.message)


def test_the_coach_hook_can_hold_a_move_back() -> None:
    s = both_ends()
    held: list = []
    s.check_move = lambda action: held.append(action) is not None  # holds every move
    s.start()
    s.play(tiles.tile(6, 4), 0)
    assert held == [Play(tiles.tile(6, 4), 0)] and s.game.log == []
    assert s.commit(held[0])
    assert s.game.log == held


def test_one_hint_at_a_time_and_a_stale_one_dropped() -> None:
    s = both_ends()
    s.start()
    request = s.request_hint()
    assert request is not None and str(s.message) == "Looking for a hint…"
    assert s.request_hint() is None  # already looking
    answer = request.run()
    s.select(1)  # the person moved on meanwhile: the hint does not move the raised tile
    selected = s.selected
    assert s.hint_answer(answer)
    assert str(s.message).startswith("Hint: ") and s.selected == selected
    again = s.request_hint()
    late = again.run()
    s.play(tiles.tile(6, 4), 1)
    assert not s.hint_answer(late)  # the position changed: dropped
    assert not s.hint_answer(HintAnswer(0, Draw(), "stale"))


def test_a_hint_raises_its_tile() -> None:
    s = both_ends()
    s.start()
    s.select(1)
    s.hint_answer(s.request_hint().run())
    assert s.hand()[s.selected] == tiles.tile(6, 4)


def test_a_redeal_is_told_and_logged() -> None:
    """R-C-2: seed 220 deals a hand that must be redealt."""
    s = session_for("classic", seed=220)
    rec = Recorder(s)
    s.start()
    assert s.game.redeals > 0
    assert [n.title for n in rec.of(Notice)] == ["Redeal"]
    assert str(s.message).startswith("Redealt once")
    assert s.log_lines()[0] == "Redealt once"


def test_next_hand_after_a_hand_over() -> None:
    s = session_for("classic", seed=5, player_factory=lambda *a: FirstLegal())
    rec = Recorder(s)
    s.start()
    drive(s, random.Random(1), until=lambda s: s.game.phase == HAND_OVER)
    assert len(rec.of(HandOver)) == 1
    assert s.clock is None or s.clock.running is None  # stopped while the hand is over (R-T-1)
    assert hand_how(s.game.result, s.names) in (
        "You went out",
        "CPU went out",
        "blocked, level",
        "blocked; You lighter",
        "blocked; CPU lighter",
    )
    s.next_hand()
    assert s.game.hand_no == 2 and s.game.log[-1] == NextHand()
    assert rec.of(HandStarted)[-1].hand_no == 2
    assert any(x == "— hand 1 over —" for x in s.log_lines())


def test_a_pass_before_chicken_foots_centre_double_says_what_the_seat_lacked() -> None:
    """R-CF-1: nobody dealt the round's double: each seat draws one and passes until it
    comes; the log says "passed: no centre double", not a sentence cut after "no"."""
    rules = load_variant("chicken-foot")
    for seed in range(40):
        g = new_game(rules, seed)
        players = [FirstLegal() for _ in range(rules.players)]
        while g.board().centre is None:
            g.apply(players[g.turn].choose(seat_view(g, g.turn)))
        if any(e.kind == "pass" for e in g.events):
            break
    else:  # pragma: no cover - some deal leaves the double in the boneyard
        raise AssertionError("no deal left the round's double in the boneyard")
    passes = [
        e for e in log_entries(g.events, ("You", "East", "North", "West")) if e.kind == "pass"
    ]
    assert passes and all(e.text.endswith("drew 1 and passed: no centre double") for e in passes)
