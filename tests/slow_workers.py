"""A probe, not part of the suite: every Textual worker waits a moment before its work, as
on a loaded machine, so that a test which does not wait for a worker it depends on fails
every time here rather than once in a while under load (it found a statistics test that
waited for no worker, the start menu's focus lost while a slow save was read, and the
recent matches' cursor sent back to the top when the history was read again). Run with

    python -m pytest -p slow_workers tests/tui

``SLOW_WORKER_DELAY`` (seconds, 0.25 by default) sets the wait; ``SLOW_ASYNC_WORKERS=1``
holds the async workers too. Nothing in the suite loads it."""

from __future__ import annotations

import asyncio
import inspect
import os
import time
from typing import Any

from textual.worker import Worker

DELAY = float(os.environ.get("SLOW_WORKER_DELAY", "0.25"))

_run_threaded = Worker._run_threaded
_run_async = Worker._run_async


async def _held_thread(self: Worker) -> Any:
    work = self._work
    coroutine = inspect.iscoroutinefunction(work) or inspect.iscoroutinefunction(
        getattr(work, "func", None)
    )
    if callable(work) and not coroutine and not inspect.isawaitable(work):

        def held() -> Any:
            time.sleep(DELAY)
            return work()

        self._work = held
    return await _run_threaded(self)


async def _held_async(self: Worker) -> Any:
    await asyncio.sleep(DELAY)
    return await _run_async(self)


Worker._run_threaded = _held_thread  # type: ignore[method-assign]
if os.environ.get("SLOW_ASYNC_WORKERS"):
    Worker._run_async = _held_async  # type: ignore[method-assign]
