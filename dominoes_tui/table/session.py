"""One match at the table, without a UI: turns, CPU seats, clocks, pacing, saves.

A :class:`TableSession` owns the :class:`~dominoes_tui.engine.Game`, a CPU player
per CPU seat, the clock, whose turn it is, what the person is asked, the move
log, the autosave and the history record. Seat 0 is the person; every other seat
is a CPU. The UI (or a test, or a tool) calls its methods for the person's keys
and hears back through plain events (:mod:`.events`), then renders from its state.

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

import functools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

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
    PlayDoubles,
    Resign,
    Rules,
    SeatView,
    Stop,
    TimeOut,
    new_game,
    seat_view,
    tiles,
)
from ..options import cpu_display_name
from .events import (
    ActionApplied,
    Background,
    ClockChanged,
    CpuAnswer,
    CpuRequest,
    HandOver,
    HandStarted,
    HintAnswer,
    HintRequest,
    HintShown,
    MatchOver,
    MessageChanged,
    Notice,
    SaveFailed,
    SelectionChanged,
    TableEvent,
    ThinkingStarted,
    ThinkingStopped,
    TurnStarted,
    Waiting,
)
from .resume import hand_over_entry, rebuild, redeal_entry
from .words import (
    NO_DRAWING,
    NO_RESIGN,
    NO_TWO_DOUBLES,
    NOTHING,
    RESUMED,
    TURN_LIMIT,
    LogEntry,
    SeatInfo,
    Sentence,
    bonus_words,
    drew_words,
    end_question,
    end_question_again,
    fives_words,
    forced_words,
    hanging_words,
    hint_words,
    key_refusal,
    lead_words,
    log_entries,
    no_place,
    partner_of,
    place_question,
    place_words,
    redeal_toast,
    redeal_words,
    refusal,
    round_title,
    round_words,
    rounds_forced,
    rounds_turn,
    score_text,
    seat_names,
    side_names,
    target_text,
    wait_words,
    way_round_question,
    wrong_end,
    your_turn,
)

if TYPE_CHECKING:
    from ..ai import Player

YOU = 0
"""The person's seat. Every other seat is a CPU."""

BASE_DELAY = 0.9
"""Seconds from a CPU's turn starting until its move shows, at speed 1 (the normal pace)."""
PACES = {"slow": 1.8, "normal": BASE_DELAY, "fast": 0.35}
"""The pace setting (remembered, on the options screen): seconds each CPU move waits
before it is laid, so the one before it can be read."""
FORCED_SHARE = 0.6
"""The person's forced draw or pass waits this share of the CPU's delay."""

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


@dataclass(frozen=True)
class EndQuestion:
    """The person's tile fits several ends: the table asks which (R-M-2)."""

    tile: int
    ends: tuple[int, ...]


@dataclass(frozen=True)
class TouchQuestion:
    """A matador goes on ``end`` either way round: the table asks which half touches
    (R-MT-2)."""

    tile: int
    end: int
    touches: tuple[int, ...]


@dataclass(frozen=True)
class PlaceQuestion:
    """Mexican Train, Chicken Foot: the person's tile fits several trains, arms or toes;
    the table asks which (they are numbered on the layout in this order)."""

    tile: int
    places: tuple[int, ...]


Question = EndQuestion | TouchQuestion | PlaceQuestion


@dataclass(frozen=True)
class _Pending:
    due: float
    what: str
    action: Action
    token: int


F = TypeVar("F", bound=Callable[..., Any])


def _entry(fn: F) -> F:
    """A public call: when the outermost one returns, whatever is due now runs, then the
    listeners hear every event of the call in one batch."""

    @functools.wraps(fn)
    def call(self: TableSession, *args: Any, **kwargs: Any) -> Any:
        self._depth += 1
        try:
            result = fn(self, *args, **kwargs)
            if self._depth == 1:
                self._run_due()
        finally:
            self._depth -= 1
        if self._depth == 0:
            self._flush()
        return result

    return call  # type: ignore[return-value]


