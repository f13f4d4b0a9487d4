"""Issue 12, the table's own story, without Textual: whose turn it is, the prompt that
comes back, the move log, the stakes, the end question, the keys that do not apply.

Driven as the screen drives the session (``start``, the person's calls, ``run_cpu``,
``tick``) with a fake time; every sentence checked here is one the player reads.
"""

from __future__ import annotations

import random

import pytest

from dominoes_tui.engine import (
    Draw,
    Game,
    Pass,
    Play,
    PlayDoubles,
    Resign,
    Scores,
    load_variant,
    tiles,
)
from dominoes_tui.table import EndQuestion, HintAnswer, Pace, TableSession
from dominoes_tui.table.words import TURN_LIMIT, fives_words, score_text

T = tiles.parse


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class FirstLegal:
    level = "easy"
    name = "CPU (Easy)"

    def choose(self, view):
        return view.legal[0]


def first_legal(*_a) -> FirstLegal:
    return FirstLegal()


def at(game: Game, **kw) -> TableSession:
    kw.setdefault("player_factory", first_legal)
    return TableSession(game.rules, 1, "easy", game=game, autosave=False, **kw)


def run_until(s: TableSession, done, limit: int = 500) -> None:
    """The CPU answers inline; the person's forced moves run at their time."""
    for _ in range(limit):
        if done(s):
            return
        if s.cpu_request is not None:
            s.run_cpu()
        elif s.pending is not None:
            s.now.t = s.pending_due  # type: ignore[attr-defined]
            s.tick()
        elif s.game.phase == "hand_over":
            s.next_hand()
        elif s.my_turn:
            action = s.game.legal_actions()[0]
            if isinstance(action, Play):
                s.commit(action)
            else:
                s.commit(action)
        else:
            raise AssertionError("stuck")
    raise AssertionError("never got there")


# ------------------------------------------------------------------ whose turn it is
@pytest.mark.parametrize(
    "variant, overrides",
    [
        ("classic", {"clock_minutes": 0}),
        ("classic", {"clock_minutes": 5}),
        ("standard-draw", {"players": 3}),
        ("goat", {}),
        ("all-fives", {"players": 4}),
    ],
)
def test_exactly_one_seat_carries_the_turn_marker_in_every_game(variant, overrides) -> None:
    """2 to 4 players, with or without a clock: the seat to move is marked, always."""
    now = FakeTime()
    s = TableSession(
        load_variant(variant, **overrides), 7, "easy", now=now, autosave=False,
        player_factory=first_legal,
    )  # fmt: skip
    s.start()
    seen = set()
    for _ in range(60):
        if s.game.phase != "play":
            break
        marked = [seat.seat for seat in s.seats() if seat.turn]
        assert marked == [s.game.turn]
        seen.add(s.game.turn)
        if s.cpu_request is not None:
            s.run_cpu()
        elif s.my_turn:
            s.commit(s.game.legal_actions()[0])
    assert len(seen) == s.rules.players  # every seat had the marker in turn


def test_the_partner_is_said_in_words() -> None:
    s = TableSession(load_variant("goat"), 4, "easy", autosave=False, player_factory=first_legal)
    s.start()
    assert [seat.name for seat in s.seats() if seat.partner] == ["North"]


# ------------------------------------------------------------------ the prompt comes back
def both_ends_game() -> Game:
    return Game.from_position(
        load_variant("classic", clock_minutes=0),
        hands=[["6-4", "3-2", "5-5"], ["0-0", "2-1", "3-3"]],
        line=["4-1", "1-6"],
        turn=0,
    )


def test_the_prompt_stays_beside_a_hint_and_a_refusal() -> None:
    """The note (a hint, a refused move) and "Your turn" are shown together."""
    s = at(both_ends_game())
    s.start()
    request = s.request_hint()
    assert request is not None
    s.hint_answer(HintAnswer(request.token, Play(T("6-4"), 1), "6-4 on the right: sheds 10"))
    note, prompt = s.lines
    assert str(note).startswith("Hint: 6-4 on the 6") and str(prompt).startswith("Your turn")
    s.play(T("3-2"))  # does not fit: refused in the engine's words
    note, prompt = s.lines
    assert note.tone == "refusal" and "3-2 does not fit" in str(note)
    assert str(prompt).startswith("Your turn: 1 of your tiles fits")


def test_the_prompt_comes_back_after_a_resume_and_the_key() -> None:
    from dominoes_tui import store

    s = TableSession(load_variant("classic"), 5, "easy", player_factory=first_legal)
    s.start()
    s.play_selected()  # lead 1-1; the CPU answers
    run_until(s, lambda s: s.my_turn)
    s.close()
    r = TableSession.resume(store.load_autosave().saved, player_factory=first_legal)
    r.start()
    assert r.waiting_for_key and str(r.lines[1]).startswith("Welcome back")
    assert [seat.name for seat in r.seats() if seat.turn] == ["You"]
    r.go_on()
    assert not r.lines[0] and str(r.lines[1]).startswith("Your turn: ")


