"""Ratings (issue 27): openskill's arithmetic on a chess-like scale, rated and casual
matches, the levels' calibration file, and the rating recomputed from the history."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from openskill.models import PlackettLuce
from store_helpers import TEST_LEVELS, play_match

from dominoes_tui import store
from dominoes_tui.engine import load_variant
from dominoes_tui.engine.levels import LEVELS
from dominoes_tui.store import rating
from dominoes_tui.store.rating import LevelRatings, MatchFacts, Rating

LEVELS_AT = LevelRatings(
    {f: {"easy": (900, 60), "medium": (1100, 60), "hard": (1400, 60), "expert": (1600, 60)}
     for f in rating.FAMILIES}
)  # fmt: skip
DRAW = load_variant("draw")
SHIPPED = Path(rating.__file__).resolve().parent.parent / "data" / "level_ratings.json"
"""The levels' ratings the package ships (the tests' own are tests/level_ratings.json)."""


def facts(level: str, outcome: str, rules=DRAW, **kw) -> MatchFacts:
    kw.setdefault("scores", [0] * rules.sides)
    kw.setdefault("house", load_variant(rules.name))
    kw.setdefault("human_side", 0)
    return MatchFacts(1, rules, level, outcome, end_reason="target", **kw)


def test_the_scale_is_openskills_at_1200_plus_or_minus_350() -> None:
    new = Rating()
    assert (new.value, new.uncertainty) == (1200, 350)
    assert new.words() == "1200 ± 350, provisional for 10 matches"
    assert Rating(matches=4).words() == "1200 ± 350, provisional for 6 more matches"
    assert Rating(matches=10).words() == "1200 ± 350"


def test_the_arithmetic_is_openskills_own() -> None:
    """openskill's README example: two new players, the first wins (27.635, 22.365)."""
    m = PlackettLuce()
    [[a], [b]] = m.rate([[m.rating()], [m.rating()]])
    assert a.mu == pytest.approx(27.635, abs=1e-3) and b.mu == pytest.approx(22.365, abs=1e-3)
    # a level at a new player's rating: rate() gives what openskill gives, shown
    even = LevelRatings({"line": {"easy": (1200, 350)}})
    after = rating.rate(Rating(), facts("easy", "win"), even)
    assert after.mu == pytest.approx(a.mu) and after.sigma == pytest.approx(a.sigma)
    assert after.matches == 1 and round(after.value) == round(rating.shown(a.mu))


def test_a_win_against_a_stronger_level_counts_more() -> None:
    start = Rating()
    vs_expert = rating.rate(start, facts("expert", "win"), LEVELS_AT).value
    vs_easy = rating.rate(start, facts("easy", "win"), LEVELS_AT).value
    assert vs_expert > vs_easy > start.value
    assert rating.rate(start, facts("expert", "loss"), LEVELS_AT).value < start.value


def test_a_draw_moves_the_rating_towards_the_opponent() -> None:
    start = Rating()  # 1200: between Medium (1100) and Hard (1400)
    assert rating.rate(start, facts("hard", "draw"), LEVELS_AT).value > start.value
    assert rating.rate(start, facts("medium", "draw"), LEVELS_AT).value < start.value


def test_partners_are_rated_as_teams_and_rounds_as_a_table() -> None:
    start = Rating()
    partners = load_variant("international")
    assert rating.rate(start, facts("hard", "win", partners), LEVELS_AT).value > 1200
    trains = load_variant("mexican-train")  # 4 seats: the lowest total wins
    first = facts("hard", "win", trains, scores=[10, 40, 50, 60])
    last = facts("hard", "loss", trains, scores=[90, 40, 50, 60])
    tied = facts("hard", "win", trains, scores=[10, 10, 50, 60])
    up, down = (rating.rate(start, f, LEVELS_AT).value for f in (first, last))
    assert up > 1200 > down
    assert 1200 < rating.rate(start, tied, LEVELS_AT).value < up


