"""Differential test: the fast bitmask playout (engine/fast.py) against the readable Game.

The same seed deals the same hands and finds the same opener on both paths; every action
of a traced ``fast.playout`` is legal in ``Game``; both reach the same end (domino seat or
block), the same hands and boneyard, and the same score.
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import random_rules

from dominoes_tui.engine import (
    Draw,
    Game,
    Pass,
    Play,
    Scores,
    fast,
    load_variants,
    score_hand,
    tiles,
)

PRESETS = sorted(n for n, r in load_variants(include_user=False).items() if fast.supports(r))
HANDS_PER_PRESET = 150


def to_action(step):
    if step[0] == "play":
        return Play(step[1], step[2])
    return Draw() if step[0] == "draw" else Pass()


@pytest.mark.parametrize("name", PRESETS)
def test_fast_playout_agrees_with_game(name):
    for i in range(HANDS_PER_PRESET):
        rules = random_rules(random.Random(i), name)
        seed = 1000 * i + 7
        g = Game.new(rules, seed)

        rng = random.Random(seed)
        hands, boneyard = fast.deal(rules, rng)
        assert hands == g.hands and boneyard == g.boneyard  # R-D-1, R-C-2 on both paths
        seat, lead = fast.opener_and_lead(rules, hands, rng)
        assert seat == g.opener
        assert Play(lead) in g.legal_actions()
        g.apply(Play(lead))
        hands[seat] &= ~(1 << lead)

        trace: list = []
        if hands[seat]:
            domino, last = fast.playout(
                hands,
                boneyard,
                tiles.HIGH[lead],
                tiles.LOW[lead],
                (seat + 1) % rules.players,
                0,
                rules.players,
                rules.reserve,
                rules.draws,
                rng.random,
                trace,
            )
            if last < 0:
                last = lead
        else:
            domino, last = seat, lead
        for step in trace:
            a = to_action(step)
            legal = g.legal_actions()
            assert a in legal, f"{name} seed {seed}: fast played {a}; Game allows {legal}"
            g.apply(a)
        assert g.phase in ("hand_over", "match_over")
        res = g.result
        assert res.kind == ("blocked" if domino is None else "domino")
        if domino is not None:
            assert res.winner == domino
        assert g.hands == hands and g.boneyard == boneyard
        fast_res = score_hand(rules, domino, hands, lead, last, Scores.zero(rules.sides))
        assert fast_res == res

        # random_hand runs exactly this procedure from the same generator
        assert fast.random_hand(rules, random.Random(seed)) == res
