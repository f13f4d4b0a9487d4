"""Match history in SQLite (``history.sqlite3``, WAL): one row per match, one per hand.

The schema carries a version in ``PRAGMA user_version`` and climbs from the
first version one migration at a time (:data:`MIGRATIONS`), each in its own
transaction. A database that is damaged, foreign or written by a newer
version is renamed aside to ``history.sqlite3.corrupt-<timestamp>`` (with its
``-wal``/``-shm`` files) and a fresh one is started; :attr:`History.problem`
then says so in one sentence.

Every method opens its own short connection, so a ``History`` can be used
from any thread (the TUI records from a worker).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..engine import HAND_OVER, Action, Game, HandResult, Rules, action_from_json, action_to_json
from ..engine.rules import rules_from_dict
from .paths import data_dir, iso, set_aside, utc_now
from .saves import MatchInfo
from .stats import AccuracyPoint, Stats, compute_stats

DB_NAME = "history.sqlite3"
SCHEMA_VERSION = 3

WIN, LOSS, DRAW, ABANDONED = "win", "loss", "draw", "abandoned"
OUTCOMES = (WIN, LOSS, DRAW, ABANDONED)


# ------------------------------------------------------------------ schema
def _v0_to_v1(conn: sqlite3.Connection) -> None:
    """The first schema: matches and hands; outcomes were worked out from ``winner_side``."""
    conn.execute(
        """
        CREATE TABLE matches (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            variant TEXT NOT NULL,
            settings TEXT NOT NULL,
            cpu_level TEXT NOT NULL,
            seed TEXT NOT NULL,
            first_seat INTEGER,
            winner_side INTEGER,
            end_reason TEXT NOT NULL,
            scores TEXT NOT NULL,
            hands INTEGER NOT NULL,
            duration REAL NOT NULL,
            started_at TEXT NOT NULL,
            ended_at TEXT NOT NULL,
            log TEXT NOT NULL
        )
        """
    )
    conn.execute(
        """
        CREATE TABLE hands (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            hand_no INTEGER NOT NULL,
            kind TEXT NOT NULL,
            winner_seat INTEGER,
            winner_side INTEGER,
            points TEXT NOT NULL,
            counted TEXT NOT NULL,
            written_after TEXT NOT NULL,
            PRIMARY KEY (match_id, hand_no)
        )
        """
    )


def _v1_to_v2(conn: sqlite3.Connection) -> None:
    """Who the person was: ``human_side``, seat ``players`` names, the ``outcome`` from their
    side, and each hand's ``human_points``; v1 rows were all played from seat 0."""
    for sql in (
        "ALTER TABLE matches ADD COLUMN human_side INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE matches ADD COLUMN players TEXT NOT NULL DEFAULT '[]'",
        "ALTER TABLE matches ADD COLUMN outcome TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE hands ADD COLUMN human_points INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX matches_by_end ON matches(ended_at)",
        """
        UPDATE matches SET outcome = CASE
            WHEN end_reason = 'abandoned' THEN 'abandoned'
            WHEN winner_side IS NULL THEN 'draw'
            WHEN winner_side = human_side THEN 'win'
            ELSE 'loss' END
        """,
    ):
        conn.execute(sql)
    rows = conn.execute(
        "SELECT h.match_id, h.hand_no, h.points, m.human_side "
        "FROM hands h JOIN matches m ON m.id = h.match_id"
    ).fetchall()
    for match_id, hand_no, points, side in rows:
        conn.execute(
            "UPDATE hands SET human_points = ? WHERE match_id = ? AND hand_no = ?",
            (int(json.loads(points)[side]), match_id, hand_no),
        )


def _v2_to_v3(conn: sqlite3.Connection) -> None:
    """The move review's figures (``ai.review``), NULL until the match is reviewed: per match
    the ``accuracy`` (share of decisions within 3 points of the best), the ``decisions``
    judged, the ``marks`` (JSON counts of blunders, mistakes, inaccuracies) and when
    (``reviewed_at``); per hand its ``accuracy`` and ``decisions``."""
    for sql in (
        "ALTER TABLE matches ADD COLUMN accuracy REAL",
        "ALTER TABLE matches ADD COLUMN decisions INTEGER",
        "ALTER TABLE matches ADD COLUMN marks TEXT",
        "ALTER TABLE matches ADD COLUMN reviewed_at TEXT",
        "ALTER TABLE hands ADD COLUMN accuracy REAL",
        "ALTER TABLE hands ADD COLUMN decisions INTEGER",
    ):
        conn.execute(sql)


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v0_to_v1, _v1_to_v2, _v2_to_v3]
"""``MIGRATIONS[v]`` takes the schema from version ``v`` to ``v + 1``."""
assert len(MIGRATIONS) == SCHEMA_VERSION


class _Unusable(Exception):
    """The database cannot be used; the message completes "… because …"."""


