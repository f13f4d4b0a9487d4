"""Autosave and resume: a match as data (rules, seed, moves, clocks), written atomically.

A save holds no game objects, only what rebuilds one: the variant's settings,
the seed, who opened, every action in order (the engine's ``action_to_json``
form), the clocks' remaining seconds and who plays. Loading replays the moves
from the seed, so the restored :class:`~dominoes_tui.engine.Game` is the very
game that was saved, random generator included. No pickle, no eval: JSON only.

Reading never raises: :func:`read_save` returns a :class:`LoadResult` that
holds either the :class:`SavedGame` or one sentence saying what is wrong, and
a save that cannot be used is renamed aside to ``<name>.corrupt-<timestamp>``.
"""

from __future__ import annotations

import contextlib
import json
import math
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import (
    Clock,
    Game,
    IllegalAction,
    Rules,
    VariantError,
    action_from_json,
    action_to_json,
)
from ..engine.rules import rules_from_dict
from .paths import (  # noqa: F401 (the autosave's place moved to .paths: still importable here)
    AUTOSAVE_NAME,
    autosave_path,
    data_dir,
    has_autosave,
    iso,
    remove_stale_temps,
    set_aside,
    utc_now,
    write_atomic,
)

FORMAT = "dominoes-tui save"
FORMAT_VERSION = 1


