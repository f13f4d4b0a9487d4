"""A match's take-backs in its save (issue 24): ``MatchInfo.undos`` is saved and read back;
a save written before take-backs existed reads as none, a damaged count is refused."""

from __future__ import annotations

import pytest

from dominoes_tui import store


def test_the_undo_count_is_saved_and_read_back() -> None:
    info = store.MatchInfo(cpu_level="easy", names=("You", "CPU"), undos=3)
    data = info.to_json()
    assert data["undos"] == 3
    assert store.MatchInfo.from_json(data).undos == 3


def test_a_save_from_before_take_backs_has_none() -> None:
    data = store.MatchInfo(cpu_level="easy", names=("You", "CPU")).to_json()
    del data["undos"]
    assert store.MatchInfo.from_json(data).undos == 0


@pytest.mark.parametrize("bad", [-1, 1.5, "2", True, None, 10**7])
def test_a_damaged_undo_count_is_refused(bad) -> None:
    data = store.MatchInfo(cpu_level="easy", names=("You", "CPU")).to_json()
    data["undos"] = bad
    with pytest.raises(ValueError, match="take-backs"):
        store.MatchInfo.from_json(data)


def test_undo_words() -> None:
    assert [store.undo_words(n) for n in (0, 1, 2)] == ["", "1 undo", "2 undos"]
