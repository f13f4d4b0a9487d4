"""Move review (issue 16): Expert judges every decision of the person's from their own view."""

from __future__ import annotations

import doctest
import json
import random
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dominoes_tui import store
from dominoes_tui.ai import make_player
from dominoes_tui.ai import review as rv
from dominoes_tui.cli import app
from dominoes_tui.engine import (
    Draw,
    Game,
    IllegalAction,
    Pass,
    Play,
    load_variant,
    new_game,
    seat_view,
    tiles,
)
from dominoes_tui.store import history as hist
from dominoes_tui.store import schema
from dominoes_tui.table.words import review as rw

CHEAP = rv.Budget(deals=40, general_deals=20, rounds=1, max_rounds=2)
"""A small budget: the tests check the review's logic, the benchmark its precision."""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(tmp_path))
    return tmp_path


def cpu_match(variant: str, seed: int, levels=("medium", "hard"), **changes) -> Game:
    rules = load_variant(variant)
    if changes:
        rules = rules.replace(**changes)
    g = new_game(rules, seed)
    players = [make_player(levels[s % len(levels)], seed * 10 + s) for s in range(rules.players)]
    while not g.is_over:
        if g.phase == "hand_over":
            g.apply(g.legal_actions()[0])
        else:
            g.apply(players[g.turn].choose(seat_view(g, g.turn)))
    return g


def blocked_endgame() -> Game:
    """Block game, one hand: ends 6 and 5; the CPU (one tile, 1-0) passes, then you hold
    6-6 and 6-5. 6-6 on the 6, or 6-5 with its 5 on the 5, keeps a 6 and a 5 showing:
    the CPU passes again (it showed it holds neither) and your last tile goes out. 6-5
    with its 6 on the 6 leaves 5 and 5: nobody can play, the game blocks, and your 12
    pips lose to the CPU's one tile (at most 4-4, as it holds no 5 and no 6)."""
    rules = load_variant("block").replace(target=0)
    g = Game.from_position(rules, hands=[["6-6", "6-5"], ["1-0"]], line=["6-3", "3-5"], turn=1)
    g.apply(Pass())
    return g


SIX_SIX, SIX_FIVE = tiles.parse("6-6"), tiles.parse("6-5")
LOSING = Play(SIX_FIVE, 0)
WINNING = (Play(SIX_SIX, 0), Play(SIX_FIVE, 1))


