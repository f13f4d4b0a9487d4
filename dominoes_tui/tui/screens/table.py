"""The table: the opponent across, the line on the felt, your hand along the bottom.

Every rule question goes to the engine: what is legal (``legal_actions``), why a
move is refused (``IllegalAction`` / ``why_illegal``), how a hand scored
(``describe_hand``). The screen only decides what to show and when.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ... import options, store
from ...ai import Player, hint, make_player
from ...engine import (
    HAND_OVER,
    MATCH_OVER,
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
    TimeOut,
    seat_view,
    tiles,
    wanted_number,
)
from ...engine.actions import END_NAMES
from ..widgets.clock import clock_text
from ..widgets.hand import HandView
from ..widgets.line import END_LABELS, LineView
from ..widgets.log import MoveLog
from ..widgets.seats import seat_names, seats_text, side_names
from ..words import log_lines, score_text, target_text

if TYPE_CHECKING:
    from ..app import DominoesApp

YOU, CPU = 0, 1
END_KEYS = ("←", "→", "↑", "↓")
"""The key that picks each end (left, right, up, down) when a tile fits several."""
BACK = "▮"
RESUMED = "Welcome back: the match is as you left it. Press any key to go on (clocks stopped)."


class TableScreen(Screen):
    """One match against the CPU, from the deal to the match-over screen."""

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

    def __init__(
        self,
        rules: Rules,
        seed: int,
        level: str,
        first_seat: int | None = None,
        game: Game | None = None,
        player_factory: Callable[[str, int], Player] = make_player,
        saved: store.SavedGame | None = None,
        name: str | None = None,
    ) -> None:
        """A table for a new match; ``game`` starts from a set position instead.

        ``name``: the opponent's name in a two-player game (shown with its level).

        ``saved``: resume that match (its game, players and clocks); nothing moves
        and no clock runs until the person presses a key.
        """
        super().__init__()
        if saved is not None:
            game = saved.game
        self.rules = rules
        self.seed = seed
        self.level = level
        self.game: Game = game if game is not None else Game.new(rules, seed, first_seat)
        self.first_opener = self.game.opener
        self.cpu = player_factory(level, seed)
        if saved is not None and rules.players == 2:
            self.cpu.name = saved.info.names[CPU]  # the name it had when saved
        elif name is not None and rules.players == 2:
            self.cpu.name = options.cpu_display_name(name, level)
        self.cpus: dict[int, Player] = {CPU: self.cpu}
        for seat in range(2, rules.players):  # 3-4 players: each CPU seat its own player
            self.cpus[seat] = player_factory(level, seed + seat - 1)
        self.names = seat_names(rules.players, rules.partners)
        self.side_names = side_names(rules.players, rules.partners)
        """A name per scoring side (partners score together, R-P-1)."""
        self.selected: int | None = 0
        self.asking: int | None = None
        """The tile waiting for the person to say which end (R-M-2)."""
        self.ask_ends: list[int] = []
        """The ends ``asking`` fits, in the order left, right, up, down."""
        self.turning: tuple[int, int, list[int]] | None = None
        """A matador waiting for the person to say which half touches (R-MT-2):
        tile, end, the halves it may lay against that end."""
        self.new_tiles: set[int] = set()
        self.message_text = ""
        self.old_log: list[str] = []
        self.move_no = 0
        self.thinking = False
        self.pending = False
        self.clock: Clock | None = None
        self.recorded = False
        seats = ("You", self.cpu.name) if rules.players == 2 else self.names
        self.info = store.MatchInfo(cpu_level=level, names=seats, human_seat=YOU)
        self._clock_timer = None
        self._setup_clock()
        self.waiting_for_key = False
        """A resumed match waits for a key before anything moves (clocks stopped)."""
        self.left = False
        """Set when another match replaces this one: no more saves from this table."""
        self._saved_move = 0
        self._owns_save = False
        self._save_error: str | None = None
        if saved is not None:
            self._resume_from(saved)

    @property
    def tui(self) -> DominoesApp:
        return self.app  # type: ignore[return-value]

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
        if self.waiting_for_key:  # resumed: the log already has this hand's redeal note
            self.say(RESUMED)
        else:
            self._start_hand_words()
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width >= 100, "-wide")

    # ------------------------------------------------------------ state → screen
    @property
    def my_turn(self) -> bool:
        g = self.game
        return g.phase == "play" and g.turn == YOU

    def _lead_index(self) -> int | None:
        lead = next((e.tile for e in self.game.events if e.kind in ("play", "doubles")), None)
        for i, p in enumerate(self.game.line):
            if p.tile == lead:
                return i
        return None

    def _fits(self) -> set[int]:
        return {a.tile for a in self.game.legal_actions() if isinstance(a, Play)} | {
            t
            for a in self.game.legal_actions()
            if isinstance(a, PlayDoubles)
            for t in (a.first, a.second)
        }

    def refresh_table(self) -> None:
        g = self.game
        view = seat_view(g, YOU)
        hand = view.my_tiles
        if hand:
            if self.selected is None or self.selected >= len(hand):
                self.selected = min(self.selected or 0, len(hand) - 1)
        else:
            self.selected = None
        fits = self._fits() if self.my_turn else set()
        self.query_one(HandView).show(
            hand,
            fits,
            self.selected,
            self.new_tiles,
            dim_unfit=self.my_turn,
            set_size=self.rules.set,
            unicode=self.tui.tile_style == "unicode",
            marks=self._matadors(hand),
        )
        last = set()
        if g.events and g.events[-1].kind in ("play", "doubles"):
            e = g.events[-1]
            last = {e.tile} | ({e.second} if e.second is not None else set())
        self.query_one(LineView).show(
            g.line,
            self._lead_index(),
            g.ends,
            self.rules.set,
            last,
            self.asking is not None,
            arms=g.arms,
            spinner=g.spinner,
            sum7=self.rules.match_rule == "sum7",
            ask_ends=set(self.ask_ends) if self.asking is not None else None,
        )
        self.query_one("#opponent", Static).update(self._opponent_text(view))
        self.query_one("#scores", Static).update(self._scores_text())
        lines = self.old_log + log_lines(g.events, self.names)
        self.query_one(MoveLog).show(lines[-200:] or ["No moves yet."])
        latest = log_lines(g.events, self.names)
        self.query_one("#last-move", Static).update(latest[-1] if latest else "")
        self.query_one("#message", Static).update(self.message_text)
        self.refresh_bindings()

    def _seat_name(self, seat: int) -> str:
        """A seat's name in sentences: the CPU's level name with two players."""
        return self.cpu.name if self.rules.players == 2 and seat == CPU else self.names[seat]

    def _needs(self) -> str:
        """Matador: ``5 needs 2, 0 needs ★`` for the open ends (R-MT-1, R-MT-2)."""
        shown = sorted(set(self.game.ends))
        wants = {n: wanted_number(self.rules.match_rule, n) for n in shown}
        return ", ".join(f"{n} needs {'★' if w is None else w}" for n, w in wants.items())

    def _matadors(self, hand: list[int]) -> set[int]:
        """Matador's matadors in the hand, to be marked (R-MT-2)."""
        if self.rules.match_rule != "sum7":
            return set()
        return {t for t in hand if tiles.MATADORS_MASK & tiles.BIT[t]}

    def _opponent_text(self, view: SeatView) -> Text:
        g = self.game
        if self.rules.players > 2:
            return self._seats_row(view)
        t = Text()
        t.append(f" {self.cpu.name} ", style="bold")
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
        if self.thinking:
            t.append("  thinking…", style="italic #e0c870")
        if self.rules.draws:
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
        wide = self.size.width >= 100
        t = seats_text(view, self.names, self.thinking, wide, self.game.phase != "play")
        if self.rules.draws:
            t.append("Boneyard " if wide else "Bone ", style="bold")
            t.append(f"{view.drawable}")
            if view.boneyard_count > view.drawable:
                t.append(f"+{view.boneyard_count - view.drawable} kept", style="dim")
        return t

    def _scores_text(self) -> Text:
        g, r = self.game, self.rules
        s = g.scores
        t = Text()
        t.append(f" {r.name}", style="bold #d9b24a")
        t.append(f" · {target_text(r)} · ")
        last = next((e for e in reversed(g.events) if e.kind in ("play", "doubles")), None)
        scored = last if last is not None and last.scored else None  # until the next play
        for side, name in enumerate(self.side_names):
            t.append(f"{name} ", style="bold")
            t.append(score_text(r, s, side))
            if scored is not None and r.side_of(scored.seat) == side:  # All Fives, R-F-2
                t.append(f" +{scored.scored}", style="bold #7ee07e")
            if self.clock is not None and r.players == 2:
                t.append(" ")
                t.append(clock_text(self.clock, side))
            t.append("  ")
        if s.hanging:
            t.append(f"hanging {s.hanging}  ", style="#f0a050")
        verb = "led" if g.line else ("lead" if g.opener == YOU else "leads")
        t.append(f"· Hand {g.hand_no} · {self.names[g.opener]} {verb}", style="dim")
        return t

    def say(self, text: str) -> None:
        self.message_text = text
        self.query_one("#message", Static).update(text)

    # ------------------------------------------------------------ the flow
    def _start_hand_words(self) -> None:
        g = self.game
        words = f"Hand {g.hand_no}: "
        if g.redeals:
            times = "once" if g.redeals == 1 else f"{g.redeals} times"
            words = f"Redealt {times}: a hand had 5 doubles or 6 of one suit (R-C-2). " + words
            self.old_log.append(f"Redealt {times} (R-C-2)")
            self.notify(f"The tiles were redealt {times} (R-C-2).", title="Redeal")
        if g.turn == YOU:
            leads = [a for a in g.legal_actions() if isinstance(a, Play)]
            hand = seat_view(g, YOU).my_tiles
            if len(leads) == 1:
                words += f"you lead, and must lead {tiles.name(leads[0].tile)}."
                self.selected = hand.index(leads[0].tile)
            elif len(leads) < len(hand):
                names = ", ".join(tiles.name(a.tile) for a in leads)
                words += f"you lead, with one of {names}."
            else:
                words += "you lead."
        else:
            words += f"{self._seat_name(g.turn)} leads."
        self.say(words)

    def schedule(self, delay: float, fn: Callable[[], None]) -> None:
        self.pending = True

        def run() -> None:
            self.pending = False
            fn()

        if delay <= 0:
            self.call_later(run)
        else:
            self.set_timer(delay, run)

    def advance(self) -> None:
        """Decide what happens next after any change."""
        g = self.game
        self.autosave()
        self.refresh_table()
        if self.waiting_for_key:
            return
        if g.phase == HAND_OVER:
            self._clock_stop()
            from .dialogs import HandOverScreen

            self.app.push_screen(HandOverScreen(self), lambda _: self.next_hand())
        elif g.phase == MATCH_OVER:
            self._clock_stop()
            if not self.recorded:
                self.recorded = True
                self.record_match(g)
            from .dialogs import MatchOverScreen

            self.app.push_screen(MatchOverScreen(self), self.after_match)
        elif g.turn != YOU:
            self._clock_start(g.turn)
            self.cpu_turn()
        else:
            self._clock_start(YOU)
            self._select_fitting()
            legal = g.legal_actions()
            if len(legal) == 1 and isinstance(legal[0], (Draw, Pass)):
                token = self.move_no
                forced = legal[0]
                self.schedule(self.tui.delay * 0.6, lambda: self.forced(forced, token))

    def _select_fitting(self) -> None:
        """On your turn, raise a tile that fits if the raised one does not."""
        hand = self._hand()
        fits = self._fits()
        if not hand or not fits:
            return
        if self.selected is not None and self.selected < len(hand):
            if hand[self.selected] in fits:
                return
        self.selected = next(i for i, t in enumerate(hand) if t in fits)
        self.refresh_table()

    def forced(self, action: Action, token: int) -> None:
        if token != self.move_no or not self.my_turn:
            return
        ends = self.game.ends
        nums = " or ".join(str(n) for n in sorted(set(ends)))
        if isinstance(action, Draw):
            self.say(f"No {nums} in your hand: drawing…")
        else:
            self.say(f"No {nums} to play and nothing to draw: you pass.")
        self.apply(action)

    def apply(self, action: Action) -> bool:
        if self._flag_fell():
            return False
        g = self.game
        seat = g.turn
        before = g.hands[YOU]
        try:
            g.apply(action)
        except IllegalAction as e:
            self.say(f"[b #ff8866]Not allowed:[/] {e}")
            return False
        self.move_no += 1
        self.asking = None
        self.turning = None
        if seat == YOU and not isinstance(action, Draw):
            self.say("")
        if seat == YOU:
            drawn = g.hands[YOU] & ~before
            self.new_tiles = set(tiles.bits(drawn)) if isinstance(action, Draw) else set()
            if drawn and isinstance(action, Draw):
                t = next(iter(tiles.bits(drawn)))
                self.selected = seat_view(g, YOU).my_tiles.index(t)
                fits = t in self._fits() if self.my_turn else False
                self.say(f"You drew {tiles.name(t)}" + (": it fits." if fits else "."))
        else:
            self.new_tiles = set()
        self.advance()
        return True

    def next_hand(self) -> None:
        g = self.game
        if g.phase != HAND_OVER:
            return
        self.old_log += log_lines(g.events, self.names)
        self.old_log.append(f"— hand {g.hand_no} over —")
        g.apply(NextHand())
        self.move_no += 1
        self.new_tiles = set()
        self.selected = 0
        self._start_hand_words()
        self.advance()

    def after_match(self, choice: str | None) -> None:
        if choice == "rematch":
            first = None
            if self.rules.rematch_swaps_opener:
                first = (self.first_opener + 1) % self.rules.players
            self.tui.start_match(self.rules, self.seed + 1, self.level, first_seat=first)
        elif choice == "new":
            self.tui.new_game()
        else:
            self.app.exit()

    @work(thread=True, group="store")
    def record_match(self, game: Game) -> None:
        """Add the finished match to the history (SQLite: off the main thread)."""
        rec = store.finish_match(game, self.info)
        if rec.problem:
            self.app.call_from_thread(self.notify, rec.problem, severity="warning", markup=False)

    # ------------------------------------------------------------ saving and resuming
    def autosave(self, closing: bool = False) -> None:
        """Save after every applied action, and when the app closes (``closing``).

        The first save of a new match gives up the unfinished match in the save
        slot, if another one is there (recorded as abandoned). A failure is said
        once, never raised.
        """
        g = self.game
        if self.left or not g.log:
            return
        if closing:
            if g.is_over:  # recorded (or being recorded): nothing to continue
                return
        elif self.move_no == self._saved_move:
            return
        self._saved_move = self.move_no
        if not self._owns_save:
            self._owns_save = True
            if store.has_autosave() and store.saved_match_id() != self.info.match_id:
                given_up = store.abandon_autosave()
                if given_up.problem:
                    self.notify(given_up.problem, severity="warning", timeout=10, markup=False)
        err = store.autosave(g, self.info, self.clock)
        if err and err != self._save_error:
            self.notify(err, severity="warning", timeout=10, markup=False)
        self._save_error = err

    def leave(self) -> None:
        """Another match replaces this one: an unfinished match is given up (abandoned)."""
        if self.left:
            return
        self.left = True
        self._clock_stop()
        game, info = self.game, self.info
        if game.log and not game.is_over:
            self.app.run_worker(lambda: store.abandon_match(game, info), thread=True, group="store")

    def _resume_from(self, saved: store.SavedGame) -> None:
        from ..resume import rebuild

        rebuilt = rebuild(self.game, self.names)
        self.old_log = rebuilt.old_log
        self.first_opener = rebuilt.first_opener
        self.info = saved.info
        self._owns_save = True
        clock = saved.make_clock(now=lambda: self.tui.now())
        if clock is not None:
            self.clock = clock
        self.waiting_for_key = True

    def go_on(self) -> None:
        """The person is back: start the clocks and carry on from the saved position."""
        if not self.waiting_for_key:
            return
        self.waiting_for_key = False
        self.say("")
        self.advance()

    def on_key(self, event: events.Key) -> None:
        if self.waiting_for_key:
            event.stop()
            event.prevent_default()
            self.go_on()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        if self.waiting_for_key:
            self.go_on()

    # ------------------------------------------------------------ the CPU
    def cpu_turn(self) -> None:
        self.thinking = True
        self.refresh_table()
        self.think(seat_view(self.game, self.game.turn), self.move_no, time.monotonic())

    @work(thread=True, group="cpu")
    def think(self, view: SeatView, token: int, started: float) -> None:
        try:
            action = self.cpus[view.seat].choose(view)
        except Exception as e:  # a CPU bug must not end the person's game
            action = view.legal[0]
            self.app.call_from_thread(self.notify, f"The CPU stumbled ({e}); it plays {action}.")
        self.app.call_from_thread(self.cpu_chose, action, token, started)

    def cpu_chose(self, action: Action, token: int, started: float) -> None:
        if token != self.move_no:
            return
        wait = max(0.0, self.tui.delay - (time.monotonic() - started))
        self.schedule(wait, lambda: self.cpu_moves(action, token))

    def cpu_moves(self, action: Action, token: int) -> None:
        if token != self.move_no or self.game.turn in (None, YOU):
            return
        self.thinking = False
        if self._flag_fell():  # it thought past its time (R-T-2)
            return
        if not self.apply(action):
            legal = self.game.legal_actions()
            self.notify(f"The CPU tried an illegal move ({action}); it plays {legal[0]}.")
            self.apply(legal[0])
            return
        if self.game.phase == "play" and self.game.turn == YOU:
            n = len(self._fits())
            if n:
                fit = f"{n} of your tiles fit{'s' if n == 1 else ''}"
                if n == 1:
                    fit = "1 of your tiles fits"
                keys = "←/→ to choose, Enter to play."
                if self.rules.match_rule == "sum7":  # R-MT-1: what each open end needs
                    fit, keys = f"{fit}: {self._needs()}", "←/→, Enter."
                self.say(f"{self.turn_note}Your turn: {fit}. {keys}")
                self.turn_note = ""

    @property
    def busy(self) -> bool:
        """True while the CPU is thinking or a shown move is pending (tests wait on it)."""
        return self.thinking or self.pending

    # ------------------------------------------------------------ the clock
    def _setup_clock(self) -> None:
        r = self.rules
        if r.clock_minutes or r.turn_seconds:
            self.clock = Clock(
                r.players,
                r.clock_minutes * 60,
                turn_seconds=r.turn_seconds,
                now=lambda: self.tui.now(),
            )

    def on_screen_resume(self) -> None:
        if self.clock is not None:
            if self._clock_timer is None:
                self._clock_timer = self.set_interval(0.2, self._tick)
            if self.game.phase == "play" and self.game.turn is not None:
                if not self.waiting_for_key:
                    self.clock.start(self.game.turn)
                    self._repaint_clock()

    def on_screen_suspend(self) -> None:
        """A menu, the help or a question is over the table: the clocks wait, and the
        turn goes on afterwards (``pause``: the per-turn limit is not refilled)."""
        self._clock_pause()

    def _app_suspended(self, app: object) -> None:
        self._clock_pause()  # Ctrl+Z: the terminal went back to the shell

    def _app_resumed(self, app: object) -> None:
        if self.app.screen is self:
            self.on_screen_resume()

    def _clock_pause(self) -> None:
        if self.clock is not None:
            self.clock.pause()
            self._repaint_clock()

    def _clock_start(self, seat: int) -> None:
        if self.clock is not None:
            if self._clock_timer is None:
                self._clock_timer = self.set_interval(0.2, self._tick)
            self.clock.start(seat)
            self._repaint_clock()

    def _clock_stop(self) -> None:
        if self.clock is not None:
            self.clock.stop()
            self._repaint_clock()

    def _repaint_clock(self) -> None:
        """Show at once which clock runs (the timer repaints only every 0.2 s)."""
        for scores in self.query("#scores").results(Static):
            scores.update(self._scores_text())

    turn_note = ""
    """Said again with "Your turn" after the per-turn limit played a move for you (R-T-3)."""

    def _flag_fell(self) -> bool:
        """R-T-1: a clock at 0 ends the match at once (checked by the timer and before
        any move is applied, so a CPU that thought past its time does not move)."""
        c, g = self.clock, self.game
        flag = c.flagged() if c is not None and g.phase == "play" else None
        if flag is None:
            return False
        self.move_no += 1
        self.thinking = False
        g.apply(TimeOut(flag))
        self.advance()
        return True

    def _tick(self) -> None:
        c, g = self.clock, self.game
        if c is None or g.phase != "play" or c.running is None:
            return
        if self._flag_fell():
            return
        if c.turn_expired() and g.turn == YOU:
            action = make_player("easy", self.move_no).choose(seat_view(g, YOU))
            self.apply(action)
            self.turn_note = "Your time for the turn ran out: the Easy CPU played it for you. "
            self.say(self.turn_note.strip())
            return
        self.query_one("#scores", Static).update(self._scores_text())

    # ------------------------------------------------------------ the person
    def _hand(self) -> list[int]:
        return seat_view(self.game, YOU).my_tiles

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        legal = self.game.legal_actions() if self.my_turn else []
        if action == "pass_turn":
            return any(isinstance(a, Pass) for a in legal)
        if action == "two_doubles":
            return any(isinstance(a, PlayDoubles) for a in legal)
        if action == "draw":
            return self.rules.draws
        if action == "resign":
            return self.rules.resign
        return True

    def action_select(self, delta: int) -> None:
        if self.turning is not None:
            t, end, touches = self.turning
            self.apply(Play(t, end, touches[0 if delta < 0 else -1]))
            return
        if self.asking is not None:
            self.action_end(0 if delta < 0 else 1)
            return
        hand = self._hand()
        if not hand:
            return
        self.selected = ((self.selected or 0) + delta) % len(hand)
        self.new_tiles = set()
        self.refresh_table()

    def action_end(self, end: int) -> None:
        """↑/↓ (and ←/→) answer which end, when a tile fits several."""
        if self.asking is None:
            return
        if end not in self.ask_ends:
            self.say(
                f"{tiles.name(self.asking)} does not go on the {END_NAMES[end]} end: "
                + self._ends_question(self.asking)
            )
            return
        self.play_on(self.asking, end)

    def _ends_question(self, t: int) -> str:
        ends = self.game.ends
        return " or ".join(
            f"{END_KEYS[e]} {END_NAMES[e]} ({END_LABELS[e]}{ends[e]})" for e in self.ask_ends
        )

    def action_play(self) -> None:
        if self.turning is not None:
            self._ask_way_round()
            return
        if self.asking is not None:
            if len(self.ask_ends) > 2 or self.ask_ends != [0, 1]:
                self.say(
                    f"{tiles.name(self.asking)} fits {len(self.ask_ends)} ends: "
                    f"{self._ends_question(self.asking)} (Esc: another tile)."
                )
                return
            self.say(
                f"{tiles.name(self.asking)} fits both ends: press ← for the left "
                "or → for the right (Esc to choose another tile)."
            )
            return
        hand = self._hand()
        if self.selected is None or not hand:
            return
        self.try_play(hand[self.selected])

    def not_your_turn(self) -> bool:
        g = self.game
        if g.phase != "play":
            return True
        if g.turn != YOU:
            self.say(f"Wait: it is {self._seat_name(g.turn)}'s turn.")
            return True
        return False

    def try_play(self, t: int) -> None:
        if self.not_your_turn():
            return
        g = self.game
        if not g.ends:
            self.apply(Play(t))
            return
        options = [a for a in g.legal_actions() if isinstance(a, Play) and a.tile == t]
        ends = sorted({a.end for a in options if a.end is not None})
        if len(ends) > 1:  # R-M-2: never chosen for the person
            self.asking = t
            self.ask_ends = ends
            if ends == [0, 1]:
                left, right = g.ends[0], g.ends[1]
                self.say(
                    f"[b]{tiles.name(t)} fits both ends:[/] ← left (L{left}) "
                    f"or → right (R{right})?  Esc: other tile"
                )
            else:
                self.say(
                    f"[b]{tiles.name(t)} fits {len(ends)} ends:[/] "
                    f"{self._ends_question(t)}?  Esc: other tile"
                )
            self.refresh_table()
        elif options:
            self.play_on(t, options[0].end)
        else:
            self.apply(Play(t, 0 if tiles.fits(t, g.ends[0]) else 1))

    def _ask_way_round(self) -> None:
        """R-MT-2: a matador goes either way round; the person says which half touches."""
        assert self.turning is not None
        t, end, touches = self.turning
        n = self.game.ends[end]
        a, b = touches[0], touches[-1]
        self.say(
            f"[b]{tiles.name(t)} on the {END_NAMES[end]} {n}:[/] "
            f"← {a} touches ({b} open) or → {b} touches ({a} open)?  Esc: back"
        )

    def play_on(self, t: int, end: int | None) -> None:
        if self.not_your_turn():
            return
        g = self.game
        if not g.ends or end is None:
            self.apply(Play(t))
            return
        touches = [
            a.touch
            for a in g.legal_actions()
            if isinstance(a, Play) and a.tile == t and a.end == end and a.touch is not None
        ]
        if len(touches) > 1:  # a matador either way round (R-MT-2): ask, never choose
            self.asking = None
            self.turning = (t, end, touches)
            self._ask_way_round()
            self.refresh_table()
        else:
            self.apply(Play(t, end))

    def action_cancel(self) -> None:
        if self.asking is not None or self.turning is not None:
            self.asking = None
            self.turning = None
            self.say("Choose a tile.")
            self.refresh_table()

    def action_draw(self) -> None:
        if not self.not_your_turn():
            self.apply(Draw())

    def action_pass_turn(self) -> None:
        if not self.not_your_turn():
            self.apply(Pass())

    def action_two_doubles(self) -> None:
        if self.not_your_turn():
            return
        for a in self.game.legal_actions():
            if isinstance(a, PlayDoubles):
                self.apply(a)
                return

    def action_hint(self) -> None:
        if self.not_your_turn():
            return
        self.say("Looking for a hint…")
        self.find_hint(seat_view(self.game, YOU), self.move_no)

    @work(thread=True, group="hint")
    def find_hint(self, view: SeatView, token: int) -> None:
        action, reason = hint(view)
        self.app.call_from_thread(self.show_hint, action, reason, token)

    def show_hint(self, action: Action, reason: str, token: int) -> None:
        if token != self.move_no:
            return
        tile = getattr(action, "tile", None)
        if tile is None:
            tile = getattr(action, "first", None)
        hand = self._hand()
        if tile in hand:
            self.selected = hand.index(tile)
        where = ""
        if isinstance(action, Play) and action.end is not None and " on the " not in reason:
            where = f" on the {END_NAMES[action.end]}"
        self.say(f"Hint: {reason}{where}")
        self.refresh_table()

    def action_rules(self) -> None:
        from .dialogs import RulesScreen

        self.app.push_screen(RulesScreen(self.rules))

    def action_quit_match(self) -> None:
        from .dialogs import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.push_screen(ConfirmScreen("Leave the table and quit?"), done)

    def action_resign(self) -> None:
        from .dialogs import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes and self.game.phase != MATCH_OVER:
                self.move_no += 1
                self.game.apply(Resign(YOU))
                self.advance()

        self.app.push_screen(ConfirmScreen("Resign this match? It counts as a loss."), done)

    def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        if self.asking is not None or self.turning is not None:
            self.asking = None
            self.turning = None
        if message.index == self.selected:
            self.action_play()
        else:
            self.selected = message.index
            self.new_tiles = set()
            self.refresh_table()

    def on_line_view_end_clicked(self, message: LineView.EndClicked) -> None:
        hand = self._hand()
        if self.selected is None or not hand:
            self.say("Pick a tile first, then click an end.")
            return
        t = self.asking if self.asking is not None else hand[self.selected]
        self.play_on(t, message.end)
