"""The one table of what fits where and what the ends count (engine/fits.py), against the
rules as RULES.md words them, and against the readable Game that reads it."""

from __future__ import annotations

import random

import pytest

from dominoes_tui.engine import Game, Play, fast, fits, load_variant, seat_view, tiles

MATADORS = {tiles.tile(0, 0), tiles.tile(6, 1), tiles.tile(5, 2), tiles.tile(4, 3)}


def test_the_matadors_are_the_double_blank_and_the_tiles_adding_up_to_seven() -> None:
    """R-MT-2, on the double-12 set: 0-0 and every tile whose halves add up to 7."""
    want = {t for t in range(len(tiles.LOW)) if tiles.VALUE[t] in (0, 7)}
    assert set(tiles.bits(fits.MATADORS)) == want
    assert set(tiles.bits(fits.wild_tiles(load_variant("matador")))) == MATADORS
    assert fits.wild_tiles(load_variant("classic")) == 0


@pytest.mark.parametrize("rule", ["equal", "sum7"])
def test_what_fits_an_open_end_is_the_rule_as_written(rule: str) -> None:
    """R-M-1: a tile goes on an open n with the half showing n; R-MT-1: in Matador the
    half showing 7 - n, nothing but a matador on a blank; R-MT-2: a matador goes on any
    end, either way round."""
    for t in range(tiles.set_count(9)):
        lo, hi = tiles.LOW[t], tiles.HIGH[t]
        for n in range(10):
            if rule == "sum7" and tiles.VALUE[t] in (0, 7):  # a matador
                want: tuple[int, ...] = (hi,) if lo == hi else (hi, lo)
            else:
                need = n if rule == "equal" else (7 - n if 0 < n < 7 else None)
                want = (need,) if need in (lo, hi) else ()
            assert fits.TOUCHES[rule][t][n] == want, (rule, tiles.name(t), n)
            assert bool(fits.FITS[rule][n] >> t & 1) == bool(want), (rule, tiles.name(t), n)


def test_neighbours_join_when_either_was_laid_against_the_other() -> None:
    """A line's neighbours meet under the match rule, a matador against anything."""
    t = tiles.parse
    assert fits.joins("equal", t("6-3"), 3, t("3-1"), 3)
    assert not fits.joins("equal", t("6-3"), 3, t("4-1"), 4)
    assert fits.joins("sum7", t("6-3"), 3, t("4-1"), 4)  # 3 + 4 = 7
    assert fits.joins("sum7", t("6-2"), 2, t("5-2"), 2)  # a matador on the right
    assert fits.joins("sum7", t("4-3"), 3, t("3-1"), 3)  # a matador on the left
    assert not fits.joins("sum7", t("6-0"), 0, t("1-1"), 1)  # a blank takes only a matador


@pytest.mark.parametrize("name", ["all-fives", "all-fives-line"])
def test_fives_after_is_what_the_game_scores_for_the_play(name: str) -> None:
    """R-F-2: what :func:`fits.fives_after` says a play scores, without laying it, is what
    Game scores when the play is made, for every legal play along random hands."""
    rules = load_variant("all-fives")
    if name == "all-fives-line":
        rules = rules.replace(layout="line")
    rng = random.Random(4)
    checked = 0
    for _ in range(30):
        game = Game.new(rules, rng.randrange(10**6))
        while game.phase == "play":
            view = seat_view(game, game.turn)
            tb = fast.table_of(view)
            for a in game.legal_actions():
                if not isinstance(a, Play):
                    continue
                n = game.ends[a.end] if a.end is not None else 0
                touch = a.touch if a.touch is not None else n
                if a.end is None:
                    touch = tiles.HIGH[a.tile]
                said = fits.fives_after(tb.ends, tb.end_tiles, a.tile, a.end, touch)
                g = game.copy()
                g.apply(a)
                assert said == g.events[-1].scored, (a, game.ends)
                checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 500
