"""Issue 14, saves: every field of a save is checked before use; a save that fails is set
aside with its one sentence (a finished match is never lost from both the save and the
history); a BOM, a folder or a pipe in the slot, a huge file, a read-only or full home.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import subprocess
import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import play_match, state

from dominoes_tui import store
from dominoes_tui.ai import LEVELS
from dominoes_tui.engine import Clock, Game, load_variants
from dominoes_tui.store import saves

VARIANTS = load_variants(include_user=False)


@pytest.fixture
def home(dominoes_home: Path) -> Path:
    """``$DOMINOES_TUI_HOME`` for this test (an empty folder)."""
    return dominoes_home


def _save(home: Path, name: str = "classic", steps: int | None = 40, clocked: bool = False):
    rules = VARIANTS[name]
    if clocked:
        rules = rules.replace(clock_minutes=5)
    game = play_match(rules, seed=7, steps=steps)
    names = ("You", "CPU") if rules.players == 2 else ("You", "West", "North", "East")
    info = store.MatchInfo(cpu_level="hard", names=names)
    clock = Clock(rules.players, 300, 0, now=lambda: 0.0) if clocked else None
    assert store.autosave(game, info, clock, home=home) is None
    return game, info


def _data(home: Path) -> dict:
    return json.loads((home / "autosave.json").read_text("utf-8"))


def _write(home: Path, data: dict) -> None:
    (home / "autosave.json").write_text(json.dumps(data), "utf-8")  # NaN written as NaN


def _one_sentence(text: str | None) -> None:
    assert text and "\n" not in text and text.endswith(".") and "Traceback" not in text


def _asides(home: Path) -> list[Path]:
    return sorted(home.glob("autosave.json.corrupt-*"))


# ------------------------------------------------------------------ every field
def test_the_issue_case_a_finished_match_with_played_seconds_nan_is_not_lost(home):
    """``played_seconds: NaN`` made the finished match vanish from the save and the history."""
    game, info = _save(home, "draw", steps=None)
    assert game.is_over
    data = _data(home)
    data["match"]["played_seconds"] = math.nan
    _write(home, data)
    original = (home / "autosave.json").read_bytes()
    res = store.load_autosave()
    assert not res.ok
    _one_sentence(res.problem)
    assert "time played" in res.problem
    assert [p.read_bytes() for p in _asides(home)] == [original]  # set aside, not deleted


def test_the_history_never_silently_drops_a_match(home):
    """Even a match whose details slipped past the checks (NaN seconds) is recorded, or
    the save is kept: ``INSERT OR IGNORE`` no longer swallows a refused row."""
    game, info = _save(home, "draw", steps=None)
    info.played_seconds = math.nan
    rec = store.finish_match(game, info)
    assert rec.history_id is not None and rec.problem is None
    assert store.History().get(rec.history_id).duration == 0.0
    assert not store.has_autosave()


BAD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.sampled_from([-1, 0, 1, 2, 3, 4, 99, 2**63, -(2**63)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, math.inf, -math.inf, -0.5, 1e300]),
    st.text(max_size=50),
    st.sampled_from(["[/b]", "[red]x", "easy", "grandmaster", "x" * 41, "", "\x1b[2J", "2026"]),
    st.lists(st.one_of(st.integers(-2, 5), st.text(max_size=5), st.floats()), max_size=5),
    st.dictionaries(st.text(max_size=8), st.integers(), max_size=3),
)
TOP = ["format", "version", "saved_at", "variant", "settings", "seed", "first_seat", "log"]
TOP += ["clocks", "match", "check"]
MATCH = ["match_id", "cpu_level", "names", "human_seat", "started_at", "played_seconds"]


@st.composite
def damage(draw, data: dict) -> dict:
    """``data`` with one to three fields replaced, removed, or one move or setting changed."""
    data = json.loads(json.dumps(data))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["top", "match", "match", "settings", "log", "drop"]))
        if where == "top":
            data[draw(st.sampled_from(TOP))] = draw(BAD)
        elif where == "match" and isinstance(data.get("match"), dict):
            data["match"][draw(st.sampled_from(MATCH))] = draw(BAD)
        elif where == "settings" and isinstance(data.get("settings"), dict):
            key = draw(st.sampled_from(sorted(data["settings"]) + ["nope"]))
            data["settings"][key] = draw(BAD)
        elif where == "log" and isinstance(data.get("log"), list) and data["log"]:
            i = draw(st.integers(0, len(data["log"]) - 1))
            data["log"][i] = draw(st.one_of(BAD, st.lists(BAD, max_size=4)))
        elif where == "drop":
            container = data
            if draw(st.booleans()) and isinstance(data.get("match"), dict):
                container = data["match"]
            if container:
                container.pop(draw(st.sampled_from(sorted(container))), None)
    return data


def _check_loaded(saved: store.SavedGame) -> None:
    """A save that loads is fit for use: every field within its range."""
    info, rules = saved.info, saved.game.rules
    assert info.cpu_level in LEVELS
    assert len(info.names) == rules.players and all(0 < len(n) <= 40 for n in info.names)
    assert 0 <= info.human_seat < rules.players
    assert math.isfinite(info.played_seconds) and info.played_seconds >= 0
    assert math.isfinite(info.elapsed())
    if saved.clocks is not None:
        assert len(saved.clocks) == rules.players
        assert all(math.isfinite(x) and 0 <= x <= rules.clock_minutes * 60 for x in saved.clocks)
    saved.make_clock()
    assert saved.game.invariant_errors() == []
    saved.game.legal_actions()


@pytest.mark.parametrize("name", ["classic", "all-fives", "goat"])
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_damaged_field_is_refused_in_one_sentence_and_set_aside(name, data):
    with tempfile.TemporaryDirectory() as tmp:
        _damaged_save_is_used_or_set_aside(Path(tmp), name, data)


def _damaged_save_is_used_or_set_aside(home: Path, name: str, data) -> None:
    game, _ = _save(home, name, steps=None if name == "classic" else 30, clocked=True)
    damaged = data.draw(damage(_data(home)))
    _write(home, damaged)
    written = (home / "autosave.json").read_bytes()
    res = store.load_autosave(home)
    if res.ok:
        _check_loaded(res.saved)
        if res.saved.game.is_over:  # the app records it: it is in the history, or kept
            rec = store.finish_match(res.saved.game, res.saved.info, home)
            assert rec.history_id is not None or store.has_autosave(home)
        return
    _one_sentence(res.problem)
    assert not store.has_autosave(home)
    assert [p.read_bytes() for p in _asides(home)] == [written]  # nothing lost


@pytest.mark.parametrize(
    "where, value, words",
    [
        (("match", "played_seconds"), math.inf, "time played"),
        (("match", "played_seconds"), -1, "time played"),
        (("match", "played_seconds"), "12", "time played"),
        (("match", "cpu_level"), "grandmaster", "CPU level"),
        (("match", "names"), ["You"], "names 1 seat for 2 players"),
        (("match", "names"), ["You", "CPU", "Extra"], "names 3 seats"),
        (("match", "names"), ["You", "x" * 41], "not a seat's name"),
        (("match", "names"), ["You", "[/b]"], "not a seat's name"),
        (("match", "names"), ["You", 5], "not a seat's name"),
        (("match", "human_seat"), 2, "human seat"),
        (("match", "human_seat"), True, "human_seat"),
        (("match", "match_id"), "../x", "match id"),
        (("match", "started_at"), "yesterday", "start time"),
        (("clocks",), [300, math.nan], "clocks"),
        (("clocks",), [300, 1e9], "clocks"),
        (("clocks",), [300], "clocks"),
        (("seed",), 2**200, "seed"),
        (("seed",), 1.5, "seed"),
        (("saved_at",), "soon", "save time"),
        (("variant",), "", "variant name"),
        (("log",), [["play", "6-5"]], "moves is damaged"),
    ],
)
def test_each_field_is_checked(home, where, value, words):
    _save(home, clocked=True)
    data = _data(home)
    target = data
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    _write(home, data)
    res = store.load_autosave()
    assert not res.ok, value
    _one_sentence(res.problem)
    assert words in res.problem


def test_a_save_without_names_gets_the_usual_ones(home):
    game = play_match(VARIANTS["draw"], seed=1, steps=10)
    assert store.autosave(game, store.MatchInfo(), home=home) is None
    res = store.load_autosave()
    assert res.ok and res.saved.info.names == ("You", "CPU")


def test_a_save_with_a_byte_order_mark_loads(home):
    game, _ = _save(home)
    path = home / "autosave.json"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert store.saved_match_id() is not None
    res = store.load_autosave()
    assert res.ok, res.problem
    assert state(res.saved.game) == state(game)


# ------------------------------------------------------------------ not a file
def test_a_folder_in_the_save_slot_is_set_aside_and_saving_works_again(home):
    (home / "autosave.json").mkdir()
    (home / "autosave.json" / "inside.txt").write_text("kept")
    assert store.has_autosave()  # "Continue" shows, and says what is wrong
    assert store.saved_match_id() is None
    res = store.load_autosave()
    assert not res.ok
    _one_sentence(res.problem)
    assert "folder" in res.problem
    (aside,) = _asides(home)
    assert (aside / "inside.txt").read_text() == "kept"
    game, _ = _save(home)
    assert store.load_autosave().ok


def test_a_folder_put_in_the_slot_during_a_match_does_not_stop_the_saves(home):
    game = play_match(VARIANTS["draw"], seed=2, steps=5)
    (home / "autosave.json").mkdir()
    assert store.autosave(game, store.MatchInfo(cpu_level="easy")) is None
    assert store.load_autosave().ok
    assert len(_asides(home)) == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_in_the_save_slot_never_blocks(home):
    os.mkfifo(home / "autosave.json")
    got: list = []

    def look() -> None:  # opening the pipe would block for ever: a thread, to fail, not hang
        got.append(store.saved_match_id())
        got.append(store.load_autosave())

    t = threading.Thread(target=look, daemon=True)
    t.start()
    t.join(60)
    assert not t.is_alive(), "reading the save slot blocked on a pipe"
    match_id, res = got
    assert match_id is None
    assert not res.ok and "not a file" in res.problem
    assert store.autosave(play_match(VARIANTS["draw"], 2, 5), store.MatchInfo()) is None


# ------------------------------------------------------------------ sizes
def _no_replay(monkeypatch):
    def refuse(*a, **k):  # pragma: no cover - the failure
        raise AssertionError("a save over the limits was replayed")

    monkeypatch.setattr(Game, "replay", refuse)


def test_a_huge_save_is_refused_before_it_is_parsed(home, monkeypatch):
    """A 50 MB opponent name: refused by its size, never parsed or replayed."""
    _save(home)
    data = _data(home)
    data["match"]["names"][1] = "x" * (50 * 1024 * 1024)
    _write(home, data)
    _no_replay(monkeypatch)
    monkeypatch.setattr(json, "loads", lambda *a, **k: pytest.fail("a huge save was parsed"))
    res = store.load_autosave()
    assert not res.ok and "larger than a save can be" in res.problem
    _one_sentence(res.problem)


def test_too_many_moves_are_refused_before_they_are_replayed(home, monkeypatch):
    _save(home)
    data = _data(home)
    data["log"] = [["draw"]] * (saves.MAX_MOVES + 1)
    _write(home, data)
    assert (home / "autosave.json").stat().st_size <= saves.MAX_SAVE_BYTES
    _no_replay(monkeypatch)
    res = store.load_autosave()
    assert not res.ok and "moves" in res.problem


def test_a_match_too_long_to_load_is_not_saved(home, monkeypatch):
    """What is written can be read back: past the move limit autosave says why, once."""
    game = play_match(VARIANTS["draw"], seed=2, steps=5)
    monkeypatch.setattr(saves, "MAX_MOVES", 3)
    err = store.autosave(game, store.MatchInfo())
    _one_sentence(err)
    assert "too long" in err


# ------------------------------------------------------------------ read-only or full home
@contextlib.contextmanager
def read_only(*paths: Path):
    """Make ``paths`` unwritable for this process, for real: chmod for a normal user,
    the immutable attribute for root (who ignores permissions). Skips if neither works."""
    if os.geteuid() != 0:
        modes = [p.stat().st_mode for p in paths]
        for p in paths:
            p.chmod(0o555 if p.is_dir() else 0o444)
        try:
            yield
        finally:
            for p, m in zip(paths, modes):
                p.chmod(m)
        return
    done = []
    try:
        for p in paths:
            r = subprocess.run(["chattr", "+i", str(p)], capture_output=True)
            if r.returncode:
                pytest.skip("cannot make a folder read-only for root here (no chattr +i)")
            done.append(p)
        yield
    finally:
        for p in done:
            subprocess.run(["chattr", "-i", str(p)], capture_output=True)


def test_a_read_only_home_still_shows_the_statistics(home):
    game, info = _save(home, "draw", steps=None)
    assert store.finish_match(game, info).history_id == 1
    other = play_match(VARIANTS["draw"], seed=8)
    db = home / "history.sqlite3"
    assert sorted(p.name for p in home.iterdir()) == ["history.sqlite3"]  # no -wal left
    with read_only(home, db):
        h = store.History()
        assert h.stats().total.matches == 1
        assert [m.id for m in h.matches()] == [1]
        assert h.get(1).replay().is_over
        rec = store.finish_match(other, store.MatchInfo(cpu_level="easy"))
        assert rec.history_id is None
        _one_sentence(rec.problem)
        assert "cannot be written" in rec.problem
        err = store.autosave(other, store.MatchInfo())  # said, never raised
        _one_sentence(err)


def test_a_home_that_cannot_be_made_reads_as_an_empty_history(tmp_path):
    base = tmp_path / "ro"
    base.mkdir()
    with read_only(base):
        h = store.History(base / "deeper" / "home")
        assert h.stats().total.matches == 0 and h.matches() == [] and h.latest_id() is None
        assert store.load_autosave(base / "deeper" / "home").problem is None


def test_a_full_disk_is_said_once_never_raised(home, monkeypatch):
    game = play_match(VARIANTS["draw"], seed=2, steps=5)

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    err = store.autosave(game, store.MatchInfo())
    _one_sentence(err)
    assert "No space left" in err
    assert list(home.glob(".autosave.json.*.tmp")) == []  # the temp file is cleaned up


# ------------------------------------------------------------------ a home not named in UTF-8
@pytest.fixture
def odd_home(tmp_path: Path, monkeypatch) -> Path:
    """``$DOMINOES_TUI_HOME`` in a folder whose name is the bytes ``ff fe`` (not UTF-8)."""
    home = Path(os.fsdecode(os.path.join(os.fsencode(tmp_path), b"\xff\xfe")))
    home.mkdir()
    monkeypatch.setenv(store.HOME_ENV, str(home))
    return home


def _readable(text: str | None, home: Path) -> None:
    """One sentence that names the home as a person reads it (U+FFFD for each odd byte)."""
    _one_sentence(text)
    assert store.shown_path(home) in text and "\ufffd\ufffd" in text
    assert not any("\ud800" <= c <= "\udfff" for c in text) and "\\udc" not in text
    text.encode("utf-8")  # printable as it is


def test_a_damaged_history_in_an_odd_home_is_named_readably(odd_home):
    from typer.testing import CliRunner

    from dominoes_tui import cli

    (odd_home / "history.sqlite3").write_bytes(b"this is not a database" * 100)
    h = store.History()
    assert h.stats().total.matches == 0
    _readable(h.problem, odd_home)
    assert h.moved_to is not None and h.moved_to.parent == odd_home
    (odd_home / "history.sqlite3").unlink()
    (odd_home / "history.sqlite3").write_bytes(b"not a database either" * 100)
    res = CliRunner().invoke(cli.app, ["stats"])
    assert res.exit_code == 0, res.output
    said = [x for x in res.stderr.splitlines() if x.strip()]
    assert len(said) == 1
    _readable(said[0], odd_home)


def test_a_damaged_save_in_an_odd_home_is_named_readably(odd_home):
    _save(odd_home)
    (odd_home / "autosave.json").write_text("{ not json", "utf-8")
    res = store.load_autosave()
    assert res.saved is None and res.moved_to is not None
    _readable(res.problem, odd_home)
    _save(odd_home)
    _readable(store.set_aside_autosave("the table refused it"), odd_home)


def test_a_read_only_odd_home_still_shows_the_statistics(odd_home):
    game = play_match(VARIANTS["draw"], seed=3)
    assert store.finish_match(game, store.MatchInfo(cpu_level="easy")).history_id == 1
    db = odd_home / "history.sqlite3"
    with read_only(odd_home, db):
        h = store.History()
        assert h.stats().total.matches == 1 and [m.id for m in h.matches()] == [1]
        rec = store.finish_match(play_match(VARIANTS["draw"], seed=4), store.MatchInfo())
        assert rec.history_id is None
        _one_sentence(rec.problem)