def test_the_families() -> None:
    assert rating.family_of(DRAW) == "line"
    assert rating.family_of(load_variant("international")) == "partners"
    assert rating.family_of(load_variant("chicken-foot")) == "rounds"
    assert rating.family_of(load_variant("draw", players=3)) is None


@pytest.mark.parametrize(
    ("kwargs", "why"),
    [
        ({}, None),
        ({"rules": load_variant("draw", clock_minutes=0)}, None),  # the clock may differ
        ({"rules": load_variant("mexican-train", players=6)}, None),  # and the seats
        ({"practice": True}, "a practice hand"),
        ({"daily": True}, "the daily deal"),
        ({"level": "pimc"}, "pimc is not a rated level"),
        ({"rules": load_variant("draw", target=200)}, "the rules differ from the house's"),
        ({"rules": load_variant("draw", hand_size=2)}, "hands of 2 tiles, not the house's 7"),
        (  # the seats may change, the house's deal for them may not
            {"rules": load_variant("mexican-train", players=6, hand_size=10)},
            "hands of 10 tiles, not the house's 12",
        ),
        ({"rules": load_variant("mexican-train", players=6, hand_size=12)}, None),
        ({"rules": load_variant("draw", hand_size=2, target=200)}, "the rules differ"),
        ({"rules": load_variant("draw", players=3)}, "line games of three or four"),
        ({"house": None}, "the house draw is not known"),
        ({"undos": 1}, "a move was taken back"),
        ({"hints": 2}, "a hint was used"),
        ({"coach_backs": 1}, "the coach's take-back was used"),
        ({"coach_on": True}, "the coach is on"),  # Guide or Tips, at the table now
        ({"coached": True}, "the coach was on"),  # at some time in the match (its record)
        ({"coached": True, "coach_backs": 1}, "the coach's take-back was used"),
        ({"finished": False}, "it was not played out"),
    ],
)
def test_rated_or_casual(kwargs, why) -> None:
    rules = kwargs.pop("rules", DRAW)
    level = kwargs.pop("level", "hard")
    house = kwargs.pop("house", load_variant(rules.name))
    got = rating.casual_reason(rules, level, house, **kwargs)
    assert got == why if why is None else got.startswith(why)
    assert rating.rated_words(got) == ("Rated match" if why is None else f"Casual: {got}")


def out_of_order(levels: LevelRatings) -> list[str]:
    """The families whose levels are not valid and strictly ordered, Easy < Medium < Hard
    < Expert, each with a positive spread (how far apart is what the arena measured)."""
    bad = []
    for family in rating.FAMILIES:
        got = [levels.of(family, lv) for lv in LEVELS]
        values = [r[0] for r in got if r is not None]
        ok = len(values) == len(LEVELS) and all(r[1] > 0 for r in got if r is not None)
        if not ok or values != sorted(values) or len(set(values)) != len(values):
            bad.append(family)
    return bad


def test_the_shipped_calibration_is_valid_and_ordered() -> None:
    levels = rating.read_levels(SHIPPED)
    assert levels.problem is None and out_of_order(levels) == []
    data = json.loads(SHIPPED.read_text(encoding="utf-8"))
    assert data["command"].startswith("python benchmarks/calibrate_levels.py")