class TableSession:
    """One match against CPU seats, from the deal to the match's end (see the module)."""

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
    ) -> None:
        """A table for a new match; ``game`` starts from a set position instead.

        ``name``: the opponent's name in a two-player game (shown with its level).
        ``saved``: resume that match (see :meth:`resume`). ``autosave``: False keeps
        the store untouched (tools, doctests). ``home``: the store's folder (None:
        the usual one).
        """
        if player_factory is None:
            from ..ai import make_player

            player_factory = make_player
        if saved is not None:
            game = saved.game
        self.rules = rules
        self.seed = seed
        self.level = level
        self.now = now
        self.pace = pace if pace is not None else Pace()
        self.home = home
        self.autosave_enabled = autosave
        self.game: Game = game if game is not None else new_game(rules, seed, first_seat)
        self.first_opener = self.game.opener
        self.players: dict[int, Player] = {
            seat: player_factory(level, seed + seat - 1) for seat in range(1, rules.players)
        }
        """A CPU player per CPU seat (seat 1 is dealt the match's seed)."""
        self.name = name
        """The opponent's own name (without its level), kept for a rematch."""
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
        self.clock: Clock | None = None
        if rules.clock_minutes or rules.turn_seconds:
            self.clock = Clock(
                rules.players, rules.clock_minutes * 60, turn_seconds=rules.turn_seconds, now=now
            )

        self.token = 0
        """Bumped by every change of position: an answer carrying an older one is stale."""
        self.selected: int | None = 0
        """The raised tile: an index into :meth:`hand`."""
        self.new_tiles: set[int] = set()
        """Tiles the person just drew (shown apart)."""
        self.question: Question | None = None
        """What the table asks the person before it can lay their tile (which end, which
        way round), shown as the prompt until answered or cancelled."""
        self.note: Sentence = NOTHING
        """What just happened, for the person (cleared by the next action)."""
        self.turn_note = ""
        """Said again with "Your turn" after the per-turn limit played a move (R-T-3)."""
        self.hand_words = ""
        """The hand's opening words, the prompt until its first move."""
        self.entries: list[LogEntry] = []
        """The move log of the hands before this one (and this hand's redeal note)."""
        self.thinking_seat: int | None = None
        self.cpu_request: CpuRequest | None = None
        self.hint_request: HintRequest | None = None
        self.waiting_for_key = False
        """A resumed match waits for a key (:meth:`go_on`) before anything moves."""
        self.left = False
        """Set when another match replaces this one: nothing moves or saves any more."""
        self.recorded = False
        self.started = False
        self.pick = 0
        """Which of the asked places (:class:`PlaceQuestion`) the ↑/↓ mark is on."""
        self.end_arrows: dict[int, str] = {}
        """The arrow key that picks each open end as the screen draws it (set by the UI
        with :meth:`place_ends`; empty: ← left, → right, ↑ up, ↓ down)."""
        self.check_move: Callable[[Action], bool] | None = None
        """Called with each move the person makes, before it is applied; returning False
        holds it back (a coach asks first, then calls :meth:`commit`)."""
        self._pending: _Pending | None = None
        self._hint_selected: int | None = None
        self._saved_token = 0
        self._owns_save = False
        self._save_error: str | None = None
        self._turn_of: tuple[int, int] | None = None
        self._listeners: list[Listener] = []
        self._events: list[TableEvent] = []
        self._depth = 0
        self._flushing = False
        self._shown: tuple[tuple[Sentence, Sentence], int | None, frozenset[int]] | None = None
        if saved is not None:
            self._resume_from(saved)

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
        self.first_opener = rebuilt.first_opener
        self.info = saved.info
        self._owns_save = True
        clock = saved.make_clock(now=self.now)
        if clock is not None:
            self.clock = clock
        self.waiting_for_key = True
        if self.game.phase == PLAY and not self.game.events and not self.game.line:
            self.hand_words = self._lead_words()

    def rematch(self) -> MatchSetup:
        """The same table again with the next seed; the house may swap who opens."""
        first = self.rules.rematch_first_seat(self.first_opener)  # R-DF-3
        return MatchSetup(self.rules, self.seed + 1, self.level, first, self.name)

    # ------------------------------------------------------------ listening
    def subscribe(self, listener: Listener) -> None:
        """``listener(events)`` hears each call's events in one batch, in order."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _emit(self, event: TableEvent) -> None:
        self._events.append(event)

    def _clamp(self) -> None:
        """Keep the raised tile inside the hand (it shrinks as tiles are played)."""
        n = self.game.hands[YOU].bit_count()
        if not n:
            self.selected = None
        elif self.selected is None or self.selected >= n:
            self.selected = min(self.selected or 0, n - 1)

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

    # ------------------------------------------------------------ state
    @property
    def cpu(self) -> Player:
        """The first CPU seat's player (the opponent, with two players)."""
        return self.players[1]

    @property
    def thinking(self) -> bool:
        return self.thinking_seat is not None

    @property
    def busy(self) -> bool:
        """A CPU is thinking or a shown move is pending (tests wait on it)."""
        return self.thinking_seat is not None or self._pending is not None

    @property
    def pending(self) -> str | None:
        """What is due next (``"cpu"``, ``"forced"``), if anything."""
        return self._pending.what if self._pending is not None else None

    @property
    def pending_due(self) -> float | None:
        """When the pending move is due (the session's time), if there is one."""
        return self._pending.due if self._pending is not None else None

    @property
    def turn(self) -> int | None:
        """The seat to move (0: the person), or None between hands and after the match."""
        g = self.game
        return g.turn if g.phase == PLAY else None

    @property
    def my_turn(self) -> bool:
        g = self.game
        return g.phase == PLAY and g.turn == YOU

    @property
    def rounds(self) -> bool:
        """Mexican Train or Chicken Foot: rounds of penalties, tiles laid on places."""
        return self.rules.is_rounds

    def where(self) -> Callable[[int, int], str] | None:
        """The places of this round's layout in words, for the log (None: a line game)."""
        return place_words(self.game, self.names) if self.rounds else None

    def place_label(self, place: int | None) -> str:
        """A place of the layout in words for the person ("your train", "arm 2")."""
        if place is None:
            return "the centre"
        where = place_words(self.game, self.names)
        return where(place, -1) if where is not None else str(place)

    def view(self, seat: int = YOU) -> SeatView:
        return seat_view(self.game, seat)

    def hand(self) -> list[int]:
        """The person's tiles, in the order shown."""
        return list(tiles.bits(self.game.hands[YOU]))

    def fits(self) -> set[int]:
        """The person's tiles that may be played now (empty when it is not their turn)."""
        if not self.my_turn:
            return set()
        legal = self.game.legal_actions()
        return {a.tile for a in legal if isinstance(a, Play)} | {
            t for a in legal if isinstance(a, PlayDoubles) for t in (a.first, a.second)
        }

    def can(self, what: str) -> bool:
        """Whether the person's ``"pass"``, ``"two_doubles"``, ``"draw"`` or ``"resign"``
        applies at this table now (the keys that do not are hidden, and say why not)."""
        if what == "resign":
            return self.rules.resign and self.game.phase != MATCH_OVER and not self.left
        mine = self.my_turn and not self.waiting_for_key and not self.left
        legal = self.game.legal_actions() if mine else []
        if what == "pass":
            return any(isinstance(a, Pass) for a in legal)
        if what == "two_doubles":
            return any(isinstance(a, PlayDoubles) for a in legal)
        if what == "draw":
            return any(isinstance(a, Draw) for a in legal)
        if what == "stop":
            return any(isinstance(a, Stop) for a in legal)
        raise ValueError(f"unknown action {what!r}")

    def why_not(self, what: str) -> str | None:
        """Why the person's ``"pass"``, ``"two_doubles"``, ``"draw"`` or ``"resign"`` key
        does not apply now (one sentence, the engine's words where it has them), or
        None when it does."""
        g = self.game
        if what == "resign":
            return None if self.rules.resign else NO_RESIGN
        if what == "two_doubles" and not self.rules.two_doubles:
            return NO_TWO_DOUBLES
        if what == "draw" and not self.rules.draws:
            return NO_DRAWING
        if g.phase != PLAY or g.turn != YOU:
            if g.phase == PLAY and g.turn is not None:
                return f"it is {self.seat_name(g.turn)}'s turn."
            return "there is no move to make now."
        if self.can(what):
            return None
        action = {"pass": Pass(), "draw": Draw(), "stop": Stop()}.get(what)
        if action is not None:
            why = g.why_illegal(action)
            if why:
                return why.rstrip(".") + "."
        if what == "stop":
            return "you may stop only after laying tiles of your first-turn run."
        a, b = (g.ends + [None, None])[:2]
        if a is not None and a == b:
            return "two doubles needs open ends showing two different numbers."
        return "two doubles needs the double of each open end in your hand."

    @_entry
    def refuse(self, what: str) -> None:
        """A key that does not apply now: say why in one line (cleared by the next key)."""
        why = self.why_not(what)
        if why is not None:
            self.note = key_refusal(why)

    def _clear_refusal(self) -> None:
        if self.note.tone == "refusal":
            self.note = NOTHING

    def seats(self) -> list[SeatInfo]:
        """Every seat as the table shows it: name, tiles left, the turn marker, the partner,
        its last move this hand (any number of seats; the UI lays them out)."""
        g = self.game
        view = self.view()
        mate = partner_of(self.rules, YOU)
        last: dict[int, str] = {}
        for e in log_entries(g.events, self.names, g.hand_no, self.where()):
            if e.seat is not None:
                last[e.seat] = e.brief
        revealed = view.revealed if g.phase != PLAY else None
        out = []
        for seat in range(self.rules.players):
            name = "You" if seat == YOU else self.seat_name(seat)
            shown = tuple(tiles.names(revealed[seat])) if revealed is not None else None
            out.append(
                SeatInfo(
                    seat,
                    name,
                    view.hand_counts[seat],
                    turn=self.turn == seat,
                    partner=seat == mate,
                    last=last.get(seat, ""),
                    revealed=shown,
                )
            )
        return out

    def fives_preview(self, tile: int) -> list[tuple[int, int]]:
        """All Fives: what ``tile`` would score on each end it fits, ``(end, points)``
        (the engine scores a copy, R-F-2)."""
        g = self.game
        if self.rules.end_scoring != "fives" or not self.my_turn:
            return []
        out = []
        for a in g.legal_actions():
            if isinstance(a, Play) and a.tile == tile:
                trial = g.copy()
                trial.apply(a)
                out.append((a.end if a.end is not None else 0, trial.events[-1].scored))
        return out

    def stakes(self) -> list[str]:
        """What is at stake beyond the written scores, in words: points hanging from a
        level block (R-C-7), a bonus tile led this hand (R-B), and in All Fives the
        open ends added up and what the raised tile would score (R-F-2)."""
        g, r = self.game, self.rules
        out = []
        if g.scores.hanging:
            out.append(hanging_words(g.scores.hanging))
        first = getattr(g, "first_tile", None)
        led = first if isinstance(first, (tuple, list)) else (first,)
        for t in led:
            if g.phase == PLAY and g.line and t in r.bonus_tiles:  # pending until the hand ends
                out.append(bonus_words(t, r.bonus_tiles[t]))
        if r.end_scoring == "fives" and g.phase == PLAY and g.line:
            hand = self.hand()
            raised = self.my_turn and self.selected is not None and hand
            tile = hand[min(self.selected or 0, len(hand) - 1)] if raised else None
            scores = [p for _, p in self.fives_preview(tile)] if tile is not None else []
            out.append(fives_words(g.fives_count(), tile if scores else None, scores))
        return out

    def score_parts(self) -> tuple[str, list[tuple[str, str, int]], list[str]]:
        """The scores row in words: the target, each side's ``(name, score, points just
        scored)`` (All Fives' last play, until the next one), and :meth:`stakes`."""
        g, r = self.game, self.rules
        last = next((e for e in reversed(g.events) if e.kind in ("play", "doubles")), None)
        scorer = r.side_of(last.seat) if last is not None and last.scored else None
        sides = [
            (name, score_text(r, g.scores, side), last.scored if side == scorer and last else 0)
            for side, name in enumerate(self.side_names)
        ]
        if self.rounds:  # penalties, lowest total wins (R-TR-5, R-CF-5)
            return round_title(g), sides, ["lowest total wins"] if r.players <= 4 else []
        target = "a single hand" if r.target == 0 else target_text(r)
        return target, sides, self.stakes()

    def seat_name(self, seat: int) -> str:
        """A seat's name in sentences: the CPU's own name (with its level) with two players."""
        if self.rules.players == 2 and seat == 1:
            return self.cpu.name
        return self.names[seat]

    @property
    def match_over(self) -> bool:
        return self.game.phase == MATCH_OVER

    @property
    def prompt(self) -> Sentence:
        """What the person should do now; the table shows it whenever no note covers it."""
        g = self.game
        if self.waiting_for_key:
            return Sentence("", RESUMED, "prompt")
        q = self.question
        if isinstance(q, EndQuestion):
            return end_question(q.tile, q.ends, g.ends, self.end_arrows)
        if isinstance(q, TouchQuestion):
            return way_round_question(q.tile, q.end, g.ends[q.end], q.touches)
        if isinstance(q, PlaceQuestion):
            return place_question(q.tile, [self.place_label(p) for p in q.places], self.pick)
        if g.phase != PLAY or self.left:
            return NOTHING
        if self.rounds:
            return self._rounds_prompt()
        if self.hand_words and not g.events and not g.line:
            lead = self._lead_words()  # short: without the redeal's words (in the log too)
            return Sentence("", self.hand_words, "prompt", lead if lead != self.hand_words else "")
        if g.turn != YOU:
            return NOTHING
        legal = g.legal_actions()
        if len(legal) == 1 and isinstance(legal[0], (Draw, Pass)):
            return Sentence("", forced_words(isinstance(legal[0], Draw), g.ends), "prompt")
        n = len(self.fits())
        if not n:
            return NOTHING
        return your_turn(n, self.rules, g.ends)

    def _rounds_prompt(self) -> Sentence:
        g = self.game
        opening = self.hand_words and not g.events
        if opening and g.turn != YOU:
            return Sentence("", self.hand_words, "prompt", round_title(g) + ".")
        if g.turn != YOU:
            return NOTHING
        legal = g.legal_actions()
        if len(legal) == 1 and isinstance(legal[0], (Draw, Pass)):
            return Sentence("", rounds_forced(isinstance(legal[0], Draw), g), "prompt")
        n = len(self.fits())
        if not n:
            if any(isinstance(a, Stop) for a in legal):
                return Sentence("", "Nothing more fits your run: s to stop.", "prompt")
            return NOTHING
        turn = rounds_turn(n, g, self.names)
        if opening:  # the round's words before the first move, then what to do
            lead = round_title(g) + "."
            return Sentence(lead, turn.text, "prompt", turn.short)
        return turn

    @property
    def message(self) -> Sentence:
        """The line the person reads: the latest note, else the prompt."""
        return self.note or self.prompt

    @property
    def lines(self) -> tuple[Sentence, Sentence]:
        """What the person reads, in two parts shown together: what just happened (a
        note: a hint, a refused key, a draw, the turn limit) and what to do now (the
        prompt, which therefore never goes away while a note is shown)."""
        note = self.note
        if not note and self.turn_note and self.my_turn:
            note = Sentence("", self.turn_note.strip())
        return note, self.prompt

    def log(self) -> list[LogEntry]:
        """The whole match's move log so far (earlier hands, then this one)."""
        return self.entries + log_entries(
            self.game.events, self.names, self.game.hand_no, self.where()
        )

    def log_lines(self) -> list[str]:
        return [e.text for e in self.log()]

    def next_deadline(self) -> float | None:
        """When :meth:`tick` must next be called (the session's time), or None: a pending
        move, a flag about to fall, a per-turn limit about to run out."""
        times = []
        if self._pending is not None:
            times.append(self._pending.due)
        c = self.clock
        if c is not None and c.running is not None:
            t = self.now()
            if c.enabled:
                times.append(t + c.remaining(c.running))
            left = c.turn_remaining()
            if left is not None and c.running == YOU:
                times.append(t + left)
        return min(times) if times else None

    # ------------------------------------------------------------ the flow
    @_entry
    def start(self) -> None:
        """Sit down: the first hand's words, then whatever comes first (a CPU's turn, the
        person's forced move). A resumed match waits for :meth:`go_on` instead."""
        if self.started:
            return
        self.started = True
        if not self.waiting_for_key:
            self._begin_hand()
        self._advance()

    @_entry
    def go_on(self) -> None:
        """The person is back (any key): start the clocks and carry on."""
        if not self.waiting_for_key:
            return
        self.waiting_for_key = False
        self._advance()

    @_entry
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

    def _lead_words(self) -> str:
        g = self.game
        if g.turn != YOU:
            return lead_words(g.hand_no, [], 0, self.seat_name(g.turn))
        leads = [a.tile for a in g.legal_actions() if isinstance(a, Play)]
        return lead_words(g.hand_no, leads, len(self.hand()), None)

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

    def _select_fitting(self) -> None:
        """On the person's turn, raise a tile that fits if the raised one does not."""
        hand, fits = self.hand(), self.fits()
        if not hand or not fits:
            return
        if self.selected is not None and self.selected < len(hand):
            if hand[self.selected] in fits:
                return
        self.selected = next(i for i, t in enumerate(hand) if t in fits)

    @_entry
    def next_hand(self) -> None:
        """The person has read the hand's result: deal the next hand."""
        g = self.game
        if g.phase != HAND_OVER or self.left:
            return
        self.entries += log_entries(g.events, self.names, g.hand_no, self.where())
        self.entries.append(hand_over_entry(g.hand_no))
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
        try:
            g.apply(action)
        except IllegalAction as e:
            if seat == YOU:
                self.note = refusal(str(e))
            return False
        self.token += 1
        self.question = None
        self._pending = None
        self.hint_request = None
        self.note = NOTHING
        self.new_tiles = set()
        if seat == YOU:
            self.turn_note = ""
            drawn = g.hands[YOU] & ~before
            if isinstance(action, Draw) and drawn:
                self.new_tiles = set(tiles.bits(drawn))
                t = next(iter(tiles.bits(drawn)))
                self.selected = self.hand().index(t)
                self.note = Sentence("", drew_words(t, t in self.fits()))
            if by == "turn_limit":
                self.turn_note = TURN_LIMIT + " "
                self.note = Sentence("", TURN_LIMIT)
        entries = log_entries(g.events, self.names, g.hand_no, self.where())
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

    @_entry
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
        if self.clock is not None:
            self.clock.start(seat)
            self._emit(ClockChanged(seat))

    def _clock_stop(self) -> None:
        if self.clock is not None:
            self.clock.stop()
            self._emit(ClockChanged(None))

    @_entry
    def pause_clocks(self) -> None:
        """A menu, the help or a question is over the table (or the app is suspended):
        the clocks wait, and the turn goes on afterwards (the per-turn limit is not
        refilled, R-T-3)."""
        if self.clock is not None and self.clock.running is not None:
            self.clock.pause()
            self._emit(ClockChanged(None))

    @_entry
    def resume_clocks(self) -> None:
        """The table is in front again: the clock of the seat to move runs."""
        g = self.game
        if self.clock is None or self.waiting_for_key or self.left:
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
        self.token += 1
        self._stop_thinking()
        self.cpu_request = None
        self._pending = None
        self.question = None
        g.apply(TimeOut(flag))
        self._emit(ActionApplied(flag, TimeOut(flag), None, "table"))
        self._advance()
        return True

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

    @_entry
    def commit(self, action: Action) -> bool:
        """Apply the person's move without asking :attr:`check_move` (after the coach)."""
        if self._not_your_turn():
            return False
        return self._apply(action, "person")

    @_entry
    def select(self, delta: int) -> None:
        """Raise the tile ``delta`` places along (wrapping)."""
        self._clear_refusal()
        hand = self.hand()
        if not hand:
            return
        self.selected = ((self.selected or 0) + delta) % len(hand)
        self.new_tiles = set()

    @_entry
    def click_tile(self, index: int) -> None:
        """A click on the hand: raise that tile, or play it if it is raised already."""
        self._clear_refusal()
        self.question = None
        if index == self.selected:
            self.play_selected()
        else:
            self.selected = index
            self.new_tiles = set()

    @_entry
    def click_end(self, end: int | None) -> None:
        """A click on an open end's marker: the raised tile (or the one asked about)
        goes there."""
        hand = self.hand()
        q = self.question
        if q is None and (self.selected is None or not hand):
            self.note = Sentence("", "Pick a tile first, then click an end.")
            return
        tile = q.tile if q is not None else hand[self.selected or 0]
        if isinstance(q, PlaceQuestion) and end not in q.places:
            self.note = Sentence(
                "", f"{tiles.name(q.tile)} does not go there: pick a numbered place."
            )
            return
        self.question = None
        self.play(tile, end)

    @_entry
    def play_selected(self) -> None:
        """Enter: play the raised tile (or say again how to answer the question)."""
        q = self.question
        if isinstance(q, TouchQuestion):
            self.note = NOTHING  # the question shows again
            return
        if isinstance(q, EndQuestion):
            self.note = end_question_again(q.tile, q.ends, self.game.ends, self.end_arrows)
            return
        if isinstance(q, PlaceQuestion):
            self.choose_place(q.places[min(self.pick, len(q.places) - 1)])
            return
        self._clear_refusal()
        hand = self.hand()
        if self.selected is None or not hand:
            return
        self.play(hand[min(self.selected, len(hand) - 1)])

    def ends_to_ask(self, tile: int) -> list[int]:
        """The ends the person must choose between for ``tile`` (more than one: ask).

        Ends that make the same game are one choice (R-M-2 asks only when the
        choices differ): on a plain line, two ends showing the same number; the
        two sides of a lone lead (a double, or a spinner with nothing beside it).
        The tile then goes on the shorter side, without a question.
        """
        g = self.game
        legal = g.legal_actions()
        ends = sorted(
            {a.end for a in legal if isinstance(a, Play) and a.tile == tile and a.end is not None}
        )
        if ends == [0, 1] and g.ends[0] == g.ends[1] and self._sides_alike():
            return [self._shorter_side()]
        return ends

    def _sides_alike(self) -> bool:
        """The line's two sides make the same game whichever one a tile goes on."""
        g = self.game
        if self.rules.layout != "spinner" or len(g.line) == 1:
            return len(g.ends) == 2
        return False

    def _shorter_side(self) -> int:
        """The side with fewer tiles beyond the lead (the right one on a tie)."""
        g = self.game
        lead = next((e.tile for e in g.events if e.kind in ("play", "doubles")), None)
        at = next((i for i, p in enumerate(g.line) if p.tile == lead), len(g.line) // 2)
        return 0 if at < len(g.line) - 1 - at else 1

    @_entry
    def place_ends(self, arrows: dict[int, str]) -> None:
        """The UI says which arrow key picks each end as it draws them (the end drawn on
        the left is ←, even when the snake has turned and it is the line's right end)."""
        self.end_arrows = dict(arrows)

    @_entry
    def choose_arrow(self, arrow: str) -> bool:
        """An arrow key while the table asks which end: the end that arrow points at."""
        q = self.question
        if not isinstance(q, EndQuestion):
            return False
        arrows = self.end_arrows or {e: "←→↑↓"[e] for e in range(min(4, len(self.game.ends)))}
        for end in q.ends:
            if arrows.get(end) == arrow:
                return self.choose_end(end)
        for end, a in arrows.items():
            if a == arrow:
                return self.choose_end(end)
        self.note = end_question_again(q.tile, q.ends, self.game.ends, self.end_arrows)
        return False

    @_entry
    def play(self, tile: int, end: int | None = None, touch: int | None = None) -> bool:
        """Lay ``tile``: on ``end``, or asked which when it fits several (R-M-2), either way
        round asked for a matador (R-MT-2). A refusal is said in the engine's words."""
        if self._not_your_turn():
            return False
        g = self.game
        if self.rounds:
            return self._play_on_place(tile, end)
        if not g.ends:
            return self._person(Play(tile))
        legal = [a for a in g.legal_actions() if isinstance(a, Play) and a.tile == tile]
        if end is None:
            ends = self.ends_to_ask(tile)
            if len(ends) > 1:  # R-M-2: never chosen for the person
                self.question = EndQuestion(tile, tuple(ends))
                self.note = NOTHING
                return False
            if not legal:  # the engine says why not
                return self._person(Play(tile, 0 if tiles.fits(tile, g.ends[0]) else 1))
            end = ends[0] if ends else legal[0].end
        on_end = [a for a in legal if a.end == end]
        if touch is None:
            touches = [a.touch for a in on_end if a.touch is not None]
            if len(touches) > 1:  # a matador either way round (R-MT-2): ask, never choose
                self.question = TouchQuestion(tile, end, tuple(touches))
                self.note = NOTHING
                return False
            if len(on_end) == 1:
                return self._person(on_end[0])
        return self._person(Play(tile, end, touch))

    def _play_on_place(self, tile: int, place: int | None) -> bool:
        """Mexican Train, Chicken Foot: ``tile`` on ``place``; asked which when the engine
        offers it on several places (never when only one takes it)."""
        g = self.game
        legal = [a for a in g.legal_actions() if isinstance(a, Play) and a.tile == tile]
        if place is None:
            if len(legal) > 1:
                self.question = PlaceQuestion(tile, tuple(a.end for a in legal))
                self.pick = 0
                self.note = NOTHING
                return False
            if legal:
                return self._person(legal[0])
            self.question = None
            self.note = refusal(no_place(tile, g, self.names).rstrip("."))
            return False
        on = [a for a in legal if a.end == place]
        return self._person(on[0] if on else Play(tile, place))

    @_entry
    def choose_place(self, place: int) -> bool:
        """The answer to "which train / arm / toe?" (a number, a click, or Enter)."""
        q = self.question
        if not isinstance(q, PlaceQuestion):
            return False
        if place not in q.places:
            return False
        self.question = None
        return self._play_on_place(q.tile, place)

    @_entry
    def choose_number(self, number: int) -> bool:
        """A number key while the table asks which place: the place marked with it."""
        q = self.question
        if not isinstance(q, PlaceQuestion):
            return False
        if not 1 <= number <= len(q.places):
            self.note = Sentence("", f"Press 1 to {len(q.places)}, as the places are marked.")
            return False
        return self.choose_place(q.places[number - 1])

    @_entry
    def move_pick(self, delta: int) -> None:
        """↑/↓ while the table asks which place: move the mark Enter plays on."""
        q = self.question
        if isinstance(q, PlaceQuestion):
            self.pick = (self.pick + delta) % len(q.places)

    @_entry
    def stop(self) -> bool:
        """R-TR-8: end the first-turn run."""
        if self._not_your_turn():
            return False
        return self._person(Stop())

    @_entry
    def choose_end(self, end: int) -> bool:
        """The answer to "which end?" (←, →, ↑, ↓)."""
        q = self.question
        if not isinstance(q, EndQuestion):
            return False
        if end not in q.ends:
            self.note = wrong_end(q.tile, end, q.ends, self.game.ends, self.end_arrows)
            return False
        self.question = None
        return self.play(q.tile, end)

    @_entry
    def choose_touch(self, touch: int) -> bool:
        """The answer to "which half touches?" for a matador."""
        q = self.question
        if not isinstance(q, TouchQuestion):
            return False
        return self.play(q.tile, q.end, touch)

    @_entry
    def cancel(self) -> None:
        """Esc: forget the question; choose another tile."""
        self._clear_refusal()
        if self.question is not None:
            self.question = None
            self.note = NOTHING

    @_entry
    def draw(self) -> bool:
        if self._not_your_turn():
            return False
        return self._person(Draw())

    @_entry
    def pass_turn(self) -> bool:
        if self._not_your_turn():
            return False
        return self._person(Pass())

    @_entry
    def two_doubles(self) -> bool:
        """R-2D: lay both doubles at once, where the house allows it."""
        if self._not_your_turn():
            return False
        for a in self.game.legal_actions():
            if isinstance(a, PlayDoubles):
                return self._person(a)
        return False

    @_entry
    def resign(self) -> bool:
        """R-M-6: the person gives the match up (where the house allows it): a loss."""
        g = self.game
        if not self.rules.resign or g.phase == MATCH_OVER or self.left:
            return False
        self.token += 1
        self._stop_thinking()
        self.cpu_request = None
        self._pending = None
        self.question = None
        g.apply(Resign(YOU))
        self._emit(ActionApplied(YOU, Resign(YOU), None, "person"))
        self._advance()
        return True

    # ------------------------------------------------------------ hints
    @_entry
    def request_hint(self) -> HintRequest | None:
        """``h``: a request to run off the UI thread (``request.run()``), or None when it is
        not the person's turn or a search for this position is already running."""
        if self._not_your_turn():
            return None
        if self.hint_request is not None and self.hint_request.token == self.token:
            return None  # one at a time
        self.hint_request = HintRequest(seat_view(self.game, YOU), self.token)
        self._hint_selected = self.selected
        self.note = Sentence("", "Looking for a hint…")
        return self.hint_request

    @_entry
    def hint_answer(self, answer: HintAnswer) -> bool:
        """The hint for the request; False (dropped) if the position changed since."""
        req = self.hint_request
        if req is None or answer.token != req.token or answer.token != self.token:
            return False
        self.hint_request = None
        action = answer.action
        tile = getattr(action, "tile", None)
        if tile is None:
            tile = getattr(action, "first", None)
        hand = self.hand()
        if tile in hand and self.selected == self._hint_selected:  # the person did not move on
            self.selected = hand.index(tile)
            self.new_tiles = set()
        end = action.end if isinstance(action, Play) else None
        tile = action.tile if isinstance(action, Play) else None
        self.note = hint_words(answer.reason, end, self.game.ends, tile, self.end_arrows)
        self._emit(HintShown(action, answer.reason))
        return True

    # ------------------------------------------------------------ saving, leaving
    def _autosave(self, closing: bool = False) -> None:
        """Save after every applied action, and when the app closes (``closing``).

        The first save of a new match gives up the unfinished match in the save
        slot, if another one is there (recorded as abandoned). A failure is said
        once, never raised.
        """
        g = self.game
        if self.left or not g.log or not self.autosave_enabled:
            return
        if closing:
            if g.is_over:  # recorded (or being recorded): nothing to continue
                return
        elif self.token == self._saved_token:
            return
        self._saved_token = self.token
        home = self.home
        if not self._owns_save:
            self._owns_save = True
            if store.has_autosave(home) and store.saved_match_id(home) != self.info.match_id:
                given_up = store.abandon_autosave(home)
                if given_up.problem:
                    self._emit(Notice(given_up.problem, severity="warning"))
        err = store.autosave(g, self.info, self.clock, home)
        if err and err != self._save_error:
            self._emit(SaveFailed(err))
        self._save_error = err

    def _record_job(self) -> Callable[[], str | None]:
        game, info, home = self.game, self.info, self.home
        enabled = self.autosave_enabled

        def record() -> str | None:
            """Add the finished match to the history (SQLite: off the UI thread)."""
            if not enabled:
                return None
            return store.finish_match(game, info, home).problem

        return record

    @_entry
    def close(self) -> None:
        """The app is quitting: an unfinished match is saved (with its clocks) for Continue."""
        self._autosave(closing=True)

    @_entry
    def leave(self) -> None:
        """Another match replaces this one: an unfinished match is given up (recorded as
        abandoned, by a :class:`Background` job); nothing moves or saves any more."""
        if self.left:
            return
        self._clock_stop()
        self.left = True
        self.token += 1
        self._pending = None
        self.cpu_request = None
        self._stop_thinking()
        game, info, home = self.game, self.info, self.home
        if game.log and not game.is_over and self.autosave_enabled:

            def abandon() -> str | None:
                return store.abandon_match(game, info, home).problem

            self._emit(Background(abandon, "abandon"))