# ------------------------------------------------------------ the module
def test_the_review_imports_no_ui_library() -> None:
    code = (
        "import json, sys\n"
        "import dominoes_tui.ai.review\n"
        "print(json.dumps(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(out.stdout) == []


def test_docstring_examples() -> None:
    assert doctest.testmod(rv).failed == 0


# ------------------------------------------------------------ thresholds and marks
def test_the_thresholds_live_in_one_place_worst_first() -> None:
    assert rv.THRESHOLDS == (
        (rv.BLUNDER, "blunder"),
        (rv.MISTAKE, "mistake"),
        (rv.INACCURACY, "inaccuracy"),
    )
    assert (rv.INACCURACY, rv.MISTAKE, rv.BLUNDER) == (0.03, 0.08, 0.15)
    assert rv.ACCURATE == rv.INACCURACY


@pytest.mark.parametrize(
    ("loss", "mark"),
    [
        (0.0, None),
        (0.0299, None),
        (0.03, "inaccuracy"),
        (0.0799, "inaccuracy"),
        (0.08, "mistake"),
        (0.1499, "mistake"),
        (0.15, "blunder"),
        (1.0, "blunder"),
    ],
)
def test_marks_by_the_loss_in_points_of_percentage(loss: float, mark: str | None) -> None:
    assert rv.mark_of(loss) == mark


def fixed(values: dict) -> rv.Evaluator:
    """An evaluator that answers ``values`` (by action) whatever the seed."""
    calls = []

    def evaluate(view, seed):
        calls.append(seed)
        return {a: values.get(a, 0.0) for a in view.legal}

    evaluate.calls = calls  # type: ignore[attr-defined]
    return evaluate


def test_a_judgement_names_the_best_move_its_loss_and_mark() -> None:
    view = seat_view(blocked_endgame(), 0)
    values = {Play(SIX_SIX, 0): 0.61, Play(SIX_FIVE, 1): 0.52, LOSING: 0.50}
    j = rv.judge(view, LOSING, CHEAP, evaluator=fixed(values))
    assert (j.best, j.win_best, j.win_played, j.loss, j.mark) == (
        Play(SIX_SIX, 0),
        0.61,
        0.5,
        0.11,
        "mistake",
    )
    assert rw.played_words(j) == "6-5 on the 6" and rw.best_words(j) == "6-6 on the 6"
    assert rw.why_words(j) and not j.accurate
    best = rv.judge(view, Play(SIX_SIX, 0), CHEAP, evaluator=fixed(values))
    assert best.best == best.played and best.loss == 0 and best.mark is None
    assert rw.why_words(best) == ""


def test_values_are_chances_between_0_and_1() -> None:
    view = seat_view(blocked_endgame(), 0)
    j = rv.judge(view, LOSING, CHEAP, evaluator=fixed({Play(SIX_SIX, 0): 1.004, LOSING: -0.002}))
    assert (j.win_best, j.win_played, j.loss) == (1.0, 0.0, 1.0)


def test_a_loss_near_a_threshold_is_looked_at_again() -> None:
    view = seat_view(blocked_endgame(), 0)
    near = fixed({Play(SIX_SIX, 0): 0.60, LOSING: 0.60 - 0.079})  # a hair under a mistake
    rv.judge(view, LOSING, rv.Budget(rounds=1, max_rounds=3), evaluator=near)
    assert len(near.calls) == 3 and len(set(near.calls)) == 3  # other seeds each round
    clear = fixed({Play(SIX_SIX, 0): 0.60, LOSING: 0.55})
    rv.judge(view, LOSING, rv.Budget(rounds=1, max_rounds=3), evaluator=clear)
    assert len(clear.calls) == 1


def test_noisy_rounds_get_more_deals_until_the_mark_is_clear() -> None:
    """Rounds that disagree (losses of 8 and 2 points in turn, 5 on average) leave the
    3-point line within two standard errors at first; more rounds narrow it."""
    view = seat_view(blocked_endgame(), 0)
    calls = []

    def noisy(view, seed):
        calls.append(seed)
        best = 0.60 + (0.03 if len(calls) % 2 else -0.03)
        return {a: best if a == Play(SIX_SIX, 0) else 0.55 for a in view.legal}

    j = rv.judge(view, LOSING, rv.Budget(rounds=4, max_rounds=16), evaluator=noisy)
    assert 4 < len(calls) < 16 and j.rounds == len(calls)
    assert j.mark == "inaccuracy" and j.loss == pytest.approx(0.05, abs=0.01)


def test_accuracy_is_the_share_within_3_points() -> None:
    view = seat_view(blocked_endgame(), 0)
    js = [
        rv.judge(view, LOSING, CHEAP, evaluator=fixed({Play(SIX_SIX, 0): 0.5 + d, LOSING: 0.5}))
        for d in (0.0, 0.029, 0.03, 0.2)
    ]
    assert [j.accurate for j in js] == [True, True, False, False]
    assert rv.accuracy(js) == 0.5
    assert rv.accuracy([]) is None


# ------------------------------------------------------------ Expert's values
def test_a_forced_win_against_a_forced_loss() -> None:
    """Expert's evaluation, with no stub: every deal consistent with the view agrees."""
    view = seat_view(blocked_endgame(), 0)
    j = rv.judge(view, LOSING, CHEAP)
    assert j.win_played == 0.0 and j.win_best == 1.0 and j.loss == 1.0
    assert j.mark == "blunder" and j.best in WINNING
    assert "they had no 6 when they passed" in rw.why_words(j)
    for a in WINNING:
        assert rv.judge(view, a, CHEAP).mark is None


def test_the_coach_flags_a_blunder_before_it_is_played() -> None:
    view = seat_view(blocked_endgame(), 0)
    verdict = rv.check_move(view, LOSING)
    assert verdict.mark == "blunder" and verdict.best in WINNING
    assert rv.check_move(view, WINNING[0]).mark is None
    with pytest.raises(ValueError, match="not a legal move"):
        rv.check_move(view, Play(tiles.parse("1-1"), 0))


def test_the_review_of_a_hand_finds_the_blunder() -> None:
    g = blocked_endgame()
    start = g.copy()
    g.apply(LOSING)  # 6-5 on the 6: ends 5 and 5
    g.apply(Pass())  # the CPU cannot play
    g.apply(Pass())  # nor can you: blocked
    assert g.is_over
    review = rv.review(start, g.log[1:], 0, budget=CHEAP)
    (hand,) = review.hands
    (j,) = hand.judgements
    assert (j.hand, j.turn, j.mark, hand.accuracy, review.accuracy) == (1, 1, "blunder", 0.0, 0.0)
    assert review.single_hand and hand.finished and hand.winner_side == 1
    text = "\n".join(rw.report_lines(review))
    assert (
        "Your 1st move, blunder (−100.0 points): you played 6-5 on the 6, 0% to win the hand."
        in text
    )
    assert "Better: 6-" in text and "you lost it" in text


# ------------------------------------------------------------ what is a decision
def test_forced_moves_and_equal_ends_are_not_decisions() -> None:
    rules = load_variant("draw")
    # 5-2 fits both ends showing 5: one position either way. Nothing else fits: not a choice.
    g = Game.from_position(rules, hands=[["5-2", "1-1"], ["0-0", "3-3"]], line=["5-5"])
    view = seat_view(g, 0)
    assert len(view.legal) == 2 and not rv.is_decision(view)
    # nothing fits: a forced draw
    g = Game.from_position(rules, hands=[["1-1", "2-1"], ["0-0"]], line=["5-6"])
    assert seat_view(g, 0).legal == (Draw(),) and not rv.is_decision(seat_view(g, 0))
    # two tiles that fit: a decision
    g = Game.from_position(rules, hands=[["5-2", "6-1"], ["0-0"]], line=["5-6"])
    assert rv.is_decision(seat_view(g, 0))


def test_drawing_by_choice_is_a_decision() -> None:
    rules = load_variant("double-first").replace(drawing="any_time")
    g = Game.from_position(rules, hands=[["5-2", "1-1"], ["0-0"]], line=["5-6"])
    view = seat_view(g, 0)
    assert Draw() in view.legal and rv.is_decision(view)
    j = rv.judge(view, Draw(), CHEAP)
    assert rw.played_words(j) == "draw" and j.best != Draw()


def test_decisions_are_the_persons_turns_only() -> None:
    g = cpu_match("draw", 4)
    start = new_game(g.rules, g.seed)
    found = list(rv.decisions(start, g.log, 0))
    assert found and all(d.view.seat == 0 and d.view.turn == 0 for d in found)
    assert all(g.log[d.move - 1] == d.played for d in found)
    other = list(rv.decisions(start, g.log, 1))
    assert other and {d.move for d in other}.isdisjoint({d.move for d in found})


# ------------------------------------------------------------ never the hidden tiles
def _redealt(start: Game, actions: list, seat: int, rng: random.Random) -> Game | None:
    """``start`` with two hidden tiles swapped (in the other hand or the boneyard, never
    played, never drawn by ``seat``), if ``actions`` stay legal and every view of ``seat``
    stays the same; else None."""
    other = 1 - seat
    g = start.copy()
    shown = set()
    for a in actions:
        if isinstance(a, Play):
            shown.add(a.tile)
        if isinstance(a, Draw) and g.turn == seat:
            shown.add(g.boneyard[-1])
        g.apply(a)
    hidden = [t for t in [*tiles.bits(start.hands[other]), *start.boneyard] if t not in shown]
    if len(hidden) < 2:
        return None
    x, y = rng.sample(hidden, 2)
    b = start.copy()
    where = {}
    for t in (x, y):
        where[t] = "hand" if b.hands[other] & tiles.BIT[t] else b.boneyard.index(t)
    for t, u in ((x, y), (y, x)):
        if where[t] == "hand":
            b.hands[other] = b.hands[other] & ~tiles.BIT[t] | tiles.BIT[u]
        else:
            b.boneyard[where[t]] = u
    ga, gb = start.copy(), b.copy()
    for a in actions:
        if ga.turn == seat and seat_view(ga, seat) != seat_view(gb, seat):
            return None
        try:
            gb.apply(a)
        except IllegalAction:
            return None
        ga.apply(a)
    return b


@pytest.mark.parametrize(("variant", "seed"), [("draw", 20), ("block", 2)])
def test_the_review_never_reads_a_hidden_hand(variant: str, seed: int) -> None:
    """The same marks and values when the hidden tiles (the CPU's hand, the boneyard) are
    re-dealt consistently with everything the person saw."""
    rules = load_variant(variant).replace(target=0)
    deal = new_game(rules, seed)
    start = Game.from_position(
        rules, hands=[list(tiles.bits(h)) for h in deal.hands], boneyard=deal.boneyard[::-1]
    )
    g = start.copy()
    players = [make_player("medium", 1), make_player("hard", 2)]
    while g.phase == "play":
        g.apply(players[g.turn].choose(seat_view(g, g.turn)))
    actions = list(g.log)
    rng = random.Random(5)
    other = start
    for _ in range(200):  # swap hidden tiles, many times over
        other = _redealt(other, actions, 0, rng) or other
    assert other.hands[1] != start.hands[1] and other.boneyard != start.boneyard
    first = rv.review(start, actions, 0, budget=CHEAP)
    again = rv.review(other, actions, 0, budget=CHEAP)
    assert len(first.judgements) >= 4 and first.judgements == again.judgements


# ------------------------------------------------------------ repeatable
def test_the_same_match_gets_the_same_marks() -> None:
    g = cpu_match("classic", 2, target=51)
    start = new_game(g.rules, g.seed)
    a = rv.review(start, g.log, 0, budget=CHEAP)
    b = rv.review(start, g.log, 0, budget=CHEAP)
    assert a == b and len(a.judgements) > 5
    # one hand reviewed alone (the Review button after a hand) agrees with the match review
    n = a.hands[1].hand
    alone = rv.review(start, g.log, 0, hands={n}, budget=CHEAP)
    assert [h.hand for h in alone.hands] == [n]
    assert alone.hands[0].judgements == a.hands[1].judgements
    # another review seed is another sample: values move a little, not the decisions judged
    c = rv.review(start, g.log, 0, budget=replace(CHEAP, seed=1))
    assert [j.move for j in c.judgements] == [j.move for j in a.judgements]


def test_review_game_replays_a_game_from_its_seed() -> None:
    g = cpu_match("block", 3, target=0)
    assert rv.review_game(g, 0, budget=CHEAP) == rv.review(
        new_game(g.rules, g.seed), g.log, 0, budget=CHEAP
    )


def test_progress_counts_every_decision() -> None:
    g = cpu_match("draw", 4, target=0)
    seen: list[tuple[int, int]] = []
    review = rv.review_game(g, 0, budget=CHEAP, progress=lambda d, t: seen.append((d, t)))
    total = len(review.judgements)
    assert seen == [(i, total) for i in range(total + 1)]


def test_partners_review_the_persons_seat() -> None:
    g = cpu_match("international", 1, target=0)
    review = rv.review_game(g, 0, budget=CHEAP)
    assert review.players == 4 and review.judgements
    assert all(j.move for j in review.judgements)


def test_layouts_with_a_spinner_and_matador_are_reviewed() -> None:
    for variant in ("all-fives", "matador"):
        g = cpu_match(variant, 2, target=0)
        review = rv.review_game(g, 0, budget=CHEAP)
        assert review.judgements, variant
        for j in review.judgements:
            assert 0 <= j.win_played <= j.win_best <= 1


# ------------------------------------------------------------ words and JSON
def test_the_json_shape() -> None:
    g = cpu_match("draw", 6)
    review = rv.review_game(g, 0, budget=CHEAP)
    records = rw.json_records(review)
    *decisions, summary = records
    assert len(decisions) == len(review.judgements) > 0
    keys = {"hand", "turn", "move", "played", "best", "win_played", "win_best", "loss", "mark"}
    keys |= {"your_move", "played_place", "best_place"}
    for d in decisions:
        assert set(d) == keys | {"why"}
        assert d["mark"] in (None, "blunder", "mistake", "inaccuracy")
        assert d["loss"] == pytest.approx(d["win_best"] - d["win_played"], abs=1e-4)
        assert d["mark"] == rv.mark_of(d["loss"])
        assert (d["why"] == "") == (d["played"] == d["best"] or d["loss"] == 0)
        json.dumps(d)
    assert summary["summary"] is True and summary["decisions"] == len(decisions)
    assert summary["accuracy"] == round(review.accuracy, 4)
    assert [h["hand"] for h in summary["hands"]] == [h.hand for h in review.hands]
    assert sum(h["decisions"] for h in summary["hands"]) == len(decisions)
    assert set(summary["marks"]) == set(rv.MARKS)


def test_why_uses_the_hints_words() -> None:
    rules = load_variant("draw")
    g = Game.from_position(
        rules, hands=[["4-4", "4-2", "6-3", "2-2"], ["0-0", "5-5"]], line=["4-1"]
    )
    view = seat_view(g, 0)
    double, small = Play(tiles.parse("4-4"), 0), Play(tiles.parse("4-2"), 0)
    why = rw.why_better(view, double, small)
    assert why == "sheds 8 pips; gets a double out early"
    # a count is a reason only when it is larger: 4-2 sheds fewer pips than 4-4
    assert "sheds" not in rw.why_better(view, small, double)


# ------------------------------------------------------------ history and CLI
def record(home: Path, g: Game, level: str = "hard") -> int:
    store.finish_match(g, store.MatchInfo(cpu_level=level, names=("You", "CPU")))
    return store.History().latest_id()


@pytest.fixture
def cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rv, "DEFAULT_BUDGET", CHEAP)