@dataclass
class MatchInfo:
    """What a match is besides rules, seed and moves: who plays it, and since when.

    Make one when a match starts and pass it to every :func:`autosave`; a
    loaded save gives it back. ``match_id`` ties the save to its history row,
    so a match is recorded once however often it is resumed.
    """

    cpu_level: str = "easy"
    names: tuple[str, ...] = ()
    """A name per seat, for the table and the history (may be empty)."""
    human_seat: int = 0
    match_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    started_at: str = field(default_factory=lambda: iso(utc_now()))
    played_seconds: float = 0.0
    """Seconds played in earlier sittings (before this program started or resumed)."""
    now: Callable[[], float] = field(default=time.monotonic, repr=False, compare=False)
    _since: float = field(default=math.nan, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.names = tuple(self.names)
        if math.isnan(self._since):
            self._since = self.now()

    def elapsed(self) -> float:
        """Seconds this match has been open, over every sitting (closed time not counted)."""
        return self.played_seconds + max(0.0, self.now() - self._since)

    def to_json(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "cpu_level": self.cpu_level,
            "names": list(self.names),
            "human_seat": self.human_seat,
            "started_at": self.started_at,
            "played_seconds": round(self.elapsed(), 3),
        }

    @classmethod
    def from_json(
        cls, data: dict[str, Any], now: Callable[[], float] = time.monotonic
    ) -> MatchInfo:
        names = data["names"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ValueError("names must be a list of strings")
        played = data["played_seconds"]
        if not isinstance(played, (int, float)) or played < 0:
            raise ValueError("played_seconds must be a number ≥ 0")
        return cls(
            cpu_level=_typed(data, "cpu_level", str),
            names=tuple(names),
            human_seat=_typed(data, "human_seat", int),
            match_id=_typed(data, "match_id", str),
            started_at=_typed(data, "started_at", str),
            played_seconds=float(played),
            now=now,
        )


@dataclass
class SavedGame:
    """A match restored from a save: the game, who plays, and the clocks as they were."""

    game: Game
    info: MatchInfo
    clocks: list[float] | None
    """Seconds left per seat when saved, or None without a clock."""
    saved_at: str
    path: Path

    def make_clock(self, now: Callable[[], float] = time.monotonic) -> Clock | None:
        """A stopped :class:`Clock` with the saved time left (None if the variant has none).

        It stays stopped until the person presses a key: then ``clock.start(game.turn)``.
        The per-turn limit (if any) starts afresh for the move in progress.
        """
        return make_clock(self.game.rules, self.clocks, now)


@dataclass(frozen=True)
class LoadResult:
    """What reading a save gave: the game, or one sentence saying why not, or nothing at all."""

    saved: SavedGame | None = None
    problem: str | None = None
    """One sentence for the person: what is wrong, where, and where the file went."""
    moved_to: Path | None = None
    """Where an unusable save was renamed to."""

    @property
    def ok(self) -> bool:
        return self.saved is not None

    @property
    def found(self) -> bool:
        """True if there was a save file (usable or not)."""
        return self.saved is not None or self.problem is not None


def make_clock(
    rules: Rules, remaining: list[float] | None, now: Callable[[], float] = time.monotonic
) -> Clock | None:
    """A stopped clock for ``rules`` with ``remaining`` seconds per seat (None: full time)."""
    if not rules.clock_minutes and not rules.turn_seconds:
        return None
    return Clock(rules.players, rules.clock_minutes * 60, rules.turn_seconds, now, remaining)


def save_dict(game: Game, info: MatchInfo, clock: Clock | None = None) -> dict[str, Any]:
    """The save of ``game`` as plain JSON-able data."""
    if isinstance(game.seed, bool) or not isinstance(game.seed, int):
        raise ValueError(
            f"a game dealt from seed {game.seed!r} cannot be saved: use a whole number"
        )
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "saved_at": iso(utc_now()),
        "written_by": f"dominoes-tui {_app_version()}",
        "variant": game.rules.name,
        "settings": game.rules.to_dict(),
        "seed": game.seed,
        "first_seat": game.first_seat,
        "log": [action_to_json(a) for a in game.log],
        "clocks": [round(x, 3) for x in clock.remaining_all()] if clock is not None else None,
        "match": info.to_json(),
        "check": _check(game),
    }


def _app_version() -> str:
    import importlib.metadata  # here, not at the top: it costs a start menu ~15 ms (issue 10)

    try:
        return importlib.metadata.version("dominoes-tui")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - run from a checkout
        return "unknown"


def _check(game: Game) -> dict[str, Any]:
    """A summary the replayed game must match, to catch a save the engine no longer agrees with."""
    return {
        "actions": len(game.log),
        "hand_no": game.hand_no,
        "phase": game.phase,
        "turn": game.turn,
        "written": list(game.scores.written),
        "tiles_left": [h.bit_count() for h in game.hands],
    }


def save_game(path: Path, game: Game, info: MatchInfo, clock: Clock | None = None) -> None:
    """Write a save to ``path`` atomically (raises OSError if the disk refuses)."""
    data = json.dumps(save_dict(game, info, clock), separators=(",", ":"), ensure_ascii=False)
    write_atomic(path, data.encode("utf-8"))


def autosave(
    game: Game, info: MatchInfo, clock: Clock | None = None, home: Path | None = None
) -> str | None:
    """Save ``game`` to the autosave slot; None when done, else one sentence saying why not.

    Call it after every applied action (and when the app is closing). It never
    raises: a full disk or a read-only folder is reported, not thrown.
    """
    try:
        path = autosave_path(home)
        save_game(path, game, info, clock)
    except (OSError, ValueError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        return f"The game could not be saved ({reason})."
    return None


def saved_match_id(home: Path | None = None) -> str | None:
    """The ``match_id`` of the match in the autosave slot; None if there is no save or it
    cannot be read (a quick look at the JSON: the moves are not replayed)."""
    try:
        data = json.loads(autosave_path(home).read_bytes().decode("utf-8"))
        match_id = data["match"]["match_id"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return match_id if isinstance(match_id, str) else None


def discard_autosave(home: Path | None = None, match_id: str | None = None) -> None:
    """Delete the autosave (after its match is recorded, or to start afresh).

    With ``match_id``, only that match's save is deleted: a save another match wrote
    meanwhile (a rematch started while this one was being recorded) is kept.
    """
    if match_id is not None:
        current = saved_match_id(home)
        if current is not None and current != match_id:
            return
    with contextlib.suppress(FileNotFoundError):
        autosave_path(home).unlink()


def load_autosave(
    home: Path | None = None, now: Callable[[], float] = time.monotonic
) -> LoadResult:
    """Read the autosave slot: see :func:`read_save`. ``LoadResult()`` if there is none."""
    path = autosave_path(home)
    try:
        remove_stale_temps(path)
    except OSError:  # pragma: no cover - an unreadable folder; read_save says so
        pass
    return read_save(path, now)


class _Unusable(Exception):
    """A save that cannot be restored; the message completes the sentence "… because …"."""


def read_save(path: Path, now: Callable[[], float] = time.monotonic) -> LoadResult:
    """Restore the match saved in ``path``; never raises.

    No file: an empty result. A file that cannot be used (unreadable,
    truncated, not a save, a newer format, rules or moves that do not replay)
    is renamed to ``<name>.corrupt-<timestamp>`` and the result's ``problem``
    says so in one sentence.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return LoadResult()
    except OSError as e:
        return LoadResult(problem=f"The saved game {path} cannot be read ({e.strerror}).")
    try:
        saved = _restore(path, raw, now)
    except _Unusable as e:
        reason = str(e)
    except Exception as e:  # noqa: BLE001 - a save must never crash the app
        reason = f"it could not be restored ({type(e).__name__}: {e})"
    else:
        return LoadResult(saved=saved)
    try:
        aside = set_aside(path)
    except OSError:
        return LoadResult(problem=f"The saved game {path} cannot be used: {reason}.")
    return LoadResult(
        problem=f"The saved game {path} cannot be used: {reason}; it was moved to {aside.name}.",
        moved_to=aside,
    )


_KIND_WORDS = {int: "a whole number", str: "text", list: "a list", dict: "a table"}


def _typed(data: dict[str, Any], key: str, kind: type, optional: bool = False) -> Any:
    if key not in data:
        raise _Unusable(f"it has no {key!r}")
    v = data[key]
    if v is None and optional:
        return None
    if isinstance(v, bool) and kind is not bool or not isinstance(v, kind):
        raise _Unusable(f"its {key!r} is not {_KIND_WORDS.get(kind, kind.__name__)}")
    return v


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older save format up to :data:`FORMAT_VERSION` (one step a version)."""
    version = data["version"]
    while version < FORMAT_VERSION:  # pragma: no cover - no older format yet
        data = _UPGRADES[version](data)
        version = data["version"]
    return data


_UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def _restore(path: Path, raw: bytes, now: Callable[[], float]) -> SavedGame:
    if not raw.strip():
        raise _Unusable("the file is empty")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise _Unusable("it is damaged or cut short (not valid JSON)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _Unusable("it is not a dominoes-tui save")
    version = _typed(data, "version", int)
    if version > FORMAT_VERSION:
        raise _Unusable(
            f"it was written by a newer dominoes-tui (save format {version}, "
            f"this version reads up to {FORMAT_VERSION})"
        )
    if version < 1:
        raise _Unusable(f"its save format {version} is unknown")
    data = upgrade(data)
    name = _typed(data, "variant", str)
    settings = _typed(data, "settings", dict)
    try:
        rules = rules_from_dict(name, settings, file=str(path))
    except VariantError as e:
        raise _Unusable(f"its rules are not valid ({e.problem}, key {e.key!r})") from None
    seed = _typed(data, "seed", int)
    first_seat = _typed(data, "first_seat", int, optional=True)
    if first_seat is not None and not 0 <= first_seat < rules.players:
        raise _Unusable(f"its first seat {first_seat} is not at the table")
    log = _typed(data, "log", list)
    try:
        actions = [action_from_json(a) for a in log]
    except (ValueError, TypeError):
        raise _Unusable("its list of moves is damaged") from None
    try:
        game = Game.replay(rules, seed, actions, first_seat)
    except (IllegalAction, TypeError, IndexError) as e:
        raise _Unusable(f"its moves do not replay ({e})") from None
    check = _typed(data, "check", dict)
    if check != _check(game):
        raise _Unusable("its moves replay to a different position than the one saved")
    clocks = _typed(data, "clocks", list, optional=True)
    if clocks is not None:
        if len(clocks) != rules.players or not all(
            isinstance(x, (int, float)) and not isinstance(x, bool) and 0 <= x < math.inf
            for x in clocks
        ):
            raise _Unusable("its clocks are damaged")
        clocks = [float(x) for x in clocks]
    try:
        info = MatchInfo.from_json(_typed(data, "match", dict), now)
    except (KeyError, ValueError) as e:
        raise _Unusable(f"its player details are damaged ({e})") from None
    if not 0 <= info.human_seat < rules.players:
        raise _Unusable(f"its human seat {info.human_seat} is not at the table")
    saved_at = _typed(data, "saved_at", str)
    return SavedGame(game, info, clocks, saved_at, path)
