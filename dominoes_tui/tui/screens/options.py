"""Table options: every optional setting of a house as a control, then Start.

The player's own settings (pace, tiles, coach, the bell, the theme…) are not a house's:
they are on the Settings screen (:mod:`.settings`); the Coach is shown here too, last, as
the same setting in the same words (:mod:`.coach_row`).

The controls, their choices and their explanations come from
:mod:`dominoes_tui.options` (the variant's ``options`` in ``variants.toml``);
whether a combination plays is the engine's answer (``check_choices``). The
screen only shows them and keeps what the person picked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Static

from ... import options, store
from ...engine import Rules
from ...store import rating
from ...store.player import load_player
from ...table.words import COACH_RATED
from ..dismiss import DismissOnce
from ..messages import SettingsChanged
from ..widgets.keybar import KeyBar
from .coach_row import (
    COACH_HELP,
    COACH_KEY,
    COACH_LABEL,
    coach_choices,
    coach_value,
    coach_words,
    keep_coach,
)
from .dialogs import ConfirmScreen

LABEL_WIDTH = 18
YOURS = "Yours, at every house"
"""The heading of the player's own setting shown here too (the Coach)."""
ROOMY = 30
"""From this many rows up, each setting shows its explanation under it (else the
focused one's shows in the help line)."""


@dataclass(frozen=True)
class Chosen:
    """What the options screen hands back: the rules to play and the CPU level."""

    rules: Rules
    level: str
    name: str = "CPU"
    """The opponent's name (its level shows beside it at the table)."""
    next_rules: Rules | None = None
    """The rematch's rules, when they differ: a newcomer's untimed first match is
    followed by the clock it would have had."""


class ChoiceRow(Widget, can_focus=True):
    """One setting: ``Label   ◀ value ▶``; ←/→ (or a click) changes it."""

    ID_PREFIX = "opt"
    """The row's id is ``{ID_PREFIX}-{key}`` (the Settings screen's rows: ``setting-``)."""

    DEFAULT_CSS = """
    ChoiceRow {
        height: 1;
        width: 1fr;
        padding: 0 1;
    }
    ChoiceRow:focus {
        background: $felt-edge;
    }
    """

    BINDINGS = [
        Binding(
            "left", "step(-1)", "Change", key_display="←→", tooltip="Change the highlighted option"
        ),
        Binding("right", "step(1)", "Change", show=False),
        Binding("up", "app.focus_previous", "Move", show=False),
        Binding("down", "app.focus_next", "Move", show=False),
    ]

    def __init__(
        self,
        key: str,
        label: str,
        help_text: str,
        choices: tuple[Any, ...],
        value: Any,
        describe: Any = str,
        custom: bool = False,
        on_change: Callable[[ChoiceRow], None] | None = None,
    ) -> None:
        """``on_change`` is called at once (not by a message) so the screen's
        verdict is up to date as soon as the key is handled. The row's id is
        ``{ID_PREFIX}-{key}``."""
        super().__init__(id=f"{self.ID_PREFIX}-{key}")
        self.on_change = on_change
        self.key = key
        self.label = label
        self.help_text = help_text
        self.choices = choices
        self.value = value
        self.describe = describe
        self.custom = custom
        """``+``/``-`` step the value by one (a custom clock)."""

    def render(self) -> Text:
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f"{self.label:<{LABEL_WIDTH}}", style="bold" if self.has_focus else "")
        t.append("◀ ", style="#d9b24a")
        t.append(self.describe(self.value), style="bold #ffe9a8")
        t.append(" ▶", style="#d9b24a")
        if self.value not in self.choices:
            t.append("  (custom)", style="dim")
        if self.size.height >= 2:  # a roomy screen: the explanation under the setting
            t.append(f"\n  {self.help_text}", style="#9fb8ac")
        return t

    def set_value(self, value: Any) -> None:
        self.value = value
        self.refresh()
        if self.on_change is not None:
            self.on_change(self)

    def action_step(self, delta: int) -> None:
        numbers = all(type(c) is int for c in (*self.choices, self.value))
        if self.value in self.choices:
            i = (self.choices.index(self.value) + delta) % len(self.choices)
        elif not numbers:  # an unlisted value that has no order: to the first listed one
            i = 0
        elif delta > 0:  # a custom value: to the next listed one
            i = next((n for n, c in enumerate(self.choices) if c > self.value), 0)
        else:
            i = max((n for n, c in enumerate(self.choices) if c < self.value), default=0)
        self.set_value(self.choices[i])

    def on_key(self, event: events.Key) -> None:
        if self.custom and event.character in ("+", "-"):
            event.stop()
            self.set_value(options.step_clock(self.value, 1 if event.character == "+" else -1))

    def on_click(self, event: events.Click) -> None:
        self.focus()
        self.action_step(1)


