"""From the shell to the first frame: ``dominoes`` against a minimal Textual app.

Both programs run in a pseudo-terminal (80x24, ``TERM=xterm-256color``), started
the way a shell starts them (``dominoes``: the installed console script next to
this Python; the minimal app: this Python running a one-line Textual app). The
clock runs from just before the process is started until the first frame is read
from the terminal: for ``dominoes``, the start menu (its title and its first menu
entry); for the minimal app, its one line. The two alternate run by run, so a
busy machine slows both alike; each is timed ``--runs`` times and the medians
are compared.

    python benchmarks/startup.py [--runs 9] [--json] [--dominoes CMD]

``--dominoes CMD`` times another command instead of this environment's ``dominoes``
(e.g. an older checkout: ``PYTHONPATH=old python benchmarks/startup.py --dominoes
"python -c 'from dominoes_tui.cli import app; app()'"``).

Bar (issue 10): median ``dominoes`` / median minimal app <= 1.3.

Byte-code: both programs read and write compiled modules in one temporary
``PYTHONPYCACHEPREFIX`` folder (an unmeasured warm-up run of each fills it), as
an installed game would have them; ``PYTHONDONTWRITEBYTECODE`` is cleared for the
runs. ``--cold`` instead keeps the environment as it is.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import platform
import pty
import re
import select
import shlex
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

SIZE = (80, 24)
TIMEOUT = 30.0
ANSI = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[PX^_].*?\x1b\\|.)")

MINIMAL_APP = """\
from textual.app import App, ComposeResult
from textual.widgets import Static


class Minimal(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("minimal app ready")


Minimal().run()
"""

DOMINOES_MARKERS = (b"D O M I N O E S", b"New game")
MINIMAL_MARKERS = (b"minimal app ready",)


def dominoes_command() -> list[str]:
    """The ``dominoes`` console script of this environment (as a shell would run it)."""
    script = Path(sys.executable).with_name("dominoes")
    if script.exists():
        return [str(script)]
    found = shutil.which("dominoes")
    if found is None:
        raise SystemExit("no `dominoes` command found: pip install -e . first")
    return [found]


def first_frame(
    cmd: list[str], markers: tuple[bytes, ...], env: dict[str, str]
) -> tuple[float, float]:
    """Seconds from starting ``cmd`` in a fresh pty until every marker has been drawn, and
    the CPU seconds (user + system) the process had used by then (killed right after)."""
    master, slave = pty.openpty()
    cols, rows = SIZE
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        close_fds=True,
    )
    os.close(slave)
    raw = b""
    frame = None
    try:
        while True:
            left = TIMEOUT - (time.perf_counter() - start)
            if left <= 0:
                raise RuntimeError(f"{cmd[0]}: no first frame after {TIMEOUT:.0f} s")
            ready, _, _ = select.select([master], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the child closed the terminal
                chunk = b""
            if not chunk:
                text = ANSI.sub(b"", raw).decode("utf-8", "replace")
                raise RuntimeError(f"{cmd[0]} exited before its first frame:\n{text[-2000:]}")
            raw += chunk
            text = ANSI.sub(b"", raw)
            if all(m in text for m in markers):
                frame = time.perf_counter() - start
                break
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        _, _, usage = os.wait4(proc.pid, 0)
        proc.returncode = -signal.SIGKILL
        os.close(master)
    return frame, usage.ru_utime + usage.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=9, help="timed runs of each program")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--cold", action="store_true", help="keep the byte-code settings as they are")
    ap.add_argument("--dominoes", metavar="CMD", help="the command to time as dominoes")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="dominoes-startup-") as tmp:
        home = Path(tmp, "home")  # a fresh player: no save, no history, no settings
        home.mkdir()
        minimal = Path(tmp, "minimal_app.py")
        minimal.write_text(MINIMAL_APP)
        env = dict(os.environ)
        env.update(TERM="xterm-256color", COLUMNS=str(SIZE[0]), LINES=str(SIZE[1]), HOME=str(home))
        # the platform folders under that home, as a player has them (platformdirs included)
        for var in ("DOMINOES_TUI_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
            env.pop(var, None)
        for var in ("TEXTUAL", "TEXTUAL_DEBUG", "TMUX", "NO_COLOR"):
            env.pop(var, None)
        if not args.cold:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(Path(tmp, "pycache"))
        programs = {
            "dominoes": (
                shlex.split(args.dominoes) if args.dominoes else dominoes_command(),
                DOMINOES_MARKERS,
            ),
            "minimal": ([sys.executable, str(minimal)], MINIMAL_MARKERS),
        }
        for cmd, markers in programs.values():  # warm-up: byte-code, disk cache
            first_frame(cmd, markers, env)
        times: dict[str, list[float]] = {name: [] for name in programs}
        cpu: dict[str, list[float]] = {name: [] for name in programs}
        for _ in range(args.runs):
            for name, (cmd, markers) in programs.items():
                wall, used = first_frame(cmd, markers, env)
                times[name].append(wall)
                cpu[name].append(used)

    med = {name: statistics.median(ts) for name, ts in times.items()}
    med_cpu = {name: statistics.median(ts) for name, ts in cpu.items()}
    ratio = med["dominoes"] / med["minimal"]
    result = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "runs": args.runs,
        "bytecode": "cold" if args.cold else "cached",
        "dominoes_command": args.dominoes or "dominoes",
        "median_s": {k: round(v, 4) for k, v in med.items()},
        "times_s": {k: [round(t, 4) for t in ts] for k, ts in times.items()},
        "ratio": round(ratio, 3),
        "cpu_median_s": {k: round(v, 4) for k, v in med_cpu.items()},
        "cpu_ratio": round(med_cpu["dominoes"] / med_cpu["minimal"], 3),
        "bar": 1.3,
        "met": ratio <= 1.3,
    }
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"Python {result['python']} on {result['machine']}, {args.runs} runs each, "
        f"byte-code {result['bytecode']}"
    )
    for name, ts in times.items():
        spread = f"{min(ts) * 1000:.0f}-{max(ts) * 1000:.0f} ms"
        print(
            f"{name:<9} first frame: median {med[name] * 1000:5.0f} ms  ({spread}); "
            f"CPU used by then: median {med_cpu[name] * 1000:4.0f} ms"
        )
    verdict = "met" if result["met"] else "NOT met"
    print(f"ratio dominoes / minimal: {ratio:.2f}  (bar <= 1.3: {verdict})")
    print(f"(CPU time ratio, less sensitive to a busy machine: {result['cpu_ratio']:.2f})")


if __name__ == "__main__":
    main()
