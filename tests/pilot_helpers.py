"""What every pilot test of the app needs, in one place (tests/tui/conftest.py, the
practice and settings tests import it): a CPU that always plays its first legal move, and a
wait until the table has settled (no fixed sleeps)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from dominoes_tui.ai import review as rv
from dominoes_tui.table import review_job
from dominoes_tui.tui import strategy_coach

__all__ = ["FirstLegal", "first_legal", "rig_judges", "settle", "settle_and_read"]


class FirstLegal:
    """A CPU for tests: always the first legal action, so the tests and snapshots do
    not move when the real levels in dominoes_tui/ai/ get better."""

    level = "easy"
    name = "CPU (Easy)"

    def choose(self, view):
        return view.legal[0]


def first_legal(level: str, seed: int) -> FirstLegal:
    return FirstLegal()


async def settle(pilot) -> None:
    """Wait until the CPU and any shown forced move are done (no fixed sleeps)."""
    app = pilot.app
    for _ in range(500):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if app._exception is not None:
            raise app._exception
        table = app.table
        if table is None or not table.busy:
            await pilot.pause()
            if table is None or not table.busy:
                return
    raise AssertionError("the table never settled")


async def settle_and_read(pilot) -> None:
    """:func:`settle`, then the reads a screen starts once its first frame is shown (the start
    menu's look at the save and the history, in threads): the screen as a person sees it a
    moment later, whatever the machine's speed."""
    await settle(pilot)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


ONE_ROUND = rv.Budget(rounds=1, max_rounds=1)
"""One round of each judgement: the tests' evaluators need no search."""


def rig_judges(monkeypatch: Any, evaluator: Callable) -> Iterator[None]:
    """The review and the strategy coach judge every move with ``evaluator`` (one round,
    no search), nothing kept between tests: for an autouse fixture to ``yield from``."""
    for module in (review_job, strategy_coach):
        monkeypatch.setattr(module, "EVALUATOR", evaluator)
        monkeypatch.setattr(module, "BUDGET", ONE_ROUND)
    review_job.forget_kept()
    yield
    review_job.forget_kept()
