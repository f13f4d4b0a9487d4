"""The table: the opponent across, the line on the felt, your hand along the bottom.

The match itself (turns, the CPU seats, clocks, pacing, saves, every sentence
about the game) is a :class:`~dominoes_tui.table.TableSession`; this screen draws
it, forwards the person's keys and clicks to it, runs its CPU and hint requests
in thread workers and ticks it with timers. Leaving the table is a message to the
app (:mod:`..messages`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.notifications import Notification
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from ...engine import Draw, Game, Pass, PlayDoubles, Resign, Rules, Stop
from ...engine.chicken_foot import FootBoard
from ...engine.fits import wild_tiles
from ...engine.trains import TrainsBoard
from ...table import (
    AWAY,
    COVERED,
    Background,
    CpuRequest,
    EndQuestion,
    HandOver,
    HintRequest,
    MatchOver,
    Notice,
    PlaceQuestion,
    SaveFailed,
    TableEvent,
    TableSession,
    ThinkingStarted,
    TouchQuestion,
    Waiting,
)
from ...table.words import RESUMED, widest_last
from ..messages import LeaveTable, NewGame, Quit, StartMatch
from ..strategy_coach import TableCoach
from ..widgets.clock import clock_text
from ..widgets.hand import HandView
from ..widgets.keybar import KeyBar
from ..widgets.line import LineView, lead_index
from ..widgets.log import LogScreen, MoveLog
from ..widgets.message import MessageBar
from ..widgets.places import PlacesView, foot_rows, trains_rows
from ..widgets.seats import Boneyard, scores_text, seat_rows
from .dialogs import ConfirmScreen, HandOverScreen, MatchOverScreen, RoundOverScreen, RulesScreen

__all__ = ["RESUMED", "TableScreen"]

YOU = 0
WIDE = 100
"""From this many columns the move log is wider."""
BIG = (120, 40)
"""From this size the hand takes its big tiles and the log more room."""
KEYS = {"d": Draw, "p": Pass, "t": PlayDoubles, "r": Resign, "s": Stop}
"""Keys that apply only sometimes: hidden from the footer when they do not, and
answered with why not when pressed then."""


KEYS_THAT_COME_AND_GO = (
    "stop_run",
    "pass_turn",
    "two_doubles",
    "draw",
    "resign",
    "hint",
    "play",
    "undo",
    "felt",
    "older",
)
"""The actions whose keys :meth:`TableScreen.check_action` shows only when they apply."""


STANDS = -1
"""A note's moves when it stands until the hand is over (a warning)."""
NOTE_STYLES = {"information": "#ffe9a8", "warning": "#ffb59e", "error": "#ffb59e"}
"""A note said in passing, by its severity (the message line's prompt and refusal inks)."""
TIP_TITLE_STYLE = "bold #7ee07e"
TIP_STYLE = "#e8efe9"
"""The coach's tip: the dark felt's good and ink (the theme filter gives each theme's)."""


def show_text(row: Static, text: Text) -> None:
    """``text`` in ``row``, if it is not there already. A row of a fixed height (the seats,
    the scores, the log's title) keeps its size whatever it says, so the screen is not laid
    out again for it: the clocks repaint these rows five times a second, and each laying
    out measured every widget on the screen again."""
    if row.content == text:
        return
    row.update(text, layout=not row.styles.height.is_cells)


