"""The coach's tips at the table: it asks once before a blunder, shows a strategy
point a hand in the table's coach panel (never over the felt, the hand or a dialog),
and names a hand's costly pattern on the hand-over screen. The words and the detection
are :mod:`dominoes_tui.table.strategy` (pure); the blunder is Expert's judgement
(``ai.review.check_move``), run in a thread worker. The guide's words (what fits and
why, on the prompt line) are the session's (:mod:`dominoes_tui.table.coach`); both are
the one Coach setting's (:mod:`dominoes_tui.store.player`: Guide gives both, Tips these).

Every table gets a :class:`TableCoach` (``TableCoach.attach(screen)``, from the table's
``on_mount``). It is *on* when the player's setting gives tips and the first table's
question has been answered (:meth:`TableCoach.switch` turns it on or off at the
table); off, it still keeps the review of the match's hands with the history once the
match is recorded. A tip belongs to the position it was given in: a move, a resumed
table or another screen and it is gone (:meth:`TableCoach.tip_words`).

The session's hook (``TableSession.check_move``) holds each of the person's moves
while the coach looks at it; a move that is not a blunder is then laid
(``session.commit``); a blunder asks first (:class:`CoachQuestion`). A hook already
there (another coach's) is asked first and keeps its say.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..engine import MATCH_OVER, Action, Game, Play, PlayDoubles, hand_start, new_game
from ..store.player import count_finished_match, load_player
from ..table import COACH, HandStarted, MatchOver, TableEvent, TurnStarted
from ..table.review_job import kept_hands
from ..table.strategy import Point, PointsShown, costly_pattern, question_words, strategy_point
from ..table.words import NOTHING, Sentence, move_words
from .dismiss import DismissOnce
from .review_keep import keep_review

if TYPE_CHECKING:
    from textual.app import App
    from textual.worker import Worker

    from ..ai.review import Budget, Evaluator, Judgement
    from ..table import TableSession


class CoachedTable(Protocol):
    """What the coach uses of the table screen it sits at."""

    session: TableSession
    is_mounted: bool

    @property
    def app(self) -> App[Any]: ...

    def run_worker(self, work: Callable[[], None], **kwargs: Any) -> Worker[None]: ...

    def refresh_table(self) -> None: ...

    def action_hint(self) -> None: ...


EVALUATOR: Evaluator | None = None
"""The coach's evaluator (None: Expert's, quick budget); tests set a fixed one."""
BUDGET: Budget | None = None
LOOKING = Sentence("", "The coach looks at your move…")
TAKEN_BACK = Sentence("", "Taken back: choose your move again.")

_COACHES: weakref.WeakKeyDictionary[TableSession, TableCoach] = weakref.WeakKeyDictionary()


def coach_of(session: TableSession) -> TableCoach | None:
    """The coach at ``session``'s table, if one is attached."""
    return _COACHES.get(session)


def pattern_text(session: TableSession) -> str | None:
    """The costly pattern of the hand just over at ``session``'s table, when the coach is
    on there and one happened (for the hand-over screen's breakdown)."""
    coach = coach_of(session)
    if coach is None or not coach.enabled:
        return None
    return coach.pattern()


