"""What the screen renders: read-only queries of the session, answered in words and data.

Whose turn it is, the person's hand and the tiles that fit, the prompt and the note,
the seats, the scores row and what is at stake, the move log, which of the person's
occasional keys apply now (:meth:`TableQueries.can`, by action type) and why not.
None of them changes the session.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

from ..engine import (
    MATCH_OVER,
    PLAY,
    Clock,
    Draw,
    Game,
    Pass,
    Play,
    PlayDoubles,
    Resign,
    Rules,
    SeatView,
    Stop,
    seat_view,
    tiles,
)
from ..store import MatchInfo, undo_words
from .input import EndQuestion, PlaceQuestion, TouchQuestion
from .shared import KEY_ACTIONS, YOU, KeyAction
from .words import (
    LOWEST_WINS,
    NO_DRAWING,
    NO_RESIGN,
    NO_TWO_DOUBLES,
    NOTHING,
    RESUMED,
    LogEntry,
    SeatInfo,
    Sentence,
    bonus_words,
    daily_label,
    end_question,
    fives_words,
    forced_words,
    hanging_words,
    lead_words,
    log_entries,
    partner_of,
    place_question,
    place_words,
    round_title,
    rounds_forced,
    rounds_turn,
    score_text,
    target_text,
    way_round_question,
    your_turn,
)
from .words.undo import PRACTICE_LABEL

if TYPE_CHECKING:
    from ..ai import Player


class TableQueries:
    """The read-only side of :class:`~.session.TableSession` (what the screen renders)."""

    # the session's, used here
    game: Game
    rules: Rules
    names: tuple[str, ...]
    side_names: tuple[str, ...]
    players: dict[int, Player]
    note: Sentence
    turn_note: str
    hand_words: str
    entries: list[LogEntry]
    waiting_for_key: bool
    left: bool
    thinking_seat: int | None
    clock: Clock | None
    info: MatchInfo
    practice: bool
    now: Callable[[], float]
    daily: date | None

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

    @property
    def match_over(self) -> bool:
        return self.game.phase == MATCH_OVER

    def seat_name(self, seat: int) -> str:
        """A seat's name in sentences: the CPU's own name (with its level) with two players."""
        if self.rules.players == 2 and seat == 1:
            return self.cpu.name
        return self.names[seat]

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

    def can(self, what: KeyAction) -> bool:
        """Whether the person's :class:`Pass`, :class:`PlayDoubles`, :class:`Draw`,
        :class:`Stop` or :class:`Resign` applies at this table now (the keys that do not
        are hidden, and say why not)."""
        if what is Resign:
            return self.rules.resign and self.game.phase != MATCH_OVER and not self.left
        if what not in KEY_ACTIONS:
            raise ValueError(f"no key of the person's plays {what.__name__}")
        mine = self.my_turn and not self.waiting_for_key and not self.left
        return mine and any(isinstance(a, what) for a in self.game.legal_actions())

    def why_not(self, what: KeyAction) -> str | None:
        """Why the person's :class:`Pass`, :class:`PlayDoubles`, :class:`Draw`,
        :class:`Stop` or :class:`Resign` key does not apply now (one sentence, the
        engine's words where it has them), or None when it does."""
        g = self.game
        if what is Resign:
            return None if self.rules.resign else NO_RESIGN
        if what is PlayDoubles and not self.rules.two_doubles:
            return NO_TWO_DOUBLES
        if what is Draw and not self.rules.draws:
            return NO_DRAWING
        if g.phase != PLAY or g.turn != YOU:
            if g.phase == PLAY and g.turn is not None:
                return f"it is {self.seat_name(g.turn)}'s turn."
            return "there is no move to make now."
        if self.can(what):
            return None
        if what in (Pass, Draw, Stop):
            why = g.why_illegal(what())
            if why:
                return why.rstrip(".") + "."
        if what is Stop:
            return "you may stop only after laying tiles of your first-turn run."
        a, b = (g.ends + [None, None])[:2]
        if a is not None and a == b:
            return "two doubles needs open ends showing two different numbers."
        return "two doubles needs the double of each open end in your hand."

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
            return round_title(g), sides, [LOWEST_WINS]
        target = "a single hand" if r.target == 0 else target_text(r)
        if self.daily is not None:
            target = daily_label(self.daily)
        stakes = self.stakes()
        undos = undo_words(self.info.undos)
        if self.practice:  # the whole hand long: this is practice, not the match
            target = f"{PRACTICE_LABEL} · {undos}" if undos else PRACTICE_LABEL
        elif undos:
            stakes = [*stakes, undos]
        if self.became_casual and not self.practice:  # a hint, a take-back, the coach
            stakes = [*stakes, "casual"]
        return target, sides, stakes

    @property
    def prompt(self) -> Sentence:
        """What the person should do now; the table shows it whenever no note covers it."""
        g = self.game
        if self.waiting_for_key:
            return Sentence("", RESUMED, "prompt")
        q = self.question
        if isinstance(q, EndQuestion):
            return end_question(
                q.tile, q.ends, g.ends, self.end_arrows, self.end_places(q.tile, q.ends)
            )
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
        if opening and g.turn != YOU:  # the round itself: on the scores row, said once
            return Sentence("", self.hand_words, "prompt")
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
        return rounds_turn(n, g, self.names)

    def _lead_words(self) -> str:
        g = self.game
        if g.turn != YOU:
            return lead_words(g.hand_no, [], 0, self.seat_name(g.turn))
        leads = [a.tile for a in g.legal_actions() if isinstance(a, Play)]
        return lead_words(g.hand_no, leads, len(self.hand()), None)

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
        if self.before_first_move:  # rated or casual, until the person's first move
            note = self.with_rated_note(note)  # after what the table did for them
        return note, self.prompt

    def log(self) -> list[LogEntry]:
        """The whole match's move log so far (earlier hands, then this one)."""
        return self.entries + log_entries(
            self.game.events, self.names, self.game.hand_no, self.where(), self.places
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
