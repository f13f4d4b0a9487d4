"""The app needs a terminal: without one (output to a file, cron, CI) it would wait for ever."""

from __future__ import annotations

import os
import sys
from typing import Any

NEEDS_TERMINAL = (
    "dominoes needs a terminal: its input or output is not one here "
    "(redirected to a file or a pipe, or run from cron or CI)."
)


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError, OSError):  # no stream, or a closed one
        return False


def require_terminal() -> None:
    """Say :data:`NEEDS_TERMINAL` and exit 1 unless stdin and stdout are both a terminal.

    A driver named in ``TEXTUAL_DRIVER`` (``dominoes serve`` runs each browser tab's game
    with textual-serve's web driver, over pipes) needs none.
    """
    if os.environ.get("TEXTUAL_DRIVER"):
        return
    if _is_terminal(sys.stdin) and _is_terminal(sys.stdout):
        return
    print(f"Error: {NEEDS_TERMINAL}", file=sys.stderr)
    raise SystemExit(1)
