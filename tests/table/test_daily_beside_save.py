"""The daily deal beside a saved match (issue 24), headless: the daily never writes the
save slot, so a saved match stays byte for byte as it was; its tries are recorded (a
finished one, an unfinished one when the table is left or closed); another try deals the
same daily again; its label on the scores row."""

from __future__ import annotations

import random
from datetime import date

from table_helpers import act_as_person

from dominoes_tui import store
from dominoes_tui.engine import HAND_OVER, load_variant, new_game
from dominoes_tui.table import Background, Pace, TableSession
from dominoes_tui.table import practice as pr
from dominoes_tui.table.words import daily_label

DAY = date(2026, 12, 2)


class FirstLegal:
    level = "easy"
    name = "CPU (Easy)"

    def choose(self, view):
        return view.legal[0]


def save_a_match() -> bytes:
    """An unfinished classic match in the save slot; its bytes."""
    g = new_game(load_variant("classic", clock_minutes=0), 3)
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    assert store.autosave(g, store.MatchInfo(cpu_level="easy", names=("You", "Ada"))) is None
    return store.autosave_path().read_bytes()


def daily_session() -> tuple[TableSession, list[Background]]:
    s = TableSession(
        pr.daily_rules(),
        pr.daily_seed(DAY),
        pr.DAILY_LEVEL,
        player_factory=lambda level, seed: FirstLegal(),
        pace=Pace.from_delay(0),
        daily=DAY,
    )
    jobs: list[Background] = []
    s.subscribe(lambda events: jobs.extend(e for e in events if isinstance(e, Background)))
    s.start()
    return s, jobs


def play(s: TableSession, moves: int | None = None, seed: int = 1) -> None:
    """The person by their own calls (a random legal move), the CPU inline; ``moves`` of
    the person's (None: to the end of the hand)."""
    rng = random.Random(seed)
    mine = 0
    for _ in range(500):
        if s.match_over or s.game.phase == HAND_OVER or (moves is not None and mine >= moves):
            return
        if s.cpu_request is not None:
            assert s.run_cpu()
        else:
            assert s.my_turn
            act_as_person(s, rng.choice(s.game.legal_actions()))
            mine += 1
    raise AssertionError("the daily deal did not end")


def tries() -> list[tuple[str, str]]:
    return [(m.uid, m.outcome) for m in store.History().matches()]


def test_a_finished_daily_is_recorded_and_the_save_is_unchanged() -> None:
    before = save_a_match()
    s, jobs = daily_session()
    play(s)
    assert s.match_over
    assert store.autosave_path().read_bytes() == before  # never saved over, move by move
    for job in jobs:
        assert job.job() is None  # recorded in the history
    assert store.autosave_path().read_bytes() == before  # recording it left the save too
    assert tries() == [(s.info.match_id, tries()[0][1])] and tries()[0][1] != "abandoned"
    assert store.saved_match_id() != s.info.match_id
    res = store.load_autosave()
    assert res.ok and len(res.saved.game.log) == 3  # the saved match, there to resume


def test_an_unfinished_daily_left_or_closed_is_an_unfinished_try() -> None:
    before = save_a_match()
    s, jobs = daily_session()
    play(s, moves=2)
    assert not s.match_over and s.game.log
    s.close()  # the app quits mid-try: recorded at once, never saved
    assert store.autosave_path().read_bytes() == before
    assert tries() == [(s.info.match_id, "abandoned")]
    s.leave()  # and leaving afterwards records nothing more
    for job in jobs:
        assert job.job() is None
    assert len(tries()) == 1
    assert pr.daily_from_history(store.History(), DAY).tries == 1
    # left for another match instead: the same, by the table's background job
    t, jobs = daily_session()
    play(t, moves=2)
    t.leave()
    for job in jobs:
        assert job.job() is None
    assert store.autosave_path().read_bytes() == before
    assert (t.info.match_id, "abandoned") in tries()
    assert pr.daily_from_history(store.History(), DAY).tries == 2


def test_another_try_deals_the_same_daily() -> None:
    s, jobs = daily_session()
    play(s)
    setup = s.rematch()
    assert setup.daily == DAY and setup.seed == s.seed and setup.level == pr.DAILY_LEVEL
    again = TableSession.from_setup(
        setup, player_factory=lambda level, seed: FirstLegal(), pace=Pace.from_delay(0)
    )
    first = new_game(pr.daily_rules(), s.seed)
    assert again.daily == DAY
    assert again.game.hands == first.hands and again.game.boneyard == first.boneyard
    # another match's rematch is a new deal, as before
    other = TableSession(load_variant("classic"), 5, "easy", autosave=False)
    assert other.rematch().seed == 6 and other.rematch().daily is None


def test_the_scores_row_names_the_daily_deal() -> None:
    s, _ = daily_session()
    assert s.score_parts()[0] == daily_label(DAY) == "Daily deal 2026-12-02"
    other = TableSession(load_variant("classic", target=0), 5, "easy", autosave=False)
    assert other.score_parts()[0] == "a single hand"
