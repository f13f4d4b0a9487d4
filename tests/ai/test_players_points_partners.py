"""CPU players in the games of issue 7: All Fives, Matador, 3-4 players and partners.

Legality of every level, reproducibility from a seed, Expert playing for its
side (never against its partner), All Fives points in Hard's and Expert's
choices, and the arena's team results. No test asserts a win rate.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dominoes_tui import arena
from dominoes_tui.ai import LEVELS, ExpertPlayer, WeightedPlayer, describe_action, make_player
from dominoes_tui.ai.base import after_play, fives_scored
from dominoes_tui.ai.expert import default_model
from dominoes_tui.ai.knowledge import infer
from dominoes_tui.ai.model import PlayModel
from dominoes_tui.cli import app
from dominoes_tui.engine import (
    HAND_OVER,
    MATCH_OVER,
    Game,
    NextHand,
    Pass,
    Play,
    fits,
    load_variant,
    new_game,
    replay_game,
    seat_view,
    tiles,
)

T = tiles.parse

GAMES = {
    "all-fives": load_variant("all-fives"),
    "matador": load_variant("matador"),
    "goat": load_variant("goat"),
    "international": load_variant("international"),
    "standard-draw-3p": load_variant("standard-draw").replace(players=3, hand_size=5),
    "standard-draw-4p": load_variant("standard-draw").replace(players=4, hand_size=5),
    "all-fives-4p": load_variant("all-fives").replace(players=4, hand_size=5),
    "matador-3p": load_variant("matador").replace(players=3, hand_size=5),
}


def player(level: str, seed: int):
    if level == "expert":
        return ExpertPlayer(seed, playouts=30, time_cap=None)
    return make_player(level, seed)


def play(rules, levels, seed, max_hands=1):
    """Play up to ``max_hands`` hands; every action must be one of the view's legal ones."""
    game = new_game(rules, seed)
    seats = [player(levels[s % len(levels)], seed * 10 + s) for s in range(rules.players)]
    log = []
    hands = 0
    for _ in range(3000):
        if game.phase == MATCH_OVER:
            break
        if game.phase == HAND_OVER:
            hands += 1
            if hands >= max_hands:
                break
            game.apply(NextHand())
            continue
        view = seat_view(game, game.turn)
        action = seats[game.turn].choose(view)
        assert action in view.legal, (rules.name, game.turn, action, view.legal)
        log.append(action)
        game.apply(action)
    else:  # pragma: no cover
        pytest.fail("the hand did not end")
    return log, game


@pytest.mark.parametrize("name", list(GAMES))
def test_every_level_plays_legally(name):
    """Every level in every seat, on the spinner, sum-to-seven and 3-4 seat games."""
    rules = GAMES[name]
    for i in range(len(LEVELS)):
        levels = LEVELS[i:] + LEVELS[:i]
        play(rules, levels, seed=11 + i)


@pytest.mark.parametrize("name", ["all-fives", "matador", "international", "standard-draw-3p"])
def test_same_seed_same_play(name):
    rules = GAMES[name]
    first, _ = play(rules, ("expert", "hard", "medium", "easy"), seed=5)
    second, _ = play(rules, ("expert", "hard", "medium", "easy"), seed=5)
    assert first == second


def test_expert_feeds_its_partner():
    """International, first hand: the partner holds 6-6 alone (the others showed no 6 ...).

    Laying 6-0 on the 0 opens a 6 for the partner, who goes out; 0-0 plays for
    nothing. Expert values its side's chance, so it feeds the partner.
    """
    rules = GAMES["international"]
    acts = [Play(17), Play(20, 0), Play(3, 1), Play(1, 1), Play(16, 1), Pass(), Play(18, 0)]
    acts += [Play(9, 0), Play(26, 1), Play(13, 0), Play(22, 1), Play(14, 0), Play(19, 0)]
    acts += [Play(7, 1), Play(15, 0), Pass(), Play(8, 1), Play(10, 0), Pass(), Play(5, 1)]
    acts += [Pass(), Play(11, 0), Play(2, 0), Play(23, 1), Play(24, 1), Play(6, 1)]
    game = replay_game(rules, 1451, acts)
    assert game.turn == 0 and tiles.names(game.hands[2]) == ["6-6"]
    view = seat_view(game, 0)
    feed = Play(T("6-0"), 1)
    assert set(view.legal) == {feed, Play(T("0-0"), 1)}
    for seed in range(3):
        expert = ExpertPlayer(seed, playouts=80, time_cap=None)
        assert expert.choose(view) == feed
        assert expert.last_values[feed] > expert.last_values[Play(T("0-0"), 1)]
    # and the play does what it says: the partner goes out on its next turn
    game.apply(feed)
    while game.phase == "play" and game.turn != 2:
        game.apply(game.legal_actions()[0])
    game.apply(Play(T("6-6"), 1))
    assert game.result.winner == 2


