"""Match history in SQLite (``history.sqlite3``, WAL): one row per match, one per hand.

The schema and its migrations are in :mod:`.schema`. A database that is
damaged, foreign or written by a newer version is renamed aside to
``history.sqlite3.corrupt-<timestamp>`` (with its ``-wal``/``-shm`` files)
and a fresh one is started; :attr:`History.problem` then says so in one
sentence.

Every method opens its own short connection, so a ``History`` can be used
from any thread (the TUI records from a worker).

A history that cannot be written (a read-only folder, a full disk) is opened
read-only: the statistics and replays still read it, and :meth:`History.record`
raises :class:`HistoryError` with one sentence. A row that does not read back
(edited or damaged by hand) is skipped; :attr:`History.skipped` lists it and
:attr:`History.note` says so in one sentence, and the rest shows.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import sqlite3
import urllib.parse
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..engine import (
    HAND_OVER,
    Action,
    Game,
    HandResult,
    Rules,
    action_from_json,
    action_to_json,
    new_game,
    replay_game,
)
from ..engine.rules import ROUND_LAYOUTS, load_variants_noted, rules_from_dict
from .paths import data_dir, iso, set_aside, shown_path, utc_now
from .rating import LevelRatings, MatchFacts, Ratings, replay, shipped_levels
from .saves import MatchInfo, undo_words
from .schema import SCHEMA_VERSION, Unusable, migrate, schema_version
from .stats import AccuracyPoint, Stats, SummaryRow, compute_stats

DB_NAME = "history.sqlite3"

WIN, LOSS, DRAW, ABANDONED = "win", "loss", "draw", "abandoned"
OUTCOMES = (WIN, LOSS, DRAW, ABANDONED)


_CANNOT_WRITE = ("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_FULL")
"""SQLite's errors for a file or folder it may not write (read-only, full disk)."""


class HistoryError(Exception):
    """The history could not be read or written (locked, no permission, disk full)."""


# ------------------------------------------------------------------ records
@dataclass(frozen=True)
class HandRecord:
    hand_no: int
    kind: str
    winner_seat: int | None
    winner_side: int | None
    points: list[int]
    """Per side: penalty written against it, or points it scored (see HandResult.points)."""
    counted: list[int]
    written_after: list[int]
    human_points: int
    accuracy: float | None = None
    """The person's accuracy in this hand, once the match is reviewed (else None)."""


_OUTCOME_WORDS = {"win": "you won", "loss": "you lost", "draw": "drawn", "abandoned": "unfinished"}
"""A match's outcome in the words of :meth:`MatchRecord.heading`."""


