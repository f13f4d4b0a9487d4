"""Hard: a weighted one-move evaluation of what strong players do.

Each legal action is scored by features read from the seat's view and what it
infers (:mod:`.knowledge`): pips shed, doubles early, suit variety kept, leading
from the long suit, ends this seat can follow, ends an opponent is void in or
that no unseen tile fits (counting to seven), and a block only when this seat's
hand is the lighter one. Drawing by choice (``any_time``) is never worth it.
"""

from __future__ import annotations

import random

from ..engine import Action, Draw, Play, PlayDoubles, SeatView, tiles
from .base import after_play, shed
from .knowledge import Knowledge, ends_mask, fit_of, infer
from .sim import place, table_of

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
W_MATADOR = 6.0
"""Matador: a matador goes on any end, a blank end only takes a matador: keep them."""
"""All Fives: per point the best unseen reply could score on the ends this play leaves."""


def evaluate(view: SeatView, know: Knowledge, action: Action) -> tuple[float, list[str]]:
    """The weighted score of ``action`` and the reasons behind it, strongest first."""
    if isinstance(action, Draw):
        return -50.0, ["draws: nothing fits"]
    if not isinstance(action, (Play, PlayDoubles)):
        return 0.0, ["nothing fits"]
    hand, ends = after_play(view, action)
    fit = fit_of(view)
    sum7 = view.rules.match_rule == "sum7"
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
    doubles = (
        2 if isinstance(action, PlayDoubles) else int(tiles.DOUBLE[action.tile])  # type: ignore[union-attr]
    )
    if doubles:
        score += W_DOUBLE * doubles
        why.append((40, "gets a double out early" if doubles == 1 else "lays two doubles at once"))
    if sum7 and isinstance(action, Play) and tiles.MATADORS_MASK & tiles.BIT[action.tile]:
        if any(
            isinstance(b, Play) and not tiles.MATADORS_MASK & tiles.BIT[b.tile] for b in view.legal
        ):
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
        if sum7:  # what follows a lead's n is a 7 - n
            long = (hand & emask).bit_count()
        else:
            long = tiles.suit_count(hand, tiles.HIGH[t]) + tiles.suit_count(hand, tiles.LOW[t])
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
        if sum7:  # in Matador an open n wants a 7 - n (or a matador)
            lacking = [s for s in opponents if not know.possible(s) & fit[n]]
            what = f"a {7 - n} or a matador for the {n}" if n else f"a matador for the {n}"
        else:
            lacking = [s for s in opponents if n in know.voids(s)]
            what = f"no {n}"
        if lacking:
            score += W_VOID
            had = f"had {what}" if not sum7 else f"had no {what[2:]}"
            why.append((100, f"they {had} when they {_how(view, lacking[0], n)}"))
        if not know.unseen & fit[n]:
            if hand & fit[n]:
                score += W_LOCK
                cant = f"every {n}" if not sum7 else f"every tile for the {n}"
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
