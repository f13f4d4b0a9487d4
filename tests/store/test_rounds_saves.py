"""Saves, history, statistics and replay of Mexican Train and Chicken Foot: up to 8 seats,
a name per seat, a row per round, shared wins."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from engine_helpers import variant
from store_helpers import state

from dominoes_tui import store
from dominoes_tui.engine import (
    MATCH_OVER,
    NextHand,
    Play,
    Scores,
    TrainsGame,
    new_game,
    replay_game,
    tiles,
)

NAMES8 = ("You", "Ada", "Bruno", "Carmen", "Dmitri", "Esme", "Farid", "CPU")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(tmp_path))
    return tmp_path


def walk(rules, seed, steps=None, policy=0):
    rng = random.Random(policy)
    g = new_game(rules, seed)
    while g.phase != MATCH_OVER and (steps is None or len(g.log) < steps):
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("name", ["mexican-train", "chicken-foot"])
@pytest.mark.parametrize("players", [2, 5, 8])
def test_a_save_resumes_the_very_same_game_at_any_point(home: Path, name: str, players: int):
    rules = variant(name).replace(players=players, rounds=3)
    full = walk(rules, seed=players, policy=1)
    info = store.MatchInfo(cpu_level="medium", names=NAMES8[:players], human_seat=players - 1)
    for k in sorted({0, 1, 7, len(full.log) // 3, len(full.log) // 2, len(full.log) - 1}):
        g = replay_game(rules, players, full.log[:k])
        assert store.autosave(g, info, home=home) is None
        res = store.load_autosave(home=home)
        assert res.ok, res.problem
        got = res.saved.game
        assert type(got) is type(g) and state(got) == state(g)
        assert got.legal_actions() == g.legal_actions()
        assert res.saved.info.names == NAMES8[:players]
        assert res.saved.info.human_seat == players - 1
        # the resumed game plays on to the same end
        rest = replay_game(rules, players, full.log)
        for a in full.log[k:]:
            got.apply(a)
        assert state(got) == state(rest)


@pytest.mark.parametrize("name", ["mexican-train", "chicken-foot"])
def test_history_records_a_row_per_round_and_replays_the_match(home: Path, name: str):
    rules = variant(name).replace(players=8, rounds=3)
    game = walk(rules, seed=41, policy=2)
    info = store.MatchInfo(cpu_level="hard", names=NAMES8, human_seat=0)
    h = store.History()
    mid = h.record(game, info, ended_at="2026-12-01T10:00:00Z")
    row = h.get(mid)
    assert row.variant == name and row.players == list(NAMES8) and row.hands == 3
    assert row.end_reason == "rounds" and row.scores == list(game.scores.written)
    assert row.outcome == ("win" if 0 in game.match_result.winners else "loss")
    assert state(row.replay()) == state(game)
    positions = list(row.positions())
    assert len(positions) == len(game.log) + 1
    assert isinstance(positions[0], type(game)) and positions[-1].state_key() == game.state_key()
    rounds = h.hands(mid)
    assert [r.hand_no for r in rounds] == [1, 2, 3]
    for rec, res in zip(rounds, game.results, strict=True):
        assert rec.counted == list(res.counted) == rec.points  # every seat's pips left
        assert rec.written_after == list(res.after.written)
        assert rec.human_points == res.counted[0]
        assert rec.kind == res.kind
    stats = h.stats()
    assert stats.total.matches == 1 and stats.total.hands == 3
    assert stats.total.per_hand_kind == "penalty"
    assert stats.total.per_hand == sum(r.counted[0] for r in game.results) / 3


def test_a_shared_win_is_a_win_for_each_sharer(home: Path):
    """R-TR-6: players level on the lowest total share the win, in the history too."""
    rules = variant("mexican-train").replace(rounds=1)
    g = TrainsGame.from_position(
        rules,
        hands=[["12-1"], ["5-4"], ["6-6"], ["1-0"]],
        boneyard=(),
        scores=Scores((9, 0, 0, 30), (0,) * 4),
    )
    g.apply(Play(tiles.parse("12-1"), 0))
    assert g.match_result.winners == (0, 1)
    assert store.outcome_of(g, 0) == store.outcome_of(g, 1) == "win"
    assert store.outcome_of(g, 2) == store.outcome_of(g, 3) == "loss"


def test_an_abandoned_round_counts_the_rounds_finished(home: Path):
    rules = variant("chicken-foot").replace(players=6)
    g = walk(rules, seed=3, policy=3, steps=None)
    g = replay_game(rules, 3, g.log[: g.log.index(NextHand()) + 1])  # into round 2
    h = store.History()
    mid = h.record(g, store.MatchInfo(names=NAMES8[:6]), abandoned=True)
    row = h.get(mid)
    assert row.outcome == "abandoned" and row.hands == 1 and len(h.hands(mid)) == 1
    assert row.replay().hand_no == 2
