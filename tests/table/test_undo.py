"""Take-backs (issue 24, "Practice you can explore"): ``u`` takes back the person's last
move and the CPU's replies since, by replaying the recorded actions from the deal, in
practice hands and against Easy; elsewhere it is refused with its reason. Each one is
counted, on the scores row and in the match's record. Headless: no Textual."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from table_helpers import act_as_person

from dominoes_tui import store
from dominoes_tui.ai import make_player
from dominoes_tui.engine import PLAY, Game, Play, load_variant, seat_view
from dominoes_tui.report import recent_table
from dominoes_tui.table import Background, TableSession, TakenBack
from dominoes_tui.table.review_job import job_of_record
from dominoes_tui.table.undo import last_decision
from dominoes_tui.table.words.places import move_words


def position(g: Game) -> tuple:
    """Everything a move changes: hands, boneyard, line, ends, events, turn, scores, log."""
    return (
        tuple(g.hands),
        tuple(g.boneyard),
        tuple(g.line),
        tuple(g.ends),
        tuple(g.events),
        g.turn,
        g.phase,
        g.scores,
        tuple(g.log),
    )


def is_decision(s: TableSession) -> bool:
    g = s.game
    return g.phase == PLAY and g.turn == 0 and len(g.legal_actions()) > 1


def play_decisions(s: TableSession, n: int, events: list | None = None) -> list[tuple]:
    """Make ``n`` of the person's decisions (the Easy CPU's choice for them, made through
    the person's calls), the CPU answering inline; the position before each one."""
    chooser = make_player("easy", 99)
    before: list[tuple] = []
    while len(before) < n:
        while s.run_cpu():
            pass
        s.tick()
        g = s.game
        assert g.phase == PLAY, "the hand ended before the decisions were made"
        if g.turn != 0:
            continue
        if is_decision(s):
            before.append(position(g))
        assert act_as_person(s, chooser.choose(seat_view(g, 0)))
    while s.run_cpu():  # the CPU's replies
        pass
    return before


def easy_table(level: str = "easy", **kw) -> TableSession:
    s = TableSession(load_variant("classic"), seed=5, level=level, autosave=False, **kw)
    s.start()
    return s


def test_undo_gives_back_the_position_before_the_move_and_the_cpu_replies_go() -> None:
    s = easy_table()
    before = play_decisions(s, 3)
    g = s.game
    cpu_after = [e for e in g.events if e.seat == 1]
    assert cpu_after and g.log  # the CPU answered the last move
    seen: list = []
    s.subscribe(seen.append)
    assert s.undo()
    assert position(s.game) == before[-1]  # the very position, the CPU's replies gone
    assert s.game.turn == 0 and s.my_turn
    assert s.info.undos == 1
    assert str(s.message).startswith("Taken back: your ")
    assert any(isinstance(e, TakenBack) and e.undos == 1 for batch in seen for e in batch)
    taken = next(e.action for batch in seen for e in batch if isinstance(e, TakenBack))
    if isinstance(taken, Play):  # named with its place, as the table names it
        place = move_words(s.game, taken, s.names)
        assert " on " in place or "to lead" in place
        assert str(s.message).startswith(f"Taken back: your {place}")
    # and again: the decision before that
    assert s.undo()
    assert position(s.game) == before[-2] and s.info.undos == 2
    # the match goes on from there as any other
    again = play_decisions(s, 1)
    assert again[0] == before[-2]


def test_undo_replays_the_deal_from_its_seed_after_a_resume(tmp_path: Path) -> None:
    s = TableSession(load_variant("classic"), seed=5, level="easy", home=tmp_path)
    s.start()
    before = play_decisions(s, 2)
    loaded = store.load_autosave(tmp_path)
    assert loaded.saved is not None
    back = TableSession.resume(loaded.saved, home=tmp_path)
    back.start()
    back.go_on()
    assert back.undo()
    assert position(back.game) == before[-1]


def test_nothing_to_take_back_before_a_decision() -> None:
    s = easy_table()
    assert last_decision(s.origin, s.game.log) is None  # the lead of 1-1 is forced
    before = position(s.game)
    assert not s.undo()
    assert str(s.message) == "Nothing to take back: you have made no move in this hand yet."
    assert position(s.game) == before and s.info.undos == 0


def test_against_medium_u_is_refused_with_its_reason() -> None:
    s = easy_table("medium")
    play_decisions(s, 2)
    before = position(s.game)
    assert not s.undo_allowed
    assert not s.undo()
    assert position(s.game) == before and s.info.undos == 0
    assert str(s.message) == (
        "No take-backs: against Medium every move stands; u takes a move back in practice "
        "hands and against Easy."
    )
    assert s.message.tone == "refusal"


