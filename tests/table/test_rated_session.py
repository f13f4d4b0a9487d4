"""Rated or casual at the table (issue 27), headless: the store's one rule asked with the
match's own facts; a hint, a take-back, the coach's take-back or the coach being on makes
a rated match casual (said once, then "casual" on the scores row, a resumed match too),
the rated note is said before the first move even beside a draw the table made, and the
counts are saved and recorded."""

from __future__ import annotations

from datetime import date

import pytest
from table_helpers import act_as_person

from dominoes_tui import store
from dominoes_tui.engine import load_variant, new_game
from dominoes_tui.table import Notice, Pace, TableSession
from dominoes_tui.table.coach import CoachedSession
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
    until_a_choice(s)  # a hint on a forced move turns nothing casual
    req = s.request_hint()
    assert s.hint_answer(HintAnswer(req.token, s.game.legal_actions()[0], "a move"))
    assert s.info.hints == 1 and s.casual_reason == "a hint was used" and s.became_casual
    assert heard == ["This match is casual now: a hint was used."]
    assert s.score_parts()[2][-1] == "casual"
    assert s.casual_words() == "Casual match, not rated: a hint was used."


def test_the_coach_take_back_and_an_undo_make_it_casual() -> None:
    s = table()
    s.coach_took_back()
    assert s.info.coach_backs == 1 and s.casual_reason == "the coach's take-back was used"
    easy = table("easy")
    heard = notices(easy)
    until_a_choice(easy)
    act_as_person(easy, easy.game.legal_actions()[0])
    while easy.cpu_request is not None:
        easy.run_cpu()
    assert easy.undo()  # a move that had another choice beside it: taken back
    assert easy.info.undos == 1 and easy.casual_reason == "a move was taken back"
    assert heard == ["This match is casual now: a move was taken back."]
    assert easy.score_parts()[2][-2:] == ["1 undo", "casual"]


def until_a_choice(s: TableSession) -> None:
    """Play on (the person's first legal move, the CPU's) until the person has a choice."""
    for _ in range(200):
        if s.my_turn and len(s.game.legal_actions()) > 1:
            return
        if s.cpu_request is not None:
            s.run_cpu()
        elif s.my_turn:
            act_as_person(s, s.game.legal_actions()[0])
        s.tick()
    raise AssertionError("the person never had a choice")


def test_the_coach_on_makes_it_casual_said_before_the_first_move() -> None:
    """Guide or Tips at the table: casual, said by the note before the first move (no
    toast there); turned on later it is said once; turned off again, the match stays
    casual ("the coach was on"), and so is its record."""
    s = table()
    heard = notices(s)
    s.coach_switched("tips", True)
    assert s.casual_reason == "the coach is on" and s.info.coached
    assert str(s.lines[0]) == "Casual: the coach is on." and heard == []
    assert s.score_parts()[2][-1] == "casual"
    s.coach_switched("tips", False)
    assert s.casual_reason == "the coach was on" and s.became_casual
    assert str(s.lines[0]) == "Casual: the coach was on."

    later = table()
    heard = notices(later)
    until_a_choice(later)
    act_as_person(later, later.game.legal_actions()[0])  # the first move: rated so far
    assert later.casual_reason is None
    later.coach_switched("guide", True)
    assert heard == ["This match is casual now: the coach is on."]


def test_the_guide_is_the_coach_too() -> None:
    s = CoachedSession(load_variant("classic"), seed=5, level="hard", autosave=False)
    s.coaching = True
    s.start()
    assert s.casual_reason == "the coach is on" and s.info.coached
    assert str(s.lines[0]) == "Casual: the coach is on."


@pytest.mark.parametrize(
    ("variant", "seed"), [("classic", 2), ("chicken-foot", 2), ("chicken-foot", 4)]
)
def test_the_rated_note_is_said_beside_a_draw_before_the_first_move(variant, seed) -> None:
    """The table draws for the person before their first play: the draw is said, and the
    match is still called rated (or casual) before that first play."""
    rules = (
        load_variant(variant, clock_minutes=0) if variant == "classic" else load_variant(variant)
    )
    s = TableSession(rules, seed, "easy", autosave=False, pace=Pace.from_delay(0))
    s.start()
    for _ in range(100):
        if s.my_turn and s.pending is None:
            break
        if s.cpu_request is not None:
            s.run_cpu()
        s.tick()
    note = s.lines[0]
    assert s.before_first_move and str(note).startswith("You drew ")
    rated = "Rated match: a hint, a take-back or the coach makes it casual."
    assert str(note).endswith(f"it fits. {rated}")
    assert note.shortened().text.endswith("it fits. Rated match.")
    casual = TableSession(rules, seed, "hard", autosave=False, pace=Pace.from_delay(0))
    casual.start()
    casual.coach_switched("tips", True)
    assert str(casual.lines[0]).endswith("Casual: the coach is on.")


def test_a_resumed_match_that_turned_casual_stays_casual() -> None:
    """A hint, then the match saved and resumed: still casual on the scores row (from the
    saved counts, not from how the resumed table began)."""
    s = TableSession(load_variant("classic", clock_minutes=0), seed=5, level="hard")
    s.start()
    until_a_choice(s)  # a hint on a forced move turns nothing casual
    req = s.request_hint()
    assert s.hint_answer(HintAnswer(req.token, s.game.legal_actions()[0], "a move"))
    act_as_person(s, s.game.legal_actions()[0])  # saved after the move
    assert s.score_parts()[2][-1] == "casual"
    s.close()
    back = TableSession.resume(store.load_autosave().saved)
    back.start()
    assert back.info.hints == 1 and back.casual_reason == "a hint was used"
    assert back.became_casual and back.score_parts()[2][-1] == "casual"
    rated = TableSession.resume(saved_match(hints=0))
    assert not rated.became_casual and "casual" not in rated.score_parts()[2]
    coached = TableSession.resume(saved_match(coached=True))
    assert coached.became_casual and coached.casual_reason == "the coach was on"


def saved_match(**info) -> store.SavedGame:
    game = new_game(load_variant("classic", clock_minutes=0), 5)
    game.apply(game.legal_actions()[0])
    store.autosave(game, store.MatchInfo(cpu_level="hard", names=("You", "CPU (Hard)"), **info))
    return store.load_autosave().saved


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
    assert (back.hints, back.coach_backs, back.coached) == (2, 1, False)
    info.coached = True
    assert store.MatchInfo.from_json(info.to_json()).coached
    data = info.to_json()
    del data["hints"], data["coach_backs"], data["coached"]
    assert store.MatchInfo.from_json(data).hints == 0
    assert not store.MatchInfo.from_json(data).coached
    with pytest.raises(ValueError, match="coach flag"):
        store.MatchInfo.from_json(info.to_json() | {"coached": 1})
    data["hints"] = -1
    try:
        store.MatchInfo.from_json(data)
    except ValueError as e:
        assert "hints" in str(e)
    else:
        raise AssertionError("a damaged hint count was read")