@dataclass(frozen=True)
class MatchRecord:
    """One finished or abandoned match, with its moves so it can be replayed."""

    id: int
    uid: str
    variant: str
    settings: dict[str, Any]
    cpu_level: str
    seed: int
    first_seat: int | None
    outcome: str
    """``"win"``, ``"loss"``, ``"draw"`` or ``"abandoned"``, from the person's side."""
    winner_side: int | None
    end_reason: str
    """``"target"``, ``"single_hand"``, ``"time"``, ``"resign"`` or ``"abandoned"``."""
    scores: list[int]
    hands: int
    duration: float
    started_at: str
    ended_at: str
    human_side: int
    players: list[str]
    log: list[Action]
    accuracy: float | None = None
    """The person's accuracy over the match, once it is reviewed (else None)."""
    undos: int = 0
    """Moves the person took back (``u``, against Easy); 0 for matches played straight."""

    @property
    def undo_words(self) -> str:
        """``1 undo``, ``3 undos``; empty when the match was played without one."""
        return undo_words(self.undos)

    def rules(self) -> Rules:
        return rules_from_dict(self.variant, self.settings, file=f"history match {self.id}")

    @property
    def is_rounds(self) -> bool:
        """Mexican Train or Chicken Foot: its deals are rounds (from its settings, so
        a match whose rules no longer load still says so)."""
        return self.settings.get("layout") in ROUND_LAYOUTS

    @property
    def hands_words(self) -> str:
        """The deals it had, in the house's word: ``9 hands``, ``1 round``."""
        word = "round" if self.is_rounds else "hand"
        return f"{self.hands} {word}{'s' * (self.hands != 1)}"

    @property
    def human_seat(self) -> int:
        """The person's seat in the match: the first seat of their side."""
        rules = self.rules()
        return next((s for s in range(rules.players) if rules.side_of(s) == self.human_side), 0)

    def score_words(self) -> str:
        """The scores, yours first and the others in seat order: ``"47–0–17"``."""
        you = self.human_side
        scores = self.scores
        if not 0 <= you < len(scores):
            return "–".join(str(x) for x in scores)
        return "–".join(
            str(x) for x in [scores[you], *(x for i, x in enumerate(scores) if i != you)]
        )

    def heading(self) -> str:
        """One line naming the match: ``Match 12 · classic against Hard ·
        2026-11-29 10:04 · you lost 87–104 in 9 hands`` (``in 2 rounds`` in Mexican Train
        and Chicken Foot; ``· 1 undo`` after it when the person took a move back)."""
        score = self.score_words()
        outcome = _OUTCOME_WORDS.get(self.outcome, self.outcome)
        hands = self.hands_words
        level = self.cpu_level.capitalize()
        ended = self.ended_at[:16].replace("T", " ")
        undos = f" · {self.undo_words}" if self.undos else ""
        return (
            f"Match {self.id} · {self.variant} against {level} · {ended} · "
            f"{outcome} {score} in {hands}{undos}"
        )

    def replay(self, upto: int | None = None) -> Game:
        """The game after the first ``upto`` actions (all of them by default)."""
        return replay_game(self.rules(), self.seed, self.log[:upto], self.first_seat)

    def positions(self) -> Iterator[Game]:
        """The deal, then the game after each action in turn (for a replay viewer)."""
        g = new_game(self.rules(), self.seed, self.first_seat)
        yield g.copy()
        for a in self.log:
            g.apply(a)
            yield g.copy()


def outcome_of(game: Game, human_seat: int) -> str:
    """The match's result from ``human_seat``'s side (the match must be over)."""
    mr = game.match_result
    if mr is None:
        return ABANDONED
    if not mr.winners:
        return DRAW
    # several winners share the win (Mexican Train, Chicken Foot: R-TR-6)
    return WIN if game.rules.side_of(human_seat) in mr.winners else LOSS


def played_hands(game: Game) -> list[HandResult]:
    """Every hand finished so far, including one just over but not yet followed by the next."""
    hands = list(game.results)
    if game.phase == HAND_OVER and game.result is not None:
        hands.append(game.result)
    return hands


