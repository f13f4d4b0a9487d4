"""Never lose a game, at the table: an autosave after every action, `--resume` to the very
same position with the clocks stopped until a key, unusable saves set aside and a new
game dealt, "New game" giving the unfinished match up."""

from __future__ import annotations

import json

from conftest import (
    app_at,
    first_legal,
    make_app,
    play_until,
    played,
    said_in_passing,
    settle,
    take_turn,
)
from typer.testing import CliRunner

from dominoes_tui import cli, store
from dominoes_tui.engine import HAND_OVER, load_variant, new_game
from dominoes_tui.store.saves import FORMAT_VERSION
from dominoes_tui.tui import app as tui_app
from dominoes_tui.tui.app import DominoesApp
from dominoes_tui.tui.screens.dialogs import HandOverScreen, MatchOverScreen, ResumeOrNewScreen
from dominoes_tui.tui.screens.table import RESUMED, TableScreen
from dominoes_tui.tui.widgets.log import MoveLog

SIZE = (100, 32)


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def resume_app(now=None) -> DominoesApp:
    kw = {"now": now} if now is not None else {}
    return DominoesApp(delay=0, player_factory=first_legal, resume=True, **kw)


def message(app: DominoesApp) -> str:
    return app.table.message_text


def table_state(t: TableScreen) -> dict:
    g = t.game
    return {
        "log": list(g.log),
        "hands": list(g.hands),
        "line": list(g.line),
        "written": g.scores.written,
        "held": g.scores.held,
        "hand_no": g.hand_no,
        "turn": g.turn,
        "boneyard": list(g.boneyard),
        "moves": t.session.log_lines(),
        "shown": t.query_one(MoveLog).lines,
    }


# ------------------------------------------------------------------ autosave
async def test_autosave_after_every_action() -> None:
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        assert not store.has_autosave()  # nothing played yet: nothing to save
        seen = set()
        for _ in range(6):
            await take_turn(pilot)
            res = store.load_autosave()
            assert res.ok, res.problem
            # Your action and the CPU's answer: the save is the table's game, move for move.
            assert res.saved.game.log == table.game.log
            assert res.saved.info.match_id == table.session.info.match_id
            seen.add(len(table.game.log))
        assert len(seen) == 6
    # Between hands too: the hand-over and the next deal (a table opened 3 moves before it).
    app = app_at(played("classic", 5, until=lambda g: g.phase == HAND_OVER, back=3))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")  # a new game, not the match saved above
        await play_until(pilot, lambda a: isinstance(a.screen, HandOverScreen))
        table = app.table
        assert store.load_autosave().saved.game.log == table.game.log
        assert store.load_autosave().saved.info.match_id == table.session.info.match_id
        await pilot.press("enter")
        await settle(pilot)
        assert store.load_autosave().saved.game.hand_no == 2


async def test_the_saved_match_is_recorded_and_the_save_deleted_at_the_end() -> None:
    app = app_at(played("classic", 11, back=12, target=30))  # 12 moves from the end
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await take_turn(pilot)
        assert not app.table.session.match_over
        assert store.saved_match_id() == app.table.session.info.match_id
        await play_until(pilot, lambda a: isinstance(a.screen, MatchOverScreen))
        await settle(pilot)
        assert not store.has_autosave()
        rec = store.History().matches()[0]
        assert rec.uid == app.table.session.info.match_id and rec.log == app.table.game.log
        await pilot.press("q")  # quitting after the end leaves no save behind
        await pilot.pause()
    assert not store.has_autosave()


