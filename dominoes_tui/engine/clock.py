"""A chess clock as a pure model (R-T-1…3): the time source is injected.

The UI calls :meth:`Clock.start` with the seat to move, :meth:`Clock.stop`
when a hand is over or the game is paused, and reads :meth:`remaining`; a
timer in the UI only repaints.

>>> t = [0.0]
>>> c = Clock(players=2, seconds=60, now=lambda: t[0])
>>> c.start(0); t[0] = 15.0
>>> c.remaining(0), c.remaining(1)
(45.0, 60.0)
>>> c.start(1); t[0] = 75.0
>>> c.remaining(1), c.flagged()
(0.0, 1)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence


class Clock:
    """One countdown per seat for the whole match, and an optional per-turn limit."""

    def __init__(
        self,
        players: int,
        seconds: float,
        turn_seconds: float = 0,
        now: Callable[[], float] = time.monotonic,
        remaining: Sequence[float] | None = None,
    ) -> None:
        self.now = now
        self.seconds = float(seconds)
        self.turn_seconds = float(turn_seconds)
        self._left = [float(x) for x in remaining] if remaining else [self.seconds] * players
        self.running: int | None = None
        self._paused: int | None = None
        self._since = 0.0
        self._turn_used = 0.0

    @property
    def enabled(self) -> bool:
        return self.seconds > 0

    def start(self, seat: int) -> None:
        """Run ``seat``'s clock (R-T-1: only the side to move runs). A new seat starts a new turn;
        the seat that was paused continues its turn."""
        self._settle()
        if seat != self.running and seat != self._paused:
            self._turn_used = 0.0
        self._paused = None
        self.running = seat
        self._since = self.now()

    def stop(self) -> None:
        """Stop every clock and end the turn (hand over, saved and closed)."""
        self._settle()
        self.running = None
        self._paused = None

    def pause(self) -> None:
        """Stop every clock within a turn (menu, help, suspended): starting the same seat
        again continues its turn, so a pause never refills the per-turn limit (R-T-3)."""
        self._settle()
        if self.running is not None:
            self._paused = self.running
        self.running = None

    def new_turn(self) -> None:
        """Reset the per-turn limit without stopping (same seat moves again)."""
        self._settle()
        self._turn_used = 0.0

    def _settle(self) -> None:
        if self.running is not None:
            t = self.now()
            used = t - self._since
            self._left[self.running] = max(0.0, self._left[self.running] - used)
            self._turn_used += used
            self._since = t

    def remaining(self, seat: int) -> float:
        left = self._left[seat]
        if seat == self.running:
            left -= self.now() - self._since
        return max(0.0, left)

    def remaining_all(self) -> list[float]:
        return [self.remaining(s) for s in range(len(self._left))]

    def flagged(self) -> int | None:
        """The seat whose clock reached 0, if any (R-T-1)."""
        if not self.enabled:
            return None
        for s in range(len(self._left)):
            if self.remaining(s) <= 0:
                return s
        return None

    def turn_remaining(self) -> float | None:
        """Seconds left of the per-turn limit (R-T-3), or None without one."""
        if not self.turn_seconds:
            return None
        used = self._turn_used
        if self.running is not None:
            used += self.now() - self._since
        return max(0.0, self.turn_seconds - used)

    def turn_expired(self) -> bool:
        left = self.turn_remaining()
        return left is not None and left <= 0


def format_clock(seconds: float) -> str:
    """``mm:ss``, tenths under 10 s: ``"14:59"``, ``"0:09.4"``."""
    if seconds < 10:
        return f"0:{seconds:04.1f}"
    s = int(seconds)
    return f"{s // 60}:{s % 60:02d}"
