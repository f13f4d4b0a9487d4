"""Issue 14, the history and its commands: a damaged row is skipped with a note and the
rest shows (``stats``, ``replay``, ``History``); ``dominoes replay N`` with any N is one
sentence; ``dominoes play --speed`` takes only a finite number above 0."""

from __future__ import annotations

import json
import math
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import play_match
from typer.testing import CliRunner

from dominoes_tui import cli, store
from dominoes_tui.engine import load_variants
from dominoes_tui.store.history import DB_NAME
from dominoes_tui.tui import app as tui_app
from dominoes_tui.tui import replay_app
from dominoes_tui.tui.screens import replay as replay_screen

VARIANTS = load_variants(include_user=False)
runner = CliRunner()


@pytest.fixture
def replays(monkeypatch):
    """``dominoes replay`` without the app: the records it would show."""
    shown: list = []
    monkeypatch.setattr(replay_app, "run_replay", lambda rec, hands: shown.append(rec))
    return shown


def record(n: int) -> list[int]:
    ids = []
    for i in range(n):
        game = play_match(VARIANTS["draw" if i % 2 else "classic"], seed=i + 1)
        rec = store.finish_match(game, store.MatchInfo(cpu_level="easy", names=("You", "CPU")))
        assert rec.problem is None
        ids.append(rec.history_id)
    return ids


_THREE: tuple[dict[str, bytes], list[int]] | None = None


def recorded_three(home) -> list[int]:
    """Three recorded matches in ``home``'s (empty) folder: played and recorded once per
    test process, then its files are written back for each example (a fresh copy)."""
    global _THREE
    if _THREE is None:
        ids = record(3)
        _THREE = ({p.name: p.read_bytes() for p in home.iterdir() if p.is_file()}, ids)
        return ids
    files, ids = _THREE
    for name, data in files.items():
        (home / name).write_bytes(data)
    return list(ids)


def _one_error_line(res) -> str:
    lines = [x for x in res.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)
    return lines[0]


# ------------------------------------------------------------------ replay N
@pytest.mark.parametrize(
    "n",
    [
        "9223372036854775808",
        str(2**70),
        "-1",
        "0",
        "-9223372036854775809",
        "abc",
        "1.5",
        "",
        "9" * 5000,
        "[/b]",
        "12abc",
    ],
)
def test_replay_with_any_number_is_one_sentence(n, replays):
    record(1)
    res = runner.invoke(cli.app, ["replay", n])
    assert res.exit_code == 2
    line = _one_error_line(res)
    assert "no match" in line or "not a match number" in line
    assert not replays


def test_replay_of_a_number_that_is_there(replays):
    ids = record(2)
    assert runner.invoke(cli.app, ["replay", str(ids[0])]).exit_code == 0
    assert runner.invoke(cli.app, ["replay"]).exit_code == 0
    assert [r.id for r in replays] == [ids[0], ids[1]]


# ------------------------------------------------------------------ damaged rows
MATCH_COLUMNS = ["uid", "variant", "settings", "cpu_level", "seed", "first_seat", "winner_side"]
MATCH_COLUMNS += ["end_reason", "scores", "hands", "duration", "started_at", "ended_at", "log"]
MATCH_COLUMNS += ["human_side", "players", "outcome", "accuracy", "decisions", "marks"]
HAND_COLUMNS = ["kind", "winner_seat", "winner_side", "points", "counted", "written_after"]
HAND_COLUMNS += ["human_points"]
SQL_VALUES = st.one_of(
    st.none(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False),
    st.text(max_size=20),
    st.sampled_from(["[", "{}", "[1,", '["x"]', "[[1]]", '{"a": 1}', "null", "[/b]", "NaN"]),
    st.sampled_from(['[["play", "6-5"]]', '[["jump"]]', "[1e999]", '[["play", 1.5, 0]]']),
    st.binary(max_size=10),
)


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    damage=st.lists(
        st.tuples(
            st.booleans(),  # a match row or a hand row
            st.integers(0, 2),  # which match
            st.integers(0, 20),  # which column
            SQL_VALUES,
        ),
        min_size=1,
        max_size=4,
    )
)
def test_damaged_rows_are_skipped_and_the_rest_shows(dominoes_home, damage, monkeypatch):
    for p in dominoes_home.iterdir():
        p.unlink()
    ids = recorded_three(dominoes_home)
    touched: set[int] = set()
    conn = sqlite3.connect(dominoes_home / DB_NAME, isolation_level=None)
    try:
        for is_match, which, col, value in damage:
            mid = ids[which]
            columns = MATCH_COLUMNS if is_match else HAND_COLUMNS
            column = columns[col % len(columns)]
            table, key = ("matches", "id") if is_match else ("hands", "match_id")
            try:
                conn.execute(f"UPDATE {table} SET {column} = ? WHERE {key} = ?", (value, mid))
            except sqlite3.IntegrityError:  # NOT NULL, UNIQUE: SQLite refuses it itself
                continue
            touched.add(mid)
    finally:
        conn.close()
    h = store.History()
    st_ = h.stats()
    found = h.matches()
    assert {m.id for m in found} | set(h.skipped) >= set(ids)
    assert {m.id for m in found} >= set(ids) - touched  # the rest shows
    assert st_.total.matches + len(set(h.skipped) - touched) >= len(ids) - len(touched)
    if h.skipped:
        note = h.note
        assert note and "\n" not in note and "damaged" in note
    for mid in ids:
        try:
            rec = h.get(mid)
        except store.HistoryError as e:
            assert str(e) and "\n" not in str(e)
            continue
        h.hands(mid)
        if rec is not None:
            try:
                replay_screen.ReplayScreen.check(rec)
            except ValueError:
                continue
    monkeypatch.setattr(replay_app, "run_replay", lambda rec, hands: None)
    for args in (["stats"], ["stats", "--json"], ["replay"], *[["replay", str(i)] for i in ids]):
        res = runner.invoke(cli.app, args)
        assert res.exception is None or isinstance(res.exception, SystemExit), (args, res.output)
        assert res.exit_code in (0, 1, 2), (args, res.output)
        assert "Traceback" not in res.output