class HistoryError(Exception):
    """The history could not be read or written (locked, no permission, disk full)."""


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the schema up to ``target``, one transaction a step; return the version reached.

    ``conn`` must be in autocommit mode (``isolation_level=None``).
    """
    version = schema_version(conn)
    if version > SCHEMA_VERSION:
        raise _Unusable(
            f"it was written by a newer dominoes-tui (schema {version}, "
            f"this version knows up to {SCHEMA_VERSION})"
        )
    while version < target:
        conn.execute("BEGIN IMMEDIATE")
        try:
            now = schema_version(conn)  # another process may have climbed meanwhile
            if now == version:
                if (
                    version == 0
                    and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
                ):
                    raise _Unusable("it holds tables this program did not write")
                MIGRATIONS[version](conn)
                conn.execute(f"PRAGMA user_version = {version + 1}")
                now = version + 1
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        version = now
    return version


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

    def rules(self) -> Rules:
        return rules_from_dict(self.variant, self.settings, file=f"history match {self.id}")

    def replay(self, upto: int | None = None) -> Game:
        """The game after the first ``upto`` actions (all of them by default)."""
        return Game.replay(self.rules(), self.seed, self.log[:upto], self.first_seat)

    def positions(self) -> Iterator[Game]:
        """The deal, then the game after each action in turn (for a replay viewer)."""
        g = Game.new(self.rules(), self.seed, self.first_seat)
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
        self._ready = False

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        conn = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA foreign_keys=ON")
            yield conn
        finally:
            conn.close()

    def _open(self) -> None:
        if self._ready:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise HistoryError(
                f"The match history folder {self.path.parent} cannot be made ({e.strerror})."
            ) from e
        try:
            with self._connect() as conn:
                check = conn.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise _Unusable(f"it is damaged ({check})")
                migrate(conn)
        except _Unusable as e:
            self._set_aside(str(e))
        except sqlite3.DatabaseError as e:
            if getattr(e, "sqlite_errorname", "") not in ("SQLITE_CORRUPT", "SQLITE_NOTADB"):
                raise HistoryError(f"The match history {self.path} cannot be opened ({e}).") from e
            self._set_aside(f"it is damaged ({e})")
        self._ready = True

    def _set_aside(self, reason: str) -> None:
        try:
            aside = set_aside(self.path, ("-wal", "-shm"))
        except OSError as e:
            raise HistoryError(
                f"The match history {self.path} cannot be used: {reason}, "
                f"and it could not be moved aside ({e.strerror})."
            ) from e
        self.moved_to = aside
        self.problem = (
            f"The match history {self.path} could not be used: {reason}; "
            f"it was moved to {aside.name} and a new history started."
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
            raise HistoryError(f"The match history {self.path} cannot be used ({e}).") from e

    # -------------------------------------------------------------- writing
    def record(
        self, game: Game, info: MatchInfo, *, abandoned: bool = False, ended_at: str | None = None
    ) -> int | None:
        """Add ``game`` (over, or ``abandoned``) to the history; its row id, or None if
        this ``info.match_id`` is already recorded (a resumed match is recorded once)."""
        if game.match_result is None and not abandoned:
            raise ValueError("the match is not over: record it with abandoned=True")
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
            "duration": round(info.elapsed(), 3),
            "started_at": info.started_at,
            "ended_at": ended_at or iso(utc_now()),
            "log": json.dumps([action_to_json(a) for a in game.log], separators=(",", ":")),
            "human_side": human_side,
            "players": json.dumps(list(info.names), ensure_ascii=False),
            "outcome": outcome,
        }
        cols = ", ".join(row)
        marks = ", ".join(f":{k}" for k in row)
        with self._db() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                cur = conn.execute(f"INSERT OR IGNORE INTO matches ({cols}) VALUES ({marks})", row)
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
        """Recorded matches, newest first."""
        with self._db() as conn:
            rows = conn.execute(
                "SELECT * FROM matches ORDER BY id DESC LIMIT ?", (-1 if limit is None else limit,)
            ).fetchall()
        return [_match(r) for r in rows]

    def get(self, match_id: int) -> MatchRecord | None:
        with self._db() as conn:
            r = conn.execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchone()
        return _match(r) if r is not None else None

    def latest_id(self) -> int | None:
        with self._db() as conn:
            r = conn.execute("SELECT max(id) FROM matches").fetchone()
        return r[0]

    def hands(self, match_id: int) -> list[HandRecord]:
        with self._db() as conn:
            rows = conn.execute(
                "SELECT * FROM hands WHERE match_id = ? ORDER BY hand_no", (match_id,)
            ).fetchall()
        return [
            HandRecord(
                r["hand_no"],
                r["kind"],
                r["winner_seat"],
                r["winner_side"],
                json.loads(r["points"]),
                json.loads(r["counted"]),
                json.loads(r["written_after"]),
                r["human_points"],
                r["accuracy"],
            )
            for r in rows
        ]

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
                marks = {str(k): int(v) for k, v in json.loads(r["marks"] or "{}").items()}
            except (ValueError, AttributeError, TypeError):
                marks = {}
            out.append(
                AccuracyPoint(
                    r["id"],
                    r["ended_at"],
                    r["variant"],
                    r["cpu_level"],
                    float(r["accuracy"]),
                    int(r["decisions"] or 0),
                    marks,
                )
            )
        return out

    def summary_rows(self) -> list[tuple[int, str, str, str, str, int, int]]:
        """Per match, oldest first: id, variant, scoring, cpu level, outcome, hands,
        and the sum of the person's points over its hands (for :func:`compute_stats`)."""
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
            try:
                scoring = str(json.loads(settings).get("scoring", "winner_takes"))
            except (ValueError, AttributeError):
                scoring = "winner_takes"
            out.append((mid, variant, scoring, level, outcome, hands, points))
        return out


def _match(r: sqlite3.Row) -> MatchRecord:
    return MatchRecord(
        id=r["id"],
        uid=r["uid"],
        variant=r["variant"],
        settings=json.loads(r["settings"]),
        cpu_level=r["cpu_level"],
        seed=int(r["seed"]),
        first_seat=r["first_seat"],
        outcome=r["outcome"],
        winner_side=r["winner_side"],
        end_reason=r["end_reason"],
        scores=json.loads(r["scores"]),
        hands=r["hands"],
        duration=r["duration"],
        started_at=r["started_at"],
        ended_at=r["ended_at"],
        human_side=r["human_side"],
        players=json.loads(r["players"]),
        log=[action_from_json(a) for a in json.loads(r["log"])],
        accuracy=r["accuracy"],
    )
