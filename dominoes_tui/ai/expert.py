"""Expert: determinized search over the hidden tiles (perfect-information Monte Carlo).

For a decision with a real choice, Expert deals the tiles it has not seen into
the other hands and the boneyard many times, each deal consistent with what the
seat knows (counts, tiles seen, voids from draws and passes: :mod:`.knowledge`).
On every deal it tries each legal action and plays the hand out with a quick,
plausible policy (the engine's playout for the layout, :func:`dominoes_tui.engine.fast.position`;
All Fives' points during play count), scores it with the engine's scoring and values the score after it as the chance
to win the *match* (:func:`.sim.match_value`: penalty or winner-takes, the rule
of 13, hanging points, the target). With partners the value is the side's: a
play that lets the partner go out is worth as much as going out oneself. The
action with the best mean wins; every action sees the
same deals (common random numbers), so the comparison is fair.

Think time is bounded by a playout budget, so a seed reproduces every choice;
a wall-clock cap (checked between deals) is a safety net only.
"""

from __future__ import annotations

import random
import time

from ..engine import Action, Play, SeatView, fast
from .knowledge import infer, sample_world
from .sim import match_value

DEFAULT_PLAYOUTS = 1200
"""Playouts per decision (split over its actions): Expert's default setting."""
MIN_DEALS = 24
MAX_DEALS = 400
DEFAULT_TIME_CAP = 0.9
"""Seconds: a safety net, checked between deals; the budget normally ends first."""
POINT_EPS = 1e-4
"""Points' weight beside the match value: breaks ties when the match is settled."""


class ExpertPlayer:
    """Expert: PIMC over deals consistent with the seat's knowledge, valued for the match."""

    level = "expert"

    def __init__(
        self,
        seed: int | None = None,
        name: str = "CPU (Expert)",
        playouts: int = DEFAULT_PLAYOUTS,
        time_cap: float | None = DEFAULT_TIME_CAP,
        greedy: float = 0.75,
    ) -> None:
        self.rng = random.Random(seed)
        self.name = name
        self.playouts = playouts
        self.time_cap = time_cap
        self.greedy = greedy
        self.last_values: dict[Action, float] = {}
        """Mean value of each action at the last decision (for hints and tests)."""
        self.last_deals = 0
        self.capped = 0
        """How many decisions the wall-clock cap cut short (should stay 0)."""

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        self.last_values = {}
        self.last_deals = 0
        if len(legal) == 1:
            return legal[0]
        values = self.evaluate(view)
        best = max(legal, key=lambda a: values[a])
        return best

    def evaluate(self, view: SeatView) -> dict[Action, float]:
        """Mean value (chance to win the match, plus a little for points) of each legal action."""
        if view.board is not None:  # Mexican Train, Chicken Foot (ai/rounds.py)
            from .rounds import expert_values

            return expert_values(self, view)
        legal = list(view.legal)
        root = fast.position(view)  # the layout's position: the search spells no rule
        # Plays that reach the same position (a tile on either of two equal ends) share a value.
        acts: list[Action] = []
        same: dict[Action, Action] = {}
        seen: dict[tuple, Action] = {}
        for a in legal:
            key = _outcome_key(root, a)
            if key in seen:
                same[a] = seen[key]
            else:
                seen[key] = a
                acts.append(a)
        deals = max(MIN_DEALS, min(MAX_DEALS, self.playouts // len(acts)))
        know = infer(view)
        rng = self.rng
        rand = rng.random
        rules = view.rules
        me = view.seat
        side = rules.side_of(me)
        penalty = rules.scoring == "penalty"
        greedy = self.greedy
        totals = [0.0] * len(acts)
        start = time.perf_counter()
        done = 0
        for _ in range(deals):
            world = sample_world(know, view.hand_counts, rng)
            assert world is not None
            hands0, bone0 = world
            hands0[me] = view.hand
            for j, a in enumerate(acts):
                p = root.copy(hands0, bone0)
                p.apply(a)
                p.playout(rand, greedy)
                res, gained = p.finish(view.scores)
                value = match_value(rules, res.after, side, res.winner_side)
                net = 2 * gained[side] - sum(gained)
                totals[j] += value + POINT_EPS * (-net if penalty else net)
            done += 1
            if self.time_cap is not None and time.perf_counter() - start > self.time_cap:
                self.capped += 1
                break
        values = {a: totals[j] / done for j, a in enumerate(acts)}
        for a, b in same.items():
            values[a] = values[b]
        self.last_values = values
        self.last_deals = done
        return values


def _outcome_key(root: fast.Position, a: Action) -> tuple:
    """Plays of one tile that leave the same open ends (numbers, doubles, arms, fives) are one."""
    if not isinstance(a, Play):
        return (type(a).__name__,)
    p = root.copy()
    p.apply(a)
    return ("play", a.tile, p.layout_key())