def test_the_turn_limit_is_said_with_the_prompt_until_the_next_move() -> None:
    now = FakeTime()
    s = TableSession(
        load_variant("double-first", turn_seconds=30), 3, "easy", now=now, autosave=False,
        player_factory=first_legal,
    )  # fmt: skip
    s.start()
    run_until(s, lambda s: s.my_turn and s.pending is None)
    now.t += 31
    s.tick()
    run_until(s, lambda s: s.my_turn and s.pending is None or s.game.phase != "play")
    if s.my_turn:
        note, prompt = s.lines
        assert str(note) == TURN_LIMIT and str(prompt).startswith("Your turn")


# ------------------------------------------------------------------ keys that do not apply
def test_a_key_that_does_not_apply_says_why_and_the_next_key_clears_it() -> None:
    s = at(both_ends_game())
    s.start()
    assert not s.can(Resign) and not s.can(PlayDoubles) and not s.can(Pass)
    s.refuse(Resign)
    assert (
        str(s.lines[0]) == "Not now: this house plays every match out; there is no resigning here."
    )
    s.select(1)  # the next key
    assert not s.lines[0]
    s.refuse(PlayDoubles)
    assert "two doubles in one turn is off" in str(s.lines[0])
    s.refuse(Pass)
    assert str(s.lines[0]) == "Not now: you hold a tile that fits, so you may not pass."
    s.cancel()
    assert not s.lines[0] and str(s.lines[1]).startswith("Your turn")


def test_two_doubles_key_says_what_it_needs_where_the_house_plays_it() -> None:
    game = Game.from_position(
        load_variant("classic", two_doubles=True),
        hands=[["3-3", "6-1", "2-2"], ["0-0", "2-1", "4-4"]],
        line=["3-2", "2-5"],
        turn=0,
    )
    s = at(game)
    s.start()
    s.refuse(PlayDoubles)
    assert "the double of each open end in your hand" in str(s.lines[0])


def test_a_move_that_no_occasional_key_makes_is_not_asked_about() -> None:
    """can/why_not take the action types of the keys p, t, d, s and r; a tile's play is
    not one of them (the hand's tiles say what fits)."""
    s = at(both_ends_game())
    s.start()
    with pytest.raises(ValueError, match="Play"):
        s.can(Play)
    assert not s.can(Draw)
    assert s.why_not(Draw) == "you hold a tile that fits, so you may not draw."


# ------------------------------------------------------------------ the move log
def test_the_persons_forced_draws_never_hide_the_cpus_last_move() -> None:
    """R-M-4: the CPU plays, the table then draws for the person tile by tile: the CPU's
    move stays among the last three entries of the log."""
    game = Game.from_position(
        load_variant("classic", clock_minutes=0),
        hands=[["0-0", "0-2", "5-5"], ["6-4", "3-3", "4-4"]],
        boneyard=["6-6", "6-5", "3-4", "1-2", "2-2"],
        line=["6-1"],
        turn=1,
    )
    now = FakeTime()
    s = at(game, now=now, pace=Pace(cpu=0.9, forced=0.5))
    s.start()
    s.run_cpu()
    now.t += 1
    s.tick()  # the CPU's 6-4 shows; nothing of yours fits the 4 or the 1: draws follow
    assert s.log()[-1].text == "CPU played 6-4 on the 6"
    for _ in range(6):
        if s.pending != "forced":
            break
        now.t += 0.5
        s.tick()
    draws = [e for e in s.game.events if e.kind == "draw" and e.seat == 0]
    assert len(draws) >= 2
    assert "CPU played 6-4 on the 6" in [e.text for e in s.log()[-3:]]


def test_each_cpu_move_of_a_four_player_round_has_its_own_entry_and_seat() -> None:
    """Three CPU moves never flash past on one line: each seat's last move is beside its
    name, and each is one entry of the log."""
    s = TableSession(load_variant("goat"), 4, "easy", autosave=False, player_factory=first_legal)
    s.start()
    run_until(s, lambda s: s.my_turn and len(s.game.events) >= 4)
    last = s.log()[-3:]
    assert [e.seat for e in last] == [1, 2, 3]
    for e, seat in zip(last, s.seats()[1:]):
        assert seat.last and seat.last in e.text  # "6-3" beside North, in North's entry


