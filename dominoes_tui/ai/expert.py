"""Expert: determinized search over the hidden tiles (perfect-information Monte Carlo).

For a decision with a real choice, Expert deals the tiles it has not seen into
the other hands and the boneyard many times, each deal consistent with what the
seat knows (counts, tiles seen, voids from draws and passes: :mod:`.knowledge`).
In the line games the deals are also weighted by how likely the others' plays this hand
were in each (:mod:`.model`: a deal in which a seat held a tile it was likelier to lay
than the one it laid counts less; :func:`default_model`).
On every deal it tries each legal action and works out how the hand ends:

- while tiles may still be drawn, or many are in the hands, by playing it out
  with a skilled policy (the engine's styled playout for the layout,
  :class:`dominoes_tui.engine.fast.Style`: heavy tiles and doubles out early, a
  follow kept, ends left that the next seat has shown it lacks; All Fives' points
  during play count);
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
reproduces every choice; a cap in CPU time of the searching thread (checked
between deals) is a safety net only: a busy machine does not shorten the search. :func:`evaluate_actions` gives every legal action's value (chance to
win, expected points) for the hint and the move review.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..engine import Action, Draw, Rules, SeatView, fast
from . import rounds
from .endgame import NodeBudget, Solver
from .knowledge import infer, public_voids
from .model import Deals
from .sim import match_value

DEFAULT_PLAYOUTS = 4000
"""Playouts per decision (one per action and deal): Expert's default setting."""
MIN_DEALS = 24
MAX_DEALS = 1000
BATCH = 12
"""Deals drawn at a time (with a model, resampled together)."""
DEFAULT_TIME_CAP = 2.0
"""CPU seconds of the searching thread: a safety net, checked between deals; the budget
ends first. Compiled (:mod:`dominoes_tui.compiled`), no decision measured here took over
0.6 s, so a machine three times slower, or the search run as plain Python (about 2.5 times
slower), stays under it (``benchmarks/RESULTS.md``, "Expert's think time"). CPU time, not
wall-clock, so that a busy machine does not cut the search short."""
DEFAULT_MODEL = 0.0
SUM7_MODEL = 1.0
"""In Matador (ends adding up to seven) the deals are weighted by a model of the others'
play at this sharpness (:class:`~.model.PlayModel`'s ``beta``): 70.8% against Hard over
400 matches where the unweighted search made 69.5% on the same deals."""
LINE_MODEL = 0.5
"""In the line games without wild tiles (and, without partners, without points for the ends)
the deals are weighted the same way at this sharpness: what the others laid and passed on
says what they hold, the partner's plays too where there are partners. Against ``pimc``, 400 matches each, the same
deals: classic 67.0% where the unweighted search made 63.0% (on a second set of deals 69.2%
against 71.2%), standard-draw 66.0% against 64.2%: +1.2 points a match over the three sets,
not proven; with partners it gained more: two Experts against two ``pimc`` in international
71.3% against 67.0%, two against two Hards in goat 83.0% against 73.0% (100 matches)
(``benchmarks/RESULTS.md``, "Eighth sitting" and "Ninth sitting")."""
DEFAULT_POOL = 3
DEFAULT_STYLE: fast.Style | None = fast.Style(greedy=0.9, void=3.0)
"""The playout policy: the skilled one, heaviest-minded but keeping a follow, doubles
out early, and leaving the next seat ends it has shown it lacks (measured: 69% against
pimc where the engine's default playout at 1,200 playouts made 64%, same deals)."""
PLAIN_GREEDY = 0.75
"""The line games' playout greediness where ``style`` is None (the engine's plain playout);
the rounds games' own is ``rounds.default_greedy``."""
ENDGAME_TILES = 12
"""With two players and no more draws, each deal is solved exactly (alpha-beta,
:mod:`.endgame`) once this many tiles or fewer are in the hands."""
NODE_BUDGET = 20_000
"""Alpha-beta nodes a decision may spend; past it the remaining deals are played out."""
POINT_EPS = 1e-4
"""Points' weight beside the match value: breaks ties when the match is settled."""
RACE_Z = 0.0
"""Off at Expert's default (0): a trial setting. With ``race`` z > 0, an action stops being
searched once the best one leads it by z standard errors of their paired difference (the
same deals: common random numbers), so a move that cannot come first costs no more
playouts (:class:`Race`). Measured in ``benchmarks/RESULTS.md`` ("Expert's think time"):
4x less CPU in Matador, but 67% against Hard where the full search made 74-76% on the same
deals; dropping only (no early stop) 73% at three quarters of the CPU. Not kept."""
REGRET = 0.0
"""With the race on, the search of a decision also ends once what it could still gain is
below this chance to win the match: for each action left, the expected amount by which it
beats the leader (the normal approximation of their paired difference, its expected excess
over zero), the largest of them. 0: search to the end of the budget. At 0.002 a decision
it ended gave away little, but a match is some 25 decisions: that is what lost the 7 points."""


