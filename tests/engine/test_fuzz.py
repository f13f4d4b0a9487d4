"""Fuzz: random matches over every preset, every boolean setting and every value
of the presets' options lists, and over player-defined variants (a player's own
variants.toml: double-9 and double-12 sets, 3-4 players, partners, each drawing rule,
reserves, spinner, Matador, All Fives scoring), each checked by ``run_match`` (tiles in one
place, scores never go down, hidden tiles stay hidden, illegal actions refused, the match
ends, the log replays). At random points the match is saved and loaded back (the save's
bytes, checked as a file would be) and play goes on from the loaded game, which must be
the same game.

The default plays the first 160 configurations (a few seconds);
``FUZZ_MATCHES=100000 python -m pytest tests/engine/test_fuzz.py -n 2`` runs the long version.
The first ``COVERING`` configurations hold every preset, boolean setting and options value
(``FUZZ_MATCHES=1000`` or more plays them all).
"""

from __future__ import annotations

import json
import os
import random

import pytest
from engine_helpers import BOOL_SETTINGS, random_rules, run_match
from store_helpers import state

from dominoes_tui import store
from dominoes_tui.ai import LEVELS
from dominoes_tui.engine import Clock, Game, Rules, VariantError, load_variants, tiles
from dominoes_tui.engine.rules import CHOICES, rules_from_dict
from dominoes_tui.store import saves

MATCHES = int(os.environ.get("FUZZ_MATCHES", "160"))
COVERING = 1000
"""So many configurations hold every preset, boolean and options value (checked below)."""
PRESETS = sorted(load_variants(include_user=False))
SHARDS = 8  # spread over pytest-xdist workers
PLAYER_EVERY = 3
"""Every third match is played with a player-defined variant (the rest with a preset)."""
SAVE_CHANCE = 0.015
"""The chance, after each action, that the match is saved and loaded back."""


def random_player_variant(rng: random.Random, i: int) -> Rules:
    """A variant as a player could write it in their own variants.toml, checked by the same
    code that reads that file; settings the engine refuses together are dropped one by one."""
    t: dict[str, object] = {}
    t["set"] = size = rng.choice([6, 9, 12])
    t["players"] = players = rng.choice([2, 2, 3, 4])
    if players == 4 and rng.random() < 0.5:
        t["partners"] = True
    t["drawing"] = drawing = rng.choice(CHOICES["drawing"])
    t["reserve"] = reserve = rng.choice([0, 1, 2])
    count = tiles.set_count(size)
    most = (count - (reserve + 1 if drawing != "none" else 0)) // players
    t["hand_size"] = rng.randint(2, max(2, min(most, 12)))
    t["layout"] = layout = rng.choice(["line", "line", "spinner"])
    t["scoring"] = scoring = rng.choice(CHOICES["scoring"])
    if scoring == "penalty":
        t["target_means"] = "lose"
        t["blocked"] = rng.choice(["difference", "own_total"])
        t["rule_of_13"] = rng.random() < 0.4
        t["full_fish"] = rng.random() < 0.3
    else:
        t["blocked"] = rng.choice(["difference", "total"])
        if rng.random() < 0.3:
            t["end_scoring"] = "fives"
    if size == 6 and layout == "line" and rng.random() < 0.25:
        t["match_rule"] = "sum7"
    elif layout == "line" and rng.random() < 0.3:
        t["two_doubles"] = True
    for key in ("first_opener", "first_lead", "next_opener", "next_lead", "blocked_tie"):
        t[key] = rng.choice(CHOICES[key])
    t["redeal"] = rng.random() < 0.2
    t["resign"] = rng.random() < 0.5
    t["target"] = rng.choice([0, 20, 50, 100, 150])
    t["lone_blank_double"] = rng.choice([0, 0, 10])
    if rng.random() < 0.2:
        t["bonus_first_last"] = {"6-6": 50, "0-0": 25}
    if rng.random() < 0.1:
        t["clock_minutes"] = rng.choice([5, 15])
    name = f"player-{i}"
    for _ in range(len(t)):
        try:
            return rules_from_dict(name, t, file="player's variants.toml")
        except VariantError as e:
            t.pop(e.key or "", None)
    return rules_from_dict(name, t, file="player's variants.toml")