def test_the_log_names_an_end_by_its_number_and_an_arm_by_where_it_leaves() -> None:
    game = Game.from_position(
        load_variant("all-fives"),
        hands=[["6-1", "5-5", "4-2"], ["0-0", "2-0", "2-2"]],
        boneyard=[],
        line=["6-1", "1-1", "1-3"],
        turn=0,
    )
    s = at(game)
    s.start()
    s.play(T("6-1"))
    s.choose_arrow("↑")
    assert s.log()[0].text == "You played 6-1 on the up arm's 1, scoring 15"
    s2 = at(both_ends_game())
    s2.start()
    s2.play(T("6-4"), 1)
    assert s2.log()[0].text == "You played 6-4 on the 6"


# ------------------------------------------------------------------ the end question
def test_no_question_when_both_ends_show_the_same_number_on_a_plain_line() -> None:
    """R-M-2 asks only when the choices differ."""
    game = Game.from_position(
        load_variant("classic", clock_minutes=0),
        hands=[["4-2", "3-2", "6-6"], ["0-0", "2-1", "3-3"]],
        line=["4-1", "1-5", "5-4"],
        turn=0,
    )
    s = at(game)
    s.start()
    assert s.play(T("4-2")) and s.question is None
    assert s.game.log[0] == Play(T("4-2"), 0) or s.game.log[0] == Play(T("4-2"), 1)


def test_no_question_on_a_double_lead() -> None:
    for variant in ("classic", "all-fives"):
        game = Game.from_position(
            load_variant(variant, clock_minutes=0),
            hands=[["6-2", "3-2", "5-1"], ["0-0", "2-1", "3-3"]],
            line=["6-6"],
            turn=0,
        )
        s = at(game)
        s.start()
        assert s.play(T("6-2")) and s.question is None, variant


def test_the_question_stays_where_the_choices_differ() -> None:
    s = at(both_ends_game())
    s.start()
    assert not s.play(T("6-4")) and s.question == EndQuestion(T("6-4"), (0, 1))
    game = Game.from_position(  # a spinner flanked on both sides: four arms (R-F-1)
        load_variant("all-fives"),
        hands=[["6-1", "5-5", "4-2"], ["0-0", "2-0", "2-2"]],
        boneyard=[],
        line=["6-1", "1-1", "1-3"],
        turn=0,
    )
    s = at(game)
    s.start()
    assert not s.play(T("6-1")) and s.question == EndQuestion(T("6-1"), (0, 2))


def test_ends_are_asked_by_the_arrows_the_screen_draws() -> None:
    """A snake that turned draws the line's left end on the right: the screen says so
    (``place_ends``) and the question and the keys follow the drawing."""
    s = at(both_ends_game())
    s.start()
    s.place_ends({0: "→", 1: "←"})
    s.play(T("6-4"))
    assert str(s.lines[1]) == "6-4 fits both ends: ← the 6 or → the 4?  Esc: other tile"
    assert s.choose_arrow("→")
    assert s.game.log[0] == Play(T("6-4"), 0)  # the end drawn on the right: the 4


# ------------------------------------------------------------------ the stakes
def test_held_points_have_their_own_words_and_a_single_hand_shows_none() -> None:
    """R-13-1: held points read "5 held" ("+N" is All Fives' points just scored); a
    single-hand match (target 0) has no next hand to hold them for."""
    rules = load_variant("classic")
    assert score_text(rules, Scores((0, 12), (5, 0)), 0) == "0 (5 held)"
    single = load_variant("classic", target=0)
    assert score_text(single, Scores((0, 6), (6, 0)), 0) == "0"


def test_stakes_hanging_points_and_a_bonus_led() -> None:
    """R-C-7 hanging points and R-B: 6-6 led under bonuses is worth 50 when the hand ends."""
    game = Game.from_position(
        load_variant("classic", bonus_first_last={"6-6": 50, "0-0": 25}, clock_minutes=0),
        hands=[["6-6", "6-4", "3-2"], ["0-0", "2-1", "5-1"]],
        line=[],
        turn=0,
        scores=Scores((0, 12), (0, 0), 7),
    )
    s = at(game)
    s.start()
    s.play(T("6-6"))
    assert s.stakes()[:2] == ["7 hanging", "6-6 led: 50 bonus"]


def test_all_fives_shows_the_ends_and_what_the_raised_tile_would_score() -> None:
    """R-F-2: the open ends added up, and the raised tile's score."""
    game = Game.from_position(
        load_variant("all-fives"),
        hands=[["6-5", "3-2", "4-4"], ["0-0", "2-1", "3-3"]],
        line=["5-1", "1-6"],
        turn=0,
    )
    s = at(game)
    s.start()
    assert s.game.fives_count() == 11
    s.selected = s.hand().index(T("6-5"))
    # on the 6 the ends read 5 and 5 (+10); on the 5 they read 6 and 6 (nothing)
    assert sorted(p for _, p in s.fives_preview(T("6-5"))) == [0, 10]
    assert s.stakes() == ["ends 11 · 6-5 → +10"] == [fives_words(11, T("6-5"), [10, 0])]
    s.selected = s.hand().index(T("3-2"))  # fits nowhere: the ends alone
    assert s.stakes() == ["ends 11"]
    assert s.game.log == [] and s.game.hand_fives == [0, 0]  # a preview plays nothing


