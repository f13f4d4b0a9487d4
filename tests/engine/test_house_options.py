"""Every house option as the rule documents give it (issue 11, RULES.md §9).

R-B-2 (two doubles closing a hand), R-T-4 (classic's clock), R-S-1 (the basics houses'
scoring choice), R-D-4 (tiles per hand follow the players), R-DF-1..3 (double-first's
options), R-V-2 (flags take only what the house offers), the rules text, and the two
decisions where the documents are silent.
"""

from __future__ import annotations

import random
import re

import pytest
from engine_helpers import T, play, variant
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from dominoes_tui import cli, options
from dominoes_tui.engine import (
    Draw,
    Game,
    IllegalAction,
    NextHand,
    Pass,
    Placed,
    Play,
    PlayDoubles,
    Scores,
    TimeOut,
    load_variants,
    new_game,
    tiles,
)
from dominoes_tui.engine.explain import explain
from dominoes_tui.engine.rules import deal_problem
from dominoes_tui.tui import app as tui_app

L, R = 0, 1
BONUS = {"6-6": 50, "0-0": 25}
BASICS = ("draw", "block", "goat", "international", "international-two")
PRESETS = load_variants(include_user=False)
RULE_ID = re.compile(r"\bR-[A-Z0-9]+(-\d+)?\b")


@pytest.fixture
def opened(monkeypatch):
    """``dominoes play`` without running the app: the keyword arguments it would open with."""
    calls: list[dict] = []
    monkeypatch.setattr(tui_app, "run_app", lambda **kw: calls.append(kw))
    return calls


def run(*args: str):
    return CliRunner().invoke(cli.app, list(args))


# ------------------------------------------------------------------ R-B-2
def mirrored(g: Game) -> Game:
    """The same position with the line turned end for end (left becomes right)."""
    m = g.copy()
    m.line = [Placed(p.tile, p.right, p.left) for p in reversed(g.line)]
    m.ends = [g.ends[1], g.ends[0]]
    m.end_tiles = [g.end_tiles[1], g.end_tiles[0]]
    assert m.invariant_errors() == []
    return m


def closing_doubles_position(rules, seed: int) -> Game | None:
    """A random line whose ends differ, seat 0 holding exactly the doubles of both ends
    (so the two-doubles move closes the hand), seat 1 some of the rest."""
    rng = random.Random(seed)
    pool = list(range(28))
    rng.shuffle(pool)
    line = [pool.pop()]
    left, right = tiles.HIGH[line[0]], tiles.LOW[line[0]]  # a lead lies high half left
    for _ in range(rng.randrange(0, 6)):
        fits = [t for t in pool if right in (tiles.LOW[t], tiles.HIGH[t])]
        if not fits:
            break
        t = rng.choice(fits)
        pool.remove(t)
        line.append(t)
        right = tiles.HIGH[t] if tiles.LOW[t] == right else tiles.LOW[t]
    dd = [tiles.tile(left, left), tiles.tile(right, right)]
    if left == right or any(d not in pool for d in dd):
        return None
    rest = [t for t in pool if t not in dd]
    other = rest[: rng.randrange(1, 8)]
    return Game.from_position(rules, hands=[dd, other], boneyard=[], line=line)


BONUS_RULES = [
    variant("classic", two_doubles=True, bonus_first_last=BONUS),
    variant("classic", two_doubles=True, bonus_first_last=BONUS, rule_of_13=False),
    variant("draw", two_doubles=True, bonus_first_last=BONUS),
]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(range(len(BONUS_RULES))))
def test_R_B_2_mirrored_lines_score_the_same(seed, which):
    """R-B-2: going out with two doubles, both are the hand's last tiles: a bonus tile
    among them scores (6-6 = 50, 0-0 = 25) on whichever side of the line it lies, and
    the mirrored line scores exactly the same."""
    rules = BONUS_RULES[which]
    g = closing_doubles_position(rules, seed)
    assume(g is not None)
    held = set(g.hand(0))
    results = []
    for pos in (g, mirrored(g)):
        move = next(a for a in pos.legal_actions() if isinstance(a, PlayDoubles))
        play(pos, move)
        assert pos.result.kind == "domino" and pos.result.winner == 0
        results.append(pos.result)
    a, b = results
    assert (a.points, a.bonus, set(a.bonus_tiles)) == (b.points, b.bonus, set(b.bonus_tiles))
    assert a.after == b.after
    want = {t for t in (tiles.tile(6, 6), tiles.tile(0, 0)) if t in held}
    assert set(a.bonus_tiles) == want
    assert a.bonus == sum(rules.bonus_tiles[t] for t in want)