async def test_closing_the_app_saves_the_clocks() -> None:
    now = FakeTime()
    rules = load_variant("classic", clock_minutes=5)
    app = DominoesApp(
        rules=rules, seed=5, level="easy", delay=0, now=now, player_factory=first_legal
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await take_turn(pilot)
        assert app.table.my_turn
        now.t += 42  # thinking, then the terminal is closed
        app.exit()
        await pilot.pause()
    saved = store.load_autosave().saved
    assert saved is not None
    assert saved.clocks[0] == 5 * 60 - 42


async def test_an_unwritable_save_is_said_once_and_play_goes_on(monkeypatch) -> None:
    monkeypatch.setattr(
        store, "autosave", lambda *a, **k: "The game could not be saved (No space)."
    )
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await take_turn(pilot)
        await take_turn(pilot)
        said = [n for n in said_in_passing(app) if "could not be saved" in n]
        assert len(said) == 1 and not list(app._notifications)  # beside the felt
        assert len(app.table.game.log) >= 4


# ------------------------------------------------------------------ resume
async def test_resume_restores_the_same_position_with_clocks_stopped_until_a_key() -> None:
    now = FakeTime()
    # the first hand played headlessly; the table opens on its hand-over, the clocks full
    # (the first hand by keys took no fake time either)
    app = app_at(
        played("classic", 5, until=lambda g: g.phase == HAND_OVER, clock_minutes=5), now=now
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")
        await settle(pilot)
        for _ in range(2):
            now.t += 7
            await take_turn(pilot)
        before = table_state(app.table)
        clocks = app.table.session.clock.remaining_all()
        scores_line = str(app.table.query_one("#scores").render())
        match_id = app.table.session.info.match_id
        app.exit()
        await pilot.pause()

    app2 = resume_app(now)
    async with app2.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app2.table
        assert table.session.waiting_for_key
        assert table_state(table) == before  # hands, line, scores, log: the very same
        assert table.session.info.match_id == match_id
        old = [e.text for e in table.session.entries]
        assert old and any(x.startswith("— hand 1 over") for x in old)
        # The score line as it was; the clocks show the same time, none marked running.
        assert str(table.query_one("#scores").render()) == scores_line.replace("▶", " ")
        assert table.session.clock.remaining_all() == clocks
        assert message(app2) == RESUMED
        # The clocks wait for the person: time passes, nothing runs, nothing moves.
        assert table.session.clock.running is None
        now.t += 600
        table.tick()
        await settle(pilot)
        assert table.session.clock.remaining_all() == clocks
        assert table.game.log == before["log"]
        # A key (even Enter, which plays a tile) only wakes the table: the clock of the
        # side to move starts, and play goes on from here.
        await pilot.press("enter")
        await settle(pilot)
        assert table.game.log == before["log"]
        assert not table.session.waiting_for_key and message(app2) != RESUMED
        assert table.session.clock.running == table.game.turn
        now.t += 3
        assert table.session.clock.remaining(table.game.turn) == clocks[table.game.turn] - 3
        await take_turn(pilot)
        assert len(table.game.log) > len(before["log"])
        assert store.load_autosave().saved.game.log == table.game.log


async def test_resume_on_the_cpus_turn_waits_for_a_key_too() -> None:
    game = new_game(load_variant("classic"), 5)
    while game.turn != 1 or not game.log:
        game.apply(game.legal_actions()[0])
    info = store.MatchInfo(cpu_level="easy", names=("You", "CPU (Easy)"))
    assert store.autosave(game, info) is None
    app = resume_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        assert table.game.turn == 1 and not table.session.thinking
        assert table.game.log == game.log
        await pilot.press("space")  # the key only wakes the table; it plays nothing
        await settle(pilot)
        assert table.game.turn == 0 and len(table.game.log) > len(game.log)


async def test_resume_of_a_finished_match_records_it() -> None:
    """The app died between the last move and the history: the save finishes the job."""
    g = new_game(load_variant("classic", target=30), 11)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    info = store.MatchInfo(cpu_level="easy", names=("You", "CPU (Easy)"))
    assert store.autosave(g, info) is None
    app = resume_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MatchOverScreen)
    assert [m.uid for m in store.History().matches()] == [info.match_id]
    assert not store.has_autosave()


async def test_a_corrupt_save_is_set_aside_and_a_new_game_offered() -> None:
    path = store.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "dominoes-tui save", "version": 1, "log": [')  # cut short
    app = resume_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        problem = app.resume_problem
        assert problem is not None and "cut short" in problem and "moved to" in problem
        assert problem.count(". ") <= 1  # one sentence, and the new game
        assert problem in said_in_passing(app)
        # on screen beside the new table, under its move log: never a toast over the felt
        assert "cut short" in app.table.notes_text() and not app.screen.query("Toast")
        assert isinstance(app.screen, TableScreen) and app.table.game.hand_no == 1  # dealt anew
        assert not app.table.session.waiting_for_key
        new_match = app.table.session.info.match_id
    assert store.saved_match_id() in (None, new_match)  # only the new game's own save
    assert list(path.parent.glob("autosave.json.corrupt-*"))


async def test_a_save_from_a_newer_version_is_set_aside() -> None:
    g = new_game(load_variant("classic"), 3)
    g.apply(g.legal_actions()[0])
    info = store.MatchInfo()
    store.autosave(g, info)
    path = store.autosave_path()
    data = json.loads(path.read_text())
    data["version"] = FORMAT_VERSION + 1
    path.write_text(json.dumps(data))
    app = resume_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "newer dominoes-tui" in app.resume_problem
        assert "A new game is dealt instead." in app.resume_problem
        assert isinstance(app.screen, TableScreen) and app.table.game.hand_no == 1  # dealt anew
    assert list(path.parent.glob("autosave.json.corrupt-*"))


async def test_resume_with_no_save_deals_a_new_game() -> None:
    app = resume_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.resume_problem.startswith("There is no saved game to resume.")
        assert isinstance(app.screen, TableScreen)


# ------------------------------------------------------------------ giving a match up
async def test_new_game_abandons_the_unfinished_match() -> None:
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await take_turn(pilot)
        old = app.table
        log = list(old.game.log)
        app.start_match(load_variant("classic"), 77, "easy")
        await settle(pilot)
        await app.workers.wait_for_complete()
        assert app.table is not old and old.session.left
        rows = store.History().matches()
        assert [(r.uid, r.outcome, r.log) for r in rows] == [
            (old.session.info.match_id, "abandoned", log)
        ]
        # Its save went with it; the new match saves its own after its first action.
        assert store.saved_match_id() in (None, app.table.session.info.match_id)
        await take_turn(pilot)
        assert store.saved_match_id() == app.table.session.info.match_id


async def test_a_new_match_gives_up_the_save_on_disk_at_its_first_action() -> None:
    g = new_game(load_variant("classic"), 3)
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    info = store.MatchInfo(cpu_level="easy")
    store.autosave(g, info)
    app = make_app("classic", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeOrNewScreen)  # asked first (issue 12)
        await pilot.press("n")
        await settle(pilot)
        assert store.saved_match_id() == info.match_id  # kept until the new match is played
        await take_turn(pilot)
        assert store.saved_match_id() == app.table.session.info.match_id
    rows = store.History().matches()
    assert [(r.uid, r.outcome) for r in rows] == [(info.match_id, "abandoned")]


# ------------------------------------------------------------------ the CLI
def test_cli_play_resume_opens_the_saved_match(monkeypatch) -> None:
    opened: list[dict] = []
    monkeypatch.setattr(tui_app, "run_app", lambda **kw: opened.append(kw))
    result = CliRunner().invoke(cli.app, ["play", "--resume"])
    assert result.exit_code == 0, result.output
    assert opened[0]["resume"] is True
    result = CliRunner().invoke(cli.app, ["play"])
    assert opened[1]["resume"] is False


async def test_resume_keeps_the_redeal_note_in_the_log() -> None:
    """Seed 220 is dealt twice (R-C-2): the resumed log says so once, as the table did."""
    app = make_app("classic", seed=220)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await take_turn(pilot)
        lines = list(app.table.query_one(MoveLog).lines)
        assert lines[0] == "Redealt once"
        app.exit()
        await pilot.pause()
    app2 = resume_app()
    async with app2.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert list(app2.table.query_one(MoveLog).lines) == lines
