"""The ``dominoes`` console script: a bare ``dominoes`` goes straight to the start menu.

The Typer CLI (:mod:`.cli`) costs about a tenth of a second to import and run
before any command starts, so a bare ``dominoes`` (no arguments) opens the
start menu without it; anything else (``--help``, ``play``, ...) goes to the CLI.
Shell completion also calls the script with no arguments, but with
``_DOMINOES_COMPLETE`` set: that goes to the CLI too.
"""

from __future__ import annotations

import gc
import os
import sys


def _completing() -> bool:
    return any(k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ)


def main() -> None:
    """The entry point of the ``dominoes`` script."""
    if len(sys.argv) <= 1 and not _completing():
        # Importing Textual and the game makes some 100,000 objects that live until the
        # program exits: no collections while they are made, then set them aside
        # (gc.freeze) so that later collections need not walk them (benchmarks/startup.py).
        gc.disable()
        try:
            from .tui.app import start_menu
        finally:
            gc.freeze()
            gc.enable()
        start_menu()
        return
    from .cli import app  # Typer only for a command (see above)

    app()