def save_and_load(game: Game, rng: random.Random) -> Game:
    """Now and then: save ``game`` (with a clock where it has one) and load the save's bytes
    back; the loaded game must be the very same, and play goes on from it."""
    if game.is_over or rng.random() >= SAVE_CHANCE:
        return game
    rules = game.rules
    info = store.MatchInfo(
        cpu_level=rng.choice(LEVELS),
        names=tuple(["You", *(f"CPU {s}" for s in range(1, rules.players))]),
        human_seat=rng.randrange(rules.players),
        now=lambda: 0.0,
    )
    clock = None
    if rules.clock_minutes:
        left = [round(rng.uniform(0, rules.clock_minutes * 60), 3) for _ in range(rules.players)]
        clock = Clock(rules.players, rules.clock_minutes * 60, rules.turn_seconds, remaining=left)
    raw = json.dumps(saves.save_dict(game, info, clock), ensure_ascii=False).encode()
    res = saves.restore(raw)
    assert res.ok, res.problem
    loaded = res.saved.game
    assert state(loaded) == state(game), "a save loads back as another game"
    assert res.saved.info.names == info.names and res.saved.info.human_seat == info.human_seat
    if clock is not None:
        assert res.saved.clocks == clock.remaining_all()
    return loaded


def configs(shard: int, matches: int = MATCHES):
    for i in range(shard, matches, SHARDS):
        rng = random.Random(i)
        if i % PLAYER_EVERY == PLAYER_EVERY - 1:
            rules = random_player_variant(rng, i)
        else:  # the presets in turn, over the matches that play one
            rules = random_rules(rng, PRESETS[(i - (i + 1) // PLAYER_EVERY) % len(PRESETS)])
        yield i, rules, rng.randrange(2**32)


@pytest.mark.parametrize("shard", range(SHARDS))
def test_random_matches_keep_every_invariant(shard):
    for i, rules, seed in configs(shard):
        try:
            game = run_match(rules, seed, policy_seed=i, between=save_and_load)
        except Exception as e:  # say which match, to reproduce it
            base = load_variants(include_user=False).get(rules.name)
            what = rules.differences(base) if base else rules.to_dict()
            raise AssertionError(f"match {i}: {rules.name} seed {seed} {what}: {e!r}") from e
        assert game.match_result is not None


def test_the_fuzz_covers_every_preset_boolean_and_option_value():
    """The first COVERING configurations include every preset, both values of each boolean
    setting (where the preset allows it) and each value of every options list."""
    want: set[tuple[str, str, object]] = set()
    variants = load_variants(include_user=False)
    for name, r in variants.items():
        for key, values in r.options.items():
            for v in values:
                try:
                    r.replace(**{key: v})
                except ValueError:
                    continue
                want.add((name, key, repr(v)))
        for key in BOOL_SETTINGS:
            for v in (False, True):
                try:
                    r.replace(**{key: v})
                except ValueError:
                    continue
                want.add((name, key, repr(v)))
    got = set()
    for shard in range(SHARDS):
        for _, rules, _ in configs(shard, max(MATCHES, COVERING)):
            for name, key, v in want:
                if rules.name == name:
                    value = getattr(rules, key)
                    value = dict(value) if key == "bonus_first_last" else value
                    if repr(value) == v:
                        got.add((name, key, v))
    assert want - got == set()


def test_the_fuzz_covers_player_defined_variants():
    """The player-defined variants fuzzed include each set size, seat count, partners,
    drawing rule, reserve, layout, Matador and All Fives scoring, and both scorings (in the
    first COVERING configurations)."""
    seen: dict[str, set] = {}
    for shard in range(SHARDS):
        for _, r, _ in configs(shard, max(MATCHES, COVERING)):
            if not r.name.startswith("player-"):
                continue
            for key in ("set", "players", "partners", "drawing", "reserve", "layout"):
                seen.setdefault(key, set()).add(getattr(r, key))
            for key in ("match_rule", "end_scoring", "scoring", "two_doubles", "redeal"):
                seen.setdefault(key, set()).add(getattr(r, key))
    assert seen["set"] == {6, 9, 12}
    assert seen["players"] == {2, 3, 4}
    assert seen["partners"] == {False, True}
    assert seen["drawing"] == set(CHOICES["drawing"]) - {"one_tile"}  # Mexican Train's rule
    assert seen["reserve"] == {0, 1, 2}
    assert seen["layout"] == {"line", "spinner"}
    assert seen["match_rule"] == {"equal", "sum7"}
    assert seen["end_scoring"] == {"none", "fives"}
    assert seen["scoring"] == {"winner_takes", "penalty"}
    assert seen["two_doubles"] == seen["redeal"] == {False, True}
