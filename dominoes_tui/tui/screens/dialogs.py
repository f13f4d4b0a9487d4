"""Screens laid over the table: hand over, match over, rules, a yes/no question, too small."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from ... import store
from ...engine import Rules, describe_hand, tiles
from ...engine.explain import explain
from ...table.practice import daily_words, practice_of_game
from ...table.review_job import job_of_session
from ...table.words import (
    COACH_CHOICES,
    COACH_QUESTION,
    NEW_GIVES_UP,
    clock_offer_words,
    hand_how,
    log_entries,
    match_headline,
    place_words,
    resume_question,
)
from .. import strategy_coach
from ..dismiss import DismissOnce
from ..messages import OpenReview, PlayDeal, Quit
from ..widgets.kept import KeptStatic
from ..widgets.keybar import KeyBar
from ..words import saved_summary, score_text, second_person, target_text

if TYPE_CHECKING:
    from ...table import TableSession


def hands_text(table: TableSession) -> Text:
    g = table.game
    t = Text()
    res = g.result
    for seat, name in enumerate(table.names):
        mask = g.hands[seat]
        t.append(f"{name:>4}: ", style="bold")
        if mask:
            for tile in tiles.bits(mask):
                t.append(f" {tiles.name(tile)} ", style="#1d1a14 on #f3ecd8")
                t.append(" ")
        else:
            t.append("went out", style="italic")
        if res is not None:
            t.append(f"  counts {res.counted[seat]}", style="bold")
            if table.rounds:  # the running total, lowest wins (R-TR-5, R-CF-5)
                t.append(f", total {g.scores.written[seat]}")
        if seat < len(table.names) - 1:
            t.append("\n")
    return t


def _how(table: TableSession) -> str:
    return hand_how(table.game.result, table.names)


def _scores_table(table: TableSession) -> Text:
    g, r = table.game, table.rules
    t = Text()
    t.append("Score  ", style="bold #d9b24a")
    for side, name in enumerate(table.side_names):
        if side and side % 4 == 0:  # four sides a line: a side is never cut in two
            t.append("\n       ")
        elif side:
            t.append(" · ", style="dim")
        t.append(f"{name}: ", style="bold")  # "CPU 1: 0", never "CPU 1 0"
        t.append(score_text(r, g.scores, side))
    t.append("\n       " if len(table.side_names) > 4 else "   ")
    if g.scores.hanging:
        t.append(f"hanging {g.scores.hanging}   ", style="#f0a050")
    if table.rounds:  # R-TR-5, R-CF-5: penalties
        t.append("lowest total wins", style="dim")
        return t
    t.append(f"target {target_text(r)}", style="dim")
    return t


def _hands_played(table: TableSession) -> str:
    """One short entry per hand: who went out (or blocked) and what each side wrote."""
    parts = []
    for i, res in enumerate(table.game.results, 1):
        how = "blocked" if res.kind == "blocked" else f"{table.side_names[res.winner_side]} out"
        bits = []
        for s, name in enumerate(table.side_names):
            wrote = res.after.written[s] - res.before.written[s]
            held = res.after.held[s] - res.before.held[s]
            if wrote:
                bits.append(f"{name} {wrote:+d}")
            elif held > 0:
                bits.append(f"{name} {held} held")
        if res.hanging_added:
            bits.append(f"{res.hanging_added} hang")
        got = ", ".join(bits)
        parts.append(f"{i}. {how}" + (f" ({got})" if got else ""))
    head = "Rounds: " if table.rounds else "Hands: "
    return head + " · ".join(parts) if parts else ""


ROOM_FOR_THE_COACH = 30
"""Rows the match-over screen needs to name the last hand's costly pattern inside its box
(with fewer it is left out: the box fills a 24-row terminal already, and the coach never
speaks over a dialog; the hand-over screen named it)."""


def _coach_pattern(table: TableSession) -> list[str]:
    """The hand's costly pattern, when the coach is on and one happened."""
    pattern = strategy_coach.pattern_text(table)
    return [f"• Coach: {pattern}"] if pattern else []