@pytest.mark.parametrize("line", [["6-3"], ["3-6"]], ids=["6 left", "6 right"])
def test_R_B_2_six_six_in_a_closing_pair_scores_50_on_either_side(line):
    """R-B-2: ends 6|3 and 3|6, you go out with 6-6 and 3-3: 50 either way (the opponent's
    2-1 makes 3 pips; penalty 53 against them)."""
    rules = variant("classic", two_doubles=True, bonus_first_last=BONUS)
    hands = [["6-6", "3-3"], ["2-1", "1-0"]]
    if line == ["3-6"]:  # lay 3-0 then 0-6 so the 6 faces right
        g = Game.from_position(rules, hands=hands, boneyard=[], line=["3-0", "0-6"])
    else:
        g = Game.from_position(rules, hands=hands, boneyard=[], line=["6-0", "0-3"])
    play(g, PlayDoubles(T("6-6"), T("3-3")))
    assert g.result.bonus_tiles == (T("6-6"),) and g.result.bonus == 50
    assert g.scores.written == (0, 4 + 50)


# ------------------------------------------------------------------ R-T-4
def test_R_T_4_classic_plays_a_15_minute_clock_by_default():
    """R-T-4: classic's default is 15 minutes per player; running out loses the match."""
    classic = variant("classic")
    assert classic.clock_minutes == 15
    clock = next(c for c in options.controls_for(classic) if c.key == "clock_minutes")
    assert clock.choices == (0, 5, 10, 15, 30)
    g = new_game(classic, seed=1)
    g.apply(TimeOut(0))  # the clock is on: a flag fall ends the match
    assert g.match_result.reason == "time" and g.match_result.loser_side == 0
    text = " ".join(explain(classic))
    assert "Clock: 15 minutes for each player for the whole match" in text
    assert "running out of time loses" in text


@pytest.mark.parametrize("minutes", [0, 5, 10, 15, 30])
def test_R_T_4_clock_flag_takes_each_offered_time(opened, minutes):
    res = run("play", "--clock", str(minutes))
    assert res.exit_code == 0, res.output
    assert opened[0]["rules"].clock_minutes == minutes
    words = " ".join(explain(opened[0]["rules"]))
    assert ("No clock" in words) == (minutes == 0)


# ------------------------------------------------------------------ R-S-1
def finish_by_domino(rules, scores=None):
    """Seat 0 goes out with 5-3; every other seat holds two tiles that do not fit."""
    others = [["6-6", "2-1"], ["4-4", "1-0"], ["3-3", "2-0"]]
    hands = [["5-3"], *others[: rules.players - 1]]
    g = Game.from_position(rules, hands=hands, boneyard=[], line=["6-5"], scores=scores)
    play(g, Play(T("5-3"), R))
    assert g.result.kind == "domino"
    return g


@pytest.mark.parametrize("name", BASICS)
def test_R_S_1_each_basics_house_offers_both_scorings(name):
    """R-S-1: winner takes the points, or goat scoring, on the options screen; each house
    keeps its own default."""
    base = variant(name)
    control = next(c for c in options.controls_for(base) if c.key == "scoring")
    assert set(control.choices) == {"winner_takes", "penalty"}
    assert base.scoring == ("penalty" if name == "goat" else "winner_takes")


@pytest.mark.parametrize("name", BASICS)
def test_R_S_1_goat_scoring_plays_losers_write_and_the_target_loses(name):
    """R-S-1: goat scoring: the winner writes nothing, each losing side writes the pips
    left in its own hands, the first to the target loses; the engine switches the
    target's meaning and the blocked rule itself."""
    r = variant(name).replace(scoring="penalty")
    assert (r.scoring, r.target_means, r.blocked) == ("penalty", "lose", "own_total")
    g = finish_by_domino(r)
    if r.partners:  # seats 1 and 3 lose together: 6-6 2-1 and 3-3 2-0
        assert g.scores.written == (0, 15 + 8)
    else:
        assert g.scores.written == (0, 15)
    near = Scores.zero(r.sides)
    near = Scores((0, r.target - 1), near.held)
    g = finish_by_domino(r, scores=near)
    assert g.is_over and g.match_result.loser_side == 1 and g.match_result.winner_side == 0
    # blocked: the lighter hand wins, the heavier writes its own total
    hands = [["1-0", "2-0"], ["4-4", "3-1"], ["1-1", "2-1"], ["3-2", "4-0"]][: r.players]
    g = Game.from_position(r, hands=hands, boneyard=[], line=["6-6"])
    while g.phase == "play":
        play(g, Pass())
    heavy = 12 + 9 if r.partners else 12  # pairs: 4-4 3-1 with 3-2 4-0, against 3 + 5
    assert g.result.kind == "blocked" and g.scores.written == (0, heavy)


