"""Table options: the menu model behind the options screen and ``dominoes play`` flags.

Pure (no Textual): every control maps onto an engine setting (or an option
group such as ``opening``, which sets every opening's lead), the choices come
from the variant's ``options`` in ``variants.toml``, and whether a combination
is playable is decided by the engine (``Rules.replace`` raises ``VariantError``
with the reason). Settings that follow from a choice (the target meaning "lose"
under goat scoring, the deal following the players) are the engine's
(``engine.rules.follow``). The last options used per variant are remembered in
``options.json`` in the player's config folder. ``dominoes play``'s flags take
only the values a house offers here (R-V-2).

>>> from dominoes_tui.engine import load_variant
>>> base = load_variant("classic")
>>> rules = apply_choices(base, {"target": 201, "rule_of_13": False})
>>> summary(rules, base)
'target 201 (house: 101); rule of 13 off'
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine import Rules, VariantError
from .engine.rules import follow
from .store import settings

GROUPS = ("Match", "House rules", "Time", "Opponent")
TABLE_SEATS: int | None = None
"""Seats the table can show, if fewer than the engine plays (None: every count, 2-4)."""
LEVEL_KEY = "cpu_level"
"""Where the remembered CPU level is kept among a variant's remembered choices."""
NAME_KEY = "cpu_name"
"""Where the remembered opponent's name is kept."""
CPU_NAMES = ("CPU", "Ada", "Bruno", "Carmen", "Dmitri", "Esme", "Farid")
"""Names the options screen offers for the opponent; its level shows beside it."""


def cpu_display_name(name: str, level: str) -> str:
    """``"Ada (Expert)"``: a name with the level it plays at."""
    return f"{name} ({level.title()})"


@dataclass(frozen=True)
class Control:
    """One option: the setting it changes, its group, a one-line explanation, its choices."""

    key: str
    label: str
    group: str
    help: str
    choices: tuple[Any, ...]
    notes: Mapping[Any, str] = field(default_factory=dict)
    """What comes with a choice, shown beside it (3 players: "5 tiles each")."""

    def choice_label(self, value: Any) -> str:
        words = describe_value(self.key, value)
        note = self.notes.get(value) if isinstance(value, int) else None
        return f"{words} ({note})" if note else words


# key -> (group, label, one-line explanation)
_META: dict[str, tuple[str, str, str]] = {
    "target": ("Match", "Target", "The match ends when a score reaches this."),
    "players": ("Match", "Players", "Seats at the table; the others are CPU players."),
    "rematch_swaps_opener": (
        "Match",
        "Swap on rematch",
        "On: a rematch's first hand is opened by the other player. Off: found as usual.",
    ),
    "set": ("Match", "Set", "Double-6, double-9 or double-12 tiles."),
    "rule_of_13": (
        "House rules",
        "Rule of 13",
        'While your score is 0, a penalty under 13 is held ("5 held"), not written.',
    ),
    "full_fish": (
        "House rules",
        "Full fish",
        "In a blocked hand the loser also writes the winner's pips.",
    ),
    "bonus_first_last": (
        "House rules",
        "Bonuses",
        "6-6 or 0-0 led first or played last adds its bonus to the hand's score.",
    ),
    "next_lead": (
        "House rules",
        "First double",
        "Every hand after the first must be opened with a double, if the opener holds one.",
    ),
    "opening": (
        "House rules",
        "Opening tile",
        "What every hand's opener leads: a double if they hold one, or any tile.",
    ),
    "two_doubles": (
        "House rules",
        "Two doubles",
        "Holding the doubles of both open ends, lay both in one turn.",
    ),
    "drawing": (
        "House rules",
        "Drawing",
        "When you may take tiles from the boneyard: only when you cannot play, or any time.",
    ),
    "reserve": (
        "House rules",
        "Boneyard reserve",
        "Tiles that always stay in the boneyard and are never drawn.",
    ),
    "hand_size": ("House rules", "Tiles per hand", "How many tiles each player is dealt."),
    "scoring": (
        "House rules",
        "Scoring",
        "Winner takes: the winner scores the others' pips and the target wins. "
        "Goat: each loser writes their own pips and the target loses.",
    ),
    "first_turn_run": (
        "House rules",
        "First-turn run",
        "On your first turn of each round, lay a run of tiles on your own train.",
    ),
    "rounds": (
        "Match",
        "Rounds",
        "How many round doubles to play, from the highest down (all: every double).",
    ),
    "clock_minutes": (
        "Time",
        "Clock",
        "Minutes per player for the whole match; running out loses.",
    ),
    "turn_seconds": (
        "Time",
        "Turn limit",
        "Seconds per turn; when it runs out a move is played for you.",
    ),
}