def test_a_practice_hand_takes_moves_back_against_any_level_and_says_so() -> None:
    s = easy_table("hard", practice=True)
    assert s.score_parts()[0] == "Practice"
    before = play_decisions(s, 2)
    assert s.undo()
    assert position(s.game) == before[-1]
    target, _sides, stakes = s.score_parts()
    assert target == "Practice · 1 undo" and "1 undo" not in stakes


def test_against_easy_the_scores_row_counts_the_undos() -> None:
    s = easy_table()
    assert s.score_parts()[2] == []
    play_decisions(s, 2)
    s.undo()
    s.undo()
    assert s.score_parts()[0] == "101 loses" and s.score_parts()[2][-2:] == ["2 undos", "casual"]


def test_a_finished_hand_stands() -> None:
    rules = load_variant("classic").replace(target=0)
    s = TableSession(rules, seed=5, level="easy", autosave=False)
    s.start()
    chooser = make_player("easy", 99)
    while s.game.phase == PLAY:
        while s.run_cpu():
            pass
        s.tick()
        if s.game.phase == PLAY and s.game.turn == 0:
            act_as_person(s, chooser.choose(seat_view(s.game, 0)))
    assert not s.undo()
    assert str(s.message) == "Nothing to take back: the hand is over."


def test_the_next_hand_does_not_take_back_the_last() -> None:
    s = easy_table()
    chooser = make_player("easy", 99)
    while s.game.hand_no == 1:
        while s.run_cpu():
            pass
        s.tick()
        g = s.game
        if g.phase != PLAY:
            s.next_hand()
        elif g.turn == 0:
            act_as_person(s, chooser.choose(seat_view(g, 0)))
    while s.run_cpu():
        pass
    g = s.game
    dealt = len(g.log)  # the NextHand that dealt hand 2 is the last action, or soon before
    while not is_decision(s) and s.game.phase == PLAY:  # up to the first choice of hand 2
        s.tick()
        while s.run_cpu():
            pass
    assert s.game.hand_no == 2 and len(s.game.log) >= dealt
    before = position(s.game)
    assert not s.undo()  # nothing of hand 2 is the person's yet: hand 1 stands
    assert str(s.message).startswith("Nothing to take back")
    assert position(s.game) == before


def test_a_match_with_an_undo_says_so_in_its_record(tmp_path: Path) -> None:
    rules = load_variant("classic").replace(target=0)
    s = TableSession(rules, seed=5, level="easy", home=tmp_path)
    jobs: list[Background] = []
    s.subscribe(lambda batch: jobs.extend(e for e in batch if isinstance(e, Background)))
    s.start()
    play_decisions(s, 2)
    assert s.undo()
    saved = store.load_autosave(tmp_path).saved
    assert saved is not None and saved.info.undos == 1  # the save keeps the count
    chooser = make_player("easy", 99)
    while s.game.phase == PLAY:
        while s.run_cpu():
            pass
        s.tick()
        if s.game.phase == PLAY and s.game.turn == 0:
            act_as_person(s, chooser.choose(seat_view(s.game, 0)))
    record = next(j for j in jobs if j.what == "record")
    assert record.job() is None
    rec = store.History(tmp_path).matches()[0]
    assert rec.undos == 1 and rec.undo_words == "1 undo"
    assert rec.heading().endswith(" · 1 undo")  # the review's title, `dominoes review`
    console = Console(width=120, record=True)
    console.print(recent_table([rec]))  # `dominoes stats`
    assert "1 undo" in console.export_text()
    assert job_of_record(rec).title.endswith(" · 1 undo")
    assert rec.replay().log == s.game.log  # the moves as played after the take-back


def test_a_match_played_straight_has_no_undo_in_its_record(tmp_path: Path) -> None:
    rules = load_variant("classic").replace(target=0)
    s = TableSession(rules, seed=5, level="easy", home=tmp_path)
    jobs: list[Background] = []
    s.subscribe(lambda batch: jobs.extend(e for e in batch if isinstance(e, Background)))
    s.start()
    chooser = make_player("easy", 99)
    while s.game.phase == PLAY:
        while s.run_cpu():
            pass
        s.tick()
        if s.game.phase == PLAY and s.game.turn == 0:
            act_as_person(s, chooser.choose(seat_view(s.game, 0)))
    next(j for j in jobs if j.what == "record").job()
    rec = store.History(tmp_path).matches()[0]
    assert rec.undos == 0 and "undo" not in rec.heading()


def test_undoing_the_first_move_forgets_the_save(tmp_path: Path) -> None:
    """Back at the deal there is nothing to continue: the save of the move is gone."""
    rules = load_variant("draw")
    s = TableSession(rules, seed=3, level="easy", home=tmp_path)  # you lead, as you like
    s.start()
    assert not s.game.log and is_decision(s)
    g = s.game
    act_as_person(s, next(a for a in g.legal_actions() if isinstance(a, Play)))
    assert store.has_autosave(tmp_path)
    assert s.undo() and not s.game.log
    assert not store.has_autosave(tmp_path)
