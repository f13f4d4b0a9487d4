"""Keeping a review's accuracy with the match's history row once the match is recorded."""

from __future__ import annotations

import asyncio
import contextlib

from textual.app import App

from ..table.review_job import save_kept


async def keep_review(app: App, key: str, record_id: int | None = None) -> None:
    """Keep match ``key``'s judged hands in the history once it is recorded: wait for the
    store's workers (the record is written by one), then save in a thread."""
    current = getattr(asyncio.current_task(), "get_name", lambda: "")()
    for w in list(app.workers):
        if w.group == "store" and not w.is_finished and w.name != current:
            with contextlib.suppress(Exception):
                await w.wait()
    problem = await asyncio.to_thread(save_kept, key, record_id)
    if problem:
        app.notify(problem, severity="warning", markup=False)
