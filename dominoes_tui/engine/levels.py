"""The names of the CPU levels a match is played against (the players are ``ai``'s).

Here, below both, so that a saved match's level can be checked by the store without
it loading the players, and the players' package names the same levels.
"""

from __future__ import annotations

LEVELS = ("easy", "medium", "hard", "expert")
"""The levels a person plays against, weakest first."""
ARENA_LEVELS = (*LEVELS, "pimc")
"""Every player the arena knows: the levels and the ``pimc`` yardstick."""