@pytest.mark.parametrize("name", BASICS)
def test_R_S_1_winner_takes_plays_winner_scores_and_the_target_wins(name):
    """R-S-1: winner takes: the winner scores the others' pips, the target wins."""
    r = variant(name).replace(scoring="winner_takes")
    assert (r.scoring, r.target_means) == ("winner_takes", "win")
    assert r.blocked in ("total", "difference") and not r.rule_of_13
    g = finish_by_domino(r)
    assert g.scores.written == (15 + 8 if r.partners else 15, 0)
    g = finish_by_domino(r, scores=Scores((r.target - 1, 0), (0, 0)))
    assert g.is_over and g.match_result.winner_side == 0


def test_R_S_1_scoring_flag_switches_what_follows(opened):
    """R-S-1: `--scoring penalty` on draw plays goat scoring instead of being refused."""
    res = run("play", "-v", "draw", "--scoring", "penalty")
    assert res.exit_code == 0, res.output
    r = opened[0]["rules"]
    assert (r.scoring, r.target_means, r.blocked) == ("penalty", "lose", "own_total")
    res = run("play", "-v", "goat", "--scoring", "winner_takes")
    assert res.exit_code == 0, res.output
    assert opened[1]["rules"].target_means == "win"
    words = " ".join(explain(r))
    assert "each loser writes the pips left in their own hand" in words
    assert "the first to 100 or more loses the match" in words


# ------------------------------------------------------------------ R-D-4
STANDARD_DEAL = {2: 7, 3: 5, 4: 5}


