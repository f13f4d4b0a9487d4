"""Shared fixtures for every test directory."""

import pytest


@pytest.fixture(autouse=True)
def dominoes_home(tmp_path_factory, monkeypatch):
    """Point ``DOMINOES_TUI_HOME`` at a fresh empty directory, so no test reads or
    writes the real user's files (variants, saves, settings). Returns that path."""
    home = tmp_path_factory.mktemp("dominoes_home")
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(home))
    return home
