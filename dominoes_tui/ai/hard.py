"""Hard: a weighted one-move evaluation of what strong players do.

Each legal action is scored by features read from the seat's view and what it
infers (:mod:`.knowledge`): pips shed, doubles early, suit variety kept, leading
from the long suit, ends this seat can follow, ends an opponent is void in or
that no unseen tile fits (counting to seven), and a block only when this seat's
hand is the lighter one. Drawing by choice (``any_time``) is never worth it.
"""

from __future__ import annotations

import random

from ..engine import Action, Draw, Play, PlayDoubles, SeatView, tiles, wanted_number
from ..engine.fast import place, table_of
from ..engine.fits import wild_tiles
from .base import after_play, shed
from .knowledge import Knowledge, ends_mask, fit_of, infer
from .rounds import evaluate as evaluate_rounds

W_PIPS = 1.0
W_DOUBLE = 4.0
W_VARIETY = 1.5
W_FOLLOW = 1.2
W_VOID = 3.0
W_UNSEEN_FIT = 0.35
W_LOCK = 2.5
W_LONG_SUIT = 1.0
W_BLOCK = 12.0
W_FIVES = 1.5
"""All Fives: per point scored at once by this play (R-F-2)."""
W_THREAT = 0.6
"""All Fives: per point the best unseen reply could score on the ends this play leaves."""
W_MATADOR = 6.0
"""Matador: a matador goes on any end, a blank end only takes a matador: keep them."""


def evaluate(view: SeatView, know: Knowledge, action: Action) -> tuple[float, list[str]]:
    """The weighted score of ``action`` and the reasons behind it, strongest first."""
    if view.rules.is_rounds:  # Mexican Train, Chicken Foot (ai/rounds.py)
        return evaluate_rounds(view, know, action)
    if isinstance(action, Draw):
        return -50.0, ["draws: nothing fits"]
    if not isinstance(action, (Play, PlayDoubles)):
        return 0.0, ["nothing fits"]
    hand, ends = after_play(view, action)
    fit = fit_of(view)
    wild = wild_tiles(view.rules)  # tiles that go on any end (Matador's matadors)
    rule = view.rules.match_rule
    why: list[tuple[float, str]] = []
    score = 0.0
    if view.rules.end_scoring == "fives" and isinstance(action, Play):
        scored, threat = _fives(view, know, action)
        score += W_FIVES * scored - W_THREAT * threat
        if scored:
            why.append((120, f"scores {scored} at once (the ends add up to {scored})"))
        if threat:
            why.append((20, f"they could score {threat} next"))
    pips = shed(action)
    score += W_PIPS * pips
    why.append((50 + pips, f"sheds {pips} pip{'s' * (pips != 1)}"))
    doubles = 2 if isinstance(action, PlayDoubles) else int(tiles.DOUBLE[action.tile])
    if doubles:
        score += W_DOUBLE * doubles
        why.append((40, "gets a double out early" if doubles == 1 else "lays two doubles at once"))
    if isinstance(action, Play) and wild & tiles.BIT[action.tile]:
        if any(isinstance(b, Play) and not wild & tiles.BIT[b.tile] for b in view.legal):
            score -= W_MATADOR
            why.append((10, "spends a matador that could wait"))
    variety = sum(1 for n in range(view.rules.set + 1) if hand & tiles.SUIT_MASK[n])
    score += W_VARIETY * variety
    if not hand:
        return 1000.0, ["goes out"]
    emask = ends_mask(ends, fit)
    follow = (hand & emask).bit_count()
    score += W_FOLLOW * min(follow, 3)
    if follow:
        why.append((30, f"keeps {follow} tile{'s' * (follow > 1)} to follow"))
    if not view.ends and isinstance(action, Play):
        t = action.tile
        # the tiles that may follow each half of the lead (the engine's fit)
        long = (hand & fit[tiles.HIGH[t]]).bit_count() + (hand & fit[tiles.LOW[t]]).bit_count()
        score += W_LONG_SUIT * long
        if long >= 3:
            why.append((45, "leads from the long suit"))
    # The opponents: voids they showed, tiles nobody has seen (count to seven).
    unseen_fit = (know.unseen & emask).bit_count()
    score -= W_UNSEEN_FIT * unseen_fit
    opponents = [
        s
        for s in range(view.rules.players)
        if view.rules.side_of(s) != view.rules.side_of(view.seat)
    ]
    for n in set(ends):
        lacking = [s for s in opponents if know.cannot_hold(s, fit[n])]
        if lacking:
            score += W_VOID
            want = wanted_number(rule, n)  # what an open n takes (7 - n in Matador)
            if not wild:
                what = f"{want}"
            elif want is None:
                what = f"matador for the {n}"
            else:
                what = f"{want} or a matador for the {n}"
            why.append((100, f"they had no {what} when they {_how(view, lacking[0], n)}"))
        if not know.unseen & fit[n]:
            if hand & fit[n]:
                score += W_LOCK
                cant = f"every tile for the {n}" if wild else f"every {n}"
                why.append((90, f"{cant} is out or mine: they cannot follow"))
    if not unseen_fit and not (hand & emask):
        # Nobody can play on these ends: a block (fish).
        opp_tiles = sum(view.hand_counts[s] for s in opponents)
        n_unseen = know.unseen.bit_count() or 1
        opp_pips = tiles.pips(know.unseen) * opp_tiles / n_unseen
        mine = tiles.pips(hand)
        if mine < opp_pips:
            score += W_BLOCK
            why.append(
                (110, f"blocks the game with the lighter hand ({mine} pip{'s' * (mine != 1)})")
            )
        else:
            score -= W_BLOCK
    why.sort(key=lambda x: -x[0])
    return score, [w for _, w in why]


def _fives(view: SeatView, know: Knowledge, action: Play) -> tuple[int, int]:
    """All Fives: what ``action`` scores now, and the most an unseen tile could score after it."""
    rules = view.rules
    tb = table_of(view)
    scored = place(rules, tb, action.tile, action.end, action.touch, view.seat)
    fit = fit_of(view)
    threat = 0
    unseen = know.unseen
    for e, n in enumerate(tb.ends):
        for t in tiles.bits(unseen & fit[n]):
            t2 = tb.copy()
            threat = max(threat, place(rules, t2, t, e, None, view.seat))
    return scored, threat


def _how(view: SeatView, seat: int, n: int) -> str:
    """What ``seat`` did when it last faced ``n``: it drew or it passed."""
    for e in reversed(view.events):
        if e.seat == seat and e.kind in ("draw", "pass") and n in e.ends:
            return "drew" if e.kind == "draw" else "passed"
    return "drew or passed"


class WeightedPlayer:
    """Hard: the action with the best weighted one-move score (ties by a seeded coin)."""

    level = "hard"

    def __init__(self, seed: int | None = None, name: str = "CPU (Hard)") -> None:
        self.rng = random.Random(seed)
        self.name = name

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        know = infer(view)
        return max(legal, key=lambda a: (evaluate(view, know, a)[0], self.rng.random()))
