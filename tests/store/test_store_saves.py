"""Autosave and resume: exact restore, atomic writes, unusable saves set aside."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from store_helpers import play_match, state

from dominoes_tui import store
from dominoes_tui.engine import Clock, Game, load_variant, new_game
from dominoes_tui.store import saves


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(tmp_path))
    return tmp_path


def saved_classic(home: Path, steps: int = 25) -> tuple[Game, store.MatchInfo]:
    # untimed: the clocked save has its own test
    game = play_match(load_variant("classic", clock_minutes=0), seed=3, steps=steps)
    info = store.MatchInfo(cpu_level="easy", names=("You", "CPU"))
    assert store.autosave(game, info) is None
    return game, info


def test_data_dir_follows_the_environment(home: Path) -> None:
    assert store.data_dir() == home
    assert store.autosave_path() == home / "autosave.json"


def test_data_dir_defaults_to_the_platform_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    monkeypatch.delenv("DOMINOES_TUI_HOME", raising=False)
    expected = Path(platformdirs.user_data_dir("dominoes-tui", False))
    assert store.data_dir(create=False) == expected


def test_no_save_is_an_empty_result(home: Path) -> None:
    res = store.load_autosave()
    assert not res.ok and not res.found and res.problem is None
    assert not store.has_autosave()


def test_resume_restores_the_exact_game(home: Path) -> None:
    game, info = saved_classic(home)
    res = store.load_autosave()
    assert res.ok and res.problem is None
    assert state(res.saved.game) == state(game)
    assert res.saved.info.match_id == info.match_id
    assert res.saved.info.names == ("You", "CPU")
    assert res.saved.clocks is None and res.saved.make_clock() is None


def test_the_save_is_plain_json_data(home: Path) -> None:
    game, _ = saved_classic(home)
    data = json.loads((home / "autosave.json").read_text("utf-8"))
    assert data["format"] == "dominoes-tui save" and data["version"] == store.FORMAT_VERSION
    assert data["variant"] == "classic" and data["settings"] == game.rules.to_dict()
    assert data["seed"] == 3 and data["first_seat"] is None
    assert len(data["log"]) == len(game.log) and data["log"][0][0] in ("play", "doubles")
    assert data["match"]["cpu_level"] == "easy"


def test_resume_continues_the_same_future(home: Path) -> None:
    """The random generator comes back too: the next hand deals the same tiles."""
    game = play_match(load_variant("draw"), seed=11)
    half = play_match(load_variant("draw"), seed=11, steps=len(game.log) // 2)
    store.autosave(half, store.MatchInfo())
    resumed = store.load_autosave().saved.game
    for a in game.log[len(half.log) :]:
        resumed.apply(a)
    assert state(resumed) == state(game)


def test_clocks_come_back_stopped(home: Path) -> None:
    rules = load_variant("classic").replace(clock_minutes=5, turn_seconds=30)
    game = play_match(rules, seed=4, steps=10)
    t = [100.0]
    clock = Clock(2, 300, 30, now=lambda: t[0])
    clock.start(0)
    t[0] = 142.5
    clock.start(1)
    t[0] = 150.0
    store.autosave(game, store.MatchInfo(), clock)
    saved = store.load_autosave().saved
    assert saved.clocks == [257.5, 292.5]
    t[0] = 1000.0
    restored = saved.make_clock(now=lambda: t[0])
    assert restored.running is None
    t[0] = 2000.0  # time passes while nobody has pressed a key
    assert restored.remaining_all() == [257.5, 292.5]
    restored.start(game.turn)
    t[0] = 2010.0
    assert restored.remaining(game.turn) == [257.5, 292.5][game.turn] - 10


def test_played_time_adds_up_over_sittings(home: Path) -> None:
    t = [10.0]
    info = store.MatchInfo(now=lambda: t[0])
    t[0] = 70.0
    game = play_match(load_variant("classic"), seed=1, steps=3)
    store.autosave(game, info)
    later = store.load_autosave(now=lambda: 5000.0).saved.info
    assert later.elapsed() == 60.0
    assert later.started_at == info.started_at


def test_write_is_atomic_when_the_replace_fails(home: Path, monkeypatch: pytest.MonkeyPatch):
    game, _ = saved_classic(home, steps=5)
    before = (home / "autosave.json").read_bytes()
    more = play_match(load_variant("classic"), seed=3, steps=9)

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    err = store.autosave(more, store.MatchInfo())
    assert err == "The game could not be saved (No space left on device)."
    monkeypatch.undo()
    assert (home / "autosave.json").read_bytes() == before
    assert sorted(p.name for p in home.iterdir()) == ["autosave.json"]  # no temp left


def test_autosave_reports_an_unwritable_folder(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    game = play_match(load_variant("classic"), seed=1, steps=2)
    err = store.autosave(game, store.MatchInfo(), home=blocker / "sub")
    assert err is not None and err.startswith("The game could not be saved (")


def test_stale_temp_files_are_cleaned_on_load(home: Path) -> None:
    saved_classic(home, steps=5)
    stale, fresh = home / ".autosave.json.abc123.tmp", home / ".autosave.json.def456.tmp"
    stale.write_text('{"form')
    fresh.write_text('{"form')  # another writer's, in flight
    os.utime(stale, (1e9, 1e9))
    assert store.load_autosave().ok
    assert not stale.exists() and fresh.exists()


def test_discard(home: Path) -> None:
    saved_classic(home, steps=2)
    assert store.has_autosave()
    store.discard_autosave()
    store.discard_autosave()  # twice is fine
    assert not store.has_autosave()


def test_unseedable_game_is_refused_in_words(home: Path) -> None:
    game = new_game(load_variant("classic"), seed=None)  # type: ignore[arg-type]
    err = store.autosave(game, store.MatchInfo())
    assert err is not None and "seed None" in err


# ------------------------------------------------------------- unusable saves
def _rewrite(path: Path, change) -> None:
    data = json.loads(path.read_text("utf-8"))
    change(data)
    path.write_text(json.dumps(data), "utf-8")


def _set(key, value):
    def change(data):
        data[key] = value

    return change


def _extend_log(data):
    data["log"].append(["pass"])
    data["log"].append(["pass"])


def _check(data):
    data["check"]["hand_no"] += 1


BAD = {
    "truncated": (lambda raw: raw[: len(raw) // 2], "damaged or cut short"),
    "empty": (lambda raw: b"", "the file is empty"),
    "binary": (lambda raw: b"\x80\x81\xfe" * 10, "damaged or cut short"),
    "not a save": (lambda raw: b'{"hello": 1}', "not a dominoes-tui save"),
    "a list": (lambda raw: b"[1, 2]", "not a dominoes-tui save"),
    "pickle": (lambda raw: b"\x80\x04\x95\x05\x00\x00\x00\x00\x00\x00\x00}\x94.", "damaged"),
}
EDITS = {
    "newer format": (_set("version", 99), "written by a newer dominoes-tui (save format 99"),
    "version text": (_set("version", "1"), "'version' is not a whole number"),
    "bad rules": (_set("settings", {"players": 9}), "its rules are not valid"),
    "unknown setting": (_set("settings", {"colour": "red"}), "its rules are not valid"),
    "bad action": (_set("log", [["fly", 1]]), "list of moves is damaged"),
    "illegal moves": (_extend_log, "its moves do not replay"),
    "other position": (_check, "replay to a different position"),
    "bad clocks": (_set("clocks", [1, "x"]), "its clocks are damaged"),
    "bad seed": (_set("seed", "seven"), "'seed' is not a whole number"),
    "no match": (_set("match", {"names": []}), "player details are damaged"),
    "human seat": (
        lambda d: d["match"].update(human_seat=5),
        "human seat 5 is not at the table",
    ),
}


def _assert_set_aside(home: Path, res: store.LoadResult, words: str) -> None:
    assert not res.ok and res.found
    assert words in res.problem
    assert res.problem.startswith(f"The saved game {home / 'autosave.json'} cannot be used: ")
    assert res.problem.endswith(f"it was moved to {res.moved_to.name}.")
    assert res.problem.count(". ") == 0  # one sentence
    assert res.moved_to.name.startswith("autosave.json.corrupt-") and res.moved_to.exists()
    assert not store.has_autosave()
    again = store.load_autosave()  # nothing left to trip over
    assert not again.found


@pytest.mark.parametrize("name", sorted(BAD))
def test_unreadable_saves_are_set_aside(home: Path, name: str) -> None:
    saved_classic(home, steps=8)
    mangle, words = BAD[name]
    path = home / "autosave.json"
    original = mangle(path.read_bytes())
    path.write_bytes(original)
    res = store.load_autosave()
    _assert_set_aside(home, res, words)
    assert res.moved_to.read_bytes() == original


@pytest.mark.parametrize("name", sorted(EDITS))
def test_invalid_saves_are_set_aside(home: Path, name: str) -> None:
    saved_classic(home, steps=8)
    change, words = EDITS[name]
    _rewrite(home / "autosave.json", change)
    _assert_set_aside(home, store.load_autosave(), words)


def test_two_bad_saves_in_one_second_keep_both(home: Path) -> None:
    for _ in range(2):
        (home / "autosave.json").write_text("{")
        assert store.load_autosave().moved_to is not None
    assert len(list(home.glob("autosave.json.corrupt-*"))) == 2


def test_read_save_of_any_path(tmp_path: Path) -> None:
    game = play_match(load_variant("block"), seed=8, steps=12)
    path = tmp_path / "mine.json"
    saves.save_game(path, game, store.MatchInfo(cpu_level="medium"))
    res = store.read_save(path)
    assert res.ok and state(res.saved.game) == state(game)
    assert res.saved.info.cpu_level == "medium" and res.saved.path == path


# ------------------------------------------------------- finishing a match
def test_finish_records_once_and_deletes_the_save(home: Path) -> None:
    game = play_match(load_variant("classic"), seed=2)
    info = store.MatchInfo(names=("You", "CPU"))
    store.autosave(game, info)
    rec = store.finish_match(game, info)
    assert rec.history_id == 1 and rec.problem is None
    assert not store.has_autosave()
    assert store.finish_match(game, info).history_id is None  # already recorded
    assert len(store.History().matches()) == 1


def test_finishing_moves_an_unreadable_save_aside_and_never_deletes_it(home: Path) -> None:
    """The save on disk cannot be read (damaged from outside since the last autosave):
    whose match it is cannot be told, so recording this match moves it aside and says so."""
    game = play_match(load_variant("classic"), seed=2)
    info = store.MatchInfo(names=("You", "CPU"))
    (home / "autosave.json").write_bytes(b"\x00 not json")
    rec = store.finish_match(game, info)
    assert rec.history_id == 1
    assert rec.problem and "could not be read" in rec.problem and "moved to" in rec.problem
    assert not store.has_autosave()
    kept = [p for p in home.iterdir() if p.name.startswith("autosave.json.corrupt-")]
    assert len(kept) == 1 and kept[0].read_bytes() == b"\x00 not json"


def test_finish_keeps_the_save_when_history_fails(home: Path) -> None:
    game = play_match(load_variant("classic"), seed=2)
    info = store.MatchInfo()
    store.autosave(game, info)
    (home / "history.sqlite3").mkdir()  # a folder where the database should be
    rec = store.finish_match(game, info)
    assert rec.history_id is None and rec.problem.startswith("The match history ")
    assert store.has_autosave()


def test_finish_refuses_an_unfinished_match(home: Path) -> None:
    game = play_match(load_variant("classic"), seed=2, steps=4)
    with pytest.raises(ValueError, match="abandon_match"):
        store.finish_match(game, store.MatchInfo())


def test_abandon_autosave_records_the_match_as_abandoned(home: Path) -> None:
    game, info = saved_classic(home, steps=40)
    rec = store.abandon_autosave()
    assert rec.history_id == 1 and not store.has_autosave()
    row = store.History().get(1)
    assert row.outcome == "abandoned" and row.end_reason == "abandoned"
    assert row.uid == info.match_id and row.log == game.log
    assert row.hands == len(game.results) + (game.phase == "hand_over")


def test_abandon_autosave_of_a_bad_save_reports_it(home: Path) -> None:
    (home / "autosave.json").write_text("garbage")
    rec = store.abandon_autosave()
    assert rec.history_id is None and "cannot be used" in rec.problem
    assert not store.History().matches()


def test_abandoning_before_any_move_records_nothing(home: Path) -> None:
    game = new_game(load_variant("classic"), 1)
    info = store.MatchInfo()
    store.autosave(game, info)
    assert store.abandon_match(game, info) == store.Recorded()
    assert not store.has_autosave() and not store.History().matches()


def test_the_store_never_imports_textual_or_rich() -> None:
    import subprocess
    import sys

    code = (
        "import sys, dominoes_tui.store, dominoes_tui.store.history, dominoes_tui.store.saves, "
        "dominoes_tui.store.settings, dominoes_tui.store.stats; "
        "assert not {'textual', 'rich'} & {m.split('.')[0] for m in sys.modules}, 'UI imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_reading_never_makes_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "not" / "yet"
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(home))
    assert not store.has_autosave() and not store.load_autosave().found
    assert not home.exists()
    game = play_match(load_variant("classic"), seed=1, steps=2)
    assert store.autosave(game, store.MatchInfo()) is None and store.has_autosave()
