"""Helpers for building positions in engine tests (no seed-hunting).

``Game.from_position`` sets up a hand in progress; :func:`dealt` goes through
the engine's own deal (redeal check, opener rules) with the hands given, for
the rules that act at the deal (R-D, R-C-2, R-O).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

from dominoes_tui.engine import Game, Rules, load_variants, new_game, replay_game, tiles
from dominoes_tui.engine.actions import Action

T = tiles.parse
RULE_ID = re.compile(r"\bR-[0-9A-Z]+(?:-[0-9]+)?\b")
"""A rule ID as RULES.md writes them: R-C-2, R-13-1, R-2D, R-B, R-TR-8 (none in player text)."""


def ids(names: Sequence[str | int]) -> list[int]:
    return [n if isinstance(n, int) else T(n) for n in names]


class RiggedRandom(random.Random):
    """A Random whose first shuffles produce the given tile orders."""

    def __init__(self, orders: Sequence[list[int]], seed: int = 0) -> None:
        super().__init__(seed)
        self.orders = [list(o) for o in orders]

    def shuffle(self, x, *args, **kwargs) -> None:  # noqa: D401 - same as random.shuffle
        if self.orders:
            order = self.orders.pop(0)
            assert sorted(order) == sorted(x), "a rigged deal must use the whole set"
            x[:] = order
        else:
            super().shuffle(x)


def deal_order(
    rules: Rules, hands: Sequence[Sequence[str | int]], boneyard: Sequence[str | int] | None = None
) -> list[int]:
    """The shuffled pool that deals ``hands``; ``boneyard`` in draw order (rest: id order)."""
    hs = [ids(h) for h in hands]
    assert all(len(h) == rules.hand_size for h in hs), "each hand needs hand_size tiles"
    used = {t for h in hs for t in h}
    if boneyard is None:
        bone = [t for t in range(rules.tile_count) if t not in used]
    else:
        bone = ids(boneyard)
    pool = [t for h in hs for t in h] + list(reversed(bone))  # the boneyard is drawn from its end
    return pool


def dealt(rules: Rules, *deals, seed: int = 0, first_seat: int | None = None) -> Game:
    """A new match whose first deals are ``deals`` (each ``hands`` or ``(hands, boneyard)``)."""
    orders = []
    for d in deals:
        if isinstance(d, tuple):
            orders.append(deal_order(rules, *d))
        else:
            orders.append(deal_order(rules, d))
    g = new_game(rules, seed, first_seat)
    g.rng = RiggedRandom(orders, seed)
    g.hand_no = 0
    g._deal()
    return g


def play(game: Game, *actions: Action) -> Game:
    """Apply ``actions`` in turn, checking each is among the legal actions first."""
    for a in actions:
        legal = game.legal_actions()
        assert a in legal, f"{a} is not legal here: {legal}"
        game.apply(a)
        assert game.invariant_errors() == []
    return game


_VARIANTS: dict[str, Rules] | None = None


def variant(name: str, **changes) -> Rules:
    """A shipped preset (the user's file is never read), with ``changes``."""
    global _VARIANTS
    if _VARIANTS is None:
        _VARIANTS = load_variants(include_user=False)
    r = _VARIANTS[name]
    return r.replace(**changes) if changes else r


# ------------------------------------------------------------------ random matches
BOOL_SETTINGS = (
    "partners",
    "redeal",
    "full_fish",
    "rule_of_13",
    "two_doubles",
    "resign",
    "rematch_swaps_opener",
)


def random_rules(rng: random.Random, name: str | None = None) -> Rules:
    """A preset with random values from its options lists and random boolean settings.

    Changes that make an impossible combination (R-V-1) are skipped one by one,
    so the result is always a valid variant.
    """
    global _VARIANTS
    if _VARIANTS is None:
        _VARIANTS = load_variants(include_user=False)
    if name is None:
        name = rng.choice(sorted(_VARIANTS))
    r = _VARIANTS[name]
    changes: list[tuple[str, object]] = []
    for key, values in sorted(r.options.items()):
        changes.append((key, rng.choice(values)))
    for key in BOOL_SETTINGS:
        changes.append((key, rng.random() < 0.5))
    if rng.random() < 0.3:
        changes.append(("target", rng.choice([0, 30, 60])))
    rng.shuffle(changes)
    for key, value in changes:
        try:
            r = r.replace(**{key: value})
        except Exception:  # VariantError: an impossible combination, skip it
            pass
    return r


def snapshot(g: Game) -> tuple:
    """Everything that makes up a game's state, for comparing two games."""
    if g.rules.is_rounds:  # Mexican Train, Chicken Foot
        return g.state_key()
    return (
        tuple(g.hands),
        tuple(g.boneyard),
        tuple(g.line),
        tuple(tuple(a) for a in g.arms),
        g.spinner,
        tuple(g.ends),
        g.turn,
        g.opener,
        g.phase,
        g.hand_no,
        g.scores,
        g.result,
        tuple(g.results),
        g.match_result,
        tuple(g.events),
        g.redeals,
        g.dead,
        g.lead_tile,
        g.lead_rule,
        g.passes,
    )


def assert_view_hides_the_rest(g: Game, seat: int, rng: random.Random) -> None:
    """R-D-2 structurally: deal the tiles ``seat`` cannot see (other hands, the boneyard and
    its order) differently, keeping every count; ``seat``'s view must not change."""
    from dominoes_tui.engine import seat_view

    v = seat_view(g, seat)
    assert v.hand == g.hands[seat]
    assert v.revealed is None and v.last_result is None
    hidden = [t for s in range(g.players) if s != seat for t in tiles.bits(g.hands[s])]
    hidden += list(g.boneyard)
    rng.shuffle(hidden)
    h = g.copy()
    for s in range(g.players):
        if s != seat:
            k = g.hands[s].bit_count()
            h.hands[s] = tiles.mask_of(hidden[:k])
            hidden = hidden[k:]
    h.boneyard = hidden
    if h.rules.is_rounds and h.drawn is not None and g.turn != seat:
        h.drawn = next(tiles.bits(h.hands[g.turn]))  # the tile drawn is hidden too
    assert h.invariant_errors() == []
    assert seat_view(h, seat) == v, "a seat's view depends on tiles it cannot see"


def run_match(
    rules: Rules,
    seed: int,
    policy_seed: int,
    *,
    view_every: int = 7,
    max_actions: int = 100_000,
    between: Callable[[Game, random.Random], Game] | None = None,
) -> Game:
    """Play a match with random legal actions, checking the invariants after each one:
    every tile in one place, scores never go down, hidden tiles stay hidden, illegal
    actions are refused without changing anything, the match ends, the log replays.

    ``between(game, rng)``, if given, runs after each action and returns the game to
    go on with (the fuzz saves and loads it at random points)."""
    from dominoes_tui.engine import (
        IllegalAction,
        Play,
        Resign,
        TimeOut,
        action_from_json,
        action_to_json,
    )

    rng = random.Random(policy_seed)
    first_seat = rng.randrange(rules.players) if rng.random() < 0.2 else None
    g = new_game(rules, seed, first_seat)
    assert g.invariant_errors() == []
    written = g.scores.written
    for n in range(max_actions):
        if g.phase == "match_over":
            break
        legal = g.legal_actions()
        assert legal, "no legal action while the match is on"
        if g.phase == "play" and n % view_every == 0:
            assert_view_hides_the_rest(g, rng.randrange(g.players), rng)
        if rng.random() < 0.05:  # an illegal play is refused and changes nothing
            t = rng.randrange(rules.tile_count)
            bad = Play(t, rng.choice([0, 1, None]))
            if bad not in legal:
                before = snapshot(g)
                try:
                    g.apply(bad)
                except IllegalAction as e:
                    assert str(e)
                else:
                    raise AssertionError(f"{bad} was accepted; legal: {legal}")
                assert snapshot(g) == before
        r = rng.random()
        if rules.resign and r < 0.002:
            action = Resign(rng.randrange(rules.players))
        elif rules.clock_minutes and r < 0.002:
            action = TimeOut(rng.randrange(rules.players))
        else:
            action = rng.choice(legal)
        g.apply(action)
        if between is not None:
            g = between(g, rng)
        errs = g.invariant_errors()
        assert errs == [], errs
        assert all(a <= b for a, b in zip(written, g.scores.written)), "a score went down"
        written = g.scores.written
    else:
        raise AssertionError(f"the match did not end in {max_actions} actions")
    assert g.match_result is not None
    assert g.legal_actions() == []
    log = [action_from_json(action_to_json(a)) for a in g.log]
    again = replay_game(rules, seed, log, first_seat)
    assert snapshot(again) == snapshot(g), "the log does not replay to the same state"
    return g
