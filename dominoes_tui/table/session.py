"""One match at the table, without a UI: turns, CPU seats, clocks, pacing, saves.

A :class:`TableSession` owns the :class:`~dominoes_tui.engine.Game`, a CPU player
per CPU seat, the clock, whose turn it is, what the person is asked, the move
log, the autosave and the history record. Seat 0 is the person; every other seat
is a CPU. The UI (or a test, or a tool) calls its methods for the person's keys
and hears back through plain events (:mod:`.events`), then renders from its state.

The session is made of parts: the person's questions, selection and keys
(:mod:`.input`, which hands a finished action to the flow here), the read-only
queries the screen renders (:mod:`.prompts`), saving and recording
(:mod:`.autosave`). This module keeps the turn flow, the CPU seats and the clocks.

It never sleeps and never starts a thread:

- time is ``now()`` (injected); what is due later is announced by a
  :class:`~.events.Waiting` event (and :meth:`TableSession.next_deadline`), and the
  UI calls :meth:`TableSession.tick` then (and every few tenths of a second while a
  clock runs, for flag falls and the per-turn limit);
- a CPU seat to move is a :class:`~.events.CpuRequest` handed out by a
  :class:`~.events.ThinkingStarted` event: the UI runs ``request.run()`` in a
  thread and gives the answer back (:meth:`TableSession.cpu_answer`); headless
  code runs it inline with :meth:`TableSession.run_cpu`;
- history writes are :class:`~.events.Background` jobs the UI runs off its thread.

>>> from dominoes_tui.engine import load_variant
>>> s = TableSession(load_variant("classic"), seed=5, level="easy", autosave=False)
>>> s.start()
>>> str(s.message)
'Hand 1: you lead, and must lead 1-1.'
>>> [seat.name for seat in s.seats() if seat.turn]
['You']
>>> s.play_selected()          # the table raised 1-1 for you
>>> s.run_cpu()                # the CPU answers at once (pace 0 by default)
True
>>> s.log_lines()[0]
'You led 1-1'
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import store
from ..engine import (
    HAND_OVER,
    MATCH_OVER,
    PLAY,
    Action,
    Clock,
    Draw,
    Game,
    IllegalAction,
    NextHand,
    Pass,
    Play,
    Resign,
    Rules,
    TimeOut,
    VariantError,
    new_game,
    seat_view,
)
from ..options import TIMING_KEYS, cpu_display_name
from .autosave import Autosave
from .events import (
    ActionApplied,
    Background,
    ClockChanged,
    CpuAnswer,
    CpuRequest,
    HandOver,
    HandStarted,
    MatchOver,
    MessageChanged,
    Notice,
    SelectionChanged,
    TableEvent,
    ThinkingStarted,
    ThinkingStopped,
    TurnStarted,
    Waiting,
)
from .input import PersonInput
from .prompts import TableQueries
from .rated import Rated
from .resume import hand_over_entry, rebuild, redeal_entry
from .shared import YOU, entry
from .undo import TakeBack
from .words import (
    NOTHING,
    LogEntry,
    Sentence,
    log_entries,
    redeal_toast,
    redeal_words,
    refusal,
    round_words,
    said_place,
    seat_names,
    side_names,
    wait_words,
)

if TYPE_CHECKING:
    from ..ai import Player


BASE_DELAY = 0.9
"""Seconds from a CPU's turn starting until its move shows, at speed 1 (the normal pace)."""
PACES = {"slow": 1.8, "normal": BASE_DELAY, "fast": 0.35}
"""The pace setting (remembered, on the options screen): seconds each CPU move waits
before it is laid, so the one before it can be read."""
FORCED_SHARE = 0.6
"""The person's forced draw or pass waits this share of the CPU's delay."""

COVERED = "covered"
"""A clock hold: a screen is over the table (a dialog, the help, the hand-over)."""
AWAY = "away"
"""A clock hold: the app is suspended (Ctrl+Z, back to the shell)."""
COACH = "coach"
"""A clock hold: the coach is looking at the person's move before it is laid."""

PlayerFactory = Callable[[str, int], "Player"]
Listener = Callable[[Sequence[TableEvent]], None]