class LearnFromTheHand:
    """Review (``R``) and play the deal again (``a``; ``o`` from the CPU's seat), for the
    hand-over and match-over screens: the hand shown is ``table``'s latest."""

    table: TableSession

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The review and practice deals judge the line games, not Mexican Train or Chicken Foot.
        if action in ("review", "again") and self.table.rounds:
            return False
        return True

    def action_review(self) -> None:
        g = self.table.game
        hands = None if g.is_over else [g.hand_no]
        self.app.post_message(OpenReview(job_of_session(self.table, hands)))  # type: ignore[attr-defined]

    def action_again(self, rotation: int) -> None:
        t = self.table
        try:
            p = practice_of_game(
                t.game,
                t.game.hand_no,
                rotation,
                level=t.level,
                name=t.name,
                names=(t.names[0], t.seat_name(1), *t.names[2:]),
            )
        except ValueError as e:
            self.notify(f"This hand cannot be dealt again: {e}.", markup=False)  # type: ignore[attr-defined]
            return
        self.app.post_message(PlayDeal(p))  # type: ignore[attr-defined]


class HandOverScreen(LearnFromTheHand, DismissOnce, ModalScreen[None]):
    """Both hands shown, the score written with its breakdown in words."""

    BINDINGS = [
        Binding(
            "enter,space,n", "next", "Next hand", key_display="⏎", tooltip="Deal the next hand"
        ),
        Binding("R", "review", "Review", tooltip="Expert judges your moves in this match"),
        Binding(
            "a", "again(0)", "Deal again", tooltip="Play the same deal again from the same seat"
        ),
        Binding(
            "o", "again(1)", "Other seat", tooltip="Play the same deal again from the other seat"
        ),
        Binding(
            "v",
            "peek",
            "Look at the table",
            tooltip="Hide this box and look at the table as it ended",
        ),
    ]

    def __init__(self, table: TableSession) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        table = self.table
        g = table.game
        res = g.result
        with Vertical(id="dialog", classes="hand-over"):
            word = "Round" if table.rounds else "Hand"
            yield Static(f"{word} {g.hand_no}: {_how(table)}", id="dialog-title")
            yield Static(hands_text(table), id="revealed")
            words = describe_hand(table.rules, res, table.side_names) if res else []
            if table.rounds:  # each hand's pips and the totals are shown just above/below
                words = words[:1]
            lines = [f"• {second_person(w)}" for w in words] + _coach_pattern(table)
            yield Static(Text("\n".join(lines)), id="breakdown")
            yield Static(_scores_table(table), id="score-table")
            with Horizontal(id="buttons"):
                if table.rounds:  # the review and practice deals judge the line games
                    yield Button("Next round  ⏎", id="next", variant="primary")
                else:
                    yield Button("Next hand  ⏎", id="next", variant="primary")
                    yield Button("Review (R)", id="review")
                    yield Button("Deal again (a)", id="again")
                    yield Button(f"{_other_seat(table)} (o)", id="other")
        yield KeyBar()

    def on_mount(self) -> None:
        self.focus_on("#next")

    def action_next(self) -> None:
        self.dismiss(None)

    def action_peek(self) -> None:
        """Hide the score for a moment to look at the final line (v again shows it)."""
        self.toggle_class("-peek")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "review":
            self.action_review()
        elif event.button.id in ("again", "other"):
            self.action_again(0 if event.button.id == "again" else 1)
        else:
            self.dismiss(None)


class RoundOverScreen(HandOverScreen):
    """Mexican Train and Chicken Foot: the same, between rounds."""

    BINDINGS = [
        Binding(
            "enter,space,n", "next", "Next round", key_display="⏎", tooltip="Deal the next round"
        ),
        Binding(
            "v",
            "peek",
            "Look at the table",
            tooltip="Hide this box and look at the table as it ended",
        ),
    ]


def _other_seat(table: TableSession) -> str:
    return "CPU's seat" if table.rules.players == 2 else "Next seat"


