"""The resumed table's earlier log lives with the session: :mod:`dominoes_tui.table.resume`."""

from __future__ import annotations

from ..table.resume import Rebuilt, rebuild
from ..table.words import redeal_line

__all__ = ["Rebuilt", "rebuild", "redeal_line"]
