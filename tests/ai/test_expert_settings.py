"""Expert's trial settings (issue 26, each a setting other than the house's default: in
international the unweighted deals, ``model`` 0, since the partners' weighting became the
default; measured in ``benchmarks/RESULTS.md``): each plays a legal move, repeats itself for
a seed, and changes the search it is a setting of (the values differ from the default's on
the same position and seed)."""

from __future__ import annotations

import pytest

from dominoes_tui.ai import make_player, rounds
from dominoes_tui.ai.expert import ExpertPlayer
from dominoes_tui.engine import Pass, load_variant, new_game, seat_view
from dominoes_tui.engine.view import SeatView


def decision(variant: str, seed: int) -> SeatView:
    """The first position of a Medium-played match where the seat has three moves or more,
    after a seat has passed (what the others have shown they lack is what the partner and
    void terms read)."""
    rules = load_variant(variant)
    g = new_game(rules, seed)
    players = [make_player("medium", seed + i) for i in range(rules.players)]
    while True:
        v = seat_view(g, g.turn)
        if len(v.legal) >= 3 and any(isinstance(a, Pass) for a in g.log):
            return v
        g.apply(players[g.turn].choose(v))


def values(view: SeatView, **settings) -> tuple[object, dict]:
    p = ExpertPlayer(seed=11, time_cap=None, playouts=600, **settings)
    return p.choose(view), dict(p.last_values)


ROUNDS = [
    {"halving": True},
    {"crn": True},
    {"others_greedy": 0.5, "others_block": 0.0},  # blocking others play no greedy pick
    {"model": 1.0},
    {"model": 1.0, "pool": 2},
    {"points": 1.0},
    {"prior": 0.001},
    {"ready": 0.5},
    {"others_block": 0.5},
]
OWN_BLOCK = [  # the seat's own blocking pick: where its ready pick is off (Mexican Train's is on)
    ("chicken-foot", {"block": 0.5}),
    ("mexican-train", {"ready": 0.0, "block": 1.0}),
]
DEEP = [  # Chicken Foot's own later moves searched to the round's end on each deal
    ("chicken-foot", {"deep": 99, "deep_bone": 30}),
]
LINE = [
    {"model": 0.0},
    {"others_style": {"greedy": 1.0}},
    {"style": {"greedy": 0.9, "void": 3.0, "partner": 3.0}},
]


@pytest.mark.parametrize(
    ("variant", "settings"),
    [(v, s) for v in ("mexican-train", "chicken-foot") for s in ROUNDS]
    + OWN_BLOCK
    + DEEP
    + [("international", s) for s in LINE],
)
def test_a_trial_setting_plays_legally_repeats_itself_and_changes_the_search(
    variant: str, settings: dict
) -> None:
    view = decision(variant, 3)
    move, vals = values(view, **settings)
    assert move in view.legal and set(vals) <= set(view.legal) and vals
    assert values(view, **settings) == (move, vals)  # the same seed, the same search
    _, default = values(view)
    assert vals != default


def test_the_seats_own_blocking_pick_changes_its_search_where_its_ready_pick_is_off() -> None:
    """Mexican Train's own playout is ``ready`` first: with it off, ``block`` is what differs."""
    view = decision("mexican-train", 3)
    assert values(view, ready=0.0, block=1.0) != values(view, ready=0.0)


def test_the_deep_search_waits_for_the_boneyard_it_is_set_for() -> None:
    """``deep`` searches Chicken Foot's own later moves only once the boneyard holds
    ``deep_bone`` tiles or fewer (and never in Mexican Train): before, the search is the
    default's, value for value."""
    view = decision("chicken-foot", 3)
    assert view.boneyard_count > 0
    assert values(view, deep=99, deep_bone=view.boneyard_count - 1) == values(view)
    assert values(view, deep=99, deep_bone=view.boneyard_count) != values(view)
    assert values(view, deep=view.hand.bit_count() - 1, deep_bone=99) == values(view)
    trains = decision("mexican-train", 3)
    assert values(trains, deep=99, deep_bone=99) == values(trains)


def _reads(view: SeatView) -> int:
    """How many other seats read as heaviest-first at ``view`` (Chicken Foot's ``read``)."""
    return len(rounds.read_heaviest(view, rounds.infer(view)))


def test_halving_2_halves_only_where_every_other_seat_reads_as_heaviest_first() -> None:
    """``halving=2``: successive halving where the playouts play every other seat by its own
    rule (all three read as heaviest-first: Mediums, once each has laid a tile), the flat
    search where one is not read yet."""
    rules = load_variant("chicken-foot")
    found = set()
    for seed in range(40):
        g = new_game(rules, seed)
        players = [make_player("medium", seed + i) for i in range(rules.players)]
        while len(g.log) < 30 and len(found) < 2:
            v = seat_view(g, g.turn)
            every = _reads(v) == rules.players - 1
            if len(v.legal) >= 4 and every not in found:
                found.add(every)
                flat = values(v)
                assert values(v, halving=True) != flat
                assert values(v, halving=2) == (values(v, halving=True) if every else flat)
            g.apply(players[g.turn].choose(v))
        if len(found) == 2:
            return
    pytest.fail("no choice of four moves found, with and without every seat read")