def test_all_fives_points_read_from_the_view():
    """Leading 5-5 scores 10 (R-F-2); after_play opens the spinner's arms; Hard takes points."""
    rules = GAMES["all-fives"]
    game = Game.from_position(rules, [["5-5", "6-2", "4-1"], ["3-3", "2-1"]], turn=0)
    view = seat_view(game, 0)
    assert fives_scored(view, Play(T("5-5"))) == 10
    assert fives_scored(view, Play(T("6-2"))) == 0
    assert WeightedPlayer(0).choose(view) == Play(T("5-5"))
    # the spinner flanked on both sides opens its two arms
    game = Game.from_position(
        rules, [["5-3", "5-0", "6-1"], ["5-4", "3-3", "2-1"]], line=["5-5"], turn=0
    )
    game.apply(Play(T("5-3"), 0))
    game.apply(Play(T("5-4"), 1))
    view = seat_view(game, 0)
    assert len(view.ends) == 4
    _, ends = after_play(view, Play(T("5-0"), 2))
    assert sorted(ends) == [0, 3, 4, 5]
    assert describe_action(Play(T("5-0"), 3), view) == "5-0 on the down arm"


def test_matador_hand_and_ends_think_in_seven():
    """On an open 5 a 2 fits (R-MT-1); a matador goes either way round (R-MT-2)."""
    rules = GAMES["matador"]
    game = Game.from_position(rules, [["2-1", "6-1", "4-4"], ["3-3", "0-1"]], line=["6-5"], turn=0)
    view = seat_view(game, 0)
    plays = {a for a in view.legal if isinstance(a, Play)}
    assert Play(T("2-1"), 1) in plays
    for a in plays:
        _, ends = after_play(view, a)
        assert len(ends) == 2
    for level in LEVELS:
        assert player(level, 1).choose(view) in view.legal


def test_arena_partners_are_teams_of_two():
    rules = GAMES["international"]
    rec = arena.play_match(rules, "hard", "easy", 1, 0, 0)
    assert rec.a_seats == (0, 2)
    rec = arena.play_match(GAMES["standard-draw-4p"], "hard", "easy", 1, 0, 1, others="medium")
    assert rec.a_seats == (1,)
    assert arena.seat_levels(GAMES["standard-draw-4p"], "hard", "easy", 1, "medium") == [
        "easy",
        "hard",
        "medium",
        "medium",
    ]


