"""Command line conventions (issue 10): --version, -h everywhere, flags without a
placeholder, shell completion, and `dominoes serve`'s options and refusals."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from importlib.metadata import version

import pytest
import typer
from typer.testing import CliRunner

from dominoes_tui import cli
from dominoes_tui import serve as serving

runner = CliRunner()


def commands() -> list[str]:
    return sorted(typer.main.get_command(cli.app).commands)  # type: ignore[attr-defined]


def test_version():
    res = runner.invoke(cli.app, ["--version"])
    assert res.exit_code == 0, res.output
    assert res.output.strip() == f"dominoes-tui {version('dominoes-tui')}"


def test_every_command_is_listed_with_serve():
    assert {"play", "variants", "rules", "arena", "stats", "replay", "serve"} <= set(commands())


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
    # Typer finds the user's shell among the process's parents (shellingham), which a test
    # run started from no shell lacks ("Shell None is not supported"): name it instead.
    env = {
        **os.environ,
        "HOME": str(tmp_path),
        "SHELL": "/bin/bash",
        "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1",
    }
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert out.returncode == 0, out.stderr
    script = tmp_path / ".bash_completions" / "dominoes.sh"
    assert "_DOMINOES_COMPLETE=complete_bash" in script.read_text()
    assert str(script) in (tmp_path / ".bashrc").read_text()


# ------------------------------------------------------------------ serve


class FakeServer:
    """Stands in for textual_serve's Server: records how it was made, serves nothing."""

    made: list[tuple[str, dict]] = []
    fail: OSError | None = None

    def __init__(self, command: str, **kwargs) -> None:
        FakeServer.made.append((command, kwargs))

    def serve(self) -> None:
        if FakeServer.fail is not None:
            raise FakeServer.fail


@pytest.fixture
def fake_server(monkeypatch):
    """textual-serve's Server faked; the port is not tried (any port "can" listen)."""
    server_mod = pytest.importorskip("textual_serve.server")
    FakeServer.made, FakeServer.fail = [], None
    monkeypatch.setattr(server_mod, "Server", FakeServer)
    monkeypatch.setattr(serving, "bind_problem", lambda host, port: None)
    return FakeServer


def test_serve_defaults_to_this_machine_only(fake_server):
    res = runner.invoke(cli.app, ["serve"])
    assert res.exit_code == 0, res.output
    assert res.stderr == ""  # no warning
    command, kw = fake_server.made[0]
    assert kw["host"] == "127.0.0.1" and kw["port"] == 8000
    assert kw["public_url"] == "http://127.0.0.1:8000"
    # the game itself, run by this Python, once per browser tab
    assert command.endswith("-m dominoes_tui") and sys.executable in command


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "127.0.0.2", "::1", "[::1]"])
def test_serve_on_a_loopback_host_says_nothing(fake_server, host):
    res = runner.invoke(cli.app, ["serve", "--host", host, "--port", "18080"])
    assert res.exit_code == 0, res.output
    assert res.stderr == ""
    kw = fake_server.made[0][1]
    assert kw["port"] == 18080 and kw["host"] == host.strip("[]")


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "myhost.example"])
def test_serve_on_another_host_warns_in_one_line(fake_server, host):
    res = runner.invoke(cli.app, ["serve", "--host", host])
    assert res.exit_code == 0, res.output
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Warning: ") and host in lines[0]
    assert "anyone" in lines[0]
    kw = fake_server.made[0][1]
    assert kw["host"] == host
    if host == "0.0.0.0":  # the page needs a name to call back on
        assert kw["public_url"].startswith("http://") and kw["public_url"].endswith(":8000")
    else:
        assert kw["public_url"] == f"http://{host}:8000"


def test_serve_public_url_is_passed_on(fake_server):
    res = runner.invoke(
        cli.app, ["serve", "--host", "0.0.0.0", "--public-url", "https://dominoes.example/"]
    )
    assert res.exit_code == 0, res.output
    assert fake_server.made[0][1]["public_url"] == "https://dominoes.example"


def test_serve_a_port_taken_meanwhile_is_one_sentence(fake_server):
    fake_server.fail = OSError(98, "Address already in use")
    res = runner.invoke(cli.app, ["serve", "--port", "18081"])
    assert res.exit_code == 1
    assert res.stderr.strip() == (
        "Error: port 18081 is taken on 127.0.0.1: another program listens there; "
        "choose another with --port."
    )


def test_serve_a_taken_port_is_said_before_serving():
    pytest.importorskip("textual_serve")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        res = runner.invoke(cli.app, ["serve", "--port", str(port)])
    assert res.exit_code == 1
    assert res.stdout == ""  # no "Serving …"
    assert res.stderr.strip() == (
        f"Error: port {port} is taken on 127.0.0.1: another program listens there; "
        "choose another with --port."
    )


@pytest.mark.parametrize("host", ["", "  ", "[]"])
def test_serve_an_empty_host_is_refused(fake_server, host):
    res = runner.invoke(cli.app, ["serve", "--host", host])
    assert res.exit_code == 2
    assert res.stderr.strip().startswith("Error: --host is empty: give the address")
    assert len(res.stderr.strip().splitlines()) == 1 and fake_server.made == []


def test_serve_a_public_url_that_is_no_address_is_refused(fake_server):
    res = runner.invoke(cli.app, ["serve", "--public-url", "dominoes.example"])
    assert res.exit_code == 2
    assert res.stderr.strip().startswith("Error: --public-url 'dominoes.example' is not")
    assert fake_server.made == []


def test_serve_max_games_is_passed_on(monkeypatch):
    pytest.importorskip("textual_serve")
    plans = []
    monkeypatch.setattr(serving, "bind_problem", lambda host, port: None)
    monkeypatch.setattr(serving, "serve_game", lambda plan, command: plans.append(plan))
    assert runner.invoke(cli.app, ["serve", "--max-games", "2"]).exit_code == 0
    assert runner.invoke(cli.app, ["serve"]).exit_code == 0
    assert [p.max_games for p in plans] == [2, 4]
    res = runner.invoke(cli.app, ["serve", "--max-games", "0"])
    assert res.exit_code == 2 and "Traceback" not in res.output


def test_serve_bad_port_is_refused():
    res = runner.invoke(cli.app, ["serve", "--port", "70000"])
    assert res.exit_code == 2 and "Traceback" not in res.output


def test_serve_without_the_web_extra_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # as if not installed
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    res = runner.invoke(cli.app, ["serve"])
    assert res.exit_code == 2
    assert res.stderr.strip() == (
        "Error: playing in a browser needs the web extra: pip install 'dominoes-tui[web]'"
    )