def test_a_strong_expert_is_valid_and_hard_above_expert_is_caught(tmp_path: Path) -> None:
    data = json.loads(SHIPPED.read_text(encoding="utf-8"))
    data["levels"]["line"]["expert"]["rating"] = 3000  # no cap: a stronger Expert is fine
    path = tmp_path / "level_ratings.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert out_of_order(rating.read_levels(path)) == []
    data["levels"]["partners"]["hard"]["rating"] = 3100  # above its Expert
    path.write_text(json.dumps(data), encoding="utf-8")
    assert out_of_order(rating.read_levels(path)) == ["partners"]
    assert out_of_order(rating.read_levels(TEST_LEVELS)) == []  # the tests' own levels too


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (None, "The CPU levels' ratings are missing, so no match is rated."),
        ("{not json", "The CPU levels' ratings are damaged, so no match is rated."),
        ('{"format": "dominoes-tui level ratings", "levels": {"line": {"easy": 3}}}', "damaged"),
        ('{"format": "dominoes-tui level ratings", "levels": {}}', "no line rating"),
        ("[1, 2]", "damaged (not a ratings file)"),
    ],
)
def test_a_missing_or_damaged_calibration_is_one_sentence(tmp_path: Path, text, said) -> None:
    path = tmp_path / "level_ratings.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    levels = rating.read_levels(path)
    assert levels.levels == {} and said in levels.problem
    assert levels.problem.count(".") == 1 and levels.problem.endswith(".")
    # nothing is rated then, and nothing breaks
    out = rating.replay([facts("hard", "win")], levels)
    assert out.families["line"].rating.matches == 0 and out.problem == levels.problem


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(tmp_path))
    return tmp_path


def test_the_rating_is_recomputed_from_the_history(home: Path) -> None:
    h = store.History()
    draw = load_variant("draw")
    ids = [
        h.record(play_match(draw, seed=s), store.MatchInfo(cpu_level="hard", **kw))
        for s, kw in enumerate([{}, {"hints": 1}, {}, {"daily": True}, {"coach_backs": 1}, {}])
    ]
    r = h.ratings(LEVELS_AT)
    line = r.families["line"]
    assert [p.match_id for p in line.history] == [ids[0], ids[2], ids[5]]
    assert r.casual == {
        ids[1]: "a hint was used",
        ids[3]: "the daily deal",
        ids[4]: "the coach's take-back was used",
    }
    assert line.rating.matches == 3 and line.history[0].before == 1200
    assert line.history[-1].after == pytest.approx(line.rating.value)
    assert r.moved[ids[2]] == (line.history[1].before, line.history[1].after)
    out = r.to_dict()["families"]["line"]
    assert out["matches"] == 3 and len(out["history"]) == 3 and out["uncertainty"] < 350


def test_a_damaged_row_is_set_aside_and_the_rest_rated(home: Path) -> None:
    h = store.History()
    draw = load_variant("draw")
    ids = [h.record(play_match(draw, seed=s), store.MatchInfo(cpu_level="hard")) for s in range(3)]
    with sqlite3.connect(home / "history.sqlite3") as c:
        c.execute("UPDATE matches SET settings = '{\"players\": 99}' WHERE id = ?", (ids[0],))
        c.execute("UPDATE matches SET hints = 'x' WHERE id = ?", (ids[1],))
    r = h.ratings(LEVELS_AT)
    assert [p.match_id for p in r.families["line"].history] == [ids[2]]
    assert sorted(h.skipped) == ids[:2]
    assert h.note == "2 damaged matches in the history were skipped (numbers 1, 2)."


def test_a_few_hundred_matches_replay_at_once() -> None:
    many = [facts(LEVELS[i % 4], ("win", "loss", "draw")[i % 3]) for i in range(400)]
    r = rating.replay(many, LEVELS_AT)  # no timing assert: 400 openskill updates
    assert r.families["line"].rating.matches == 400


def test_a_seat_or_scores_the_table_does_not_have_are_refused() -> None:
    trains = load_variant("mexican-train")  # 4 seats
    good = facts("hard", "win", trains, scores=[10, 40, 50, 60])
    assert good.problem() is None
    for bad in (
        facts("hard", "win", trains, scores=[10, 40, 50, 60], human_side=7),
        facts("hard", "win", trains, scores=[10, 40, 50, 60], human_side=-1),
        facts("hard", "win", trains, scores=[10, 40, 50]),
        facts("hard", "win", scores=[10, 40, 50]),  # a line game has two sides
    ):
        assert bad.problem() is not None
        with pytest.raises(ValueError, match="match 1: its "):
            rating.rate(Rating(), bad, LEVELS_AT)


