"""The one Coach setting (issue 24): its levels, what a new player has, how it is kept,
how the keys of before (the strategy coach's, the first hand's guide's) become it, and
that a bad value or a damaged file gives the default."""

from __future__ import annotations

import json

import pytest

from dominoes_tui.store import player, settings
from dominoes_tui.table.words import coach_level_words


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(tmp_path))


def write(data: object) -> None:
    settings.settings_path().write_text(json.dumps(data), encoding="utf-8")


def kept() -> dict:
    return json.loads(settings.settings_path().read_text(encoding="utf-8"))


def test_a_new_player_is_guided_for_three_finished_matches_then_has_tips() -> None:
    s = player.load_player()
    assert (s.level, s.finished, s.asked) == ("auto", 0, False)
    assert s.now == "guide" and s.guide and s.tips
    for left in (2, 1):
        s = player.count_finished_match()
        assert s.now == "guide" and f"({left} match" in coach_level_words(s.level, s.finished)
    s = player.count_finished_match()
    assert s.finished == 3 and s.now == "tips" and not s.guide and s.tips
    assert coach_level_words(s.level, s.finished) == "Tips (after 3 guided matches)"


@pytest.mark.parametrize(
    ("level", "guide", "tips"),
    [("guide", True, True), ("tips", False, True), ("off", False, False)],
)
def test_each_level_is_kept_and_answers_the_question(level, guide, tips) -> None:
    s = player.set_level(level)
    assert (s.guide, s.tips, s.asked) == (guide, tips, True)
    again = player.load_player()
    assert again == s and again.now == level
    assert kept()["coach_level"] == level and kept()["coach_asked"] is True


def test_setting_the_coach_keeps_the_other_settings_and_the_count() -> None:
    write({"pace": "slow", "coach_level": "auto", "coach_finished": 2, "coach_asked": True})
    player.set_level("off")
    assert kept()["pace"] == "slow" and kept()["coach_finished"] == 2
    player.count_finished_match()  # counted whatever the level (the table decides when)
    assert player.load_player().finished == 3
    with pytest.raises(ValueError, match="the coach is one of auto, guide, tips, off"):
        player.set_level("on")


@pytest.mark.parametrize(
    ("old", "level", "asked"),
    [
        ({}, "auto", False),  # a new player
        ({"coach": False, "strategy_coach": "off"}, "off", True),
        ({"strategy_coach": "off"}, "off", True),
        ({"strategy_coach": "on"}, "tips", True),
        ({"strategy_coach": "on", "coach": True}, "guide", True),
        ({"coach": True}, "auto", True),  # asked for the guide: guided, with the allowance
        ({"coach": False}, "tips", True),  # declined the guide: the tips "auto" still gave
        ({"coach": False, "strategy_coach": "auto", "strategy_coached": 3}, "off", True),
        ({"strategy_coach": "auto", "strategy_coached": 1}, "auto", False),
        ({"strategy_coach": "sometimes", "coach": "yes"}, "auto", False),  # bad values
    ],
)
def test_the_keys_of_before_become_the_one_setting(old, level, asked) -> None:
    write(old)
    s = player.load_player()
    assert (s.level, s.asked) == (level, asked)
    if type(old.get("strategy_coached")) is int:
        assert s.finished == old["strategy_coached"]  # the matches counted go on counting


def test_the_new_keys_win_over_the_old_ones() -> None:
    write({"strategy_coach": "off", "coach": False, "coach_level": "guide", "coach_asked": True})
    assert player.load_player().now == "guide"


@pytest.mark.parametrize(
    "data",
    [
        {"coach_level": "loud", "coach_finished": -1, "coach_asked": "yes"},
        {"coach_level": None, "coach_finished": 1.5},
        {"coach_level": ["guide"], "coach_finished": 10**9},
        {"coach_level": "tips", "coach_finished": True},  # a bool is not a count
    ],
)
def test_a_bad_value_falls_back_to_the_default(data) -> None:
    write(data)
    s = player.load_player()
    assert s.level in (("tips",) if data["coach_level"] == "tips" else ("auto",))
    assert s.finished == 0 and s.asked is False


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", '"guide"', "\x00\xff", "null"])
def test_a_damaged_file_gives_the_defaults_and_is_written_over(text) -> None:
    settings.settings_path().write_text(text, encoding="utf-8", errors="surrogateescape")
    assert player.load_player() == player.CoachSetting()
    player.set_level("tips")
    assert player.load_player().now == "tips"


def test_an_unwritable_folder_keeps_nothing_and_raises_nothing(tmp_path, monkeypatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(blocked / "below"))
    assert player.set_level("off").now == "off"  # said, not kept
    assert player.load_player() == player.CoachSetting()