_VALUE_WORDS: dict[str, dict[Any, str]] = {
    "drawing": {
        "until_playable": "only when you cannot play",
        "any_time": "any time, even when you can play",
        "none": "no drawing (block)",
    },
    "next_lead": {"any": "off", "double_if_held": "on"},
    "opening": {"double_if_held": "double first", "any": "any tile"},
    "scoring": {
        "winner_takes": "winner takes the points",
        "penalty": "goat",
    },
}


def describe_value(key: str, value: Any) -> str:
    """A choice in words: ``True`` -> "on", ``0`` minutes -> "off", a bonus table -> "6-6 = 50, …"."""
    if key in _VALUE_WORDS and value in _VALUE_WORDS[key]:
        return _VALUE_WORDS[key][value]
    if isinstance(value, bool):
        return "on" if value else "off"
    if key == "bonus_first_last":
        return ", ".join(f"{t} = {p}" for t, p in value.items()) if value else "off"
    if key == "clock_minutes":
        return f"{value} min" if value else "off"
    if key == "turn_seconds":
        return f"{value} s" if value else "off"
    if key == "target" and value == 0:
        return "single hand"
    if key == "rounds":
        return "all" if value == 0 else f"{value} round{'s' if value > 1 else ''}"
    if key == "set":
        return f"double-{value}"
    return str(value)


def controls_for(rules: Rules) -> list[Control]:
    """The controls a variant offers, in group order (Match, House rules, Time)."""
    out = []
    for key, choices in rules.options.items():
        group, label, help_text = _META.get(key, ("House rules", key.replace("_", " "), ""))
        current = rules.option_value(key)
        if current not in choices:
            choices = (current, *choices)
        if key == "target" and 0 in choices:  # only where the house plays a single hand
            help_text = "The match ends when a score reaches this; single hand: one hand decides."
        notes: dict[Any, str] = {}
        if key == "players":  # R-D-4: the deal follows the players
            notes = {int(p): f"{n} tiles each" for p, n in rules.hand_sizes.items()}
        out.append(Control(key, label, group, help_text, tuple(choices), notes))
    order = {g: i for i, g in enumerate(GROUPS)}
    return sorted(out, key=lambda c: order[c.group])


def apply_choices(base: Rules, choices: Mapping[str, Any]) -> Rules:
    """``base`` with ``choices`` (and what follows from them, the engine's rule);
    raises VariantError (with the reason) if the engine refuses.

    Every choice is kept as given, even one equal to the house's value: only the
    settings no choice names may follow (Tiles per hand follows Players only where
    it is not a control of its own)."""
    if all(base.option_value(k) == v for k, v in choices.items()):
        return base
    return base.replace(**choices)


def choose(base: Rules, choices: Mapping[str, Any], key: str, value: Any) -> dict[str, Any]:
    """The choices after the control ``key`` is set to ``value``: other controls that
    follow from it take the engine's value (R-D-4: Players sets Tiles per hand to the
    house's deal for that many players).

    >>> from dominoes_tui.engine import load_variant
    >>> base = load_variant("standard-draw").replace(options={"players": [2, 3], "hand_size": [7, 5]})
    >>> choose(base, {"players": 2, "hand_size": 7}, "players", 3)
    {'players': 3, 'hand_size': 5}
    """
    try:
        current = apply_choices(base, choices)
    except VariantError:
        current = base
    out = dict(choices)
    out[key] = value
    for k, v in follow(current, {key: value}).items():
        if k != key and k in out:
            out[k] = v
    return out


