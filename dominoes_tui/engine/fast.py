"""The fast path: random playouts on bitmasks, for search-based CPU players and benchmarks.

The readable :class:`~dominoes_tui.engine.state.Game` is the reference. This
module plays the same movement rules (R-M-1, R-M-4, R-M-5, R-C-3) on bare ints
and lists, with no objects per move, and hands the end of the hand to the one
scoring module (:func:`~dominoes_tui.engine.scoring.score_hand`). A test
replays traced playouts through ``Game`` to prove the two agree.

The playout policy is uniform over the fitting tiles and, for a tile that fits
both ends, over the ends; with ``greedy`` > 0 a seat plays the heaviest fitting
tile (doubles first on a tie) with that probability, the policy the CPU's
search uses. It never draws by choice (``any_time``) and never takes the
optional two-doubles move: those are a player's choices, not rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import tiles
from .rules import Rules
from .scoring import HandResult, Scores, score_hand
from .state import _double_order, redeal_needed

_SUIT = tiles.SUIT_MASK
_LOW = tiles.LOW
_HIGH = tiles.HIGH
_DOUBLES = tiles.DOUBLES_MASK
_VALUE = tiles.VALUE
_DOUBLE = tiles.DOUBLE


def heaviest(fit: int) -> int:
    """The heaviest tile in the mask ``fit`` (a double first on a tie)."""
    best = -1
    best_key = -1
    while fit:
        low = fit & -fit
        t = low.bit_length() - 1
        key = _VALUE[t] * 2 + _DOUBLE[t]
        if key > best_key:
            best, best_key = t, key
        fit ^= low
    return best


def playout(
    hands: list[int],
    boneyard: list[int],
    left: int,
    right: int,
    turn: int,
    passes: int,
    players: int,
    reserve: int,
    draws: bool,
    rand: Callable[[], float],
    trace: list | None = None,
    greedy: float = 0.0,
) -> tuple[int | None, int]:
    """Play a hand out from a position with a line (ends ``left``, ``right``).

    ``hands`` and ``boneyard`` are changed in place (the boneyard is drawn from
    its end). Returns ``(domino_seat or None if blocked, last tile played or -1)``.
    With ``trace`` a list, each action is appended: ``("play", tile, end)``,
    ``("draw",)`` or ``("pass",)``.
    """
    last = -1
    while True:
        h = hands[turn]
        mask = _SUIT[left] | _SUIT[right]
        fit = h & mask
        if not fit:
            if draws:
                while len(boneyard) > reserve:  # R-M-4: one at a time until one fits
                    t = boneyard.pop()
                    h |= 1 << t
                    if trace is not None:
                        trace.append(("draw",))
                    if (1 << t) & mask:
                        break
                hands[turn] = h
                fit = h & mask
            if not fit:
                if trace is not None:
                    trace.append(("pass",))
                passes += 1
                if passes >= players:  # R-M-5
                    return None, last
                turn += 1
                if turn == players:
                    turn = 0
                continue
        passes = 0
        n = fit.bit_count()
        if n > 1:
            if greedy and rand() < greedy:
                fit = 1 << heaviest(fit)
            else:
                k = int(rand() * n)
                while k:
                    fit &= fit - 1
                    k -= 1
        bit = fit & -fit
        t = bit.bit_length() - 1
        lo = _LOW[t]
        hi = _HIGH[t]
        if lo == left or hi == left:
            if (lo == right or hi == right) and rand() < 0.5:
                right = hi if lo == right else lo
                end = 1
            else:
                left = hi if lo == left else lo
                end = 0
        else:
            right = hi if lo == right else lo
            end = 1
        if trace is not None:
            trace.append(("play", t, end))
        h ^= bit
        hands[turn] = h
        last = t
        if not h:
            return turn, last
        turn += 1
        if turn == players:
            turn = 0


def supports(rules: Rules) -> bool:
    """Does the fast path play these rules? (A plain line of matching ends, no end scoring.)"""
    return rules.layout == "line" and rules.match_rule == "equal" and rules.end_scoring == "none"


def deal(rules: Rules, rng: random.Random) -> tuple[list[int], list[int]]:
    """R-D-1 with R-C-2's redeal: hands as masks and the boneyard as a list."""
    n, hs, players = rules.tile_count, rules.hand_size, rules.players
    while True:
        pool = list(range(n))
        rng.shuffle(pool)
        hands = []
        for i in range(players):
            m = 0
            for t in pool[i * hs : (i + 1) * hs]:
                m |= 1 << t
            hands.append(m)
        if not rules.redeal or not any(redeal_needed(rules, h) for h in hands):
            return hands, pool[players * hs :]


def opener_and_lead(rules: Rules, hands: list[int], rng: random.Random) -> tuple[int, int]:
    """The first hand's opener (R-O-1…3, R-O-5) and a tile they may lead, chosen at random."""
    if rules.first_opener == "random":
        seat = rng.randrange(rules.players)
        h = hands[seat]
        if rules.first_lead == "double_if_held" and h & _DOUBLES:
            h &= _DOUBLES
        choices = list(tiles.bits(h))
        return seat, choices[int(rng.random() * len(choices))]
    from .state import find_opener

    if rules.first_opener != "highest_tile":
        for d in _double_order(rules, rules.first_opener):
            b = 1 << d
            for s, h in enumerate(hands):
                if h & b:
                    if rules.first_lead == "that_tile":
                        return s, d
                    return s, _random_lead(rules, h, rng)
    seat, t = find_opener(rules, hands, rules.first_opener)
    if rules.first_lead == "that_tile":
        return seat, t
    return seat, _random_lead(rules, hands[seat], rng)


def _random_lead(rules: Rules, h: int, rng: random.Random) -> int:
    if rules.first_lead == "double_if_held" and h & _DOUBLES:
        h &= _DOUBLES
    choices = list(tiles.bits(h))
    return choices[int(rng.random() * len(choices))]


def random_hand(rules: Rules, rng: random.Random, scores: Scores | None = None) -> HandResult:
    """Deal, lead and play one first hand at random, and score it."""
    if not supports(rules):
        raise ValueError(f"the fast path plays a plain line only, not {rules.name!r}")
    hands, boneyard = deal(rules, rng)
    seat, t = opener_and_lead(rules, hands, rng)
    hands[seat] &= ~(1 << t)
    players = rules.players
    if not hands[seat]:
        domino, last = seat, t
    else:
        domino, last = playout(
            hands,
            boneyard,
            _HIGH[t],
            _LOW[t],
            (seat + 1) % players,
            0,
            players,
            rules.reserve,
            rules.drawing != "none",
            rng.random,
        )
        if last < 0:
            last = t
    return score_hand(rules, domino, hands, t, last, scores or Scores.zero(rules.sides))