@dataclass(frozen=True)
class Pace:
    """How long things stay on show before the next one happens, in seconds.

    ``cpu``: from a CPU seat's turn starting until its move is laid (its thinking
    counts towards it), so the previous move stays readable at least that long.
    ``forced``: the pause before the table draws or passes for the person when
    that is the only move (R-M-4). ``Pace()`` is instant (tests, tools).

    >>> Pace.from_speed(2).cpu
    0.45
    >>> Pace.named("slow").cpu
    1.8
    """

    cpu: float = 0.0
    forced: float = 0.0

    @classmethod
    def from_delay(cls, delay: float) -> Pace:
        return cls(cpu=max(0.0, delay), forced=max(0.0, delay) * FORCED_SHARE)

    @classmethod
    def named(cls, name: str) -> Pace:
        """``"slow"``, ``"normal"`` or ``"fast"`` (anything else: normal)."""
        return cls.from_delay(PACES.get(name, BASE_DELAY))

    @classmethod
    def from_speed(cls, speed: float) -> Pace:
        """``--speed``: 1 is the normal pace, 2 twice as fast."""
        return cls.from_delay(BASE_DELAY / max(speed, 0.05))


@dataclass(frozen=True)
class MatchSetup:
    """What a new table needs: the rules, the deal's seed, the CPU level, who opens
    the first hand (None: the house's rule), the opponent's name (2 players)."""

    rules: Rules
    seed: int
    level: str
    first_seat: int | None = None
    name: str | None = None
    daily: date | None = None
    """The daily deal of that day (:mod:`.practice`): played beside the save slot."""
    next_rules: Rules | None = None
    """The rules its own rematch offers, when they differ (the house's clock)."""


def timing_changes(rules: Rules, later: Rules) -> dict[str, int]:
    """The clock and turn limit ``later`` has that ``rules`` has not (``{"clock_minutes":
    15}``): what a newcomer's untimed match keeps with its save for the rematch."""
    return {k: getattr(later, k) for k in TIMING_KEYS if getattr(later, k) != getattr(rules, k)}


@dataclass(frozen=True)
class _Pending:
    due: float
    what: str
    action: Action
    token: int


