"""Chicken Foot's centre, arms and feet (R-CF-1…5): :class:`FootPosition` and
:func:`foot_playout`."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Self

from .. import tiles
from ..actions import Action, Draw, Pass, Play
from ..chicken_foot import FootBoard
from ..rules import Rules
from .base import _BIT, _DOUBLE, _HIGH, _LOW, _SUIT, Rand
from .rounds import Chances, RoundsPosition, deal_round, heaviest_option, marked_option

if TYPE_CHECKING:  # pragma: no cover
    from ..view import SeatView


class FootPosition(RoundsPosition):
    """A Chicken Foot round in progress (see ``ChickenFootGame``).

    ``double``: the round's double (a tile id); ``centre``: its number once it
    is in the centre, else -1; ``ends``: the number each line takes (arms 0-3,
    then the toes); ``open_lines``: the lines not closed by a foot, in order;
    ``filling``: the empty lines of the foot being filled; ``drawn``: the tile
    the seat to move just drew, or -1.

    The :class:`Position` of ``layout = "chicken_foot"``: :meth:`apply` takes
    the engine's actions (``Play(double)`` to the centre, ``Play(tile, line)``,
    ``Draw``, ``Pass``) and :meth:`moves` lists them as ``legal_actions`` does.
    """

    __slots__ = ("double", "centre", "open_lines", "filling")

    double: int
    centre: int
    open_lines: list[int]
    filling: list[int]

    @classmethod
    def of(
        cls,
        rules: Rules,
        hands: list[int],
        boneyard: list[int],
        double: int,
        centre: int,
        ends: list[int],
        open_lines: list[int],
        filling: list[int],
        drawn: int,
        turn: int,
        passes: int,
    ) -> Self:
        """A position from its fields (what the layout's deal and ``*_position`` make)."""
        p = cls()
        p._start(rules, hands, boneyard, turn, passes)
        p.double = double
        p.centre = centre
        p.ends = ends
        p.open_lines = open_lines
        p.filling = filling
        p.drawn = drawn
        return p

    def _read_layout(self, view: SeatView) -> None:
        board = view.board
        if not isinstance(board, FootBoard):
            raise ValueError("a Chicken Foot position needs a view of its layout")
        lines = board.lines
        self.double = board.round_double
        centre = board.centre
        self.centre = -1 if centre is None else _HIGH[centre]
        self.ends = [ln.end for ln in lines]
        self.open_lines = [i for i, ln in enumerate(lines) if not ln.closed]
        self.filling = list(board.filling)
        self.drawn = -1 if view.drawn is None else view.drawn
        self.passes = board.passes
        self.players = self.rules.players
        self.first, self.last = None, -1  # no first- or last-tile bonus in rounds games

    def _empty_layout(self) -> None:
        """Round 1 dealt: the set's highest double still to go in the centre."""
        n = self.rules.set
        self.double = tiles.tile(n, n)
        self.centre = -1
        self.ends = []
        self.open_lines = []
        self.filling = []
        self.drawn = -1
        self.players = self.rules.players

    def _copy_layout(self, p: Self) -> None:
        p.double = self.double
        p.centre = self.centre
        p.ends = list(self.ends)
        p.open_lines = list(self.open_lines)
        p.filling = list(self.filling)
        p.drawn = self.drawn
        p.players = self.players

    # -------------------------------------------------------------- the turn
    def places(self) -> tuple[int, ...]:
        """Where a tile may go now: the foot being filled's first empty line, else every
        open line (R-CF-2…4); () before the centre."""
        if self.centre < 0:
            return ()
        return (self.filling[0],) if self.filling else tuple(self.open_lines)

    def moves(self) -> list[Action]:
        """The seat to move's legal actions, in ``ChickenFootGame.legal_actions``' order."""
        s = self.turn
        if self.centre < 0:  # R-CF-1: the round double opens the round
            d = self.double
            if self.drawn >= 0:
                return [Play(d)] if self.drawn == d else [Pass()]
            return [Play(d)] if self.hands[s] >> d & 1 else [Draw()]
        places = self.places()
        if self.drawn >= 0:
            return self.plays(_BIT[self.drawn], places) or [Pass()]
        plays = self.plays(self.hands[s], places)
        if plays:
            return plays
        return [Draw()] if self.boneyard else [Pass()]

    def apply(self, action: Action) -> None:
        """The seat to move takes ``action`` (legal; not checked), as ``ChickenFootGame.apply``."""
        s = self.turn
        if isinstance(action, Play):
            t, p = action.tile, action.end
            h = self.hands[s] & ~_BIT[t]
            self.hands[s] = h
            if p is None:  # R-CF-1, R-CF-2: the centre and its four arms to fill
                n = _HIGH[t]
                self.centre = n
                self.ends = [n, n, n, n]
                self.open_lines = [0, 1, 2, 3]
                self.filling = [0, 1, 2, 3]
            else:
                n = self.ends[p]
                self.ends[p] = _HIGH[t] if _LOW[t] == n else _LOW[t]
                if p in self.filling:
                    self.filling.remove(p)
                if _DOUBLE[t]:  # R-CF-3: a foot of three toes
                    self.open_lines.remove(p)
                    first = len(self.ends)
                    self.ends.extend((n, n, n))
                    toes = [first, first + 1, first + 2]
                    self.open_lines.extend(toes)
                    self.filling = toes
            self.drawn = -1
            self.passes = 0
            if not h:
                self.over, self.domino = True, s  # R-CF-5
            else:
                self.turn = s + 1 if s + 1 < self.players else 0
        elif isinstance(action, Draw):
            t = self.boneyard.pop()
            self.hands[s] |= _BIT[t]
            self.drawn = t
            self.passes = 0
        elif isinstance(action, Pass):
            self.drawn = -1
            if self.centre >= 0:
                self.passes += 1
                if self.passes >= self.players and not self.boneyard:
                    self.over, self.domino = True, None  # R-CF-5: blocked
                    return
            self.turn = s + 1 if s + 1 < self.players else 0
        else:  # pragma: no cover - NextHand, Resign, TimeOut are not moves of a round
            raise ValueError(f"{action!r} is not a move within a round")

    def layout_key(self) -> tuple:
        """Open lines showing the same number are alike: the key keeps their numbers only."""
        filling = self.filling
        open_ends = sorted(self.ends[i] for i in self.open_lines if i not in filling)
        foot = self.ends[filling[0]] if filling else -1
        return (self.centre, tuple(open_ends), len(filling), foot, self.drawn)

    def _play_out(
        self, rand: Rand, trace: list | None, greedy: list[float], ready: Chances, block: Chances
    ) -> int | None:
        return foot_playout(self, rand, trace, greedy, ready, block)

    def play_until(
        self,
        seat: int,
        rand: Rand,
        greedy: list[float],
        ready: Chances = None,
        block: Chances = None,
    ) -> bool:
        """:meth:`seat_playout` until ``seat`` is to move again: True if it is (the position
        stops at its turn), False if the round ended first (the position is over)."""
        if self.over:
            return False
        got = foot_playout(self, rand, None, greedy, ready, block, seat)
        if got == STOPPED:
            return True
        self.domino = got
        self.over = True
        return False

    @classmethod
    def deal(
        cls, rules: Rules, rng: random.Random, round_no: int = 1, first_seat: int | None = None
    ) -> FootPosition:
        """Round ``round_no``'s deal (:func:`foot_deal`)."""
        return foot_deal(rules, rng, round_no, first_seat)


def foot_position(game) -> FootPosition:
    """The fast position of a Chicken Foot ``game`` (a ``ChickenFootGame`` in play)."""
    if game.rules.layout != "chicken_foot" or game.phase != "play":
        raise ValueError("foot_position needs a Chicken Foot round in play")
    closed = game.closed
    return FootPosition.of(
        game.rules,
        list(game.hands),
        list(game.boneyard),
        game.round_double,
        -1 if game.centre is None else _HIGH[game.centre],
        list(game.line_ends),
        [i for i in range(len(game.lines)) if not closed >> i & 1],
        list(game.filling),
        -1 if game.drawn is None else game.drawn,
        game.turn,
        game.passes,
    )


STOPPED: Final = -1
"""What :func:`foot_playout` returns when it stops at its ``until`` seat's turn."""


def foot_playout(
    pos: FootPosition,
    rand: Callable[[], float],
    trace: list | None = None,
    greedy: float | list[float] = 0.0,
    ready: Chances = None,
    block: Chances = None,
    until: int = -1,
) -> int | None:
    """Play a Chicken Foot round out from ``pos`` (changed in place): R-CF-1…5.

    Returns the seat that played its last tile, or None if the round was blocked; with
    ``until`` a seat, :data:`STOPPED` once that seat is to move (its turn not taken).
    ``greedy``: the chance a seat plays its heaviest tile (else a random one), or one a seat.
    ``ready``: where ``ready[s]`` > 0, in place of its ``greedy``, the chance seat s plays
    the heaviest tile after which it holds one that fits an open line or, after a double,
    the double (else a random one). ``block``: the same, the heaviest tile after which the
    next seat holds none that fits an open line or the double's foot (where ``block[s]`` > 0
    and ``ready[s]`` is not).
    """
    hands, bone, ends = pos.hands, pos.boneyard, pos.ends
    open_lines, filling = pos.open_lines, pos.filling
    players = pos.players
    drawn, turn, passes = pos.drawn, pos.turn, pos.passes
    suit, low_, high_, double_ = _SUIT, _LOW, _HIGH, _DOUBLE
    result: int | None = None
    greedies = greedy if isinstance(greedy, list) else [greedy] * players
    weight = pos.weights()  # the 0-0 as heavy as it counts
    while True:
        s = turn
        if s == until:
            result = STOPPED
            break
        h = hands[s]
        if pos.centre < 0:  # R-CF-1: the round double opens the round
            d = pos.double
            if (drawn < 0 and h >> d & 1) or drawn == d:
                h ^= 1 << d
                hands[s] = h
                n = _HIGH[d]
                pos.centre = n
                ends[:] = [n, n, n, n]
                open_lines[:] = [0, 1, 2, 3]
                filling[:] = [0, 1, 2, 3]
                drawn = -1
                passes = 0
                if trace is not None:
                    trace.append(("play", d, None))
                if not h:
                    result = s
                    break
            elif drawn < 0:
                t = bone.pop()
                hands[s] = h | (1 << t)
                drawn = t
                if trace is not None:
                    trace.append(("draw",))
                continue
            else:
                drawn = -1
                if trace is not None:
                    trace.append(("pass",))
            turn = s + 1 if s + 1 < players else 0
            continue
        places = (filling[0],) if filling else open_lines
        cand = (1 << drawn) if drawn >= 0 else h
        opt_tile: list[int] = []  # the options (opt_tile[i], opt_place[i]): places in order,
        opt_place: list[int] = []  # the lowest tile first on each
        for p in places:
            f = cand & suit[ends[p]]
            while f:
                b = f & -f
                opt_tile.append(b.bit_length() - 1)
                opt_place.append(p)
                f ^= b
        k = len(opt_tile)
        if not k:
            if drawn < 0 and bone:  # draw one tile (R-CF-3, R-CF-4)
                t = bone.pop()
                hands[s] = h | (1 << t)
                drawn = t
                passes = 0
                if trace is not None:
                    trace.append(("draw",))
                continue
            if trace is not None:
                trace.append(("pass",))
            drawn = -1
            passes += 1
            if passes >= players and not bone:  # blocked (R-CF-5)
                break
            turn = s + 1 if s + 1 < players else 0
            continue
        if k == 1:
            i = 0
        elif ready is not None and ready[s] > 0.0:
            i = int(rand() * k)
            if rand() < ready[s]:
                fits = [0] * k
                for j in range(k):
                    t, p = opt_tile[j], opt_place[j]
                    n = ends[p]
                    left = h & ~(1 << t)
                    if double_[t]:  # the double's toes
                        fits[j] = left & suit[n]
                        continue
                    u = suit[high_[t] if low_[t] == n else low_[t]]
                    for q in open_lines:
                        if q != p:
                            u |= suit[ends[q]]
                    fits[j] = left & u
                i = marked_option(opt_tile, k, fits, weight)
        elif block is not None and block[s] > 0.0:
            i = int(rand() * k)
            if rand() < block[s]:
                nxt = hands[s + 1 if s + 1 < players else 0]
                hits = 0  # the open lines the next seat holds a tile for
                for q in open_lines:
                    if nxt & suit[ends[q]]:
                        hits += 1
                shut = [0] * k
                for j in range(k):
                    t, p = opt_tile[j], opt_place[j]
                    n = ends[p]
                    if double_[t]:  # the double's toes
                        shut[j] = not nxt & suit[n]
                    elif hits - (1 if nxt & suit[n] else 0) == 0:  # none on the other lines
                        shut[j] = not nxt & suit[high_[t] if low_[t] == n else low_[t]]
                i = marked_option(opt_tile, k, shut, weight)
        elif greedies[s] and rand() < greedies[s]:
            i = heaviest_option(opt_tile, k, rand, weight)
        else:
            i = int(rand() * k)
        t, p = opt_tile[i], opt_place[i]
        n = ends[p]
        ends[p] = high_[t] if low_[t] == n else low_[t]
        if filling:
            filling.pop(0)
        if double_[t]:  # R-CF-3: a foot of three toes
            open_lines.remove(p)
            first = len(ends)
            ends.extend((n, n, n))
            toes = [first, first + 1, first + 2]
            open_lines.extend(toes)
            filling[:] = toes
        h ^= 1 << t
        hands[s] = h
        passes = 0
        drawn = -1
        if trace is not None:
            trace.append(("play", t, p))
        if not h:
            result = s
            break
        turn = s + 1 if s + 1 < players else 0
    pos.drawn, pos.turn, pos.passes = drawn, turn, passes
    return result


def foot_deal(
    rules: Rules, rng: random.Random, round_no: int = 1, first_seat: int | None = None
) -> FootPosition:
    """Round ``round_no``'s deal (R-CF-1), exactly as ``ChickenFootGame`` deals it from ``rng``."""
    n = rules.set - (round_no - 1)
    double = tiles.tile(n, n)
    hands, bone = deal_round(rules, rng, list(range(rules.tile_count)))
    players = rules.players
    turn = ((first_seat or 0) + round_no - 1) % players
    for s, h in enumerate(hands):
        if h >> double & 1:
            turn = s
    return FootPosition.of(rules, hands, bone, double, -1, [], [], [], -1, turn, 0)
