"""Loading variants (R-V-1): the shipped presets, a player's own file, and clear load errors."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from dominoes_tui.engine import Rules, VariantError, load_variant, load_variants
from dominoes_tui.engine.rules import rules_from_dict, user_variants_path

PRESETS = {
    "classic",
    "draw",
    "block",
    "goat",
    "international",
    "international-two",
    "double-first",
    "pub-draw",
    "standard-draw",
    "standard-block",
}


def write(dir_: Path, text: str, name: str = "extra.toml") -> Path:
    p = dir_ / name
    p.write_text(text, encoding="utf-8")
    return p


def test_every_preset_loads_with_its_house_settings():
    vs = load_variants(include_user=False)
    assert PRESETS <= set(vs)
    c = vs["classic"]
    assert (c.scoring, c.blocked, c.blocked_tie, c.target, c.target_means) == (
        "penalty",
        "own_total",
        "hang",
        101,
        "lose",
    )
    assert (c.reserve, c.lone_blank_double, c.rule_of_13, c.redeal) == (1, 10, True, True)
    assert vs["block"].drawing == "none" and vs["block"].scoring == vs["draw"].scoring  # base
    assert vs["goat"].partners and vs["goat"].lone_double_six == 50
    assert vs["international-two"].players == 2 and not vs["international-two"].partners
    assert vs["double-first"].resign and vs["double-first"].rematch_swaps_opener
    assert vs["standard-block"].first_lead == "that_tile"
    for r in vs.values():
        assert r.description and r.house
    assert load_variant() == vs["classic"]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_option_value_of_every_preset_is_valid(name):
    """Each value a preset's options menu offers loads (singly) as a valid variant."""
    r = load_variants(include_user=False)[name]
    for key, values in r.options.items():
        for v in values:
            try:
                changed = r.replace(**{key: v})
            except VariantError as e:
                # a hand size that the player count cannot take is refused, clearly
                assert e.key == "hand_size" and key in ("hand_size", "players", "set")
                continue
            assert getattr(changed, key) == (dict(v) if isinstance(v, dict) else v)


def test_round_trip_through_plain_data():
    for name, r in load_variants(include_user=False).items():
        assert rules_from_dict(name, r.to_dict()) == r


BAD = [
    ("targte = 5", "targte", "did you mean 'target'"),
    ('target = "101"', "target", "whole number"),
    ("partners = 1", "partners", "true or false"),
    ('drawing = "sometimes"', "drawing", "must be one of"),
    ("set = 8", "set", "must be one of"),
    ("lone_blank_double = -1", "lone_blank_double", "negative"),
    ("partners = true", "partners", "players = 4"),
    ("hand_size = 14", "hand_size", "tiles in the boneyard, and this deal leaves 0"),
    ("hand_size = 1", "hand_size", "at least 2"),
    ("players = 4\nhand_size = 8", "hand_size", "need 32 tiles"),
    ('target_means = "win"', "target_means", "lose"),
    ('blocked = "total"', "blocked", "penalty"),
    ('layout = "trains"', "set", "double-9 or double-12"),
    ("players = 5", "players", "2 to 4"),
    ("players = 9", "players", "must be one of"),
    ('drawing = "one_tile"', "drawing", "Mexican Train"),
    ("first_turn_run = true", "first_turn_run", "Mexican Train and Chicken Foot only"),
    ("rounds = 3", "rounds", "Mexican Train and Chicken Foot only"),
    ('first_opener = "random"', "first_lead", "that_tile"),
    ('bonus_first_last = { "7-7" = 5 }', "bonus_first_last", "double-6"),
    ('bonus_first_last = { "six" = 5 }', "bonus_first_last", "not a tile"),
    ('bonus_first_last = { "6-6" = -5 }', "bonus_first_last", "≥ 0"),
    ("options = { colour = [1] }", "options.colour", "not a setting"),
    ("options = { target = [] }", "options.target", "non-empty"),
    ('options = { target = ["x"] }', "options.target", "whole number"),
    ('options = { opening = ["first"] }', "options.opening", "must be one of"),
    ("hand_sizes = [7]", "hand_sizes", "players = tiles each"),
    ("hand_sizes = { two = 7 }", "hand_sizes", "not a number of players"),
    ("hand_sizes = { 2 = 1 }", "hand_sizes", "≥ 2"),
    ("hand_sizes = { 2 = 7, 4 = 7 }", "hand_sizes", "4 players with 7 tiles each"),
]


