"""Rule settings (RULES.md §1) and loading them from ``variants.toml``.

A variant is one frozen :class:`Rules`. ``variants.toml`` ships with the
package; a player's own TOML file may add variants (``base = "classic"`` to
start from a preset) or override keys of an existing one. Every mistake is a
:class:`VariantError` naming the file, the variant and the key (R-V-1).
"""

from __future__ import annotations

import dataclasses
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from . import tiles

DEFAULT_VARIANT = "classic"

CHOICES: dict[str, tuple[Any, ...]] = {
    "set": (6, 9, 12),
    "players": (2, 3, 4),
    "drawing": ("none", "until_playable", "any_time"),
    "reserve": (0, 1, 2),
    "first_opener": (
        "lowest_double",
        "lowest_double_blank_high",
        "highest_double",
        "highest_tile",
        "random",
    ),
    "first_lead": ("that_tile", "any", "double_if_held"),
    "next_opener": ("winner", "winner_or_last_single", "alternate", "as_first"),
    "next_lead": ("any", "double_if_held"),
    "scoring": ("winner_takes", "penalty"),
    "blocked": ("difference", "total", "own_total"),
    "blocked_tie": ("nobody", "hang"),
    "target_means": ("win", "lose"),
    "layout": ("line", "spinner", "trains", "chicken_foot"),
    "match_rule": ("equal", "sum7"),
    "end_scoring": ("none", "fives"),
}

# Settings the engine can play today; the others load as errors that say so.
PLAYABLE = {
    "layout": ("line", "spinner"),
    "match_rule": ("equal", "sum7"),
    "end_scoring": ("none", "fives"),
}


