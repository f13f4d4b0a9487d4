"""How a chess clock looks on the table (R-T-1…3): the model is ``engine.Clock``.

``m:ss`` (tenths under 10 s, from ``format_clock``), brighter on the running clock,
amber under a minute, red under 10 s and when the flag has fallen. With a per-turn
limit (R-T-3) the running side also shows the seconds left of its turn.
"""

from __future__ import annotations

from rich.text import Text

from ...engine import Clock, format_clock

LOW = 60.0
"""Under a minute the clock changes colour."""
CRITICAL = 10.0
"""Under ten seconds it shows tenths and turns red."""

RUNNING = "bold #ffcc66"
IDLE = "#9fb8ac"
LOW_RUNNING = "bold #ffa040"
LOW_IDLE = "#d9904a"
CRITICAL_STYLE = "bold #ff5f4f"
FLAG = "bold #ffffff on #b03a2e"


def clock_style(seconds: float, running: bool) -> str:
    """The style of a clock showing ``seconds``: brighter when running, warmer when low."""
    if seconds <= 0:
        return FLAG
    if seconds < CRITICAL:
        return CRITICAL_STYLE
    if seconds < LOW:
        return LOW_RUNNING if running else LOW_IDLE
    return RUNNING if running else IDLE


def clock_text(clock: Clock | None, seat: int) -> Text:
    """A seat's clock on the table: ``4:59`` (its style says whether it runs, and how low
    it is); with a turn limit the running side adds ``turn 29s``; empty without a clock.

    >>> c = Clock(2, 300, now=lambda: 0.0)
    >>> c.start(0)
    >>> str(clock_text(c, 0)), str(clock_text(c, 1)), str(clock_text(None, 0))
    ('5:00', '5:00', '')
    """
    t = Text()
    if clock is None:
        return t
    running = clock.running == seat
    turn = (clock.turn_remaining() or 0.0) if running and clock.turn_seconds else None
    if clock.enabled:
        left = clock.remaining(seat)
        t.append(format_clock(left), style=clock_style(left, running))
        if turn is not None:
            t.append(" ")
    if turn is not None:
        t.append(f"turn {int(turn + 0.999)}s", style=clock_style(turn, True))
    return t
