"""Perft-style golden counts: how many move sequences a hand holds from a fixed position,
counted through ``Game`` and through ``fast``'s positions, equal the numbers in
``tests/engine/perft.txt``.

Each line of ``perft.txt``: ``house options seed after depth game fast``. The position is
the deal of ``seed`` for the house (``options``: ``-`` or ``key=value,...``, values as
JSON), then ``after`` actions each the first legal one. From there:

- ``game`` counts the sequences of ``depth`` actions through ``Game.legal_actions`` and
  ``Game.apply`` (every action a player may take: a draw by choice, the two-doubles move,
  a tile on either of two alike ends);
- ``fast`` counts them through ``fast.position(...).moves()`` and ``apply``: the tree the
  search walks (one move per outcome, no choice a player makes beyond the rules), with a
  ``Game`` following each move: every fast move must be legal there, and the hand must end
  at the same move in both. In Mexican Train and Chicken Foot the two are the same moves,
  so ``game == fast``; in the line games ``fast <= game``.

The line games' positions start after the lead (``after`` >= 1): on an empty line a fast
position moves any tile of the hand, not the tile the opener rules name.

A sequence that ends the hand (or round) before ``depth`` counts once. A change to the
move rules changes a count and fails here, naming the line. After a change to the
rules that is meant, regenerate the numbers and read the diff::

    PYTHONPATH=$PWD python tests/engine/test_perft.py --update
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from dominoes_tui.engine import Game, fast, load_variants, new_game, seat_view

PERFT = Path(__file__).with_name("perft.txt")
VARIANTS = load_variants(include_user=False)


def parse_options(text: str) -> dict[str, object]:
    if text == "-":
        return {}
    out: dict[str, object] = {}
    for item in text.split(","):
        key, _, value = item.partition("=")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


def read_perft(path: Path = PERFT) -> list[tuple[str, str, int, int, int, int, int]]:
    """The lines of ``perft.txt`` (comments and blank lines left out)."""
    rows = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        house, options, seed, after, depth, game, fast_n = line.split()
        rows.append((house, options, int(seed), int(after), int(depth), int(game), int(fast_n)))
    return rows


def start(house: str, options: str, seed: int, after: int) -> Game:
    """The deal of ``seed``, then ``after`` actions, each the first legal one, in its hand."""
    rules = VARIANTS[house]
    changes = parse_options(options)
    if changes:
        rules = rules.replace(**changes)
    g = new_game(rules, seed)
    for _ in range(after):
        assert g.phase == "play", f"{house} seed {seed}: the hand ended within {after} actions"
        g.apply(g.legal_actions()[0])
    assert g.phase == "play"
    return g


def perft_game(g: Game, depth: int) -> int:
    if depth == 0 or g.phase != "play":
        return 1
    total = 0
    for a in g.legal_actions():
        c = g.copy()
        c.apply(a)
        total += perft_game(c, depth - 1)
    return total


def perft_fast(p: fast.Position, g: Game, depth: int) -> int:
    """The count through ``p``'s moves; ``g`` follows along: each move must be legal
    there, and the hand must end at the same move in both."""
    assert p.over == (g.phase != "play"), "fast and Game disagree on the end of the hand"
    if depth == 0 or p.over:
        return 1
    legal = g.legal_actions()
    total = 0
    for a in p.moves():
        assert a in legal, f"fast moves {a}, which Game does not list"
        c, h = p.copy(), g.copy()
        c.apply(a)
        h.apply(a)
        total += perft_fast(c, h, depth - 1)
    return total


def position_of(g: Game) -> fast.Position:
    """``g``'s hand as a fast position, every tile known (the seat to move's view)."""
    return fast.position(seat_view(g, g.turn), list(g.hands), list(g.boneyard))


def counts(house: str, options: str, seed: int, after: int, depth: int) -> tuple[int, int]:
    g = start(house, options, seed, after)
    return perft_game(g, depth), perft_fast(position_of(g), g, depth)


ROWS = read_perft()


def test_perft_covers_every_house_and_layout() -> None:
    houses = {row[0] for row in ROWS}
    assert houses == set(VARIANTS), sorted(set(VARIANTS) ^ houses)
    layouts = {start(*row[:4]).rules.layout for row in ROWS}
    assert layouts == {"line", "spinner", "trains", "chicken_foot"}


@pytest.mark.parametrize(
    "house, options, seed, after, depth, game, fast_n",
    ROWS,
    ids=[f"{r[0]}-{r[1]}-{r[2]}-{r[3]}-{r[4]}" for r in ROWS],
)
def test_move_counts_through_game_and_fast_equal_the_file(
    house, options, seed, after, depth, game, fast_n
) -> None:
    got_game, got_fast = counts(house, options, seed, after, depth)
    assert (got_game, got_fast) == (game, fast_n), "perft.txt: see this file's docstring"
    if VARIANTS[house].is_rounds:
        assert game == fast_n, "the fast rounds positions list the legal actions"
    else:
        assert fast_n <= game


def update(path: Path = PERFT) -> None:
    """Rewrite the counts of every line of ``path`` (comments kept)."""
    out = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            out.append(line)
            continue
        house, options, seed, after, depth, *_ = line.split()
        g, f = counts(house, options, int(seed), int(after), int(depth))
        out.append(f"{house} {options} {seed} {after} {depth} {g} {f}")
        print(out[-1])
    path.write_text("\n".join(out) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit("usage: python tests/engine/test_perft.py --update")
    update()