class VariantError(ValueError):
    """A variant file that cannot be used; the message names file, variant and key."""

    def __init__(self, file: str, variant: str | None, key: str | None, problem: str):
        self.file, self.variant, self.key, self.problem = file, variant, key, problem
        where = file
        if variant is not None:
            where += f", variant [{variant}]"
        if key is not None:
            where += f", key {key!r}"
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class Rules:
    """Every setting of RULES.md §1, plus what the menus need to know."""

    name: str = DEFAULT_VARIANT
    description: str = ""
    house: str = ""
    set: int = 6
    players: int = 2
    partners: bool = False
    hand_size: int = 7
    drawing: str = "until_playable"
    reserve: int = 0
    redeal: bool = False
    first_opener: str = "lowest_double"
    first_lead: str = "any"
    next_opener: str = "winner"
    next_lead: str = "any"
    scoring: str = "winner_takes"
    blocked: str = "difference"
    blocked_tie: str = "nobody"
    full_fish: bool = False
    lone_blank_double: int = 0
    lone_double_six: int = 0
    rule_of_13: bool = False
    bonus_first_last: Mapping[str, int] = field(default_factory=dict)
    two_doubles: bool = False
    target: int = 100
    target_means: str = "win"
    clock_minutes: int = 0
    turn_seconds: int = 0
    layout: str = "line"
    match_rule: str = "equal"
    end_scoring: str = "none"
    resign: bool = False
    rematch_swaps_opener: bool = False
    options: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    """What a table-options menu may offer: setting name -> allowed values."""

    # Derived lookups, filled in by ``__post_init__``.
    bonus_tiles: Mapping[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        bonus = {tiles.parse(k): int(v) for k, v in self.bonus_first_last.items()}
        object.__setattr__(self, "bonus_tiles", bonus)

    @property
    def tile_count(self) -> int:
        return tiles.set_count(self.set)

    @property
    def sides(self) -> int:
        """Scoring sides: two teams with partners, else one per seat."""
        return 2 if self.partners else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partners else seat

    @property
    def boneyard_size(self) -> int:
        return self.tile_count - self.players * self.hand_size

    @property
    def draws(self) -> bool:
        return self.drawing != "none"

    def replace(self, **changes: Any) -> Rules:
        """A copy with ``changes``, checked like a file (raises VariantError)."""
        data = self.to_dict()
        data.update(changes)
        return rules_from_dict(self.name, data, file="(settings)")

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain TOML-able data (no derived fields)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if not f.init or f.name == "name":
                continue
            v = getattr(self, f.name)
            if isinstance(v, Mapping):
                v = {k: list(x) if isinstance(x, tuple) else x for k, x in v.items()}
            out[f.name] = v
        return out

    def differences(self, other: Rules) -> dict[str, tuple[Any, Any]]:
        """Settings where ``self`` differs from ``other``: name -> (other's, self's)."""
        a, b = other.to_dict(), self.to_dict()
        skip = {"description", "house", "options"}
        return {k: (a[k], b[k]) for k in b if k not in skip and a[k] != b[k]}


MAX_NUMBER = 10**9
"""The largest whole number a setting takes (a target, minutes, points): a file's 10**400
would otherwise overflow the clock and the scores' arithmetic downstream."""

_FIELDS = {f.name: f for f in dataclasses.fields(Rules) if f.init and f.name != "name"}
_DEFAULTS = Rules()
_INT_KEYS = {
    "set",
    "players",
    "hand_size",
    "reserve",
    "lone_blank_double",
    "lone_double_six",
    "target",
    "clock_minutes",
    "turn_seconds",
}
_BOOL_KEYS = {
    "partners",
    "redeal",
    "full_fish",
    "rule_of_13",
    "two_doubles",
    "resign",
    "rematch_swaps_opener",
}
_STR_KEYS = {"description", "house"} | (set(CHOICES) - _INT_KEYS)


def _check_value(file: str, variant: str, key: str, value: Any, label: str | None = None) -> Any:
    def err(problem: str) -> VariantError:
        return VariantError(file, variant, label or key, problem)

    if key in _BOOL_KEYS:
        if not isinstance(value, bool):
            raise err(f"must be true or false, not {value!r}")
        return value
    if key in _INT_KEYS:
        if isinstance(value, bool) or not isinstance(value, int):
            raise err(f"must be a whole number, not {value!r}")
        if key in CHOICES and value not in CHOICES[key]:
            raise err(f"must be one of {', '.join(map(str, CHOICES[key]))}, not {value}")
        if value < 0:
            raise err(f"must not be negative, not {value}")
        if value > MAX_NUMBER:
            raise err(f"must be at most {MAX_NUMBER:,}, not {value:,}")
        return value
    if key in _STR_KEYS:
        if not isinstance(value, str):
            raise err(f"must be a string, not {value!r}")
        if key in CHOICES and value not in CHOICES[key]:
            raise err(f"must be one of {', '.join(CHOICES[key])}, not {value!r}")
        return value
    if key == "bonus_first_last":
        if not isinstance(value, Mapping):
            raise err('must be a table like { "6-6" = 50, "0-0" = 25 }')
        out = {}
        for tile_name, points in value.items():
            try:
                t = tiles.parse(tile_name)
            except ValueError as e:
                raise err(str(e)) from None
            if isinstance(points, bool) or not isinstance(points, int) or points < 0:
                raise err(f"the points for {tile_name} must be a whole number ≥ 0")
            if points > MAX_NUMBER:
                raise err(f"the points for {tile_name} must be at most {MAX_NUMBER:,}")
            out[tiles.name(t)] = points
        return out
    if key == "options":
        if not isinstance(value, Mapping):
            raise err("must be a table of setting = [allowed values]")
        out = {}
        for opt, allowed in value.items():
            if opt not in _FIELDS or opt in ("options", "description", "house"):
                raise VariantError(file, variant, f"options.{opt}", "is not a setting")
            if not isinstance(allowed, list) or not allowed:
                raise VariantError(
                    file, variant, f"options.{opt}", "must be a non-empty list of values"
                )
            for a in allowed:
                _check_value(file, variant, opt, a, label=f"options.{opt}")
            out[opt] = tuple(allowed)
        return out
    raise err("is not a setting")  # pragma: no cover - guarded by the caller


def _check_combination(file: str, variant: str, r: Rules) -> None:
    def err(key: str, problem: str) -> VariantError:
        return VariantError(file, variant, key, problem)

    for key, ok in PLAYABLE.items():
        if getattr(r, key) not in ok:
            raise err(key, f"{getattr(r, key)!r} is not playable yet (only {', '.join(ok)})")
    if r.partners and r.players != 4:
        raise err("partners", "partners need players = 4")
    if r.hand_size < 2:
        raise err("hand_size", "must be at least 2")
    if r.players * r.hand_size > r.tile_count:
        raise err(
            "hand_size",
            f"{r.players} hands of {r.hand_size} need {r.players * r.hand_size} tiles; "
            f"a double-{r.set} set has {r.tile_count}",
        )
    if r.draws and r.boneyard_size < r.reserve + 1:
        raise err(
            "hand_size",
            f"a draw game must leave at least reserve + 1 = {r.reserve + 1} "
            f"tile{'s' if r.reserve else ''} in the "
            f"boneyard, and this deal leaves {r.boneyard_size} (R-D-3)",
        )
    if r.scoring == "penalty":
        if r.blocked == "total":
            raise err(
                "blocked", "'total' scores the winner; penalty scoring uses own_total or difference"
            )
        if r.target_means != "lose":
            raise err("target_means", "with penalty scoring, reaching the target must mean 'lose'")
    else:
        if r.blocked == "own_total":
            raise err(
                "blocked", "'own_total' is a penalty rule; winner_takes uses difference or total"
            )
        if r.target_means != "win":
            raise err(
                "target_means", "with winner_takes scoring, reaching the target must mean 'win'"
            )
        if r.rule_of_13:
            raise err(
                "rule_of_13", "the rule of 13 holds penalties, so it needs scoring = 'penalty'"
            )
        if r.full_fish:
            raise err("full_fish", "full fish adds to a penalty, so it needs scoring = 'penalty'")
    if r.end_scoring == "fives" and r.scoring != "winner_takes":
        raise err(
            "end_scoring", "fives scoring counts points won, so it needs scoring = 'winner_takes'"
        )
    if r.match_rule == "sum7":
        if r.set != 6:
            raise err("match_rule", "ends adding up to 7 (Matador) need a double-6 set")
        if r.layout != "line":
            raise err("match_rule", "Matador (sum7) is played on a plain line: layout = 'line'")
    if r.two_doubles and (r.layout != "line" or r.match_rule != "equal"):
        raise err("two_doubles", "the two-doubles move is for a plain line of matching ends")
    if r.first_opener == "random" and r.first_lead == "that_tile":
        raise err("first_lead", "'that_tile' needs an opener rule that names a tile, not 'random'")
    for t in r.bonus_tiles:
        if tiles.HIGH[t] > r.set:
            raise err("bonus_first_last", f"{tiles.name(t)} is not in a double-{r.set} set")


def rules_from_dict(name: str, data: Mapping[str, Any], file: str = "variants.toml") -> Rules:
    """Check ``data`` (one variant's table, ``base`` already resolved) and build Rules."""
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in _FIELDS:
            close = [k for k in _FIELDS if k.startswith(key[:4])]
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise VariantError(file, name, key, f"is not a setting{hint}")
        values[key] = _check_value(file, name, key, value)
    r = Rules(name=name, **values)
    _check_combination(file, name, r)
    return r


def _read_toml(path: str, text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise VariantError(path, None, None, f"is not valid TOML: {e}") from None


def _resolve(
    file: str, raw: Mapping[str, Any], known: Mapping[str, Mapping[str, Any]]
) -> dict[str, dict[str, Any]]:
    """Tables of ``raw`` merged over ``known`` (the variants loaded so far)."""
    out = {k: dict(v) for k, v in known.items()}
    for vname, table in raw.items():
        if not isinstance(table, Mapping):
            raise VariantError(
                file, vname, None, "must be a table: [name] followed by its settings"
            )
        table = dict(table)
        base = table.pop("base", None)
        if base is not None:
            if not isinstance(base, str) or base not in out:
                raise VariantError(file, vname, "base", f"names no known variant: {base!r}")
            merged = dict(out[base])
        elif vname in out:
            merged = dict(out[vname])  # an override of an existing variant
        else:
            merged = {}
        merged.update(table)
        out[vname] = merged
    return out


def builtin_variants_text() -> str:
    """The ``variants.toml`` shipped with the package (repo root when developing)."""
    repo_file = Path(__file__).resolve().parents[2] / "variants.toml"
    if repo_file.is_file():
        return repo_file.read_text(encoding="utf-8")
    return resources.files("dominoes_tui").joinpath("variants.toml").read_text(encoding="utf-8")


def user_variants_path() -> Path:
    """Where a player's own ``variants.toml`` lives (``DOMINOES_TUI_HOME`` overrides)."""
    home = os.environ.get("DOMINOES_TUI_HOME")
    if home:
        return Path(home) / "variants.toml"
    import platformdirs

    return Path(platformdirs.user_config_dir("dominoes-tui")) / "variants.toml"


def load_variants(
    *extra_files: str | os.PathLike[str], include_user: bool = True
) -> dict[str, Rules]:
    """Every variant: the shipped presets, then the player's file, then ``extra_files``."""
    sources: list[tuple[str, str]] = [("variants.toml", builtin_variants_text())]
    paths = [Path(p) for p in extra_files]
    if include_user:
        user = user_variants_path()
        if user.is_file():
            paths.insert(0, user)
    for p in paths:
        try:
            sources.append((str(p), p.read_text(encoding="utf-8")))
        except OSError as e:
            raise VariantError(str(p), None, None, f"cannot be read: {e.strerror}") from None
        except UnicodeDecodeError as e:
            raise VariantError(
                str(p), None, None, f"is not UTF-8 text (byte {e.start} cannot be read)"
            ) from None
    tables: dict[str, dict[str, Any]] = {}
    origin: dict[str, str] = {}
    for file, text in sources:
        raw = _read_toml(file, text)
        new = _resolve(file, raw, tables)
        for vname in raw:
            origin[vname] = file
        tables = new
    return {vname: rules_from_dict(vname, t, file=origin[vname]) for vname, t in tables.items()}


def load_variant(name: str = DEFAULT_VARIANT, **overrides: Any) -> Rules:
    """One variant by name, with optional setting overrides."""
    variants = load_variants()
    if name not in variants:
        raise VariantError(
            "variants.toml", name, None, f"no such variant; known: {', '.join(variants)}"
        )
    r = variants[name]
    return r.replace(**overrides) if overrides else r


def load_variants_noted(include_user: bool = True) -> tuple[dict[str, Rules], str | None]:
    """Every variant, never raising for the player's own file: the app and every command
    use this, so a mistake there costs only the variants it touches.

    The shipped presets always load. A player's file that cannot be read (not UTF-8,
    not TOML) is left out whole; a variant in it that is not valid is left out alone
    (a preset it overrides keeps the shipped rules). The second value says what was
    left out in one line (file, variant, key and problem), or is None.
    """
    builtin = builtin_variants_text()
    tables = _resolve("variants.toml", _read_toml("variants.toml", builtin), {})
    out = {vname: rules_from_dict(vname, t) for vname, t in tables.items()}
    user = user_variants_path()
    if not include_user:
        return out, None
    try:
        if not user.is_file():
            return out, None
        text = user.read_text(encoding="utf-8")
    except OSError as e:
        return out, _note([VariantError(str(user), None, None, f"cannot be read: {e.strerror}")])
    except UnicodeDecodeError as e:
        bad = VariantError(str(user), None, None, f"is not UTF-8 text (byte {e.start})")
        return out, _note([bad])
    try:
        raw = _read_toml(str(user), text)
    except RecursionError:
        raw = None
        problems = [VariantError(str(user), None, None, "is nested too deeply to read")]
    except VariantError as e:
        raw = None
        problems = [e]
    if raw is None:
        return out, _note(problems)
    problems = []
    for vname, table in raw.items():
        try:
            merged = _resolve(str(user), {vname: table}, tables)
            rules = rules_from_dict(vname, merged[vname], file=str(user))
        except VariantError as e:
            problems.append(e)
            continue
        except Exception as e:  # noqa: BLE001 - a player's file must never stop the game
            problems.append(VariantError(str(user), vname, None, f"cannot be used ({e})"))
            continue
        tables = merged
        out[vname] = rules
    return out, _note(problems)


def _note(problems: list[VariantError]) -> str | None:
    """One line for the person: the first problem, how many more, what is played instead."""
    if not problems:
        return None
    more = len(problems) - 1
    also = f"and {more} more mistake{'s' * (more > 1)}; " if more else ""
    first = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(problems[0]))
    if len(first) > 300:
        first = first[:297] + "..."
    if problems[0].variant is None:
        instead = "the file is left out and the built-in houses are played"
    else:
        instead = "what it sets is left out and the built-in rules are played"
    return f"{first} ({also}{instead})."
