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
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from ...engine import Game, Rules, SeatView, tiles
from ...table import (
    Background,
    CpuRequest,
    EndQuestion,
    HandOver,
    HintRequest,
    MatchOver,
    Notice,
    SaveFailed,
    Sentence,
    TableEvent,
    TableSession,
    ThinkingStarted,
    TouchQuestion,
    Waiting,
)
from ...table.words import RESUMED, log_entries, score_text, target_text
from ..messages import NewGame, Quit, StartMatch
from ..widgets.clock import clock_text
from ..widgets.hand import HandView
from ..widgets.line import LineView
from ..widgets.log import MoveLog
from ..widgets.seats import seats_text

__all__ = ["RESUMED", "TableScreen"]

YOU, CPU = 0, 1
BACK = "▮"
TONE_STYLES = {"refusal": "bold #ff8866", "question": "bold"}
"""How the lead words of a sentence are drawn, by its tone."""


def sentence_text(s: Sentence) -> Text:
    """A sentence for the message line: its lead emphasised; never parsed as markup."""
    t = Text()
    if s.lead:
        t.append(s.lead, style=TONE_STYLES.get(s.tone, "bold"))
        if s.text:
            t.append(" ")
    t.append(s.text)
    return t


def lead_index(game: Game) -> int | None:
    """Where the hand's first tile lies in the line (the line is drawn about it)."""
    lead = next((e.tile for e in game.events if e.kind in ("play", "doubles")), None)
    for i, p in enumerate(game.line):
        if p.tile == lead:
            return i
    return None


