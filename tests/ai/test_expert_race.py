"""The race (a trial setting of Expert, off at its default): an action that cannot come
first is dropped, and a decision whose moves are one ends early, repeatably for a seed."""

from __future__ import annotations

import random

from dominoes_tui.ai import make_player
from dominoes_tui.ai.expert import ExpertPlayer, Race
from dominoes_tui.engine import load_variant, new_game, seat_view


def _feed(race: Race, vals: list[list[float]], live: list[int], rows: list[list[float]]) -> None:
    for row in rows:
        for j in live:
            vals[j].append(row[j])
        race.add(vals, live)


def test_an_action_far_behind_on_every_deal_is_dropped_and_the_leader_kept() -> None:
    rng = random.Random(1)
    race = Race(3, 3.0, 0.0)
    vals: list[list[float]] = [[], [], []]
    live = [0, 1, 2]
    rows = []
    for _ in range(96):
        base = rng.random()
        rows.append([base, base - 0.3, base + rng.uniform(-0.05, 0.05)])
    _feed(race, vals, live, rows)
    kept = race.keep(live, 96)
    assert 1 not in kept and 0 in kept and 2 in kept
    assert not race.settled  # regret 0: never ends early


def test_two_moves_alike_on_every_deal_settle_only_with_the_early_stop() -> None:
    for regret, settled in ((0.002, True), (0.0, False)):
        race = Race(2, 3.0, regret)
        vals: list[list[float]] = [[], []]
        rng = random.Random(2)
        rows = [[v, v] for v in (rng.random() for _ in range(200))]
        _feed(race, vals, [0, 1], rows)
        assert race.keep([0, 1], 200) == [0, 1]
        assert race.settled is settled


def test_expert_with_the_race_spends_fewer_playouts_and_repeats_itself() -> None:
    rules = load_variant("draw")
    g = new_game(rules, 4)
    players = [make_player("medium", i) for i in range(2)]
    while True:  # a decision with three or more different moves
        v = seat_view(g, g.turn)
        if len(v.legal) >= 3:
            break
        g.apply(players[g.turn].choose(v))
    full = ExpertPlayer(seed=3, time_cap=None)
    full.choose(v)
    raced = [ExpertPlayer(seed=3, time_cap=None, race=3.0, regret=0.002) for _ in range(2)]
    moves = [p.choose(v) for p in raced]
    assert moves[0] == moves[1] and raced[0].last_values == raced[1].last_values
    assert raced[0].last_playouts < full.last_playouts
    assert set(raced[0].last_values) == set(v.legal)  # a dropped move still has its value


def test_expert_default_searches_to_the_end_of_its_budget() -> None:
    assert ExpertPlayer().race == 0.0 and ExpertPlayer().regret == 0.0
