"""Screens laid over the table: hand over, match over, rules, a yes/no question, too small."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import Rules, describe_hand, tiles
from ...engine.explain import explain
from ...engine.rules import load_variants_noted
from ...table.words import hand_how, match_headline
from ..words import score_text, second_person, target_text

if TYPE_CHECKING:
    from ...table import TableSession


def _hands_text(table: TableSession) -> Text:
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
        t.append(f"{name} ", style="bold")
        t.append(f"{score_text(r, g.scores, side)}   ")
    if g.scores.hanging:
        t.append(f"hanging {g.scores.hanging}   ", style="#f0a050")
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
                bits.append(f"{name} +{held} held")
        if res.hanging_added:
            bits.append(f"{res.hanging_added} hang")
        got = ", ".join(bits)
        parts.append(f"{i}. {how}" + (f" ({got})" if got else ""))
    return "Hands: " + " · ".join(parts) if parts else ""


def _coach_pattern(table: TableSession) -> list[str]:
    """The hand's costly pattern, when the coach is on and one happened (issue 16)."""
    from ..strategy_coach import pattern_text

    pattern = pattern_text(table)
    return [f"• Coach: {pattern}"] if pattern else []


class LearnFromTheHand:
    """Review (``R``) and play the deal again (``a``; ``o`` from the CPU's seat), for the
    hand-over and match-over screens (issue 16): the hand shown is ``table``'s latest."""

    table: TableSession

    def action_review(self) -> None:
        from .review import ReviewScreen, job_of_session

        g = self.table.game
        hands = None if g.is_over else [g.hand_no]
        self.app.push_screen(ReviewScreen(job_of_session(self.table, hands)))  # type: ignore[attr-defined]

    def action_again(self, rotation: int) -> None:
        from ...table.practice import practice_of_game
        from ..messages import PlayDeal

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


class HandOverScreen(LearnFromTheHand, ModalScreen[None]):
    """Both hands shown, the score written with its breakdown in words."""

    BINDINGS = [
        Binding("enter,space,n", "next", "Next hand", key_display="⏎"),
        Binding("R", "review", "Review"),
        Binding("a", "again(0)", "Deal again"),
        Binding("o", "again(1)", "Other seat"),
        Binding("v", "peek", "Look at the table"),
    ]

    def __init__(self, table: TableSession) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        table = self.table
        g = table.game
        res = g.result
        with Vertical(id="dialog", classes="hand-over"):
            yield Static(f"Hand {g.hand_no}: {_how(table)}", id="dialog-title")
            yield Static(_hands_text(table), id="revealed")
            words = describe_hand(table.rules, res, table.side_names) if res else []
            lines = [f"• {second_person(w)}" for w in words] + _coach_pattern(table)
            yield Static(Text("\n".join(lines)), id="breakdown")
            yield Static(_scores_table(table), id="score-table")
            with Horizontal(id="buttons"):
                yield Button("Next hand  ⏎", id="next", variant="primary")
                yield Button("Review (R)", id="review")
                yield Button("Deal again (a)", id="again")
                yield Button(f"{_other_seat(table)} (o)", id="other")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#next", Button).focus()

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


def _other_seat(table: TableSession) -> str:
    return "CPU's seat" if table.rules.players == 2 else "Next seat"


