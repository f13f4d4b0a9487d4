"""The history's SQLite schema: its version in ``PRAGMA user_version`` and the migrations
that climb to it from the first version, one step and one transaction at a time.

:func:`migrate` brings a connection's schema up to :data:`SCHEMA_VERSION`; a database
it cannot use (written by a newer version, or holding tables this program did not
write) raises :class:`Unusable`, whose message completes "… because …".
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable

SCHEMA_VERSION = 6


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


def _v3_to_v4(conn: sqlite3.Connection) -> None:
    """Take-backs: ``undos``, how many moves the person took back in the match (practice
    hands and matches against Easy allow them); the matches before had none."""
    conn.execute("ALTER TABLE matches ADD COLUMN undos INTEGER NOT NULL DEFAULT 0")


def _v4_to_v5(conn: sqlite3.Connection) -> None:
    """What makes a match casual besides its rules and level (the rating, issue 27):
    ``hints`` the person asked for, ``coach_backs`` (the coach's "take it back" taken),
    ``daily`` (1: the daily deal). The matches before were not counted: none."""
    for sql in (
        "ALTER TABLE matches ADD COLUMN hints INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE matches ADD COLUMN coach_backs INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE matches ADD COLUMN daily INTEGER NOT NULL DEFAULT 0",
    ):
        conn.execute(sql)


def _v5_to_v6(conn: sqlite3.Connection) -> None:
    """``coached`` (1: the coach, its guide or its tips, was on at the table during the
    match: casual, issue 27). The matches before did not say: none."""
    conn.execute("ALTER TABLE matches ADD COLUMN coached INTEGER NOT NULL DEFAULT 0")


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [
    _v0_to_v1,
    _v1_to_v2,
    _v2_to_v3,
    _v3_to_v4,
    _v4_to_v5,
    _v5_to_v6,
]
"""``MIGRATIONS[v]`` takes the schema from version ``v`` to ``v + 1``."""
assert len(MIGRATIONS) == SCHEMA_VERSION


class Unusable(Exception):
    """The database cannot be used; the message completes "… because …"."""


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the schema up to ``target``, one transaction a step; return the version reached.

    ``conn`` must be in autocommit mode (``isolation_level=None``).
    """
    version = schema_version(conn)
    if version > SCHEMA_VERSION:
        raise Unusable(
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
                    raise Unusable("it holds tables this program did not write")
                MIGRATIONS[version](conn)
                conn.execute(f"PRAGMA user_version = {version + 1}")
                now = version + 1
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        version = now
    return version