@pytest.mark.parametrize("line, key, words", BAD)
def test_R_V_1_errors_name_file_variant_and_key(tmp_path, line, key, words):
    """R-V-1: unknown keys, wrong types and impossible combinations are load errors naming
    the file, the variant and the key."""
    f = write(tmp_path, f'[mine]\nbase = "classic"\n{line}\n')
    with pytest.raises(VariantError) as e:
        load_variants(f, include_user=False)
    err = e.value
    assert (err.file, err.variant, err.key) == (str(f), "mine", key)
    msg = str(err)
    assert str(f) in msg and "[mine]" in msg and repr(key) in msg
    assert words in msg
    assert "\n" not in msg


def test_R_V_1_winner_takes_combinations(tmp_path):
    """R-V-1: penalty-only settings under winner_takes are refused."""
    for line, key in [
        ('blocked = "own_total"', "blocked"),
        ("rule_of_13 = true", "rule_of_13"),
        ("full_fish = true", "full_fish"),
        ('target_means = "lose"', "target_means"),
    ]:
        f = write(tmp_path, f'[mine]\nbase = "draw"\n{line}\n')
        with pytest.raises(VariantError) as e:
            load_variants(f, include_user=False)
        assert (e.value.variant, e.value.key) == ("mine", key)


def test_R_V_1_file_level_errors(tmp_path):
    """R-V-1: broken TOML, a non-table entry, an unknown base, an unreadable file."""
    f = write(tmp_path, "[mine\n")
    with pytest.raises(VariantError, match="is not valid TOML") as e:
        load_variants(f, include_user=False)
    assert str(f) in str(e.value)
    f = write(tmp_path, "mine = 3\n")
    with pytest.raises(VariantError, match="must be a table"):
        load_variants(f, include_user=False)
    f = write(tmp_path, '[mine]\nbase = "nope"\n')
    with pytest.raises(VariantError) as e:
        load_variants(f, include_user=False)
    assert e.value.key == "base" and "nope" in str(e.value)
    with pytest.raises(VariantError, match="cannot be read"):
        load_variants(tmp_path / "missing.toml", include_user=False)


def test_R_V_1_replace_is_checked_too():
    """R-V-1: Rules.replace checks a change like a file does."""
    with pytest.raises(VariantError) as e:
        load_variant("classic").replace(partners=True)
    assert e.value.key == "partners" and e.value.variant == "classic"
    with pytest.raises(VariantError, match="no such variant"):
        load_variant("nope")


def test_user_file_overrides_a_preset_and_adds_a_variant(dominoes_home):
    """R-V-1: a player's own file (in $DOMINOES_TUI_HOME) can override keys and add variants."""
    assert user_variants_path() == dominoes_home / "variants.toml"
    write(
        dominoes_home,
        "[classic]\ntarget = 201\n\n"
        '[my-house]\nbase = "classic"\nfull_fish = true\ndescription = "Mine"\n\n'
        '[fresh]\nscoring = "winner_takes"\n',
        "variants.toml",
    )
    vs = load_variants()
    assert vs["classic"].target == 201
    assert vs["classic"].rule_of_13  # the rest of the preset stays
    mine = vs["my-house"]
    assert mine.full_fish and mine.target == 201 and mine.description == "Mine"
    assert mine.scoring == "penalty" and mine.lone_blank_double == 10
    assert vs["fresh"] == Rules(name="fresh")  # no base: the engine defaults
    assert load_variant("classic").target == 201
    assert load_variants(include_user=False)["classic"].target == 101
    # the differences from the preset, for the UI
    assert mine.differences(load_variants(include_user=False)["classic"]) == {
        "target": (101, 201),
        "full_fish": (False, True),
    }


def test_user_file_error_names_the_user_file(dominoes_home):
    """R-V-1: an error in the user's file names that file."""
    f = write(dominoes_home, "[classic]\nplayers = 3\npartners = true\n", "variants.toml")
    with pytest.raises(VariantError) as e:
        load_variants()
    assert e.value.file == str(f) and e.value.variant == "classic" and e.value.key == "partners"