def test_a_preview_of_the_fives_never_changes_the_game() -> None:
    """Game.copy() gave the copy the same list of the hand's fives: scoring a copy (a
    preview, a refusal's check) counted in the real game (R-F-2)."""
    game = Game.from_position(
        load_variant("all-fives"),
        hands=[["5-5", "3-2"], ["0-0", "2-1"]],
        line=["5-0"],
        turn=0,
    )
    copy = game.copy()
    copy.apply(Play(T("5-5"), 0))
    assert copy.hand_fives != [0, 0]
    assert game.hand_fives == [0, 0]


# ------------------------------------------------------------------ pace
def test_the_pace_setting_names_a_delay() -> None:
    assert Pace.named("slow").cpu > Pace.named("normal").cpu > Pace.named("fast").cpu
    assert Pace.named("nonsense") == Pace.named("normal")


def test_the_pace_is_remembered() -> None:
    from dominoes_tui.store.settings import PlayerSettings, load_settings, save_settings

    assert load_settings() == PlayerSettings()
    save_settings(PlayerSettings(pace="slow", tiles="unicode"))
    assert load_settings() == PlayerSettings(pace="slow", tiles="unicode")


def test_a_whole_match_keeps_the_marker_and_the_prompt_in_step() -> None:
    """A random match: whenever it is the person's turn with a choice, the prompt says so
    and the marker is on "You"; otherwise the marker is on the seat to move."""
    rng = random.Random(3)
    s = TableSession(
        load_variant("classic", target=40, clock_minutes=0), 9, "easy", autosave=False,
        player_factory=first_legal,
    )  # fmt: skip
    s.start()
    for _ in range(3000):
        if s.match_over:
            break
        if s.game.phase == "play":
            marked = [seat.seat for seat in s.seats() if seat.turn]
            assert marked == [s.game.turn]
            if s.my_turn and s.fits() and s.question is None:
                assert str(s.lines[1]).startswith(("Your turn", "Hand "))
        if s.cpu_request is not None:
            s.run_cpu()
        elif s.game.phase == "hand_over":
            s.next_hand()
        elif s.my_turn:
            s.commit(rng.choice(s.game.legal_actions()))
    assert s.match_over


# ------------------------------------------------------------------ the felt's drawing
def test_the_spinners_up_and_down_arms_leave_it_vertically() -> None:
    """R-F-1 drawn as a connected cross: the up arm's first tile stands right above the
    spinner, the down arm's right below it, both in the spinner's column, each tipped by
    its marker (the log's "on the up arm" is what the felt shows)."""
    from dominoes_tui.tui.render import layout_line

    game = Game.from_position(
        load_variant("all-fives"),
        hands=[["1-5", "4-2", "6-6"], ["1-2", "0-0", "3-3"]],
        boneyard=[],
        line=["6-1", "1-1", "1-3"],
        turn=0,
    )
    game.apply(Play(T("1-5"), 2))  # up
    game.apply(Play(T("1-2"), 3))  # down
    for size in ((53, 11), (66, 19), (120, 31)):
        lay = layout_line(game.line, 1, game.ends, 6, *size, arms=game.arms)
        assert lay.fits
        sp = [c for c in lay.cells if c.tile == game.spinner]
        xs = range(min(c.x for c in sp), max(c.x + len(c.text) for c in sp))
        for tile, end, side in ((T("1-5"), 2, -1), (T("1-2"), 3, 1)):
            arm = [c for c in lay.cells if c.tile == tile]
            assert len({c.y for c in arm}) > 1  # standing: more than one row
            assert all(c.x in xs for c in arm)  # in the spinner's column
            if side < 0:
                assert max(c.y for c in arm) == min(c.y for c in sp) - 1  # touching its top
            else:
                assert min(c.y for c in arm) == max(c.y for c in sp) + 1  # its bottom
            marker = next(c for c in lay.hotspots() if c.end == end)
            beyond = min(c.y for c in arm) - 1 if side < 0 else max(c.y for c in arm) + 1
            assert marker.text[0] == ("▴" if side < 0 else "▾") and marker.y == beyond


@pytest.mark.parametrize(
    "name",
    [
        "dominoes_tui.table.session",
        "dominoes_tui.table.words",
        "dominoes_tui.store.settings",
        "dominoes_tui.tui.render",
        "dominoes_tui.tui.widgets.seats",
        "dominoes_tui.tui.widgets.kept",
    ],
)
def test_the_table_docstring_examples_hold(name) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
