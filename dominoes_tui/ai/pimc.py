"""pimc: plain flat perfect-information Monte Carlo, the yardstick Expert is measured against.

Not a level of the menus: it plays in the arena (``dominoes arena --a expert --b pimc``).
For a decision with a real choice it deals the tiles it has not seen ``deals``
times (default 100), each deal consistent with the seat's view (counts, tiles
seen, voids from draws and passes: :mod:`.knowledge`), and values each legal
action by one playout per deal with the engine's playout for the layout
(:func:`dominoes_tui.engine.fast.position`): the heaviest fitting tile 90 % of
the time, a random fitting tile otherwise. It plays the action with the best
mean point difference of the hand (its side's points minus the others', the
fives scored during play included; under penalty scoring the points written
against a side count against it). It knows nothing of the match score.
"""

from __future__ import annotations

import random

from ..engine import Action, SeatView, fast
from .knowledge import infer, sample_world

DEFAULT_DEALS = 100
GREEDY = 0.9


class PimcPlayer:
    """Flat PIMC: N sampled deals, one greedy playout per action and deal, mean point difference."""

    level = "pimc"

    def __init__(
        self, seed: int | None = None, name: str = "CPU (pimc)", deals: int = DEFAULT_DEALS
    ) -> None:
        self.rng = random.Random(seed)
        self.name = name
        self.deals = deals
        self.last_values: dict[Action, float] = {}

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        self.last_values = {}
        if len(legal) == 1:
            return legal[0]
        values = self.evaluate(view)
        return max(legal, key=lambda a: values[a])

    def evaluate(self, view: SeatView) -> dict[Action, float]:
        """Mean point difference of the hand after each legal action, over ``deals`` deals."""
        legal = list(view.legal)
        root = fast.position(view)
        know = infer(view)
        rng = self.rng
        rand = rng.random
        rules = view.rules
        me = view.seat
        side = rules.side_of(me)
        sign = -1 if rules.scoring == "penalty" else 1
        totals = [0.0] * len(legal)
        for _ in range(self.deals):
            world = sample_world(know, view.hand_counts, rng)
            assert world is not None
            hands, bone = world
            hands[me] = view.hand
            for j, a in enumerate(legal):
                p = root.copy(hands, bone)
                p.apply(a)
                p.playout(rand, GREEDY)
                gained = p.outcome(view.scores)[2]  # the points only, no hand record
                totals[j] += sign * (2 * gained[side] - sum(gained))
        values = {a: totals[j] / self.deals for j, a in enumerate(legal)}
        self.last_values = values
        return values
