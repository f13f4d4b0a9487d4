"""What the session's parts share: the person's seat, their occasional keys' actions and
the wrapper of a public call."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from ..engine import Draw, Pass, PlayDoubles, Resign, Stop

YOU = 0
"""The person's seat. Every other seat is a CPU."""

KeyAction = type[Pass] | type[PlayDoubles] | type[Draw] | type[Stop] | type[Resign]
"""The actions of the person's occasional keys (``p``, ``t``, ``d``, ``s``, ``r``), by type."""
KEY_ACTIONS: tuple[KeyAction, ...] = (Pass, PlayDoubles, Draw, Stop, Resign)


F = TypeVar("F", bound=Callable[..., Any])


def entry(fn: F) -> F:
    """A public call of the session: when the outermost one returns, whatever is due now
    runs, then the listeners hear every event of the call in one batch."""

    @functools.wraps(fn)
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        self._depth += 1
        try:
            result = fn(self, *args, **kwargs)
            if self._depth == 1:
                self._run_due()
        finally:
            self._depth -= 1
        if self._depth == 0:
            self._flush()
        return result

    return call  # type: ignore[return-value]