class MatchOverScreen(LearnFromTheHand, ModalScreen[str]):
    """Who won and why, the final scores, the hands played; Rematch, New game, Quit."""

    BINDINGS = [
        Binding("r", "choose('rematch')", "Rematch"),
        Binding("R", "review", "Review"),
        Binding("n", "choose('new')", "New game"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("a", "again(0)", "Deal again"),
        Binding("o", "again(1)", "Other seat"),
    ]

    def __init__(self, table: TableSession) -> None:
        super().__init__()
        self.table = table

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
                yield Static(_hands_text(table), id="revealed")
                yield Static("\n".join(f"• {second_person(w)}" for w in words), id="breakdown")
            yield Static(_scores_table(table), id="score-table")
            played = len(g.results)
            yield Static(
                f"{played} hand{'s' if played != 1 else ''} played (seed {g.seed}). "
                + _hands_played(table),
                id="played",
            )
            with Horizontal(id="buttons"):
                yield Button("Rematch (r)", id="rematch", variant="primary")
                yield Button("Review (R)", id="review")
                yield Button("New game (n)", id="new")
                yield Button("Quit (q)", id="quit", variant="error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rematch", Button).focus()
        for line in _coach_pattern(self.table):  # the last hand's (issue 16): no room inside
            self.notify(line.removeprefix("• Coach: "), title="Coach", timeout=15, markup=False)
        if self.table.game.rules.target == 0 and self.table.autosave_enabled:
            self.look_for_daily()  # the daily deal: this try beside your best (issue 16)

    @work(thread=True, group="daily", exit_on_error=False)
    def look_for_daily(self) -> None:
        from datetime import date

        from ...table.practice import daily_words

        t = self.table
        words = daily_words(t.game, t.info.match_id, date.today())
        if words:
            self.app.call_from_thread(self.query_one("#played", Static).update, Text(words))

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "review":
            event.stop()
            self.action_review()
            return
        self.dismiss(event.button.id)


class RulesScreen(ModalScreen[None]):
    """The rules of this variant in words (``?``)."""

    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        r = self.rules
        with Vertical(id="dialog", classes="rules"):
            # the house's one-line description may no longer hold once options change it
            title = f"{r.name} ({r.house})" if r.house else r.name
            yield Static(Text(title), id="dialog-title")
            with VerticalScroll():
                yield Static(Text("\n\n".join(f"• {p}" for p in explain(r))), id="rules-text")
            yield Static(
                "Keys: ←/→ choose a tile · Enter play · d draw · p pass · "
                "t two doubles · h hint · q quit",
                id="keys",
            )
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="confirm"):
            yield Static(self.question, id="dialog-title")
            with Horizontal(id="buttons"):
                yield Button("Yes (y)", id="yes", variant="error")
                yield Button("No (n)", id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class NewGameScreen(ModalScreen[tuple[str, str] | None]):
    """Pick a house (2-4 players, line or spinner) and a CPU level."""

    BINDINGS = [
        Binding("escape", "cancel", "Back"),
        Binding("l", "level", "CPU level"),
    ]

    def __init__(self, current: str, levels: tuple[str, ...], level: str) -> None:
        super().__init__()
        self.current = current
        self.levels = levels
        self.level = level
        variants, _ = load_variants_noted()  # the start menu says what the file got wrong
        self.variants = {n: r for n, r in variants.items() if r.layout in ("line", "spinner")}

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="new-game"):
            yield Static("New game: choose the house rules", id="dialog-title")
            yield OptionList(
                *[Option(Text(f"{n:<18} {r.description}"), id=n) for n, r in self.variants.items()],
                id="variants",
            )
            yield Static(self._level_text(), id="level")
        yield Footer()

    def _level_text(self) -> str:
        return f"CPU level: [b]{self.level}[/b]  (l to change) · Enter starts"

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        names = list(self.variants)
        if self.current in names:
            ol.highlighted = names.index(self.current)
        ol.focus()

    def action_level(self) -> None:
        i = self.levels.index(self.level) if self.level in self.levels else -1
        self.level = self.levels[(i + 1) % len(self.levels)]
        self.query_one("#level", Static).update(self._level_text())

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss((event.option.id or self.current, self.level))


class TooSmallScreen(Screen[None]):
    """Shown while the terminal is smaller than the table needs."""

    def __init__(self, width: int, height: int, need: tuple[int, int]) -> None:
        super().__init__()
        self.width, self.height, self.need = width, height, need

    def _text(self) -> str:
        return (
            f"The table needs a terminal of at least {self.need[0]}×{self.need[1]}.\n"
            f"This one is {self.width}×{self.height}: make it bigger to play on."
        )

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