class MatchOverScreen(LearnFromTheHand, DismissOnce, ModalScreen[str]):
    """Who won and why, the final scores, the hands played; Rematch, New game, Quit."""

    DEFAULT_CSS = """
    MatchOverScreen.-peek {
        background: transparent;
    }
    MatchOverScreen.-peek #dialog {
        display: none;
    }
    """

    BINDINGS = [
        Binding(
            "r", "choose('rematch')", "Rematch", tooltip="Play the same house and opponent again"
        ),
        Binding(  # said in the dialog (#clock-offer) where it applies: the key line is full
            "c",
            "clock",
            "With clock",
            tooltip="Rematch with a clock (after a match without one)",
            show=False,
        ),
        Binding("R", "review", "Review", tooltip="Expert judges your moves in this match"),
        Binding("n", "choose('new')", "New game", tooltip="Choose a house and start a new match"),
        Binding("q", "choose('quit')", "Quit", tooltip="Quit the program"),
        Binding(
            "a", "again(0)", "Deal again", tooltip="Play the same deal again from the same seat"
        ),
        Binding(
            "o", "again(1)", "Other seat", tooltip="Play the same deal again from the other seat"
        ),
        Binding(
            "v",
            "peek",
            "Table",  # the footer's room at 80 columns
            tooltip="Hide this box and look at the table as it ended",
        ),
    ]

    AGAIN = "Rematch (r)"
    """The button that plays again (its key is ``r``)."""

    def __init__(self, table: TableSession) -> None:
        super().__init__()
        self.table = table

    @staticmethod
    def for_table(table: TableSession) -> MatchOverScreen:
        """The match-over screen for ``table``: the daily deal's offers another try."""
        return DailyOverScreen(table) if table.daily is not None else MatchOverScreen(table)

    def headline(self) -> tuple[str, str]:
        t = self.table
        return match_headline(t.rules, t.game.match_result, t.side_names, t.cpu.name)

    def compose(self) -> ComposeResult:
        table = self.table
        g = table.game
        title, why = self.headline()
        with Vertical(id="dialog", classes="match-over"):
            yield Static(Text(title), id="dialog-title")
            yield Static(Text(why), id="why")
            if g.result is not None and g.results and g.results[-1] is g.result:
                words = describe_hand(table.rules, g.result, table.side_names)
                if table.rounds:  # each hand's pips and the totals are shown beside
                    words = words[:1]
                lines = [f"• {second_person(w)}" for w in words]
                if self.app.size.height >= ROOM_FOR_THE_COACH:  # else left out (no room)
                    lines += _coach_pattern(table)
                yield Static(hands_text(table), id="revealed")
                yield Static(Text("\n".join(lines)), id="breakdown")
            yield Static(_scores_table(table), id="score-table")
            played = len(g.results)
            yield Static(
                f"{played} {'round' if table.rounds else 'hand'}{'s' if played != 1 else ''}"
                f" played (seed {g.seed}). " + _hands_played(table),
                id="played",
            )
            # casual: said now; rated: filled once the match is recorded (rating_words)
            yield Static(Text("" if table.practice else table.casual_words()), id="rating")
            if table.clock_offered:  # a match without the clock: the rematch offers it
                yield Static(Text(clock_offer_words(table.next_rules)), id="clock-offer")
            with Horizontal(id="buttons"):
                yield Button(self.AGAIN, id="rematch", variant="primary")
                if not table.rounds:
                    yield Button("Review (R)", id="review")
                yield Button("New game (n)", id="new")
                yield Button("Quit (q)", id="quit", variant="error")
        yield KeyBar()

    def on_mount(self) -> None:
        self.focus_on("#rematch")
        t = self.table
        casual = t.practice or t.casual_reason is not None
        self.query_one("#rating", Static).display = casual and not t.practice
        if t.game.rules.target == 0 and t.autosave_enabled:
            self.look_for_daily()  # the daily deal: this try beside your best
        if not casual:
            self.look_for_rating()

    @work(thread=True, group="rating", exit_on_error=False)
    def look_for_rating(self) -> None:
        """How the rating moved (the history is read once the match is recorded)."""
        words = self.table.rating_words()
        if words:
            self.app.call_from_thread(self.show_rating, words)

    def show_rating(self, words: str) -> None:
        line = self.query_one("#rating", Static)
        line.update(Text(words))
        line.display = True

    @work(thread=True, group="daily", exit_on_error=False)
    def look_for_daily(self) -> None:
        from datetime import date

        t = self.table
        words = daily_words(t.game, t.info.match_id, date.today())
        if words:
            self.app.call_from_thread(self.query_one("#played", Static).update, Text(words))

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "clock":  # only after a match the clock was offered for
            return self.table.clock_offered
        return super().check_action(action, parameters)

    def action_clock(self) -> None:
        """The rematch with the house's clock (this match had none)."""
        if self.table.clock_offered:
            self.dismiss("rematch-clock")

    def on_click(self, event: events.Click) -> None:
        if event.widget is not None and event.widget.id == "clock-offer":  # its words, clicked
            self.action_clock()

    def action_peek(self) -> None:
        """Hide the result for a moment to look at the last move on the table (v again
        shows it), as between hands."""
        self.toggle_class("-peek")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "review":
            event.stop()
            self.action_review()
            return
        self.dismiss(event.button.id)


