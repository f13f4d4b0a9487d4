"""Expert: determinized search over the hidden tiles (perfect-information Monte Carlo).

For a decision with a real choice, Expert deals the tiles it has not seen into
the other hands and the boneyard many times, each deal consistent with what the
seat knows (counts, tiles seen, voids from draws and passes: :mod:`.knowledge`).
On every deal it tries each legal action and works out how the hand ends:

- while tiles may still be drawn, or many are in the hands, by playing it out
  with a quick, plausible policy (the engine's playout for the layout,
  :func:`dominoes_tui.engine.fast.position`; All Fives' points during play count);
- once the deal is (nearly) known, two players with no tile left to draw and at
  most ``ENDGAME_TILES`` in the hands, exactly, by alpha-beta over that deal
  (:mod:`.endgame`); a deal the view pins down is solved once.

The end of the hand is scored with the engine's scoring and valued as the
chance to win the *match* (:func:`.sim.match_value`: penalty or winner-takes,
the rule of 13, hanging points, the target). With partners the value is the
side's: a play that lets the partner go out is worth as much as going out
oneself. Plays that reach the same position are valued once. The action with
the best mean wins; every action sees the same deals (common random numbers).

Think time is bounded by a playout budget and a node budget, so a seed
reproduces every choice; a wall-clock cap (checked between deals) is a safety
net only. :func:`evaluate_actions` gives every legal action's value (chance to
win, expected points) for the hint and the move review.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..engine import Action, Play, SeatView, fast, tiles
from .endgame import NodeBudget, Solver
from .knowledge import infer, sample_world
from .sim import match_value

DEFAULT_PLAYOUTS = 1200
"""Playouts per decision (split over its actions): Expert's default setting."""
MIN_DEALS = 24
MAX_DEALS = 400
DEFAULT_TIME_CAP = 0.9
"""Seconds: a safety net, checked between deals; the budget normally ends first."""
ENDGAME_TILES = 12
"""With two players and no more draws, each deal is solved exactly (alpha-beta,
:mod:`.endgame`) once this many tiles or fewer are in the hands."""
NODE_BUDGET = 20_000
"""Alpha-beta nodes a decision may spend; past it the remaining deals are played out."""
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
        endgame: int = ENDGAME_TILES,
        solve_deals: int = 40,
        node_budget: int = NODE_BUDGET,
        model: float = 0.0,
    ) -> None:
        self.rng = random.Random(seed)
        self.name = name
        self.playouts = playouts
        self.time_cap = time_cap
        self.greedy = greedy
        self.endgame = endgame
        """Solve each deal exactly once this many tiles or fewer are in the hands (0: never)."""
        self.solve_deals = solve_deals
        self.node_budget = node_budget
        self.model = model
        """Weight each deal by how likely the others' plays this hand were in it, if each
        seat leans to heavy tiles (P(tile) ~ exp(model * pips) among its fitting tiles); 0: off."""
        self.last_solved = 0
        self.last_values: dict[Action, float] = {}
        """Mean value of each action at the last decision (for hints and tests)."""
        self.last_points: dict[Action, float] = {}
        """Mean net points of the hand for this side after each action, at the last decision."""
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
        scores = view.scores

        def value(p: fast.Position) -> tuple[float, float]:
            """(the match value plus a little for points, the side's net points) of a finished hand."""
            res, gained = p.finish(scores)
            net = 2 * gained[side] - sum(gained)
            if penalty:
                net = -net
            return match_value(rules, res.after, side, res.winner_side) + POINT_EPS * net, net

        solver = None
        # Solve only when the deal is (nearly) known: two players and no tile left to draw
        # (only the reserve face down). With hidden hands that perfect-information play
        # cannot know (4 players, or a block game's face-down tiles) it measured worse.
        known = rules.players == 2 and view.boneyard_count <= rules.reserve
        if self.endgame and known:
            if sum(view.hand_counts) <= self.endgame:
                solver = Solver(side, value, self.node_budget)
                deals = min(deals, self.solve_deals)
        weigh = _play_model(view, self.model) if self.model else None
        solved: dict[tuple, list[tuple[float, float]]] = {}
        self.last_solved = 0
        totals = [0.0] * len(acts)
        points = [0.0] * len(acts)
        start = time.perf_counter()
        done = 0
        wsum = 0.0
        for _ in range(deals):
            world = sample_world(know, view.hand_counts, rng)
            assert world is not None
            hands0, bone0 = world
            hands0[me] = view.hand
            vals = None
            if solver is not None:
                key = (*hands0, *bone0)
                vals = solved.get(key)
                if vals is None:
                    try:
                        vals = solver.values(root.copy(hands0, bone0), acts)
                        solved[key] = vals
                        self.last_solved += 1
                    except NodeBudget:
                        solver = None  # too big to solve: playouts from here on
            if vals is None:
                vals = []
                for a in acts:
                    p = root.copy(hands0, bone0)
                    p.apply(a)
                    p.playout(rand, greedy)
                    vals.append(value(p))
            w = 1.0 if weigh is None else weigh(hands0)
            for j, (v, pts) in enumerate(vals):
                totals[j] += w * v
                points[j] += w * pts
            done += 1
            wsum += w
            if self.time_cap is not None and time.perf_counter() - start > self.time_cap:
                self.capped += 1
                break
        values = {a: totals[j] / wsum for j, a in enumerate(acts)}
        net = {a: points[j] / wsum for j, a in enumerate(acts)}
        for a, b in same.items():
            values[a] = values[b]
            net[a] = net[b]
        self.last_values = values
        self.last_points = net
        self.last_deals = done
        return values