# ------------------------------------------------------------------ the store
class History:
    """The history database in ``home`` (default: :func:`data_dir`)."""

    def __init__(self, home: Path | None = None) -> None:
        self.path = (home if home is not None else data_dir()) / DB_NAME
        self.problem: str | None = None
        """One sentence if the database had to be set aside when opened."""
        self.moved_to: Path | None = None
        self.read_only: str | None = None
        """Why the history could only be opened for reading (None: it can be written)."""
        self.skipped: list[int] = []
        """Match numbers of damaged rows left out of what was read."""
        self._ready = False
        self._empty = False

    @property
    def note(self) -> str | None:
        """One sentence if damaged rows were left out of what was read, else None."""
        ids = sorted(set(self.skipped))
        if not ids:
            return None
        many = len(ids) > 1
        listed = ", ".join(map(str, ids[:5])) + (", …" if len(ids) > 5 else "")
        return (
            f"{len(ids)} damaged match{'es' if many else ''} in the history "
            f"{'were' if many else 'was'} skipped (number{'s' if many else ''} {listed})."
        )

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        if self._empty:  # nothing recorded and nowhere to record: an empty history
            conn = sqlite3.connect(":memory:", isolation_level=None)
            migrate(conn)
        elif self.read_only:
            # immutable: no -wal/-shm file is made (the folder may refuse it)
            uri = f"file:{urllib.parse.quote(os.fsencode(self.path))}?mode=ro&immutable=1"
            conn = sqlite3.connect(uri, uri=True, timeout=10, isolation_level=None)
        else:
            conn = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        try:
            if not self._empty and not self.read_only:
                conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA foreign_keys=ON")
            yield conn
        finally:
            conn.close()

    def _open_read_only(self, why: str) -> None:
        """The history cannot be written: read it as it is (or as empty if there is none)."""
        self.read_only = why
        if not self.path.is_file():
            self._empty = True
            return
        try:
            with self._connect() as conn:
                version = schema_version(conn)
        except sqlite3.DatabaseError as e:
            raise HistoryError(
                f"The match history {shown_path(self.path)} cannot be opened ({e})."
            ) from e
        if version != SCHEMA_VERSION:
            raise HistoryError(
                f"The match history {shown_path(self.path)} cannot be read: it needs updating and "
                f"cannot be written ({why})."
            )

    def _open(self) -> None:
        if self._ready:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            if not self.path.parent.is_dir():
                # nothing recorded and nowhere to record: the statistics read as empty
                self._open_read_only(f"its folder cannot be made ({e.strerror})")
                self._ready = True
                return
        try:
            with self._connect() as conn:
                check = conn.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise Unusable(f"it is damaged ({check})")
                migrate(conn)
        except Unusable as e:
            self._set_aside(str(e))
        except sqlite3.DatabaseError as e:
            name = getattr(e, "sqlite_errorname", "")
            if name in ("SQLITE_CORRUPT", "SQLITE_NOTADB"):
                self._set_aside(f"it is damaged ({e})")
            elif name.startswith(_CANNOT_WRITE) and (self.path.is_file() or not self.path.exists()):
                # a read-only folder or a full disk: the statistics are still read
                self._open_read_only(f"the folder is read-only or the disk is full ({e})")
            else:
                raise HistoryError(
                    f"The match history {shown_path(self.path)} cannot be opened ({e})."
                ) from e
        self._ready = True

    def _set_aside(self, reason: str) -> None:
        try:
            aside = set_aside(self.path, ("-wal", "-shm"))
        except OSError as e:
            raise HistoryError(
                f"The match history {shown_path(self.path)} cannot be used: {reason}, "
                f"and it could not be moved aside ({e.strerror})."
            ) from e
        self.moved_to = aside
        self.problem = (
            f"The match history {shown_path(self.path)} could not be used: {reason}; "
            f"it was moved to {shown_path(aside.name)} and a new history started."
        )
        with self._connect() as conn:
            migrate(conn)

    @contextlib.contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        self._open()
        try:
            with self._connect() as conn:
                conn.row_factory = sqlite3.Row
                yield conn
        except sqlite3.Error as e:
            raise HistoryError(
                f"The match history {shown_path(self.path)} cannot be used ({e})."
            ) from e

    # -------------------------------------------------------------- writing
    def record(
        self, game: Game, info: MatchInfo, *, abandoned: bool = False, ended_at: str | None = None
    ) -> int | None:
        """Add ``game`` (over, or ``abandoned``) to the history; its row id, or None if
        this ``info.match_id`` is already recorded (a resumed match is recorded once)."""
        if game.match_result is None and not abandoned:
            raise ValueError("the match is not over: record it with abandoned=True")
        self._open()
        if self.read_only:
            raise HistoryError(
                f"The match history {shown_path(self.path)} cannot be written: {self.read_only}."
            )
        rules = game.rules
        human_side = rules.side_of(info.human_seat)
        mr = game.match_result
        if abandoned and mr is None:
            outcome, reason, winner_side = ABANDONED, "abandoned", None
        else:
            assert mr is not None
            outcome, reason, winner_side = (
                outcome_of(game, info.human_seat),
                mr.reason,
                mr.winner_side,
            )
        hands = played_hands(game)
        row = {
            "uid": info.match_id,
            "variant": rules.name,
            "settings": json.dumps(rules.to_dict(), ensure_ascii=False),
            "cpu_level": info.cpu_level,
            "seed": str(game.seed),
            "first_seat": game.first_seat,
            "winner_side": winner_side,
            "end_reason": reason,
            "scores": json.dumps(list(game.scores.written)),
            "hands": len(hands),
            "duration": _seconds(info.elapsed()),
            "started_at": info.started_at,
            "ended_at": ended_at or iso(utc_now()),
            "log": json.dumps([action_to_json(a) for a in game.log], separators=(",", ":")),
            "human_side": human_side,
            "players": json.dumps(list(info.names), ensure_ascii=False),
            "outcome": outcome,
            "undos": max(0, int(info.undos)),
            "hints": max(0, int(info.hints)),
            "coach_backs": max(0, int(info.coach_backs)),
            "daily": int(bool(info.daily)),
            "coached": int(bool(info.coached)),
        }
        cols = ", ".join(row)
        marks = ", ".join(f":{k}" for k in row)
        with self._db() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                # only a match already recorded is skipped: any other refusal (a NOT NULL
                # column given NaN…) raises, so the autosave is kept
                cur = conn.execute(
                    f"INSERT INTO matches ({cols}) VALUES ({marks}) ON CONFLICT(uid) DO NOTHING",
                    row,
                )
                if cur.rowcount == 0:
                    conn.execute("ROLLBACK")
                    return None
                match_id = cur.lastrowid
                conn.executemany(
                    "INSERT INTO hands (match_id, hand_no, kind, winner_seat, winner_side, "
                    "points, counted, written_after, human_points) VALUES (?,?,?,?,?,?,?,?,?)",
                    [
                        (
                            match_id,
                            n,
                            h.kind,
                            h.winner,
                            h.winner_side,
                            json.dumps(list(h.points)),
                            json.dumps(list(h.counted)),
                            json.dumps(list(h.after.written)),
                            h.points[human_side],
                        )
                        for n, h in enumerate(hands, 1)
                    ],
                )
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        return match_id

    # -------------------------------------------------------------- reading
    def matches(self, limit: int | None = None) -> list[MatchRecord]:
        """Recorded matches, newest first; a damaged row is skipped (see :attr:`skipped`)."""
        with self._db() as conn:
            rows = conn.execute(
                "SELECT * FROM matches ORDER BY id DESC LIMIT ?", (-1 if limit is None else limit,)
            ).fetchall()
        out = []
        for r in rows:
            try:
                out.append(_match(r))
            except DamagedRow:
                self.skipped.append(r["id"])
        return out

    def get(self, match_id: int) -> MatchRecord | None:
        """Match number ``match_id``, or None if there is none (any number: too large, or
        negative, is simply not there); HistoryError (one sentence) if its row is damaged."""
        if isinstance(match_id, bool) or not isinstance(match_id, int):
            return None
        if not -(2**63) <= match_id < 2**63:  # SQLite's integers: no row has such a number
            return None
        with self._db() as conn:
            r = conn.execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchone()
        if r is None:
            return None
        try:
            return _match(r)
        except DamagedRow as e:
            self.skipped.append(match_id)
            raise HistoryError(f"Match {match_id} in the history is damaged ({e}).") from None

    def id_of(self, uid: str) -> int | None:
        """The row number of the match whose ``MatchInfo.match_id`` is ``uid`` (None: not
        recorded, yet or at all): a review made at the table is kept with it."""
        with self._db() as conn:
            r = conn.execute("SELECT id FROM matches WHERE uid = ?", (uid,)).fetchone()
        return None if r is None else int(r[0])

    def with_seed(self, seed: int, variant: str) -> list[tuple[MatchRecord, list[HandRecord]]]:
        """Every recorded match of ``variant`` dealt from ``seed``, oldest first, with its
        hands (the daily deal's tries); a damaged row is skipped."""
        with self._db() as conn:
            rows = conn.execute(
                "SELECT * FROM matches WHERE seed = ? AND variant = ? ORDER BY id",
                (str(seed), variant),
            ).fetchall()
        out = []
        for r in rows:
            try:
                rec = _match(r)
            except DamagedRow:
                self.skipped.append(r["id"])
                continue
            out.append((rec, self.hands(rec.id)))
        return out

    def finished_count(self) -> int:
        """How many matches were played to their end (abandoned ones left out)."""
        with self._db() as conn:
            r = conn.execute(
                "SELECT count(*) FROM matches WHERE outcome != ?", (ABANDONED,)
            ).fetchone()
        return int(r[0])

    def played_with_a_clock(self) -> bool:
        """Whether a match here (finished or not) had a chess clock or a turn limit."""
        with self._db() as conn:
            rows = conn.execute("SELECT settings FROM matches").fetchall()
        for (settings,) in rows:
            try:
                data = json.loads(settings)
            except (TypeError, ValueError):
                continue
            if isinstance(data, dict) and any(
                type(data.get(k)) is int and data[k] > 0 for k in ("clock_minutes", "turn_seconds")
            ):
                return True
        return False

    def latest_id(self) -> int | None:
        with self._db() as conn:
            r = conn.execute("SELECT max(id) FROM matches").fetchone()
        return r[0]

    def hands(self, match_id: int) -> list[HandRecord]:
        """The hands of a match in order; a damaged hand row is left out."""
        if isinstance(match_id, bool) or not isinstance(match_id, int):
            return []
        if not -(2**63) <= match_id < 2**63:
            return []
        with self._db() as conn:
            rows = conn.execute(
                "SELECT * FROM hands WHERE match_id = ? ORDER BY hand_no", (match_id,)
            ).fetchall()
        out = []
        for r in rows:
            try:
                out.append(_hand(r))
            except DamagedRow:
                if match_id not in self.skipped:
                    self.skipped.append(match_id)
        return out

    def rating_facts(self) -> list[MatchFacts]:
        """What every recorded match says for the ratings, oldest first (no moves read:
        a few hundred matches replay in milliseconds); a damaged row is skipped."""
        with self._db() as conn:
            rows = conn.execute(
                "SELECT id, variant, settings, cpu_level, outcome, scores, human_side, "
                "end_reason, ended_at, undos, hints, coach_backs, daily, coached "
                "FROM matches ORDER BY id"
            ).fetchall()
        known = load_variants_noted()[0]
        rules_of: dict[tuple[str, str], Rules] = {}
        out = []
        for r in rows:
            try:
                variant, settings = _field(r, "variant", str), _field(r, "settings", str)
                rules = rules_of.get((variant, settings))
                if rules is None:
                    try:
                        rules = rules_from_dict(variant, _json(r, "settings", dict))
                    except (ValueError, TypeError, KeyError) as e:
                        raise DamagedRow(f"its rules are not valid ({e})") from None
                    rules_of[(variant, settings)] = rules
                counts = [r[k] for k in ("undos", "hints", "coach_backs", "daily", "coached")]
                if not all(_whole(v) and v >= 0 for v in counts):
                    raise DamagedRow("its counts are not valid")
                outcome = _field(r, "outcome", str)
                if outcome not in OUTCOMES:
                    raise DamagedRow("its outcome is not valid")
                facts = MatchFacts(
                    match_id=r["id"],
                    rules=rules,
                    level=_field(r, "cpu_level", str),
                    outcome=outcome,
                    scores=_ints(r, "scores"),
                    human_side=_field(r, "human_side", int),
                    end_reason=_field(r, "end_reason", str),
                    ended_at=_field(r, "ended_at", str),
                    house=known.get(variant),
                    undos=counts[0],
                    hints=counts[1],
                    coach_backs=counts[2],
                    daily=bool(counts[3]),
                    coached=bool(counts[4]),
                )
                why = facts.problem()  # a seat or a score count its table does not have
                if why is not None:
                    raise DamagedRow(f"its {why}")
                out.append(facts)
            except DamagedRow:
                self.skipped.append(r["id"])  # a damaged row: left out, said in ``note``
        return out

    def ratings(self, levels: LevelRatings | None = None) -> Ratings:
        """The person's rating in every family, recomputed from the recorded matches
        against the levels' ratings (default: the shipped ones)."""
        return replay(self.rating_facts(), levels if levels is not None else shipped_levels())

    def stats(self, recent: int = 20) -> Stats:
        """Matches, win rates, points per hand, streaks and recent form (see ``store.stats``),
        and the accuracy of every reviewed match over time."""
        return replace(compute_stats(self.summary_rows(), recent), accuracy=self.accuracy())

    # -------------------------------------------------------------- the review
    def save_review(
        self,
        match_id: int,
        accuracy: float | None,
        decisions: int,
        marks: Mapping[str, int],
        hands: Mapping[int, tuple[float | None, int]],
        reviewed_at: str | None = None,
    ) -> bool:
        """Keep a review's figures (``ai.review.MatchReview``) with match ``match_id``:
        its accuracy, decisions and marks, and per hand number (accuracy, decisions).
        A later review replaces them. False if there is no such match."""
        with self._db() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                cur = conn.execute(
                    "UPDATE matches SET accuracy = ?, decisions = ?, marks = ?, reviewed_at = ? "
                    "WHERE id = ?",
                    (
                        accuracy,
                        decisions,
                        json.dumps(dict(marks)),
                        reviewed_at or iso(utc_now()),
                        match_id,
                    ),
                )
                if cur.rowcount:
                    conn.executemany(
                        "UPDATE hands SET accuracy = ?, decisions = ? "
                        "WHERE match_id = ? AND hand_no = ?",
                        [(acc, n, match_id, no) for no, (acc, n) in hands.items()],
                    )
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        return bool(cur.rowcount)

    def accuracy(self) -> list[AccuracyPoint]:
        """Every reviewed match's accuracy, oldest first (for a chart over time)."""
        with self._db() as conn:
            rows = conn.execute(
                "SELECT id, ended_at, variant, cpu_level, accuracy, decisions, marks "
                "FROM matches WHERE accuracy IS NOT NULL ORDER BY id"
            ).fetchall()
        out = []
        for r in rows:
            try:
                out.append(_review(r))
            except DamagedRow:
                self.skipped.append(r["id"])  # a damaged row: left out, said in ``note``
        return out

    def summary_rows(self) -> list[SummaryRow]:
        """Per match, oldest first: id, variant, scoring, cpu level, outcome, hands,
        the sum of the person's points over its hands and whether they are rounds
        (for :func:`compute_stats`)."""
        with self._db() as conn:
            rows = conn.execute(
                """
                SELECT m.id, m.variant, m.settings, m.cpu_level, m.outcome,
                       count(h.hand_no), coalesce(sum(h.human_points), 0)
                FROM matches m LEFT JOIN hands h ON h.match_id = m.id
                GROUP BY m.id ORDER BY m.id
                """
            ).fetchall()
        out = []
        for mid, variant, settings, level, outcome, hands, points in rows:
            if not (
                isinstance(variant, str)
                and isinstance(level, str)
                and outcome in OUTCOMES
                and _whole(hands)
                and _whole(points)
            ):
                self.skipped.append(mid)  # a damaged row: left out, said in ``note``
                continue
            try:
                said = json.loads(settings)
                scoring = str(said.get("scoring", "winner_takes"))
                rounds = said.get("layout") in ROUND_LAYOUTS
            except (ValueError, TypeError, AttributeError, RecursionError):
                scoring, rounds = "winner_takes", False
            out.append((mid, variant, scoring, level, outcome, hands, points, rounds))
        return out


