"""Shared fixtures for every test directory, and the Hypothesis profiles.

Hypothesis runs the ``ci`` profile (always when ``CI`` is set, and by default):
``derandomize=True`` draws the same examples on every run (a red test stays red, CI is
repeatable, a local run sees what CI saw), no deadline (a loaded machine must not fail a
property), and the failing example's blob printed to reproduce it.
``HYPOTHESIS_PROFILE=dev`` (without ``CI``) draws new examples each run, to explore.
"""

import os

import pytest
import textual._wait
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def dominoes_home(tmp_path_factory, monkeypatch):
    """Point ``DOMINOES_TUI_HOME`` at a fresh empty directory, so no test reads or
    writes the real user's files (variants, saves, settings). Returns that path."""
    home = tmp_path_factory.mktemp("dominoes_home")
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(home))
    return home


@pytest.fixture
def test_levels(monkeypatch):
    """The tests' own levels' ratings (``store_helpers.TEST_LEVELS``), so that snapshots and
    the ratings a test checks do not move when ``benchmarks/calibrate_levels.py`` writes
    new ones; the shipped file's own checks are in tests/store/test_rating.py."""
    from store_helpers import TEST_LEVELS, use_levels

    from dominoes_tui.store import rating

    use_levels(monkeypatch, TEST_LEVELS)
    yield TEST_LEVELS
    rating.shipped_levels.cache_clear()


PILOT_STEP = 0.005
"""Seconds a pilot sleeps at a time while it waits for an idle app (Textual's: 0.02)."""


@pytest.fixture(autouse=True)
def _pilot_steps(request, monkeypatch):
    """Textual's pilot waits for the app to go idle after each key and each pause: it sleeps
    in steps of 20 ms until a step passes in which the process worked less than a twentieth
    of it. Steps of 5 ms (the same twentieth) find the idle app sooner: the app's tests
    spent more of their time asleep in those steps than working (pytest 250 s -> 195 s).
    Snapshots keep Textual's own steps: a snapshot compares every cell, a scroll offset
    too, and is taken as Textual's own tests take theirs."""
    if "snap_compare" not in request.fixturenames:
        monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", PILOT_STEP)
        monkeypatch.setattr(textual._wait, "SLEEP_IDLE", PILOT_STEP / 20)