class OptionsScreen(DismissOnce, Screen[Chosen | None]):
    """The table options of one house: Match, House rules, Time, Opponent; Start."""

    DEFAULT_CSS = """
    OptionsScreen {
        background: $felt;
        color: $ink;
        align: center top;
    }
    OptionsScreen #options-box {
        width: 96;
        max-width: 100%;
        height: 1fr;
        background: $box;
        border: round $gold;
        border-title-color: $cream;
        border-title-style: bold;
        padding: 0 1;
    }
    OptionsScreen #house {
        height: auto;
        color: $ink-soft;
    }
    OptionsScreen #controls {
        height: 1fr;
        scrollbar-size-vertical: 1;
    }
    OptionsScreen .group {
        height: 1;
        color: $gold;
        text-style: bold;
    }
    OptionsScreen #help {
        height: 2;
        color: $cream;
        background: $bar;
        padding: 0 1;
    }
    OptionsScreen.-roomy ChoiceRow {
        height: 2;
    }
    OptionsScreen.-roomy #help {
        display: none;
    }
    OptionsScreen #summary {
        height: auto;
        color: $ink-soft;
    }
    OptionsScreen #refused {
        height: auto;
        color: $bad;
        text-style: bold;
    }
    OptionsScreen #option-buttons {
        height: 3;
        align: center middle;
    }
    OptionsScreen #option-buttons Button {
        margin: 0 1;
        min-width: 12;
    }
    """

    BINDINGS = [
        Binding("up", "focus_previous", "Move", key_display="↑↓", show=False),
        Binding("down", "focus_next", "Move", show=False),
        Binding("s", "start", "Start", tooltip="Start the match with these options"),
        Binding("x", "reset", "Reset", tooltip="Put every option back to the house's own"),
        Binding("escape", "back", "Back", tooltip="Back to the start menu (the options are kept)"),
    ]

    def __init__(
        self,
        base: Rules,
        levels: tuple[str, ...],
        level: str | None = None,
        first_match: bool | None = None,
    ) -> None:
        """``base``: the house's own rules; the remembered choices are laid over them.
        ``first_match``: a newcomer's (None: no finished match in the history): the clock
        and the turn limit are off unless the person sets them, and that "off" is not
        remembered, so the house's clock is the default from the next match on."""
        super().__init__()
        self.base = base
        self.levels = levels
        self.controls = options.controls_for(base)
        remembered = options.remembered_rules(base)
        self.choices: dict[str, Any] = {
            c.key: remembered.option_value(c.key) for c in self.controls
        }
        for c in self.controls:  # a remembered custom value joins the control's choices
            self.choices.setdefault(c.key, base.option_value(c.key))
        self.notes: list[str] = []
        """What was remembered but no longer fits this house (said once the screen shows)."""
        kept = options.load_remembered(base.name)
        for c in self.controls:
            value = kept.get(c.key, self.choices[c.key])
            if c.key not in kept or options.still_offered(base, c.key, value):
                continue
            # the player's variants.toml no longer lists it: the house's own value
            house = base.option_value(c.key)
            self.choices[c.key] = house
            try:
                said = c.choice_label(value)
            except Exception:  # noqa: BLE001 - options.json holds anything: say it as it is
                said = repr(value)
            self.notes.append(
                f"{c.label}: {said[:40]} is no longer offered by this house; "
                f"its {c.choice_label(house)} is set."
            )
        if first_match is None:
            first_match = not store.played_a_match()
        self.untimed: set[str] = set()
        """The timing keys set off for a newcomer's first match (until the person sets
        them): not remembered."""
        self.later: dict[str, Any] = {}
        """What those keys were before (the house's, or the player's clock from
        Settings): the next match's, and the rematch's."""
        if first_match:
            remembered_keys = options.load_remembered(base.name)
            for key in options.TIMING_KEYS:
                if key in self.choices and key not in remembered_keys and self.choices[key]:
                    self.later[key] = self.choices[key]
                    self.choices[key] = 0
                    self.untimed.add(key)
        kept = options.remembered_level(base.name)
        self.level = kept if kept in levels else (level if level in levels else levels[0])
        coach = load_player()
        self.coached = coach.asked and coach.tips
        """The coach (Guide or Tips) will be on at the table (not at trains or feet, where
        it does not speak): the match is casual then."""
        self.cpu_name = options.remembered_name(base.name) or options.CPU_NAMES[0]

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        box = Vertical(id="options-box")
        box.border_title = Text(f"Table options: {self.base.name}")  # a file's name: no markup
        with box:
            yield Static(Text(self.base.description), id="house")
            with VerticalScroll(id="controls", can_focus=False):
                for group in options.GROUPS:
                    rows = [c for c in self.controls if c.group == group]
                    if group == "Opponent" or rows:
                        yield Static(group, classes="group")
                    for c in rows:
                        yield ChoiceRow(
                            c.key,
                            c.label,
                            c.help
                            + (" +/- sets a custom time." if c.key == "clock_minutes" else ""),
                            c.choices,
                            self.choices[c.key],
                            describe=c.choice_label,
                            custom=c.key == "clock_minutes",
                            on_change=self.row_changed,
                        )
                    if group == "Opponent":
                        yield ChoiceRow(
                            options.LEVEL_KEY,
                            "CPU level",
                            f"How strongly the CPU plays: {', '.join(self.levels)}.",
                            self.levels,
                            self.level,
                            describe=self.level_words,
                            on_change=self.row_changed,
                        )
                        # one opponent: its name; 3-4 seats are named by where they sit
                        yield ChoiceRow(
                            options.NAME_KEY,
                            "Name",
                            "What your opponent is called at the table; its level shows beside it.",
                            options.CPU_NAMES,
                            self.cpu_name,
                            on_change=self.row_changed,
                        )
                # the player's own Coach setting, as on the Settings screen (every house)
                yield Static(YOURS, classes="group")
                yield ChoiceRow(
                    COACH_KEY,
                    COACH_LABEL,
                    COACH_HELP,
                    coach_choices(),
                    coach_value(),
                    describe=coach_words,
                    on_change=self.row_changed,
                )
            yield Static(id="help")
            yield Static(id="summary")
            yield Static(id="refused")
            with Horizontal(id="option-buttons"):
                yield Button("Start (s)", id="start", variant="primary")
                yield Button("Reset to the house's rules (x)", id="reset")
                yield Button("Back (Esc)", id="back")
        yield KeyBar()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.height >= ROOMY, "-roomy")

    def on_mount(self) -> None:
        self.set_class(self.app.size.height >= ROOMY, "-roomy")
        rows = list(self.query(ChoiceRow))
        if rows:
            rows[0].focus()
        self.update_state()
        for note in self.notes:
            self.notify(note, title="Table options", timeout=10, markup=False)

    # ------------------------------------------------------------ state
    @property
    def reason(self) -> str | None:
        """Why these choices cannot be played (the engine's words), or None."""
        return options.check_choices(self.base, self.choices)

    @property
    def rules(self) -> Rules:
        """The rules these choices make (only when ``reason`` is None)."""
        return options.apply_choices(self.base, self.choices)

    @property
    def players(self) -> int:
        """The players these choices seat (the house's, unless Players changes it)."""
        return int(self.choices.get("players", self.base.players))

    @property
    def house_rules(self) -> Rules:
        """The house as chosen so far (F1 explains it)."""
        return self.rules if self.reason is None else self.base

    def level_words(self, level: str) -> str:
        """``Hard · about 1450``: the level and its rating in the family of these rules."""
        family = rating.family_of(self.house_rules)
        words = rating.shipped_levels().words(level, family) if family else ""
        return f"{level.capitalize()} · {words}" if words else level.capitalize()

    def rated_words(self) -> str:
        """``Rated match.`` or ``Casual: <why>.`` for these choices, before the first move."""
        levels = rating.shipped_levels()
        coach_on = self.coached and not self.rules.is_rounds
        why = rating.casual_reason(self.rules, self.level, self.base, coach_on=coach_on)
        if why is None and levels.problem:
            return levels.problem
        if why == rating.COACH_ON:  # how to play a rated match
            return f"Casual: {why}. {COACH_RATED}"
        return rating.rated_words(why) + "."

    def update_state(self) -> None:
        # with 3-4 players the seats are named East, North, West: no name to choose
        for row in self.query(ChoiceRow):
            if row.key == options.NAME_KEY:
                row.display = self.players == 2
            elif row.key == options.LEVEL_KEY:
                row.refresh()  # its rating is the family's of these rules
        why = self.reason
        start = self.query_one("#start", Button)
        start.disabled = why is not None
        self.query_one("#refused", Static).update(Text(f"Cannot start: {why}" if why else ""))
        if why is None:
            timed = {k: self.later[k] for k in self.untimed}
            later = options.apply_choices(self.rules, timed)
            words = options.summary(later, self.base)
            summary = (
                Text.assemble(("Differs from the house: ", "bold"), words)
                if words != "the house's own rules"
                else Text("The house's own rules.", style="italic")
            )
            if self.untimed:  # a newcomer's first match: said once, not as a difference
                summary.append(" " + options.first_match_words(self.base, later), style="#cfe0d6")
            summary.append(" " + self.rated_words(), style="bold #cfe0d6")
            self.query_one("#summary", Static).update(summary)
        else:
            self.query_one("#summary", Static).update("")
        self.show_help()

    def show_help(self) -> None:
        row = self.focused if isinstance(self.focused, ChoiceRow) else None
        text = (
            row.help_text
            if row
            else "↑/↓ choose a setting, ←/→ change it, s starts, x resets to the house's "
            "rules, Esc goes back."
        )
        self.query_one("#help", Static).update(text)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.show_help()

    def row_changed(self, row: ChoiceRow) -> None:
        if row.key == COACH_KEY:  # the player's, kept at once (as on the Settings screen)
            keep_coach(row.value)
            self.app.post_message(SettingsChanged(COACH_KEY))
            return
        if row.key == options.LEVEL_KEY:
            self.level = row.value
        elif row.key == options.NAME_KEY:
            self.cpu_name = row.value
        else:
            self.untimed.discard(row.key)  # the person's own choice now: remembered
            self.choices = options.choose(self.base, self.choices, row.key, row.value)
            for other in self.query(ChoiceRow):  # a setting that follows (R-D-4)
                if other is not row and other.key in self.choices:
                    if other.value != self.choices[other.key]:
                        other.value = self.choices[other.key]
                        other.refresh()
        self.update_state()

    # ------------------------------------------------------------ actions
    def action_start(self) -> None:
        if self.reason is not None:
            self.app.bell()
            return
        kept = {k: v for k, v in self.choices.items() if k not in self.untimed}
        options.remember(self.base.name, kept, level=self.level, name=self.cpu_name)
        timed = {k: self.later[k] for k in self.untimed}
        later = options.apply_choices(self.rules, timed) if timed else None
        self.dismiss(Chosen(self.rules, self.level, self.cpu_name, next_rules=later))

    def action_reset(self) -> None:
        """Reset to the house's rules, asked first (the CPU level and name stay)."""
        changed = options.summary(self.rules, self.base) if self.reason is None else ""
        if changed == "the house's own rules":
            self.notify("These are the house's own rules already.", timeout=3)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.reset()

        question = "Reset every setting to the house's rules?"
        if changed:
            question += f" ({changed[0].upper()}{changed[1:]} would go.)"
        self.app.push_screen(ConfirmScreen(question), answered)

    def reset(self) -> None:
        """Every setting back to the house's value (the level, the name and the player's
        Coach setting stay)."""
        for row in self.query(ChoiceRow):
            kept = (options.LEVEL_KEY, options.NAME_KEY, COACH_KEY)
            if row.key not in kept:
                self.untimed.discard(row.key)
                row.value = self.base.option_value(row.key)
                self.choices[row.key] = row.value
                row.refresh()
        self.update_state()

    def action_back(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        {"start": self.action_start, "reset": self.action_reset, "back": self.action_back}[
            event.button.id or "back"
        ]()
