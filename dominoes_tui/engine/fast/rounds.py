"""What Mexican Train and Chicken Foot share on the fast path (RULES.md §8).

A position of a round is a small object of plain lists and ints, the layout's
:class:`RoundsPosition` (:class:`~.trains.TrainsPosition`,
:class:`~.foot.FootPosition`): read from a seat's view by ``position(view, hands,
boneyard)``, or from a game with ``trains_position(game)`` / ``foot_position(game)``;
its playout plays the round out from it in place and records the seat that went
out, or None if the round was blocked; :meth:`RoundsPosition.finish` scores it with
``engine.scoring.score_round``. The policy is uniform over every (tile, place) the
rules allow, or with ``greedy`` the heaviest such tile (doubles first on a tie)
with that probability; a first-turn run always goes on while a tile fits. A test
replays traced playouts through ``Game`` action by action: ``("play", tile,
place)`` (place None: Chicken Foot's centre), ``("draw",)``, ``("pass",)``,
``("stop",)``.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable
from typing import Final

from .. import tiles
from ..actions import Action, Play
from ..rules import Rules
from ..scoring import HandResult, Scores, round_penalties, score_round, tile_penalty
from .base import _DOUBLE, _HIGH, _LOW, _SUIT, Position, Rand

Chances = list[float] | None
"""A chance for each seat (``ready``, ``block``), or None: no seat plays so."""


class RoundsPosition(Position):
    """A round of Mexican Train or Chicken Foot in progress, every tile known.

    ``ends``: the number each place takes; ``drawn``: the tile the seat to move
    just drew, or -1; ``players``: the seats. A layout adds its places
    (``places``), its :meth:`apply`, :meth:`moves`, its playout (:meth:`_play_out`)
    and its deal (:meth:`deal`).
    """

    __slots__ = ("ends", "drawn", "players")

    ends: list[int]
    drawn: int
    players: int

    def _start(
        self, rules: Rules, hands: list[int], boneyard: list[int], turn: int, passes: int
    ) -> None:
        """The fields every position of a round has, at a turn of a round in play."""
        self.rules = rules
        self.hands = hands
        self.boneyard = boneyard
        self.turn = turn
        self.passes = passes
        self.players = len(hands)
        self.first = None  # no first- or last-tile bonus in rounds games
        self.last = -1
        self.over = False
        self.domino = None

    def plays(self, mask: int, places: tuple[int, ...] | None = None) -> list[Action]:
        """Every ``Play`` of a tile in ``mask`` on a place of ``places`` it fits, tile by tile."""
        places = self.places() if places is None else places
        ends = [(p, self.ends[p]) for p in places]
        union = 0
        for _, n in ends:
            union |= _SUIT[n]
        out: list[Action] = []
        for t in tiles.bits(mask & union):
            lo, hi = _LOW[t], _HIGH[t]
            out.extend(Play(t, p) for p, n in ends if lo == n or hi == n)
        return out

    @abstractmethod
    def places(self) -> tuple[int, ...]:
        """Where the seat to move may lay a tile now."""

    def weights(self) -> list[int]:
        """The greedy pick's order of the tiles under this round's rules (:func:`tile_weights`)."""
        return tile_weights(self.rules)

    def playout(self, rand: Rand, greedy: float = 0.0, trace: list | None = None) -> None:
        self.seat_playout(rand, [greedy] * self.players, trace)

    def seat_playout(
        self,
        rand: Rand,
        greedy: list[float],
        trace: list | None = None,
        ready: Chances = None,
        block: Chances = None,
    ) -> None:
        """:meth:`playout` with each seat's own ``greedy`` (``greedy[seat]``). ``ready``:
        the chance seat s plays the heaviest tile that leaves it one to play on its next
        turn (:func:`marked_option`; in place of its ``greedy``: else a random one) where
        ``ready[s]`` > 0; ``block``: the same, the heaviest tile that leaves the next seat
        none to play where it can (``block[s]`` > 0, ``ready[s]`` not)."""
        if self.over:
            return
        self.domino = self._play_out(rand, trace, greedy, ready, block)
        self.over = True

    @abstractmethod
    def _play_out(
        self, rand: Rand, trace: list | None, greedy: list[float], ready: Chances, block: Chances
    ) -> int | None:
        """Play the round out in place; the seat that went out, or None if it was blocked."""

    def finish(self, before: Scores) -> tuple[HandResult, list[int]]:
        """Score the finished round (R-TR-5, R-CF-5): every seat's penalty, as ``score_round``."""
        res = score_round(self.rules, self.domino, self.hands, before)
        return res, list(res.points)

    def outcome(self, before: Scores) -> tuple[Scores, int | None, list[int]]:
        """:meth:`finish`'s scores after the round, winner and penalties (a round has its own
        scoring, ``score_round``)."""
        res, gained = self.finish(before)
        return res.after, res.winner_side, gained

    def penalties(self, written: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The finished round's penalties and the totals after it, from the totals ``written``
        before: ``(counted, written after)``, as :meth:`finish` scores them without the
        record (:func:`~dominoes_tui.engine.scoring.round_penalties`)."""
        return round_penalties(self.rules, self.hands, written)

    @classmethod
    @abstractmethod
    def deal(
        cls, rules: Rules, rng: random.Random, round_no: int = 1, first_seat: int | None = None
    ) -> RoundsPosition:
        """Round ``round_no``'s deal, exactly as the readable game deals it from ``rng``."""

    @classmethod
    def random_round(
        cls,
        rules: Rules,
        rng: random.Random,
        round_no: int = 1,
        scores: Scores | None = None,
        greedy: float = 0.0,
    ) -> HandResult:
        """Deal round ``round_no`` from ``rng``, play it out at random and score it."""
        pos = cls.deal(rules, rng, round_no)
        pos.playout(rng.random, greedy)
        return score_round(rules, pos.domino, pos.hands, scores or Scores.zero(rules.sides))

    @classmethod
    def random_hand(cls, rules: Rules, rng: random.Random, scores: Scores) -> HandResult:
        """Deal round 1 as the readable game does from ``rng`` and play it out at random."""
        return cls.random_round(rules, rng, 1, scores)


_WEIGHTS: dict[int, list[int]] = {}


def tile_weights(rules: Rules) -> list[int]:
    """The greedy policy's order of the tiles under ``rules``: the most penalty first, as the
    scoring counts a tile left in hand (:func:`~dominoes_tui.engine.scoring.tile_penalty`: a
    0-0 as 50 in Mexican Train and Chicken Foot), a double first on a tie."""
    key = rules.blank_double_counts  # the one rule tile_penalty reads
    got = _WEIGHTS.get(key)
    if got is None:
        got = _WEIGHTS[key] = [2 * tile_penalty(rules, t) + d for t, d in enumerate(_DOUBLE)]
    return got


_MARKED: Final = 1 << 24
"""In :func:`marked_option`, above any tile's weight (however much a 0-0 counts): a marked
option first."""


def heaviest_option(
    opt_tile: list[int], k: int, rand: Callable[[], float], weight: list[int]
) -> int:
    """Which of the ``k`` options (their tiles ``opt_tile[:k]``) lays the heaviest tile by
    ``weight`` (:func:`tile_weights`); of several alike, one at random (the ties in their
    order)."""
    best = -1
    ties = 0
    for i in range(k):  # the heaviest and how many tie with it
        w = weight[opt_tile[i]]
        if w > best:
            best, ties = w, 1
        elif w == best:
            ties += 1
    pick = int(rand() * ties) if ties > 1 else 0  # the pick-th of the ties
    for i in range(k):
        if weight[opt_tile[i]] == best:
            if not pick:
                return i
            pick -= 1
    return -1  # pragma: no cover - one option at least is the heaviest


def marked_option(opt_tile: list[int], k: int, marks: list[int], weight: list[int]) -> int:
    """Which of the ``k`` options lays the heaviest tile by ``weight`` of those
    marked (``marks[i]`` nonzero: with ``ready``, the seat still holds a tile to play after
    it; with ``block``, the next seat holds none), or the heaviest of all if none is: the
    first such on a tie."""
    best = -1
    pick = 0
    for i in range(k):
        w = weight[opt_tile[i]] + (_MARKED if marks[i] else 0)
        if w > best:
            best, pick = w, i
    return pick


def deal_round(rules: Rules, rng: random.Random, pool: list[int]) -> tuple[list[int], list[int]]:
    """Shuffle ``pool`` and deal ``rules.deal_size`` to each seat, as ``RoundsGame`` does."""
    rng.shuffle(pool)
    hs, players = rules.deal_size, rules.players
    hands = []
    for i in range(players):
        m = 0
        for t in pool[i * hs : (i + 1) * hs]:
            m |= 1 << t
        hands.append(m)
    return hands, pool[players * hs :]