def test_arena_json_reports_teams():
    args = ["arena", "--variant", "international", "--a", "hard", "--b", "easy"]
    args += ["--matches", "2", "--seed", "1", "--jobs", "1", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert list(data)[: len(arena.JSON_KEYS)] == list(arena.JSON_KEYS)
    assert data["players"] == 4 and data["partners"] is True
    assert data["seats"] == ["hard", "easy", "hard", "easy"]
    assert data["a_team"] == 2 and data["b_team"] == 2 and data["matches"] == 2


def test_arena_others_for_three_players():
    args = ["arena", "--variant", "standard-draw", "-o", "players=3", "-o", "hand_size=5"]
    args += ["--a", "hard", "--b", "medium", "--others", "easy", "--matches", "2"]
    args += ["--seed", "2", "--jobs", "1", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["seats"] == ["hard", "medium", "easy"] and data["others"] == "easy"
    assert data["partners"] is False and 0.0 <= data["a_win_rate"] <= 1.0
    bad = CliRunner().invoke(app, args[:-1] + ["--others", "grandmaster", "--json"])
    assert bad.exit_code == 2


def test_matador_draw_means_no_seven_minus_n():
    """R-MT-1: a seat that draws on an open 5 held no 2 and no matador then."""

    rules = GAMES["matador"]
    game = Game.from_position(
        rules, [["3-3", "1-1"], ["4-4", "6-6", "6-0"]], line=["6-5"], turn=1, boneyard=None
    )
    # seat 1 holds nothing for a 6 (a 1) or a 5 (a 2) and no matador: it must draw
    assert [type(a).__name__ for a in game.legal_actions()] == ["Draw"]
    game.apply(game.legal_actions()[0])
    know = infer(seat_view(game, 0))
    before = know.slots[1][:3]
    for f in before:
        assert f & tiles.SUIT_MASK[2] == tiles.SUIT_MASK[2]
        assert f & tiles.SUIT_MASK[1] == tiles.SUIT_MASK[1]
        assert f & fits.MATADORS == fits.MATADORS


def searched(view, **settings) -> dict:
    """Expert's values of ``view``'s moves (seeded, a small budget, no cap) with ``settings``."""
    expert = ExpertPlayer(3, playouts=400, time_cap=None, **settings)
    expert.choose(view)
    return expert.last_values


def _a_choice_after_plays(rules, seed: int = 5):
    """A view a few plays into a hand of ``rules`` (first legal actions): the others' plays
    say something, and the seat to move has a choice."""
    game = new_game(rules, seed)
    for _ in range(40):
        if game.phase != "play" or sum(1 for e in game.events if e.kind == "play") >= 5:
            break
        game.apply(game.legal_actions()[0])
    view = seat_view(game, game.turn)
    assert len(view.legal) > 1, "a position with a choice"
    return view


@pytest.mark.parametrize(
    ("name", "beta"), [("matador", 1.0), ("classic", 0.5), ("standard-draw", 0.5)]
)
def test_expert_weights_the_line_games_deals_by_how_the_others_played(name, beta):
    """Issues 13 and 26: in the line games Expert's default weights each sampled deal by how
    likely the others' plays were in it: Matador at ``model`` 1.0 (the better of the two over
    400 matches against Hard), the others at 0.5 (with partners +4 and +10 points; in the
    two-player games +1.2 over three sets of 400 matches against ``pimc``, not proven, at no
    more CPU); All Fives and the games of rounds do not. The default is that setting,
    not some other one."""

    rules = GAMES.get(name) or load_variant(name)
    assert default_model(rules) == beta
    view = _a_choice_after_plays(rules)
    assert searched(view) == searched(view, model=beta)
    assert searched(view) != searched(view, model=0.0)


def test_the_deals_are_not_weighted_in_all_fives_and_the_games_of_rounds():
    """The weighting reads any line game's plays (three and four seats too); All Fives (not
    measured) and the rounds games (their trials found no gain) search unweighted deals."""

    for name in ("international", "goat", "standard-draw-3p", "standard-draw-4p", "matador-3p"):
        assert default_model(GAMES[name]) > 0, name
    for name in ("all-fives", "all-fives-4p", "mexican-train", "chicken-foot"):
        assert default_model(GAMES.get(name) or load_variant(name)) == 0.0, name


def test_a_partners_plays_weigh_the_deals_sampled_for_its_hand():
    """Issue 26, partners: the partner's plays are read like the opponents' (a deal where the
    partner held a tile it would rather have laid than the one it laid is less likely), and
    Expert's default search in a partners' house weighs its deals by them."""

    rules = GAMES["international"]
    game = new_game(rules, 4)
    seats = [make_player("medium", 40 + s) for s in range(4)]
    while True:  # on until seat 0's partner has laid two tiles and seat 0 has a choice
        view = seat_view(game, game.turn)
        laid = sum(1 for e in view.events if e.kind == "play" and e.seat == 2)
        if game.turn == 0 and laid >= 2 and len(view.legal) > 1:
            break
        game.apply(seats[game.turn].choose(view))
    know = infer(view)
    model = PlayModel(view, know, 0.5)
    partner = [step for step in model.steps if step[0] == 2]
    assert len(partner) == 2
    _, _, fit, ex, laid = partner[0]
    kept = sorted((t for t in tiles.bits(fit & know.unseen) if t != laid), key=ex.__getitem__)
    assert len(kept) >= 2 and ex[kept[0]] < ex[kept[-1]]

    def weight(t: int) -> float:  # a deal where the partner kept ``t`` when it laid ``laid``
        return model.weight([[], [], [t], []])

    # Kept a tile it was likelier to lay than the one it kept in the other deal: less likely.
    assert weight(kept[-1]) < weight(kept[0])

    assert searched(view) == searched(view, model=0.5)
    assert searched(view) != searched(view, model=0.0)
