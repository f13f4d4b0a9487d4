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
import functools
import json
import math
import os
import re
import stat
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
from ..engine.games import replay_game
from ..engine.levels import LEVELS
from ..engine.rules import rules_from_dict
from .paths import (  # noqa: F401 (the autosave's place moved to .paths: still importable here)
    AUTOSAVE_NAME,
    autosave_path,
    data_dir,
    has_autosave,
    iso,
    remove_stale_temps,
    set_aside,
    shown_path,
    utc_now,
    write_atomic,
)

FORMAT = "dominoes-tui save"
FORMAT_VERSION = 1

# Limits: a save beyond them is refused at once (size first, before any parsing), so a
# huge or hostile file never keeps the person waiting. A real match is far below them:
# a 2,800-action match saves in about 35 kB; a match to 501 is some 2,000 actions.
MAX_SAVE_BYTES = 2 * 1024 * 1024
MAX_MOVES = 50_000
"""Moves a save may hold: 50,000 save in 0.6 MB and replay in under a second (100,000
took 1.7 s to load on a busy 2-core machine)."""
MAX_NAME = 40
"""Characters in a seat's name."""
MAX_SECONDS = 10.0**9
"""Seconds of play a save may claim (about 30 years)."""
MAX_UNDOS = 10**6
"""More take-backs than this in one match is a damaged save."""
NEXT_TIMING_KEYS = ("clock_minutes", "turn_seconds")
"""What a save keeps of its rematch's rules (``MatchInfo.next_timing``)."""
MAX_SEED = 2**128
"""Seeds a save may hold, either sign (what it writes it reads back)."""
_NAME_RE = re.compile(r"[\w .'()\-]+")
"""What a seat's name may hold: letters and digits of any script, spaces, ``.'()-``
(the names the app gives; no markup brackets, no control characters)."""
_ID_RE = re.compile(r"[0-9A-Za-z_\-]{1,64}")


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
    undos: int = 0
    """Moves the person took back in this match (``u``: practice hands, against Easy)."""
    hints: int = 0
    """Hints the person asked for in this match (``h``): it is casual then."""
    coach_backs: int = 0
    """Moves the person took back when the coach asked before a blunder."""
    coached: bool = False
    """The coach (its guide or its tips) was on at the table at some time in this match:
    it is casual then."""
    daily: bool = False
    """The daily deal (never in the save slot: not saved)."""
    next_timing: dict[str, int] = field(default_factory=dict)
    """The clock the rematch offers where this match had none (a newcomer's untimed
    match): ``{"clock_minutes": 15}``; empty for any other match."""
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
            "undos": self.undos,
            "hints": self.hints,
            "coach_backs": self.coach_backs,
            "coached": self.coached,
            **({"next_timing": dict(self.next_timing)} if self.next_timing else {}),
        }

    @classmethod
    def from_json(
        cls, data: dict[str, Any], now: Callable[[], float] = time.monotonic
    ) -> MatchInfo:
        """The details saved by :meth:`to_json`; ValueError (saying which field) if damaged."""
        try:
            level = _typed(data, "cpu_level", str)
            names = _typed(data, "names", list)
            human_seat = _typed(data, "human_seat", int)
            match_id = _typed(data, "match_id", str)
            started_at = _typed(data, "started_at", str)
        except _Unusable as e:
            raise ValueError(str(e)) from None
        if level not in LEVELS:
            raise ValueError(f"its CPU level {_short(level)} is not one of {', '.join(LEVELS)}")
        for n in names:
            if not isinstance(n, str) or not (0 < len(n) <= MAX_NAME and _NAME_RE.fullmatch(n)):
                raise ValueError(f"the name {_short(n)} is not a seat's name")
        if not _ID_RE.fullmatch(match_id):
            raise ValueError(f"its match id {_short(match_id)} is not valid")
        if not _is_time(started_at):
            raise ValueError(f"its start time {_short(started_at)} is not a date and time")
        played = data.get("played_seconds")
        if not _is_number(played) or not 0 <= played <= MAX_SECONDS:
            raise ValueError(f"its time played {_short(played)} is not a number of seconds")
        undos = data.get("undos", 0)  # saves written before take-backs have none
        if isinstance(undos, bool) or not isinstance(undos, int) or not 0 <= undos <= MAX_UNDOS:
            raise ValueError(f"its take-backs {_short(undos)} are not a count")
        counts = {}
        for key, words in (("hints", "hints"), ("coach_backs", "coach's take-backs")):
            n = data.get(key, 0)  # saves written before the rating have none
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_UNDOS:
                raise ValueError(f"its {words} {_short(n)} are not a count")
            counts[key] = n
        coached = data.get("coached", False)  # saves written before it have none
        if not isinstance(coached, bool):
            raise ValueError(f"its coach flag {_short(coached)} is not true or false")
        timing = data.get("next_timing", {})  # saves of other matches have none
        if not isinstance(timing, dict) or not all(
            k in NEXT_TIMING_KEYS and type(v) is int and 0 <= v <= MAX_SECONDS
            for k, v in timing.items()
        ):
            raise ValueError(f"its rematch's clock {_short(timing)} is not a clock")
        return cls(
            cpu_level=level,
            names=tuple(names),
            human_seat=human_seat,
            match_id=match_id,
            started_at=started_at,
            played_seconds=float(played),
            undos=undos,
            **counts,
            coached=coached,
            next_timing=dict(timing),
            now=now,
        )


