"""The README and the players' rules stand on their own in a fresh clone (issue 12).

Nothing they point to lies outside the repository, every link resolves, no merge
leftovers, and the rules page (``docs/rules.md``) names every house, for players:
no rule IDs.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from engine_helpers import RULE_ID

from dominoes_tui.engine import load_variants

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "docs" / "rules.md"]
LINK = re.compile(r"\]\(([^)\s]+)\)")
PATHLIKE = re.compile(r"(?<![\w/.])(\.\./[\w./-]+|/work/[\w./-]+)")


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_every_link_resolves_inside_the_repository(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert PATHLIKE.findall(text) == []  # nothing outside the clone (../shared/…)
    for target in LINK.findall(text):
        if target.startswith(("http://", "https://", "#", "mailto:")):
            continue
        resolved = (path.parent / target.split("#")[0]).resolve()
        assert resolved.is_relative_to(ROOT), target
        assert resolved.exists(), target


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_no_merge_leftovers_and_no_rule_ids(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"^(<<<<<<<|=======|>>>>>>>)", text, re.M)
    assert RULE_ID.findall(text) == []


def test_the_readme_points_players_to_the_rules_page() -> None:
    assert "](docs/rules.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_rules_page_names_every_house() -> None:
    """A house added to variants.toml gets its paragraph (Mexican Train and Chicken Foot
    too, before their table lands)."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    missing = [name for name in load_variants() if f"### {name}" not in text]
    # standard-draw and standard-block share one heading
    missing = [n for n in missing if not re.search(rf"### .*\b{re.escape(n)}\b", text)]
    assert missing == []
    for words in ("open end", "boneyard", "blocked", "pass", "penalty", "spinner"):
        assert words in text


def test_the_readme_says_what_guards_the_browser_game_and_what_a_second_tab_does() -> None:
    """The link with its token, the Origin and Host checks and the cap are named; a
    second tab shares the home (tests/web/test_serve_tabs.py plays it), so it does not
    run "its own game"."""
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    for words in ("http://127.0.0.1:8000/?token=", "`Origin`", "`Host`", "--max-games"):
        assert words in text
    assert "runs its own game" not in text
    assert "offer Watch" in text and "http://[::1]:8000/?token=" in text
