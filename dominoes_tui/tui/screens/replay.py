"""Replay a match from the history: ←/→ one action at a time, every hand face up.

Every other seat's hand is said in words at the top, as the seats row says a hand shown
at a hand's end (``CPU 1: 6-3 12-8``), wrapped over as many lines as it takes; in
Mexican Train and Chicken Foot on a short screen (or beyond four seats) the person's hand
is said there too, in place of the tiles along the bottom, so the trains keep their room.
The scores row is the table's (``CPU 1: 0``, never ``CPU 1 0``). The rounds games say
"round" where the line games say "hand".

The positions come from the engine (``MatchRecord.positions()``: the deal, then
the game after each action), so the line, the hands and the score line are the
ones the table showed at that point. The table's own widgets draw them
(:class:`LineView`, :class:`HandView`, :class:`MoveLog`); nothing here draws a tile.

``dominoes replay [ID]`` runs :class:`ReplayApp`; any app may push
``ReplayScreen(record, hands)`` (Escape closes it). ``R`` reviews the match
(:mod:`.review`), from where a hand can be played again.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from ...engine import (
    HAND_OVER,
    MATCH_OVER,
    Event,
    Game,
    IllegalAction,
    NextHand,
    Resign,
    TimeOut,
    VariantError,
    describe_hand,
    format_clock,
    tiles,
)
from ...engine.chicken_foot import FootBoard
from ...engine.trains import TrainsBoard
from ...store import HandRecord, MatchRecord
from ...table.review_job import job_of_record
from ...table.words import (
    LOWEST_WINS,
    SeatInfo,
    hand_over_line,
    hand_word,
    hanging_words,
    log_entries,
    place_words,
    round_title,
    round_words,
    said_place,
)
from ..dismiss import DismissOnce
from ..messages import OpenReview
from ..widgets.hand import HandView
from ..widgets.keybar import KeyBar
from ..widgets.line import LineView, last_tiles, lead_index
from ..widgets.log import MoveLog
from ..widgets.places import PlacesView, foot_rows, trains_rows
from ..widgets.seats import hand_rows, scores_text
from ..words import score_text, second_person, target_text

OUTCOME_WORDS = {
    "win": "you won",
    "loss": "you lost",
    "draw": "drawn",
    "abandoned": "left unfinished",
}
TILE_FACE = "#1d1a14 on #f3ecd8"
TILE_LAST = "#1d1a14 on #f7d98b"


class ReplayScreen(DismissOnce, Screen[None]):
    """Step through one recorded match, every hand visible, the score as it was."""

    DEFAULT_CSS = """
    ReplayScreen {
        background: $felt;
        color: $ink;
        layout: vertical;
    }
    ReplayScreen #rp-top {
        height: auto;
        background: $felt-dark;
    }
    ReplayScreen #rp-other, ReplayScreen #rp-scores {
        height: auto;
        width: 1fr;
    }
    ReplayScreen #rp-scores {
        color: $ink-soft;
    }
    ReplayScreen #rp-middle {
        height: 1fr;
    }
    ReplayScreen #rp-line {
        width: 1fr;
        height: 1fr;
        background: $felt;
    }
    ReplayScreen #rp-side {
        display: none;
        border-title-color: $gold;
        width: 34;
        height: 1fr;
        background: $felt-dark;
        border: round $felt-edge;
        padding: 0 1;
    }
    ReplayScreen.-wide #rp-side {
        display: block;
    }
    ReplayScreen #rp-log {
        color: $ink-soft;
        width: 1fr;
        height: 1fr;
    }
    ReplayScreen #rp-step {
        height: 1;
        color: $cream;
        background: $felt-dark;
        padding: 0 1;
    }
    ReplayScreen #rp-message {
        height: auto;
        max-height: 4;
        padding: 0 1;
        color: $ink-soft;
        background: $bar;
    }
    ReplayScreen #rp-hand {
        height: 8;
        background: $felt;
    }
    ReplayScreen.-hands-up #rp-hand {
        display: none;
    }
    """

    BINDINGS = [
        Binding("left", "step(-1)", "Back", key_display="←", tooltip="One move back"),
        Binding("right", "step(1)", "Forward", key_display="→", tooltip="One move forward"),
        Binding(
            "pageup",
            "hand(-1)",
            "Hand",
            key_display="PgUp/PgDn",
            tooltip="The hand before or after",
        ),
        Binding(  # Mexican Train and Chicken Foot: the same keys, in the house's word
            "pageup",
            "round(-1)",
            "Round",
            key_display="PgUp/PgDn",
            tooltip="The round before or after",
        ),
        Binding("pagedown", "hand(1)", "Next hand", show=False),
        Binding("pagedown", "round(1)", "Next round", show=False),
        Binding("home", "go(0)", "Start", key_display="Home", tooltip="Jump to the first move"),
        Binding("end", "go(-1)", "End", key_display="End", tooltip="Jump to the last move"),
        Binding("R", "review", "Review", tooltip="Expert judges your moves in this match"),
        Binding("escape,q", "close", "Close", tooltip="Close the replay and go back"),
    ]

    def __init__(self, record: MatchRecord, hands: Sequence[HandRecord] = ()) -> None:
        """``hands``: the history's rows for this match (``History.hands(record.id)``)."""
        super().__init__()
        self.record = record
        self.hand_records = list(hands)
        self.problem: str | None = None
        """One sentence if the match stops replaying (rules changed since it was played)."""
        self.positions: list[Game] = []
        try:
            for g in record.positions():
                self.positions.append(g)
        except (IllegalAction, VariantError) as e:
            self.problem = (
                f"This match replays only to move {max(0, len(self.positions) - 1)} of "
                f"{len(record.log)}: today's rules refuse the next one ({e})."
            )
        if not self.positions:  # the rules themselves no longer load: nothing to show
            raise ValueError(self.problem or "the match has no positions")
        self._said: dict[tuple[int, int], str] = {}
        """Tiles laid on a line's ends, in the words of the moment (the table's, the
        review's): by (hand, the event's index)."""
        for before, action in zip(self.positions, record.log):
            said = said_place(before, action)
            if said is not None:
                self._said[before.hand_no, said[0]] = said[1]
        rules = self.positions[0].rules
        self.human_seat = next(
            (s for s in range(rules.players) if rules.side_of(s) == record.human_side), 0
        )
        names = list(record.players)
        if len(names) != rules.players:  # an old row without names
            names = ["CPU" if rules.players == 2 else f"CPU {s}" for s in range(rules.players)]
            names[self.human_seat] = "You"
        self.names: tuple[str, ...] = tuple(names)
        self.index = 0
        self._logs = self._old_logs()

    @staticmethod
    def check(record: MatchRecord) -> None:
        """Raise ValueError (one sentence) if the match's rules no longer load at all."""
        try:
            record.rules()
        except VariantError as e:
            raise ValueError(f"its rules are not valid today ({e})") from None

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Vertical(id="rp-top"):
            yield Static(id="rp-other")
            yield Static(id="rp-scores")
        with Horizontal(id="rp-middle"):
            if self.rounds:  # Mexican Train's trains, Chicken Foot's foot
                yield PlacesView(id="rp-line")
            else:
                yield LineView(id="rp-line")
            side = Vertical(id="rp-side")
            side.border_title = "Moves"
            with side:
                yield MoveLog(id="rp-log")
        yield Static(id="rp-step")
        yield Static(id="rp-message")
        yield HandView(id="rp-hand")
        yield KeyBar()

    def on_mount(self) -> None:
        self._size_classes(self.app.size.width, self.app.size.height)
        self.show()

    def on_resize(self, event: events.Resize) -> None:
        self._size_classes(event.size.width, event.size.height)
        self.show()

    HANDS_UP_BELOW = 32
    """Below this many rows, Mexican Train's and Chicken Foot's replay says the person's
    hand in words at the top (the trains need the rows the tiles along the bottom take)."""

    def _size_classes(self, width: int, height: int) -> None:
        self.set_class(width >= 100, "-wide")
        players = self.positions[0].rules.players
        up = self.rounds and (height < self.HANDS_UP_BELOW or players > 4)
        self.set_class(up, "-hands-up")

    @property
    def hands_up(self) -> bool:
        """The person's hand is said in words with the others' (see the module)."""
        return self.has_class("-hands-up")

    # ------------------------------------------------------------ stepping
    @property
    def game(self) -> Game:
        """The position shown."""
        return self.positions[self.index]

    @property
    def last(self) -> int:
        return len(self.positions) - 1

    def go(self, index: int) -> None:
        self.index = max(0, min(self.last, index))
        self.show()

    def action_step(self, delta: int) -> None:
        self.go(self.index + delta)

    def action_go(self, index: int) -> None:
        self.go(self.last if index < 0 else index)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hand":  # PgUp/PgDn say "round" in the rounds games
            return not self.rounds
        if action == "round":
            return self.rounds
        return True

    def action_round(self, delta: int) -> None:
        self.action_hand(delta)

    def action_hand(self, delta: int) -> None:
        """The start of the previous or next hand or round (its deal)."""
        starts = [0] + [
            i for i, a in enumerate(self.record.log[: self.last], 1) if isinstance(a, NextHand)
        ]
        if delta > 0:
            self.go(next((i for i in starts if i > self.index), self.last))
        else:
            self.go(next((i for i in reversed(starts) if i < self.index), 0))

    def action_close(self) -> None:
        self.dismiss(None)

    def action_review(self) -> None:
        """Review the match: every decision of yours judged."""
        self.app.post_message(OpenReview(job_of_record(self.record)))

    # ------------------------------------------------------------ words
    @property
    def rounds(self) -> bool:
        """Mexican Train or Chicken Foot: rounds, trains or a foot instead of a line."""
        return self.positions[0].rules.is_rounds

    @property
    def unit(self) -> str:
        """``hand``, or ``round`` in Mexican Train and Chicken Foot."""
        return hand_word(self.rounds)

    def _lines(self, g: Game, events: Sequence[Event] | None = None, first: int = 0) -> list[str]:
        """A position's hand (or round) in the move log's words (``events``: only those,
        ``g.events[first:]``)."""
        events = g.events if events is None else events
        if self.rounds:
            where = place_words(g, self.names)
            return [e.text for e in log_entries(events, self.names, g.hand_no, where)]
        places = self._places(g, first)
        return [e.text for e in log_entries(events, self.names, g.hand_no, None, places)]

    def _places(self, g: Game, first: int = 0) -> dict[int, str]:
        """This hand's places as said, for ``g.events[first:]``."""
        return {i - first: w for (h, i), w in self._said.items() if h == g.hand_no and i >= first}

    def _old_logs(self) -> list[list[str]]:
        """For each position, the move-log lines of the hands finished before it."""
        out: list[list[str]] = []
        old: list[str] = []
        for i in range(len(self.positions)):
            if i and isinstance(self.record.log[i - 1], NextHand):
                prev = self.positions[i - 1]
                old = old + self._lines(prev) + [hand_over_line(prev.hand_no, self.rounds)]
            out.append(old)
        return out

    def step_text(self) -> Text:
        """Which move this is and what it did, e.g. ``Move 12/84 · CPU played 6-4 on the 4``."""
        i, g = self.index, self.game
        t = Text()
        t.append(f"Move {i}/{len(self.record.log)}", style="bold")
        t.append(" · ")
        if i == 0:
            t.append(f"The deal: {self._opener_words(g)} → steps forward.")
            return t
        action = self.record.log[i - 1]
        if isinstance(action, NextHand):
            t.append(f"{self.unit.capitalize()} {g.hand_no} dealt: {self._opener_words(g)}")
        elif isinstance(action, Resign):
            t.append(f"{self.names[action.seat]} resigned.")
        elif isinstance(action, TimeOut):
            t.append(f"{self.names[action.seat]} ran out of time.")
        elif g.events:
            last = len(g.events) - 1
            words = self._lines(g, g.events[last:], last)
            t.append((words[-1] if words else str(action)).rstrip("…") + ".")
        else:
            t.append(str(action))
        return t

    def _opener_words(self, g: Game) -> str:
        """Who leads (the line games) or begins the round, as a sentence."""
        if self.rounds:
            return round_words(g, None if g.opener == self.human_seat else self.names[g.opener])
        who = self.names[g.opener]
        return f"{who} lead{'' if who == 'You' else 's'}."

    def message_text(self) -> str:
        """How the hand or the match ended, when the position shows that; else the keys."""
        g = self.game
        if self.problem and self.index == self.last:
            return self.problem
        hand = ""
        if g.phase in (HAND_OVER, MATCH_OVER) and g.result is not None:
            if g.phase == HAND_OVER or (g.results and g.results[-1] is g.result):
                words = describe_hand(g.rules, g.result, self.names)
                hand = " ".join(second_person(w) for w in words)
        if g.phase == MATCH_OVER and g.match_result is not None:
            return "\n".join(x for x in (hand, self._match_words(g)) if x)
        if hand:
            return hand
        return f"←/→ one move · PgUp/PgDn one {self.unit} · Home/End · Esc closes"

    def _match_words(self, g: Game) -> str:
        m = g.match_result
        assert m is not None
        if m.winner_side is None:
            head = "The match is drawn"
        else:
            head = f"{self.names[m.winner_side]} won the match"
            if self.names[m.winner_side] == "You":
                head = "You won the match"
        r = g.rules
        reached = m.loser_side if r.target_means == "lose" else m.winner_side
        why = {
            "target": f"{self.names[reached or 0]} reached {r.target}",
            "time": f"{self.names[m.loser_side or 0]} ran out of time",
            "resign": f"{self.names[m.loser_side or 0]} resigned",
            "single_hand": "a single hand decides it",
            "rounds": "the lowest total after the last round",
        }.get(m.reason, m.reason)
        return f"{head}: {why}. {self._final_words()}"

    @property
    def hands_dealt(self) -> int:
        """How many hands the match had (an unfinished last hand counts: it was dealt)."""
        return max(len(self.hand_records), self.record.hands, self.positions[-1].hand_no)

    def _final_words(self) -> str:
        rec = self.record
        n = self.hands_dealt
        took = format_clock(rec.duration)
        return f"{n} {self.unit}{'s' if n != 1 else ''} in {took}, seed {rec.seed}."

    def width(self) -> int:
        """The cells the top rows have."""
        return max((self.size.width or self.app.size.width) - 1, 20)

    def others_text(self) -> Text:
        """Every other seat's tiles face up (the person's too when :attr:`hands_up`), in
        the seats row's words, over as many lines as they take; then the boneyard."""
        g = self.game
        r = g.rules
        lit = {tiles.name(t) for t in last_tiles(g)}
        you = self.human_seat
        seats = [
            SeatInfo(
                seat,
                self.names[seat],
                g.hands[seat].bit_count(),
                turn=g.phase not in (HAND_OVER, MATCH_OVER) and g.turn == seat,
                partner=seat != you and r.side_of(seat) == r.side_of(you),
                revealed=tuple(tiles.names(g.hands[seat])),
            )
            for seat in range(r.players)
            if seat != you or self.hands_up
        ]
        tail = Text()
        if g.boneyard or r.draws:
            word = "Boneyard" if r.draws else "Set aside"
            tail.append(f"{word} {len(g.boneyard)}", style="dim")
        return hand_rows(
            seats, self.width(), tail, lambda name: TILE_LAST if name in lit else TILE_FACE
        )

    def scores_text(self) -> Text:
        """The variant, the target or the round, each side's score (the table's scores
        row: ``CPU 1: 0``), what hangs, which hand of how many, and how the match ended;
        over two lines when one does not hold it."""
        g, r = self.game, self.game.rules
        sides = [(self.names[side], score_text(r, g.scores, side), 0) for side in range(r.sides)]
        lead = [Text(r.name, style="bold #d9b24a")]
        tail = [Text(OUTCOME_WORDS.get(self.record.outcome, self.record.outcome), style="dim")]
        if self.rounds:  # penalties: the lowest total wins (R-TR-5, R-CF-5)
            return scores_text(
                round_title(g), sides, [LOWEST_WINS], self.width(), 2, lead=lead, tail=tail
            )
        stakes = [hanging_words(g.scores.hanging)] if g.scores.hanging else []
        tail.insert(0, Text(f"Hand {g.hand_no} of {self.hands_dealt}", style="dim"))
        return scores_text(target_text(r), sides, stakes, self.width(), 2, lead=lead, tail=tail)

    def log_lines(self) -> list[str]:
        g = self.game
        return self._logs[self.index] + self._lines(g)

    # ------------------------------------------------------------ drawing
    def show(self) -> None:
        g = self.game
        self.query_one("#rp-other", Static).update(self.others_text())
        self.query_one("#rp-scores", Static).update(self.scores_text())
        if self.rounds:
            self._show_places(g)
        else:
            self._show_line(g)
        lines = self.log_lines()
        self.query_one(MoveLog).show(lines[-200:] or ["No moves yet."])
        self.query_one("#rp-step", Static).update(self.step_text())
        self.query_one("#rp-message", Static).update(Text(self.message_text()))  # names: text
        self.query_one(HandView).show(
            list(tiles.bits(g.hands[self.human_seat])),
            set(),
            None,
            self.drawn(),
            dim_unfit=False,
            set_size=g.rules.set,
        )

    def _show_places(self, g: Game) -> None:
        board = g.board()  # type: ignore[attr-defined]
        # the round's number is said once, on the scores row
        if isinstance(board, TrainsBoard):
            hub, says, rows = trains_rows(board, self.names, g.turn)
        else:
            assert isinstance(board, FootBoard)
            hub, says, rows = foot_rows(board)
        view = self.query_one(PlacesView)
        view.show(hub, rows, says=says, set_size=g.rules.set, last=last_tiles(g))

    def _show_line(self, g: Game) -> None:
        self.query_one(LineView).show(
            g.line,
            lead_index(g),
            g.ends,
            g.rules.set,
            last_tiles(g),
            False,
            arms=g.arms,
            spinner=g.spinner,
            sum7=g.rules.match_rule == "sum7",
        )

    def drawn(self) -> set[int]:
        """Tiles the person just drew (lit in the hand as on the table)."""
        if self.index == 0 or isinstance(self.record.log[self.index - 1], NextHand):
            return set()
        seat = self.human_seat
        new = self.game.hands[seat] & ~self.positions[self.index - 1].hands[seat]
        return set(tiles.bits(new))