class TableScreen(Screen):
    """One match against the CPU, drawn from its session."""

    BINDINGS = [
        Binding("left", "select(-1)", "Tile", key_display="←→"),
        Binding("right", "select(1)", "Tile", show=False),
        Binding("enter", "play", "Play"),
        Binding("space", "play", "Play", show=False),
        Binding("d", "draw", "Draw"),
        Binding("p", "pass_turn", "Pass"),
        Binding("t", "two_doubles", "Two doubles"),
        Binding("h", "hint", "Hint"),
        Binding("question_mark", "rules", "Rules", key_display="?"),
        Binding("r", "resign", "Resign"),
        Binding("q", "quit_match", "Quit"),
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("up", "end(2)", "Up end", show=False),
        Binding("down", "end(3)", "Down end", show=False),
    ]

    CLOCK_REFRESH = 0.2
    """Seconds between clock repaints (and checks for a flag fall or the turn limit)."""

    def __init__(self, session: TableSession, *, tile_style: str = "box") -> None:
        """``tile_style``: ``"box"`` (box-drawing faces) or ``"unicode"`` (domino glyphs)."""
        super().__init__()
        self.session = session
        self.tile_style = tile_style
        self._clock_timer: Timer | None = None
        self._pace_timer: Timer | None = None
        self._armed: float | None = None
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
        """The message line as plain text."""
        return str(self.session.message)

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Vertical(id="top"):
            yield Static(id="opponent")
            yield Static(id="scores")
        with Horizontal(id="middle"):
            yield LineView(id="line")
            side = Vertical(id="side")
            side.border_title = "Moves"
            with side:
                yield MoveLog(id="log")
        yield Static(id="last-move")
        yield Static(id="message")
        yield HandView(id="hand")
        yield Footer()

    def on_mount(self) -> None:
        self.set_class(self.app.size.width >= 100, "-wide")
        self.app.app_suspend_signal.subscribe(self, self._app_suspended, immediate=True)
        self.app.app_resume_signal.subscribe(self, self._app_resumed, immediate=True)
        if self.session.clock is not None:
            self._clock_timer = self.set_interval(self.CLOCK_REFRESH, self.tick)
        # -- the coach (issue 16, ..coach): attached before the start, to see the first turn
        from ..strategy_coach import TableCoach

        self.coach = TableCoach.attach(self)
        # --
        self.session.start()
        self.refresh_table()

    def on_unmount(self) -> None:
        self.session.unsubscribe(self._on_session)
        if getattr(self, "coach", None) is not None:  # the coach (issue 16)
            self.coach.detach()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width >= 100, "-wide")

    # ------------------------------------------------------------ what the session says
    def _on_session(self, events: Sequence[TableEvent]) -> None:
        for e in events:
            if isinstance(e, ThinkingStarted):
                self.think(e.request)
            elif isinstance(e, Waiting):
                self._arm(e.due)
            elif isinstance(e, HandOver):
                from .dialogs import HandOverScreen

                self.app.push_screen(
                    HandOverScreen(self.session), lambda _: self.session.next_hand()
                )
            elif isinstance(e, MatchOver):
                self.show_result()
            elif isinstance(e, Notice):
                timeout = 10 if e.severity == "warning" else None
                self._notify(e.text, e.title, e.severity, timeout)
            elif isinstance(e, SaveFailed):
                self._notify(e.problem, "", "warning", 10)
            elif isinstance(e, Background):
                self._background(e)
        if self.is_mounted:
            self.refresh_table()

    def _notify(self, text: str, title: str, severity: str, timeout: float | None) -> None:
        """A toast; its text may quote a file or a name, so it is never read as markup."""
        kw = {"timeout": timeout} if timeout is not None else {}
        self.app.notify(text, title=title, severity=severity, markup=False, **kw)  # type: ignore[arg-type]

    def _background(self, event: Background) -> None:
        """Store work (SQLite) on an app worker: it outlives this screen."""
        app = self.app

        def run() -> None:
            problem = event.job()
            if problem:
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
        from .dialogs import MatchOverScreen

        self.app.push_screen(MatchOverScreen(self.session), self.after_match)

    def after_match(self, choice: str | None) -> None:
        if choice == "rematch":
            self.app.post_message(StartMatch.from_setup(self.session.rematch()))
        elif choice == "new":
            self.app.post_message(NewGame())
        else:
            self.app.post_message(Quit())

    # ------------------------------------------------------------ state → screen
    def refresh_table(self) -> None:
        s = self.session
        g = s.game
        view = s.view()
        hand = view.my_tiles
        self.query_one(HandView).show(
            hand,
            s.fits(),
            s.selected,
            s.new_tiles,
            dim_unfit=s.my_turn,
            set_size=s.rules.set,
            unicode=self.tile_style == "unicode",
            marks=self._matadors(hand),
        )
        last = set()
        if g.events and g.events[-1].kind in ("play", "doubles"):
            e = g.events[-1]
            last = {e.tile} | ({e.second} if e.second is not None else set())
        q = s.question
        asking = isinstance(q, EndQuestion)
        self.query_one(LineView).show(
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
        )
        self.query_one("#opponent", Static).update(self._opponent_text(view))
        self.query_one("#scores", Static).update(self._scores_text())
        self.query_one(MoveLog).show(s.log_lines()[-200:] or ["No moves yet."])
        latest = log_entries(g.events, s.names, g.hand_no)
        self.query_one("#last-move", Static).update(latest[-1].text if latest else "")
        self.query_one("#message", Static).update(sentence_text(s.message))
        self.refresh_bindings()

    def _matadors(self, hand: list[int]) -> set[int]:
        """Matador's matadors in the hand, to be marked (R-MT-2)."""
        if self.session.rules.match_rule != "sum7":
            return set()
        return {t for t in hand if tiles.MATADORS_MASK & tiles.BIT[t]}

    def _opponent_text(self, view: SeatView) -> Text:
        s = self.session
        g = s.game
        if s.rules.players > 2:
            return self._seats_row(view)
        t = Text()
        t.append(f" {s.cpu.name} ", style="bold")
        n = view.hand_counts[CPU]
        cap = 14 if self.size.width >= 100 else 8
        if g.phase != "play" and view.revealed is not None:
            t.append(" ".join(tiles.names(view.revealed[CPU])) or "went out", style="#f3ecd8")
            t.append(" ")
        else:
            t.append(BACK * min(n, cap), style="#b03a2e")
            if n > cap:
                t.append("…", style="#b03a2e")
            t.append(f" {n} tile{'s' if n != 1 else ''}")
            t.append(" ")
        if s.thinking:
            t.append("  thinking…", style="italic #e0c870")
        if s.rules.draws:
            t.append("   Boneyard ", style="bold")
            drawable = view.drawable
            kept = view.boneyard_count - drawable
            t.append(BACK * min(drawable, cap), style="#7a5c3a")
            t.append("▯" * kept, style="#7a5c3a")
            t.append(f"{' ' if drawable or kept else ''}{drawable} to draw")
            if kept:
                t.append(f" · {kept} not drawable", style="dim")
        elif view.boneyard_count:
            t.append(f"   {view.boneyard_count} set aside (no drawing)", style="dim")
        return t

    def _seats_row(self, view: SeatView) -> Text:
        """3-4 players: the CPU seats in play order (whose turn, partner), the boneyard."""
        s = self.session
        wide = self.size.width >= 100
        t = seats_text(view, s.names, s.thinking, wide, s.game.phase != "play")
        if s.rules.draws:
            t.append("Boneyard " if wide else "Bone ", style="bold")
            t.append(f"{view.drawable}")
            if view.boneyard_count > view.drawable:
                t.append(f"+{view.boneyard_count - view.drawable} kept", style="dim")
        return t

    def _scores_text(self) -> Text:
        s = self.session
        g, r = s.game, s.rules
        sc = g.scores
        t = Text()
        t.append(f" {r.name}", style="bold #d9b24a")
        t.append(f" · {target_text(r)} · ")
        last = next((e for e in reversed(g.events) if e.kind in ("play", "doubles")), None)
        scored = last if last is not None and last.scored else None  # until the next play
        for side, name in enumerate(s.side_names):
            t.append(f"{name} ", style="bold")
            t.append(score_text(r, sc, side))
            if scored is not None and r.side_of(scored.seat) == side:  # All Fives, R-F-2
                t.append(f" +{scored.scored}", style="bold #7ee07e")
            if s.clock is not None and r.players == 2:
                t.append(" ")
                t.append(clock_text(s.clock, side))
            t.append("  ")
        if sc.hanging:
            t.append(f"hanging {sc.hanging}  ", style="#f0a050")
        verb = "led" if g.line else ("lead" if g.opener == YOU else "leads")
        t.append(f"· Hand {g.hand_no} · {s.names[g.opener]} {verb}", style="dim")
        return t

    def _repaint_clock(self) -> None:
        """Show which clock runs and its time (the clocks change without an event)."""
        for scores in self.query("#scores").results(Static):
            scores.update(self._scores_text())

    # ------------------------------------------------------------ the clock and the person's absence
    def on_screen_resume(self) -> None:
        self.session.resume_clocks()

    def on_screen_suspend(self) -> None:
        """A menu, the help or a question is over the table: the clocks wait (R-T-1)."""
        self.session.pause_clocks()

    def _app_suspended(self, app: object) -> None:
        self.session.pause_clocks()  # Ctrl+Z: the terminal went back to the shell

    def _app_resumed(self, app: object) -> None:
        if self.app.screen is self:
            self.session.resume_clocks()

    def on_key(self, event: events.Key) -> None:
        if self.session.waiting_for_key:  # a resumed match: any key only wakes the table
            event.stop()
            event.prevent_default()
            self.session.go_on()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        if self.session.waiting_for_key:
            self.session.go_on()

    # ------------------------------------------------------------ the person's keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        can = {
            "pass_turn": "pass",
            "two_doubles": "two_doubles",
            "draw": "draw",
            "resign": "resign",
        }
        if action in can:
            return self.session.can(can[action])
        return True

    def action_select(self, delta: int) -> None:
        """←/→: another tile; or the answer to the question on screen."""
        q = self.session.question
        if isinstance(q, TouchQuestion):
            self.session.choose_touch(q.touches[0 if delta < 0 else -1])
        elif isinstance(q, EndQuestion):
            self.session.choose_end(0 if delta < 0 else 1)
        else:
            self.session.select(delta)

    def action_end(self, end: int) -> None:
        """↑/↓ (and ←/→) answer which end, when a tile fits several."""
        if isinstance(self.session.question, EndQuestion):
            self.session.choose_end(end)

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

    def action_rules(self) -> None:
        from .dialogs import RulesScreen

        self.app.push_screen(RulesScreen(self.session.rules))

    def action_quit_match(self) -> None:
        from .dialogs import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.app.post_message(Quit())

        self.app.push_screen(ConfirmScreen("Leave the table and quit?"), done)

    def action_resign(self) -> None:
        from .dialogs import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.session.resign()

        self.app.push_screen(ConfirmScreen("Resign this match? It counts as a loss."), done)

    def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        self.session.click_tile(message.index)

    def on_line_view_end_clicked(self, message: LineView.EndClicked) -> None:
        self.session.click_end(message.end)