class DailyOverScreen(MatchOverScreen):
    """The daily deal's result: "Try again" deals the same daily once more (another try,
    counted with the others in the history); the saved match is left as it was."""

    BINDINGS = [
        Binding(
            "r", "choose('rematch')", "Try again", tooltip="Today's deal again, counted as a try"
        )
    ]
    AGAIN = "Try again (r)"


class RulesScreen(DismissOnce, ModalScreen[None]):
    """The rules of this variant in words (``?``)."""

    BINDINGS = [
        Binding("escape,question_mark,q", "close", "Close", tooltip="Close the rules and go back")
    ]

    def __init__(self, rules: Rules, keys: list[tuple[str, str]] | None = None) -> None:
        """``keys``: the keys that apply at the table now, and what each does."""
        super().__init__()
        self.rules = rules
        self.keys = keys

    def compose(self) -> ComposeResult:
        r = self.rules
        with Vertical(id="dialog", classes="rules"):
            # the house's one-line description may no longer hold once options change it
            yield Static(Text(r.name), id="dialog-title")
            with VerticalScroll():
                yield Static(Text("\n\n".join(f"• {p}" for p in explain(r))), id="rules-text")
            if self.keys is None:
                keys = (
                    "Keys: ←/→ choose a tile · Enter play · d draw · p pass · "
                    "t two doubles · h hint · q quit"
                )
            else:
                keys = "Keys now: " + " · ".join(f"{k} {what}" for k, what in self.keys)
            yield Static(Text(keys), id="keys")
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmScreen(DismissOnce, ModalScreen[bool]):
    """A yes/no question."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", tooltip="Answer yes"),
        Binding("n,escape", "answer(False)", "No", tooltip="Answer no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="confirm"):
            yield Static(Text(self.question), id="dialog-title")
            with Horizontal(id="buttons"):
                yield Button("Yes (y)", id="yes", variant="error")
                yield Button("No (n)", id="no", variant="primary")

    def on_mount(self) -> None:
        self.focus_on("#no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class ResumeOrNewScreen(DismissOnce, ModalScreen[str | None]):
    """A match is saved and a new one is about to start: resume it, or start anew?

    Dismissed with ``"resume"``, ``"new"``, or None (Esc: back, or quit where there is
    nothing to go back to).
    """

    BINDINGS = [
        Binding(
            "r", "answer('resume')", "Resume", tooltip="Continue the saved match where you left it"
        ),
        Binding(
            "n",
            "answer('new')",
            "New game",
            tooltip="Start a new match (the saved one is given up: recorded as abandoned)",
        ),
        Binding("escape", "back", "Back", tooltip="Back to the start menu"),
        Binding(
            "escape", "leave", "Quit", tooltip="Quit the program"
        ),  # nothing to go back to (dominoes play)
    ]

    def __init__(self, summary: str, back: str = "Back") -> None:
        """``summary``: what the saved match is (``the classic match, You 34 – CPU 51,
        hand 4``); ``back``: what Esc does here (``"Back"``, or ``"Quit"`` when the
        program was started for a new table)."""
        super().__init__()
        self.summary = summary
        self.back = back

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="resume-or-new"):
            yield KeptStatic(Text(resume_question(self.summary)), id="dialog-title")
            yield Static(NEW_GIVES_UP, id="resume-note")
            with Horizontal(id="buttons"):
                yield Button("Resume (r)", id="resume", variant="primary")
                yield Button("New game (n)", id="new")
                yield Button(f"{self.back} (Esc)", id="back")
        yield KeyBar()

    def on_mount(self) -> None:
        self.focus_on("#resume")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("back", "leave"):  # Esc goes back, or quits: one of the two
            return (action == "back") == (self.back == "Back")
        return True

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)

    def action_back(self) -> None:
        self.dismiss(None)

    def action_leave(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None if event.button.id == "back" else event.button.id)


class OtherWindowScreen(DismissOnce, ModalScreen[str | None]):
    """Another dominoes window has its table open on this home folder: watch its match
    here, go back to the menu (rules, how to play, statistics still work), or quit.

    Dismissed with ``"watch"``, ``"quit"``, or None (back).
    """

    BINDINGS = [
        Binding(
            "w", "answer('watch')", "Watch", tooltip="Watch the match open in the other window"
        ),
        Binding("escape,b", "answer(None)", "Back", tooltip="Back to the start menu"),
        Binding("q", "answer('quit')", "Quit", tooltip="Quit the program"),
    ]

    def __init__(self, problem: str) -> None:
        """``problem``: the lock's sentence (which window, what to do there)."""
        super().__init__()
        self.problem = problem

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="resume-or-new"):
            yield Static(Text(self.problem), id="dialog-title")
            yield Static(
                "Watch follows that match here as it is played. Back keeps this menu for "
                "the rules, how to play and your statistics.",
                id="resume-note",
            )
            with Horizontal(id="buttons"):
                yield Button("Watch (w)", id="watch", variant="primary")
                yield Button("Back (Esc)", id="back")
                yield Button("Quit (q)", id="quit")
        yield KeyBar()

    def on_mount(self) -> None:
        self.focus_on("#watch")

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None if event.button.id == "back" else event.button.id)