def test_extra_files_apply_in_order(tmp_path):
    a = write(tmp_path, "[classic]\ntarget = 201\n", "a.toml")
    b = write(tmp_path, "[classic]\ntarget = 301\n", "b.toml")
    assert load_variants(a, b, include_user=False)["classic"].target == 301
    assert load_variants(b, a, include_user=False)["classic"].target == 201


def test_every_choice_combination_of_the_opener_settings_loads_or_says_why():
    base = load_variant("draw")
    for fo, fl in itertools.product(
        ["lowest_double", "lowest_double_blank_high", "highest_double", "highest_tile", "random"],
        ["that_tile", "any", "double_if_held"],
    ):
        try:
            r = base.replace(first_opener=fo, first_lead=fl)
        except VariantError as e:
            assert (fo, fl, e.key) == ("random", "that_tile", "first_lead")
        else:
            assert (r.first_opener, r.first_lead) == (fo, fl)


ROUND_BAD = [
    ("mexican-train", "set = 6", "set", "double-9 or double-12"),
    ("mexican-train", "players = 9", "players", "must be one of"),
    ("mexican-train", "partners = true", "partners", "each for themselves"),
    ("mexican-train", 'drawing = "until_playable"', "drawing", "one_tile"),
    ("mexican-train", "reserve = 1", "reserve", "reserve must be 0"),
    ("mexican-train", 'scoring = "winner_takes"', "scoring", "penalty"),
    ("mexican-train", "target = 100", "target", "played by rounds"),
    ("mexican-train", "rule_of_13 = true", "rule_of_13", "line-game rule"),
    ("mexican-train", "rounds = 14", "rounds", "at most 13"),
    ("mexican-train", "hand_size = 1", "hand_size", "at least 2"),
    ("mexican-train", "players = 8\nhand_size = 12", "hand_size", "need 96 tiles"),
    ("chicken-foot", "first_turn_run = true", "first_turn_run", "Mexican Train rule"),
    ("chicken-foot", "rounds = 11", "rounds", "at most 10"),
    ("chicken-foot", 'match_rule = "sum7"', "match_rule", "line-game rule"),
]


@pytest.mark.parametrize("base, line, key, words", ROUND_BAD)
def test_R_V_1_mexican_train_and_chicken_foot_settings_are_checked(
    tmp_path, base, line, key, words
):
    """R-V-1 for §8's layouts: what Mexican Train and Chicken Foot cannot play is a load
    error naming the file, the variant and the key."""
    f = write(tmp_path, f'[mine]\nbase = "{base}"\n{line}\n')
    with pytest.raises(VariantError) as e:
        load_variants(f, include_user=False)
    assert (e.value.file, e.value.variant, e.value.key) == (str(f), "mine", key)
    assert words in str(e.value) and "\n" not in str(e.value)


def test_the_mexican_train_and_chicken_foot_presets():
    """§2: Mexican Train on double-12, Chicken Foot on double-9, 4 players, 2-8 offered,
    one round per double, any 0-0 left counts 50 (R-TR-5, R-CF-5)."""
    vs = load_variants(include_user=False)
    mt, cf = vs["mexican-train"], vs["chicken-foot"]
    assert (mt.layout, mt.set, mt.players, mt.round_count, mt.deal_size) == (
        "trains",
        12,
        4,
        13,
        15,
    )
    assert (cf.layout, cf.set, cf.players, cf.round_count, cf.deal_size) == (
        "chicken_foot",
        9,
        4,
        10,
        7,
    )
    assert mt.first_turn_run is False and mt.blank_double_counts == cf.blank_double_counts == 50
    assert mt.options["players"] == cf.options["players"] == tuple(range(2, 9))
    assert mt.options["first_turn_run"] == (False, True) and "first_turn_run" not in cf.options
    assert 0 in mt.options["rounds"] and 1 in cf.options["rounds"]
    for r in (mt, cf):
        for key, values in r.options.items():
            for v in values:
                assert getattr(r.replace(**{key: v}), key) == v
    assert mt.replace(rounds=3).round_count == 3 and mt.replace(set=9).round_count == 10
    assert mt.replace(players=6, hand_size=9).deal_size == 9  # an explicit size wins
