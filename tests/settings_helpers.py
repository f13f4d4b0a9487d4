"""Helpers for the player's settings tests (tests/tui/test_settings.py): a table app with
no CPU pause and a fixed CPU, and a wait until it has settled (no fixed sleeps)."""

from __future__ import annotations

from typing import Any

from dominoes_tui.engine import load_variant
from dominoes_tui.tui.app import DominoesApp


class FirstLegalCpu:
    """Always the first legal action: the tests do not move when the real CPU levels do."""

    level = "easy"
    name = "CPU (Easy)"

    def choose(self, view: Any) -> Any:
        return view.legal[0]


def table_app(variant: str = "classic", seed: int = 5, **kwargs: Any) -> DominoesApp:
    """A table of ``variant`` (untimed), the CPU at once and always its first legal move."""
    rules = load_variant(variant, clock_minutes=0)
    return DominoesApp(
        rules=rules,
        seed=seed,
        level="easy",
        delay=0,
        player_factory=lambda level, seed: FirstLegalCpu(),
        **kwargs,
    )


async def settled(pilot: Any) -> None:
    """Until the CPU and any shown move are done and nothing is queued."""
    app = pilot.app
    for _ in range(500):
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = app.table
        if table is None or not table.busy:
            await pilot.pause()
            if table is None or not table.busy:
                return
    raise AssertionError("the table never settled")