class WatchScreen(DismissOnce, ModalScreen[None]):
    """The match open in another window, as its save shows it, read again every few
    seconds: the score, the hand, the last moves. Read only: its save is never moved or
    written, and no hand but yours is shown. Esc goes back."""

    DEFAULT_CSS = """
    #dialog.watch {
        width: 76;
    }
    #watch-text {
        width: 1fr;
        height: auto;
        padding: 0 1;
    }
    """
    BINDINGS = [Binding("escape,q,b", "close", "Back", tooltip="Stop watching and go back")]
    EVERY = 2.0
    """Seconds between two looks at the other window's save."""
    MOVES = 10

    def __init__(self) -> None:
        super().__init__()
        self.said = ""
        self.closed_there = False
        """The other window let its table go (quit): its match is saved for Continue."""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="watch"):
            yield Static("Watching the match in the other window", id="dialog-title")
            yield KeptStatic(Text("Reading its save…"), id="watch-text")
        yield KeyBar()

    def on_mount(self) -> None:
        if not self.is_active:
            return
        self.look()
        self.set_interval(self.EVERY, self.look)

    def look(self) -> None:
        self.run_worker(self._read, thread=True, group="watch", exclusive=True)

    def _read(self) -> None:
        """Off the UI thread: the save's bytes, checked and replayed without touching it."""
        lock = store.table_lock()
        free = lock.acquire()
        if free and not lock.held:  # could not lock at all (read-only home): as held
            free = False
        elif free:
            lock.release()  # only looked: the table is not ours to open here
        try:
            raw = store.autosave_path().read_bytes()
        except OSError:
            res = None
        else:
            from ...store.saves import restore  # start-up speed: the saves load the CPU players

            res = restore(raw)
        self.app.call_from_thread(self._show, res, free)

    def _show(self, res: object, free: bool) -> None:
        if not self.is_mounted or self not in self.app.screen_stack:
            return
        t = Text()
        saved = getattr(res, "saved", None)
        if saved is None:
            t.append("Nothing saved there yet: the match has not started.", "italic")
        else:
            summary = saved_summary(saved)
            t.append(summary[0].upper() + summary[1:], "bold")
            g = saved.game
            names = saved.info.names
            where = place_words(g, names)  # the trains' and the foot's places, by name
            lines = [e.text for e in log_entries(g.events, names, g.hand_no, where)]
            lines = lines[-self.MOVES :]
            t.append("\n\n")
            dealt = "round" if g.rules.is_rounds else "hand"
            t.append("\n".join(lines) if lines else f"The {dealt} has just been dealt.")
        if free:
            self.closed_there = True
            t.append("\n\nThe other window has closed its table", "bold #ffe9a8")
            t.append(
                ": its match is saved, and Continue on the menu picks it up."
                if saved is not None
                else "."
            )
        if t.plain != self.said:
            self.said = t.plain
            self.query_one("#watch-text", KeptStatic).keep(t)

    def action_close(self) -> None:
        self.dismiss(None)


