"""Match history in SQLite: records, migrations, damaged databases, statistics, ``dominoes stats``."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from store_helpers import play_match, state
from typer.testing import CliRunner

from dominoes_tui import store
from dominoes_tui.ai import LEVELS
from dominoes_tui.cli import app
from dominoes_tui.engine import Game, Resign, TimeOut, load_variant, new_game, replay_game
from dominoes_tui.report import sparkline
from dominoes_tui.store import history as hist
from dominoes_tui.store import schema
from dominoes_tui.store.stats import compute_stats, streaks


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(tmp_path))
    return tmp_path


def columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]


# ------------------------------------------------------------------ records
def test_a_finished_match_is_one_row_and_a_row_per_hand(home: Path) -> None:
    game = play_match(load_variant("classic"), seed=2**64 + 5)
    info = store.MatchInfo(cpu_level="easy", names=("You", "CPU"))
    h = store.History()
    mid = h.record(game, info, ended_at="2026-11-29T20:00:00Z")
    row = h.get(mid)
    assert row.variant == "classic" and row.settings == game.rules.to_dict()
    assert row.cpu_level == "easy" and row.seed == 2**64 + 5 and row.first_seat is None
    assert row.end_reason == "target" and row.winner_side == game.match_result.winner_side
    assert row.outcome == store.outcome_of(game, 0)
    assert row.scores == list(game.scores.written)
    assert row.hands == len(game.results) and row.players == ["You", "CPU"]
    assert row.started_at == info.started_at and row.ended_at == "2026-11-29T20:00:00Z"
    assert row.duration >= 0 and row.human_side == 0 and row.uid == info.match_id
    assert row.log == game.log
    assert state(row.replay()) == state(game)
    hands = h.hands(mid)
    assert [x.hand_no for x in hands] == list(range(1, len(game.results) + 1))
    for rec, res in zip(hands, game.results, strict=True):
        assert (rec.kind, rec.winner_seat, rec.winner_side) == (
            res.kind,
            res.winner,
            res.winner_side,
        )
        assert rec.points == list(res.points) and rec.counted == list(res.counted)
        assert rec.written_after == list(res.after.written)
        assert rec.human_points == res.points[0]


def test_positions_step_through_every_action(home: Path) -> None:
    game = play_match(load_variant("block"), seed=9)
    h = store.History()
    row = h.get(h.record(game, store.MatchInfo()))
    games = list(row.positions())
    assert len(games) == len(game.log) + 1
    assert games[0].log == [] and state(games[-1]) == state(game)
    assert state(row.replay(upto=5)) == state(games[5])


def test_the_database_is_wal_with_the_latest_schema(home: Path) -> None:
    store.History().matches()
    with sqlite3.connect(home / "history.sqlite3") as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert schema.schema_version(conn) == store.SCHEMA_VERSION == 6


def test_end_reasons(home: Path) -> None:
    h = store.History()
    resign_rules = load_variant("double-first")
    assert resign_rules.resign
    g = play_match(resign_rules, seed=1, steps=20)
    g.apply(Resign(0))
    assert h.get(h.record(g, store.MatchInfo())).end_reason == "resign"
    assert h.get(1).outcome == "loss"

    g = play_match(load_variant("classic").replace(clock_minutes=3), seed=1, steps=20)
    g.apply(TimeOut(1))
    row = h.get(h.record(g, store.MatchInfo()))
    assert (row.end_reason, row.outcome) == ("time", "win")

    g = play_match(load_variant("classic"), seed=1, steps=20)
    row = h.get(h.record(g, store.MatchInfo(), abandoned=True))
    assert (row.end_reason, row.outcome, row.winner_side) == ("abandoned", "abandoned", None)

    g = play_match(load_variant("classic").replace(target=0), seed=1)
    assert h.get(h.record(g, store.MatchInfo())).end_reason == "single_hand"

    with pytest.raises(ValueError, match="abandoned=True"):
        h.record(play_match(load_variant("classic"), seed=1, steps=3), store.MatchInfo())


def test_a_hand_just_over_counts_when_abandoned(home: Path) -> None:
    g = play_match(load_variant("classic"), seed=6, steps=300)
    g2 = replay_game(g.rules, g.seed, [])
    for a in g.log:  # stop right after the first hand ends
        g2.apply(a)
        if g2.phase == "hand_over":
            break
    h = store.History()
    row = h.get(h.record(g2, store.MatchInfo(), abandoned=True))
    assert row.hands == 1 and len(h.hands(row.id)) == 1


def test_partners_record_the_human_side(home: Path) -> None:
    rules = load_variant("goat")
    assert rules.partners and rules.players == 4
    g = play_match(rules, seed=4)
    h = store.History()
    row = h.get(h.record(g, store.MatchInfo(human_seat=3)))
    assert row.human_side == 1
    assert row.outcome == ("win" if g.match_result.winner_side == 1 else "loss")
    assert [x.human_points for x in h.hands(row.id)] == [r.points[1] for r in g.results]


def test_matches_newest_first(home: Path) -> None:
    h = store.History()
    for seed in range(3):
        h.record(
            play_match(load_variant("block"), seed=seed, steps=10),
            store.MatchInfo(),
            abandoned=True,
        )
    assert [m.id for m in h.matches()] == [3, 2, 1]
    assert [m.id for m in h.matches(limit=2)] == [3, 2]
    assert h.latest_id() == 3 and h.get(99) is None


# ----------------------------------------------------------------- migrations
V1_SCHEMA = """
CREATE TABLE matches (
    id INTEGER PRIMARY KEY, uid TEXT NOT NULL UNIQUE, variant TEXT NOT NULL,
    settings TEXT NOT NULL, cpu_level TEXT NOT NULL, seed TEXT NOT NULL, first_seat INTEGER,
    winner_side INTEGER, end_reason TEXT NOT NULL, scores TEXT NOT NULL, hands INTEGER NOT NULL,
    duration REAL NOT NULL, started_at TEXT NOT NULL, ended_at TEXT NOT NULL, log TEXT NOT NULL
);
CREATE TABLE hands (
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    hand_no INTEGER NOT NULL, kind TEXT NOT NULL, winner_seat INTEGER, winner_side INTEGER,
    points TEXT NOT NULL, counted TEXT NOT NULL, written_after TEXT NOT NULL,
    PRIMARY KEY (match_id, hand_no)
);
PRAGMA user_version = 1;
"""
"""The first schema as it shipped, frozen here so the migration is tested from the real thing."""


def _v1_database(path: Path, games: list[tuple[Game, str]]) -> None:
    conn = sqlite3.connect(path)
    conn.executescript(V1_SCHEMA)
    for i, (g, reason) in enumerate(games, 1):
        ws = None if reason == "abandoned" else g.match_result.winner_side
        conn.execute(
            "INSERT INTO matches VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                i, f"uid{i}", g.rules.name, json.dumps(g.rules.to_dict()), "easy", str(g.seed),
                None, ws, reason, json.dumps(list(g.scores.written)), len(g.results), 12.5,
                "2026-01-01T10:00:00Z", f"2026-01-0{i}T11:00:00Z",
                json.dumps([hist.action_to_json(a) for a in g.log]),
            ),
        )  # fmt: skip
        for n, r in enumerate(g.results, 1):
            conn.execute(
                "INSERT INTO hands VALUES (?,?,?,?,?,?,?,?)",
                (
                    i, n, r.kind, r.winner, r.winner_side, json.dumps(list(r.points)),
                    json.dumps(list(r.counted)), json.dumps(list(r.after.written)),
                ),
            )  # fmt: skip
    conn.commit()
    conn.close()


def test_the_first_migration_builds_the_frozen_v1_schema(tmp_path: Path) -> None:
    frozen = sqlite3.connect(tmp_path / "frozen.sqlite3")
    frozen.executescript(V1_SCHEMA)
    built = sqlite3.connect(tmp_path / "built.sqlite3", isolation_level=None)
    assert schema.migrate(built, target=1) == 1
    for table in ("matches", "hands"):
        assert columns(built, table) == columns(frozen, table)


def test_migration_from_v1_keeps_and_fills_every_row(home: Path) -> None:
    won = play_match(load_variant("classic"), seed=1)
    other = play_match(load_variant("draw"), seed=2)
    part = play_match(load_variant("block"), seed=3, steps=40)
    _v1_database(
        home / "history.sqlite3", [(won, "target"), (other, "target"), (part, "abandoned")]
    )
    h = store.History()
    rows = {m.id: m for m in h.matches()}
    assert h.problem is None and len(rows) == 3
    with sqlite3.connect(home / "history.sqlite3") as conn:
        assert schema.schema_version(conn) == store.SCHEMA_VERSION
        assert {"human_side", "players", "outcome", "undos"} <= set(columns(conn, "matches"))
        assert {"hints", "coach_backs", "daily", "coached"} <= set(columns(conn, "matches"))
        assert conn.execute("SELECT name FROM sqlite_master WHERE name='matches_by_end'").fetchone()
    assert rows[1].outcome == store.outcome_of(won, 0)
    assert rows[2].outcome == store.outcome_of(other, 0)
    assert rows[3].outcome == "abandoned" and rows[3].end_reason == "abandoned"
    assert rows[1].players == [] and rows[1].human_side == 0
    assert state(rows[1].replay()) == state(won)
    assert [x.human_points for x in h.hands(1)] == [r.points[0] for r in won.results]
    # and the migrated database takes new matches
    assert h.record(play_match(load_variant("classic"), seed=4), store.MatchInfo()) == 4
    assert h.stats().total.matches == 4


def test_migration_from_v3_counts_no_undos_for_the_matches_before(home: Path) -> None:
    """Schema 4 (issue 24): the take-backs of a match; the matches recorded before had none,
    and a match with one says so in its heading."""
    path = home / "history.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    schema.migrate(conn, target=3)
    assert "undos" not in columns(conn, "matches")
    won = play_match(load_variant("classic"), seed=1)
    conn.execute(
        "INSERT INTO matches (uid, variant, settings, cpu_level, seed, first_seat, winner_side, "
        "end_reason, scores, hands, duration, started_at, ended_at, log, human_side, players, "
        "outcome) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (
            "old", won.rules.name, json.dumps(won.rules.to_dict()), "easy", str(won.seed), None,
            won.match_result.winner_side, "target", json.dumps(list(won.scores.written)),
            len(won.results), 12.5, "2026-01-01T10:00:00Z", "2026-01-01T11:00:00Z",
            json.dumps([hist.action_to_json(a) for a in won.log]), 0, "[]",
            store.outcome_of(won, 0),
        ),
    )  # fmt: skip
    conn.close()
    h = store.History()
    (old,) = h.matches()
    assert h.problem is None and old.undos == 0 and "undo" not in old.heading()
    with sqlite3.connect(path) as c:
        assert schema.schema_version(c) == store.SCHEMA_VERSION and "undos" in columns(c, "matches")
    assert state(old.replay()) == state(won)
    new = h.get(h.record(play_match(load_variant("classic"), seed=2), store.MatchInfo(undos=2)))
    assert new.undos == 2 and new.heading().endswith(" · 2 undos")


def test_an_unreadable_undo_count_reads_as_none(home: Path) -> None:
    h = store.History()
    mid = h.record(play_match(load_variant("classic"), seed=3), store.MatchInfo(undos=1))
    with sqlite3.connect(home / "history.sqlite3") as c:
        c.execute("UPDATE matches SET undos = 'many' WHERE id = ?", (mid,))
    assert h.get(mid).undos == 0 and h.skipped == []


def test_a_failed_migration_leaves_the_old_version(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "h.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    schema.migrate(conn, target=1)

    def broken(c: sqlite3.Connection) -> None:
        c.execute("ALTER TABLE matches ADD COLUMN human_side INTEGER")
        raise RuntimeError("power cut")

    monkeypatch.setattr(schema, "MIGRATIONS", [schema.MIGRATIONS[0], broken])
    with pytest.raises(RuntimeError):
        schema.migrate(conn)
    assert schema.schema_version(conn) == 1
    assert "human_side" not in columns(conn, "matches")


# ------------------------------------------------------------ unusable databases
def _assert_new_history(home: Path, h: store.History, words: str) -> None:
    assert h.stats().total.matches == 0  # a fresh, working history
    assert words in h.problem
    assert h.problem.startswith(f"The match history {home / 'history.sqlite3'} could not be used")
    assert h.problem.endswith("and a new history started.")
    assert h.moved_to.name.startswith("history.sqlite3.corrupt-") and h.moved_to.exists()
    assert store.History().problem is None  # the next opening is quiet


def test_garbage_is_set_aside(home: Path) -> None:
    (home / "history.sqlite3").write_bytes(b"this is not a database at all" * 200)
    _assert_new_history(home, store.History(), "damaged")


def test_a_truncated_database_is_set_aside(home: Path) -> None:
    h = store.History()
    for seed in range(6):
        h.record(play_match(load_variant("classic"), seed=seed), store.MatchInfo())
    path = home / "history.sqlite3"
    data = path.read_bytes()
    assert len(data) > 3 * 4096
    path.write_bytes(data[: len(data) // 2 + 100])
    for extra in ("-wal", "-shm"):
        (home / f"history.sqlite3{extra}").unlink(missing_ok=True)
    _assert_new_history(home, store.History(), "damaged")


def test_a_newer_schema_is_set_aside(home: Path) -> None:
    store.History().matches()
    with sqlite3.connect(home / "history.sqlite3") as conn:
        conn.execute("PRAGMA user_version = 9")
    _assert_new_history(home, store.History(), "newer dominoes-tui (schema 9")


def test_a_foreign_database_is_set_aside(home: Path) -> None:
    with sqlite3.connect(home / "history.sqlite3") as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    _assert_new_history(home, store.History(), "tables this program did not write")


def test_a_database_that_cannot_be_opened_is_an_error(home: Path) -> None:
    (home / "history.sqlite3").mkdir()
    with pytest.raises(store.HistoryError, match="cannot be opened"):
        store.History().matches()


# ------------------------------------------------------------------ statistics
def _expected(games: list[tuple[Game, store.MatchInfo, bool]]) -> dict:
    outcomes = [
        "abandoned" if abandoned else store.outcome_of(g, info.human_seat)
        for g, info, abandoned in games
    ]
    longest = run = 0
    for o in outcomes:
        run = run + 1 if o == "win" else 0
        longest = max(longest, run)
    return {"outcomes": outcomes, "longest": longest, "current": run}


def test_stats_match_the_games_played_by_cpu_players(home: Path) -> None:
    """Matches played by Easy players from seeds, recorded under every CPU level's name."""
    games = []
    variants = ["classic", "draw", "block"]
    for i in range(15):
        rules = load_variant(variants[i % 3]).replace(target=40 if i % 3 else 41)
        abandoned = i % 7 == 6
        g = play_match(rules, seed=100 + i, steps=25 if abandoned else None, players_seed=i)
        info = store.MatchInfo(cpu_level=LEVELS[i % len(LEVELS)])
        rec = store.abandon_match(g, info) if abandoned else store.finish_match(g, info)
        assert rec.history_id == i + 1
        games.append((g, info, abandoned))
    st = store.History().stats(recent=10)
    exp = _expected(games)
    outcomes = exp["outcomes"]
    letters = {"win": "W", "loss": "L", "draw": "D", "abandoned": "A"}

    assert st.total.matches == 15
    assert st.total.abandoned == outcomes.count("abandoned") == 2
    assert st.total.wins == outcomes.count("win")
    assert st.total.losses == outcomes.count("loss")
    finished = 15 - 2
    assert st.total.finished == finished
    assert st.total.win_rate == pytest.approx(outcomes.count("win") / finished)
    assert st.longest_streak == exp["longest"] and st.current_streak == exp["current"]
    assert st.recent == [letters[o] for o in outcomes[-10:]]
    assert st.total.per_hand_kind == "mixed" and st.total.per_hand is None

    for v in variants:
        mine = [(g, info, ab) for g, info, ab in games if g.rules.name == v]
        group = next(x for x in st.by_variant if x.variant == v)
        hands = [r for g, _, _ in mine for r in store.history.played_hands(g)]
        assert group.matches == len(mine)
        assert group.hands == len(hands)
        assert group.per_hand == pytest.approx(sum(r.points[0] for r in hands) / len(hands))
        assert group.per_hand_kind == ("penalty" if v == "classic" else "points")
        wins = sum(1 for g, info, ab in mine if not ab and store.outcome_of(g, 0) == "win")
        fin = sum(1 for *_, ab in mine if not ab)
        assert group.wins == wins and group.win_rate == pytest.approx(wins / fin)

    for level in sorted({info.cpu_level for _, info, _ in games}):
        mine = [(g, ab) for g, info, ab in games if info.cpu_level == level]
        group = next(x for x in st.by_level if x.cpu_level == level)
        assert group.matches == len(mine)
        assert group.wins == sum(1 for g, ab in mine if not ab and store.outcome_of(g, 0) == "win")
    pairs = {(g.rules.name, info.cpu_level) for g, info, _ in games}
    assert {(x.variant, x.cpu_level) for x in st.by_variant_level} == pairs
    assert sum(x.matches for x in st.by_variant_level) == 15