RACE_START = 96
"""Deals every action sees before the race may drop one or end the search: fewer deals see
too few of the rare ones where two moves part (a difference never seen looks like none)."""
PRIOR_SD = 0.1
PRIOR_DEALS = 12
"""The spread assumed for the difference of two moves on a deal (in chance to win the match),
worth this many deals, beside the spread seen: so that two moves alike on every deal so far
are not taken for the same move."""


def default_model(rules: Rules) -> float:
    """Expert's default :class:`~.model.PlayModel` sharpness for a house: weighted deals in the
    line games, more sharply where some tiles go on any end (Matador's matadors: who holds
    them shows in how they play); none in All Fives and the games of rounds (there the
    rounds search's own trials found no gain, and All Fives was not measured)."""
    if fast.wild_tiles(rules):
        return SUM7_MODEL
    if rules.partners:  # whatever the ends score: the partner's plays say what it holds
        return LINE_MODEL
    if rules.is_rounds or rules.end_scoring == "fives":
        return DEFAULT_MODEL
    return LINE_MODEL


class ExpertPlayer:
    """Expert: PIMC over deals consistent with the seat's knowledge, valued for the match."""

    level = "expert"

    def __init__(
        self,
        seed: int | None = None,
        name: str = "CPU (Expert)",
        playouts: int = DEFAULT_PLAYOUTS,
        time_cap: float | None = DEFAULT_TIME_CAP,
        greedy: float | None = None,
        endgame: int = ENDGAME_TILES,
        solve_deals: int = 40,
        node_budget: int = NODE_BUDGET,
        model: float | None = None,
        pool: int = DEFAULT_POOL,
        style: fast.Style | dict | None = DEFAULT_STYLE,
        max_deals: int = MAX_DEALS,
        race: float = RACE_Z,
        regret: float = REGRET,
        race_start: int = RACE_START,
        others_greedy: float | None = None,
        others_style: fast.Style | dict | None = None,
        crn: bool = False,
        halving: int = 0,
        points: float = rounds.POINTS_WEIGHT,
        prior: float = 0.0,
        ready: float | None = None,
        others_block: float | None = None,
        block: float = rounds.BLOCK,
        read: int | None = None,
        deep: int = 0,
        deep_bone: int = 0,
    ) -> None:
        self.rng = random.Random(seed)
        self.name = name
        self.playouts = playouts
        """Playouts a decision may spend (one per action and deal)."""
        self.time_cap = time_cap
        """CPU seconds of the searching thread (``time.thread_time``) after which the search
        stops between deals: a safety net, never reached at the default budget."""
        self.greedy = greedy
        """The default playout's greediness, when ``style`` is None (None:
        :data:`PLAIN_GREEDY`); in Mexican Train and Chicken Foot its own seat's (None: the
        house's, ``rounds.default_greedy``)."""
        self.endgame = endgame
        """Solve each deal exactly once this many tiles or fewer are in the hands (0: never)."""
        self.solve_deals = solve_deals
        self.node_budget = node_budget
        self.model = model
        """How sharply the others are modelled to prefer the plays a simple score ranks
        first (:class:`~.model.PlayModel`'s ``beta``); 0: deals are not weighted by their plays;
        None: the house's default (:func:`default_model`)."""
        self.pool = pool
        """With a model: deals drawn per deal kept (resampled by their plays' likelihood)."""
        self.style = fast.Style(**style) if isinstance(style, dict) else style
        """The skilled playout policy (:class:`~dominoes_tui.engine.fast.Style`); None:
        the engine's default playout with ``greedy``."""
        self.max_deals = max_deals
        self.race = race
        """Standard errors at which an action is dropped from the search (0: never)."""
        self.regret = regret
        """The search ends once no action left is expected to beat the leader by more (0: never)."""
        self.race_start = race_start
        """Deals before the race may drop an action or end the search."""
        self.others_style = (
            fast.Style(**others_style) if isinstance(others_style, dict) else others_style
        )
        """The other side's seats' playout policy (None: ``style`` for every seat)."""
        self.halving = halving
        """Mexican Train and Chicken Foot: successive halving of the moves searched (1 or
        True: at every decision; 2: where every other seat reads as heaviest-first, Chicken
        Foot's ``read``; 0: never)."""
        self.crn = crn
        """Common random numbers: on a deal, every action's playout draws the same random
        numbers (Mexican Train and Chicken Foot)."""
        self.others_greedy = others_greedy
        """Mexican Train and Chicken Foot: the other seats' playout greediness (None: the
        house's, ``rounds.default_others_greedy``)."""
        self.points = points
        """Mexican Train and Chicken Foot: the weight of the penalty difference against the
        field beside the chance to finish lowest (``rounds.POINTS_WEIGHT``)."""
        self.prior = prior
        """Mexican Train and Chicken Foot: each move's value plus this much per point of
        Hard's one-move score of it (0: the search alone)."""
        self.ready = ready
        """Mexican Train and Chicken Foot: the chance this seat's own playout lays the
        heaviest tile that leaves it one to play next turn, in place of ``greedy`` (0: not;
        None: the house's, ``rounds.default_ready``)."""
        self.others_block = others_block
        """Mexican Train and Chicken Foot: the chance the other seats' playouts lay the
        heaviest tile that leaves the next seat none to play, in place of their greedy pick
        (0: not; None: the house's, ``rounds.default_others_block``)."""
        self.block = block
        """Mexican Train and Chicken Foot: the chance this seat's own playout lays the heaviest
        tile that leaves the next seat none to play, in place of ``greedy`` (where its
        ``ready`` is 0; ``rounds.BLOCK``)."""
        self.read = read
        """Chicken Foot: how the others' plays are read (``rounds.READ``; None: the house's,
        ``rounds.default_read``)."""
        self.deep = deep
        """Chicken Foot, a setting for trials: once the boneyard holds ``deep_bone`` tiles or
        fewer and this seat this many or fewer, its own later moves on each deal are chosen
        best (``rounds.expert_values``' ``deep``; 0: never)."""
        self.deep_bone = deep_bone
        """Chicken Foot: with ``deep``, the boneyard may hold this many tiles (``rounds``'
        ``deep_bone``)."""
        self.last_solved = 0
        self.last_values: dict[Action, float] = {}
        """Mean value of each action at the last decision (for hints and tests)."""
        self.last_points: dict[Action, float] = {}
        """Mean net points of the hand for this side after each action, at the last decision."""
        self.last_chances: dict[Action, float] = {}
        """In a game of rounds: each action's chance to finish the match lowest, at the last
        decision."""
        self.last_deals = 0
        self.last_playouts = 0
        self.capped = 0
        """How many decisions the CPU-time cap cut short (should stay 0)."""

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        self.last_values = {}
        self.last_chances = {}
        self.last_deals = 0
        if len(legal) == 1:
            return legal[0]
        values = self.evaluate(view)
        best = max(legal, key=lambda a: values[a])
        return best

    def evaluate(self, view: SeatView) -> dict[Action, float]:
        """Mean value (chance to win the match, plus a little for points) of each legal action."""
        if view.rules.is_rounds:  # Mexican Train, Chicken Foot (ai/rounds.py)
            # Expert left at its default budget: these games' own
            budget = self.playouts
            if budget == DEFAULT_PLAYOUTS:
                budget = rounds.DEFAULT_PLAYOUTS
            beta = default_model(view.rules) if self.model is None else self.model
            found = rounds.expert_values(
                view,
                self.rng,
                budget,
                self.greedy,
                self.time_cap,
                beta,
                self.pool,
                self.others_greedy,
                self.crn,
                self.halving,
                self.points,
                self.prior,
                self.ready,
                self.others_block,
                self.block,
                self.read,
                self.deep,
                self.deep_bone,
            )
            self.last_values = found.values
            self.last_chances = found.chances
            self.last_deals = found.deals
            self.capped += found.capped
            return found.values
        start = time.thread_time()
        legal = list(view.legal)
        root = fast.position(view)  # the layout's position: the search spells no rule
        # Plays that reach the same position (a tile on either of two equal ends) share a value.
        acts: list[Action] = []
        same: dict[Action, Action] = {}
        seen: dict[tuple, Action] = {}
        for a in legal:
            key = fast.outcome_key(root, a)
            if key in seen:
                same[a] = seen[key]
            else:
                seen[key] = a
                acts.append(a)
        n = len(acts)
        know = infer(view)
        rng = self.rng
        rand = rng.random
        rules = view.rules
        me = view.seat
        side = rules.side_of(me)
        penalty = rules.scoring == "penalty"
        greedy = PLAIN_GREEDY if self.greedy is None else self.greedy
        style: fast.Style | list[fast.Style] | None = self.style
        if self.style is not None and self.others_style is not None:
            style = [
                self.style if rules.side_of(s) == side else self.others_style
                for s in range(rules.players)
            ]
        scores = view.scores
        cap = self.time_cap
        voids = (
            public_voids(view)
            if self.style is not None and (self.style.void or self.style.partner)
            else None
        )

        chances: dict[tuple, float] = {}  # the match value of each score a hand may end at

        def value(p: fast.Position) -> tuple[float, float]:
            """(the match value plus a little for points, the side's net points) of a finished hand."""
            after, winner_side, gained = p.outcome(scores)
            net = 2 * gained[side] - sum(gained)
            if penalty:
                net = -net
            key = (after, winner_side)
            chance = chances.get(key)
            if chance is None:
                chance = chances[key] = match_value(rules, after, side, winner_side)
            return chance + POINT_EPS * net, net

        beta = default_model(rules) if self.model is None else self.model
        source = Deals(view, know, beta, self.pool, rng)
        deals = source.take

        solver = None
        # Solve only when the deal is (nearly) known: two players and no tile left to draw
        # (only the reserve face down). With hidden hands that perfect-information play
        # cannot know (4 players, or a block game's face-down tiles) it measured worse.
        known = rules.players == 2 and view.boneyard_count <= rules.reserve
        if self.endgame and known and sum(view.hand_counts) <= self.endgame:
            solver = Solver(side, value, self.node_budget)
        self.last_solved = 0
        self.last_playouts = 0
        vals: list[list[float]] = [[] for _ in acts]
        pts: list[list[float]] = [[] for _ in acts]
        done = 0
        if solver is not None:
            solved: dict[tuple, list[tuple[float, float]]] = {}
            for hands0, bone0 in deals(self.solve_deals):
                hands0[me] = view.hand
                key = (*hands0, *bone0)
                got = solved.get(key)
                if got is None:
                    try:
                        got = solver.values(root.copy(hands0, bone0), acts)
                    except NodeBudget:  # too big to solve: playouts instead
                        vals = [[] for _ in acts]
                        pts = [[] for _ in acts]
                        done = 0
                        break
                    solved[key] = got
                    self.last_solved += 1
                for j, (v, pt) in enumerate(got):
                    vals[j].append(v)
                    pts[j].append(pt)
                done += 1
        if not done:
            # Each action's position, reached once: a play or a pass takes nothing from the deal
            # (only this seat's hand and the layout change), so every deal starts from it.
            children: list[fast.Position | None] = []
            for a in acts:
                if isinstance(a, Draw):
                    children.append(None)
                else:
                    reached = root.copy()
                    reached.apply(a)
                    children.append(reached)
            target = max(MIN_DEALS, min(self.max_deals, self.playouts // n))
            used = 0
            stop = False
            race = Race(n, self.race, self.regret) if self.race and n > 1 else None
            live = list(range(n))
            while not stop:
                batch = min(BATCH, target - done)
                for hands0, bone0 in deals(max(1, batch)):
                    for j in live:
                        child = children[j]
                        if child is None:  # a draw: what it takes is the deal's
                            hands0[me] = view.hand
                            p = root.copy(hands0, bone0)
                            p.apply(acts[j])
                        else:
                            hands0[me] = child.hands[me]
                            p = child.copy(hands0, bone0)
                        if style is None:
                            p.playout(rand, greedy)
                        else:
                            p.styled_playout(rand, style, None, voids)
                        v, pt = value(p)
                        vals[j].append(v)
                        pts[j].append(pt)
                    used += len(live)
                    done += 1
                    if race is not None:
                        race.add(vals, live)
                    if cap is not None and time.thread_time() - start > cap:
                        self.capped += 1
                        stop = True
                        break
                if stop or done >= target:
                    break
                if race is not None and done >= self.race_start:
                    live = race.keep(live, done)
                    if len(live) == 1 or race.settled:
                        break
            self.last_playouts = used
        values = {a: sum(vals[j]) / len(vals[j]) for j, a in enumerate(acts)}
        net = {a: sum(pts[j]) / len(pts[j]) for j, a in enumerate(acts)}
        for a, b in same.items():
            values[a] = values[b]
            net[a] = net[b]
        self.last_values = values
        self.last_points = net
        self.last_deals = done
        return values


class Race:
    """Which actions are still worth searching, from the deals so far (paired: every action
    still searched has been played on every deal).

    After each batch of deals the leader (the best mean) is compared with each other
    action by their paired difference (mean ``gap`` behind, standard error ``se``): an
    action ``z`` standard errors behind is dropped (its value is the mean over the deals it
    saw). The search is ``settled`` once the most any action left is expected to beat the
    leader by (``se * (pdf(g) - g * (1 - cdf(g)))`` with ``g = gap / se``: the expected
    excess over zero of a normal difference) is below ``regret``. The sums are kept deal by
    deal, so a check makes no pass over the deals.
    """

    def __init__(self, n: int, z: float, regret: float) -> None:
        self.z = z
        self.regret = regret
        self.sums = [0.0] * n
        self.squares = [0.0] * n
        self.cross = [[0.0] * n for _ in range(n)]
        self.settled = False

    def add(self, vals: list[list[float]], live: list[int]) -> None:
        """Take the newest deal's value of each live action."""
        last = [vals[j][-1] for j in live]
        sums, squares, cross = self.sums, self.squares, self.cross
        for a, j in enumerate(live):
            v = last[a]
            sums[j] += v
            squares[j] += v * v
            row = cross[j]
            for b in range(a + 1, len(live)):
                row[live[b]] += v * last[b]

    def keep(self, live: list[int], k: int) -> list[int]:
        """The live actions still worth a deal after ``k`` deals (the leader kept)."""
        sums, squares, cross = self.sums, self.squares, self.cross
        lead = max(live, key=lambda j: sums[j])
        out = []
        worst = 0.0
        for j in live:
            if j == lead:
                out.append(j)
                continue
            a, b = (lead, j) if lead < j else (j, lead)
            gap = (sums[lead] - sums[j]) / k
            spread = max(0.0, squares[lead] + squares[j] - 2 * cross[a][b] - k * gap * gap)
            var = (spread + PRIOR_DEALS * PRIOR_SD**2) / (k - 1 + PRIOR_DEALS)
            se = math.sqrt(var / k)
            if gap > self.z * se:
                continue
            out.append(j)
            if se > 0:
                g = gap / se
                pdf = math.exp(-0.5 * g * g) / math.sqrt(2 * math.pi)
                tail = 0.5 * math.erfc(g / math.sqrt(2))
                worst = max(worst, se * (pdf - g * tail))
        self.settled = worst < self.regret
        return out


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