class CoachOfferScreen(DismissOnce, ModalScreen[str]):
    """Asked once, over the first table: which coach, if any? Dismissed with the
    Coach setting's level (:data:`dominoes_tui.store.player.LEVELS`): ``"auto"`` (the
    guide for the first matches, then tips), ``"tips"`` or ``"off"``."""

    BINDINGS = [
        Binding("g", "answer('auto')", "Guide", tooltip="The tiles that fit and why, and tips"),
        Binding("t", "answer('tips')", "Tips", tooltip="A tip a hand, a question before a blunder"),
        Binding("n,escape", "answer('off')", "No thanks", tooltip="Play without the coach"),
    ]
    ANSWERS = {"guide": "auto", "tips": "tips", "no": "off"}
    DEFAULT_CSS = """
    CoachOfferScreen #dialog {
        width: 76;
    }
    CoachOfferScreen #coach-choices {
        height: auto;
        margin-bottom: 1;
        color: #9fb8ab;
    }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="coach-offer"):
            yield Static(COACH_QUESTION, id="dialog-title")
            yield Static(COACH_CHOICES, id="coach-choices")
            with Horizontal(id="buttons"):
                yield Button("Guide (g)", id="guide", variant="primary")
                yield Button("Tips (t)", id="tips")
                yield Button("No thanks (n)", id="no")

    def on_mount(self) -> None:
        self.focus_on("#guide")

    def action_answer(self, level: str) -> None:
        self.dismiss(level)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(self.ANSWERS.get(event.button.id or "", "off"))


class TooSmallScreen(Screen[None]):
    """Shown while the terminal is smaller than the table needs; q or Esc quits."""

    BINDINGS = [Binding("q,escape", "leave", "Quit", tooltip="Quit the program (a match is saved)")]

    def __init__(self, width: int, height: int, need: tuple[int, int], saved: bool = False) -> None:
        """``saved``: an unfinished match is at the table (and saved: said)."""
        super().__init__()
        self.width, self.height, self.need = width, height, need
        self.saved = saved

    def _text(self) -> str:
        leave = "q or Esc quits" + (" (the match is saved)." if self.saved else ".")
        return (
            f"The table needs a terminal of at least {self.need[0]}×{self.need[1]}.\n"
            f"This one is {self.width}×{self.height}: make it bigger to play on.\n"
            f"{leave}"
        )

    def action_leave(self) -> None:
        self.app.post_message(Quit())

    def compose(self) -> ComposeResult:
        yield Static(self._text(), id="too-small")

    def on_screen_resume(self) -> None:
        w, h = self.app.size
        if w >= self.need[0] and h >= self.need[1]:
            self.app.pop_screen()  # the terminal grew while another screen was on top

    def show(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        if self.is_mounted:
            self.query_one("#too-small", Static).update(self._text())
