"""Help that fits and tells the truth (issue 25): ``dominoes play --help`` at 80 columns,
help lines that name only what every house takes (or point to ``dominoes rules NAME``),
``rules NAME`` wrapped to the terminal and listing the house's own choices, no source
document in a title, and no Python list in anything the commands print."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from dominoes_tui import cli, options
from dominoes_tui.engine.rules import load_variants

runner = CliRunner()
HOUSES = load_variants()
LIST_REPR = re.compile(r"\[\s*-?\d+(\.\d+)?\s*,")
"""A Python list of numbers as ``str`` prints it: ``[19, 0, 50]``."""


def help_lines(columns: int) -> list[str]:
    res = runner.invoke(cli.app, ["play", "--help"], env={"COLUMNS": str(columns)})
    assert res.exit_code == 0, res.output
    return res.output.rstrip("\n").splitlines()


def test_play_help_fits_80_columns_in_under_60_lines() -> None:
    lines = help_lines(80)
    assert len(lines) < 60, "\n".join(lines)
    assert max(map(len, lines)) <= 80
    text = "\n".join(lines)
    for panel in ("Table", "House rules", "Clock"):
        assert f"─ {panel} ─" in text  # the rule flags grouped
    assert "--[no-]rule-of-13" in text  # an on/off pair in one column
    # help lines are not squeezed into a narrow column: only the two long ones wrap
    wrapped = [line for line in lines if re.fullmatch(r"│ {20,}\S.*", line)]
    assert len(wrapped) <= 3, "\n".join(wrapped)


def offered_flag_values(flag: str) -> set[object]:
    """Every value of ``flag`` that some house takes (as typed on the command line)."""
    out: set[object] = set()
    for rules in HOUSES.values():
        key = options._flag_key(rules, flag)
        for value in options.offered(rules, key):
            out.add(options._as_flag(key, value))
    return out


def named_values(text: str, values: set[object]) -> list[object]:
    """The values among ``values`` that ``text`` spells out (numbers and words)."""
    named = []
    for v in values:
        if isinstance(v, bool) or isinstance(v, dict):
            continue  # an on/off flag names no value: --x or --no-x
        if re.search(rf"(?<![\w-]){re.escape(str(v))}(?![\w-])", text):
            named.append(v)
    return named


@pytest.mark.parametrize("flag", list(options.FLAGS))
def test_each_rule_flag_help_names_only_what_every_house_takes(flag: str) -> None:
    """R-V-2: a help line that names a value names one that every house takes;
    otherwise it points to ``dominoes rules NAME``, where each house's own are."""
    help_text = cli._RULE_FLAGS[flag][2]
    if cli.RULES_HINT in help_text:
        return
    for value in named_values(help_text, offered_flag_values(flag)):
        refused = [
            name
            for name, rules in HOUSES.items()
            if options.flag_refusal(rules, flag, value) is not None
        ]
        assert not refused, f"--{flag} help names {value!r}, refused by {refused}"


def test_the_value_check_catches_a_house_that_refuses() -> None:
    """The check above can fail: classic refuses a target of 0 (a single hand)."""
    values = named_values(
        "Match target, e.g. 201 (0: a single hand).", offered_flag_values("target")
    )
    assert 0 in values and 201 in values
    assert options.flag_refusal(HOUSES["classic"], "target", 0) is not None


@pytest.mark.parametrize("name", list(HOUSES))
def test_rules_lists_the_houses_own_choices(name: str) -> None:
    res = runner.invoke(cli.app, ["rules", name], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    rules = HOUSES[name]
    for flag in options.FLAGS:
        key = options._flag_key(rules, flag)
        values = options.offered(rules, key)
        if len(values) > 1 and not isinstance(options._as_flag(key, values[0]), bool):
            assert f"--{flag.replace('_', '-')}: {options.allowed_values(rules, flag)}" in (
                res.output
            ), flag


def test_rules_wrap_to_the_terminal() -> None:
    for columns in (60, 80):
        res = runner.invoke(cli.app, ["rules", "mexican-train"], env={"COLUMNS": str(columns)})
        lines = res.output.splitlines()
        assert max(map(len, lines)) < columns, res.output
    wide = runner.invoke(cli.app, ["rules", "mexican-train"], env={"COLUMNS": "200"}).output
    assert max(map(len, wide.splitlines())) > 80  # the width is the terminal's, not fixed


@pytest.mark.parametrize("name", list(HOUSES))
def test_no_source_document_in_what_a_player_reads(name: str) -> None:
    """The house's ``house`` (where its rules come from) is kept for JSON, not shown."""
    rules = HOUSES[name]
    out = runner.invoke(cli.app, ["rules", name]).output
    out += runner.invoke(cli.app, ["variants"]).output
    for source in ("Standard rules", "Classic dominoes", "Basic rules", "Online table rules"):
        assert source not in out
    if rules.house:
        assert f"({rules.house})" not in out


def test_no_python_list_in_the_commands_output() -> None:
    outputs = [help_lines(80), help_lines(200)]
    for args in (["variants"], ["stats"], ["--help"], *(["rules", n] for n in HOUSES)):
        res = runner.invoke(cli.app, args, env={"COLUMNS": "80"})
        assert res.exit_code == 0, (args, res.output)
        outputs.append(res.output.splitlines())
    for lines in outputs:
        for line in lines:
            assert not LIST_REPR.search(line), line