class TableCoach:
    """The coach at one table (see the module)."""

    def __init__(
        self, screen: CoachedTable, enabled: bool, counts: bool = True, supported: bool = True
    ) -> None:
        """``counts``: a match finished here counts towards the coach's first matches;
        ``supported``: the coach can speak at this house (not at trains or feet)."""
        self.screen = screen
        self.session = screen.session
        self.enabled = False
        self.counts = counts
        self.supported = supported
        self.tip: tuple[int, Point] | None = None
        """The tip shown, with the position (the session's token) it was given in."""
        self.shown = PointsShown()
        self.asked: set[tuple[int, Action]] = set()
        """(position token, move): asked about once already, so laid without asking."""
        self.checking: tuple[int, Action] | None = None
        self.hand_start: Game | None = None
        self.previous: Callable[[Action], bool] | None = None
        """The session's hook before this coach's (asked first)."""
        self._pattern: tuple[int, str | None] | None = None
        self._over = False
        self.last_point: str | None = None
        """The last strategy point shown (tests read it)."""
        if enabled:
            self.switch(True)

    @classmethod
    def attach(cls, screen: CoachedTable) -> TableCoach:
        """The coach for the table on ``screen``: on if the player's setting says so."""
        session = screen.session
        supported = not session.rules.is_rounds
        practice = not session.autosave_enabled
        setting = load_player()
        enabled = supported and setting.tips and setting.asked  # unasked: quiet till answered
        coach = cls(screen, enabled, counts=not practice, supported=supported)
        _COACHES[session] = coach
        coach.hand_start = coach._find_hand_start()
        if session.waiting_for_key:  # a resumed hand: its tip was given before the save
            coach.shown.hands.add(session.game.hand_no)
        session.subscribe(coach.on_events)
        return coach

    def switch(self, on: bool) -> None:
        """Turn the tips and the question before a blunder on or off at this table (the
        Coach setting, answered or changed here); on, a tip for the turn if one applies."""
        on = on and self.supported
        if on == self.enabled:
            return
        self.enabled = on
        s = self.session
        s.coach_switched("tips", on)  # a match the coach is on at is casual
        if on:
            self.previous = s.check_move
            s.check_move = self.check
            if s.my_turn and not s.waiting_for_key:
                self.offer_point()
        else:
            self.tip = None
            if s.check_move == self.check:
                s.check_move = self.previous
            self.previous = None

    def detach(self) -> None:
        self.session.unsubscribe(self.on_events)
        self.tip = None
        if self.session.check_move == self.check:
            self.session.check_move = self.previous

    def tip_words(self) -> str | None:
        """The tip for the coach panel while its position is there (None once a move has
        been made, the table waits for a key, or the coach is off): the point's words,
        naming the tiles it means when the raised tile (one that fits) is not one of them."""
        s = self.session
        if self.tip is None or not self.enabled or s.waiting_for_key or s.left:
            return None
        token, point = self.tip
        if token != s.token or not s.my_turn:
            return None
        hand = s.hand()
        raised = hand[s.selected] if s.selected is not None and s.selected < len(hand) else None
        if raised not in s.fits():
            raised = None  # a tile that cannot go: the tip does not argue against it
        return point.words(raised)

    def tip_title(self) -> str:
        return self.tip[1].title if self.tip is not None else ""

    # ------------------------------------------------------------ the hand's start
    def _find_hand_start(self) -> Game | None:
        g = self.session.game
        if g.phase == "play" and not g.events and not g.line:
            return g.copy()
        try:  # a resumed match: its hand's deal, replayed from the seed
            start = new_game(g.rules, g.seed, g.first_seat, getattr(g, "rotation", 0))
            return hand_start(start, g.log, g.hand_no)
        except Exception:  # a position set up by hand (tests): no hand start to look back on
            return None

    def pattern(self) -> str | None:
        g = self.session.game
        if self._pattern is not None and self._pattern[0] == g.hand_no:
            return self._pattern[1]
        text = None
        start = self.hand_start
        if start is not None and start.hand_no == g.hand_no and g.phase != "play":
            actions = g.log[len(start.log) :]
            try:
                found = costly_pattern(start, actions, 0, self.session.names)
            except Exception:  # never let the coach's words break the hand-over screen
                found = None
            text = found.text if found is not None else None
        self._pattern = (g.hand_no, text)
        return text

    # ------------------------------------------------------------ what happens at the table
    def on_events(self, events: list[TableEvent] | tuple[TableEvent, ...]) -> None:
        for e in events:
            if isinstance(e, HandStarted):
                self.hand_start = self.session.game.copy()
                self._pattern = None
            elif isinstance(e, TurnStarted) and e.seat == 0 and self.enabled:
                self.offer_point()
            elif isinstance(e, MatchOver):
                self.match_over()

    def offer_point(self) -> None:
        """A strategy point that applies now, if none was shown this hand."""
        s = self.session
        g = s.game
        if g.phase != "play" or not self.shown.allows(g.hand_no):
            return
        try:
            point = strategy_point(s.view(), s.names, skip=self.shown.keys)
        except Exception:  # the coach's words never stop the game
            return
        if point is None:
            return
        self.shown.shown(point, g.hand_no)
        self.last_point = point.key
        self.tip = (s.token, point)
        if self.screen.is_mounted:
            self.screen.refresh_table()

    def match_over(self) -> None:
        s = self.session
        if self._over:
            return  # said once per match, however often the session says it is over
        self._over = True
        g = s.game
        finished = g.phase == MATCH_OVER and getattr(g.match_result, "reason", "") != "resign"
        if self.enabled and self.counts and finished:  # played to its end, not given up
            if load_player().level == "auto":
                count_finished_match()
        if s.autosave_enabled:
            key = s.info.match_id
            if kept_hands(key):  # hands reviewed at their hand-over: kept with the record
                app = self.screen.app
                app.run_worker(keep_review(app, key), group="review-keep")

    # ------------------------------------------------------------ before a blunder
    def check(self, action: Action) -> bool:
        """The session's hook: True lets the move be laid now; False holds it while the
        coach looks (then it is laid, or the person is asked)."""
        s = self.session
        if self.previous is not None and not self.previous(action):
            return False  # the other hook held it (and said why)
        view = s.view()
        if action not in view.legal or len(view.legal) < 2:
            return True  # the engine refuses it, or there is no choice
        key = (s.token, action)
        if key in self.asked:
            return True
        if self.checking is not None and self.checking[0] == s.token:
            return False  # one look at a time; this key waits for it
        self.checking = key
        s.note = LOOKING
        s.pause_clocks(COACH)  # the coach's look is not the person's time
        self.screen.run_worker(
            lambda: self._look(view, action, s.token),
            thread=True,
            group="coach",
            exit_on_error=False,
        )
        return False

    def _look(self, view, action: Action, token: int) -> None:  # noqa: ANN001 - SeatView
        from ..ai import review as rv  # start-up speed: Expert loads on the first look

        try:
            if not rv.is_decision(view):
                j = None
            else:
                budget = BUDGET or rv.QUICK_BUDGET
                j = rv.check_move(view, action, budget, evaluator=EVALUATOR)
        except Exception:  # the coach failing must not stop the person's move
            j = None
        try:
            self.screen.app.call_from_thread(self.looked, view, action, token, j)
        except RuntimeError:  # the app has gone
            pass

    def looked(self, view, action: Action, token: int, j: Judgement | None) -> None:  # noqa: ANN001
        s = self.session
        self.checking = None
        if s.token != token or not s.my_turn or s.left:
            s.resume_clocks(COACH)
            return  # the position moved on (a flag fell, the turn limit played)
        if j is None or j.mark != "blunder":
            s.resume_clocks(COACH)
            self.asked.add((token, action))
            s.commit(action)
            return
        played = move_words(view, action, s.names)
        words = question_words(view, action, j.best, s.names)
        what = "the hand" if s.rules.target == 0 else "the match"
        chances = (
            f"Your chance to win {what}: {j.win_played:.0%} after {played}, "
            f"{j.win_best:.0%} with the best move."
        )

        def answered(answer: str | None) -> None:
            s.resume_clocks(COACH)  # held from the look until the question is answered
            self.asked.add((token, action))
            if s.token != token or not s.my_turn:
                return
            if answer == "play":
                s.commit(action)
            else:
                s.coach_took_back()
                s.note = TAKEN_BACK
                if self.screen.is_mounted:
                    self.screen.refresh_table()
                if answer == "hint":
                    self.screen.action_hint()

        if self.tip is not None and self.tip[0] == token and not _speaks_for(self.tip[1], j.best):
            self.tip = None  # the question names the best move: no tip for another one
        s.note = NOTHING
        if self.screen.is_mounted:
            self.screen.refresh_table()
        self.screen.app.push_screen(CoachQuestion(words, chances), answered)


