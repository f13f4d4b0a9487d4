"""Mexican Train's trains (R-TR-1…8): :class:`TrainsPosition` and :func:`trains_playout`."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Self

from .. import tiles
from ..actions import Action, Draw, Pass, Play, Stop
from ..rules import Rules
from ..trains import TrainsBoard, open_places
from .base import _BIT, _DOUBLE, _HIGH, _LOW, Rand
from .rounds import Chances, RoundsPosition, deal_round, heaviest_option, marked_option

if TYPE_CHECKING:  # pragma: no cover
    from ..view import SeatView


class TrainsPosition(RoundsPosition):
    """A Mexican Train round in progress (see ``TrainsGame`` for what each field means).

    ``ends``: the number each train takes (seat k's at k, the Mexican train last);
    ``markers``: bit k, seat k's train is open; ``pending``: the train with an
    unsatisfied double or -1; ``firsts``: bit k, seat k's first turn is to come
    or under way; ``run``: tiles laid this turn in a first-turn run (-1 after a
    draw); ``drawn``: the tile the seat to move just drew, or -1; ``passes``: as
    ``TrainsGame.passes`` (a fresh marker restarts the count, R-TR-5).

    The :class:`Position` of ``layout = "trains"``: :meth:`apply` takes the
    engine's actions (``Play(tile, train)``, ``Draw``, ``Pass``, ``Stop``) with
    ``TrainsGame``'s turn (a double's player plays again, R-TR-4; a first-turn
    run goes on, R-TR-8) and :meth:`moves` lists them as ``legal_actions`` does.
    """

    __slots__ = ("markers", "pending", "firsts", "run", "run_rule")

    markers: int
    pending: int
    firsts: int
    run: int
    run_rule: bool

    @classmethod
    def of(
        cls,
        rules: Rules,
        hands: list[int],
        boneyard: list[int],
        ends: list[int],
        markers: int,
        pending: int,
        firsts: int,
        run: int,
        drawn: int,
        turn: int,
        passes: int,
    ) -> Self:
        """A position from its fields (what the layout's deal and ``*_position`` make)."""
        p = cls()
        p._start(rules, hands, boneyard, turn, passes)
        p.ends = ends
        p.markers = markers
        p.pending = pending
        p.firsts = firsts
        p.run = run
        p.drawn = drawn
        p.run_rule = rules.first_turn_run
        return p

    def _read_layout(self, view: SeatView) -> None:
        board = view.board
        if not isinstance(board, TrainsBoard):
            raise ValueError("a Mexican Train position needs a view of its trains")
        trains = board.trains
        self.ends = [t.end for t in trains]
        self.markers = sum(1 << k for k, t in enumerate(trains[:-1]) if t.marker)
        self.pending = -1 if board.pending is None else board.pending
        self.firsts = sum(1 << k for k, f in enumerate(board.first_turns) if f)
        self.run = board.run
        self.drawn = -1 if view.drawn is None else view.drawn
        self.passes = board.passes
        self.players = len(trains) - 1
        self.run_rule = board.first_turn_run
        self.first, self.last = None, -1  # no first- or last-tile bonus in rounds games

    def _empty_layout(self) -> None:
        """Round 1 dealt: every train takes the set's highest number, every first turn to come."""
        players = self.rules.players
        self.ends = [self.rules.set] * (players + 1)
        self.markers = 0
        self.pending = -1
        self.firsts = (1 << players) - 1
        self.run = 0
        self.drawn = -1
        self.players = players
        self.run_rule = self.rules.first_turn_run

    def _copy_layout(self, p: Self) -> None:
        p.ends = list(self.ends)
        p.markers = self.markers
        p.pending = self.pending
        p.firsts = self.firsts
        p.run = self.run
        p.drawn = self.drawn
        p.players = self.players
        p.run_rule = self.run_rule

    # -------------------------------------------------------------- the turn
    @property
    def mexican(self) -> int:
        """The place number of the Mexican train (= players)."""
        return self.players

    def restricted(self, seat: int) -> bool:
        """R-TR-8: ``seat`` is on its first turn with the first-turn run on (own train only)."""
        return self.run_rule and bool(self.firsts >> seat & 1)

    def places(self, seat: int | None = None) -> tuple[int, ...]:
        """The trains ``seat`` (default: the seat to move) may play on now (R-TR-3, 4, 8)."""
        s = self.turn if seat is None else seat
        pending = self.pending if self.pending >= 0 else None
        return open_places(self.players, s, self.markers, pending, self.restricted(s))

    def moves(self) -> list[Action]:
        """The seat to move's legal actions, in ``TrainsGame.legal_actions``' order."""
        s = self.turn
        places = self.places(s)
        if self.drawn >= 0:  # R-TR-3: play the tile drawn if it fits, else pass
            return self.plays(_BIT[self.drawn], places) or [Pass()]
        plays = self.plays(self.hands[s], places)
        if self.run >= 1 and self.pending < 0 and self.restricted(s):
            return [*plays, Stop()]  # R-TR-8: more of the run, or stop
        if plays:
            return plays
        return [Draw()] if self.boneyard else [Pass()]

    def _end_turn(self, seat: int) -> None:
        self.firsts &= ~(1 << seat)
        self.turn = seat + 1 if seat + 1 < self.players else 0
        self.drawn = -1
        self.run = 0

    def apply(self, action: Action) -> None:
        """The seat to move takes ``action`` (legal; not checked), as ``TrainsGame.apply``."""
        s = self.turn
        if isinstance(action, Play):
            t, p = action.tile, action.end
            assert p is not None
            n = self.ends[p]
            self.ends[p] = _HIGH[t] if _LOW[t] == n else _LOW[t]
            h = self.hands[s] & ~_BIT[t]
            self.hands[s] = h
            self.passes = 0
            self.drawn = -1
            if p == s:
                self.markers &= ~(1 << s)  # R-TR-3: the marker comes off
            if self.pending == p:
                self.pending = -1  # R-TR-4: satisfied
            if not h:
                self.over, self.domino = True, s  # R-TR-5
                return
            in_run = self.run >= 0 and p == s and self.restricted(s)
            if in_run:
                self.run += 1
            if _DOUBLE[t]:
                self.pending = p  # R-TR-4: the same player plays again
                return
            if not in_run:
                self._end_turn(s)
        elif isinstance(action, Draw):
            self.run = -1
            t = self.boneyard.pop()
            self.hands[s] |= _BIT[t]
            self.drawn = t
            self.passes = 0
        elif isinstance(action, Pass):
            restricted = self.restricted(s)
            fresh = not self.markers >> s & 1
            self.markers |= 1 << s
            if restricted:
                self.passes = 0
            elif fresh:
                self.passes = 1
            else:
                self.passes += 1
            if self.passes >= self.players and not self.boneyard:
                self.over, self.domino = True, None  # R-TR-5: blocked
            else:
                self._end_turn(s)
        elif isinstance(action, Stop):
            self._end_turn(s)
        else:  # pragma: no cover - NextHand, Resign, TimeOut are not moves of a round
            raise ValueError(f"{action!r} is not a move within a round")

    def layout_key(self) -> tuple:
        return (tuple(self.ends), self.markers, self.pending, self.firsts, self.run, self.drawn)

    def _play_out(
        self, rand: Rand, trace: list | None, greedy: list[float], ready: Chances, block: Chances
    ) -> int | None:
        return trains_playout(self, rand, trace, greedy, ready, block)

    @classmethod
    def deal(
        cls, rules: Rules, rng: random.Random, round_no: int = 1, first_seat: int | None = None
    ) -> TrainsPosition:
        """Round ``round_no``'s deal (:func:`trains_deal`)."""
        return trains_deal(rules, rng, round_no, first_seat)


def trains_position(game) -> TrainsPosition:
    """The fast position of a Mexican Train ``game`` (a ``TrainsGame`` in play)."""
    if game.rules.layout != "trains" or game.phase != "play":
        raise ValueError("trains_position needs a Mexican Train round in play")
    return TrainsPosition.of(
        game.rules,
        list(game.hands),
        list(game.boneyard),
        list(game.train_ends),
        game.markers,
        -1 if game.pending is None else game.pending,
        game.first_turns,
        game.run,
        -1 if game.drawn is None else game.drawn,
        game.turn,
        game.passes,
    )


_N: Final = tiles.MAX_PIP + 1
"""The numbers 0…12: in a playout a seat's hand is one small int a number (:func:`hand_rows`)."""
_PAIR: Final = [tiles.tile(n, j) for n in range(_N) for j in range(_N)]
"""``_PAIR[n * _N + j]``: the tile showing ``n`` and ``j``."""
_FIRST: Final = [tiles.tile(0, n) for n in range(_N)]
"""``_FIRST[n]``: the lowest tile whose high number is ``n`` (0-n; the tiles j-n, j <= n, follow)."""
_CUT: Final = tiles.set_count(9)
"""A double-12 hand's mask is cut here into two small ints: the tiles up to 9-9, and the rest."""


def hand_rows(hand: int, rows: list[int], base: int) -> int:
    """Put the hand ``hand`` (a mask) in ``rows[base + n]``, n = 0…12: bit ``j`` set for each
    tile n-j held (a double once, in its one row). Returns how many tiles it holds.

    A row is a small int however large the set: a playout of the double-12 set (masks of
    up to 91 bits, slow big ints) reads and changes only rows, and :func:`rows_hand` makes
    the mask again at the end."""
    count = 0
    for first, part in ((0, hand & ((1 << _CUT) - 1)), (_CUT, hand >> _CUT)):
        while part:
            b = part & -part
            t = first + b.bit_length() - 1
            part ^= b
            lo, hi = _LOW[t], _HIGH[t]
            # x[i] = x[i] | y: mypyc makes x[i] |= y a generic (slow) call
            rows[base + lo] = rows[base + lo] | 1 << hi
            rows[base + hi] = rows[base + hi] | 1 << lo
            count += 1
    return count


def rows_hand(rows: list[int], base: int) -> int:
    """The mask of the hand in ``rows[base + n]`` (:func:`hand_rows`): the row of each high
    number ``n`` holds its tiles j-n (j <= n) in its bits 0…n, which are the mask's bits
    ``_FIRST[n]``…``_FIRST[n] + n``."""
    below = above = 0  # the mask's bits under _CUT and from _CUT on
    for n in range(_N):
        held = rows[base + n] & ((2 << n) - 1)
        if _FIRST[n] < _CUT:
            below |= held << _FIRST[n]
        else:
            above |= held << (_FIRST[n] - _CUT)
    return below | above << _CUT if above else below


def free_trains(markers: int, seat: int, mexican: int) -> int:
    """The trains open to ``seat`` when no double waits and no first-turn run is under way,
    as bits (R-TR-3): its own, those with a marker (``markers``), the Mexican train."""
    return markers | 1 << seat | mexican


def leaves_play(rows: list[int], base: int, ends: list[int], own: int, t: int, p: int) -> int:
    """After tile ``t`` goes on train ``p``, whether the hand in ``rows[base + n]``
    (:func:`hand_rows`) still holds a tile for one of the trains ``own`` (bits: its own, the
    Mexican train, those with a marker) or, when ``t`` is a double, for the double (nonzero
    if so)."""
    n = ends[p]
    lo, hi = _LOW[t], _HIGH[t]
    if _DOUBLE[t]:
        return rows[base + n] & ~(1 << n)
    m = hi if lo == n else lo
    while own:
        b = own & -own
        own ^= b
        q = b.bit_length() - 1
        e = m if q == p else ends[q]
        r = rows[base + e]
        if e == lo:
            r &= ~(1 << hi)
        elif e == hi:
            r &= ~(1 << lo)
        if r:
            return 1
    return 0


def shuts_out(rows: list[int], base: int, ends: list[int], free: int, t: int, p: int) -> int:
    """After tile ``t`` goes on train ``p``, whether the hand in ``rows[base + n]`` (the next
    seat's) holds no tile for the trains ``free`` (bits) or, when ``t`` is a double, for the
    double (1 if so)."""
    n = ends[p]
    if _DOUBLE[t]:
        return 0 if rows[base + n] else 1
    m = _HIGH[t] if _LOW[t] == n else _LOW[t]
    while free:
        b = free & -free
        free ^= b
        q = b.bit_length() - 1
        if rows[base + (m if q == p else ends[q])]:
            return 0
    return 1


def trains_playout(
    pos: TrainsPosition,
    rand: Callable[[], float],
    trace: list | None = None,
    greedy: float | list[float] = 0.0,
    ready: Chances = None,
    block: Chances = None,
) -> int | None:
    """Play a Mexican Train round out from ``pos`` (changed in place): R-TR-2…5, R-TR-8.

    Returns the seat that played its last tile, or None if the round was blocked.
    ``greedy``: the chance a seat plays its heaviest tile (else a random one), or one a seat.
    ``ready``: where ``ready[s]`` > 0, in place of its ``greedy``, the chance seat s plays
    the heaviest tile after which it holds one that fits its own train, the Mexican train, a
    train with a marker or, after a double, the double (:func:`leaves_play`; else a random one).
    ``block``: the same, the heaviest tile after which the next seat holds none for its own
    train, the Mexican train or a train with a marker, or for the double (:func:`shuts_out`;
    where ``block[s]`` > 0 and ``ready[s]`` is not).

    Everything in the loop is a small int, whatever the set: the hands are played as rows
    (:func:`hand_rows`), so the tiles a seat may lay on a train showing ``n`` are the bits
    of its row ``n``, lowest tile first, and ``pos.hands`` is written back at the end (the
    scoring reads it); the trains open to a seat are bits too.
    """
    bone, ends = pos.boneyard, pos.ends
    players = pos.players
    markers, pending, firsts = pos.markers, pos.pending, pos.firsts
    run, drawn, turn, passes = pos.run, pos.drawn, pos.turn, pos.passes
    run_rule = pos.run_rule
    low_, high_, double_, pair = _LOW, _HIGH, _DOUBLE, _PAIR
    result: int | None = None
    greedies = greedy if isinstance(greedy, list) else [greedy] * players
    weight = pos.weights()  # the 0-0 as heavy as it counts
    rows = [0] * (players * _N)  # seat s's row n at rows[s * _N + n]
    left = [hand_rows(pos.hands[s], rows, s * _N) for s in range(players)]  # tiles in hand
    mexican = 1 << players
    # The options of a turn, (opt_tile[i], opt_place[i]) for i < k: the places in order,
    # the lowest tile first on each (at most 13 tiles show a number, on players + 1 trains).
    opt_tile = [0] * (_N * (players + 1))
    opt_place = [0] * (_N * (players + 1))
    opt_fits = [0] * (_N * (players + 1))
    while True:
        s = turn
        base = s * _N
        restricted = run_rule and firsts >> s & 1 == 1
        # The trains open_places lists, as bits (seat k's train bit k, the Mexican train
        # last): the double to satisfy alone, a first-turn run's own train alone (R-TR-4,
        # R-TR-8), else the seat's own train, the ones with a marker and the Mexican train.
        free = free_trains(markers, s, mexican)
        if pending >= 0:
            open_ = 1 << pending
        elif restricted:
            open_ = 1 << s
        else:
            open_ = free
        k = 0
        while open_:
            b = open_ & -open_
            p = b.bit_length() - 1
            open_ ^= b
            n = ends[p]
            if drawn >= 0:  # the tile just drawn, where it fits (R-TR-3)
                if low_[drawn] == n or high_[drawn] == n:
                    opt_tile[k] = drawn
                    opt_place[k] = p
                    k += 1
                continue
            f = rows[base + n]
            while f:
                b = f & -f
                opt_tile[k] = pair[n * _N + b.bit_length() - 1]
                opt_place[k] = p
                k += 1
                f ^= b
        if not k:
            if run >= 1 and pending < 0 and restricted and drawn < 0:  # the run stops
                if trace is not None:
                    trace.append(("stop",))
            elif drawn < 0 and bone:  # draw one tile (R-TR-3)
                t = bone.pop()
                lo, hi = low_[t], high_[t]
                # x[i] = x[i] | y: mypyc makes x[i] |= y a generic (slow) call
                rows[base + lo] = rows[base + lo] | 1 << hi
                rows[base + hi] = rows[base + hi] | 1 << lo
                left[s] = left[s] + 1
                drawn = t
                passes = 0
                run = -1
                if trace is not None:
                    trace.append(("draw",))
                continue
            else:  # pass: the marker goes on the player's own train
                if trace is not None:
                    trace.append(("pass",))
                fresh = not markers >> s & 1
                markers |= 1 << s
                if restricted:
                    passes = 0
                elif fresh:
                    passes = 1
                else:
                    passes += 1
                if passes >= players and not bone:  # blocked (R-TR-5)
                    break
            firsts &= ~(1 << s)
            turn = s + 1 if s + 1 < players else 0
            drawn = -1
            run = 0
            continue
        if k == 1:
            i = 0
        elif ready is not None and ready[s] > 0.0:
            i = int(rand() * k)
            if rand() < ready[s]:
                for j in range(k):
                    opt_fits[j] = leaves_play(rows, base, ends, free, opt_tile[j], opt_place[j])
                i = marked_option(opt_tile, k, opt_fits, weight)
        elif block is not None and block[s] > 0.0:
            i = int(rand() * k)
            if rand() < block[s]:
                ns = s + 1 if s + 1 < players else 0
                for j in range(k):
                    t, p = opt_tile[j], opt_place[j]
                    mk = markers & ~(1 << s) if p == s else markers  # its own train shut
                    opt_fits[j] = shuts_out(rows, ns * _N, ends, free_trains(mk, ns, mexican), t, p)
                i = marked_option(opt_tile, k, opt_fits, weight)
        elif greedies[s] and rand() < greedies[s]:
            i = heaviest_option(opt_tile, k, rand, weight)
        else:
            i = int(rand() * k)
        t, p = opt_tile[i], opt_place[i]
        n = ends[p]
        lo, hi = low_[t], high_[t]
        ends[p] = hi if lo == n else lo
        # x[i] = x[i] & y: mypyc makes x[i] &= y a generic (slow) call
        rows[base + lo] = rows[base + lo] & ~(1 << hi)
        rows[base + hi] = rows[base + hi] & ~(1 << lo)
        left[s] = left[s] - 1
        passes = 0
        drawn = -1
        if p == s:
            markers &= ~(1 << s)
        if pending == p:
            pending = -1
        if trace is not None:
            trace.append(("play", t, p))
        if not left[s]:
            result = s
            break
        in_run = run >= 0 and p == s and restricted
        if in_run:
            run += 1
        if double_[t]:
            pending = p  # the same player plays again, on the double (R-TR-4)
            continue
        if in_run:
            continue
        firsts &= ~(1 << s)
        turn = s + 1 if s + 1 < players else 0
        run = 0
    for s in range(players):
        pos.hands[s] = rows_hand(rows, s * _N)
    pos.markers, pos.pending, pos.firsts = markers, pending, firsts
    pos.run, pos.drawn, pos.turn, pos.passes = run, drawn, turn, passes
    return result


def trains_deal(
    rules: Rules, rng: random.Random, round_no: int = 1, first_seat: int | None = None
) -> TrainsPosition:
    """Round ``round_no``'s deal (R-TR-1), exactly as ``TrainsGame`` deals it from ``rng``."""
    n = rules.set - (round_no - 1)
    engine = tiles.tile(n, n)
    pool = [t for t in range(rules.tile_count) if t != engine]
    hands, bone = deal_round(rules, rng, pool)
    players = rules.players
    return TrainsPosition.of(
        rules,
        hands,
        bone,
        [n] * (players + 1),
        0,
        -1,
        (1 << players) - 1,
        0,
        -1,
        ((first_seat or 0) + round_no - 1) % players,
        0,
    )