def _play_model(view: SeatView, beta: float) -> Callable[[list[int]], float]:
    """A deal's weight: the chance of the other seats' plays this hand under a heavy-leaning model."""
    rules = view.rules
    me = view.seat
    later = [0] * rules.players
    steps = []
    for e in reversed(view.events):
        if e.kind != "play" or e.tile is None or e.seat == me:
            continue
        later[e.seat] |= tiles.BIT[e.tile]
        steps.append((e.seat, later[e.seat], fast.ends_fit(rules, e.ends), e.tile))
    weight = [math.exp(beta * v) for v in tiles.VALUE]

    def weigh(hands: list[int]) -> float:
        w = 1.0
        for seat, held, fit, t in steps:
            options = (hands[seat] | held) & fit
            total = 0.0
            while options:
                low = options & -options
                total += weight[low.bit_length() - 1]
                options ^= low
            w *= weight[t] / total
        return w

    return weigh


def _outcome_key(root: fast.Position, a: Action) -> tuple:
    """Plays of one tile that leave the same open ends (numbers, doubles, arms, fives) are one."""
    if not isinstance(a, Play):
        return (type(a).__name__,)
    p = root.copy()
    p.apply(a)
    return ("play", a.tile, p.layout_key())


@dataclass(frozen=True)
class ActionValue:
    """Expert's evaluation of one legal action, from the seat's own view."""

    win: float
    """The side's chance to win the match after this action (0..1); in a single-hand match
    (``target`` 0) the chance to win the hand, a level hand counting half."""
    points: float
    """The side's expected net points of this hand: its points minus the others' (under
    penalty scoring the points written against a side count against it), All Fives'
    points scored during play included."""


def evaluate_actions(
    view: SeatView, seed: int = 0, playouts: int = DEFAULT_PLAYOUTS
) -> dict[Action, ActionValue]:
    """Every legal action's value for ``view``'s seat, as Expert at its default searches it.

    For the move review and the hint: it reads only ``view`` (never a hidden hand),
    is repeatable (the same view and ``seed`` give the same values: no wall-clock
    cap) and takes about as long as one of Expert's moves. A forced move (one
    legal action) is still valued. The best action by Expert is the one with the
    highest ``win`` (ties broken by ``points``).
    """
    player = ExpertPlayer(seed, playouts=playouts, time_cap=None)
    values = player.evaluate(view)
    pts = player.last_points
    out = {}
    for a in view.legal:
        p = pts[a]
        win = values[a] - POINT_EPS * p
        out[a] = ActionValue(min(1.0, max(0.0, win)), p)
    return out