def check_choices(
    base: Rules, choices: Mapping[str, Any], seats: int | None = TABLE_SEATS
) -> str | None:
    """Why this combination cannot be played, in one sentence, or None if it plays.

    The engine decides the rules (``Rules.replace``); ``seats`` is what the table can
    show (None: any number of players, as in ``dominoes arena``).

    >>> from dominoes_tui.engine import load_variant
    >>> check_choices(load_variant("standard-draw"), {"players": 3, "hand_size": 5}) is None
    True
    >>> check_choices(load_variant("standard-draw"), {"players": 3, "hand_size": 5}, seats=2)
    'Players: the table seats 2 players for now; choose 2.'
    """
    try:
        rules = apply_choices(base, choices)
    except VariantError as e:
        label = _META.get(e.key or "", ("", (e.key or "").replace("_", " "), ""))[1]
        key = f"{label}: " if label else ""
        return f"{key}{e.problem}"
    if seats is not None and rules.players != seats:
        return f"Players: the table seats {seats} players for now; choose {seats}."
    return None


def step_clock(minutes: int, delta: int) -> int:
    """A custom clock: one minute more or less (0 turns it off, 180 at most).

    >>> step_clock(15, 1), step_clock(1, -1), step_clock(0, -1)
    (16, 0, 0)
    """
    return max(0, min(180, minutes + delta))


def summary(rules: Rules, base: Rules) -> str:
    """What differs from the house's defaults, in one line."""
    parts = []
    keys = [c.key for c in controls_for(base)]
    if "hand_size" not in keys:
        keys.append("hand_size")  # it may follow the players (R-D-4)
    for key in keys:
        was, now = base.option_value(key), rules.option_value(key)
        if was == now:
            continue
        label = _META.get(key, ("", key.replace("_", " "), ""))[1]
        if isinstance(now, bool) or key in ("next_lead", "bonus_first_last"):
            parts.append(f"{label.lower()} {describe_value(key, now)}")
        else:
            parts.append(
                f"{label.lower()} {describe_value(key, now)} (house: {describe_value(key, was)})"
            )
    return "; ".join(parts) if parts else "the house's own rules"


# ---------------------------------------------------------------- a newcomer's first match
TIMING_KEYS = ("clock_minutes", "turn_seconds")
"""The clock and the per-turn limit: off for a newcomer's first match."""


def untimed(rules: Rules) -> Rules:
    """``rules`` without a clock or a per-turn limit (a newcomer's first match).

    >>> from dominoes_tui.engine import load_variant
    >>> r = untimed(load_variant("classic"))
    >>> r.clock_minutes, r.turn_seconds, r.target
    (0, 0, 101)
    """
    if not (rules.clock_minutes or rules.turn_seconds):
        return rules
    return rules.replace(clock_minutes=0, turn_seconds=0)


def first_match_words(base: Rules, later: Rules | None = None) -> str:
    """What the options screen says of a newcomer's untimed first match; ``later``: the
    rules a next match starts from (the player's own clock from Settings, if set).

    >>> from dominoes_tui.engine import load_variant
    >>> classic = load_variant("classic")
    >>> print(first_match_words(classic))
    Your first match is untimed; from your next one the house's clock (15 min) is the default.
    >>> print(first_match_words(classic, classic.replace(clock_minutes=5)))
    Your first match is untimed; from your next one your clock (5 min) is the default.
    >>> print(first_match_words(untimed(classic)))
    Your first match is untimed, and so are the next ones: the house has no clock.
    """
    later = base if later is None else later
    if later.clock_minutes:
        clock = describe_value("clock_minutes", later.clock_minutes)
    elif later.turn_seconds:
        clock = describe_value("turn_seconds", later.turn_seconds) + " a turn"
    else:
        return "Your first match is untimed, and so are the next ones: the house has no clock."
    same = (later.clock_minutes, later.turn_seconds) == (base.clock_minutes, base.turn_seconds)
    whose = "the house's" if same else "your"
    return (
        f"Your first match is untimed; from your next one {whose} clock ({clock}) is the default."
    )