@pytest.mark.parametrize("name", ["standard-draw", "standard-block", "all-fives"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R_D_4_standard_deal_follows_the_players(name, players):
    """R-D-4: two players take seven tiles, three or four take five."""
    r = variant(name).replace(players=players)
    assert r.hand_size == STANDARD_DEAL[players]
    g = new_game(r, seed=players)
    assert [len(g.hand(s)) for s in range(players)] == [STANDARD_DEAL[players]] * players
    assert "hand_size" not in r.options  # not a choice: it follows the players
    assert f"{STANDARD_DEAL[players]} tiles each (the deal follows the players" in " ".join(
        explain(r)
    )


def test_R_D_4_players_flag_deals_by_the_house_rule(opened):
    res = run("play", "-v", "standard-block", "--players", "4")
    assert res.exit_code == 0, res.output
    assert (opened[0]["rules"].players, opened[0]["rules"].hand_size) == (4, 5)
    res = run("play", "-v", "standard-draw", "--hand-size", "5")  # two players take 7
    assert res.output == "Error: --hand-size 5: standard-draw offers only 7 with 2 players.\n"
    assert res.exit_code == 2
    res = run("play", "-v", "standard-draw", "--players", "3", "--hand-size", "7")
    assert res.output == "Error: --hand-size 7: standard-draw offers only 5 with 3 players.\n"
    res = run("play", "-v", "standard-draw", "--players", "3", "--hand-size", "5")
    assert res.exit_code == 0, res.output
    assert (opened[-1]["rules"].players, opened[-1]["rules"].hand_size) == (3, 5)


def test_R_D_4_a_players_own_variant_deals_by_its_players(dominoes_home):
    (dominoes_home / "variants.toml").write_text(
        '[three]\nbase = "standard-draw"\nplayers = 3\n', encoding="utf-8"
    )
    assert load_variants()["three"].hand_size == 5


@pytest.mark.parametrize("name", BASICS)
def test_R_D_4_basics_offer_every_hand_size_the_set_allows(name):
    """R-D-4: tiles per hand in the basics houses: at least 2, the set large enough for
    every player, a draw game leaving at least reserve + 1 in the boneyard."""
    r = variant(name)
    allowed = tuple(n for n in range(1, 30) if deal_problem(r, r.players, n) is None)
    assert r.options["hand_size"] == allowed and allowed[0] == 2
    for n in allowed:
        assert new_game(r.replace(hand_size=n), seed=n).hand(0).__len__() == n


# ------------------------------------------------------------------ R-DF-1..3
def lead_rules_of_two_hands(r) -> tuple[str, str]:
    g = new_game(r, seed=4)
    first = g.lead_rule
    rng = random.Random(4)
    while g.phase == "play":
        g.apply(rng.choice(g.legal_actions()))
    g.apply(NextHand())
    return first, g.lead_rule


def test_R_DF_1_opening_tile_governs_every_opening(opened):
    """R-DF-1: "Any tile" applies to the first hand and every later one; so does
    "Double first"; `--no-first-double` sets it for every opening."""
    base = variant("double-first")
    control = next(c for c in options.controls_for(base) if c.key == "opening")
    assert control.label == "Opening tile" and control.choices == ("double_if_held", "any")
    assert lead_rules_of_two_hands(base) == ("double_if_held", "double_if_held")
    anyt = base.replace(opening="any")
    assert lead_rules_of_two_hands(anyt) == ("any", "any")
    g = Game.from_position(anyt, hands=[["6-6", "5-4"], ["1-0"]], lead="any")
    assert {a.tile for a in g.legal_actions()} == {T("6-6"), T("5-4")}
    res = run("play", "-v", "double-first", "--no-first-double")
    assert res.exit_code == 0, res.output
    r = opened[0]["rules"]
    assert (r.first_lead, r.next_lead) == ("any", "any")
    assert " ".join(explain(r)).count("may lead any tile") == 2


def test_R_DF_2_drawing_when_you_can_play(opened):
    """R-DF-2: May draw (any time, down to the last tile) or Cannot draw."""
    base = variant("double-first")
    hands = [["5-3", "1-1"], ["2-0"]]
    g = Game.from_position(base, hands=hands, boneyard=["4-4"], line=["6-5"])
    assert Draw() in g.legal_actions()  # holding 5-3, which fits
    play(g, Draw())
    assert Draw() not in g.legal_actions()  # the last tile is gone
    res = run("play", "-v", "double-first", "--drawing", "until_playable")
    assert res.exit_code == 0, res.output
    cannot = opened[0]["rules"]
    g = Game.from_position(cannot, hands=hands, boneyard=["4-4"], line=["6-5"])
    assert Draw() not in g.legal_actions()
    with pytest.raises(IllegalAction, match="fits"):
        g.apply(Draw())
    assert "a player who can play may not draw" in " ".join(explain(cannot))


def test_R_DF_3_rematch_swap_on_and_off(opened):
    """R-DF-3: on by default, a rematch switches who opens the first hand; off, the
    first hand's opener is drawn by lot again. Targets 100, 50 or a single round."""
    base = variant("double-first")
    assert base.rematch_first_seat(0) == 1 and base.rematch_first_seat(1) == 0
    assert "Rematch: the other player opens the rematch's first hand." in explain(base)
    res = run("play", "-v", "double-first", "--no-rematch-swap")
    assert res.exit_code == 0, res.output
    off = opened[0]["rules"]
    assert not off.rematch_swaps_opener and off.rematch_first_seat(0) is None
    assert "Rematch: no swap; the opener of the first hand is drawn by lot again." in explain(off)
    assert options.offered(base, "target") == (100, 50, 0)
    single = base.replace(target=0)
    g = finish_by_domino(single)
    assert g.is_over and g.match_result.reason == "single_hand"


def test_R_DF_3_rules_command_names_the_rematch_swap():
    res = run("rules", "double-first")
    assert res.exit_code == 0, res.output
    assert "Rematch: the other player opens the rematch's first hand." in res.output


# ------------------------------------------------------------------ R-V-2
REFUSED = [
    (
        ["--variant", "double-first", "--turn-limit", "45"],
        "--turn-limit 45: double-first offers 0, 30 or 60 seconds (0: no limit).",
    ),
    (["--target", "150"], "--target 150: classic offers 101, 201, 301 or 501."),
    (["--target", "7"], "--target 7: classic offers 101, 201, 301 or 501."),
    (["--hand-size", "5"], "--hand-size 5: classic offers only 7."),
    (["--turn-limit", "30"], "--turn-limit 30: classic offers only 0 seconds (0: no limit)."),
    (["--clock", "200"], "--clock 200: classic offers 0 to 180 minutes (0: no clock)."),
    (["--scoring", "winner_takes"], "--scoring winner_takes: classic offers only penalty."),
    (["-v", "draw", "--first-double"], "--first-double: draw offers only --no-first-double."),
    (["-v", "goat", "--players", "2"], "--players 2: goat offers only 4."),
    (["-v", "standard-draw", "--set", "8"], "--set 8: standard-draw offers 6, 9 or 12."),
    (["-v", "block", "--hand-size", "15"], "--hand-size 15: block offers 2 to 14."),
    (
        ["-v", "pub-draw", "--drawing", "any_time"],
        "--drawing any_time: pub-draw offers until_playable or none.",
    ),
]


@pytest.mark.parametrize("args, sentence", REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_R_V_2_flags_take_only_what_the_house_offers(opened, args, sentence):
    """R-V-2: one sentence naming the allowed values, exit code 2, nothing starts."""
    res = run("play", *args)
    assert res.exit_code == 2 and not opened
    assert res.output == f"Error: {sentence}\n"


def test_R_V_2_a_players_own_variant_widens_the_values(opened, dominoes_home):
    (dominoes_home / "variants.toml").write_text(
        "[classic.options]\ntarget = [101, 150]\n", encoding="utf-8"
    )
    res = run("play", "--target", "150")
    assert res.exit_code == 0, res.output
    assert opened[0]["rules"].target == 150
    res = run("play", "--full-fish")  # the house's other options are still offered
    assert res.exit_code == 0, res.output
    res = run("play", "--target", "201")  # the player's list replaced the house's
    assert res.exit_code == 2 and "offers 101 or 150" in res.output


# ------------------------------------------------------------------ the rules text
DOCUMENTS = ("Qdan", "Yuzool", "Section-style", "Dominoes basics", "variants)")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_rules_text_names_houses_by_what_they_are_and_no_rule_ids(name):
    """The rules text and the house line name no source document and no rule ID."""
    res = run("rules", name)
    assert res.exit_code == 0, res.output
    for doc in DOCUMENTS:
        assert doc not in res.output
    assert not RULE_ID.search(res.output)
    r = PRESETS[name]
    for c in options.controls_for(r):
        assert not RULE_ID.search(c.help)
        for v in c.choices:
            assert not RULE_ID.search(c.choice_label(v))


def test_rules_text_names_every_option_in_force():
    """Clock, turn limit, rematch swap, opening tile and drawing, as chosen for the match."""
    r = variant("double-first").replace(
        clock_minutes=10,
        turn_seconds=30,
        rematch_swaps_opener=False,
        opening="any",
        drawing="until_playable",
        target=50,
    )
    text = explain(r)
    joined = " ".join(text)
    assert "Clock: 10 minutes for each player" in joined
    assert "Turn limit: 30 seconds" in joined
    assert "Rematch: no swap" in joined
    assert "First hand: a player drawn by lot opens and may lead any tile." in text
    assert "Later hands: players take turns to lead; the opener may lead any tile." in text
    assert "a player who can play may not draw" in joined
    assert "to 50 wins the match" in joined
    default = " ".join(explain(variant("double-first")))
    assert "No clock" in default and "No turn limit" in default
    assert "must lead a double if they hold one" in default
    assert "you may also draw on your turn when you could play" in default


# ------------------------------------------------------------------ silent documents
def test_decision_standard_later_hands_are_led_by_the_previous_winner():
    """Decision (the standard rules name only the first hand's opener): the winner of the
    previous hand leads the next, any tile; the rules text says so."""
    for winner in (0, 1):
        for seed in range(4):
            r = variant("standard-draw")
            hands = [["6-6", "2-1"], ["6-6", "2-1"]]
            hands[winner] = ["5-3"]
            hands[1 - winner] = ["4-4", "2-1"]
            g = Game.from_position(
                r, hands=hands, boneyard=[], line=["6-5"], turn=winner, seed=seed
            )
            play(g, Play(T("5-3"), R))
            assert g.result.winner == winner
            play(g, NextHand())
            assert g.opener == winner and g.turn == winner and g.lead_rule == "any"
    assert (
        "Later hands: the winner of the previous hand leads (after a level block, the "
        "previous opener); the opener may lead any tile." in explain(variant("standard-draw"))
    )


def test_decision_double_first_never_draws_before_the_lead():
    """Decision (double-first's glossary: you draw from the boneyard when you cannot play):
    the opener may not draw before leading, and the refusal says why."""
    r = variant("double-first")
    g = new_game(r, seed=2)
    assert not g.ends and Draw() not in g.legal_actions()
    with pytest.raises(IllegalAction) as e:
        g.apply(Draw())
    why = str(e.value)
    assert why == "you lead: the boneyard is only for a player who cannot play"
    assert len("Not allowed: " + why) < 78  # the table's message line at 80 columns
    assert not RULE_ID.search(why)
    assert "Nobody draws before a hand's first tile: the opener leads from their hand." in (
        " ".join(explain(r))
    )