class TableSession(PersonInput, TableQueries, Autosave, TakeBack, Rated):
    """One match against CPU seats, from the deal to the match's end (see the module).

    Its parts: the person's questions, selection and keys (:class:`~.input.PersonInput`),
    what the screen renders (:class:`~.prompts.TableQueries`), saving and recording
    (:class:`~.autosave.Autosave`), take-backs (:class:`~.undo.TakeBack`); here the turn flow, the CPU seats and the clocks.
    """

    def __init__(
        self,
        rules: Rules,
        seed: int,
        level: str,
        *,
        first_seat: int | None = None,
        game: Game | None = None,
        name: str | None = None,
        player_factory: PlayerFactory | None = None,
        now: Callable[[], float] = time.monotonic,
        pace: Pace | None = None,
        saved: store.SavedGame | None = None,
        autosave: bool = True,
        home: Path | None = None,
        daily: date | None = None,
        practice: bool = False,
        next_rules: Rules | None = None,
    ) -> None:
        """A table for a new match; ``game`` starts from a set position instead.

        ``daily``: this is that day's daily deal. It is recorded like any match but never
        saved in the save slot, so a saved match there stays as it was (an unfinished
        try is recorded as unfinished when the table is left or the app quits).

        ``name``: the opponent's name in a two-player game (shown with its level).
        ``saved``: resume that match (see :meth:`resume`). ``autosave``: False keeps
        the store untouched (tools, doctests). ``home``: the store's folder (None:
        the usual one). ``practice``: a practice hand (labelled so on the table;
        ``u`` takes moves back, as against Easy). ``next_rules``: the rules of the
        rematch, when they differ (a newcomer's untimed first match: the house's own).
        """
        if player_factory is None:
            from ..ai import make_player

            player_factory = make_player
        self.dealt = game is None and saved is None
        """The table dealt this match itself (not a set position, not a resumed save)."""
        if saved is not None:
            game = saved.game
        self.rules = rules
        self.next_rules = next_rules if next_rules is not None else rules
        """The rematch's rules: a newcomer's untimed first match is followed by the
        house's clock."""
        self.seed = seed
        self.level = level
        self.now = now
        self.pace = pace if pace is not None else Pace()
        self.game: Game = game if game is not None else new_game(rules, seed, first_seat)
        self.first_opener = self.game.opener
        self.players: dict[int, Player] = {
            seat: player_factory(level, seed + seat - 1) for seat in range(1, rules.players)
        }
        """A CPU player per CPU seat (seat 1 is dealt the match's seed)."""
        self.name = name
        """The opponent's own name (without its level), kept for a rematch."""
        self.daily = daily
        """The day whose daily deal this is (None: another match)."""
        if rules.players == 2:
            if saved is not None and len(saved.info.names) > 1:
                self.cpu.name = saved.info.names[1]  # the name it had when saved
                suffix = f" ({level.title()})"
                if self.cpu.name.endswith(suffix) and self.cpu.name != f"CPU{suffix}":
                    self.name = self.cpu.name[: -len(suffix)]
            elif name is not None:
                self.cpu.name = cpu_display_name(name, level)
        self.names = seat_names(rules.players, rules.partners)
        """A short name per seat, as the move log says it ("You", "CPU", "East")."""
        self.side_names = side_names(rules.players, rules.partners)
        """A name per scoring side (partners score together, R-P-1)."""
        seats = ("You", self.cpu.name) if rules.players == 2 else self.names
        self.info = store.MatchInfo(cpu_level=level, names=seats, human_seat=YOU)
        self.info.next_timing = timing_changes(rules, self.next_rules)  # saved with the match
        self.clock: Clock | None = None
        self.clock_holds: set[str] = set()
        """Why the clocks wait now (:meth:`pause_clocks`): empty while they may run."""
        if rules.clock_minutes or rules.turn_seconds:
            self.clock = Clock(
                rules.players, rules.clock_minutes * 60, turn_seconds=rules.turn_seconds, now=now
            )

        self.token = 0
        """Bumped by every change of position: an answer carrying an older one is stale."""
        self.note: Sentence = NOTHING
        """What just happened, for the person (cleared by the next action)."""
        self.turn_note = ""
        """Said again with "Your turn" after the per-turn limit played a move (R-T-3)."""
        self.hand_words = ""
        """The hand's opening words, the prompt until its first move."""
        self.entries: list[LogEntry] = []
        """The move log of the hands before this one (and this hand's redeal note)."""
        self.places: dict[int, str] = {}
        """This hand's tiles laid on a line's ends, in the words of the moment each was laid
        (by its event's index: :func:`~.words.said_place`), for the move log."""
        self.thinking_seat: int | None = None
        self.cpu_request: CpuRequest | None = None
        self.waiting_for_key = False
        """A resumed match waits for a key (:meth:`go_on`) before anything moves."""
        self.left = False
        """Set when another match replaces this one: nothing moves or saves any more."""
        self.started = False
        self._pending: _Pending | None = None
        self._turn_of: tuple[int, int] | None = None
        self._listeners: list[Listener] = []
        self._events: list[TableEvent] = []
        self._depth = 0
        self._flushing = False
        self._shown: tuple[tuple[Sentence, Sentence], int | None, frozenset[int]] | None = None
        self._init_input()
        self._init_autosave(autosave, home)
        self._init_undo(practice)
        if saved is not None:
            self._resume_from(saved)
        self._init_rated()

    # ------------------------------------------------------------ making one
    @classmethod
    def resume(cls, saved: store.SavedGame, **kwargs: Any) -> TableSession:
        """The table of a saved match: its game, players, clocks and log; it waits for a
        key (:meth:`go_on`) with the clocks stopped."""
        game, info = saved.game, saved.info
        return cls(game.rules, game.seed, info.cpu_level, saved=saved, **kwargs)

    @classmethod
    def from_setup(cls, setup: MatchSetup, **kwargs: Any) -> TableSession:
        return cls(
            setup.rules,
            setup.seed,
            setup.level,
            first_seat=setup.first_seat,
            name=setup.name,
            daily=setup.daily,
            **kwargs,
        )

    def _resume_from(self, saved: store.SavedGame) -> None:
        seat = saved.info.human_seat
        if seat != YOU:  # never play another seat's hand as yours, nor score its result so
            raise ValueError(
                f"it seats you at seat {seat + 1} of {self.rules.players}, "
                "and this table always seats you first"
            )
        rebuilt = rebuild(self.game, self.names)
        self.entries = list(rebuilt.entries)
        self.places = dict(rebuilt.places)
        self.first_opener = rebuilt.first_opener
        self.info = saved.info
        if saved.info.next_timing:  # a newcomer's untimed match: its rematch's clock
            try:
                self.next_rules = self.rules.replace(**saved.info.next_timing)
            except (VariantError, TypeError, ValueError):
                self.next_rules = self.rules  # a clock these rules refuse now: none offered
        self._owns_save = True
        clock = saved.make_clock(now=self.now)
        if clock is not None:
            self.clock = clock
        self.waiting_for_key = True
        if self.game.phase == PLAY and not self.game.events and not self.game.line:
            self.hand_words = self._lead_words()

    @property
    def clock_offered(self) -> bool:
        """This match was played without the clock its rematch may have (a newcomer's
        untimed match): the match-over screen offers both (:meth:`rematch`)."""
        return self.daily is None and self.next_rules != self.rules

    def rematch(self, clock: bool = False) -> MatchSetup:
        """The same table again with the next seed; the house may swap who opens. The
        daily deal's is another try at the same deal (the same seed, tiles and CPU).

        A match the clock was offered after (:attr:`clock_offered`): the rematch is
        untimed like this one unless ``clock`` takes the house's, and its own rematch
        offers the clock again."""
        if self.daily is not None:
            return MatchSetup(self.rules, self.seed, self.level, name=self.name, daily=self.daily)
        first = self.rules.rematch_first_seat(self.first_opener)  # R-DF-3
        rules = self.next_rules if clock else self.rules
        later = self.next_rules if rules != self.next_rules else None
        return MatchSetup(rules, self.seed + 1, self.level, first, self.name, next_rules=later)

    # ------------------------------------------------------------ listening
    def subscribe(self, listener: Listener) -> None:
        """``listener(events)`` hears each call's events in one batch, in order."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _emit(self, event: TableEvent) -> None:
        self._events.append(event)

    def _flush(self) -> None:
        self._clamp()
        shown = (self.lines, self.selected, frozenset(self.new_tiles))
        if shown != self._shown:
            if self._shown is None or shown[0] != self._shown[0]:
                self._events.append(MessageChanged(self.message))
            if self._shown is None or shown[1:] != self._shown[1:]:
                self._events.append(SelectionChanged(self.selected))
            self._shown = shown
        if self._flushing:
            return  # the outer flush delivers them
        self._flushing = True
        try:
            while self._events:
                batch, self._events = self._events, []
                for listener in list(self._listeners):
                    listener(batch)
        finally:
            self._flushing = False

    # ------------------------------------------------------------ the flow
    @entry
    def start(self) -> None:
        """Sit down: the first hand's words, then whatever comes first (a CPU's turn, the
        person's forced move). A resumed match waits for :meth:`go_on` instead."""
        if self.started:
            return
        self.started = True
        if not self.waiting_for_key:
            self._begin_hand()
        self._advance()

    @entry
    def go_on(self) -> None:
        """The person is back (any key): start the clocks and carry on."""
        if not self.waiting_for_key:
            return
        self.waiting_for_key = False
        self._advance()

    @entry
    def tick(self) -> None:
        """Run what is due: a pending move, a flag fall (R-T-1), the per-turn limit (R-T-3)."""
        self._run_due()
        c, g = self.clock, self.game
        if self.left or c is None or g.phase != PLAY or c.running is None:
            return
        if self._flag_fell():
            return
        if c.turn_expired() and g.turn == YOU:
            self._play_for_the_person()

    def _begin_hand(self) -> None:
        g = self.game
        words = ""
        if g.redeals:
            words = redeal_words(g.redeals)
            self.entries.append(redeal_entry(g.hand_no, g.redeals))
            self._emit(Notice(redeal_toast(g.redeals), title="Redeal"))
        self.hand_words = words + (self._lead_words() if not g.line else "")
        if self.rounds:
            self.hand_words = round_words(g, None if g.turn == YOU else self.seat_name(g.turn))
        if g.turn == YOU and not g.line:
            leads = [a.tile for a in g.legal_actions() if isinstance(a, Play)]
            if len(leads) == 1:
                self.selected = self.hand().index(leads[0])
        self._emit(HandStarted(g.hand_no, g.opener, g.redeals))

    def _advance(self) -> None:
        """Decide what happens next after any change."""
        g = self.game
        self._autosave()
        if self.waiting_for_key or self.left:
            return
        if g.phase == HAND_OVER:
            self._clock_stop()
            self._emit(HandOver(g.result))
        elif g.phase == MATCH_OVER:
            self._clock_stop()
            if not self.recorded:
                self.recorded = True
                self._emit(Background(self._record_job(), "record"))
            self._emit(MatchOver(g.match_result))
        elif g.turn is not None:
            seat = g.turn
            if self._turn_of != (g.hand_no, seat):
                self._turn_of = (g.hand_no, seat)
                self._emit(TurnStarted(seat, g.hand_no))
            self._clock_start(seat)
            if seat != YOU:
                self._start_cpu_turn(seat)
            else:
                self._select_fitting()
                legal = g.legal_actions()
                if len(legal) == 1 and isinstance(legal[0], (Draw, Pass)):
                    self._schedule(self.now() + self.pace.forced, "forced", legal[0])

    @entry
    def next_hand(self) -> None:
        """The person has read the hand's result: deal the next hand."""
        g = self.game
        if g.phase != HAND_OVER or self.left:
            return
        self.entries += log_entries(g.events, self.names, g.hand_no, self.where(), self.places)
        self.entries.append(hand_over_entry(g.hand_no, self.rules.is_rounds))
        self.places = {}
        g.apply(NextHand())
        self.token += 1
        self.new_tiles = set()
        self.selected = 0
        self.note = NOTHING
        self._emit(ActionApplied(None, NextHand(), None, "table"))
        self._begin_hand()
        self._advance()

    def _schedule(self, due: float, what: str, action: Action) -> None:
        self._pending = _Pending(due, what, action, self.token)
        self._emit(Waiting(due, what))

    def _run_due(self) -> None:
        while self._pending is not None and self._pending.due <= self.now():
            p, self._pending = self._pending, None
            if p.token == self.token and not self.left:
                self._run_pending(p)

    def _run_pending(self, p: _Pending) -> None:
        g = self.game
        if p.what == "forced":
            if self.my_turn:
                self._apply(p.action, "forced")
            return
        seat = g.turn
        if g.phase != PLAY or seat is None or seat == YOU:
            return
        self._stop_thinking()
        if self._flag_fell():  # it thought past its time (R-T-2)
            return
        if not self._apply(p.action, "cpu") and g.phase == PLAY and g.turn == seat:
            legal = g.legal_actions()
            self._emit(Notice(f"The CPU tried an illegal move ({p.action}); it plays {legal[0]}."))
            self._apply(legal[0], "cpu")

    def _apply(self, action: Action, by: str) -> bool:
        """Apply an action of the seat to move; False if refused (said for the person)."""
        if self._flag_fell():
            return False
        g = self.game
        seat = g.turn
        before = g.hands[YOU]
        said = said_place(g, action)
        try:
            g.apply(action)
        except IllegalAction as e:
            if seat == YOU:
                self.note = refusal(str(e))
            return False
        if said is not None:
            self.places[said[0]] = said[1]
        self.token += 1
        self.question = None
        self._pending = None
        self.hint_request = None
        self.note = NOTHING
        self.new_tiles = set()
        if seat == YOU:
            self._after_own_move(action, g.hands[YOU] & ~before, by)
        entries = log_entries(g.events, self.names, g.hand_no, self.where(), self.places)
        entry = entries[-1] if entries and g.events and g.events[-1].seat == seat else None
        self._emit(ActionApplied(seat, action, entry, by))
        self._advance()
        return True

    # ------------------------------------------------------------ the CPU
    def _start_cpu_turn(self, seat: int) -> None:
        view = seat_view(self.game, seat)
        request = CpuRequest(seat, view, self.token, self.players[seat], self.now())
        self.cpu_request = request
        self.thinking_seat = seat
        self._emit(ThinkingStarted(request))

    def _stop_thinking(self) -> None:
        if self.thinking_seat is not None:
            self._emit(ThinkingStopped(self.thinking_seat))
        self.thinking_seat = None

    @entry
    def cpu_answer(self, answer: CpuAnswer) -> bool:
        """A CPU seat's choice for the request it was given; False if it came too late
        (the position changed since: a flag fell, the person resigned) and was dropped.

        The move is laid once ``pace.cpu`` has passed since the request (at once if its
        thinking took longer)."""
        req = self.cpu_request
        if req is None or answer.token != req.token or answer.token != self.token:
            return False
        self.cpu_request = None
        if answer.problem:
            self._emit(Notice(answer.problem, severity="warning"))
        self._schedule(req.started + self.pace.cpu, "cpu", answer.action)
        return True

    def run_cpu(self) -> bool:
        """Headless: think for the CPU seat to move here and now (no thread), and hand the
        answer in. True if there was a request. With a pace above 0 the move waits for
        :meth:`tick` at its time."""
        req = self.cpu_request
        if req is None:
            return False
        self.cpu_answer(req.run())
        return True

    # ------------------------------------------------------------ the clock
    def _clock_start(self, seat: int) -> None:
        """``seat`` is to move: its clock runs, unless something holds the clocks (a
        dialog over the table, the coach looking): then its turn starts paused."""
        if self.clock is not None:
            self.clock.start(seat)
            if self.clock_holds:
                self.clock.pause()
                self._emit(ClockChanged(None))
                return
            self._emit(ClockChanged(seat))

    def _clock_stop(self) -> None:
        if self.clock is not None:
            self.clock.stop()
            self._emit(ClockChanged(None))

    @entry
    def pause_clocks(self, why: str = COVERED) -> None:
        """Hold the clocks for ``why``: a screen over the table (:data:`COVERED`: a
        menu, the help, a question, the hand-over), the app suspended (:data:`AWAY`),
        the coach looking at a move (:data:`COACH`). The clocks wait until every hold is
        let go (:meth:`resume_clocks`), and the turn goes on afterwards (the per-turn
        limit is not refilled, R-T-3). A turn that starts meanwhile (the CPU's move
        landing under a dialog) starts paused."""
        self.clock_holds.add(why)
        if self.clock is not None and self.clock.running is not None:
            self.clock.pause()
            self._emit(ClockChanged(None))

    @entry
    def resume_clocks(self, why: str = COVERED) -> None:
        """Let go of the hold ``why``; with none left, the clock of the seat to move runs."""
        self.clock_holds.discard(why)
        g = self.game
        if self.clock is None or self.clock_holds or self.waiting_for_key or self.left:
            return
        if g.phase == PLAY and g.turn is not None and self.clock.running != g.turn:
            self.clock.start(g.turn)
            self._emit(ClockChanged(g.turn))

    def _flag_fell(self) -> bool:
        """R-T-1: a clock at 0 ends the match at once (checked by :meth:`tick` and before
        any move is applied, so a CPU that thought past its time does not move)."""
        c, g = self.clock, self.game
        flag = c.flagged() if c is not None and g.phase == PLAY else None
        if flag is None:
            return False
        self._end_by(TimeOut(flag), "table")
        return True

    def _halt(self) -> None:
        """Drop what was under way: a CPU's thinking, its answer, a pending move (the
        token moves on, so a late answer is stale)."""
        self.token += 1
        self._stop_thinking()
        self.cpu_request = None
        self._pending = None

    def _end_by(self, action: Resign | TimeOut, by: str) -> None:
        """End the match with ``action`` whoever is to move (a resignation, a flag fall):
        what was under way is dropped, the question forgotten, then the match is over."""
        self._halt()
        self.question = None
        self.game.apply(action)
        self._emit(ActionApplied(action.seat, action, None, by))
        self._advance()

    def _play_for_the_person(self) -> None:
        """R-T-3: the turn ran out: the Easy CPU plays it for the person."""
        from ..ai import make_player

        action = make_player("easy", self.token).choose(seat_view(self.game, YOU))
        self._apply(action, "turn_limit")

    # ------------------------------------------------------------ the person
    def _not_your_turn(self) -> bool:
        g = self.game
        if g.phase != PLAY or self.waiting_for_key or self.left:
            return True
        if g.turn != YOU:
            self.note = wait_words(self.seat_name(g.turn))
            return True
        return False

    def _person(self, action: Action) -> bool:
        if self.check_move is not None and not self.check_move(action):
            return False
        return self._apply(action, "person")

    @entry
    def commit(self, action: Action) -> bool:
        """Apply the person's move without asking :attr:`check_move` (after the coach)."""
        if self._not_your_turn():
            return False
        return self._apply(action, "person")

    @entry
    def resign(self) -> bool:
        """R-M-6: the person gives the match up (where the house allows it): a loss."""
        if not self.can(Resign):
            return False
        self._end_by(Resign(YOU), "person")
        return True
