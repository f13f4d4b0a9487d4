"""Recording a match deletes its own autosave, never a newer match's (a quick rematch)."""

from __future__ import annotations

from pathlib import Path

from store_helpers import play_match

from dominoes_tui import store
from dominoes_tui.engine import load_variant


def test_saved_match_id(tmp_path: Path) -> None:
    assert store.saved_match_id(tmp_path) is None
    game = play_match(load_variant("classic"), seed=3, steps=5)
    info = store.MatchInfo(cpu_level="easy")
    assert store.autosave(game, info, home=tmp_path) is None
    assert store.saved_match_id(tmp_path) == info.match_id
    store.autosave_path(tmp_path).write_text("{not json")
    assert store.saved_match_id(tmp_path) is None


def test_finishing_a_match_keeps_a_newer_matchs_save(tmp_path: Path) -> None:
    old = play_match(load_variant("classic"), seed=3)
    old_info = store.MatchInfo(cpu_level="easy")
    assert store.autosave(old, old_info, home=tmp_path) is None
    # A rematch has already saved its first move when the old match is recorded.
    new = play_match(load_variant("classic"), seed=4, steps=3)
    new_info = store.MatchInfo(cpu_level="easy")
    assert store.autosave(new, new_info, home=tmp_path) is None
    rec = store.finish_match(old, old_info, home=tmp_path)
    assert rec.history_id is not None
    assert store.saved_match_id(tmp_path) == new_info.match_id
    # Its own save goes when it is recorded; so does an unreadable one.
    assert store.abandon_match(new, new_info, home=tmp_path).history_id is not None
    assert not store.has_autosave(tmp_path)


def test_abandoning_an_unplayed_match_keeps_another_save(tmp_path: Path) -> None:
    game = play_match(load_variant("classic"), seed=3, steps=5)
    info = store.MatchInfo(cpu_level="easy")
    assert store.autosave(game, info, home=tmp_path) is None
    fresh = play_match(load_variant("classic"), seed=8, steps=0)
    assert store.abandon_match(fresh, store.MatchInfo(), home=tmp_path).history_id is None
    assert store.saved_match_id(tmp_path) == info.match_id