@pytest.mark.parametrize(
    "sql", ["human_side = 7", "human_side = -1", "human_side = 2", "scores = '[10, 20, 30]'"]
)
def test_a_rounds_row_with_a_seat_or_scores_not_at_its_table_is_set_aside(
    home: Path, sql: str
) -> None:
    """A damaged Mexican Train row (a seat past the table, a CPU's seat as the person's
    when its scores are too few, too few scores) is set aside and said in one sentence;
    the rest are rated, nothing raises."""
    h = store.History()
    house = load_variant("mexican-train")
    ids = [
        h.record(play_match(house.replace(rounds=1), seed=s), store.MatchInfo(cpu_level="hard"))
        for s in range(2)
    ]
    with sqlite3.connect(home / "history.sqlite3") as c:  # both at the house's rules
        c.execute("UPDATE matches SET settings = ?", (json.dumps(house.to_dict()),))
        c.execute(f"UPDATE matches SET {sql} WHERE id = ?", (ids[0],))
        if sql == "human_side = 2":  # a seat at the table, with a score count that is not
            c.execute("UPDATE matches SET scores = '[1, 2]' WHERE id = ?", (ids[0],))
    r = h.ratings(LEVELS_AT)
    assert [p.match_id for p in r.families["rounds"].history] == [ids[1]]
    assert h.skipped == [ids[0]]
    assert h.note == f"1 damaged match in the history was skipped (number {ids[0]})."


def test_a_coached_match_is_recorded_casual(home: Path) -> None:
    h = store.History()
    ids = [
        h.record(play_match(DRAW, seed=s), store.MatchInfo(cpu_level="hard", coached=c))
        for s, c in enumerate([True, False])
    ]
    r = h.ratings(LEVELS_AT)
    assert r.casual == {ids[0]: "the coach was on"}
    assert [p.match_id for p in r.families["line"].history] == [ids[1]]


def test_no_levels_no_rating_in_the_json() -> None:
    """Without the levels' ratings there is no rating: null in every family, and the one
    sentence why (not a new player's 1200 after 0 matches)."""
    missing = rating.read_levels(Path("/nonexistent/level_ratings.json"))
    out = rating.replay([facts("hard", "win")], missing).to_dict()
    assert out["families"] == {"line": None, "partners": None, "rounds": None}
    assert out["problem"] == "The CPU levels' ratings are missing, so no match is rated."
    assert out["levels"] == {}
    rated = rating.replay([facts("hard", "win")], LEVELS_AT).to_dict()
    assert rated["families"]["line"]["matches"] == 1 and rated["problem"] is None


def test_a_match_recorded_before_the_coach_was_counted_stays_rated(home: Path) -> None:
    """Schema 6 adds ``coached``: a schema 5 history's matches had none recorded (0), so a
    rated one stays rated, and new matches record it."""
    from dominoes_tui.store import schema
    from dominoes_tui.store.history import action_to_json

    conn = sqlite3.connect(home / "history.sqlite3", isolation_level=None)
    schema.migrate(conn, target=5)
    won = play_match(DRAW, seed=1)
    conn.execute(
        "INSERT INTO matches (uid, variant, settings, cpu_level, seed, winner_side, end_reason, "
        "scores, hands, duration, started_at, ended_at, log, human_side, players, outcome) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (
            "old", "draw", json.dumps(DRAW.to_dict()), "hard", str(won.seed),
            won.match_result.winner_side, "target", json.dumps(list(won.scores.written)),
            len(won.results), 1.0, "2026-01-01T10:00:00Z", "2026-01-01T11:00:00Z",
            json.dumps([action_to_json(a) for a in won.log]), 0, "[]", store.outcome_of(won, 0),
        ),
    )  # fmt: skip
    conn.close()
    h = store.History()
    new = h.record(play_match(DRAW, seed=2), store.MatchInfo(cpu_level="hard", coached=True))
    r = h.ratings(LEVELS_AT)
    assert [p.match_id for p in r.families["line"].history] == [1]
    assert r.casual == {new: "the coach was on"} and h.skipped == []