class TableScreen(Screen):
    """One match against the CPU, drawn from its session."""

    BINDINGS = [
        Binding(
            "left",
            "select(-1)",
            "Tile",
            key_display="←→",
            tooltip="Raise the tile to the left or right",
        ),
        Binding("right", "select(1)", "Tile", show=False),
        Binding("enter", "play", "Play"),
        Binding("space", "play", "Play", show=False),
        Binding("d", "draw", "Draw"),
        Binding("p", "pass_turn", "Pass"),
        Binding("t", "two_doubles", "Two doubles"),
        Binding("s", "stop_run", "Stop run", tooltip="End your first-turn run here"),
        Binding("h", "hint", "Hint"),
        Binding(
            "u",
            "undo",
            "Undo",
            tooltip="Take back your last move and the replies since (practice, against Easy)",
        ),
        Binding("l", "log", "Log", tooltip="Show every move of the match so far"),
        Binding(
            "pageup",
            "felt(-1)",
            "Scroll",
            key_display="PgUp/Dn",
            tooltip="Scroll the felt's rows out of sight",
        ),
        Binding("pagedown", "felt(1)", "Scroll", show=False),
        Binding(
            "left_square_bracket",
            "older(-1)",
            "Older",
            key_display="[ ]",
            tooltip="Older tiles on the long rows ([), the newest again (])",
        ),
        Binding("right_square_bracket", "older(1)", "Newer", show=False),
        Binding("question_mark", "rules", "Help", key_display="?"),
        Binding("r", "resign", "Resign"),
        Binding("q", "quit_match", "Quit"),
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("up", "end('↑')", "Up end", show=False),
        Binding("down", "end('↓')", "Down end", show=False),
        *(Binding(str(n), f"number({n})", f"Place {n}", show=False) for n in range(1, 10)),
    ]

    CLOCK_REFRESH = 0.2
    """Seconds between clock repaints (and checks for a flag fall or the turn limit)."""

    def __init__(
        self,
        session: TableSession,
        *,
        tile_style: str = "box",
        bell: bool = False,
        show_log: bool = True,
    ) -> None:
        """``tile_style``: ``"box"`` (box-drawing faces) or ``"unicode"`` (domino glyphs);
        ``bell``: the terminal's bell when it becomes the person's turn; ``show_log``: the
        move log beside the felt (the player's settings, passed in by the app)."""
        super().__init__()
        self.session = session
        self.tile_style = tile_style
        self.bell = bell
        self.show_log = show_log
        self._was_my_turn: bool | None = None
        """Whose turn the last repaint showed (None: none yet): the bell rings when it
        turns to the person's."""
        self._clock_timer: Timer | None = None
        self._pace_timer: Timer | None = None
        self._armed: float | None = None
        self._keys_shown: tuple[bool | None, ...] | None = None
        self._felt: Widget | None = None
        """The felt (#line), found once: the footer asks about it on every refresh."""
        self._notes: list[tuple[tuple[int, int], str, str, str]] = []
        """What the table said in passing (a redeal, a casual match, a save that failed):
        (the person's moves when said, title, text, severity), shown under the move log
        until the person's next move (:meth:`say`)."""
        session.subscribe(self._on_session)

    # ------------------------------------------------------------ thin views of the session
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def rules(self) -> Rules:
        return self.session.rules

    @property
    def busy(self) -> bool:
        """True while the CPU is thinking or a shown move is pending (tests wait on it)."""
        return self.session.busy

    @property
    def my_turn(self) -> bool:
        return self.session.my_turn

    @property
    def selected(self) -> int | None:
        return self.session.selected

    @property
    def message_text(self) -> str:
        """What the message bar says (the note, then the prompt), as plain text."""
        return " ".join(str(line) for line in self.session.lines if line)

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Vertical(id="top"):
            yield Static(id="seats")
            yield Static(id="scores")
        with Horizontal(id="middle"):
            if self.session.rounds:  # trains or the chicken's foot, in place of the line
                yield PlacesView(id="line")
            else:
                yield LineView(id="line")
            with Vertical(id="side"):
                yield Static(id="log-title")
                yield MoveLog(id="log")
                yield Static(id="table-note")
                yield Static(id="coach-panel")
        yield MessageBar(id="message")
        yield HandView(id="hand")
        yield KeyBar()

    def on_mount(self) -> None:
        self._size_classes(self.app.size.width, self.app.size.height)
        self.set_class(not self.show_log, "-no-log")
        self.app.app_suspend_signal.subscribe(self, self._app_suspended, immediate=True)
        self.app.app_resume_signal.subscribe(self, self._app_resumed, immediate=True)
        if self.session.clock is not None:
            self._clock_timer = self.set_interval(self.CLOCK_REFRESH, self.tick)
        # -- the coach (..coach): attached before the start, to see the first turn
        self.coach = TableCoach.attach(self)
        # --
        self.session.start()
        self.refresh_table()
        self.call_after_refresh(self.refresh_table)  # the felt has its size now

    def on_unmount(self) -> None:
        self.session.unsubscribe(self._on_session)
        if getattr(self, "coach", None) is not None:  # the coach
            self.coach.detach()

    def on_resize(self, event: events.Resize) -> None:
        self._size_classes(event.size.width, event.size.height)
        self.call_after_refresh(self.refresh_table)

    def _size_classes(self, width: int, height: int) -> None:
        self.set_class(self.session.rules.players > 4, "-many")
        self.set_class(width >= WIDE, "-wide")
        self.set_class(width >= BIG[0] and height >= BIG[1], "-big")

    # ------------------------------------------------------------ what the session says
    def _on_session(self, events: Sequence[TableEvent]) -> None:
        for e in events:
            if isinstance(e, ThinkingStarted):
                self.think(e.request)
            elif isinstance(e, Waiting):
                self._arm(e.due)
            elif isinstance(e, HandOver):
                over = RoundOverScreen if self.session.rounds else HandOverScreen
                self.app.push_screen(over(self.session), lambda _: self.session.next_hand())
            elif isinstance(e, MatchOver):
                self.show_result()
            elif isinstance(e, Notice):
                self.say(e.text, e.title, e.severity)
            elif isinstance(e, SaveFailed):
                self.say(e.problem, "", "warning")
            elif isinstance(e, Background):
                self._background(e)
        if self.is_mounted:
            self.refresh_table()

    def _fit_side(self) -> None:
        """A note and a tip that need more rows than the side has beside the log: the log
        and its title give up their rows (the log is one key away: l), so neither is cut."""
        side = self.query_one("#side")
        width, height = side.content_region.width, side.content_region.height
        if width <= 0 or height <= 0:
            self.call_after_refresh(self._fit_side_once)
            return
        border = 1 if self.has_class("-wide") and self.show_log else 0
        need = 0
        for panel in self.query("#table-note, #coach-panel").results(Static):
            if panel.display:
                need += len(panel.render().wrap(width)) + border
        self.set_class(need > height - 2, "-crowded")  # the log's title and one row

    def _fit_side_once(self) -> None:
        if self.is_mounted and self.query_one("#side").content_region.width > 0:
            self._fit_side()

    # ------------------------------------------------------------ said in passing
    def _moves_made(self) -> tuple[int, int]:
        """The hand and the person's moves in it so far: a note stays until this changes."""
        g = self.session.game
        return g.hand_no, sum(1 for e in g.events if e.seat == YOU and e.kind != "draw")

    def say(self, text: str, title: str = "", severity: str = "information") -> None:
        """Something the table says in passing, under the move log (never a toast over
        the felt, the hand, the prompt or a dialog's buttons): shown until the person's
        next move (a warning, such as a save that failed: until the hand is over), hidden
        while another screen is in front. Plain text, never markup."""
        hand, moves = self._moves_made()
        when = (hand, moves if severity == "information" else STANDS)
        note = (when, title, text, severity)
        self._notes = [n for n in self._notes if n[1:] != note[1:]][-1:] + [note]
        if self.is_mounted:
            self.show_notes()
            self._fit_side()

    def _standing(self) -> list[tuple[tuple[int, int], str, str, str]]:
        hand, moves = self._moves_made()
        return [n for n in self._notes if n[0] in ((hand, moves), (hand, STANDS))]

    @property
    def notes(self) -> list[str]:
        """The notes said in passing that stand now (until the person's next move)."""
        return [n[2] for n in self._standing()]

    def notes_text(self) -> str:
        """The notes shown now, as plain text (empty: none)."""
        panel = self.query_one("#table-note", Static)
        return str(panel.render()) if panel.display else ""

    def show_notes(self, in_front: bool | None = None) -> None:
        if in_front is None:
            in_front = self.is_mounted and self.app.screen is self
        self._notes = self._standing()
        panel = self.query_one("#table-note", Static)
        shown = bool(self._notes) and in_front
        panel.display = shown
        self.set_class(shown, "-note")  # shown even with the move log hidden
        if shown:
            text = Text()
            for _, title, words, severity in self._notes:
                style = NOTE_STYLES.get(severity, NOTE_STYLES["information"])
                if text:
                    text.append("\n")
                if title and title.lower() not in words.lower():
                    text.append(f"{title}: ", style=f"bold {style}")
                text.append(words, style=style)
            panel.update(text)

    def say_notification(self, n: Notification) -> None:
        """A note the app raised as a toast, said here instead (plain text)."""
        message = Text.from_markup(n.message).plain if n.markup else n.message
        self.say(message, n.title, n.severity)

    def adopt_toasts(self) -> None:
        """Toasts still up when this table comes in front (a settings file, a save set
        aside, raised before it opened): said here instead, where they cover nothing."""
        app = self.app
        pending = list(app._notifications)
        if not pending:
            return
        app.clear_notifications()
        for n in pending:
            self.say_notification(n)

    def _background(self, event: Background) -> None:
        """Store work (SQLite) on an app worker: it outlives this screen."""
        app = self.app

        def run() -> None:
            problem = event.job()
            if problem:  # the app says it where it covers nothing (this table, if in front)
                app.call_from_thread(app.notify, problem, severity="warning", markup=False)

        app.run_worker(run, thread=True, group="store")

    def _arm(self, due: float) -> None:
        """Tick the session when its pending move is due."""
        if self.session.pending is None:  # done already (a pace of 0 runs it at once)
            return
        if self._armed == due:
            return
        if self._pace_timer is not None:
            self._pace_timer.stop()
        self._armed = due
        wait = due - self.session.now()
        if wait > 0:
            self._pace_timer = self.set_timer(wait, self._pace_due)
        else:
            self._pace_timer = None
            self.call_later(self._pace_due)

    def _pace_due(self) -> None:
        self._pace_timer = None
        self._armed = None
        self.session.tick()
        due = self.session.pending_due
        if due is not None and self._pace_timer is None:  # the timer fired a little early
            self._arm(due)

    def tick(self) -> None:
        """The clock timer: the session checks flag falls and the turn limit; the clocks
        are repainted."""
        self.session.tick()
        self._repaint_clock()

    @work(thread=True, group="cpu")
    def think(self, request: CpuRequest) -> None:
        """The CPU seat thinks off the UI thread; a key pressed meanwhile answers at once."""
        answer = request.run()
        self.app.call_from_thread(self.session.cpu_answer, answer)

    @work(thread=True, group="hint", exclusive=True)
    def find_hint(self, request: HintRequest) -> None:
        answer = request.run()
        self.app.call_from_thread(self.session.hint_answer, answer)

    def show_result(self) -> None:
        """The match-over screen (again, after New game was cancelled)."""
        self.app.push_screen(MatchOverScreen.for_table(self.session), self.after_match)

    def after_match(self, choice: str | None) -> None:
        if choice in ("rematch", "rematch-clock"):
            clock = choice == "rematch-clock"  # the clock offered after a match without one
            self.app.post_message(StartMatch.from_setup(self.session.rematch(clock=clock)))
        elif choice == "new":
            self.app.post_message(NewGame())
        else:
            self.app.post_message(Quit())

    def apply_settings(self, *, tile_style: str, bell: bool, show_log: bool) -> None:
        """The player changed their settings (the Settings screen over this table)."""
        self.tile_style, self.bell, self.show_log = tile_style, bell, show_log
        self.set_class(not show_log, "-no-log")
        self.refresh_table()

    def _ring_on_my_turn(self) -> None:
        """The bell, if on, when the turn has just come to the person (not at a table
        that opens on their turn, nor on each repaint of it)."""
        mine = self.session.my_turn and not self.session.match_over
        if mine and self._was_my_turn is False and self.bell:
            self.app.bell()
        self._was_my_turn = mine

    # ------------------------------------------------------------ state → screen
    def refresh_table(self) -> None:
        s = self.session
        self._ring_on_my_turn()
        g = s.game
        view = s.view()
        hand = view.my_tiles
        unicode = self.tile_style == "unicode"
        self.query_one(HandView).show(
            hand,
            s.fits(),
            s.selected,
            s.new_tiles,
            dim_unfit=s.my_turn,
            set_size=s.rules.set,
            unicode=unicode,
            marks=self._matadors(hand),
        )
        last = set()
        if g.events and g.events[-1].kind in ("play", "doubles"):
            e = g.events[-1]
            last = {e.tile} | ({e.second} if e.second is not None else set())
        if s.rounds:
            self._show_places(last)
        else:
            self._show_line(last)
        self._repaint_rows()
        title = Text()
        if g.phase == "match_over":
            title.append("Match over · ", "bold")
        elif not s.rounds:  # the rounds games say their round once: on the scores row
            title.append(f"Hand {g.hand_no} · ", "bold")
        title.append(s.rules.name, style="#d9b24a")
        show_text(self.query_one("#log-title", Static), title)
        entries = s.log()
        self.query_one(MoveLog).show(entries[-60:] or ["No moves yet."], g.hand_no)
        self.query_one(MessageBar).show(s.lines)
        self.show_notes()
        self.show_coach()
        self._fit_side()
        # the key line is drawn again only when the keys that apply change (redrawing it
        # after every move was a third of a move's time on the screen)
        self._refresh_keys()

    def _show_places(self, last: set[int]) -> None:
        """Mexican Train's trains or Chicken Foot's foot, from the board every seat sees."""
        s = self.session
        board = s.view().board
        # the round's number is on the scores row (one place), not on the hub
        if isinstance(board, TrainsBoard):
            hub, says, rows = trains_rows(board, s.names, s.turn)
        else:
            assert isinstance(board, FootBoard)
            hub, says, rows = foot_rows(board)
        q = s.question
        asked = q.places if isinstance(q, PlaceQuestion) else ()
        self.query_one(PlacesView).show(
            hub, rows, says=says, set_size=s.rules.set, last=last, asked=asked, pick=s.pick
        )

    def _show_line(self, last: set[int]) -> None:
        s = self.session
        g = s.game
        q = s.question
        asking = isinstance(q, EndQuestion)
        line = self.query_one(LineView)
        line.show(
            g.line,
            lead_index(g),
            g.ends,
            s.rules.set,
            last,
            asking,
            arms=g.arms,
            spinner=g.spinner,
            sum7=s.rules.match_rule == "sum7",
            ask_ends=set(q.ends) if isinstance(q, EndQuestion) else None,
            tile_style=self.tile_style,
        )
        if g.ends and line.size.width > 1:  # the arrow keys as the felt draws the ends
            s.end_arrows = line.arrows_for(tuple(range(len(g.ends))))
            line.set_arrows(s.end_arrows)

    def _repaint_rows(self) -> None:
        """The seats row and the scores row (the clocks change without an event)."""
        width = max(self.size.width - 1, 20)
        for seats in self.query("#seats").results(Static):
            show_text(seats, self._seats_text(width))
        for scores in self.query("#scores").results(Static):
            show_text(scores, self._scores_text(width))

    def _matadors(self, hand: list[int]) -> set[int]:
        """Matador's matadors in the hand, to be marked (R-MT-2)."""
        wild = wild_tiles(self.session.rules)  # the engine's: tiles that go on any end
        return {t for t in hand if wild >> t & 1}

    def _seats_text(self, width: int) -> Text:
        """Every seat: the turn marker, names, partner, tiles, clocks, last moves; the
        boneyard."""
        s = self.session
        view = s.view()
        r = s.rules
        if r.draws:
            bone = Boneyard(view.drawable, view.boneyard_count - view.drawable)
        else:
            bone = Boneyard(view.boneyard_count, 0, draws=False)
        clocks = {seat: clock_text(s.clock, seat) for seat in range(r.players)}
        # beyond four seats, two rows: four seats each, the boneyard on the first; the
        # form the row has at its widest, so that it keeps it from turn to turn
        return seat_rows(s.seats(), width, s.thinking_seat, bone, clocks, widest_last(r))

    def _scores_text(self, width: int) -> Text:
        """The target, each side's score (held points spelled out, All Fives' points just
        scored as +N), then what is at stake: hanging points, a bonus led, the ends."""
        s = self.session
        return scores_text(*s.score_parts(), width, rows=2 if s.rules.players > 4 else 1)

    def _repaint_clock(self) -> None:
        """Show which clock runs and its time (the clocks change without an event)."""
        self._repaint_rows()

    def show_coach(self, in_front: bool | None = None) -> None:
        """The coach panel under the move log: the tip for this position, while the table
        is in front (never under a dialog or another screen); hidden when there is none."""
        coach = getattr(self, "coach", None)
        if in_front is None:
            in_front = self.is_mounted and self.app.screen is self
        words = coach.tip_words() if coach is not None and in_front else None
        panel = self.query_one("#coach-panel", Static)
        panel.display = words is not None
        self.set_class(words is not None, "-tip")  # shown even with the move log hidden
        if words is not None:
            text = Text(f"Coach: {coach.tip_title()}", style=TIP_TITLE_STYLE)
            text.append("\n")
            text.append(words, style=TIP_STYLE)
            panel.update(text)

    # ------------------------------------------------------------ the clock and the person's absence
    def on_screen_resume(self) -> None:
        self.session.resume_clocks(COVERED)
        self.adopt_toasts()
        self.show_notes(True)
        self.show_coach(True)
        self._fit_side()

    def on_screen_suspend(self) -> None:
        """Any screen over the table (a menu, the help, a question, the coach's offer or
        question, the hand-over): the clocks wait until it is gone (R-T-1), even when the
        CPU's move lands meanwhile. The one place for every dialog. The coach's tip hides
        under it."""
        self.session.pause_clocks(COVERED)
        self.show_notes(False)
        self.show_coach(False)

    def _app_suspended(self, app: object) -> None:
        self.session.pause_clocks(AWAY)  # Ctrl+Z: the terminal went back to the shell

    def _app_resumed(self, app: object) -> None:
        self.session.resume_clocks(AWAY)  # still held if a dialog is over the table

    def on_key(self, event: events.Key) -> None:
        if self.session.waiting_for_key:  # a resumed match: any key only wakes the table
            event.stop()
            event.prevent_default()
            self.session.go_on()
            return
        what = KEYS.get(event.key)
        if what is Stop and not self.session.rounds:
            what = None  # only Mexican Train's first-turn run stops
        if what is not None and not self.session.can(what):  # hidden: say why not
            event.stop()
            event.prevent_default()
            self.session.refuse(what)
        elif event.key == "u":  # on the key line in practice; F1 and ? list it everywhere
            event.stop()  # the session takes the move back, or says why moves stand here
            event.prevent_default()
            self.session.undo()
        elif event.key in ("enter", "space", "h") and not self.session.my_turn:
            event.stop()  # hidden from the footer; the session says whose turn it is
            event.prevent_default()
            if event.key == "h":
                self.action_hint()
            else:
                self.session.play_selected()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        if self.session.waiting_for_key:
            self.session.go_on()

    # ------------------------------------------------------------ the person's keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the keys that apply now show in the footer (the others say why not)."""
        can = {
            "stop_run": Stop,
            "pass_turn": Pass,
            "two_doubles": PlayDoubles,
            "draw": Draw,
            "resign": Resign,
        }
        if action in can:
            return self.session.can(can[action])
        if action in ("hint", "play"):
            return self.session.my_turn and not self.session.waiting_for_key
        if action == "undo":  # on the key line in practice hands (against Easy: in the help)
            return self.session.practice and not self.session.waiting_for_key
        if action == "felt":  # shown only while part of the felt is out of sight
            return self._felt_hides()[0]
        if action == "older":
            return self._felt_hides()[1]
        return True

    def _felt_hides(self) -> tuple[bool, bool]:
        """What the felt keeps out of sight now: rows (PgUp/PgDn), a row's tiles ([ ])."""
        if self._felt is None:
            found = self.query("#line")
            if not found:
                return False, False
            self._felt = found.first()
        view = self._felt
        if isinstance(view, PlacesView):
            return view.hidden_rows(), view.hidden_tiles()
        if isinstance(view, LineView):
            return view.hidden_rows(), False
        return False, False

    def action_felt(self, direction: int) -> None:
        """PgUp/PgDn: the felt's rows out of sight (trains, arms and toes, a tall line)."""
        view = self.query_one("#line")
        if isinstance(view, (PlacesView, LineView)):
            view.page(direction)
        self._refresh_keys()

    def action_older(self, delta: int) -> None:
        """``[``: older tiles on the long trains, arms or toes; ``]``: back to the newest."""
        view = self.query_one("#line")
        if isinstance(view, PlacesView):
            view.shift_tiles(delta * 3)
        self._refresh_keys()

    def _refresh_keys(self) -> None:
        shown = tuple(self.check_action(a, ()) for a in KEYS_THAT_COME_AND_GO)
        if shown != self._keys_shown:
            self._keys_shown = shown
            self.refresh_bindings()

    def keys_now(self) -> list[tuple[str, str]]:
        """The keys that apply now and what they do (the footer's, for the help screen)."""
        s = self.session
        out = [("←/→", "choose a tile")]
        if s.my_turn:
            out.append(("Enter", "play the raised tile"))
        if isinstance(s.question, EndQuestion):
            out.append(("arrows", "the end the arrow shows on the felt; Esc another tile"))
        if isinstance(s.question, PlaceQuestion):
            out.append(("1-9", "the place marked with that number; ↑/↓ and Enter too"))
        if s.can(Stop):
            out.append(("s", "stop laying your first-turn run"))
        for key, what, words in (
            ("d", Draw, "draw from the boneyard"),
            ("p", Pass, "pass"),
            ("t", PlayDoubles, "lay two doubles at once"),
        ):
            if s.can(what):
                out.append((key, words))
        if s.my_turn:
            out.append(("h", "a hint"))
        if s.undo_allowed:
            out.append(("u", "take back your last move and the replies since"))
        rows, older = self._felt_hides()
        if rows:
            out.append(("PgUp/PgDn", "the felt's rows out of sight"))
        if older:
            out.append(("[ / ]", "older tiles on the long rows / the newest again"))
        out.append(("l", "the whole move log"))
        if s.can(Resign):
            out.append(("r", "resign the match"))
        out.append(("q", "leave the table (the match is saved)"))
        return out

    def action_select(self, delta: int) -> None:
        """←/→: another tile; or the answer to the question on screen."""
        q = self.session.question
        if isinstance(q, TouchQuestion):
            self.session.choose_touch(q.touches[0 if delta < 0 else -1])
        elif isinstance(q, PlaceQuestion):
            self.session.move_pick(delta)
        elif isinstance(q, EndQuestion):
            self.session.choose_arrow("←" if delta < 0 else "→")
        else:
            self.session.select(delta)

    def action_end(self, arrow: str) -> None:
        """↑/↓ (and ←/→) answer which end, when a tile fits several."""
        if isinstance(self.session.question, EndQuestion):
            self.session.choose_arrow(arrow)
        elif isinstance(self.session.question, PlaceQuestion):
            self.session.move_pick(-1 if arrow == "↑" else 1)

    def action_number(self, n: int) -> None:
        """1-9 answer which train, arm or toe, as the felt numbers them."""
        if isinstance(self.session.question, PlaceQuestion):
            self.session.choose_number(n)

    def action_stop_run(self) -> None:
        self.session.stop()

    def action_play(self) -> None:
        self.session.play_selected()

    def action_cancel(self) -> None:
        self.session.cancel()

    def action_draw(self) -> None:
        self.session.draw()

    def action_pass_turn(self) -> None:
        self.session.pass_turn()

    def action_two_doubles(self) -> None:
        self.session.two_doubles()

    def action_hint(self) -> None:
        request = self.session.request_hint()
        if request is not None:
            self.find_hint(request)

    def action_undo(self) -> None:
        """``u``: take back the person's last move (practice hands, against Easy)."""
        self.session.undo()

    def action_log(self) -> None:
        s = self.session
        self.app.push_screen(
            LogScreen(
                s.log(),
                f"Moves: {s.rules.name}, {'round' if s.rounds else 'hand'} {s.game.hand_no}",
            )
        )

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.session.rules, keys=self.keys_now()))

    def action_quit_match(self) -> None:
        self.app.post_message(LeaveTable())  # the app asks: to the start menu, or quit

    def action_resign(self) -> None:
        def done(yes: bool | None) -> None:
            if yes:
                self.session.resign()

        self.app.push_screen(ConfirmScreen("Resign this match? It counts as a loss."), done)

    def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        self.session.click_tile(message.index)

    def on_line_view_end_clicked(self, message: LineView.EndClicked) -> None:
        self.session.click_end(message.end)

    def on_places_view_place_clicked(self, message: PlacesView.PlaceClicked) -> None:
        self.session.click_end(message.place)