class DamagedRow(ValueError):
    """A history row that does not read back as a match or a hand (edited by hand, damaged)."""


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _seconds(x: float) -> float:
    """A duration for the history: finite and not negative (0 for anything else)."""
    return round(x, 3) if isinstance(x, (int, float)) and math.isfinite(x) and x >= 0 else 0.0


def _json(r: sqlite3.Row, key: str, kind: type) -> Any:
    try:
        v = json.loads(r[key])
    except (TypeError, ValueError, RecursionError):
        raise DamagedRow(f"its {key} are not readable") from None
    if not isinstance(v, kind):
        raise DamagedRow(f"its {key} are not readable")
    return v


def _ints(r: sqlite3.Row, key: str) -> list[int]:
    v = _json(r, key, list)
    if not all(_whole(x) for x in v):
        raise DamagedRow(f"its {key} are not whole numbers")
    return v


def _field(r: sqlite3.Row, key: str, kind: type | tuple[type, ...], optional: bool = False) -> Any:
    v = r[key]
    if v is None and optional:
        return None
    if isinstance(v, bool) or not isinstance(v, kind):
        raise DamagedRow(f"its {key} is not valid")
    return v


def _accuracy(r: sqlite3.Row) -> float | None:
    """A reviewed match's (or hand's) accuracy, 0 to 1; None if not reviewed (or unreadable)."""
    v = r["accuracy"]
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 1:
        return None
    return float(v)