def test_stats_agree_with_the_arena(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The arena's own count of wins, hands and points is the oracle for the same matches."""
    from dominoes_tui import arena

    played: list[Game] = []

    def capture(*args, **kwargs) -> Game:
        game = new_game(*args, **kwargs)
        played.append(game)
        return game

    monkeypatch.setattr(arena, "new_game", capture)
    rules = load_variant("draw").replace(target=60)
    levels = [lv for lv in LEVELS if lv in ("easy", "medium", "hard")]
    oracle = {}
    for level in levels:
        records = []
        for deal in range(4):
            for side in (0, 1):
                rec = arena.play_match(rules, "easy", level, seed=7, deal=deal, a_side=side)
                game = played[-1]
                assert game.is_over and len(game.results) == rec.hands
                info = store.MatchInfo(cpu_level=level, human_seat=rec.a_seats[0])
                assert store.finish_match(game, info).history_id is not None
                records.append(rec)
        oracle[level] = arena.summarize(records, "easy", level, rules.name)
    st = store.History().stats()
    assert [g.cpu_level for g in st.by_level] == sorted(levels)
    for group in st.by_level:
        want = oracle[group.cpu_level]
        assert group.matches == group.finished == want["matches"] == 8
        assert group.win_rate == pytest.approx(want["a_win_rate"], abs=1e-4)
        assert group.hands == want["detail"]["hands"]
        assert group.per_hand == pytest.approx(want["detail"]["a_points_per_hand"], abs=0.005)


def test_stats_of_an_empty_history(home: Path) -> None:
    st = store.History().stats()
    assert st.total.matches == 0 and st.total.win_rate is None and st.total.per_hand is None
    assert st.recent == [] and st.longest_streak == 0 and st.by_variant == []


def test_streaks_and_form() -> None:
    seq = ["win", "win", "loss", "win", "win", "win", "abandoned", "win", "draw"]
    assert streaks(seq) == (3, 0)
    assert streaks(seq[:-1]) == (3, 1)
    rows = [(i, "classic", "penalty", "easy", o, 1, 10, False) for i, o in enumerate(seq)]
    st = compute_stats(rows, recent=4)
    assert st.recent == ["W", "A", "W", "D"]
    assert st.recent_values() == [1.0, 0.0, 1.0, 0.5]
    assert sparkline(st.recent_values()) == "█▁█▄"
    assert compute_stats(rows, recent=0).recent == []
    assert st.total.win_rate == pytest.approx(6 / 8)
    json.dumps(st.to_dict())  # JSON-able
    assert st.total.unit == "hand"


def test_rounds_are_counted_as_rounds(home: Path) -> None:
    """Mexican Train's and Chicken Foot's deals are rounds: the groups say so, and a line
    game with them makes a group of hands and rounds; a match's heading says rounds."""
    rules = load_variant("mexican-train", players=4, rounds=2)
    store.finish_match(play_match(rules, seed=3), store.MatchInfo(cpu_level="easy"))
    store.finish_match(play_match(load_variant("draw"), seed=1), store.MatchInfo(cpu_level="easy"))
    h = store.History()
    st = h.stats()
    units = {g.variant: (g.unit, g.rounds, g.hands) for g in st.by_variant}
    assert units["mexican-train"] == ("round", 2, 2)
    assert units["draw"][:2] == ("hand", 0)
    assert st.total.unit == "hand or round"
    mt = next(m for m in h.matches() if m.variant == "mexican-train")
    assert mt.is_rounds and mt.heading().endswith("in 2 rounds")
    draw = next(m for m in h.matches() if m.variant == "draw")
    assert not draw.is_rounds and draw.heading().endswith(f"in {draw.hands} hands")


# ------------------------------------------------------------------ the CLI
def _record_some(n: int) -> None:
    for i in range(n):
        g = play_match(load_variant("classic" if i % 2 else "draw"), seed=i)
        store.finish_match(g, store.MatchInfo(cpu_level="easy"))


def test_cli_stats_json(home: Path) -> None:
    _record_some(3)
    result = CliRunner().invoke(app, ["stats", "--json", "--recent", "2"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["total"]["matches"] == 3 and len(data["recent"]) == 2
    assert {g["variant"] for g in data["by_variant"]} == {"classic", "draw"}


def test_cli_stats_tables(home: Path) -> None:
    _record_some(2)
    result = CliRunner().invoke(app, ["stats"], env={"COLUMNS": "110"})
    assert result.exit_code == 0, result.output
    for words in ("Matches", "Win rate", "Longest winning streak", "By variant", "By CPU level"):
        assert words in result.output
    assert "penalty" in result.output and "points" in result.output


def test_cli_stats_with_nothing_recorded(home: Path) -> None:
    result = CliRunner().invoke(app, ["stats"])
    assert result.exit_code == 0 and "No matches recorded yet" in result.output


def test_cli_stats_says_when_the_history_was_set_aside(home: Path) -> None:
    (home / "history.sqlite3").write_bytes(b"junk" * 1000)
    result = CliRunner().invoke(app, ["stats", "--json"])
    assert result.exit_code == 0
    assert "could not be used" in result.output  # stderr is mixed in by CliRunner