def test_a_damaged_row_is_said_by_stats_and_skipped(dominoes_home):
    ids = record(3)
    with store.History()._db() as conn:
        conn.execute("UPDATE matches SET log = 'garbage' WHERE id = ?", (ids[0],))
        conn.execute("UPDATE matches SET outcome = 'weird' WHERE id = ?", (ids[1],))
    res = runner.invoke(cli.app, ["stats"])
    assert res.exit_code == 0, res.output
    note = [x for x in res.stderr.splitlines() if x.strip()]
    assert len(note) == 1 and "damaged" in note[0]
    assert "Matches" in res.stdout
    h = store.History()
    assert [m.id for m in h.matches()] == [ids[2], ids[1]]
    assert h.stats().total.matches == 2
    with pytest.raises(store.HistoryError, match=f"Match {ids[0]} in the history is damaged"):
        h.get(ids[0])


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("accuracy", "abc"),
        ("accuracy", b"\x00"),
        ("accuracy", math.inf),
        ("accuracy", -math.inf),
        ("accuracy", 7.5),
        ("accuracy", "NaN"),
        ("decisions", "abc"),
        ("decisions", math.inf),
        ("decisions", 2.5),
        ("decisions", -3),
        ("variant", b"\xff"),
    ],
)
def test_damaged_review_figures_are_skipped_and_said_once(dominoes_home, column, value):
    ids = record(3)
    h = store.History()
    for mid in ids:
        assert h.save_review(mid, 0.75, 12, {"blunder": 1}, {})
    with h._db() as conn:
        conn.execute(f"UPDATE matches SET {column} = ? WHERE id = ?", (value, ids[1]))
        # marks that are not counts are read as none, and the row still shows
        conn.execute("UPDATE matches SET marks = '{\"blunder\": 1e999}' WHERE id = ?", (ids[2],))
    h = store.History()
    points = h.stats().accuracy
    assert [(p.match_id, p.accuracy, p.decisions) for p in points] == [
        (ids[0], 0.75, 12),
        (ids[2], 0.75, 12),
    ]
    assert points[0].marks == {"blunder": 1} and points[1].marks == {}
    assert h.note == f"1 damaged match in the history was skipped (number {ids[1]})."
    for args in (["stats"], ["stats", "--json"]):
        res = runner.invoke(cli.app, args)
        assert res.exit_code == 0, (args, res.output)
        assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
        said = [x for x in res.stderr.splitlines() if x.strip()]
        assert said == [f"1 damaged match in the history was skipped (number {ids[1]})."]
    shown = json.loads(runner.invoke(cli.app, ["stats", "--json"]).stdout)
    assert len(shown["accuracy"]) == 2


def test_replay_without_a_number_skips_a_damaged_latest(dominoes_home, replays):
    ids = record(2)
    with store.History()._db() as conn:
        conn.execute("UPDATE matches SET players = '{' WHERE id = ?", (ids[1],))
    res = runner.invoke(cli.app, ["replay"])
    assert res.exit_code == 0, res.output
    assert [r.id for r in replays] == [ids[0]]
    assert "damaged" in res.stderr
    res = runner.invoke(cli.app, ["replay", str(ids[1])])
    assert res.exit_code == 1 and "damaged" in _one_error_line(res)


# ------------------------------------------------------------------ --speed
@pytest.mark.parametrize("speed", ["nan", "inf", "-inf", "0", "-1", "1e999", "-0"])
def test_play_refuses_a_speed_that_is_not_a_number_above_0(speed, monkeypatch):
    opened: list = []
    monkeypatch.setattr(tui_app, "run_app", lambda **kw: opened.append(kw))
    res = runner.invoke(cli.app, ["play", "--speed", speed])
    assert res.exit_code == 2
    assert "--speed" in _one_error_line(res)
    assert not opened


def test_play_takes_a_fine_speed(monkeypatch):
    opened: list = []
    monkeypatch.setattr(tui_app, "run_app", lambda **kw: opened.append(kw))
    assert runner.invoke(cli.app, ["play", "--speed", "0.5"]).exit_code == 0
    assert math.isclose(opened[0]["speed"], 0.5)
