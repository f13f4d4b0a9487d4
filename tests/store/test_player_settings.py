"""The player's own settings (issue 25): defaults, kept and read back, bad values."""

from __future__ import annotations

import json

import pytest

from dominoes_tui import options
from dominoes_tui.engine import load_variant
from dominoes_tui.store import settings
from dominoes_tui.store.settings import PlayerSettings


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(tmp_path))


def test_a_new_player_has_the_defaults() -> None:
    assert not settings.settings_path().exists()
    assert settings.load_checked() == (PlayerSettings(), [])
    mine = settings.load_settings()
    assert (mine.pace, mine.tiles, mine.clock, mine.log, mine.bell, mine.theme) == (
        "normal",
        "box",
        "house",
        True,
        False,
        "dominoes-dark",
    )


def test_every_setting_round_trips_and_leaves_the_other_keys_alone() -> None:
    settings.remember(settings.COACH, False)
    settings.remember("strategy_coach", "on")
    chosen = PlayerSettings(
        pace="fast", tiles="unicode", clock=30, log=False, bell=True, theme="dominoes-contrast"
    )
    settings.save_settings(chosen)
    assert settings.load_checked() == (chosen, [])
    data = json.loads(settings.settings_path().read_text(encoding="utf-8"))
    assert data["coach"] is False and data["strategy_coach"] == "on"
    for key, choices in settings.CHOICES.items():  # each choice of each setting, one at a time
        for value in choices:
            assert getattr(settings.remember_setting(key, value), key) == value
    assert settings.get("strategy_coach") == "on"


@pytest.mark.parametrize(
    ("key", "bad"),
    [
        ("pace", "warp"),
        ("tiles", 3),
        ("clock", 7),  # not one of the choices
        ("clock", True),  # a bool is not a number of minutes
        ("log", 1),
        ("log", "yes"),
        ("bell", None),
        ("theme", "nord"),
        ("theme", ["dominoes-light"]),
    ],
)
def test_a_bad_value_falls_back_and_is_said(key, bad) -> None:
    good = PlayerSettings(pace="slow", theme="dominoes-light", bell=True)
    settings.save_settings(good)
    settings.remember(key, bad)
    mine, problems = settings.load_checked()
    assert getattr(mine, key) == getattr(PlayerSettings(), key)
    for other in settings.CHOICES:  # the others are read as kept
        if other != key:
            assert getattr(mine, other) == getattr(good, other)
    assert len(problems) == 1 and problems[0].startswith(f"Settings: {settings.LABELS[key]} ")
    assert "is not one of its choices" in problems[0]
    with pytest.raises(ValueError):
        settings.remember_setting(key, bad)


@pytest.mark.parametrize("text", ["{", "[]", "\xff", '"theme"', "null"])
def test_a_broken_file_reads_as_the_defaults(text) -> None:
    settings.settings_path().write_text(text, encoding="utf-8", errors="surrogateescape")
    assert settings.load_checked() == (PlayerSettings(), [])


def test_the_clock_for_new_matches_stands_where_the_house_offers_it() -> None:
    classic = load_variant("classic")  # offers 0, 5, 10, 15 or 30 minutes; its own is 15
    assert options.remembered_rules(classic).clock_minutes == classic.clock_minutes
    settings.remember_setting("clock", 5)
    assert options.remembered_rules(classic).clock_minutes == 5
    options.remember("classic", {"clock_minutes": 30})  # the options screen's, one match
    assert options.remembered_rules(classic).clock_minutes == 5
    settings.remember_setting("clock", 0)
    assert options.remembered_rules(classic).clock_minutes == 0
    settings.remember_setting("clock", "house")
    assert options.remembered_rules(classic).clock_minutes == 30
    settings.remember_setting("clock", 10)
    goat = load_variant("goat")  # offers no clock: plays its own
    assert options.player_clock(goat) is None
    assert options.remembered_rules(goat).clock_minutes == goat.clock_minutes
