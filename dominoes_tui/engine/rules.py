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
from pathlib import Path
from typing import Any

from . import tiles

DEFAULT_VARIANT = "classic"

CHOICES: dict[str, tuple[Any, ...]] = {
    "set": (6, 9, 12),
    "players": (2, 3, 4, 5, 6, 7, 8),
    "drawing": ("none", "until_playable", "any_time", "one_tile"),
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

# Options that set several settings to one value: the options menu shows one
# control, a variant file lists its values under this name in `options`.
OPTION_GROUPS: dict[str, tuple[str, ...]] = {
    # R-DF-1: "Opening tile" governs every opening, the first hand's and the later ones.
    "opening": ("first_lead", "next_lead"),
}

# Settings the engine can play today; the others load as errors that say so.
PLAYABLE = {
    "layout": ("line", "spinner", "trains", "chicken_foot"),
    "match_rule": ("equal", "sum7"),
    "end_scoring": ("none", "fives"),
}


# ------------------------------------------------ Mexican Train and Chicken Foot (§8)
ROUND_LAYOUTS = ("trains", "chicken_foot")
"""Layouts played as a match of rounds, one per round double, scored as penalties."""
LINE_PLAYERS = (2, 3, 4)
"""The line games (line, spinner) seat 2 to 4; Mexican Train and Chicken Foot 2 to 8."""
ROUND_SETS = {"trains": (9, 12), "chicken_foot": (6, 9, 12)}

DEAL_SIZES: dict[tuple[str, int], tuple[tuple[int, int], ...]] = {
    # (layout, set): (up to this many players, tiles each), ...
    ("trains", 12): ((4, 15), (6, 12), (8, 10)),  # R-TR-1 (decision)
    ("trains", 9): ((4, 10), (6, 8), (8, 6)),  # R-TR-1 (decision)
    ("chicken_foot", 9): ((2, 9), (4, 7), (6, 6), (8, 5)),  # R-CF-1 (decision)
    ("chicken_foot", 6): ((2, 7), (4, 5), (6, 4), (8, 3)),  # (decision: RULES.md is silent)
    ("chicken_foot", 12): ((2, 15), (4, 12), (6, 10), (8, 8)),  # (decision: RULES.md is silent)
}


def deal_size_for(layout: str, set_: int, players: int) -> int:
    """Tiles each seat is dealt in Mexican Train or Chicken Foot (R-TR-1, R-CF-1).

    >>> deal_size_for("trains", 12, 4), deal_size_for("trains", 9, 8)
    (15, 6)
    >>> deal_size_for("chicken_foot", 9, 2), deal_size_for("chicken_foot", 9, 5)
    (9, 6)
    """
    for most, size in DEAL_SIZES[(layout, set_)]:
        if players <= most:
            return size
    raise ValueError(f"no deal for {players} players")


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
    """Where the rules come from (the source document): for JSON and developers, never
    shown to a player (issue 25)."""
    set: int = 6
    players: int = 2
    partners: bool = False
    hand_size: int = 7
    hand_sizes: Mapping[str, int] = field(default_factory=dict)
    """R-D-4: the house's deal by player count ("2" = 7, "3" = 5, …); empty: none.
    ``hand_size`` follows it when the players change (see :func:`follow`)."""
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
    first_turn_run: bool = False
    """Mexican Train: on each round's first turn a player may lay a run on their own train."""
    rounds: int = 0
    """Mexican Train and Chicken Foot: round doubles played from the top (0 = all of them)."""
    blank_double_counts: int = 0
    """Mexican Train and Chicken Foot: a 0-0 left in a hand counts this (0 = face value)."""
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
    def is_rounds(self) -> bool:
        """Mexican Train or Chicken Foot: a match of rounds, one per round double, tiles
        laid on places and scored as penalties (RULES.md §8); False for the line games.

        >>> Rules(layout="trains").is_rounds, Rules(layout="spinner").is_rounds
        (True, False)
        """
        return self.layout in ROUND_LAYOUTS

    @property
    def boneyard_size(self) -> int:
        engine = 1 if self.layout == "trains" else 0  # the engine stands in the hub (R-TR-1)
        return self.tile_count - engine - self.players * self.deal_size

    @property
    def deal_size(self) -> int:
        """Tiles dealt to each seat: ``hand_size``, or 0 there = by the player count
        (Mexican Train and Chicken Foot, R-TR-1, R-CF-1)."""
        if self.hand_size or not self.is_rounds:
            return self.hand_size
        return deal_size_for(self.layout, self.set, self.players)

    @property
    def round_count(self) -> int:
        """Rounds in a match of Mexican Train or Chicken Foot: one per round double
        played, from the set's highest down (R-TR-1, R-CF-1); 0 for the line games."""
        if not self.is_rounds:
            return 0
        return self.rounds or self.set + 1

    @property
    def draws(self) -> bool:
        return self.drawing != "none"

    def replace(self, **changes: Any) -> Rules:
        """A copy with ``changes`` and the settings that follow from them (:func:`follow`),
        checked like a file (raises VariantError). ``changes`` may name an option
        group (``opening``)."""
        data = self.to_dict()
        data.update(follow(self, changes))
        return rules_from_dict(self.name, data, file="(settings)")

    @property
    def opening(self) -> str:
        """The ``opening`` option group (R-DF-1): the lead rule of every opening, as
        ``first_lead`` says (``next_lead`` goes with it)."""
        return self.first_lead

    def option_value(self, key: str) -> Any:
        """The value of a setting, or of an option group (its first setting's)."""
        return getattr(self, OPTION_GROUPS.get(key, (key,))[0])

    def rematch_first_seat(self, first_opener: int) -> int | None:
        """Who opens a rematch's first hand: the seat after the one that opened this
        match's first hand where the house swaps (R-DF-3), else None: the
        first-opener rule decides, as in any match."""
        if self.rematch_swaps_opener:
            return (first_opener + 1) % self.players
        return None

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


def follow(r: Rules, changes: Mapping[str, Any]) -> dict[str, Any]:
    """``changes`` to ``r`` (option groups spelled out), with the settings that follow.

    A setting named in ``changes`` stays as given; the others follow a change of:

    - ``scoring`` (R-S-1): what reaching the target means, who writes a blocked
      hand (the lighter hand scores the others' total, or the heavier writes its
      own), and, away from penalty scoring, the penalty-only rules go off;
    - ``players`` (R-D-4): the deal, where the house deals by player count.

    >>> r = load_variant("draw")
    >>> follow(r, {"scoring": "penalty"})
    {'scoring': 'penalty', 'target_means': 'lose', 'blocked': 'own_total'}
    >>> follow(load_variant("standard-draw"), {"players": 3})
    {'players': 3, 'hand_size': 5}
    >>> follow(load_variant("double-first"), {"opening": "any"})
    {'first_lead': 'any', 'next_lead': 'any'}
    """
    out: dict[str, Any] = {}
    for key, value in changes.items():
        for setting in OPTION_GROUPS.get(key, (key,)):
            out[setting] = value
    given = set(out)

    def changed(key: str) -> bool:
        return key in given and out[key] != getattr(r, key, None)

    def set_default(key: str, value: Any) -> None:
        if key not in given and value != getattr(r, key):
            out[key] = value

    if changed("scoring"):
        penalty = out["scoring"] == "penalty"
        set_default("target_means", "lose" if penalty else "win")
        if penalty and r.blocked == "total":
            set_default("blocked", "own_total")
        elif not penalty and r.blocked == "own_total":
            set_default("blocked", "total")
        if not penalty:
            set_default("rule_of_13", False)
            set_default("full_fish", False)
    if changed("players") or changed("hand_sizes"):
        sizes = out.get("hand_sizes", r.hand_sizes)
        players = out.get("players", r.players)
        if isinstance(sizes, Mapping) and str(players) in sizes:
            set_default("hand_size", sizes[str(players)])
    return out


MAX_NUMBER = 10**9
"""The largest whole number a setting takes (a target, minutes, points): a file's 10**400
would otherwise overflow the clock and the scores' arithmetic downstream."""

_FIELDS = {f.name: f for f in dataclasses.fields(Rules) if f.init and f.name != "name"}
_DEFAULTS = Rules()
_INT_KEYS = {
    "rounds",
    "blank_double_counts",
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
    "first_turn_run",
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
    if key == "hand_sizes":
        if not isinstance(value, Mapping):
            raise err("must be a table of players = tiles each, like { 2 = 7, 3 = 5, 4 = 5 }")
        sizes = {}
        for players, n in value.items():
            if not str(players).isdigit() or int(players) < 1:
                raise err(f"{players!r} is not a number of players")
            if isinstance(n, bool) or not isinstance(n, int) or n < 2:
                raise err(f"the tiles for {players} players must be a whole number ≥ 2")
            sizes[str(int(players))] = n
        return sizes
    if key == "options":
        if not isinstance(value, Mapping):
            raise err("must be a table of setting = [allowed values]")
        options: dict[str, tuple[Any, ...]] = {}
        for opt, allowed in value.items():
            members = OPTION_GROUPS.get(opt, (opt,))
            if opt not in OPTION_GROUPS and (
                opt not in _FIELDS or opt in ("options", "description", "house")
            ):
                raise VariantError(file, variant, f"options.{opt}", "is not a setting")
            if not isinstance(allowed, list) or not allowed:
                raise VariantError(
                    file, variant, f"options.{opt}", "must be a non-empty list of values"
                )
            checked = []
            for a in allowed:
                for m in members:
                    a = _check_value(file, variant, m, a, label=f"options.{opt}")
                checked.append(a)
            options[opt] = tuple(checked)
        return options
    raise err("is not a setting")  # pragma: no cover - guarded by the caller


def deal_problem(r: Rules, players: int, hand_size: int) -> str | None:
    """Why ``players`` hands of ``hand_size`` cannot be dealt under ``r``, or None.

    At least 2 tiles each, the set large enough for every hand, and a draw game
    leaves at least reserve + 1 tiles in the boneyard (R-D-3, R-D-4).
    """
    if hand_size < 2:
        return "must be at least 2"
    if players * hand_size > r.tile_count:
        return (
            f"{players} hands of {hand_size} need {players * hand_size} tiles; "
            f"a double-{r.set} set has {r.tile_count}"
        )
    left = r.tile_count - players * hand_size
    if r.draws and left < r.reserve + 1:
        need = r.reserve + 1
        return (
            f"a draw game must leave at least {need} tile{'s' if need > 1 else ''} in the "
            f"boneyard, and this deal leaves {left}"
        )
    return None


def _check_combination(file: str, variant: str, r: Rules) -> None:
    def err(key: str, problem: str) -> VariantError:
        return VariantError(file, variant, key, problem)

    for key, ok in PLAYABLE.items():
        if getattr(r, key) not in ok:
            raise err(key, f"{getattr(r, key)!r} is not playable yet (only {', '.join(ok)})")
    if r.is_rounds:
        _check_round_layout(err, r)
        return
    if r.players not in LINE_PLAYERS:
        raise err(
            "players",
            f"a line game seats 2 to 4 players, not {r.players} "
            "(5 to 8 play Mexican Train or Chicken Foot)",
        )
    if r.drawing == "one_tile":
        raise err("drawing", "'one_tile' is Mexican Train's and Chicken Foot's drawing rule")
    for key in ("first_turn_run", "rounds", "blank_double_counts"):
        if getattr(r, key):
            raise err(key, "is a setting of Mexican Train and Chicken Foot only")
    if r.partners and r.players != 4:
        raise err("partners", "partners need players = 4")
    why = deal_problem(r, r.players, r.hand_size)
    if why:
        raise err("hand_size", why)
    for players, n in r.hand_sizes.items():
        why = deal_problem(r, int(players), n)
        if why:
            raise err("hand_sizes", f"{players} players with {n} tiles each: {why}")
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


def _check_round_layout(err: Any, r: Rules) -> None:
    """R-V-1 for Mexican Train and Chicken Foot (RULES.md §8): what their rules allow."""
    game = "Mexican Train" if r.layout == "trains" else "Chicken Foot"
    sets = ROUND_SETS[r.layout]
    if r.set not in sets:
        allowed = " or ".join(f"double-{n}" for n in sets)
        raise err("set", f"{game} is played with a {allowed} set, not double-{r.set}")
    if r.partners:
        raise err("partners", f"{game} is played each for themselves, not in partners")
    if r.drawing != "one_tile":
        raise err(
            "drawing",
            f"{game} draws one tile a turn and plays it if it fits: "
            f"drawing must be 'one_tile', not {r.drawing!r}",
        )
    if r.reserve:
        raise err("reserve", f"{game} may draw the boneyard's last tile: reserve must be 0")
    if r.scoring != "penalty":
        raise err("scoring", f"in {game} every player writes their own pips: scoring = 'penalty'")
    if r.target:
        raise err(
            "target",
            f"{game} is played by rounds, not to a target: set target = 0 "
            "and choose how many rounds with 'rounds'",
        )
    if r.match_rule != "equal" or r.end_scoring != "none":
        key = "match_rule" if r.match_rule != "equal" else "end_scoring"
        raise err(key, f"is a line-game rule; {game} matches equal numbers and scores at the end")
    for key in (
        "redeal",
        "rule_of_13",
        "full_fish",
        "two_doubles",
        "lone_blank_double",
        "lone_double_six",
        "bonus_first_last",
    ):
        if getattr(r, key):
            raise err(key, f"is a line-game rule that {game} does not play")
    if r.first_turn_run and r.layout != "trains":
        raise err("first_turn_run", "is a Mexican Train rule")
    if r.rounds > r.set + 1:
        raise err(
            "rounds",
            f"a double-{r.set} set has {r.set + 1} round doubles, so at most {r.set + 1} rounds",
        )
    if r.hand_size == 1:
        raise err("hand_size", "must be at least 2 (or 0: by the number of players)")
    engine = 1 if r.layout == "trains" else 0
    if r.players * r.deal_size > r.tile_count - engine:
        raise err(
            "hand_size",
            f"{r.players} hands of {r.deal_size} need {r.players * r.deal_size} tiles; "
            f"a double-{r.set} set has {r.tile_count - engine} to deal",
        )


def rules_from_dict(name: str, data: Mapping[str, Any], file: str = "variants.toml") -> Rules:
    """Check ``data`` (one variant's table, ``base`` already resolved) and build Rules."""
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in _FIELDS:
            close = [k for k in _FIELDS if k.startswith(key[:4])]
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise VariantError(file, name, key, f"is not a setting{hint}")
        values[key] = _check_value(file, name, key, value)
    sizes = values.get("hand_sizes", {})
    players = str(values.get("players", _DEFAULTS.players))
    if "hand_size" not in values and players in sizes:
        values["hand_size"] = sizes[players]  # R-D-4: the house deals by player count
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
        if isinstance(table.get("options"), Mapping) and isinstance(merged.get("options"), Mapping):
            # options add to (or widen) the ones inherited: [classic.options] target = [...]
            table["options"] = {**merged["options"], **table["options"]}
        merged.update(table)
        out[vname] = merged
    return out


def builtin_variants_text() -> str:
    """The ``variants.toml`` shipped with the package (repo root when developing)."""
    repo_file = Path(__file__).resolve().parents[2] / "variants.toml"
    if repo_file.is_file():
        return repo_file.read_text(encoding="utf-8")
    from importlib import resources

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
    key = tuple(sources)
    known = _LOADED.get(key)
    if known is None:
        tables: dict[str, dict[str, Any]] = {}
        origin: dict[str, str] = {}
        for file, text in sources:
            raw = _read_toml(file, text)
            new = _resolve(file, raw, tables)
            for vname in raw:
                origin[vname] = file
            tables = new
        known = {
            vname: rules_from_dict(vname, t, file=origin[vname]) for vname, t in tables.items()
        }
        if len(_LOADED) >= 8:
            _LOADED.clear()
        _LOADED[key] = known
    return dict(known)


_LOADED: dict[tuple[tuple[str, str], ...], dict[str, Rules]] = {}
"""The variants built from the same files' same texts (Rules are frozen): the files are
read on every call, parsed and checked only when their text changed (the start menu
asks twice)."""


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
    known = _BUILTIN.get(builtin)
    if known is None:  # parsed and checked once per text: a fast start
        tables = _resolve("variants.toml", _read_toml("variants.toml", builtin), {})
        known = (tables, {vname: rules_from_dict(vname, t) for vname, t in tables.items()})
        _BUILTIN.clear()
        _BUILTIN[builtin] = known
    tables, out = dict(known[0]), dict(known[1])
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


_BUILTIN: dict[str, tuple[dict[str, dict[str, Any]], dict[str, Rules]]] = {}
"""The shipped presets' tables and rules, by the text they were read from."""


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
