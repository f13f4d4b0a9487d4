"""Rated or casual at the table (issue 27), headless: the store's one rule asked with the
match's own facts; a hint, a take-back or the coach's take-back makes a rated match casual
(said once, then "casual" on the scores row), and the counts are saved and recorded."""

from __future__ import annotations

from datetime import date

from dominoes_tui import store
from dominoes_tui.engine import load_variant
from dominoes_tui.table import Notice, TableSession
from dominoes_tui.table.events import HintAnswer


def table(level: str = "hard", **kw) -> TableSession:
    s = TableSession(load_variant("classic"), seed=5, level=level, autosave=False, **kw)
    s.start()
    return s


def notices(s: TableSession) -> list[str]:
    heard: list[str] = []
    s.subscribe(lambda batch: heard.extend(e.text for e in batch if isinstance(e, Notice)))
    return heard


def test_a_house_match_against_a_level_is_rated_until_a_hint() -> None:
    s = table()
    assert s.casual_reason is None and str(s.lines[0]).startswith("Rated match:")
    heard = notices(s)
    req = s.request_hint()
    assert s.hint_answer(HintAnswer(req.token, s.game.legal_actions()[0], "the only move"))
    assert s.info.hints == 1 and s.casual_reason == "a hint was used" and s.became_casual
    assert heard == ["This match is casual now: a hint was used."]
    assert s.score_parts()[2][-1] == "casual"
    assert s.casual_words() == "Casual match, not rated: a hint was used."


def test_the_coach_take_back_and_an_undo_make_it_casual() -> None:
    s = table()
    s.coach_took_back()
    assert s.info.coach_backs == 1 and s.casual_reason == "the coach's take-back was used"
    easy = table("easy")
    easy.commit(easy.game.legal_actions()[0])
    while easy.cpu_request is not None:
        easy.run_cpu()
    if easy.undo():
        assert easy.casual_reason == "a move was taken back"


def test_practice_and_the_daily_deal_are_casual_from_the_start() -> None:
    assert table(practice=True).casual_reason == "a practice hand"
    daily = TableSession(
        load_variant("classic", target=0),
        seed=5,
        level="hard",
        autosave=False,
        daily=date(2026, 12, 2),
    )
    assert daily.casual_reason == "the daily deal" and daily.info.daily
    assert not daily.became_casual


def test_the_counts_are_saved_and_a_save_from_before_has_none() -> None:
    info = store.MatchInfo(cpu_level="hard", names=("You", "CPU"), hints=2, coach_backs=1)
    back = store.MatchInfo.from_json(info.to_json())
    assert (back.hints, back.coach_backs) == (2, 1)
    data = info.to_json()
    del data["hints"], data["coach_backs"]
    assert store.MatchInfo.from_json(data).hints == 0
    data["hints"] = -1
    try:
        store.MatchInfo.from_json(data)
    except ValueError as e:
        assert "hints" in str(e)
    else:
        raise AssertionError("a damaged hint count was read")
