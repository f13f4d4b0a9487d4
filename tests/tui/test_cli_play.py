"""`dominoes` and `dominoes play` open the table with the options given (the app is not run)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from dominoes_tui import cli
from dominoes_tui.tui import app as tui_app


@pytest.fixture
def opened(monkeypatch):
    calls: list[dict] = []
    monkeypatch.setattr(tui_app, "run_app", lambda **kw: calls.append(kw))
    return calls


def test_bare_dominoes_opens_the_start_menu(opened) -> None:
    result = CliRunner().invoke(cli.app, [])
    assert result.exit_code == 0, result.output
    assert opened and opened[0]["start_menu"] is True


def test_play_passes_its_options(opened) -> None:
    args = ["play", "--variant", "double-first", "--seed", "7", "--level", "easy"]
    args += ["--speed", "2", "--tiles", "unicode"]
    result = CliRunner().invoke(cli.app, args)
    assert result.exit_code == 0, result.output
    kw = opened[0]
    assert kw["rules"].name == "double-first" and kw["seed"] == 7 and kw["level"] == "easy"
    assert kw["speed"] == 2 and kw["tile_style"] == "unicode"


def test_play_seats_four_players(opened) -> None:
    result = CliRunner().invoke(cli.app, ["play", "--variant", "goat"])
    assert result.exit_code == 0, result.output
    assert opened[0]["rules"].players == 4 and opened[0]["rules"].partners


def test_play_mexican_train_with_six_players(opened) -> None:
    """Issue 15: ``dominoes play --variant mexican-train --players 6`` (and its options)."""
    args = ["play", "--variant", "mexican-train", "--players", "6", "--first-turn-run"]
    result = CliRunner().invoke(cli.app, [*args, "--rounds", "3", "--set", "9"])
    assert result.exit_code == 0, result.output
    r = opened[0]["rules"]
    assert (r.layout, r.players, r.first_turn_run, r.rounds, r.set) == ("trains", 6, True, 3, 9)


def test_play_chicken_foot(opened) -> None:
    result = CliRunner().invoke(cli.app, ["play", "--variant", "chicken-foot", "--players", "8"])
    assert result.exit_code == 0, result.output
    assert opened[0]["rules"].layout == "chicken_foot" and opened[0]["rules"].players == 8


@pytest.mark.parametrize(
    "args, words",
    [
        (["--level", "grandmaster"], "no CPU level"),
        (["--variant", "nope"], "no variant"),
        (["--tiles", "emoji"], "--tiles"),
        (["--speed", "0"], "--speed"),
    ],
)
def test_play_refuses_bad_options_in_one_sentence(opened, args, words) -> None:
    result = CliRunner().invoke(cli.app, ["play", *args])
    assert result.exit_code == 2
    assert words in result.output
    assert not opened
