"""Expert: determinized search over the hidden tiles (perfect-information Monte Carlo).

For a decision with a real choice, Expert deals the tiles it has not seen into
the other hands and the boneyard many times, each deal consistent with what the
seat knows (counts, tiles seen, voids from draws and passes: :mod:`.knowledge`).
On every deal it tries each legal action and plays the hand out with a quick,
plausible policy (:func:`.sim.playout`; on a spinner or in Matador
:func:`.sim.general_playout`, which also scores All Fives' points during play),
scores it with the engine's scoring and values the score after it as the chance
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
from collections.abc import Callable

from ..engine import Action, Draw, Pass, Play, PlayDoubles, Rules, SeatView, score_hand, tiles
from ..engine.fast import supports
from ..engine.scoring import Scores
from .knowledge import infer, sample_world
from .sim import Table, general_playout, match_value, place, playout, table_of

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
        legal = list(view.legal)
        line = supports(view.rules)
        table = None if line else table_of(view)
        # Plays that reach the same position (a tile on either of two equal ends) share a value.
        acts: list[Action] = []
        same: dict[Action, Action] = {}
        seen: dict[tuple, Action] = {}
        for a in legal:
            key = _outcome_key(view, a) if table is None else _table_key(view, table, a)
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
        passes = 0
        for e in reversed(view.events):
            if e.kind != "pass":
                break
            passes += 1
        first = view.line[0].tile if view.line else None
        totals = [0.0] * len(acts)
        start = time.perf_counter()
        done = 0
        for _ in range(deals):
            world = sample_world(know, view.hand_counts, rng)
            assert world is not None
            hands0, bone0 = world
            hands0[me] = view.hand
            for j, a in enumerate(acts):
                if table is None:
                    totals[j] += self._simulate(
                        rules, side, view, a, list(hands0), list(bone0), first, passes, rand
                    )
                else:
                    totals[j] += self._simulate_table(
                        rules, side, view, a, list(hands0), list(bone0), table, passes, rand
                    )
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

    def _simulate_table(
        self,
        rules: Rules,
        side: int,
        view: SeatView,
        a: Action,
        hands: list[int],
        bone: list[int],
        table: Table,
        passes: int,
        rand: Callable[[], float],
    ) -> float:
        """As :meth:`_simulate` on any layout (spinner, sum-to-seven, fives) via :mod:`.sim`'s
        general playout: the fives scored and given away in the rest of the hand count."""
        me = view.seat
        players = rules.players
        tb = table.copy()
        fives0 = list(tb.fives)
        first = view.line[0].tile if view.line else None
        last = -1
        turn = me
        if isinstance(a, Play):
            hands[me] &= ~tiles.BIT[a.tile]
            place(rules, tb, a.tile, a.end, a.touch, me)
            if a.end is None:
                first = a.tile
            last = a.tile
            turn = (me + 1) % players
            passes = 0
        elif isinstance(a, Draw):
            hands[me] |= tiles.BIT[bone.pop()]
            passes = 0
        elif isinstance(a, Pass):
            passes += 1
            turn = (me + 1) % players
        if not hands[me]:
            domino: int | None = me
        elif passes >= players:
            domino = None
        else:
            domino, end_tile = general_playout(
                rules, hands, bone, tb, turn, passes, rand, self.greedy
            )
            if end_tile >= 0:
                last = end_tile
        if last < 0:
            last = _last_played(view)
        sc = view.scores
        written = tuple(w + f - f0 for w, f, f0 in zip(sc.written, tb.fives, fives0))
        before = Scores(written, sc.held, sc.hanging)
        res = score_hand(rules, domino, hands, first, last if last >= 0 else None, before, tb.fives)
        value = match_value(rules, res.after, side, res.winner_side)
        net = 0
        for s in range(rules.sides):
            got = res.points[s] + tb.fives[s] - fives0[s]
            net += got if s == side else -got
        if rules.scoring == "penalty":
            net = -net
        return value + POINT_EPS * net

    def _simulate(
        self,
        rules: Rules,
        side: int,
        view: SeatView,
        a: Action,
        hands: list[int],
        bone: list[int],
        first: int | None,
        passes: int,
        rand: Callable[[], float],
    ) -> float:
        """Apply ``a`` in one deal (``hands``, ``bone``), play the hand out, value the result."""
        me = view.seat
        players = rules.players
        draws = rules.drawing != "none"
        turn = me
        last = -1
        if view.ends:
            left, right = view.ends[0], view.ends[1]
        else:
            left = right = -1
        if isinstance(a, Play):
            t = a.tile
            hands[me] &= ~tiles.BIT[t]
            last = t
            if a.end is None:
                left, right = tiles.HIGH[t], tiles.LOW[t]
                first = t
            elif a.end == 0:
                left = tiles.other_end(t, left)
            else:
                right = tiles.other_end(t, right)
            turn = (me + 1) % players
            passes = 0
        elif isinstance(a, PlayDoubles):
            hands[me] &= ~(tiles.BIT[a.first] | tiles.BIT[a.second])
            last = a.second
            turn = (me + 1) % players
            passes = 0
        elif isinstance(a, Draw):
            hands[me] |= tiles.BIT[bone.pop()]
            passes = 0
        elif isinstance(a, Pass):
            passes += 1
            turn = (me + 1) % players
        if not hands[me]:
            domino: int | None = me
        elif passes >= players:
            domino = None
        else:
            domino, end_tile = playout(
                hands,
                bone,
                left,
                right,
                turn,
                passes,
                players,
                rules.reserve,
                draws,
                rand,
                greedy=self.greedy,
            )
            if end_tile >= 0:
                last = end_tile
        if last < 0:
            last = _last_played(view)
        res = score_hand(rules, domino, hands, first, last if last >= 0 else None, view.scores)
        value = match_value(rules, res.after, side, res.winner_side)
        pts = res.points
        if rules.scoring == "penalty":
            net = sum(pts) - 2 * pts[side]
        else:
            net = 2 * pts[side] - sum(pts)
        return value + POINT_EPS * net


def _table_key(view: SeatView, table: Table, a: Action) -> tuple:
    """Plays that leave the same open ends (numbers, doubles, arms) and fives share a value."""
    if not isinstance(a, Play):
        return (type(a).__name__,)
    tb = table.copy()
    place(view.rules, tb, a.tile, a.end, a.touch, view.seat)
    ends = tuple(
        sorted((n, t >= 0 and bool(tiles.DOUBLE[t])) for n, t in zip(tb.ends, tb.end_tiles))
    )
    return ("play", a.tile, ends, tb.spinner, tuple(tb.fives))


def _last_played(view: SeatView) -> int:
    for e in reversed(view.events):
        if e.kind == "play" and e.tile is not None:
            return e.tile
        if e.kind == "doubles" and e.second is not None:
            return e.second
    return -1


def _outcome_key(view: SeatView, a: Action) -> tuple:
    if isinstance(a, Play) and a.end is not None:
        n = view.ends[a.end]
        return ("play", a.tile, n)
    return (type(a).__name__, getattr(a, "tile", None), getattr(a, "end", None))
