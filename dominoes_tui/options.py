"""Table options: the menu model behind the options screen and ``dominoes play`` flags.

Pure (no Textual): every control maps one-to-one onto an engine setting, the
choices come from the variant's ``options`` in ``variants.toml``, and whether a
combination is playable is decided by the engine (``Rules.replace`` raises
``VariantError`` with the reason). The last options used per variant are
remembered in ``options.json`` in the player's config folder.

>>> from dominoes_tui.engine import load_variant
>>> base = load_variant("classic")
>>> rules = apply_choices(base, {"target": 201, "rule_of_13": False})
>>> summary(rules, base)
'rule of 13 off; target 201 (house: 101)'
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine import Rules, VariantError

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

    def choice_label(self, value: Any) -> str:
        return describe_value(self.key, value)


# key -> (group, label, one-line explanation)
_META: dict[str, tuple[str, str, str]] = {
    "target": ("Match", "Target", "The match ends when a score reaches this (0: a single hand)."),
    "players": ("Match", "Players", "Seats at the table; the others are CPU players."),
    "set": ("Match", "Set", "Double-6, double-9 or double-12 tiles."),
    "rule_of_13": (
        "House rules",
        "Rule of 13",
        "While your score is 0, a penalty under 13 is held (+N), not written.",
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
    "two_doubles": (
        "House rules",
        "Two doubles",
        "Holding the doubles of both open ends, lay both in one turn.",
    ),
    "drawing": (
        "House rules",
        "Drawing",
        "When you may take tiles from the boneyard.",
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
        "Winner takes the others' pips, or losers write their own pips as a penalty.",
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
        "until_playable": "until you can play",
        "any_time": "any time, even holding a playable tile",
        "none": "no drawing (block)",
    },
    "next_lead": {"any": "off", "double_if_held": "on"},
    "scoring": {"winner_takes": "winner takes", "penalty": "penalty"},
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
    if key == "set":
        return f"double-{value}"
    return str(value)


def controls_for(rules: Rules) -> list[Control]:
    """The controls a variant offers, in group order (Match, House rules, Time)."""
    out = []
    for key, choices in rules.options.items():
        group, label, help_text = _META.get(key, ("House rules", key.replace("_", " "), ""))
        current = getattr(rules, key)
        if current not in choices:
            choices = (current, *choices)
        out.append(Control(key, label, group, help_text, tuple(choices)))
    order = {g: i for i, g in enumerate(GROUPS)}
    return sorted(out, key=lambda c: order[c.group])


def apply_choices(base: Rules, choices: Mapping[str, Any]) -> Rules:
    """``base`` with ``choices``; raises VariantError (with the reason) if the engine refuses."""
    changes = {k: v for k, v in choices.items() if getattr(base, k) != v}
    return base.replace(**changes) if changes else base


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
    for key, (was, now) in rules.differences(base).items():
        label = _META.get(key, ("", key.replace("_", " "), ""))[1]
        if isinstance(now, bool) or key in ("next_lead", "bonus_first_last"):
            parts.append(f"{label.lower()} {describe_value(key, now)}")
        else:
            parts.append(
                f"{label.lower()} {describe_value(key, now)} (house: {describe_value(key, was)})"
            )
    return "; ".join(parts) if parts else "the house's own rules"


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


def remembered_rules(base: Rules) -> Rules:
    """``base`` with its remembered choices, or ``base`` if they no longer play.

    A remembered value the house no longer offers (the player changed their
    variants.toml since) is left out: the house's own value stands.
    """
    choices = {
        k: v
        for k, v in load_remembered(base.name).items()
        if k in base.options and still_offered(base, k, v)
    }
    try:
        return apply_choices(base, choices)
    except VariantError:
        return base


# ---------------------------------------------------------------- command line
DEFAULT_BONUSES: dict[str, int] = {"6-6": 50, "0-0": 25}
"""R-B (decision): the bonus table ``--bonuses`` turns on when the house lists none."""

FLAGS: dict[str, str] = {
    "target": "target",
    "rule_of_13": "rule_of_13",
    "full_fish": "full_fish",
    "bonuses": "bonus_first_last",
    "first_double": "next_lead",
    "two_doubles": "two_doubles",
    "drawing": "drawing",
    "reserve": "reserve",
    "hand_size": "hand_size",
    "scoring": "scoring",
    "set": "set",
    "clock": "clock_minutes",
    "turn_limit": "turn_seconds",
}
"""``dominoes play`` flag (as a Python name) -> the engine setting it changes."""


def choices_from_flags(base: Rules, **flags: Any) -> dict[str, Any]:
    """The choices the ``dominoes play`` flags make (a flag left as None changes nothing).

    On/off flags become the setting's own values, the same ones the options screen offers:

    >>> from dominoes_tui.engine import load_variant
    >>> choices_from_flags(load_variant("classic"), target=201, first_double=True, clock=15)
    {'target': 201, 'next_lead': 'double_if_held', 'clock_minutes': 15}
    >>> choices_from_flags(load_variant("classic"), bonuses=True)
    {'bonus_first_last': {'6-6': 50, '0-0': 25}}
    """
    out: dict[str, Any] = {}
    for flag, value in flags.items():
        if value is None:
            continue
        key = FLAGS[flag]
        if key == "next_lead":
            value = "double_if_held" if value else "any"
        elif key == "bonus_first_last":
            offered = [v for v in base.options.get(key, ()) if v]
            value = dict(offered[0] if offered else DEFAULT_BONUSES) if value else {}
        out[key] = value
    return out