def _review(r: sqlite3.Row) -> AccuracyPoint:
    """A reviewed match's figures; DamagedRow if its accuracy is not a number from 0 to 1,
    its decisions not a whole number or its names not text (unreadable marks count as none)."""
    accuracy = _accuracy(r)
    if accuracy is None:  # not a number, NaN, infinite or out of range
        raise DamagedRow("its accuracy is not valid")
    decisions = r["decisions"]
    if decisions is None:
        decisions = 0
    if not _whole(decisions) or decisions < 0:
        raise DamagedRow("its decisions are not valid")
    try:
        raw = json.loads(r["marks"] or "{}")
    except (TypeError, ValueError, RecursionError):
        raw = {}
    ok = isinstance(raw, dict) and all(_whole(v) and v >= 0 for v in raw.values())
    marks = {str(k): v for k, v in raw.items()} if ok else {}
    return AccuracyPoint(
        r["id"],
        _field(r, "ended_at", str),
        _field(r, "variant", str),
        _field(r, "cpu_level", str),
        accuracy,
        decisions,
        marks,
    )


def _match(r: sqlite3.Row) -> MatchRecord:
    """The match in row ``r``; DamagedRow (saying what) if any field does not read back."""
    try:
        seed = int(_field(r, "seed", str))
    except ValueError:
        raise DamagedRow("its seed is not a number") from None
    try:
        log = [action_from_json(a) for a in _json(r, "log", list)]
    except ValueError:
        raise DamagedRow("its moves are not readable") from None
    players = _json(r, "players", list)
    if not all(isinstance(p, str) for p in players):
        raise DamagedRow("its players are not names")
    scores = _ints(r, "scores")
    human_side = _field(r, "human_side", int)
    if scores and not 0 <= human_side < len(scores):
        raise DamagedRow("its human side is not at the table")
    duration = _field(r, "duration", (int, float))
    return MatchRecord(
        id=r["id"],
        uid=_field(r, "uid", str),
        variant=_field(r, "variant", str),
        settings=_json(r, "settings", dict),
        cpu_level=_field(r, "cpu_level", str),
        seed=seed,
        first_seat=_field(r, "first_seat", int, optional=True),
        outcome=_field(r, "outcome", str),
        winner_side=_field(r, "winner_side", int, optional=True),
        end_reason=_field(r, "end_reason", str),
        scores=scores,
        hands=_field(r, "hands", int),
        duration=float(duration) if math.isfinite(duration) else 0.0,
        started_at=_field(r, "started_at", str),
        ended_at=_field(r, "ended_at", str),
        human_side=human_side,
        players=players,
        log=log,
        accuracy=_accuracy(r),
        undos=_undos(r),
    )


def _undos(r: sqlite3.Row) -> int:
    """The match's take-backs (0 if unreadable: they only add a note to its heading)."""
    v = r["undos"]
    return v if _whole(v) and v >= 0 else 0


def _hand(r: sqlite3.Row) -> HandRecord:
    return HandRecord(
        _field(r, "hand_no", int),
        _field(r, "kind", str),
        _field(r, "winner_seat", int, optional=True),
        _field(r, "winner_side", int, optional=True),
        _ints(r, "points"),
        _ints(r, "counted"),
        _ints(r, "written_after"),
        _field(r, "human_points", int),
        _accuracy(r),
    )