def _speaks_for(point: Point, best: Action) -> bool:
    """``point`` speaks for a tile ``best`` lays (a point naming no tiles speaks for the
    tile it names in its words: it cannot be told to agree, so it does not)."""
    if isinstance(best, Play):
        laid = {best.tile}
    elif isinstance(best, PlayDoubles):
        laid = {best.first, best.second}
    else:
        laid = set()
    return bool(laid & set(point.tiles))


class CoachQuestion(DismissOnce, ModalScreen[str]):
    """The coach asks once before a blunder: play it anyway, take it back, or take it
    back and see the hint. Dismissed with ``"play"``, ``"back"`` or ``"hint"``."""

    DEFAULT_CSS = """
    CoachQuestion #coach-question {
        height: auto;
        margin-bottom: 1;
    }
    CoachQuestion #coach-chances {
        height: auto;
        margin-bottom: 1;
        color: $ink-dim;
    }
    """

    BINDINGS = [
        Binding("y", "answer('play')", "Play it", tooltip="Play the move as you chose it"),
        Binding(
            "n,escape",
            "answer('back')",
            "Take it back",
            tooltip="Take the move back and choose again",
        ),
        Binding("h", "answer('hint')", "Hint", tooltip="Take the move back and see the hint"),
    ]

    def __init__(self, question: str, chances: str = "") -> None:
        super().__init__()
        self.question = question
        self.chances = chances

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="coach"):
            yield Static("The coach asks", id="dialog-title")
            yield Static(Text(self.question), id="coach-question")
            if self.chances:
                yield Static(Text(self.chances), id="coach-chances")
            with Horizontal(id="buttons"):
                yield Button("Play it (y)", id="play")
                yield Button("Take it back (n)", id="back", variant="primary")
                yield Button("Hint (h)", id="hint")

    def on_mount(self) -> None:
        self.focus_on("#back")  # not there if a key closed the question as it opened

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "back")