def undo_words(n: int) -> str:
    """``1 undo``, ``2 undos`` (empty for none): the take-backs of a match, as its record
    and the table's scores row say them.

    >>> undo_words(1), undo_words(2), undo_words(0)
    ('1 undo', '2 undos', '')
    """
    return f"{n} undo{'s' * (n != 1)}" if n else ""


def _short(v: Any) -> str:
    """``v`` for a sentence: its repr, cut to 30 characters."""
    r = repr(v)
    return r if len(r) <= 30 else r[:27] + "..."


def _is_number(v: Any) -> bool:
    """A finite int or float (not a bool, not NaN or infinite)."""
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _is_time(text: str) -> bool:
    from datetime import datetime

    if len(text) > 40:
        return False
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def default_names(players: int, human_seat: int) -> tuple[str, ...]:
    """Seat names for a save that holds none: "You", and "CPU" (or "CPU n" for 3-4 seats)."""
    names = ["CPU" if players == 2 else f"CPU {s}" for s in range(players)]
    names[human_seat] = "You"
    return tuple(names)


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
    if isinstance(game.seed, bool) or not isinstance(game.seed, int) or abs(game.seed) > MAX_SEED:
        raise ValueError(
            f"a game dealt from seed {game.seed!r} cannot be saved: use a whole number"
        )
    if len(game.log) > MAX_MOVES:
        raise ValueError(f"a match of more than {MAX_MOVES:,} moves is too long to save")
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


