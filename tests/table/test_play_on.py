"""Play on from here (issue 24): a practice hand at a decision's position, from the
person's view, the tiles they had not seen dealt anew consistently with what they could
know, never the real hidden hands. The re-deal (engine) and the job (table), headless."""

from __future__ import annotations

import pytest

from dominoes_tui.ai import make_player
from dominoes_tui.ai.knowledge import infer
from dominoes_tui.engine import (
    PLAY,
    Game,
    hidden_tiles,
    load_variant,
    new_game,
    redeal_hidden,
    seat_view,
    tiles,
)
from dominoes_tui.table import TableSession
from dominoes_tui.table.play_on import PlayOn, play_on, redeal_seed, redeal_unseen


def played(variant: str, seed: int, moves: int) -> tuple[Game, list, Game]:
    """A single hand of ``variant`` played by Easy at both seats for ``moves`` actions,
    and on to its end: (the deal, every action, the position before action ``moves + 1``)."""
    g = new_game(load_variant(variant).replace(target=0), seed)
    start = g.copy()
    players = [make_player("easy", 1), make_player("easy", 2)]
    actions: list = []
    at = None
    while g.phase == PLAY:
        if len(actions) == moves:
            at = g.copy()
        a = players[g.turn].choose(seat_view(g, g.turn))
        g.apply(a)
        actions.append(a)
    assert at is not None
    return start, actions, at


# "draw" seed 3: before move 12 the CPU has drawn on a 0 and a 3 (so it holds neither),
# holds 3 tiles, and 13 lie in the boneyard; "block" seed 11: it passed on a 4 and a 6.
POSITIONS = [("draw", 3, 11, {0, 3}), ("block", 11, 3, {4, 6})]


@pytest.mark.parametrize(("variant", "seed", "moves", "voids"), POSITIONS)
def test_the_redeal_keeps_what_you_saw_and_deals_the_rest_from_the_unseen(
    variant: str, seed: int, moves: int, voids: set[int]
) -> None:
    _start, _actions, at = played(variant, seed, moves)
    assert at.turn == 0 and infer(seat_view(at, 0)).voids(1) == voids
    for rs in range(8):
        g = redeal_unseen(at, 0, rs)
        assert g.hands[0] == at.hands[0]  # your hand
        assert g.line == at.line and g.ends == at.ends and g.events == at.events
        assert g.turn == at.turn and g.scores == at.scores and g.log == []
        assert hidden_tiles(g, 0) == hidden_tiles(at, 0)  # from the tiles you had not seen
        assert g.hands[1].bit_count() == at.hands[1].bit_count()
        assert len(g.boneyard) == len(at.boneyard)
        for n in voids:  # it drew or passed on these: it holds none of them
            assert not g.hands[1] & tiles.SUIT_MASK[n], (rs, n, tiles.names(g.hands[1]))
        assert seat_view(g, 0) == seat_view(at, 0)  # what you see is the same table


@pytest.mark.parametrize(("variant", "seed", "moves", "voids"), POSITIONS)
def test_the_redeal_is_never_the_real_hands_and_the_same_for_a_seed(
    variant: str, seed: int, moves: int, voids: set[int]
) -> None:
    _start, _actions, at = played(variant, seed, moves)
    deals = set()
    for rs in range(12):
        g = redeal_unseen(at, 0, rs)
        assert g.hands[1] != at.hands[1]  # never the CPU's real tiles
        again = redeal_unseen(at, 0, rs)
        assert again.hands == g.hands and again.boneyard == g.boneyard  # deterministic
        deals.add((g.hands[1], tuple(g.boneyard)))
    assert len(deals) > 1  # other seeds, other deals


def test_when_only_the_real_deal_fits_it_is_played() -> None:
    """Two seats, the boneyard drawn dry: the CPU holds every tile you have not seen."""
    _start, _actions, at = played("draw", 15, 36)
    assert at.turn == 0 and not at.boneyard and not at.dead
    assert hidden_tiles(at, 0) == at.hands[1]
    h = redeal_unseen(at, 0, 1)
    assert h.hands == at.hands and h.boneyard == []


def test_the_engine_refuses_a_deal_that_does_not_fit() -> None:
    g = new_game(load_variant("draw"), 5)
    other = g.hands[1]
    mine = g.hands[0]
    with pytest.raises(ValueError, match="has seen it"):
        redeal_hidden(g, 0, [0, mine], list(g.boneyard))  # your own tiles to the CPU
    with pytest.raises(ValueError, match="holds 7 tiles"):
        redeal_hidden(g, 0, [0, other & (other - 1)], list(g.boneyard))
    with pytest.raises(ValueError, match="dealt twice"):
        first = next(tiles.bits(other))
        redeal_hidden(g, 0, [0, other], [first, *g.boneyard[1:]])


def test_play_on_opens_the_position_before_the_move_as_a_practice_hand() -> None:
    start, actions, at = played("draw", 3, 11)
    p = play_on(start, actions, 12, level="easy", seed=3, redeal_seed=redeal_seed(3, 12))
    assert isinstance(p, PlayOn)
    assert p.title() == "Practice: hand 1 on from move 12"  # no count of yours given
    counted = play_on(start, actions, 12, level="easy", seed=3, redeal_seed=1, mine=3)
    assert counted.title() == "Practice: hand 1 on from your 3rd move"
    assert counted.again().title() == counted.title()
    assert p.deal.hands[0] == at.hands[0] and p.deal.line == at.line
    assert p.deal.hands[1] != at.hands[1]
    again = p.again()
    assert isinstance(again, PlayOn) and again.deal.hands == p.deal.hands  # the same deal
    whole = p.again(1)  # from the CPU's seat: the whole hand dealt again
    assert not isinstance(whole, PlayOn) and not whole.deal.line
    # the practice table plays it on, labelled, and takes moves back
    s = TableSession(p.rules, p.seed, p.level, game=p.deal.copy(), autosave=False, practice=True)
    s.start()
    assert s.score_parts()[0] == "Practice"
    assert s.my_turn and s.game.line == at.line
    chooser = make_player("easy", 5)
    while s.game.phase == PLAY:
        while s.run_cpu():
            pass
        s.tick()
        if s.game.phase == PLAY and s.game.turn == 0:
            s.commit(chooser.choose(seat_view(s.game, 0)))
    assert s.game.result is not None


def test_play_on_refuses_a_move_that_is_not_yours() -> None:
    start, actions, _at = played("draw", 3, 11)
    with pytest.raises(ValueError, match="move 13 is not yours"):
        play_on(start, actions, 13, level="easy", seed=3, redeal_seed=1)
    with pytest.raises(ValueError, match="no move 999"):
        play_on(start, actions, 999, level="easy", seed=3, redeal_seed=1)
