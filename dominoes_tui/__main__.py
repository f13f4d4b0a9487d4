"""``python -m dominoes_tui``: the same as the ``dominoes`` command (``dominoes serve``
runs the game this way for each browser tab)."""

from .launch import main

main()