@functools.cache  # one version a process: read once, not at each autosave
def _app_version() -> str:
    import importlib.metadata  # here, not at the top: it costs a start menu ~15 ms

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
        if _kind(path) not in (None, "file"):  # a folder in the slot: out of the way
            set_aside(path)
        save_game(path, game, info, clock)
    except (OSError, ValueError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        return f"The game could not be saved ({reason})."
    return None


def saved_match_id(home: Path | None = None) -> str | None:
    """The ``match_id`` of the match in the autosave slot; None if there is no save or it
    cannot be read (a quick look at the JSON: the moves are not replayed)."""
    try:
        data = json.loads(_read_capped(autosave_path(home)).decode("utf-8-sig"))
        match_id = data["match"]["match_id"]
    except (OSError, ValueError, KeyError, TypeError, _Unusable, RecursionError):
        return None
    return match_id if isinstance(match_id, str) else None


def discard_autosave(home: Path | None = None, match_id: str | None = None) -> str | None:
    """Delete the autosave (after its match is recorded, or to start afresh).

    With ``match_id``, only that match's save is deleted: a save another match wrote
    meanwhile (a rematch started while this one was being recorded) is kept, and a save
    that cannot be read (whose match cannot be told) is moved aside, never deleted.
    Returns the sentence that says so then, else None.
    """
    path = autosave_path(home)
    if match_id is not None:
        current = saved_match_id(home)
        if current is not None and current != match_id:
            return None
        if current is None and path.exists():
            try:
                aside = set_aside(path)
            except OSError as e:
                return f"The saved game {shown_path(path)} cannot be read ({e.strerror}); it was left as it is."
            return (
                f"The saved game {shown_path(path)} could not be read; "
                f"it was moved to {shown_path(aside.name)}."
            )
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    return None


def set_aside_autosave(reason: str, match_id: str | None = None, home: Path | None = None) -> str:
    """The saved match passed the checks but the table could not take it up: move the
    save aside like any unusable one (nothing is deleted) and return the sentence that
    says so. With ``match_id``, a save another match wrote meanwhile is left alone."""
    path = autosave_path(home)
    if match_id is not None and saved_match_id(home) not in (None, match_id):
        return f"The saved game could not be resumed: {reason}."
    try:
        aside = set_aside(path)
    except FileNotFoundError:
        return f"The saved game could not be resumed: {reason}."
    except OSError as e:
        return f"The saved game {shown_path(path)} could not be resumed: {reason} ({e.strerror})."
    return (
        f"The saved game {shown_path(path)} could not be resumed: {reason}; "
        f"it was moved to {shown_path(aside.name)}."
    )


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


def _kind(path: Path) -> str | None:
    """``"file"``, ``"folder"``, ``"other"`` (a device, a pipe…) or None if nothing is there."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return None
    if stat.S_ISREG(mode):
        return "file"
    return "folder" if stat.S_ISDIR(mode) else "other"


def _read_capped(path: Path) -> bytes:
    """The bytes of the save at ``path``: FileNotFoundError if none, _Unusable if it is not a
    plain file (never opened: a pipe would block) or larger than :data:`MAX_SAVE_BYTES`."""
    kind = _kind(path)
    if kind is None:
        raise FileNotFoundError(path)
    if kind != "file":
        raise _Unusable(f"it is a {kind}, not a file" if kind == "folder" else "it is not a file")
    with open(path, "rb") as f:
        raw = f.read(MAX_SAVE_BYTES + 1)
    if len(raw) > MAX_SAVE_BYTES:
        raise _Unusable(
            f"it is larger than a save can be ({MAX_SAVE_BYTES // (1024 * 1024)} MB at most)"
        )
    return raw


def read_save(path: Path, now: Callable[[], float] = time.monotonic) -> LoadResult:
    """Restore the match saved in ``path``; never raises.

    No file: an empty result. A file that cannot be used (unreadable,
    truncated, not a save, a newer format, rules or moves that do not replay)
    is renamed to ``<name>.corrupt-<timestamp>`` and the result's ``problem``
    says so in one sentence.
    """
    try:
        raw = _read_capped(path)
        saved = _restore(path, raw, now)
    except FileNotFoundError:
        return LoadResult()
    except OSError as e:  # kept where it is: a permission or a disk the person may fix
        return LoadResult(
            problem=f"The saved game {shown_path(path)} cannot be read ({e.strerror})."
        )
    except _Unusable as e:
        reason = str(e)
    except Exception as e:  # noqa: BLE001 - a save must never crash the app
        reason = f"it could not be restored ({type(e).__name__}: {str(e)[:200]})"
    else:
        return LoadResult(saved=saved)
    try:
        aside = set_aside(path)
    except OSError:
        return LoadResult(problem=f"The saved game {shown_path(path)} cannot be used: {reason}.")
    return LoadResult(
        problem=f"The saved game {shown_path(path)} cannot be used: {reason}; "
        f"it was moved to {shown_path(aside.name)}.",
        moved_to=aside,
    )


def restore(raw: bytes, path: Path = Path(AUTOSAVE_NAME)) -> LoadResult:
    """The match in a save's bytes, checked exactly as :func:`read_save` checks a file
    (no file is read or moved; ``path`` only names it in the sentence). Never raises."""
    try:
        if len(raw) > MAX_SAVE_BYTES:
            raise _Unusable("it is larger than a save can be")
        return LoadResult(saved=_restore(path, raw, time.monotonic))
    except _Unusable as e:
        reason = str(e)
    except Exception as e:  # noqa: BLE001 - as read_save
        reason = f"it could not be restored ({type(e).__name__}: {str(e)[:200]})"
    return LoadResult(problem=f"The saved game {shown_path(path)} cannot be used: {reason}.")


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
        # utf-8-sig: a save an editor wrote back with a byte-order mark still loads
        data = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
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
    if not 0 < len(name) <= 100 or not name.isprintable():
        raise _Unusable("its variant name is not valid")
    settings = _typed(data, "settings", dict)
    try:
        rules = rules_from_dict(name, settings, file=shown_path(path))
    except VariantError as e:
        raise _Unusable(f"its rules are not valid ({e.problem}, key {e.key!r})") from None
    seed = _typed(data, "seed", int)
    if abs(seed) > MAX_SEED:
        raise _Unusable("its seed is out of range")
    first_seat = _typed(data, "first_seat", int, optional=True)
    if first_seat is not None and not 0 <= first_seat < rules.players:
        raise _Unusable(f"its first seat {first_seat} is not at the table")
    log = _typed(data, "log", list)
    if len(log) > MAX_MOVES:
        raise _Unusable(f"it holds more than {MAX_MOVES:,} moves")
    try:
        actions = [action_from_json(a) for a in log]
    except (ValueError, TypeError):
        raise _Unusable("its list of moves is damaged") from None
    try:
        game = replay_game(rules, seed, actions, first_seat)
    except (IllegalAction, TypeError, IndexError) as e:
        raise _Unusable(f"its moves do not replay ({e})") from None
    check = _typed(data, "check", dict)
    if check != _check(game):
        raise _Unusable("its moves replay to a different position than the one saved")
    clocks = _typed(data, "clocks", list, optional=True)
    if clocks is not None:
        full = rules.clock_minutes * 60
        if len(clocks) != rules.players or not all(
            _is_number(x) and 0 <= x <= full + 1 for x in clocks
        ):
            raise _Unusable("its clocks are damaged")
        clocks = [float(min(x, full)) for x in clocks]
    try:
        info = MatchInfo.from_json(_typed(data, "match", dict), now)
    except ValueError as e:
        raise _Unusable(f"its player details are damaged ({e})") from None
    if not 0 <= info.human_seat < rules.players:
        raise _Unusable(f"its human seat {info.human_seat} is not at the table")
    if not info.names:  # saved without names: the seats get the usual ones
        info.names = default_names(rules.players, info.human_seat)
    elif len(info.names) != rules.players:
        raise _Unusable(
            f"it names {len(info.names)} seat{'s' * (len(info.names) != 1)} "
            f"for {rules.players} players"
        )
    saved_at = _typed(data, "saved_at", str)
    if not _is_time(saved_at):
        raise _Unusable("its save time is not a date and time")
    return SavedGame(game, info, clocks, saved_at, path)
