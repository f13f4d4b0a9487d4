"""The Review screen's words (issue 24): moves named by their place, decisions by the
person's own count, the list's rows kept to its width."""

from __future__ import annotations

import re

from test_replay_stats import Host
from textual.widgets import OptionList

from dominoes_tui.ai import make_player
from dominoes_tui.ai import review as rv
from dominoes_tui.engine import HAND_OVER, Play, load_variant, new_game, seat_view, tiles
from dominoes_tui.engine.trains import TrainsGame
from dominoes_tui.table import review_job
from dominoes_tui.table.review_job import ReviewJob
from dominoes_tui.table.words.review import played_words
from dominoes_tui.tui.screens.review import ReviewScreen, detail_lines, entry_text

T = tiles.parse
NAMES = ("You", "East", "North", "West")
ONE_ROUND = rv.Budget(rounds=1, max_rounds=1)


def rigged(view, seed):
    """Values by tile (the higher, the better), whatever the seed."""
    return {a: (a.tile if isinstance(a, Play) else 0) / 100 for a in view.legal}


def test_a_train_in_the_list_and_the_detail() -> None:
    """R-TR-3: the list names the train in few words and keeps to its width; the detail
    says the whole place and which of the person's moves it was."""
    rules = load_variant("mexican-train", players=4, rounds=1)
    g = TrainsGame.from_position(
        rules,
        [["4-3", "9-5"], ["10-1", "6-6"], ["11-1", "5-5"], ["8-1", "1-1"]],
        trains=[["12-4"], ["12-7"], ["12-9"], ["12-10"], ["12-3"]],
        markers=[2],
    )
    view = seat_view(g, 0)
    j = rv.judge(view, Play(T("4-3"), 4), ONE_ROUND, evaluator=rigged, mine=3)
    assert entry_text(j, False, NAMES).plain == " 3 ?? 4-3 Mexican"  # whole in its room
    assert entry_text(j, True, NAMES, 30).plain == " 1·3 ?? 4-3 Mexican train"
    said = "\n".join(t.plain for t in detail_lines(j, False, NAMES))
    assert "Hand 1, your 3rd move: blunder" in said
    assert "You played 4-3 on the Mexican train" in said
    assert "Better ★ 9-5 on North's train" in said


def test_the_detail_of_a_line_game_never_says_left_or_right() -> None:
    rules = load_variant("all-fives").replace(target=0)
    g = new_game(rules, 3)
    players = [make_player("easy", 30 + s) for s in range(rules.players)]
    while not g.is_over:
        if g.phase == HAND_OVER:
            g.apply(g.legal_actions()[0])
        else:
            g.apply(players[g.turn].choose(seat_view(g, g.turn)))
    start = new_game(g.rules, g.seed, g.first_seat)
    review = rv.review(start, g.log, 0, budget=ONE_ROUND, evaluator=rigged)
    assert review.judgements
    for j in review.judgements:
        said = "\n".join(t.plain for t in detail_lines(j, True)) + entry_text(j, True).plain
        assert not re.search(r"\b(left|right)\b", said), said
        assert re.search(rf"Hand 1, your {j.mine}(st|nd|rd|th) move: ", said), said


def cpu_hands(variant: str, seed: int, hands: int = 2):
    """A match of Easy players through ``hands`` hands: its deal and its actions."""
    rules = load_variant(variant, clock_minutes=0)
    g = new_game(rules, seed)
    players = [make_player("easy", 30 + s) for s in range(rules.players)]
    while not g.is_over and g.hand_no <= hands:
        if g.phase == HAND_OVER:
            g.apply(g.legal_actions()[0])
        else:
            g.apply(players[g.turn].choose(seat_view(g, g.turn)))
    start = new_game(g.rules, g.seed, g.first_seat)
    return start, tuple(a for a in g.log)


async def test_every_row_of_the_list_reads_whole_at_80x24(monkeypatch) -> None:
    """Two hands of Matador (``1·3`` before each move): the rows keep the move whole in
    fewer words ("5-3 on 2-2", "6-1 on 0 (6 touching)" where it fits) instead of cutting it."""
    monkeypatch.setattr(review_job, "EVALUATOR", rigged)
    monkeypatch.setattr(review_job, "BUDGET", ONE_ROUND)
    review_job.forget_kept()
    start, actions = cpu_hands("matador", 4)
    job = ReviewJob(start, actions, 0, ("You", "CPU"), "Review: two hands")
    app = Host(lambda: ReviewScreen(job))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.done
        ol = screen.query_one(OptionList)
        rows = [ol.render_line(y).text.rstrip(" ▁▂▃▄▅▆▇█▔") for y in range(ol.size.height)]
        shown = [r.strip() for r in rows if r.strip()]
        assert len(shown) >= 5
        for row in shown:
            assert "…" not in row, row
            assert re.fullmatch(r"[12]·\d+ (\?\?|\? |\?!| {2}) ?\d-\d .+", row), row
        said = [played_words(j, job.names, brief=True) for j in screen.judgements]
        assert any(len(w) > 11 for w in said[: len(shown)])  # too long before: cut
        assert any(" on 2-2" in r for r in shown)  # the end told by its tile, briefly
    review_job.forget_kept()