def test_cli_review_text(home: Path, cheap: None) -> None:
    n = record(home, cpu_match("draw", 6))
    result = CliRunner().invoke(app, ["review", str(n)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith(f"Match {n} · draw against Hard · 20")
    assert "decisions judged, accuracy" in out and "Hand 1 · " in out
    assert "on the left" not in out and "on the right" not in out


def test_cli_review_json_and_the_accuracy_kept(home: Path, cheap: None) -> None:
    first = record(home, cpu_match("draw", 6))
    second = record(home, cpu_match("classic", 3, target=51))
    result = CliRunner().invoke(app, ["review", "--json"])  # the latest
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in result.output.splitlines()]  # JSON Lines
    *decisions, summary = lines
    assert summary["summary"] and summary["variant"] == "classic"
    assert len(decisions) == summary["decisions"]
    for d in decisions:  # the place for a machine beside the words (issue 24)
        for words, place in ((d["played"], d["played_place"]), (d["best"], d["best_place"])):
            if place["action"] == "play" and "end" in place:
                assert words.startswith(f"{place['tile']} on the {place['number']}")
            assert " left" not in words and " right" not in words
        assert d["your_move"] >= 1
    h = store.History()
    assert h.get(second).accuracy == pytest.approx(summary["accuracy"], abs=1e-4)
    assert h.get(first).accuracy is None
    per_hand = {x.hand_no: x.accuracy for x in h.hands(second)}
    assert per_hand == pytest.approx({x["hand"]: x["accuracy"] for x in summary["hands"]}, abs=1e-4)
    st = h.stats()
    assert [p.match_id for p in st.accuracy] == [second]
    assert st.accuracy[0].decisions == summary["decisions"]
    assert st.accuracy[0].marks == summary["marks"]
    stats = CliRunner().invoke(app, ["stats", "--json"])
    data = json.loads(stats.output)
    assert data["accuracy"][0]["accuracy"] == pytest.approx(summary["accuracy"], abs=1e-4)
    text = CliRunner().invoke(app, ["stats"], env={"COLUMNS": "110"}).output
    assert "Accuracy" in text and "over 1 reviewed match" in text
    # --no-save leaves the history as it was
    CliRunner().invoke(app, ["review", str(first), "--no-save"])
    assert store.History().get(first).accuracy is None


def one_sentence(result) -> str:
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    lines = [x for x in result.output.splitlines() if x.strip()]
    assert len(lines) == 1, result.output
    assert lines[0].startswith("Error: ")
    return lines[0]


def test_cli_review_with_nothing_recorded(home: Path) -> None:
    result = CliRunner().invoke(app, ["review"])
    assert result.exit_code == 2
    assert "no matches recorded yet" in one_sentence(result)


@pytest.mark.parametrize("n", ["7", "0", "-3", "99999999999999999999999999"])
def test_cli_review_no_such_match(home: Path, n: str, cheap: None) -> None:
    latest = record(home, cpu_match("block", 3, target=0))
    result = CliRunner().invoke(app, ["review", "--", n])
    assert result.exit_code == 2
    assert f"no match {n} in the history; the latest is {latest}" in one_sentence(result)


def test_cli_review_a_damaged_row(home: Path) -> None:
    n = record(home, cpu_match("block", 3, target=0))
    with sqlite3.connect(home / "history.sqlite3") as conn:
        conn.execute("UPDATE matches SET log = '[[\"fly\", 3]' WHERE id = ?", (n,))
    result = CliRunner().invoke(app, ["review", str(n)])
    assert result.exit_code == 1
    assert f"match {n} in the history is damaged" in one_sentence(result).lower()


def test_cli_review_rules_that_no_longer_load(home: Path) -> None:
    n = record(home, cpu_match("block", 3, target=0))
    with sqlite3.connect(home / "history.sqlite3") as conn:
        conn.execute("UPDATE matches SET settings = '{\"hand_size\": 99}' WHERE id = ?", (n,))
    result = CliRunner().invoke(app, ["review", str(n)])
    assert result.exit_code == 1
    assert f"match {n} cannot be reviewed" in one_sentence(result)


def test_cli_review_a_move_todays_rules_refuse(home: Path) -> None:
    n = record(home, cpu_match("block", 3, target=0))
    with sqlite3.connect(home / "history.sqlite3") as conn:
        conn.execute("UPDATE matches SET log = '[[\"draw\"]]' WHERE id = ?", (n,))
    result = CliRunner().invoke(app, ["review", str(n)])
    assert result.exit_code == 1
    assert "today's rules refuse one of its moves" in one_sentence(result)


# ------------------------------------------------------------ the migration
def test_a_v2_history_upgrades_and_keeps_its_matches(home: Path, cheap: None) -> None:
    g = cpu_match("draw", 6)
    path = home / "history.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    assert schema.migrate(conn, target=2) == 2
    conn.execute(
        "INSERT INTO matches (uid, variant, settings, cpu_level, seed, first_seat, winner_side, "
        "end_reason, scores, hands, duration, started_at, ended_at, log, human_side, players, "
        "outcome) VALUES ('u1', 'draw', ?, 'hard', ?, NULL, ?, 'target', ?, ?, 60.0, "
        "'2026-01-01T10:00:00Z', '2026-01-01T11:00:00Z', ?, 0, '[\"You\", \"CPU\"]', 'win')",
        (
            json.dumps(g.rules.to_dict()),
            str(g.seed),
            g.match_result.winner_side,
            json.dumps(list(g.scores.written)),
            len(g.results),
            json.dumps([hist.action_to_json(a) for a in g.log]),
        ),
    )
    for i, r in enumerate(g.results, 1):
        conn.execute(
            "INSERT INTO hands VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                i, r.kind, r.winner, r.winner_side, json.dumps(list(r.points)),
                json.dumps(list(r.counted)), json.dumps(list(r.after.written)), r.points[0],
            ),
        )  # fmt: skip
    conn.close()
    h = store.History()
    (m,) = h.matches()
    assert h.problem is None and m.accuracy is None and m.log == g.log
    with sqlite3.connect(path) as c:
        assert schema.schema_version(c) == schema.SCHEMA_VERSION
        cols = [r[1] for r in c.execute("PRAGMA table_info(matches)")]
        assert {"accuracy", "decisions", "marks", "reviewed_at"} <= set(cols)
        assert {"accuracy", "decisions"} <= {r[1] for r in c.execute("PRAGMA table_info(hands)")}
    assert h.stats().accuracy == []
    result = CliRunner().invoke(app, ["review", "1", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output.splitlines()[-1])
    assert h.get(1).accuracy == pytest.approx(summary["accuracy"], abs=1e-4)
    kept = [x.accuracy for x in h.hands(1)]
    assert kept == pytest.approx([x["accuracy"] for x in summary["hands"]], abs=1e-4)


def test_save_review_of_no_such_match(home: Path) -> None:
    assert store.History().save_review(5, 0.5, 2, {}, {}) is False


@pytest.mark.parametrize(
    ("points", "said"),
    [
        ((23, 0), "you lost it, 23 penalty points against you"),
        ((1, 0), "you lost it, 1 penalty point against you"),
        ((0, 0), "you lost it"),
    ],
)
def test_a_penalty_hand_lost_reads_in_points(points, said) -> None:
    """Penalty scoring: the points written against the person, named as points."""
    review = rv.MatchReview("draw", 0, 0, False, True, 2, ())
    hand = rv.HandReview(1, (), finished=True, winner_side=1, points=points)
    assert rw.result_words(review, hand) == said
