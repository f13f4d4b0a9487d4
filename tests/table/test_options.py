"""The table-options model (issue 4): controls map onto engine settings."""

from __future__ import annotations

import doctest

import pytest

from dominoes_tui import options
from dominoes_tui.engine import load_variant


def test_doctests() -> None:
    assert doctest.testmod(options).failed == 0


def test_controls_come_from_the_variant_options_grouped() -> None:
    classic = load_variant("classic")
    controls = options.controls_for(classic)
    keys = [c.key for c in controls]
    assert set(keys) == set(classic.options)
    assert controls[0].group == "Match" and controls[0].key == "target"
    assert {c.group for c in controls} <= set(options.GROUPS)
    target = next(c for c in controls if c.key == "target")
    assert target.choices == (101, 201, 301, 501)
    assert all(c.help for c in controls)


def test_each_choice_changes_the_engine_setting() -> None:
    for name in ("classic", "double-first", "pub-draw", "draw", "standard-draw"):
        base = load_variant(name)
        for c in options.controls_for(base):
            for value in c.choices:
                rules = options.apply_choices(base, {c.key: value})
                assert getattr(rules, c.key) == value


def test_refused_combination_is_explained() -> None:
    base = load_variant("standard-draw")
    why = options.check_choices(base, {"players": 4, "hand_size": 7})
    assert why is not None and why.startswith("Tiles per hand:") and "boneyard" in why
    assert options.check_choices(base, {"players": 4, "hand_size": 5}, seats=None) is None
    with pytest.raises(ValueError):
        options.apply_choices(base, {"players": 4, "hand_size": 7})


def test_the_table_seats_two_to_four() -> None:
    base = load_variant("standard-draw")
    assert options.check_choices(base, {"players": 3, "hand_size": 5}) is None
    assert options.check_choices(base, {"players": 4, "hand_size": 5}) is None
    why = options.check_choices(base, {"players": 3, "hand_size": 5}, seats=2)
    assert why == "Players: the table seats 2 players for now; choose 2."
    assert options.check_choices(base, {"players": 2}) is None


def test_remembered_level_and_unwritable_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(tmp_path))
    options.remember("classic", {"target": 201}, level="hard")
    assert options.remembered_level("classic") == "hard"
    assert options.remembered_rules(load_variant("classic")).target == 201
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(blocker / "sub"))
    options.remember("classic", {"target": 301})  # cannot write: nothing remembered, no error
    assert options.load_remembered("classic") == {}


def test_summary_names_what_differs() -> None:
    base = load_variant("classic")
    assert options.summary(base, base) == "the house's own rules"
    r = options.apply_choices(base, {"full_fish": True, "clock_minutes": 0})
    s = options.summary(r, base)
    assert "full fish on" in s and "clock off (house: 15 min)" in s


def test_remembered_per_variant(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(tmp_path))
    assert options.load_remembered("classic") == {}
    options.remember("classic", {"target": 201, "bonus_first_last": {"6-6": 50, "0-0": 25}})
    options.remember("pub-draw", {"reserve": 2})
    assert options.load_remembered("classic")["target"] == 201
    rules = options.remembered_rules(load_variant("classic"))
    assert rules.target == 201 and rules.bonus_first_last == {"6-6": 50, "0-0": 25}
    assert options.remembered_rules(load_variant("pub-draw")).reserve == 2


def test_unreadable_remembered_file_is_ignored(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(tmp_path))
    (tmp_path / "options.json").write_text("{not json")
    assert options.load_remembered("classic") == {}
    assert options.remembered_rules(load_variant("classic")) == load_variant("classic")
    options.remember("classic", {"target": 301})  # replaces the broken file
    assert options.load_remembered("classic") == {"target": 301}
