"""The `dominoes` command: variants, variants --json, rules NAME, user overrides, clear errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dominoes_tui import options
from dominoes_tui.cli import app

runner = CliRunner()


def test_variants_lists_one_line_each():
    res = runner.invoke(app, ["variants"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    for name in ("classic", "draw", "block", "goat", "double-first", "standard-block"):
        assert any(line.startswith(name + " ") for line in lines), name
    assert "Penalty scoring to 101" in res.output
    assert "variants.toml" in res.output  # where the player's own file lives


def test_variants_json():
    res = runner.invoke(app, ["variants", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["classic"]["settings"]["target"] == 101
    assert data["goat"]["settings"]["partners"] is True
    assert data["classic"]["house"] == "Classic dominoes"


def test_rules_classic_in_words():
    res = runner.invoke(app, ["rules", "classic"])
    assert res.exit_code == 0, res.output
    out = res.output
    assert out.startswith("classic: ")
    assert "Rule of 13" in out and "101" in out and "0-0 counts 10" in out
    assert "last tile is never drawn" in out


def test_rules_default_and_unknown():
    assert runner.invoke(app, ["rules"]).output.startswith("classic")
    res = runner.invoke(app, ["rules", "nope"])
    assert res.exit_code == 2
    assert "no variant 'nope'" in res.output


def test_user_override_shows_in_rules(dominoes_home):
    (dominoes_home / "variants.toml").write_text(
        "[classic]\ntarget = 301\nfull_fish = true\n", encoding="utf-8"
    )
    res = runner.invoke(app, ["rules", "classic"])
    assert res.exit_code == 0, res.output
    body = res.output.split("\n", 1)[1]  # the title line is the preset's fixed description
    body = body.split("Choices for", 1)[0]  # the house's choices still list 101
    assert "301" in body and "full fish" in body
    assert "101" not in body


def test_a_broken_user_file_is_one_line_and_the_built_in_houses_play(dominoes_home):
    """Issue 14: a mistake in the player's own file no longer stops a command: it works with
    the built-in houses and says in one line (stderr) what is wrong, naming the file."""
    f = dominoes_home / "variants.toml"
    for text in ('[classic]\ntarget = "lots"\n', "[classic\n", "[mine]\nfoo = 1\n"):
        f.write_text(text, encoding="utf-8")
        for args in (["variants"], ["rules", "classic"], ["variants", "--json"]):
            res = runner.invoke(app, args)
            assert res.exit_code == 0, (text, args, res.output)
            assert "Traceback" not in res.output and res.exception is None
            lines = [line for line in res.stderr.splitlines() if line.strip()]
            assert len(lines) == 1, res.stderr
            assert str(f) in lines[0] and "built-in" in lines[0]
        assert "classic" in runner.invoke(app, ["variants"]).stdout


def test_help_everywhere():
    for args in (["--help"], ["variants", "--help"], ["rules", "--help"], ["play", "--help"]):
        res = runner.invoke(app, args)
        assert res.exit_code == 0 and "Usage" in res.output


def test_play_has_one_flag_per_rule_option_and_hands_each_on(monkeypatch):
    """Every ``options.FLAGS`` name is a ``play`` flag (listed in its help); given on the
    command line, each reaches ``choices_from_flags`` under its own name, the rest None."""
    res = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert res.exit_code == 0
    for name in options.FLAGS:
        flag = name.replace("_", "-")
        assert f"--{flag} " in res.output or f"--[no-]{flag} " in res.output, name
    seen: list[dict] = []

    class Stop(Exception):
        pass

    def capture(base, **flags):
        seen.append(flags)
        raise Stop

    monkeypatch.setattr(options, "choices_from_flags", capture)
    given = {"target": "201", "set": "9", "drawing": "any_time", "clock": "5"}
    args = [x for name, value in given.items() for x in ("--" + name, value)]
    args += ["--no-rule-of-13", "--bonuses"]
    res = runner.invoke(app, ["play", *args])
    assert isinstance(res.exception, Stop), res.output
    assert seen[0] == {
        **dict.fromkeys(options.FLAGS),
        "target": 201,
        "set": 9,
        "drawing": "any_time",
        "clock": 5,
        "rule_of_13": False,
        "bonuses": True,
    }


@pytest.mark.parametrize("flag", ["--players", "--no-full-fish", "--rounds"])
def test_play_daily_refuses_a_rule_flag(flag):
    args = [flag] if flag.startswith("--no-") else [flag, "3"]
    res = runner.invoke(app, ["play", "--daily", *args])
    assert res.exit_code == 2
    assert "leave out " + flag.replace("--no-", "--") in res.output


def test_rules_of_mexican_train_and_chicken_foot_in_plain_words():
    for name, words in (("mexican-train", "Mexican train"), ("chicken-foot", "three toes")):
        res = runner.invoke(app, ["rules", name])
        assert res.exit_code == 0 and words in res.output
        assert "R-" not in res.output
    res = runner.invoke(app, ["rules", "mexican-train"])
    assert "15 tiles each" in res.output and "12-12 down to 0-0 (13 rounds)" in res.output


def test_play_refuses_a_rounds_option_the_house_does_not_offer_in_one_sentence():
    res = runner.invoke(app, ["play", "--variant", "mexican-train", "--players", "9"])
    assert res.exit_code == 2
    assert "offers 2 to 8" in res.output and "Traceback" not in res.output