# ---------------------------------------------------------------- remembered
def options_path() -> Path:
    home = os.environ.get("DOMINOES_TUI_HOME")
    if home:
        return Path(home) / "options.json"
    import platformdirs

    return Path(platformdirs.user_config_dir("dominoes-tui")) / "options.json"


def load_remembered(variant: str) -> dict[str, Any]:
    """The last choices used for ``variant`` (empty if none or unreadable)."""
    try:
        data = json.loads(options_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    entry = data.get(variant) if isinstance(data, dict) else None
    return dict(entry) if isinstance(entry, dict) else {}


def remembered_level(variant: str) -> str | None:
    """The CPU level last chosen for ``variant``, if any."""
    level = load_remembered(variant).get(LEVEL_KEY)
    return level if isinstance(level, str) else None


def remembered_name(variant: str) -> str | None:
    """The opponent's name last chosen for ``variant``, if any."""
    name = load_remembered(variant).get(NAME_KEY)
    return name if isinstance(name, str) and name in CPU_NAMES else None


def remember(
    variant: str, choices: Mapping[str, Any], level: str | None = None, name: str | None = None
) -> None:
    """Store ``choices`` (and the CPU ``level`` and ``name``) for ``variant`` (temp file, fsync, replace).

    Never raises: a folder that cannot be written only means nothing is remembered."""
    try:
        _remember(variant, choices, level, name)
    except OSError:
        pass


def _remember(
    variant: str, choices: Mapping[str, Any], level: str | None, name: str | None = None
) -> None:
    path = options_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            data = {}
    except (OSError, ValueError):
        data = {}
    entry = dict(choices)
    if level is not None:
        entry[LEVEL_KEY] = level
    if name is not None:
        entry[NAME_KEY] = name
    data[variant] = entry
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".options-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def still_offered(base: Rules, key: str, value: Any) -> bool:
    """Does the house still offer ``value`` for ``key`` (its list, or a custom clock)?"""
    if key == "clock_minutes" and type(value) is int and 0 <= value <= 180:
        return True  # set with +/- on the options screen
    return value in base.options.get(key, ())


def player_clock(base: Rules) -> int | None:
    """The clock the player's settings start a new match of ``base`` with, or None (the
    setting is the house's own, or the house offers no clock)."""
    clock = settings.load_settings().clock
    if type(clock) is not int or "clock_minutes" not in base.options:
        return None
    return clock if still_offered(base, "clock_minutes", clock) else None


def remembered_rules(base: Rules) -> Rules:
    """``base`` with its remembered choices, or ``base`` if they no longer play.

    The player's clock for new matches (the Settings screen), where the house offers a
    clock, stands over the house's remembered one (:func:`player_clock`).

    A remembered value the house no longer offers (the player changed their
    variants.toml since) is left out: the house's own value stands.
    """
    choices = {
        k: v
        for k, v in load_remembered(base.name).items()
        if k in base.options and still_offered(base, k, v)
    }
    clock = player_clock(base)
    if clock is not None:
        choices["clock_minutes"] = clock
    try:
        return apply_choices(base, choices)
    except VariantError:
        return base


# ---------------------------------------------------------------- command line
DEFAULT_BONUSES: dict[str, int] = {"6-6": 50, "0-0": 25}
"""R-B (decision): the bonus table ``--bonuses`` turns on when the house lists none."""

FLAGS: dict[str, str] = {
    "target": "target",
    "players": "players",
    "set": "set",
    "rule_of_13": "rule_of_13",
    "full_fish": "full_fish",
    "bonuses": "bonus_first_last",
    "first_double": "next_lead",
    "two_doubles": "two_doubles",
    "drawing": "drawing",
    "reserve": "reserve",
    "hand_size": "hand_size",
    "scoring": "scoring",
    "clock": "clock_minutes",
    "turn_limit": "turn_seconds",
    "rematch_swap": "rematch_swaps_opener",
    "first_turn_run": "first_turn_run",
    "rounds": "rounds",
}
"""``dominoes play`` flag (as a Python name) -> the engine setting it changes.
``first_double`` sets the house's opening control where it has one (R-DF-1)."""

CUSTOM_CLOCK = (0, 180)
"""Where a house offers a clock, any whole minutes in this range (the options
screen's +/- sets a custom time, see :func:`step_clock`)."""

_UNITS = {"clock_minutes": "minutes", "turn_seconds": "seconds"}
_ZERO = {
    "target": "a single hand",
    "clock_minutes": "no clock",
    "turn_seconds": "no limit",
    "rounds": "all",
}


class FlagRefused(ValueError):
    """A ``dominoes play`` flag with a value the house does not offer (R-V-2); the
    message is one sentence naming the values it does."""


def _flag_key(base: Rules, flag: str) -> str:
    if flag == "first_double" and "opening" in base.options:
        return "opening"  # R-DF-1: double first / any tile, for every opening
    return FLAGS[flag]


def _spell(flag: str, value: Any) -> str:
    """A flag as typed: ``--target 201``, ``--no-bonuses``."""
    name = flag.replace("_", "-")
    if isinstance(value, bool):
        return f"--{name}" if value else f"--no-{name}"
    return f"--{name} {value}"


def _flag_value(base: Rules, flag: str, key: str, value: Any) -> Any:
    """The setting's value a flag's value stands for (on/off flags become the values the
    options screen offers)."""
    if key in ("next_lead", "opening"):
        return "double_if_held" if value else "any"
    if key == "bonus_first_last":
        offered = [v for v in base.options.get(key, ()) if v]
        return dict(offered[0] if offered else DEFAULT_BONUSES) if value else {}
    return value


def _as_flag(key: str, setting_value: Any) -> Any:
    """The other way round, for naming what a house allows."""
    if key in ("next_lead", "opening"):
        return setting_value == "double_if_held"
    if key == "bonus_first_last":
        return bool(setting_value)
    return setting_value


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" or {words[-1]}"


def offered(base: Rules, key: str) -> tuple[Any, ...]:
    """The values the options screen offers for ``key`` in this house: its list, with
    the house's own value; a house that offers no choice offers its own value only."""
    own = base.option_value(key)
    listed = tuple(base.options.get(key, ()))
    return listed if own in listed else (own, *listed)


def flag_refusal(base: Rules, flag: str, value: Any) -> str | None:
    """Why ``dominoes play`` refuses this flag for ``base`` (one sentence), or None.

    >>> from dominoes_tui.engine import load_variant
    >>> flag_refusal(load_variant("classic"), "target", 150)
    '--target 150: classic offers 101, 201, 301 or 501.'
    >>> flag_refusal(load_variant("classic"), "hand_size", 5)
    '--hand-size 5: classic offers only 7.'
    >>> flag_refusal(load_variant("double-first"), "turn_limit", 45)
    '--turn-limit 45: double-first offers 0, 30 or 60 seconds (0: no limit).'
    >>> flag_refusal(load_variant("draw"), "first_double", True)
    '--first-double: draw offers only --no-first-double.'
    >>> flag_refusal(load_variant("classic"), "clock", 200)
    '--clock 200: classic offers 0 to 180 minutes (0: no clock).'
    """
    key = _flag_key(base, flag)
    setting = _flag_value(base, flag, key, value)
    if key == "clock_minutes" and key in base.options:
        lo, hi = CUSTOM_CLOCK
        if lo <= setting <= hi:
            return None
    elif setting in offered(base, key):
        return None
    return f"{_spell(flag, value)}: {base.name} offers {allowed_values(base, flag)}."


def allowed_values(base: Rules, flag: str) -> str:
    """The values ``base`` takes for a ``dominoes play`` flag, in words.

    >>> from dominoes_tui.engine import load_variant
    >>> allowed_values(load_variant("classic"), "target")
    '101, 201, 301 or 501'
    >>> allowed_values(load_variant("mexican-train"), "rounds")
    '0, 1, 3 or 7 (0: all)'
    """
    key = _flag_key(base, flag)
    if key == "clock_minutes" and key in base.options:
        lo, hi = CUSTOM_CLOCK
        allowed = f"{lo} to {hi}"
        zero = True
    else:
        shown = [_as_flag(key, v) for v in offered(base, key)]
        if all(isinstance(v, bool) for v in shown):
            words = list(dict.fromkeys(_spell(flag, v) for v in shown))
        else:
            words = [str(v) for v in shown]
        ints = sorted(v for v in shown if isinstance(v, int) and not isinstance(v, bool))
        if len(ints) == len(shown) >= 4 and ints == list(range(ints[0], ints[-1] + 1)):
            allowed = f"{ints[0]} to {ints[-1]}"  # a run of whole numbers
        else:
            allowed = ("only " if len(words) == 1 else "") + _or(words)
        zero = 0 in shown and not any(isinstance(v, bool) for v in shown)
    if key in _UNITS:
        allowed += f" {_UNITS[key]}"
    if zero and key in _ZERO:
        allowed += f" (0: {_ZERO[key]})"
    return allowed


def flag_choices(base: Rules) -> list[str]:
    """The ``dominoes play`` flags that offer ``base`` a choice, each with its values
    (``dominoes rules NAME``); the other flags take only the house's own value.

    >>> from dominoes_tui.engine import load_variant
    >>> flag_choices(load_variant("mexican-train"))
    ['--players: 2 to 8', '--set: 12 or 9', '--[no-]first-turn-run (house: off)', '--rounds: 0, 1, 3 or 7 (0: all)']
    """
    out = []
    for flag in FLAGS:
        key = _flag_key(base, flag)
        if key == "clock_minutes" and key in base.options or len(offered(base, key)) > 1:
            words = allowed_values(base, flag)
            if words.startswith("--"):  # on/off, with the house's own
                own = "on" if _as_flag(key, base.option_value(key)) else "off"
                out.append(f"--[no-]{flag.replace('_', '-')} (house: {own})")
            else:
                out.append(f"--{flag.replace('_', '-')}: {words}")
    return out


def choices_from_flags(base: Rules, **flags: Any) -> dict[str, Any]:
    """The choices the ``dominoes play`` flags make (a flag left as None changes nothing).

    On/off flags become the setting's own values, the same ones the options screen offers;
    a value the house does not offer raises :class:`FlagRefused` (R-V-2).

    >>> from dominoes_tui.engine import load_variant
    >>> choices_from_flags(load_variant("classic"), target=201, first_double=True, clock=15)
    {'target': 201, 'next_lead': 'double_if_held', 'clock_minutes': 15}
    >>> choices_from_flags(load_variant("classic"), bonuses=True)
    {'bonus_first_last': {'6-6': 50, '0-0': 25}}
    >>> choices_from_flags(load_variant("double-first"), first_double=False)
    {'opening': 'any'}
    """
    out: dict[str, Any] = {}
    given = {f: v for f, v in flags.items() if v is not None}
    for flag, value in given.items():
        if flag == "hand_size":
            continue
        why = flag_refusal(base, flag, value)
        if why is not None:
            raise FlagRefused(why)
        key = _flag_key(base, flag)
        out[key] = _flag_value(base, flag, key, value)
    if "hand_size" in given:  # what the other flags make of the deal (R-D-4: the players)
        try:
            dealt = base.replace(**out) if out else base
        except VariantError:
            dealt = base  # the combination is refused later, with the engine's reason
        why = flag_refusal(dealt, "hand_size", given["hand_size"])
        if why is not None:
            if dealt.hand_sizes and "hand_size" not in dealt.options:
                why = why[:-1] + f" with {dealt.players} players."
            raise FlagRefused(why)
        out["hand_size"] = given["hand_size"]
    return out
