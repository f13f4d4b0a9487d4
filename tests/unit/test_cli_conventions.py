"""Command line conventions (issue 10): --version, -h everywhere, flags without a
placeholder, shell completion."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import version

import pytest
import typer
from typer.testing import CliRunner

from dominoes_tui import cli

runner = CliRunner()


def commands() -> list[str]:
    return sorted(typer.main.get_command(cli.app).commands)  # type: ignore[attr-defined]


def test_version():
    res = runner.invoke(cli.app, ["--version"])
    assert res.exit_code == 0, res.output
    assert res.output.strip() == f"dominoes-tui {version('dominoes-tui')}"


@pytest.mark.parametrize("flag", ["-h", "--help"])
def test_h_and_help_on_every_command(flag):
    for args in ([flag], *([name, flag] for name in commands())):
        res = runner.invoke(cli.app, args, env={"COLUMNS": "120"})
        assert res.exit_code == 0, (args, res.output)
        assert "Usage: " in res.output, args
        assert "-h" in res.output and "--help" in res.output, args


def test_flags_show_no_value_placeholder():
    """A flag takes no value, so its help shows none (no `--json <bool>`); options that
    take one keep theirs (`--seed <int>`)."""
    for args in ([], *([name] for name in commands())):
        res = runner.invoke(cli.app, [*args, "--help"], env={"COLUMNS": "120"})
        assert "<bool>" not in res.output, (args, res.output)
    play = runner.invoke(cli.app, ["play", "--help"], env={"COLUMNS": "120"}).output
    resume = next(line for line in play.splitlines() if "--resume" in line)
    assert "Continue the match" in resume and "<" not in resume
    assert any("--seed" in line and "<int>" in line for line in play.splitlines())


def test_completion_options_are_offered():
    res = runner.invoke(cli.app, ["--help"], env={"COLUMNS": "120"})
    assert "--install-completion" in res.output and "--show-completion" in res.output


def test_install_completion_for_bash(tmp_path):
    """`dominoes --install-completion` writes the bash script and sources it from .bashrc;
    the script asks the program for its completions."""
    code = "import sys\nsys.argv = ['dominoes', '--install-completion', 'bash']\n"
    code += "from dominoes_tui.launch import main\nmain()\n"
    env = {**os.environ, "HOME": str(tmp_path), "SHELL": "/bin/bash"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert out.returncode == 0, out.stderr
    script = tmp_path / ".bash_completions" / "dominoes.sh"
    assert "_DOMINOES_COMPLETE=complete_bash" in script.read_text()
    assert str(script) in (tmp_path / ".bashrc").read_text()
